//! The Chinese record formats: DhtmlXQ round trips (random trees with
//! variations, comments, headers and set-up starts), hand-written CBF,
//! DhtmlXQ and move-list samples read as their format says, CBR and CBL
//! records built by a small writer here, detection, encodings, and garbage
//! and truncation at every offset (an error, never a panic).
//!
//! Real CCBridge files are checked against cchess by
//! `tests/records/compare_cchess_cb.py` (they are not committed).

use xiangqi::detect::{RecordFormat, detect};
use xiangqi::tree::{GameTree, NodeId};
use xiangqi::{Color, Move, Position, Rng, Role};

/// Every line of `tree` (the moves from the root to each leaf), in ICCS.
fn lines(tree: &GameTree) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![(tree.root(), String::new())];
    while let Some((node, text)) = stack.pop() {
        let children = tree.children(node);
        if children.is_empty() {
            out.push(text.trim().to_string());
        }
        for &c in children.iter().rev() {
            stack.push((c, format!("{text} {}", tree.move_at(c).unwrap())));
        }
    }
    out
}

/// A random tree from `start`: a main line with variations, comments on
/// some nodes (with line breaks, brackets and bars) and headers.
fn random_tree(start: Position, seed: u64) -> GameTree {
    let mut rng = Rng::new(seed);
    let mut tree = GameTree::new(start);
    tree.set_header("Event", "测试 [杯]");
    tree.set_header("Red", "甲 | 乙");
    tree.set_header("Annotator", "a\\u0041b");
    tree.set_header("Result", ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)]);
    if rng.below(2) == 0 {
        tree.set_comment(tree.root(), "开局\n第二行").unwrap();
    }
    let mut frontier = vec![tree.root()];
    let mut added = 0;
    while let Some(node) = frontier.pop() {
        if added > 120 {
            break;
        }
        let pos = tree.position(node).unwrap();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            continue;
        }
        let branches = if rng.below(6) == 0 {
            2 + rng.below(2)
        } else {
            1
        };
        let mut used: Vec<Move> = Vec::new();
        for _ in 0..branches {
            let m = moves[rng.below(moves.len())];
            if used.contains(&m) {
                continue;
            }
            used.push(m);
            let child = tree.add_variation(node, m).unwrap();
            added += 1;
            if rng.below(4) == 0 {
                let text = ["好棋", "a [b] c", "x || y", "line\none", "\\u4e2d"][rng.below(5)];
                tree.set_comment(child, text).unwrap();
            }
            if !tree.position(child).unwrap().legal_moves().is_empty() && rng.below(12) != 0 {
                frontier.push(child);
            }
        }
    }
    tree
}

const STARTS: [&str; 4] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "3k5/4a4/4ba3/9/2b6/9/9/4B4/4A4/3AK4 w - - 0 30",
    "2bak4/4a4/9/p3c4/9/2P6/9/4B4/9/3K5 b - - 3 41",
];

#[test]
fn dhtmlxq_round_trips_keep_lines_comments_headers_and_start() {
    let (mut branches, mut comments, mut fens) = (0, 0, 0);
    for (i, fen) in STARTS.iter().enumerate() {
        for seed in 0..12 {
            let start: Position = fen.parse().unwrap();
            let tree = random_tree(start, seed * 31 + i as u64);
            let text = xiangqi::dhtmlxq::write(&tree);
            branches += text.matches("[DhtmlXQ_move_").count();
            comments += text.matches("[DhtmlXQ_comment").count();
            fens += text.matches("[DhtmlXQ_fen]").count();
            let back = xiangqi::dhtmlxq::read_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(lines(&back), lines(&tree), "{text}");
            assert_eq!(back.headers(), tree.headers(), "{text}");
            assert_eq!(back.start(), tree.start(), "{text}");
            assert_eq!(back, tree, "{text}");
            // The same through GBK bytes.
            let gbk = encoding_rs::GB18030.encode(&text).0;
            assert_eq!(xiangqi::dhtmlxq::read(&gbk).unwrap(), tree);
            assert_eq!(detect(&gbk), Some(RecordFormat::DhtmlXq));
        }
    }
    // The trees had branches of branches, comments and set-up starts.
    assert!(
        branches > 100 && comments > 100 && fens == 36,
        "{branches} {comments} {fens}"
    );
}

/// A DhtmlXQ record written by hand from the format's description: the
/// standard start in the other `binit` order, a main line, a branch at
/// Black's first move, a branch of that branch, comments on each.
const DHTMLXQ_SAMPLE: &str = "<html><body><!--
[DhtmlXQ]
[DhtmlXQ_title]手写样例[/DhtmlXQ_title]
[DhtmlXQ_red]红方[/DhtmlXQ_red]
[DhtmlXQ_result]和棋[/DhtmlXQ_result]
[DhtmlXQ_owner]someone[/DhtmlXQ_owner]
[DhtmlXQ_binit]0919293949596979891777062646668600102030405060708012720323436383[/DhtmlXQ_binit]
[DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]
[DhtmlXQ_move_0_2_1]10227967[/DhtmlXQ_move_0_2_1]
[DhtmlXQ_move_1_3_2]2625[/DhtmlXQ_move_1_3_2]
[DhtmlXQ_comment0]开局||第二行[/DhtmlXQ_comment0]
[DhtmlXQ_comment3]主线第三着[/DhtmlXQ_comment3]
[DhtmlXQ_comment1_2]变着\\u4e00[/DhtmlXQ_comment1_2]
[DhtmlXQ_comment2_3]嵌套[/DhtmlXQ_comment2_3]
[/DhtmlXQ]
--></body></html>";

#[test]
fn dhtmlxq_sample_reads_as_written() {
    let tree = xiangqi::dhtmlxq::read_str(DHTMLXQ_SAMPLE).unwrap();
    assert_eq!(tree.start(), &Position::new());
    let mut l = lines(&tree);
    l.sort();
    assert_eq!(l, ["h2e2 b9c7 c3c4", "h2e2 b9c7 h0g2", "h2e2 h9g7 h0g2"]);
    assert_eq!(
        tree.headers(),
        [
            ("Title".to_string(), "手写样例".to_string()),
            ("Red".to_string(), "红方".to_string()),
            ("Result".to_string(), "1/2-1/2".to_string()),
            ("owner".to_string(), "someone".to_string()),
        ]
    );
    let root = tree.root();
    assert_eq!(tree.comment(root), "开局\n第二行");
    let h2e2 = tree.children(root)[0];
    let [h9g7, b9c7] = tree.children(h2e2) else {
        panic!()
    };
    assert_eq!(tree.comment(*b9c7), "变着一");
    assert_eq!(tree.comment(tree.children(*h9g7)[0]), "主线第三着");
    let c3c4 = tree.children(*b9c7)[1];
    assert_eq!(tree.move_at(c3c4).unwrap().to_string(), "c3c4");
    assert_eq!(tree.comment(c3c4), "嵌套");
    assert_eq!(
        detect(DHTMLXQ_SAMPLE.as_bytes()),
        Some(RecordFormat::DhtmlXq)
    );
    // Written and read again: the same tree.
    let again = xiangqi::dhtmlxq::read_str(&xiangqi::dhtmlxq::write(&tree)).unwrap();
    assert_eq!(again, tree);
}

#[test]
fn dhtmlxq_errors_name_tag_and_line() {
    use xiangqi::dhtmlxq::{DhtmlXqError, read_str};
    let err = read_str("x\n[DhtmlXQ_movelist]7747707[/DhtmlXQ_movelist]").unwrap_err();
    assert!(
        matches!(err, DhtmlXqError::BadMoves { line: 2, .. }),
        "{err}"
    );
    let err = read_str("[DhtmlXQ_movelist]77477747[/DhtmlXQ_movelist]").unwrap_err();
    assert!(
        matches!(&err, DhtmlXqError::IllegalMove { ply: 2, iccs, .. } if iccs == "h2e2"),
        "{err}"
    );
    let err = read_str(
        "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[DhtmlXQ_move_3_1_1]7062[/DhtmlXQ_move_3_1_1]",
    )
    .unwrap_err();
    assert!(
        matches!(err, DhtmlXqError::BadBranch { line: 2, .. }),
        "{err}"
    );
    let err = read_str("[DhtmlXQ_binit]12[/DhtmlXQ_binit]").unwrap_err();
    assert!(
        matches!(err, DhtmlXqError::BadStart { line: 1, .. }),
        "{err}"
    );
    assert_eq!(read_str("no tags"), Err(DhtmlXqError::NoTags));
}

/// A CBF record written by hand (as CCBridge writes them): a set-up start
/// with Black to move, comments, a result.
const CBF_SAMPLE: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<ChineseChessRecord Version="1.0">
 <Head>
  <Name>残局</Name>
  <Contest>手写</Contest>
  <Red>甲</Red>
  <Black />
  <RecordResult>2</RecordResult>
  <FEN>5k3/9/9/9/9/9/9/9/4r4/3K5 b - - 0 1</FEN>
 </Head>
 <MoveList>
  <Move value="00-00"><![CDATA[黑先]]></Move>
  <Move value="48-38" />
  <Move value="39-49"><![CDATA[被迫]]></Move>
  <Move value="38-39" end="1" />
 </MoveList>
</ChineseChessRecord>"#;

#[test]
fn cbf_sample_reads_as_written() {
    let tree = xiangqi::cbf::read_str(CBF_SAMPLE).unwrap();
    assert_eq!(tree.start().turn(), Color::Black);
    assert_eq!(lines(&tree), ["e1d1 d0e0 d1d0"]);
    assert_eq!(tree.header("Title"), Some("残局"));
    assert_eq!(tree.header("Event"), Some("手写"));
    assert_eq!(tree.header("Red"), Some("甲"));
    assert_eq!(tree.header("Black"), None);
    assert_eq!(tree.header("Result"), Some("0-1"));
    assert_eq!(tree.comment(tree.root()), "黑先");
    // As GBK with a declaration, and as UTF-16LE with a mark.
    let gbk_text = CBF_SAMPLE.replace("UTF-8", "GB2312");
    let gbk = encoding_rs::GB18030.encode(&gbk_text).0;
    assert_eq!(xiangqi::cbf::read(&gbk).unwrap(), tree);
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(
        gbk_text
            .replace("GB2312", "UTF-16")
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    assert_eq!(xiangqi::cbf::read(&utf16).unwrap(), tree);
    assert_eq!(detect(&utf16), Some(RecordFormat::Cbf));
    let bad = CBF_SAMPLE.replace("39-49", "39-59");
    let err = xiangqi::cbf::read_str(&bad).unwrap_err();
    assert!(
        matches!(err, xiangqi::cbf::CbfError::IllegalMove { line: 14, .. }),
        "{err}"
    );
}

#[test]
fn move_lists_in_their_encodings() {
    let text = "第一局 中炮对屏风马\n1．炮二平五　马８进７\n2、马二进三 (好) 车９平８\n3. 车一平二 马２进３ 和棋";
    let tree = xiangqi::movelist::read_str(text).unwrap();
    assert_eq!(lines(&tree), ["h2e2 h9g7 h0g2 i9h9 i0h0 b9c7"]);
    assert_eq!(tree.header("Result"), Some("1/2-1/2"));
    let gbk = encoding_rs::GB18030.encode(text).0;
    assert_eq!(xiangqi::movelist::read(&gbk).unwrap(), tree);
    assert_eq!(detect(&gbk), Some(RecordFormat::MoveList));
    let big5_text = "<meta charset=big5>\n1. 炮二平五 馬８進７";
    let big5 = encoding_rs::BIG5.encode(big5_text).0;
    assert_eq!(
        lines(&xiangqi::movelist::read(&big5).unwrap()),
        ["h2e2 h9g7"]
    );
    // As 东萍 pastes a game: `key: value` lines, the list, a closing line.
    let dpxq = "标题: 甲 负 乙\n结果: 黑方胜\n \n  1.炮二平五      马８进７  \n  2.马二进三\n \n棋谱由 http://www.example.com/ 生成\n";
    let tree = xiangqi::movelist::read_str(dpxq).unwrap();
    assert_eq!(lines(&tree), ["h2e2 h9g7 h0g2"]);
    assert_eq!(tree.header("Title"), Some("甲 负 乙"));
    assert_eq!(tree.header("Result"), Some("0-1"));
    // Words that are no move, with moves after them: an error.
    let err = xiangqi::movelist::read_str("1. 炮二平五 马８进７ 棋谱 2. 马二进三").unwrap_err();
    assert!(
        matches!(err, xiangqi::movelist::PlainError::BadMove { ply: 3, .. }),
        "{err}"
    );
    let err =
        xiangqi::movelist::read_str("1. 炮二平五 马８进７\n2. 车九进五 车９进二").unwrap_err();
    assert!(
        matches!(
            err,
            xiangqi::movelist::PlainError::BadMove {
                line: 2,
                column: 4,
                ply: 3,
                ..
            }
        ),
        "{err}"
    );
}

/// CCBridge piece codes by role.
fn code(role: Role) -> u8 {
    match role {
        Role::Chariot => 1,
        Role::Horse => 2,
        Role::Elephant => 3,
        Role::Advisor => 4,
        Role::General => 5,
        Role::Cannon => 6,
        Role::Soldier => 7,
    }
}

fn utf16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

/// A CBR record of `tree`, written from the layout in `xiangqi::cbr`'s
/// documentation (the pre-order of the tree, flags 1 / 2 / 4).
fn cbr_bytes(tree: &GameTree) -> Vec<u8> {
    let mut b = vec![0u8; 2214];
    b[..16].copy_from_slice(b"CCBridge Record\0");
    let title = utf16(tree.header("Title").unwrap_or(""));
    b[180..180 + title.len().min(126)].copy_from_slice(&title[..title.len().min(126)]);
    b[2076] = match tree.header("Result") {
        Some("1-0") => 1,
        Some("0-1") => 2,
        Some("1/2-1/2") => 3,
        _ => 0,
    };
    b[2112] = if tree.start().turn() == Color::Red {
        1
    } else {
        2
    };
    for (sq, piece) in tree.start().board().pieces() {
        let i = (9 - sq.rank().index()) * 9 + sq.file().index();
        let side = if piece.color == Color::Red {
            0x10
        } else {
            0x20
        };
        b[2120 + i] = side | code(piece.role);
    }
    let comment = |b: &mut Vec<u8>, text: &str| {
        let t = utf16(text);
        b.extend_from_slice(&(t.len() as u32).to_le_bytes());
        b.extend_from_slice(&t);
    };
    let root = tree.root();
    let first = tree.children(root).first().copied();
    let root_mark =
        if first.is_none() { 1u32 } else { 0 } | if tree.comment(root).is_empty() { 0 } else { 4 };
    b.extend_from_slice(&root_mark.to_le_bytes());
    if root_mark & 4 != 0 {
        comment(&mut b, tree.comment(root));
    }
    // Pre-order: a node, its continuation, then its next sibling.
    let mut stack: Vec<NodeId> = first.into_iter().collect();
    while let Some(node) = stack.pop() {
        let parent = tree.parent(node).unwrap();
        let siblings = tree.children(parent);
        let at = siblings.iter().position(|&s| s == node).unwrap();
        let next_sibling = siblings.get(at + 1).copied();
        let children = tree.children(node);
        let mut flags = 0u8;
        if children.is_empty() {
            flags |= 1;
        }
        if next_sibling.is_some() {
            flags |= 2;
        }
        if !tree.comment(node).is_empty() {
            flags |= 4;
        }
        let m = tree.move_at(node).unwrap();
        let sq = |s: xiangqi::Square| ((9 - s.rank().index()) * 9 + s.file().index()) as u8;
        b.extend_from_slice(&[flags, 0, sq(m.from()), sq(m.to())]);
        if flags & 4 != 0 {
            comment(&mut b, tree.comment(node));
        }
        stack.extend(next_sibling);
        stack.extend(children.first().copied());
    }
    b
}

#[test]
fn cbr_records_read_every_line_and_comment() {
    for (i, fen) in STARTS.iter().enumerate() {
        for seed in 0..6 {
            let mut tree = random_tree(fen.parse().unwrap(), seed + 100 * i as u64);
            tree.set_header("Title", "标题");
            let bytes = cbr_bytes(&tree);
            assert_eq!(detect(&bytes), Some(RecordFormat::Cbr));
            let back = xiangqi::cbr::read(&bytes).unwrap();
            assert_eq!(lines(&back), lines(&tree));
            assert_eq!(back.start().board(), tree.start().board());
            assert_eq!(back.header("Title"), Some("标题"));
            assert_eq!(back.header("Result"), tree.header("Result"));
            let mut a = vec![back.root()];
            let mut b = vec![tree.root()];
            while let (Some(x), Some(y)) = (a.pop(), b.pop()) {
                assert_eq!(back.comment(x), tree.comment(y));
                a.extend_from_slice(back.children(x));
                b.extend_from_slice(tree.children(y));
            }
        }
    }
}

/// A CBL library of `records`: the header, a table of 128 entries, the
/// records in 4096-byte blocks (a longer one spans several).
fn cbl_bytes(name: &str, records: &[Vec<u8>]) -> Vec<u8> {
    let mut b = vec![0u8; 66624 + 128 * 276];
    b[..16].copy_from_slice(b"CCBridgeLibrary\0");
    b[60..64].copy_from_slice(&128u32.to_le_bytes());
    let n = utf16(name);
    b[64..64 + n.len()].copy_from_slice(&n);
    for r in records {
        let mut block = r.clone();
        block.resize(r.len().div_ceil(4096) * 4096, 0);
        b.extend_from_slice(&block);
    }
    b
}

#[test]
fn a_bad_game_of_a_library_is_a_warning() {
    let good = random_tree(Position::new(), 7);
    let mut bad_tree = GameTree::new(Position::new());
    bad_tree
        .add_variation(bad_tree.root(), "h2e2".parse().unwrap())
        .unwrap();
    let mut bad = cbr_bytes(&bad_tree);
    let n = bad.len();
    bad[n - 2..].copy_from_slice(&[81, 80]); // a0 to i1: no piece moves so
    let lib = cbl_bytes("库", &[cbr_bytes(&good), bad, cbr_bytes(&good)]);
    assert_eq!(detect(&lib), Some(RecordFormat::Cbl));
    let read = xiangqi::cbr::read_library(&lib).unwrap();
    assert_eq!(read.name, "库");
    assert_eq!(read.games.len(), 2);
    assert_eq!(read.games[0].index, 0);
    assert_eq!(read.games[1].index, 2);
    assert_eq!(lines(&read.games[1].tree), lines(&good));
    assert_eq!(read.warnings.len(), 1);
    let w = &read.warnings[0];
    assert_eq!(w.index, 1);
    assert!(
        matches!(w.error, xiangqi::cbr::CbrError::IllegalMove { .. }),
        "{w}"
    );
    assert!(w.to_string().starts_with("CBL game 1 at offset"), "{w}");
}

/// Every prefix of `bytes` and a few corruptions of it: `read` returns
/// (an error, or a tree) and never panics; a prefix that reads is the whole
/// record or a record cut before its first move.
fn truncations<T: PartialEq + std::fmt::Debug, E>(
    bytes: &[u8],
    read: impl Fn(&[u8]) -> Result<T, E>,
) {
    let full = read(bytes).ok();
    for cut in 0..bytes.len() {
        let _ = read(&bytes[..cut]);
    }
    let mut rng = Rng::new(bytes.len() as u64);
    let mut copy = bytes.to_vec();
    for _ in 0..300 {
        let i = rng.below(copy.len());
        copy[i] = rng.next_u64() as u8;
        let _ = read(&copy);
    }
    assert!(full.is_some());
}

#[test]
fn truncated_and_corrupted_records_never_panic() {
    let tree = random_tree(STARTS[3].parse().unwrap(), 5);
    let cbr = cbr_bytes(&tree);
    truncations(&cbr, xiangqi::cbr::read);
    // A cut record reads only if the cut falls after its last move or
    // before its first.
    for cut in 2214..cbr.len() {
        if let Ok(t) = xiangqi::cbr::read(&cbr[..cut]) {
            assert_eq!(t.node_count(), 1, "cut at {cut}");
        }
    }
    let lib = cbl_bytes("x", &[cbr.clone(), cbr.clone()]);
    let _ = xiangqi::cbr::read_library(&lib[..lib.len() - 5000]);
    truncations(&lib[66000..], |b| {
        let mut whole = lib[..66000].to_vec();
        whole.extend_from_slice(b);
        xiangqi::cbr::read_library(&whole)
    });
    let dhtml = xiangqi::dhtmlxq::write(&tree);
    truncations(dhtml.as_bytes(), xiangqi::dhtmlxq::read);
    truncations(CBF_SAMPLE.as_bytes(), xiangqi::cbf::read);
    truncations(
        "1. 炮二平五 马８进７ 2. 马二进三".as_bytes(),
        xiangqi::movelist::read,
    );
    for bytes in [
        &b""[..],
        b"\xff\xfe",
        b"[DhtmlXQ_",
        b"CCBridge Record\0",
        b"<ChineseChessRecord>",
    ] {
        let _ = detect(bytes);
        let _ = xiangqi::cbr::read(bytes);
        let _ = xiangqi::cbr::read_library(bytes);
        let _ = xiangqi::cbf::read(bytes);
        let _ = xiangqi::dhtmlxq::read(bytes);
        let _ = xiangqi::movelist::read(bytes);
    }
}

/// A CBF record of `tree`'s main line (the layout of `xiangqi::cbf`).
fn cbf_text(tree: &GameTree) -> String {
    let mut s = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n <Head>\n  <Name>{}</Name>\n  <FEN>{}</FEN>\n </Head>\n <MoveList>\n  <Move value=\"00-00\"><![CDATA[{}]]></Move>\n",
        tree.header("Event").unwrap_or(""),
        tree.start(),
        tree.comment(tree.root()),
    );
    let mut node = tree.root();
    while let Some(&next) = tree.children(node).first() {
        let m = tree.move_at(next).unwrap();
        let xy = |sq: xiangqi::Square| format!("{}{}", sq.file().index(), 9 - sq.rank().index());
        s += &format!("  <Move value=\"{}-{}\" />\n", xy(m.from()), xy(m.to()));
        node = next;
    }
    s + " </MoveList>\n</ChineseChessRecord>\n"
}

/// The main line of `tree` as a numbered list in Chinese notation.
fn move_list_text(tree: &GameTree) -> String {
    use xiangqi::notation::{ChineseScript, format_chinese};
    let mut s = String::new();
    let mut node = tree.root();
    let mut pos = tree.start().clone();
    let mut ply = 0;
    while let Some(&next) = tree.children(node).first() {
        let m = tree.move_at(next).unwrap();
        if ply % 2 == 0 {
            s += &format!("{}. ", ply / 2 + 1);
        }
        s += &format_chinese(&pos, m, ChineseScript::Simplified).unwrap();
        s.push(' ');
        pos.play(m).unwrap();
        node = next;
        ply += 1;
    }
    s
}

#[test]
fn test_writers_give_what_the_readers_read() {
    let tree = random_tree(Position::new(), 3);
    let main: Vec<String> = lines(&tree)[..1].to_vec();
    let cbf = xiangqi::cbf::read_str(&cbf_text(&tree)).unwrap();
    assert_eq!(lines(&cbf), main);
    let list = xiangqi::movelist::read_str(&move_list_text(&tree)).unwrap();
    assert_eq!(lines(&list), main);
}

/// Writes the seed inputs of the `cbr`, `cbf`, `dhtmlxq` and `movelist`
/// corpora (`fuzz/corpus/`): records of random trees written by the test
/// writers above, and a cut and a corrupted copy of each. Run with `cargo
/// test -p xiangqi-suite --test suite write_records_seeds -- --ignored`.
#[test]
#[ignore]
fn write_records_seeds() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let mut rng = Rng::new(2026);
    for (target, make) in [
        (
            "cbr",
            (|t: &GameTree| cbr_bytes(t)) as fn(&GameTree) -> Vec<u8>,
        ),
        ("cbf", |t| cbf_text(t).into_bytes()),
        ("dhtmlxq", |t| xiangqi::dhtmlxq::write(t).into_bytes()),
        ("movelist", |t| move_list_text(t).into_bytes()),
    ] {
        let dir = root.join(target);
        std::fs::create_dir_all(&dir).unwrap();
        for i in 0..8u64 {
            let mut tree = random_tree(STARTS[i as usize % 4].parse().unwrap(), 1000 + i);
            tree.set_header("Title", "种子");
            let bytes = make(&tree);
            let cut = bytes[..rng.below(bytes.len())].to_vec();
            let mut bad = bytes.clone();
            for _ in 0..4 {
                let at = rng.below(bad.len());
                bad[at] = rng.next_u64() as u8;
            }
            for (kind, b) in [("whole", bytes), ("cut", cut), ("corrupt", bad)] {
                std::fs::write(dir.join(format!("{kind}-{i}")), b).unwrap();
            }
        }
    }
}
