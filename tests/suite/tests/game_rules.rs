//! Targeted `Game` behaviour: precedence of the verdicts, the move limit
//! counters, and the explanation carried by verdicts.

use xiangqi::{Color, Conduct, EndReason, Game, Position, Role, Rules, Square};

fn game(fen: &str, rules: Rules, moves: &str) -> Game {
    let mut g = Game::with_rules(fen.parse::<Position>().unwrap(), rules);
    for m in moves.split_whitespace() {
        g.play(m.parse().unwrap()).unwrap();
    }
    g
}

#[test]
fn no_legal_move_at_the_limit_loses() {
    // a7a8 is the 120th ply without a capture and leaves Black without a
    // legal move (d8 is covered by the chariot, e9 faces the Red general).
    let g = game(
        "3k5/9/R8/9/9/9/9/9/9/4K4 w - - 119 70",
        Rules::default(),
        "a7a8",
    );
    let v = g.outcome().unwrap();
    assert_eq!(v.winner, Some(Color::Red));
    assert_eq!(v.reason, EndReason::Stalemate);
    // A quiet move that leaves Black a move is a draw instead.
    let g = game(
        "3k5/9/R8/9/9/9/9/9/9/4K4 w - - 119 70",
        Rules::default(),
        "a7b7",
    );
    assert_eq!(g.outcome().unwrap().reason, EndReason::MoveLimit);
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "1/2-1/2 draw by the move limit: 60 moves (120 plies) without a capture"
    );
}

#[test]
fn move_limit_counts_plies_and_resets_on_capture() {
    let rules = Rules::default().with_move_limit(Some(2));
    let mut g = game("3k5/9/9/9/9/9/p8/9/9/R3K4 w", rules, "a0b0 d9d8");
    assert_eq!(g.limit_plies(), 2);
    assert!(g.outcome().is_none());
    g.play("b0b3".parse().unwrap()).unwrap();
    assert!(g.outcome().is_none());
    g.play("d8d9".parse().unwrap()).unwrap();
    assert_eq!(g.outcome().unwrap().reason, EndReason::MoveLimit);
    // A capture resets the count.
    let mut g2 = game("3k5/9/9/9/9/9/p8/9/9/R3K4 w", rules_limit(2), "a0a3");
    assert_eq!(g2.limit_plies(), 0);
    g2.play("d9d8".parse().unwrap()).unwrap();
    assert_eq!(g2.limit_plies(), 1);
}

fn rules_limit(moves: u32) -> Rules {
    Rules::default().with_move_limit(Some(moves))
}

#[test]
fn insufficient_material_is_a_draw_unless_disabled() {
    let fen = "3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w";
    let g = game(fen, Rules::default(), "");
    assert_eq!(g.outcome().unwrap().reason, EndReason::InsufficientMaterial);
    assert!(g.clone().play("e2c0".parse().unwrap()).is_err());
    let g = game(fen, Rules::default().with_insufficient_material(false), "");
    assert!(g.outcome().is_none());
    // Capturing the last attacking piece ends the game at once.
    let g = game("3rk4/4a4/9/9/9/9/9/9/9/3R1K3 w", Rules::default(), "d0d9");
    assert!(g.outcome().is_none());
    let g = game(
        "3rk4/4a4/9/9/9/9/9/9/9/3R1K3 w",
        Rules::default(),
        "d0d9 e8d9",
    );
    let v = g.outcome().unwrap();
    assert_eq!((v.reason, v.ply), (EndReason::InsufficientMaterial, 2));
}

#[test]
fn perpetual_check_verdict_explains_itself() {
    let g = game(
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w",
        Rules::default(),
        "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9",
    );
    let v = g.outcome().unwrap();
    let c = v.cycle.as_ref().unwrap();
    assert_eq!((c.first_ply, c.last_ply, c.occurrences), (0, 8, 3));
    match &c.red {
        Conduct::Check { checkers } => {
            assert_eq!(checkers.len(), 1);
            assert_eq!(checkers[0].square, Square::E1);
            assert_eq!(checkers[0].piece.role, Role::Chariot);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(c.black, Conduct::Idle);
    assert_eq!(
        v.to_string(),
        "0-1 black wins by perpetual check: red made a check with every move \
         (red chariot on e1) from ply 0 to ply 8 (the position occurred 3 times), \
         black made idle moves"
    );
    assert_eq!(
        v.outcome().to_string(),
        "0-1 black wins by red's perpetual check"
    );
}

#[test]
fn perpetual_chase_verdict_names_chaser_and_target() {
    // Red's chariot follows Black's unprotected cannon between h6 and h7.
    let g = game(
        "5k3/9/R8/7c1/9/9/9/9/9/4K4 w",
        Rules::default(),
        "a7a6 h6h7 a6a7 h7h6 a7a6 h6h7 a6a7 h7h6",
    );
    let v = g.outcome().unwrap();
    assert_eq!(v.reason, EndReason::PerpetualChase);
    assert_eq!(v.winner, Some(Color::Black));
    let c = v.cycle.as_ref().unwrap();
    match &c.red {
        Conduct::Chase { chasers, targets } => {
            assert_eq!(targets.len(), 1);
            assert_eq!(targets[0].square, Square::H6);
            assert_eq!(targets[0].piece.role, Role::Cannon);
            assert_eq!(chasers.len(), 1);
            assert_eq!(chasers[0].square, Square::A7);
            assert_eq!(chasers[0].piece.role, Role::Chariot);
        }
        other => panic!("{other:?}"),
    }
    assert!(
        v.to_string().contains(
            "red made a chase of black cannon on h6 with every move (by red chariot on a7)"
        )
    );
    // The records hold the chases move by move.
    assert_eq!(g.chases_of(0).unwrap().0.first(), Some(Square::H6));
    assert_eq!(g.chases_of(0).unwrap().1.first(), Some(Square::A6));
    assert!(g.chases_of(1).unwrap().0.is_empty());
    // With chase detection off it is an idle repetition.
    let g = game(
        "5k3/9/R8/7c1/9/9/9/9/9/4K4 w",
        Rules::default().with_chase_detection(false),
        "a7a6 h6h7 a6a7 h7h6 a7a6 h6h7 a6a7 h7h6",
    );
    assert_eq!(g.outcome().unwrap().reason, EndReason::Repetition);
    // The chases are still there to see; they are just not judged.
    assert_eq!(g.chases_of(0).unwrap().0.first(), Some(Square::H6));
}

#[test]
fn repetition_count_is_configurable() {
    let moves = "h0g2 h9g7 g2h0 g7h9";
    let g = game(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        Rules::default().with_repetition_count(2),
        moves,
    );
    assert_eq!(g.outcome().unwrap().reason, EndReason::Repetition);
    let g = game(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        Rules::default(),
        moves,
    );
    assert!(g.outcome().is_none());
}

/// The lone-cannon case of `is_insufficient_material`, checked by playing:
/// from many placements of two generals and one cannon, random play never
/// gives a check, never captures anything but the cannon, and never leaves
/// a side without a move.
#[test]
fn lone_cannon_can_never_check() {
    use xiangqi::{Board, Piece, Setup, Validation, is_insufficient_material};
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let palace =
        |c: Color| -> Vec<Square> { Square::ALL.into_iter().filter(|s| s.in_palace(c)).collect() };
    let mut games = 0;
    while games < 300 {
        let mut board = Board::empty();
        let red = palace(Color::Red)[next(9)];
        let black = palace(Color::Black)[next(9)];
        let cannon = Square::ALL[next(90)];
        if cannon == red || cannon == black {
            continue;
        }
        board.set_piece_at(red, Piece::new(Color::Red, Role::General));
        board.set_piece_at(black, Piece::new(Color::Black, Role::General));
        let owner = if next(2) == 0 {
            Color::Red
        } else {
            Color::Black
        };
        board.set_piece_at(cannon, Piece::new(owner, Role::Cannon));
        let turn = if next(2) == 0 {
            Color::Red
        } else {
            Color::Black
        };
        let setup = Setup {
            board,
            turn,
            halfmoves: 0,
            fullmoves: 1,
        };
        let Ok(mut pos) = xiangqi::Position::from_setup(setup, Validation::Strict) else {
            continue;
        };
        games += 1;
        assert!(is_insufficient_material(pos.board()));
        for _ in 0..200 {
            assert!(!pos.is_check(), "{pos}");
            let moves = pos.legal_moves();
            assert!(!moves.is_empty(), "no move in {pos}");
            let m = moves[next(moves.len())];
            if let Some(captured) = pos.play_unchecked(m) {
                assert_eq!(captured.role, Role::Cannon, "{pos}");
            }
        }
    }
}
