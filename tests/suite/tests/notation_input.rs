//! Notation input as people type it and sites print it: full-width forms,
//! spaces and tabs, dashes, Red's numbers in digits; output stays
//! canonical. Two advisors or elephants on a file keep their file number.

use xiangqi::notation::{
    ChineseScript, Notation, ParseNotationError, UciMove, UciRanks, WxfDialect, format_chinese,
    format_wxf, parse_chinese, parse_iccs, parse_uci, parse_wxf,
};
use xiangqi::{Move, Position, Setup, Validation};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

#[test]
fn full_width_and_spaced_wxf() {
    let pos = Position::new();
    for d in [
        WxfDialect::FairyStockfish,
        WxfDialect::Wxf,
        WxfDialect::WxfPrefix,
    ] {
        for s in [
            "Ｃ２＝５",
            "Ｃ２．５",
            "ｃ２＝５",
            "C２=5",
            " C2 = 5 ",
            "C2\t.5",
            "\u{3000}Ｃ２＝５\u{3000}",
            "C25",
        ] {
            assert_eq!(parse_wxf(&pos, s, d), Ok(mv("h2e2")), "{s:?}");
        }
        assert_eq!(parse_wxf(&pos, "Ｈ２＋３", d), Ok(mv("h0g2")));
        assert_eq!(parse_wxf(&pos, "Ｒ１＋１", d), Ok(mv("i0i1")));
        // Minus sign and dashes for `-`.
        let after: Position = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/1NBAKABNR w"
            .parse()
            .unwrap();
        for s in ["R9-1", "R9−1", "R9–1", "Ｒ９－１"] {
            assert_eq!(parse_wxf(&after, s, d), Ok(mv("a1a0")), "{s:?}");
        }
    }
    // The prefix form the source database writes: ＋Ｐ＋１ (front soldier).
    let pos: Position = "3k5/9/9/4P4/4P4/9/9/9/9/4K4 w".parse().unwrap();
    assert_eq!(parse_wxf(&pos, "＋Ｐ＋１", WxfDialect::Wxf), Ok(mv("e6e7")));
    assert_eq!(
        parse_wxf(&pos, "－Ｐ＋１", WxfDialect::Wxf),
        Err(ParseNotationError::Illegal) // e5 is blocked by e6
    );
    for bad in ["Ｃ２＝", "Ｃ２＝５５", "C 2 = 5 5", "", "\t"] {
        assert_eq!(
            parse_wxf(&Position::new(), bad, WxfDialect::Wxf),
            Err(ParseNotationError::NotAMove),
            "{bad:?}"
        );
    }
}

#[test]
fn full_width_and_spaced_coordinates() {
    let pos = Position::new();
    for s in [
        "ｈ２ｅ２",
        "Ｈ２－Ｅ２",
        "h2 e2",
        "H2 - E2",
        "\th2e2\u{3000}",
        "H2—E2",
    ] {
        assert_eq!(parse_iccs(&pos, s), Ok(mv("h2e2")), "{s:?}");
        assert_eq!(Notation::Iccs.parse(&pos, s), Ok(mv("h2e2")), "{s:?}");
    }
    assert_eq!(
        parse_uci(&pos, "ｈ３ｅ３", UciRanks::OneToTen),
        Ok(UciMove::Move(mv("h2e2")))
    );
    assert_eq!(
        parse_uci(&pos, "０００００", UciRanks::ZeroToNine),
        Err(ParseNotationError::NotAMove)
    );
    assert_eq!(
        parse_uci(&pos, "００００", UciRanks::ZeroToNine),
        Ok(UciMove::Null)
    );
    for bad in ["h2e2e", "ｈ２", "h2h2", "j2e2", "h2-e2-", "h2ｅ２x"] {
        assert_eq!(
            parse_iccs(&pos, bad),
            Err(ParseNotationError::NotAMove),
            "{bad:?}"
        );
    }
}

#[test]
fn chinese_as_sites_print_it() {
    let pos = Position::new();
    for s in [
        "炮二平五",
        "炮2平5",
        "炮２平５",
        "炮 二 平 五",
        "炮二\t平五",
        "\u{3000}炮二平五",
    ] {
        assert_eq!(parse_chinese(&pos, s), Ok(mv("h2e2")), "{s:?}");
    }
    let black: Position = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"
        .parse()
        .unwrap();
    for s in ["马8进7", "马８进７", "馬８進７", "马八进七", "马 8 进 7"] {
        assert_eq!(parse_chinese(&black, s), Ok(mv("h9g7")), "{s:?}");
    }
    // Output stays canonical: Chinese numerals for Red, ASCII digits for Black.
    assert_eq!(
        format_chinese(&pos, mv("h2e2"), ChineseScript::Simplified).unwrap(),
        "炮二平五"
    );
    assert_eq!(
        format_chinese(&black, mv("h9g7"), ChineseScript::Simplified).unwrap(),
        "马8进7"
    );
    for bad in ["炮二平", "炮二平五五", "炮 二 平 五 五", "炮二Ｘ五"] {
        assert_eq!(
            parse_chinese(&pos, bad),
            Err(ParseNotationError::NotAMove),
            "{bad:?}"
        );
    }
}

/// Two advisors or two elephants on one file: (FEN, ICCS, Chinese as
/// printed records and ElephantEye write it, the old 前/后 form, and
/// Fairy-Stockfish's WXF from pyffish 0.0.90).
const TANDEM: &[(&str, &str, &str, &str, &str)] = &[
    (
        "3k5/9/9/9/9/9/9/3A5/9/3AK4 w",
        "d0e1",
        "仕六进五",
        "后仕进五",
        "A6+5",
    ),
    (
        "3k5/9/9/9/9/9/9/3A5/9/3AK4 w",
        "d2e1",
        "仕六退五",
        "前仕退五",
        "A6-5",
    ),
    (
        "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w",
        "c0e2",
        "相七进五",
        "后相进五",
        "E7+5",
    ),
    (
        "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w",
        "c4e2",
        "相七退五",
        "前相退五",
        "E7-5",
    ),
    (
        "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w",
        "c4a2",
        "相七退九",
        "前相退九",
        "E7-9",
    ),
    (
        "2b1k4/9/9/9/2b6/9/9/9/9/3K5 b",
        "c9e7",
        "象3进5",
        "后象进5",
        "E3+5",
    ),
    (
        "2b1k4/9/9/9/2b6/9/9/9/9/3K5 b",
        "c5e7",
        "象3退5",
        "前象退5",
        "E3-5",
    ),
];

#[test]
fn two_advisors_or_elephants_keep_their_file() {
    for &(fen, iccs, printed, marked, fsf) in TANDEM {
        let pos: Position = fen.parse().unwrap();
        let m = mv(iccs);
        assert_eq!(
            format_chinese(&pos, m, ChineseScript::Simplified).unwrap(),
            printed,
            "{fen} {iccs}"
        );
        assert_eq!(
            format_wxf(&pos, m, WxfDialect::FairyStockfish).unwrap(),
            fsf
        );
        assert_eq!(
            format_wxf(&pos, m, WxfDialect::Wxf).unwrap(),
            fsf.replace('=', ".")
        );
        // Both forms read.
        assert_eq!(parse_chinese(&pos, printed), Ok(m), "{printed}");
        assert_eq!(parse_chinese(&pos, marked), Ok(m), "{marked}");
        assert_eq!(parse_wxf(&pos, fsf, WxfDialect::Wxf), Ok(m));
    }
    // Traditional script too.
    let pos: Position = TANDEM[0].0.parse().unwrap();
    assert_eq!(
        format_chinese(&pos, mv("d0e1"), ChineseScript::Traditional).unwrap(),
        "仕六進五"
    );
}

#[test]
fn study_advisors_side_by_side_are_told_apart_by_front_and_rear() {
    // A study (lenient): red advisors on d1 and d0 can both go forward to
    // file 5, so the file alone is ambiguous. Fairy-Stockfish writes A++5
    // and A-+5 (pyffish 0.0.90).
    let setup: Setup = "3k5/9/9/9/9/9/9/9/3A5/3AK4 w".parse().unwrap();
    let pos = Position::from_setup(setup, Validation::Lenient).unwrap();
    for (iccs, chinese, fsf) in [("d1e2", "前仕进五", "A++5"), ("d0e1", "后仕进五", "A-+5")]
    {
        let m = mv(iccs);
        assert_eq!(
            format_chinese(&pos, m, ChineseScript::Simplified).unwrap(),
            chinese
        );
        assert_eq!(
            format_wxf(&pos, m, WxfDialect::FairyStockfish).unwrap(),
            fsf
        );
        assert_eq!(parse_chinese(&pos, chinese), Ok(m));
    }
    assert!(matches!(
        parse_chinese(&pos, "仕六进五"),
        Err(ParseNotationError::Ambiguous(ref v)) if v.len() == 2
    ));
}
