//! `xiangqi-tools convert` (and `analyze` of a non-PGN file) as a user runs
//! them.

use crate::support::{temp_dir, text, tools};

const TWO: &str = "[Event \"first\"]\n[Red \"A\"]\n\n1. h2e2 {centre} (1. b2e2 b9c7) 1... h9g7 *\n\n\
                   [Event \"second\"]\n\n1. 炮八平五 马２进３ 2. 马二进三 *\n";

fn moves(tree: &xiangqi::tree::GameTree) -> Vec<String> {
    tree.mainline_moves()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

#[test]
fn a_pgn_of_two_games_becomes_two_xqf_files_that_read_back() {
    let tmp = temp_dir();
    let pgn = tmp.path().join("two.pgn");
    std::fs::write(&pgn, TWO).unwrap();
    // OUT a file name: numbered files beside it.
    let out = tmp.path().join("game.xqf");
    let run = tools(&["convert", pgn.to_str().unwrap(), out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(!out.exists());
    let first = std::fs::read(tmp.path().join("game-0001.xqf")).unwrap();
    let second = std::fs::read(tmp.path().join("game-0002.xqf")).unwrap();
    let first = xiangqi::formats::read(&first).unwrap();
    assert_eq!(first.format, xiangqi::detect::RecordFormat::Xqf);
    assert_eq!(moves(&first.games[0]), ["h2e2", "h9g7"]);
    assert_eq!(first.games[0].lines().count(), 2);
    let second = xiangqi::formats::read(&second).unwrap();
    assert_eq!(moves(&second.games[0]), ["b2e2", "b9c7", "h0g2"]);
    // OUT a directory: game-NNNN files in it, the format from --to.
    let dir = tmp.path().join("out");
    std::fs::create_dir(&dir).unwrap();
    let run = tools(&[
        "convert",
        pgn.to_str().unwrap(),
        dir.to_str().unwrap(),
        "--to",
        "dhtmlxq",
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let d = std::fs::read(dir.join("game-0002.dhtml")).unwrap();
    let back = xiangqi::formats::read(&d).unwrap();
    assert_eq!(back.format, xiangqi::detect::RecordFormat::DhtmlXq);
    assert_eq!(moves(&back.games[0]), ["b2e2", "b9c7", "h0g2"]);
    // And an XQF back to PGN, in WXF.
    let back_pgn = tmp.path().join("back.pgn");
    let run = tools(&[
        "convert",
        tmp.path().join("game-0001.xqf").to_str().unwrap(),
        back_pgn.to_str().unwrap(),
        "--notation",
        "wxf",
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let pgn_text = std::fs::read_to_string(&back_pgn).unwrap();
    assert!(
        pgn_text.contains("C2.5") || pgn_text.contains("C2=5"),
        "{pgn_text}"
    );
    assert!(pgn_text.contains("{centre}"), "{pgn_text}");
}

#[test]
fn convert_errors_are_one_line() {
    let tmp = temp_dir();
    let pgn = tmp.path().join("two.pgn");
    std::fs::write(&pgn, TWO).unwrap();
    let run = tools(&["convert", pgn.to_str().unwrap(), "out.doc"]);
    assert!(!run.status.success());
    assert!(text(&run.stderr).contains("--to"), "{}", text(&run.stderr));
    let junk = tmp.path().join("junk.bin");
    std::fs::write(&junk, b"\x00\x01 nothing").unwrap();
    let run = tools(&["convert", junk.to_str().unwrap(), "x.pgn"]);
    assert!(!run.status.success());
    assert!(
        text(&run.stderr).contains("not a game record"),
        "{}",
        text(&run.stderr)
    );
    let run = tools(&["convert", "/no/such/file.pgn", "x.pgn"]);
    assert!(!run.status.success());
    assert!(
        text(&run.stderr).contains("cannot read"),
        "{}",
        text(&run.stderr)
    );
}

/// A CBR record of a main line from the standard start, laid out as
/// `xiangqi::cbr`'s documentation says (as tests/suite's builder).
fn cbr(moves: &[&str]) -> Vec<u8> {
    let mut b = vec![0u8; 2214];
    b[..16].copy_from_slice(b"CCBridge Record\0");
    b[2112] = 1;
    let rows = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    for (r, row) in rows.split('/').enumerate() {
        let mut f = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                f += d as usize;
                continue;
            }
            let side = if ch.is_ascii_uppercase() { 0x10 } else { 0x20 };
            let code = match ch.to_ascii_lowercase() {
                'r' => 1,
                'n' => 2,
                'b' => 3,
                'a' => 4,
                'k' => 5,
                'c' => 6,
                _ => 7,
            };
            b[2120 + r * 9 + f] = side | code;
            f += 1;
        }
    }
    b.extend_from_slice(&u32::from(moves.is_empty()).to_le_bytes());
    let sq = |s: &[u8]| (9 - (s[1] - b'0')) * 9 + (s[0] - b'a');
    for (i, m) in moves.iter().enumerate() {
        let m = m.as_bytes();
        b.extend_from_slice(&[u8::from(i + 1 == moves.len()), 0, sq(&m[..2]), sq(&m[2..])]);
    }
    b
}

#[test]
fn a_cbl_library_becomes_one_pgn_and_a_bad_game_is_a_warning() {
    let mut bad = cbr(&["h2e2"]);
    let n = bad.len();
    bad[n - 2..].copy_from_slice(&[81, 80]);
    let mut lib = vec![0u8; 66624 + 128 * 276];
    lib[..16].copy_from_slice(b"CCBridgeLibrary\0");
    lib[60..64].copy_from_slice(&128u32.to_le_bytes());
    for r in [cbr(&["h2e2", "h9g7"]), bad, cbr(&["c3c4"])] {
        let len = r.len().div_ceil(4096) * 4096;
        lib.extend_from_slice(&r);
        lib.resize(lib.len() + len - r.len(), 0);
    }
    let tmp = temp_dir();
    let cbl = tmp.path().join("lib.cbl");
    std::fs::write(&cbl, &lib).unwrap();
    let out = tmp.path().join("lib.pgn");
    let run = tools(&["convert", cbl.to_str().unwrap(), out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let err = text(&run.stderr);
    assert!(err.contains("warning: skipped CBL game 1"), "{err}");
    let read = xiangqi::formats::read(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(read.games.len(), 2);
    assert_eq!(moves(&read.games[0]), ["h2e2", "h9g7"]);
    assert_eq!(moves(&read.games[1]), ["c3c4"]);
}

#[test]
fn analyze_reads_an_xqf_file() {
    let tmp = temp_dir();
    let file = xiangqi::formats::read(TWO.as_bytes()).unwrap();
    let xqf =
        xiangqi::formats::write(&file.games[1..], xiangqi::formats::WriteFormat::Xqf).unwrap();
    let path = tmp.path().join("game.xqf");
    std::fs::write(&path, xqf).unwrap();
    let run = tools(&["analyze", "--depth", "2", path.to_str().unwrap()]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let out = text(&run.stdout);
    assert!(out.contains("b2e2") && out.contains("h0g2"), "{out}");
    assert!(out.contains("[%eval"), "{out}");
}
