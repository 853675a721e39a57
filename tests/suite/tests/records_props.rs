//! Property: every game, written in every notation with random tags and
//! comments, reads back equal — alone, strictly, and as part of a
//! many-game text — and its `Game` comes back equal.

use proptest::prelude::*;

use xiangqi::notation::Notation;
use xiangqi::pgn::{GameRecord, GameResult, LineReader, read_games};
use xiangqi::{Game, Position, Rules, Setup, Validation};
use xiangqi_suite::{NOTATIONS, read_options_for as opts};

/// Starts: the standard one, middlegames with tandem pieces, Black to
/// move, and studies that need lenient validation.
const STARTS: [&str; 7] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 b - - 4 3",
    "1nC2abnr/rc2a4/c3k4/p1p1p1p1p/8P/2P6/P3P1P2/2C6/R8/1NBAKABNR w - - 0 9",
    "3k5/9/P8/P1P6/P1P6/9/9/9/9/4K4 w - - 0 40",
    "2bak4/4a4/4b4/9/2p6/9/9/2B1B4/3A5/3AK4 b - - 0 30",
    "3k5/9/9/9/9/9/4B4/p8/3A5/3AK4 w - - 0 1",
    "4k4/4a4/3a5/9/9/2p1p4/9/4B4/4A4/3AK1B2 w - - 0 1",
];

fn start(i: usize) -> Position {
    let setup: Setup = STARTS[i].parse().unwrap();
    Position::from_setup(setup, Validation::Lenient).unwrap()
}

fn result(i: u8) -> GameResult {
    [
        GameResult::RedWins,
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::Unknown,
    ][usize::from(i % 4)]
}

prop_compose! {
    fn tag()(name in "[A-Z][A-Za-z0-9_]{0,8}", value in "[ -~车马炮“”]{0,12}") -> (String, String) {
        (name, value)
    }
}

prop_compose! {
    fn comment()(ply in 0usize..200, text in "[!-|~车马炮一二]([ !-|~车马炮]{0,10}[!-|~])?") -> (usize, String) {
        (ply, text)
    }
}

prop_compose! {
    fn record()(
        s in 0..STARTS.len(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..90),
        tags in prop::collection::vec(tag(), 0..5),
        mut comments in prop::collection::vec(comment(), 0..4),
        mut nags in prop::collection::vec((0usize..200, any::<u8>()), 0..4),
        r in any::<u8>(),
    ) -> (Game, GameRecord) {
        let mut game = Game::from_position(start(s));
        for p in picks {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play_on(moves[p.index(moves.len())]).unwrap();
        }
        let mut rec = GameRecord::from_game(&game);
        rec.result = result(r);
        rec.tags.retain(|(k, _)| k != "Result");
        let mut all: Vec<(String, String)> = tags
            .into_iter()
            .filter(|(k, _)| !k.eq_ignore_ascii_case("FEN") && k != "Result")
            .collect();
        all.push(("Result".into(), rec.result.as_str().into()));
        all.append(&mut rec.tags);
        rec.tags = all;
        for c in &mut comments {
            c.0 %= rec.moves.len() + 1;
        }
        comments.sort_by_key(|c| c.0);
        rec.comments = comments;
        for g in &mut nags {
            g.0 %= rec.moves.len() + 1;
        }
        nags.sort_by_key(|g| g.0);
        rec.nags = nags;
        (game, rec)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn every_game_reads_back_equal_in_every_notation((game, rec) in record()) {
        let mut texts = Vec::new();
        for n in NOTATIONS {
            let text = rec.to_pgn(n).unwrap();
            let back = GameRecord::from_pgn(&text, &opts(n));
            prop_assert_eq!(back.as_ref(), Ok(&rec), "{:?}\n{}", n, text);
            let strict = GameRecord::from_pgn(&text, &opts(n).with_strict(true));
            prop_assert_eq!(strict.as_ref(), Ok(&rec), "strict {:?}\n{}", n, text);
            prop_assert_eq!(rec.to_game(Rules::default()).unwrap(), game.clone());
            // Written again, the same text.
            prop_assert_eq!(back.unwrap().to_pgn(n).unwrap(), text.clone());
            texts.push(text);
        }
        // The editions the default options read (not ranks 1-10, not the
        // WXF rules' `33.4`) in one text, with CRLF line ends: the same
        // records, from the text and fed line by line.
        let o = opts(Notation::Iccs);
        let texts: Vec<&String> = texts
            .iter()
            .zip(NOTATIONS)
            .filter(|(_, n)| opts(*n) == o)
            .map(|(t, _)| t)
            .collect();
        let many = texts.iter().map(|t| t.as_str()).collect::<Vec<_>>().join("\n").replace('\n', "\r\n");
        let all: Vec<GameRecord> = read_games(&many, &o).map(Result::unwrap).collect();
        prop_assert_eq!(all.len(), 5);
        let mut reader = LineReader::new(&o);
        let mut fed = Vec::new();
        for line in many.lines() {
            fed.extend(reader.push_line(line).map(Result::unwrap));
        }
        fed.extend(reader.finish().map(Result::unwrap));
        prop_assert_eq!(&fed, &all);
        for got in all {
            prop_assert_eq!(&got.tags, &rec.tags);
            prop_assert_eq!(&got.moves, &rec.moves);
            prop_assert_eq!(&got.comments, &rec.comments);
            prop_assert_eq!(&got.nags, &rec.nags);
            prop_assert_eq!(got.result, rec.result);
        }
    }
}
