//! `Game` <-> `GameRecord`: results from verdicts, records written in every
//! notation and read back into equal games, studies under lenient
//! validation, and equality of games.

use xiangqi::notation::Notation;
use xiangqi::pgn::{GameRecord, GameResult, PgnError, ReadOptions};
use xiangqi::{Game, Position, Rules, Setup, Validation};
use xiangqi_suite::{NOTATIONS, strict_read_options_for as opts_for};

fn perpetual_check() -> Game {
    let start: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse().unwrap();
    let mut game = Game::with_rules(start, Rules::new().with_move_limit(Some(50)));
    for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split(' ') {
        game.play(m.parse().unwrap()).unwrap();
    }
    game
}

#[test]
fn game_to_record_to_pgn_and_back_in_every_notation() {
    let game = perpetual_check();
    let rec = GameRecord::from_game(&game);
    assert_eq!(rec.result, GameResult::BlackWins);
    assert_eq!(rec.result, GameResult::from(game.outcome().unwrap()));
    assert_eq!(rec.tag("Result"), Some("0-1"));
    assert_eq!(rec.tag("FEN"), Some("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1"));
    assert_eq!(GameRecord::from(&game), rec);
    for n in NOTATIONS {
        let text = rec.to_pgn(n).unwrap();
        let back = GameRecord::from_pgn(&text, &opts_for(n)).unwrap();
        assert_eq!(back, rec, "{n:?}\n{text}");
        let again = back.to_game(game.rules().clone()).unwrap();
        assert_eq!(again, game);
        assert_eq!(again.outcome(), game.outcome());
    }
    // Under other rules it is another game.
    assert_ne!(rec.to_game(Rules::default()).unwrap(), game);
    assert_eq!(Game::try_from(&rec).unwrap().rules(), &Rules::default());
}

#[test]
fn play_past_a_verdict_and_unfinished_games() {
    let mut game = perpetual_check();
    game.play_on("e1e2".parse().unwrap()).unwrap();
    let rec = GameRecord::from_game(&game);
    assert_eq!(rec.result, GameResult::Unknown); // the last ply has no verdict
    assert_eq!(rec.moves.len(), 9);
    assert_eq!(rec.to_game(game.rules().clone()).unwrap(), game);
    let fresh = GameRecord::from_game(&Game::new());
    assert_eq!(fresh.tags, [("Result".to_string(), "*".to_string())]);
    assert_eq!(
        fresh.to_pgn(Notation::Iccs).unwrap(),
        "[Result \"*\"]\n\n*\n"
    );
    // An illegal move in a hand-made record is an error, not a game.
    let bad = GameRecord {
        moves: vec!["h2h8".parse().unwrap()],
        ..GameRecord::default()
    };
    assert!(bad.to_game(Rules::default()).is_err());
}

#[test]
fn a_study_reads_back_under_lenient_validation() {
    // Red advisors on d0 and d1 and an elephant on e3, and a black
    // soldier: a study, not a game.
    let setup: Setup = "3k5/9/9/9/9/9/4B4/p8/3A5/3AK4 w".parse().unwrap();
    assert!(Position::from_setup(setup.clone(), Validation::Strict).is_err());
    let start = Position::from_setup(setup, Validation::Lenient).unwrap();
    let mut game = Game::from_position(start);
    game.play("d1e2".parse().unwrap()).unwrap();
    let rec = GameRecord::from_game(&game);
    let lenient = ReadOptions::default().with_validation(Validation::Lenient);
    for n in NOTATIONS {
        let text = rec.to_pgn(n).unwrap();
        assert!(matches!(
            GameRecord::from_pgn(&text, &opts_for(n)),
            Err(PgnError::Fen(_))
        ));
        let back = GameRecord::from_pgn(&text, &opts_for(n).with_validation(Validation::Lenient))
            .unwrap_or_else(|e| panic!("{n:?}: {e}\n{text}"));
        assert_eq!(back, rec, "{n:?}");
        assert_eq!(back.to_game(Rules::default()).unwrap(), game);
    }
    // The FEN tag's validation applies to read_games as well.
    let text = rec.to_pgn(Notation::Iccs).unwrap();
    let games: Vec<_> = xiangqi::pgn::read_games(&text, &lenient).collect();
    assert_eq!(games, [Ok(rec)]);
}

#[test]
fn tags_round_trip_unchanged_and_fen_follows_start() {
    let text = "[Event \"x\"]\n[FEN \"3k5/9/9/9/9/9/9/9/4R4/5K3 r\"]\n[Round \"2\"]\n\n1. e1d1 *\n";
    let rec = GameRecord::from_pgn(text, &ReadOptions::default()).unwrap();
    assert_eq!(rec.tags.len(), 3);
    assert_eq!(rec.tag("FEN"), Some("3k5/9/9/9/9/9/9/9/4R4/5K3 r"));
    let written = rec.to_pgn(Notation::Iccs).unwrap();
    assert_eq!(
        written,
        "[Event \"x\"]\n[FEN \"3k5/9/9/9/9/9/9/9/4R4/5K3 r\"]\n[Round \"2\"]\n[Result \"*\"]\n\n1. e1d1 *\n"
    );
    let back = GameRecord::from_pgn(&written, &ReadOptions::default()).unwrap();
    assert_eq!(back.tags[..3], rec.tags[..]);
    // A FEN tag that no longer describes the start is rewritten from it.
    let mut moved = rec.clone();
    moved.start = "3k5/9/9/9/9/9/9/9/4R4/4K4 w".parse().unwrap();
    moved.moves.clear();
    let written = moved.to_pgn(Notation::Iccs).unwrap();
    assert!(written.contains("[FEN \"3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1\"]\n[Round"));
}

#[test]
fn games_are_equal_when_rules_start_and_moves_are() {
    let mut a = Game::new();
    let mut b = Game::new();
    assert_eq!(a, b);
    a.play("h2e2".parse().unwrap()).unwrap();
    assert_ne!(a, b);
    b.play("h2e2".parse().unwrap()).unwrap();
    assert_eq!(a, b);
    b.play("h9g7".parse().unwrap()).unwrap();
    b.undo();
    assert_eq!(a, b);
    let c = Game::with_rules(Position::new(), Rules::new().with_move_limit(Some(10)));
    assert_ne!(c, Game::new());
    let d = Game::from_position("3k5/9/9/9/9/9/9/9/4R4/4K4 w".parse().unwrap());
    assert_ne!(d, Game::new());
}
