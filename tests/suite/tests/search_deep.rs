//! Deep searches, run in the debug build too (`cargo test`: overflow
//! checks and debug assertions on): arithmetic that only overflows at depth
//! (history scores, reductions, mate distances) panics there instead of
//! silently corrupting a release build.

use xiangqi::{Game, Limits, Position, Score, Searcher};

const POSITIONS: [&str; 3] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/9/1cn3nc1/p3p1p1p/2p6/9/P1P1P1P1P/1CN1C1N2/9/R1BAKABR1 w - - 0 1",
    "3ak4/4a4/4b4/9/2p6/9/4P4/4B4/4A4/2CAK1R2 w - - 0 1",
];

#[test]
fn depth_sixteen_from_three_positions() {
    for fen in POSITIONS {
        let pos: Position = fen.parse().unwrap();
        let mut searcher = Searcher::default();
        let r = searcher.search_simple(&pos, &Limits::depth(16));
        assert_eq!(r.depth, 16, "{fen}");
        let best = r.best_move.unwrap();
        assert!(pos.is_legal(best), "{fen}");
        assert_eq!(r.pv.first(), Some(&best));
        let mut game = Game::from_position(pos.clone());
        for m in &r.pv {
            game.play_on(*m).unwrap_or_else(|e| panic!("{fen}: pv {e}"));
        }
        if let Score::Cp(c) = r.score {
            assert!(c.abs() < 5_000, "{fen}: {c}");
        }
        // Searching again with the table kept is just as sound.
        let again = searcher.search_simple(&pos, &Limits::depth(12));
        assert!(pos.is_legal(again.best_move.unwrap()));
    }
}
