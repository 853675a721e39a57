//! A `Game` written as PGN keeps everything: the moves, the tags (`SetUp`
//! and `FEN` for a set-up start, `Termination` for the verdict), the
//! verdict's sentence as a comment, and the result. Read back, the record
//! is equal and its game reaches the same verdict.

use xiangqi::notation::{Notation, WxfDialect};
use xiangqi::pgn::{CheckedRecord, GameRecord, GameResult, ReadOptions};
use xiangqi::{EndReason, Game, Position, Rng, Rules};
use xiangqi_suite::NOTATIONS;

fn opts(n: Notation) -> ReadOptions {
    match n {
        Notation::Wxf(d) => ReadOptions::default().with_wxf_dialect(d),
        Notation::Uci(r) => ReadOptions::default().with_coordinates(r),
        _ => ReadOptions::default(),
    }
}

/// Writes `game` in every notation, reads it back and checks that nothing
/// was lost.
fn round_trip(game: &Game) -> GameRecord {
    let rec = GameRecord::from_game(game);
    for n in NOTATIONS {
        let text = game.to_pgn(n);
        assert_eq!(CheckedRecord::from_game(game).to_pgn(n), text);
        assert_eq!(rec.to_pgn(n).unwrap(), text);
        let back = GameRecord::from_pgn(&text, &opts(n)).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.moves, rec.moves, "{n:?}\n{text}");
        assert_eq!(back.tags, rec.tags, "{n:?}\n{text}");
        assert_eq!(back.result, rec.result, "{n:?}\n{text}");
        assert_eq!(back, rec, "{n:?}\n{text}");
        let again = back.to_game(game.rules().clone()).unwrap();
        assert_eq!(again.outcome(), game.outcome());
    }
    assert_eq!(rec.result, GameResult::of_game(game));
    match game.outcome() {
        Some(v) => {
            let outcome = v.outcome().to_string();
            let words = outcome.strip_prefix(v.result()).unwrap().trim();
            assert_eq!(rec.tag("Termination"), Some(words));
            let sentence = v.to_string();
            let comment = sentence.strip_prefix(v.result()).unwrap().trim();
            assert_eq!(rec.comments, vec![(v.ply, comment.to_string())]);
        }
        None => {
            assert_eq!(rec.tag("Termination"), None);
            assert!(rec.comments.is_empty());
        }
    }
    if game.start() == &Position::new() {
        assert_eq!((rec.tag("SetUp"), rec.tag("FEN")), (None, None));
    } else {
        assert_eq!(rec.tag("SetUp"), Some("1"));
        assert_eq!(rec.tag("FEN"), Some(game.start().to_string().as_str()));
    }
    rec
}

#[test]
fn random_games_round_trip_with_their_verdicts() {
    let mut rng = Rng::new(32);
    let starts = [
        Position::new(),
        "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 b - - 4 3"
            .parse()
            .unwrap(),
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse().unwrap(),
    ];
    let mut reasons = Vec::new();
    for i in 0..60 {
        let start: Position = starts[i % starts.len()].clone();
        let rules = Rules::new().with_move_limit(Some(if i % 2 == 0 { 60 } else { 20 }));
        let mut game = Game::with_rules(start, rules);
        while game.outcome().is_none() && game.ply() < 300 {
            let moves = game.position().legal_moves();
            game.play(moves[rng.below(moves.len())]).unwrap();
        }
        round_trip(&game);
        if let Some(v) = game.outcome() {
            reasons.push(v.reason);
        }
    }
    // The games end in several ways, not one.
    reasons.sort_by_key(|r| format!("{r:?}"));
    reasons.dedup();
    assert!(reasons.len() >= 2, "{reasons:?}");
}

#[test]
fn perpetual_check_keeps_who_lost_and_why() {
    let start: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse().unwrap();
    let mut game = Game::from_position(start);
    for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split(' ') {
        game.play(m.parse().unwrap()).unwrap();
    }
    let rec = round_trip(&game);
    assert_eq!(rec.result, GameResult::BlackWins);
    assert_eq!(
        rec.tag("Termination"),
        Some("black wins by red's perpetual check")
    );
    let text = game.to_pgn(Notation::Wxf(WxfDialect::Wxf));
    assert!(
        text.contains(
            "{black wins by perpetual check: red made a check with every move (red chariot on e1)"
        ),
        "{text}"
    );
    assert!(text.ends_with("black made idle moves}\n0-1\n"), "{text}");
}

#[test]
fn a_game_from_a_fen_writes_setup_and_fen() {
    let start: Position = "2bak4/4a4/4b4/9/2p6/9/9/4B4/4A4/2BAK4 b - - 0 30"
        .parse()
        .unwrap();
    let mut game = Game::from_position(start);
    game.play("c5c4".parse().unwrap()).unwrap();
    let rec = round_trip(&game);
    assert_eq!(
        rec.tags,
        [
            ("Result".to_string(), "*".to_string()),
            ("SetUp".to_string(), "1".to_string()),
            (
                "FEN".to_string(),
                "2bak4/4a4/4b4/9/2p6/9/9/4B4/4A4/2BAK4 b - - 0 30".to_string()
            ),
        ]
    );
    assert!(game.to_pgn(Notation::Iccs).ends_with("\n\n30... c5c4 *\n"));
    // A hand-made record with no FEN tag gets both when written.
    let hand = GameRecord {
        start: game.start().clone(),
        ..GameRecord::default()
    };
    let text = hand.to_pgn(Notation::Iccs).unwrap();
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"2bak4/"), "{text}");
}

#[test]
fn a_move_limit_draw_says_so() {
    // Two moves each without a capture under a two-move limit.
    let rules = Rules::new().with_move_limit(Some(2));
    let mut game = Game::with_rules(Position::new(), rules);
    for m in "h0g2 h9g7 b0c2 b9c7".split(' ') {
        game.play(m.parse().unwrap()).unwrap();
    }
    assert_eq!(game.outcome().unwrap().reason, EndReason::MoveLimit);
    let rec = round_trip(&game);
    assert_eq!(rec.result, GameResult::Draw);
    assert_eq!(rec.tag("Termination"), Some("draw by the move limit"));
    assert_eq!(
        rec.comments,
        [(
            4,
            "draw by the move limit: 2 moves (4 plies) without a capture".to_string()
        )]
    );
}

#[test]
fn tags_by_name_and_checked_records() {
    let mut game = Game::new();
    game.play("h2e2".parse().unwrap()).unwrap();
    let rec = CheckedRecord::from_game(&game)
        .with_tag("Event", "Club")
        .with_tag("Red", "a")
        .with_tag("Event", "Final");
    assert_eq!(rec.tag("Event"), Some("Final"));
    let text = rec.to_pgn(Notation::Iccs);
    assert_eq!(
        text,
        "[Result \"*\"]\n[Event \"Final\"]\n[Red \"a\"]\n\n1. h2e2 *\n"
    );
    let back = GameRecord::from_pgn(&text, &ReadOptions::default()).unwrap();
    assert_eq!(&back, rec.record());
    // A Result tag set by hand is written as the game's result.
    let forged = rec.clone().with_tag("Result", "1-0");
    assert!(forged.to_pgn(Notation::Iccs).starts_with("[Result \"*\"]"));
    // A record read back is checked again; a broken one is not.
    assert_eq!(CheckedRecord::try_from(back.clone()).unwrap(), rec);
    let mut broken = back;
    broken.moves.push("h2e2".parse().unwrap());
    assert!(CheckedRecord::try_from(broken.clone()).is_err());
    assert!(broken.to_pgn(Notation::Iccs).is_err());
    let mut r = broken;
    assert_eq!(r.remove_tag("Red"), Some("a".to_string()));
    assert_eq!(r.remove_tag("Red"), None);
}
