//! Bodies of the notation and PGN fuzz targets, run by `fuzz/fuzz_targets/`
//! and replayed by `tests/suite/tests/fuzz_corpus.rs` on a stable toolchain.

use xiangqi::Position;
use xiangqi::notation::{
    ChineseScript, MoveText, Notation, ParseNotationError, ParseOptions, UciMove, UciRanks,
    WxfDialect, parse_uci,
};
use xiangqi::pgn::{GameRecord, ReadOptions};

/// A few fixed positions: the start, a middlegame, tandem pieces, three and
/// five soldiers on a file, two files of tandem soldiers, Black to move.
const FENS: [&str; 7] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 b",
    "1nC2abnr/rc2a4/c3k4/p1p1p1p1p/8P/2P6/P3P1P2/2C6/R8/1NBAKABNR w",
    "3k5/9/P8/P1P6/P1P6/9/9/9/9/4K4 w",
    "P2k5/P8/P8/P8/P8/9/9/9/9/4K4 w",
    "3k5/9/9/9/9/4p4/4p4/4p4/9/5K3 b",
    "3k5/9/9/9/R8/9/R8/9/9/4K4 w",
];

fn positions() -> Vec<Position> {
    FENS.iter().filter_map(|f| f.parse().ok()).collect()
}

/// If `notation` accepts `text` in `pos`, the move must be legal and its
/// formatting must parse back to the same move; [`Position::parse_move`]
/// must agree with it, and tell the same story as the coarse error.
fn check(pos: &Position, text: &str, notation: Notation) {
    let opts = match notation {
        Notation::Wxf(d) => ParseOptions::default().with_wxf_dialect(d),
        Notation::Uci(r) => ParseOptions::default().with_coordinates(r),
        _ => ParseOptions::default(),
    };
    let one = notation.parse(pos, text);
    let any = pos.parse_move_with(text, &opts);
    if let Ok(m) = one {
        assert!(pos.is_legal(m), "{text:?} gave illegal {m} in {pos}");
        let s = notation.format(pos, m).expect("legal move formats");
        assert_eq!(notation.parse(pos, &s), Ok(m), "{s:?} in {pos}");
        assert_eq!(any, Ok(m), "parse_move {text:?} in {pos}");
        let strict = pos.parse_move_with(&s, &opts.with_strict(true));
        assert_eq!(strict, Ok(m), "strict {s:?} in {pos}");
    }
    // The UCI null move `0000` is no move: `Illegal` for the UCI reader,
    // not a move at all for `parse_move`.
    let null = matches!(notation, Notation::Uci(r) if parse_uci(pos, text, r) == Ok(UciMove::Null));
    match (&one, &any) {
        (Err(ParseNotationError::NotAMove), _) | (Ok(_), _) => {}
        _ if null => {}
        (Err(e), Err(reason)) => {
            assert_eq!(
                &ParseNotationError::from(reason.clone()),
                e,
                "{text:?} in {pos}"
            );
        }
        (Err(e), Ok(m)) => panic!("{text:?}: {e} but parse_move gave {m} in {pos}"),
    }
    // The syntax, its meaning and every message are written without panic.
    if let Ok(t) = MoveText::parse_with(text, &opts) {
        let _ = format!("{t} {}", t.explain());
    }
    if let Err(e) = any {
        let _ = e.to_string();
    }
}

/// ICCS and UCI parsers: arbitrary text against fixed positions.
pub fn iccs(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for pos in positions() {
        check(&pos, &text, Notation::Iccs);
        for r in [UciRanks::ZeroToNine, UciRanks::OneToTen] {
            check(&pos, &text, Notation::Uci(r));
            let _ = parse_uci(&pos, &text, r);
        }
    }
}

/// WXF parser: arbitrary text against fixed positions, all dialects.
pub fn wxf(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for pos in positions() {
        for d in [
            WxfDialect::FairyStockfish,
            WxfDialect::Wxf,
            WxfDialect::WxfPrefix,
        ] {
            check(&pos, &text, Notation::Wxf(d));
        }
    }
}

/// Chinese parser: arbitrary text against fixed positions, both scripts.
pub fn chinese(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for pos in positions() {
        for s in [ChineseScript::Simplified, ChineseScript::Traditional] {
            check(&pos, &text, Notation::Chinese(s));
        }
    }
}

/// PGN reader: a record that reads must replay legally and survive a
/// write/read round trip in ICCS and Chinese.
pub fn pgn(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for keep_variations in [false, true] {
        let opts = ReadOptions::default().with_variations(keep_variations);
        if let Ok(rec) = GameRecord::from_pgn(&text, &opts) {
            assert!(rec.end().is_ok(), "moves replay legally");
            for n in [Notation::Iccs, Notation::Chinese(ChineseScript::Simplified)] {
                let written = rec.to_pgn(n).expect("legal record writes");
                let back = GameRecord::from_pgn(&written, &opts).expect("written record reads");
                assert_eq!(back.moves, rec.moves);
                assert_eq!(back.start, rec.start);
                assert_eq!(back.result, rec.result);
            }
        }
    }
}

/// Many-game reader: arbitrary text read as a database, under several
/// options. The text reader and the line reader must yield the same
/// records and errors, with consecutive indices and increasing lines; a
/// record that reads must replay legally and survive a round trip.
pub fn pgn_multi(data: &[u8]) {
    use xiangqi::pgn::{LineReader, read_games};
    let text = String::from_utf8_lossy(data);
    let lines = text.split('\n').count();
    for opts in super::pgn_read_options() {
        let games: Vec<_> = read_games(&text, &opts).collect();
        let fed = super::read_by_lines(
            &text,
            &mut LineReader::new(&opts),
            LineReader::push_line,
            LineReader::finish,
        );
        assert_eq!(fed, games, "line reader and text reader differ");
        let mut last_line = 0;
        for (i, game) in games.iter().enumerate() {
            let line = match game {
                Ok(rec) => {
                    assert!(rec.end().is_ok(), "moves replay legally");
                    let written = rec.to_pgn(Notation::Iccs).expect("legal record writes");
                    let back = GameRecord::from_pgn(&written, &opts).expect("written record reads");
                    assert_eq!(back.moves, rec.moves);
                    assert_eq!(back.start, rec.start);
                    assert_eq!(back.result, rec.result);
                    // Tags come back unchanged, but for the values of `FEN`
                    // and `Result` (which follow `start` and `result`) and
                    // control characters (written as spaces).
                    let plain = |tags: &[(String, String)]| -> Vec<(String, String)> {
                        tags.iter()
                            .filter(|(k, _)| k != "Result" && !k.eq_ignore_ascii_case("FEN"))
                            .cloned()
                            .collect()
                    };
                    if rec.tags.iter().all(|(_, v)| !v.contains(char::is_control)) {
                        assert_eq!(plain(&back.tags), plain(&rec.tags));
                    }
                    None
                }
                Err(e) => {
                    assert_eq!(e.index, i, "indices count every record");
                    Some(e.line)
                }
            };
            if let Some(line) = line {
                assert!(line > last_line && line <= lines, "line {line} of {lines}");
                last_line = line;
            }
        }
    }
}
