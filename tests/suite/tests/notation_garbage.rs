//! Parsers on random text (the fuzz targets' property, run by proptest):
//! never panic; whatever parses is legal and formats back to itself.

use proptest::prelude::*;
use xiangqi::Position;
use xiangqi::notation::{ChineseScript, Notation, UciRanks, WxfDialect};
use xiangqi::pgn::{GameRecord, ReadOptions};

const FENS: [&str; 4] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "3k5/9/P8/P1P6/P1P6/9/9/9/9/4K4 w",
    "P2k5/P8/P8/P8/P8/9/9/9/9/4K4 w",
    "3k5/9/9/9/9/4p4/4p4/4p4/9/5K3 b",
];

const NOTATIONS: [Notation; 6] = [
    Notation::Iccs,
    Notation::Uci(UciRanks::OneToTen),
    Notation::Wxf(WxfDialect::FairyStockfish),
    Notation::Wxf(WxfDialect::Wxf),
    Notation::Wxf(WxfDialect::WxfPrefix),
    Notation::Chinese(ChineseScript::Traditional),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn move_parsers(text in "[-+=.0-9a-iA-Z车马炮兵卒前中后一二三五七九进退平１９ ]{0,6}") {
        for fen in FENS {
            let pos: Position = fen.parse().unwrap();
            for n in NOTATIONS {
                if let Ok(m) = n.parse(&pos, &text) {
                    prop_assert!(pos.is_legal(m));
                    let s = n.format(&pos, m).unwrap();
                    prop_assert_eq!(n.parse(&pos, &s), Ok(m));
                }
            }
        }
    }

    #[test]
    fn pgn_reader(text in "(\\[[A-Za-z]{0,3} ?\"[^\"]{0,3}\"?\\]?\n?)?([0-9]{0,2}\\.{0,3} ?|h2e2 |h9g7 |C2.5 |炮二平五 |[{}();$*] |1-0 ){0,8}") {
        if let Ok(rec) = GameRecord::from_pgn(&text, &ReadOptions::default()) {
            prop_assert!(rec.end().is_ok());
            let written = rec.to_pgn(Notation::Iccs).unwrap();
            let back = GameRecord::from_pgn(&written, &ReadOptions::default()).unwrap();
            prop_assert_eq!(back.moves, rec.moves);
        }
    }
}
