// Shared by the notation fuzz targets (included with `include!`).

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

fn positions() -> Vec<xiangqi::Position> {
    FENS.iter().filter_map(|f| f.parse().ok()).collect()
}

/// If `parse` accepts `text` in `pos`, the move must be legal and its
/// formatting (by `notation`) must parse back to the same move.
fn check(
    pos: &xiangqi::Position,
    text: &str,
    notation: xiangqi::notation::Notation,
) {
    if let Ok(m) = notation.parse(pos, text) {
        assert!(pos.is_legal(m), "{text:?} gave illegal {m} in {pos}");
        let s = notation.format(pos, m).expect("legal move formats");
        assert_eq!(notation.parse(pos, &s), Ok(m), "{s:?} in {pos}");
    }
}
