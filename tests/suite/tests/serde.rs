//! serde (feature `serde`): squares, moves and positions as strings, the
//! enums by name; malformed values are errors, never panics.

use xiangqi::{Color, Move, Piece, Position, Role, Square};

#[test]
fn round_trips() {
    assert_eq!(serde_json::to_string(&Square::H2).unwrap(), "\"h2\"");
    assert_eq!(
        serde_json::from_str::<Square>("\"i9\"").unwrap(),
        Square::I9
    );
    let m: Move = "h2e2".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"h2e2\"");
    assert_eq!(serde_json::from_str::<Move>("\"H2-E2\"").unwrap(), m);
    let pos = Position::new();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(
        json,
        "\"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\""
    );
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    for color in Color::ALL {
        for role in Role::ALL {
            let p = Piece::new(color, role);
            let back: Piece = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
            assert_eq!(back, p);
        }
        let back: Color = serde_json::from_str(&serde_json::to_string(&color).unwrap()).unwrap();
        assert_eq!(back, color);
    }
    let moves: Vec<Move> = pos.legal_moves().to_vec();
    let back: Vec<Move> = serde_json::from_str(&serde_json::to_string(&moves).unwrap()).unwrap();
    assert_eq!(back, moves);
}

#[test]
fn malformed_values_are_errors() {
    for bad in ["\"j0\"", "\"a10\"", "0", "null", "[]", "\"\"", "\"é\""] {
        assert!(serde_json::from_str::<Square>(bad).is_err(), "{bad}");
    }
    for bad in ["\"h2h2\"", "\"h2\"", "12", "\"h2e2x\"", "{}"] {
        assert!(serde_json::from_str::<Move>(bad).is_err(), "{bad}");
    }
    for bad in [
        "\"\"",
        "\"9/9/9 w\"",
        "\"4k4/9/9/9/9/9/9/9/9/4K4 w\"", // generals facing
        "\"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x\"",
        "5",
    ] {
        assert!(serde_json::from_str::<Position>(bad).is_err(), "{bad}");
    }
    assert!(serde_json::from_str::<Color>("\"Green\"").is_err());
    assert!(serde_json::from_str::<Role>("\"Queen\"").is_err());
    assert!(serde_json::from_str::<Piece>("{\"color\":\"Red\"}").is_err());
}

#[test]
fn game_round_trips_with_rules_and_verdict() {
    use xiangqi::{Game, Rules};
    let start: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse().unwrap();
    let mut game = Game::with_rules(start, Rules::new().with_move_limit(Some(50)));
    for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split(' ') {
        game.play(m.parse().unwrap()).unwrap();
    }
    assert!(game.outcome().is_some());
    game.play_on("e1e2".parse().unwrap()).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.rules(), game.rules());
    assert_eq!(
        back.moves().collect::<Vec<_>>(),
        game.moves().collect::<Vec<_>>()
    );
    assert_eq!(back.position(), game.position());
    assert_eq!(back.verdict_at(8), game.verdict_at(8));
    // Missing rules and moves take their defaults.
    let fresh: Game = serde_json::from_str(r#"{"start":"3k5/9/9/9/9/9/9/9/4R4/5K3 w"}"#).unwrap();
    assert_eq!(fresh.rules(), &Rules::default());
    assert_eq!(fresh.ply(), 0);
}

#[test]
fn a_study_reads_back() {
    use xiangqi::{Game, Position, Setup, Validation};
    // An advisor on d1 is reachable by no game: a study, valid leniently.
    let setup: Setup = "3k5/9/9/9/9/9/9/9/3A5/4K3R w".parse().unwrap();
    let start = Position::from_setup(setup, Validation::Lenient).unwrap();
    let mut game = Game::from_position(start);
    game.play("d1e2".parse().unwrap()).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    // Lenient is not lax: two red generals are still refused.
    let bad = r#"{"start":"3k5/9/9/9/9/9/9/9/3K5/4K4 w"}"#;
    assert!(serde_json::from_str::<Game>(bad).is_err());
}

#[test]
fn malformed_games_are_errors() {
    use xiangqi::Game;
    for bad in [
        "{}",
        "[]",
        "null",
        r#"{"start":"not a fen"}"#,
        r#"{"start":"4k4/9/9/9/9/9/9/9/9/4K4 w"}"#,
        r#"{"start":"3k5/9/9/9/9/9/9/9/4R4/5K3 w","moves":["e1e9x"]}"#,
        r#"{"start":"3k5/9/9/9/9/9/9/9/4R4/5K3 w","moves":["d9d8"]}"#,
        r#"{"start":"3k5/9/9/9/9/9/9/9/4R4/5K3 w","moves":[],"rules":{"repetition_count":"x"}}"#,
        r#"{"start":"3k5/9/9/9/9/9/9/9/4R4/5K3 w","extra":1}"#,
    ] {
        assert!(serde_json::from_str::<Game>(bad).is_err(), "{bad}");
    }
}
