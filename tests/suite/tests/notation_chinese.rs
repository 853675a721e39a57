//! Chinese notation against published game records and hand-checked
//! tandem cases. pyffish has no Chinese notation, so the references are:
//!
//! * Published games, as transcribed (with the final positions) in the
//!   xiangqi.js test suite ("Load PGN (Chinese Format)", lengyanyu258/xiangqi.js
//!   `test/tests.js`): 李义庭–王嘉良, 1st National Games final 1959 (43 moves,
//!   ends `2b2a3/3ka4/4b4/N8/8p/P5p2/4p4/9/4A4/4KAB2 b`); 许银川–聂卫平,
//!   nine-piece handicap, Guangzhou 1999 (38 moves from a FEN, 前马/后马
//!   moves, ends `2R6/5k2C/n8/p1p5p/6b2/6p2/9/9/9/4K4 b`); 吕钦–许银川,
//!   24th 五羊杯 final, 2004 (72 moves).
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

/// Plays a published move list, checking each move parses to a unique legal
/// move and formats back to the published text.
fn replay(start: &str, movetext: &str) -> Position {
    let mut pos: Position = start.parse().unwrap();
    for (ply, tok) in movetext
        .split_whitespace()
        .filter(|t| !t.ends_with('.') && !t.chars().next().unwrap().is_ascii_digit())
        .enumerate()
    {
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
    let moves =
        "1. 炮二平五 马８进７ 2. 马二进三 卒３进１ 3. 车一平二 车９平８ 4. 马八进九 马２进３
        5. 炮八平六 车１平２ 6. 车九平八 象７进５ 7. 车八进六 卒７进１ 8. 车八平七 马３退５
        9. 车二进四 炮２进５ 10. 兵九进一 炮８进１ 11. 车七进二 炮２平５ 12. 相三进五 车２进３
        13. 马九进八 车２平４ 14. 仕六进五 炮８退２ 15. 车七退二 车４平３ 16. 马八进七 炮８平９
        17. 车二平四 车８进７ 18. 车四进四 马５进３ 19. 炮六进五 车８平７ 20. 炮六平三 炮９进５
        21. 炮三平七 炮９进３ 22. 相五退三 车７进２ 23. 车四平二 车７退３ 24. 车二退八 炮９退３
        25. 炮七平八 炮９平５ 26. 相七进五 炮５退１ 27. 马七进六 士４进５ 28. 炮八进二 象３进１
        29. 马六退八 将５平４ 30. 马八退六 炮５退１ 31. 炮八退四 车７平３ 32. 炮八平五 卒５进１
        33. 车二进四 车３平４ 34. 马六进七 象１退３ 35. 车二进二 车４退５ 36. 车二平七 卒９进１
        37. 马七退六 车４平２ 38. 车七退一 卒５进１ 39. 车七平八 车２进３ 40. 马六退八 卒５进１
        41. 马八进七 将４进１ 42. 相五退三 卒７进１ 43. 马七退九";
    let end = replay(START, moves);
    assert_eq!(
        placement_and_turn(&end),
        "2b2a3/3ka4/4b4/N8/8p/P5p2/4p4/9/4A4/4KAB2 b"
    );
}

#[test]
fn xu_yinchuan_nie_weiping_1999_front_and_rear_horses() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR r - - 0 1";
    let moves =
        "1. 炮八平五 炮８平５ 2. 炮五进五 象７进５ 3. 炮二平五 马８进７ 4. 马二进三 车９平８
        5. 马八进七 马２进１ 6. 车九平六 车１平２ 7. 车六进八 炮２进７ 8. 车一进四 炮２平１
        9. 马七进八 炮１退４ 10. 马八退七 炮１进４ 11. 马七进八 车２进２ 12. 炮五平八 炮１退４
        13. 炮八进五 炮１平９ 14. 炮八平三 车８进２ 15. 炮三进一 车８进２ 16. 马八进六 炮９平５
        17. 炮三平一 士６进５ 18. 马六进四 车８平５ 19. 帅五平六 车５平６ 20. 马四进三 将５平６
        21. 车六退四 卒５进１ 22. 车六进二 炮５平７ 23. 前马退二 象５进７ 24. 马二退三 卒５进１
        25. 车六平三 卒５平６ 26. 车三进三 将６进１ 27. 后马进二 士５进６ 28. 马二进三 将６平５
        29. 前马进二 将５进１ 30. 车三平六 士６退５ 31. 马二退三 车６退１ 32. 车六退三 车６平７
        33. 车六平三 卒６平７ 34. 车三平五 将５平６ 35. 帅六平五 将６退１ 36. 车五进二 将６退１
        37. 车五进一 将６进１ 38. 车五平七";
    let end = replay(start, moves);
    assert_eq!(
        placement_and_turn(&end),
        "2R6/5k2C/n8/p1p5p/6b2/6p2/9/9/9/4K4 b"
    );
}

#[test]
fn lu_qin_xu_yinchuan_2004() {
    let moves =
        "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 兵三进一 炮８平９ 4. 马八进七 卒３进１
        5. 炮八进四 马２进３ 6. 炮八平七 车１平２ 7. 车九平八 象３进５ 8. 车八进四 车８进４
        9. 炮七平三 炮２平１ 10. 车八进五 马３退２ 11. 车一进一 马２进３ 12. 车一平八 马３进４
        13. 车八进三 马４进３ 14. 炮三平九 车８平４ 15. 仕六进五 车４退１ 16. 炮九退一 车４平３
        17. 相七进九 炮１平３ 18. 炮九进四 炮３退２ 19. 马三进四 车３平１ 20. 炮九平八 马３进５
        21. 相三进五 炮９进４ 22. 马四进六 车１退２ 23. 相九退七 车１平４ 24. 马六进四 车４平６
        25. 车八平四 马７退５ 26. 兵三进一 马５进３ 27. 炮八平九 马３退２ 28. 炮九平七 象５退３
        29. 兵三进一 马２进３ 30. 车四平六 车６进１ 31. 兵九进一 士６进５ 32. 相五退三 卒３进１
        33. 车六平七 马３进４ 34. 马四退三 炮９平７ 35. 马三进二 马４进６ 36. 相七进五 象７进５
        37. 车七平五 炮７平８ 38. 兵三进一 车６进１ 39. 马二退三 车６进１ 40. 车五进二 车６平７
        41. 车五平二 炮８平７ 42. 仕五进六 车７退２ 43. 车二退三 炮７进２ 44. 兵五进一 炮７平６
        45. 车二平五 车７进２ 46. 兵五进一 卒９进１ 47. 马七进六 卒９进１ 48. 马三退二 马６进７
        49. 车五平四 炮６平４ 50. 马六进四 卒９平８ 51. 车四退二 卒８进１ 52. 马二退一 马７退８
        53. 车四平六 马８退６ 54. 兵五平四 车７平６ 55. 马一进三 卒８平７ 56. 马三进一 卒７平８
        57. 车六平九 车６进１ 58. 马一退三 卒８平７ 59. 相五退七 车６平５ 60. 马三进五 卒７平６
        61. 仕六退五 卒６平５ 62. 马五进三 车５平７ 63. 马三退四 卒５平６ 64. 马四进二 车７平６
        65. 车九进二 卒６平７ 66. 相七进五 卒７平８ 67. 马二进四 卒８平７ 68. 马四退六 车６进１
        69. 车九退二 车６平４ 70. 兵九进一 卒７平６ 71. 车九进三 卒６平５ 72. 车九平五";
    let end = replay(START, moves);
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
