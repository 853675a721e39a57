//! Chinese notation against published game records and hand-checked
//! tandem cases. pyffish has no Chinese notation, so the references are:
//!
//! * Published games, as transcribed (with the final positions) in the
//!   xiangqi.js test suite ("Load PGN (Chinese Format)", lengyanyu258/xiangqi.js
//!   `test/tests.js`): 李义庭–王嘉良, 1st National Games final 1959 (43 moves,
//!   ends `2b2a3/3ka4/4b4/N8/8p/P5p2/4p4/9/4A4/4KAB2 b`); 许银川–聂卫平,
//!   nine-piece handicap, Guangzhou 1999 (38 moves from a FEN, 前马/后马
//!   moves, ends `2R6/5k2C/n8/p1p5p/6b2/6p2/9/9/9/4K4 b`); 吕钦–许银川,
//!   24th 五羊杯 final, 2004 (72 moves); the records are in `tests/data/games`
//!   (see its README).
//! * Tandem soldiers: the rule as written in the Chinese Xiangqi
//!   Association rules (§8.1, quoted in several GUIs): two pieces 前/后,
//!   three soldiers 前/中/后, four or five numbered 一二三四五 from the front;
//!   each ICCS square below was worked out by hand on the diagram.

use xiangqi::notation::{ChineseScript, ParseNotationError, format_chinese, parse_chinese};
use xiangqi::{Move, Position};

/// Full-width digits to ASCII, the way we write Black's numbers.
fn ascii_digits(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '１'..='９' => char::from_u32(c as u32 - '１' as u32 + '1' as u32).unwrap(),
            c => c,
        })
        .collect()
}

/// A published game of `tests/data/games`: its start (the FEN tag, or the
/// initial position) and its moves as published, without the tags, move
/// numbers, comments, variations and result.
fn published(name: &str) -> (String, Vec<String>) {
    let text = std::fs::read_to_string(xiangqi_suite::data_path(&format!("games/{name}"))).unwrap();
    let start = text
        .lines()
        .find_map(|l| l.strip_prefix("[FEN \"")?.strip_suffix("\"]"))
        .unwrap_or(START)
        .to_string();
    let mut movetext = String::new();
    let mut depth = 0;
    for c in text
        .lines()
        .filter(|l| !l.starts_with('['))
        .flat_map(|l| l.chars().chain([' ']))
    {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth -= 1,
            c if depth == 0 => movetext.push(c),
            _ => {}
        }
    }
    let moves = movetext
        .split_whitespace()
        .filter(|t| !t.starts_with(|c: char| c.is_ascii_digit()) && *t != "*")
        .map(String::from)
        .collect();
    (start, moves)
}

/// Plays a published game, checking each move parses to a unique legal
/// move and formats back to the published text.
fn replay(name: &str) -> Position {
    let (start, moves) = published(name);
    let mut pos: Position = start.parse().unwrap();
    for (ply, tok) in moves.iter().enumerate() {
        let m = parse_chinese(&pos, tok).unwrap_or_else(|e| panic!("ply {ply} {tok}: {e}"));
        let back = format_chinese(&pos, m, ChineseScript::Simplified).unwrap();
        assert_eq!(back, ascii_digits(tok), "ply {ply}");
        pos.play(m).unwrap();
    }
    pos
}

fn placement_and_turn(pos: &Position) -> String {
    let fen = pos.to_string();
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

#[test]
fn li_yiting_wang_jialiang_1959() {
    let end = replay("li_yiting_wang_jialiang_1959.pgn");
    assert_eq!(
        placement_and_turn(&end),
        "2b2a3/3ka4/4b4/N8/8p/P5p2/4p4/9/4A4/4KAB2 b"
    );
}

#[test]
fn xu_yinchuan_nie_weiping_1999_front_and_rear_horses() {
    // The record of `pgn.rs`, its comments and variation passed over.
    let end = replay("xu_yinchuan_nie_weiping_1999.pgn");
    assert_eq!(
        placement_and_turn(&end),
        "2R6/5k2C/n8/p1p5p/6b2/6p2/9/9/9/4K4 b"
    );
}

#[test]
fn lu_qin_xu_yinchuan_2004() {
    let (_, moves) = published("lu_qin_xu_yinchuan_2004.pgn");
    assert_eq!(moves.len(), 143);
    let end = replay("lu_qin_xu_yinchuan_2004.pgn");
    assert_eq!(end.turn(), xiangqi::Color::Black);
}

/// Hand-checked cases: (FEN, ICCS, simplified, traditional).
const CASES: &[(&str, &str, &str, &str)] = &[
    // Opening moves (start position, Black after 炮二平五).
    (START, "h2e2", "炮二平五", "炮二平五"),
    (START, "b0c2", "马八进七", "馬八進七"),
    (START, "i0i1", "车一进一", "車一進一"),
    (START, "f0e1", "仕四进五", "仕四進五"),
    (START, "g0e2", "相三进五", "相三進五"),
    (START, "e0e1", "帅五进一", "帥五進一"),
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
        "h9g7",
        "马8进7",
        "馬8進7",
    ),
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
        "b7e7",
        "炮2平5",
        "砲2平5",
    ),
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
        "e9e8",
        "将5进1",
        "將5進1",
    ),
    // Two chariots on Red's 9th file (a5 front, a3 rear).
    (
        "3k5/9/9/9/R8/9/R8/9/9/4K4 w",
        "a5b5",
        "前车平八",
        "前車平八",
    ),
    (
        "3k5/9/9/9/R8/9/R8/9/9/4K4 w",
        "a3a4",
        "后车进一",
        "後車進一",
    ),
    // Three red soldiers on the 9th file: a7 front, a6 middle, a5 rear.
    (
        "3k5/9/P8/P8/P8/9/9/9/9/4K4 w",
        "a7b7",
        "前兵平八",
        "前兵平八",
    ),
    (
        "3k5/9/P8/P8/P8/9/9/9/9/4K4 w",
        "a6b6",
        "中兵平八",
        "中兵平八",
    ),
    (
        "3k5/9/P8/P8/P8/9/9/9/9/4K4 w",
        "a5b5",
        "后兵平八",
        "後兵平八",
    ),
    // Three black soldiers on Black's 5th file (e4 rear, e3 middle, e2 front).
    (
        "3k5/9/9/9/9/4p4/4p4/4p4/9/5K3 b",
        "e2e1",
        "前卒进1",
        "前卒進1",
    ),
    (
        "3k5/9/9/9/9/4p4/4p4/4p4/9/5K3 b",
        "e3d3",
        "中卒平4",
        "中卒平4",
    ),
    (
        "3k5/9/9/9/9/4p4/4p4/4p4/9/5K3 b",
        "e4f4",
        "后卒平6",
        "後卒平6",
    ),
    // Four red soldiers on the 5th file (e8 .. e5): numbered from the front.
    (
        "3k5/4P4/4P4/4P4/4P4/9/9/9/9/4K4 w",
        "e8f8",
        "一兵平四",
        "一兵平四",
    ),
    (
        "3k5/4P4/4P4/4P4/4P4/9/9/9/9/4K4 w",
        "e7d7",
        "二兵平六",
        "二兵平六",
    ),
    (
        "3k5/4P4/4P4/4P4/4P4/9/9/9/9/4K4 w",
        "e5f5",
        "四兵平四",
        "四兵平四",
    ),
];

#[test]
fn hand_checked_cases() {
    for &(fen, iccs, simp, trad) in CASES {
        let pos: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        let m: Move = iccs.parse().unwrap();
        assert_eq!(
            format_chinese(&pos, m, ChineseScript::Simplified).unwrap(),
            simp,
            "{fen} {iccs}"
        );
        assert_eq!(
            format_chinese(&pos, m, ChineseScript::Traditional).unwrap(),
            trad,
            "{fen} {iccs}"
        );
        assert_eq!(parse_chinese(&pos, simp), Ok(m), "{simp}");
        assert_eq!(parse_chinese(&pos, trad), Ok(m), "{trad}");
    }
}

#[test]
fn variants_accepted_on_input() {
    let pos: Position = "3k5/9/P8/P8/P8/9/9/9/9/4K4 w".parse().unwrap();
    // Marker after the piece (Hong Kong style, WXF page "車前平三").
    assert_eq!(parse_chinese(&pos, "兵前平八").unwrap().to_string(), "a7b7");
    // Plain file on a three-soldier file is the middle one.
    assert_eq!(parse_chinese(&pos, "兵九平八").unwrap().to_string(), "a6b6");
    let five: Position = "P2k5/P8/P8/P8/P8/9/9/9/9/4K4 w".parse().unwrap();
    assert_eq!(
        parse_chinese(&five, "前兵平八").unwrap().to_string(),
        "a9b9"
    );
    assert_eq!(
        parse_chinese(&five, "一兵平八").unwrap().to_string(),
        "a9b9"
    );
    assert_eq!(
        parse_chinese(&five, "五兵平八").unwrap().to_string(),
        "a5b5"
    );
    assert_eq!(
        parse_chinese(&five, "后兵平八").unwrap().to_string(),
        "a5b5"
    );
    assert_eq!(
        parse_chinese(&five, "中兵平八").unwrap().to_string(),
        "a7b7"
    );
    assert_eq!(
        parse_chinese(&five, "兵九平八").unwrap().to_string(),
        "a7b7"
    );
    let start: Position = START.parse().unwrap();
    for s in ["俥一進一", "车１进１", "車1進1"] {
        assert_eq!(parse_chinese(&start, s).unwrap().to_string(), "i0i1", "{s}");
    }
    assert_eq!(
        parse_chinese(&start, "兵五平四"),
        Err(ParseNotationError::Illegal)
    );
    assert_eq!(
        parse_chinese(&start, "前马进七"),
        Err(ParseNotationError::Illegal)
    );
    for bad in ["", "炮二平", "炮二平五五", "炮二x五", "炮0平五", "h2e2"] {
        assert_eq!(
            parse_chinese(&start, bad),
            Err(ParseNotationError::NotAMove),
            "{bad:?}"
        );
    }
}

#[test]
fn two_files_of_tandem_soldiers() {
    // Red soldiers a7, a6, a5 (9th file) and c6, c5 (7th file).
    let pos: Position = "3k5/9/P8/P1P6/P1P6/9/9/9/9/4K4 w".parse().unwrap();
    for (iccs, s) in [
        ("a7b7", "前九平八"),
        ("a6b6", "中九平八"),
        ("a5b5", "后九平八"),
        ("c6d6", "前七平六"),
        ("c5d5", "后七平六"),
    ] {
        let m: Move = iccs.parse().unwrap();
        assert_eq!(
            format_chinese(&pos, m, ChineseScript::Simplified).unwrap(),
            s
        );
        assert_eq!(parse_chinese(&pos, s), Ok(m));
    }
    // "前兵" alone names two soldiers here.
    assert!(matches!(
        parse_chinese(&pos, "前兵平八"),
        Err(ParseNotationError::Ambiguous(_))
    ));
}
