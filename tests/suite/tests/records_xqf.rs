//! XQF (`xiangqi::xqf`): the files in `data/xqf/` are written by our writer
//! (`*-v18.xqf`, regenerated with `XQF_WRITE_SAMPLES=1`) and, from them, by
//! `tests/records/gen_xqf_data.py` in every other version, 1.0 to 1.8 with
//! random keys (its own Python implementation of the key scheme); the
//! expected reading of each (`data/xqf/expected.json`) is cchess's. Round
//! trips, and bad bytes: errors, never a panic.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;
use xiangqi::tree::GameTree;
use xiangqi::xqf::{self, XqfErrorKind};
use xiangqi::{Move, Position, Setup, Validation};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/xqf")
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// Adds the moves of `line` below `from`, reusing children already there.
fn add_line(tree: &mut GameTree, from: xiangqi::tree::NodeId, line: &str) -> xiangqi::tree::NodeId {
    let mut node = from;
    for m in line.split_whitespace().map(mv) {
        node = match tree
            .children(node)
            .iter()
            .find(|&&c| tree.move_at(c) == Some(m))
        {
            Some(&c) => c,
            None => tree.add_variation(node, m).unwrap(),
        };
    }
    node
}

/// The sample trees: a game with every header, comments and nested
/// variations; a study with Black to move; a set-up with no moves; a root
/// with every legal first move.
fn samples() -> Vec<(&'static str, GameTree)> {
    let mut game = GameTree::default();
    for (k, v) in [
        ("Title", "仙人指路对起马局"),
        ("Event", "\"中立杯\"象棋电视快棋赛"),
        ("Date", "1997年11月16日"),
        ("Site", "北京"),
        ("Red", "柳大华"),
        ("Black", "吕  钦"),
        ("TimeRule", "each side 25 minutes"),
        ("RedTime", "24分"),
        ("BlackTime", "20分"),
        ("Annotator", "刘殿中"),
        ("Author", "xiangqi"),
        ("Result", "0-1"),
    ] {
        game.set_header(k, v);
    }
    let root = game.root();
    game.set_comment(root, "全局注解\r\nsecond line").unwrap();
    let main = "c3c4 h9g7 g3g4 b7c7 g0e2 b9a7 b0c2 a9b9 a0b0 b9b5 b2a2 b5h5";
    let end = add_line(&mut game, root, main);
    game.set_comment(end, "黑方优势").unwrap();
    let first = game.children(root)[0];
    game.set_comment(first, "兵七进一").unwrap();
    add_line(&mut game, root, "h2e2 h9g7 h0g2 i9h9");
    add_line(&mut game, root, "b2e2 b9c7");
    let n = add_line(&mut game, root, "c3c4 h9g7 g3g4 b9c7 b0c2");
    game.set_comment(n, "variation inside a variation").unwrap();
    add_line(&mut game, root, "c3c4 h9g7 g3g4 b9c7 h0g2 i9h9");
    add_line(&mut game, root, "c3c4 c6c5");

    let study_start: Position = Position::from_setup(
        "3k5/4a4/4b4/9/9/9/9/4B4/4A4/4K4 b"
            .parse::<Setup>()
            .unwrap(),
        Validation::Lenient,
    )
    .unwrap();
    let mut study = GameTree::new(study_start);
    study.set_header("Title", "黑先");
    study.set_header("Result", "1/2-1/2");
    let root = study.root();
    add_line(&mut study, root, "d9d8 e0f0 d8d9");
    add_line(&mut study, root, "e8d7 e1d2");
    let n = add_line(&mut study, root, "e7g9");
    study.set_comment(n, "象").unwrap();

    let mut setup = GameTree::new(
        "2bak4/4a4/4b4/9/6NRR/2B6/1rP1P4/3pB4/4p4/3K5 w"
            .parse()
            .unwrap(),
    );
    setup.set_header("Result", "*");
    let root = setup.root();
    setup.set_comment(root, "no moves").unwrap();

    let mut wide = GameTree::default();
    wide.set_header("Result", "*");
    let root = wide.root();
    for m in Position::new().legal_moves() {
        let c = wide.add_variation(root, m).unwrap();
        let reply = wide.position(c).unwrap().legal_moves()[0];
        wide.add_variation(c, reply).unwrap();
    }
    vec![
        ("game", game),
        ("study", study),
        ("setup", setup),
        ("wide", wide),
    ]
}

#[test]
fn samples_are_what_we_write() {
    let write = std::env::var_os("XQF_WRITE_SAMPLES").is_some();
    for (name, tree) in samples() {
        let bytes = xqf::write(&tree).unwrap();
        let path = data_dir().join(format!("{name}-v18.xqf"));
        if write {
            std::fs::write(&path, &bytes).unwrap();
        }
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "{name}: regenerate with XQF_WRITE_SAMPLES=1"
        );
    }
}

#[test]
fn round_trips_keep_everything() {
    for (name, tree) in samples() {
        let back = xqf::read_strict(&xqf::write(&tree).unwrap()).unwrap();
        assert_eq!(back, tree, "{name}");
        // And again: what we read writes the same bytes.
        assert_eq!(
            xqf::write(&back).unwrap(),
            xqf::write(&tree).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn headers_too_long_are_cut_between_characters() {
    let mut tree = GameTree::default();
    tree.set_header("Red", "一二三四五六七八九十");
    tree.set_header("Round", "3");
    let back = xqf::read(&xqf::write(&tree).unwrap()).unwrap();
    // 15 bytes: seven characters of two bytes.
    assert_eq!(back.header("Red"), Some("一二三四五六七"));
    assert_eq!(back.header("Round"), None);
}

/// One file as cchess read it (`expected.json`, from gen_xqf_data.py).
fn expected() -> BTreeMap<String, Value> {
    let text = std::fs::read_to_string(data_dir().join("expected.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn every_version_reads_as_cchess_reads_it() {
    let expected = expected();
    // The writer's four, in ten versions each (1.8 twice: zero keys and
    // random keys).
    assert!(expected.len() >= 40, "{}", expected.len());
    let mut versions = BTreeSet::new();
    for (file, want) in &expected {
        let bytes = std::fs::read(data_dir().join(file)).unwrap();
        versions.insert(bytes[2]);
        let tree = xqf::read_strict(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        let fen = tree.start().to_string();
        let mut fields = fen.split(' ');
        assert_eq!(fields.next(), want["board"].as_str(), "{file}");
        assert_eq!(fields.next(), want["side"].as_str(), "{file}");
        let lines: BTreeSet<String> = tree
            .lines()
            .map(|l| {
                l.iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let want_lines: BTreeSet<String> = want["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_string())
            .collect();
        assert_eq!(lines, want_lines, "{file}");
        for (path, text) in want["comments"].as_object().unwrap() {
            let node = path.split_whitespace().fold(tree.root(), |n, m| {
                *tree
                    .children(n)
                    .iter()
                    .find(|&&c| tree.move_at(c) == Some(mv(m)))
                    .unwrap()
            });
            assert_eq!(
                tree.comment(node),
                text.as_str().unwrap(),
                "{file} [{path}]"
            );
        }
        let comments = tree
            .nodes()
            .filter(|&n| !tree.comment(n).is_empty())
            .count();
        assert_eq!(
            comments,
            want["comments"].as_object().unwrap().len(),
            "{file}"
        );
        for (k, v) in want["headers"].as_object().unwrap() {
            assert_eq!(tree.header(k), v.as_str(), "{file}: {k}");
        }
    }
    assert_eq!(versions, (10..=18).collect());
}

/// A small generator of bytes (xorshift), seeded.
fn noise(seed: &mut u64) -> u8 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    (*seed >> 24) as u8
}

#[test]
fn truncations_and_garbage_are_errors() {
    let mut files: Vec<Vec<u8>> = expected()
        .keys()
        .map(|f| std::fs::read(data_dir().join(f)).unwrap())
        .collect();
    files.sort();
    for bytes in &files {
        for cut in 0..bytes.len() {
            let err = xqf::read(&bytes[..cut]).unwrap_err();
            assert!(err.offset <= cut, "{err}");
        }
    }
    // Every byte of the game's record replaced: no panic, whatever comes.
    let game = std::fs::read(data_dir().join("game-v12.xqf")).unwrap();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for i in 0..game.len() {
        let mut b = game.clone();
        b[i] = noise(&mut seed);
        let _ = xqf::read(&b);
        let _ = xqf::read_strict(&b);
        let _ = xqf::read_skipping(&b);
    }
    // Random bodies after a valid header, in every version.
    for version in 10..=18u8 {
        for len in [0, 3, 4, 8, 64, 4096] {
            for _ in 0..20 {
                let mut b = game[..1024].to_vec();
                b[2] = version;
                b.extend((0..len).map(|_| noise(&mut seed)));
                if let Ok(tree) = xqf::read(&b) {
                    // What reads writes and reads back with the same lines.
                    let back = xqf::read(&xqf::write(&tree).unwrap()).unwrap();
                    assert!(back.lines().eq(tree.lines()));
                }
            }
        }
    }
}

#[test]
fn typed_errors() {
    let game = std::fs::read(data_dir().join("game-v10.xqf")).unwrap();
    let kind = |b: &[u8]| xqf::read(b).unwrap_err().kind;
    let mut b = game.clone();
    b[2] = 19;
    assert_eq!(kind(&b), XqfErrorKind::UnsupportedVersion(19));
    // Two pieces on one square: Red's second chariot on the first's.
    let mut b = game.clone();
    b[0x10 + 8] = b[0x10];
    assert!(matches!(
        kind(&b),
        XqfErrorKind::SquareTwice {
            first: 0,
            second: 8
        }
    ));
    // No Red general.
    let mut b = game.clone();
    b[0x10 + 4] = 0xFF;
    assert!(matches!(kind(&b), XqfErrorKind::InvalidStart(_)));
    // The first move (version 1.0: no keys) made a Black move: c3c4 by
    // Red becomes c6c5, Black's, when Red is to move... the side to move
    // is taken from the first move, so it is the second move that is then
    // illegal: h9g7 by Black after Black's c6c5.
    let mut b = game.clone();
    // Record 0: 4 bytes, a 4-byte length, the 21 GBK bytes of the comment.
    let first = 0x400 + 8 + 21;
    assert_eq!(b[first..first + 2], [24 + 23, 32 + 24]);
    b[first] = 24 + 26;
    b[first + 1] = 32 + 25;
    let err = xqf::read(&b).unwrap_err();
    assert!(
        matches!(err.kind, XqfErrorKind::IllegalMove { .. }),
        "{err}"
    );
    assert!(err.offset > first);
    let (tree, skipped) = xqf::read_skipping(&b).unwrap();
    assert!(!skipped.is_empty());
    assert!(tree.lines().count() > 0);
    // A record no piece makes (the first reply of `wide`, from e4, which
    // is empty): cchess drops it, so does read; read_strict refuses it.
    let wide = std::fs::read(data_dir().join("wide-v10.xqf")).unwrap();
    let mut b = wide.clone();
    b[0x410] = 24 + 44;
    let tree = xqf::read(&b).unwrap();
    let first = tree.children(tree.root())[0];
    assert!(tree.children(first).is_empty());
    assert_eq!(tree.lines().count(), 44);
    assert!(matches!(
        kind_strict(&b),
        XqfErrorKind::NotAMove { from: 44, .. }
    ));
    assert!(xqf::read_strict(&wide).is_ok());
}

fn kind_strict(b: &[u8]) -> XqfErrorKind {
    xqf::read_strict(b).unwrap_err().kind
}

/// A version 1.0 file of the standard start with `records` after record 0
/// (each: squares as XQF numbers them, continuation, sibling).
fn v10_file(records: &[(u8, u8, bool, bool)]) -> Vec<u8> {
    let mut b = std::fs::read(data_dir().join("wide-v10.xqf")).unwrap()[..1024].to_vec();
    b.extend_from_slice(&[0x18, 0x20, 0xF0, 0xFF, 0, 0, 0, 0]);
    for &(from, to, next, sibling) in records {
        let tag = if next { 0xF0 } else { 0 } | if sibling { 0x0F } else { 0 };
        b.extend_from_slice(&[from + 24, to + 32, tag, 0, 0, 0, 0, 0]);
    }
    b
}

/// XQF's number of an ICCS square.
fn sq(s: &str) -> u8 {
    let b = s.as_bytes();
    (b[0] - b'a') * 10 + (b[1] - b'0')
}

#[test]
fn deep_files_need_no_recursion() {
    // 20 000 plies of horses going back and forth: one line.
    let cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let n = 20_000;
    let records: Vec<_> = (0..n)
        .map(|i| {
            let m = cycle[i % 4];
            (sq(&m[..2]), sq(&m[2..]), i + 1 < n, false)
        })
        .collect();
    let tree = xqf::read_strict(&v10_file(&records)).unwrap();
    assert_eq!(tree.node_count(), n + 1);
    assert_eq!(tree.lines().next().unwrap().len(), n);
    // 50 000 records from an empty square, each announcing a continuation
    // and a sibling, so 50 000 siblings wait at once; then 50 001 records
    // with neither close them. cchess drops them all (no move); so do we.
    let empty = sq("e4");
    let mut records = vec![(empty, sq("e5"), true, true); 50_000];
    records.extend(std::iter::repeat_n((empty, sq("e5"), false, false), 50_001));
    let tree = xqf::read(&v10_file(&records)).unwrap();
    assert_eq!(tree.node_count(), 1);
    // One record short: the file ends where a record is announced.
    records.pop();
    let err = xqf::read(&v10_file(&records)).unwrap_err();
    assert_eq!(err.kind, XqfErrorKind::Truncated);
}

#[test]
fn result_bytes_and_bad_text() {
    let mut b = v10_file(&[]);
    // v10_file's record 0 announces moves: none follow.
    assert_eq!(xqf::read(&b).unwrap_err().kind, XqfErrorKind::Truncated);
    b[1026] = 0;
    for (byte, result) in [
        (0, "*"),
        (1, "1-0"),
        (2, "0-1"),
        (3, "1/2-1/2"),
        (4, "1/2-1/2"),
        (9, "*"),
    ] {
        b[0x33] = byte;
        assert_eq!(xqf::read(&b).unwrap().header("Result"), Some(result));
    }
    // A title of a GBK lead byte and an ASCII byte: no character, U+FFFD.
    b[0x50..0x54].copy_from_slice(&[3, b'a', 0x81, b'"']);
    let title = xqf::read(&b).unwrap().header("Title").unwrap().to_string();
    assert!(
        title.starts_with('a') && title.contains('\u{FFFD}'),
        "{title:?}"
    );
}
