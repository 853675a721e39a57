//! serde (feature `serde`): squares, moves and positions as strings, the
//! enums by name; malformed values are errors, never panics.
#![cfg(feature = "serde")]

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
