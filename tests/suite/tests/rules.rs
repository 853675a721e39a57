//! One named test per movement rule, on small hand-built positions.

use xiangqi::{Board, Color, EndReason, Move, Piece, Position, Setup, Square, Validation};

/// Builds a position from tokens like `Kd0 ke9 Ne4 w` (FEN letters,
/// uppercase Red; the last token is the side to move).
fn pos(spec: &str) -> Position {
    let mut tokens: Vec<&str> = spec.split_whitespace().collect();
    let side = tokens.pop().unwrap();
    let mut board = Board::empty();
    for t in tokens {
        let piece = Piece::from_char(t.chars().next().unwrap()).unwrap();
        let sq: Square = t[1..].parse().unwrap();
        assert!(board.set_piece_at(sq, piece).is_none(), "{t} twice");
    }
    let setup = Setup {
        board,
        turn: Color::from_fen_char(side.chars().next().unwrap()).unwrap(),
        halfmoves: 0,
        fullmoves: 1,
    };
    Position::from_setup(setup, Validation::Strict).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// The sorted destinations of the legal moves from `from`.
fn targets(p: &Position, from: &str) -> Vec<String> {
    let from: Square = from.parse().unwrap();
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to().to_string())
        .collect();
    v.sort();
    v
}

fn set(squares: &str) -> Vec<String> {
    let mut v: Vec<String> = squares.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

#[test]
fn horse_moves_without_blockers() {
    let p = pos("Kd0 kf9 Ne4 w");
    assert_eq!(targets(&p, "e4"), set("c3 c5 d2 d6 f2 f6 g3 g5"));
}

#[test]
fn horse_leg_blocked_forward() {
    let p = pos("Kd0 kf9 Ne4 pe5 w");
    assert_eq!(targets(&p, "e4"), set("c3 c5 d2 f2 g3 g5"));
}

#[test]
fn horse_leg_blocked_backward() {
    let p = pos("Kd0 kf9 Ne4 Pe3 w");
    assert_eq!(targets(&p, "e4"), set("c3 c5 d6 f6 g3 g5"));
}

#[test]
fn horse_leg_blocked_right() {
    let p = pos("Kd0 kf9 Ne4 pf4 w");
    assert_eq!(targets(&p, "e4"), set("c3 c5 d2 d6 f2 f6"));
}

#[test]
fn horse_leg_blocked_left() {
    let p = pos("Kd0 kf9 Ne4 Rd4 w");
    assert_eq!(targets(&p, "e4"), set("d2 d6 f2 f6 g3 g5"));
}

#[test]
fn elephant_eye_blocked() {
    assert_eq!(targets(&pos("Kd0 kf9 Be2 w"), "e2"), set("c0 c4 g0 g4"));
    assert_eq!(targets(&pos("Kd0 kf9 Be2 Rd3 w"), "e2"), set("c0 g0 g4"));
}

#[test]
fn elephant_cannot_cross_river() {
    assert_eq!(targets(&pos("Kd0 kf9 Bc4 w"), "c4"), set("a2 e2"));
    assert_eq!(targets(&pos("Kd0 kf9 bc5 b"), "c5"), set("a7 e7"));
}

#[test]
fn general_stays_in_palace() {
    assert_eq!(targets(&pos("Kd0 kf9 w"), "d0"), set("d1 e0"));
    assert_eq!(targets(&pos("Kd2 kf9 w"), "d2"), set("d1 e2"));
    assert_eq!(targets(&pos("Kd0 kf7 b"), "f7"), set("e7 f8"));
}

#[test]
fn advisor_stays_in_palace() {
    assert_eq!(targets(&pos("Kd0 kf9 Ad2 w"), "d2"), set("e1"));
    assert_eq!(targets(&pos("Ke0 kf9 Ae1 w"), "e1"), set("d0 d2 f0 f2"));
    // Blocked by its own general, the advisor on f9 has nowhere to go.
    assert_eq!(targets(&pos("Kd0 ke8 af9 b"), "f9"), Vec::<String>::new());
}

#[test]
fn soldier_forward_only_before_river() {
    assert_eq!(targets(&pos("Kd0 kf9 Pe3 w"), "e3"), set("e4"));
    assert_eq!(targets(&pos("Kd0 kf9 pe6 b"), "e6"), set("e5"));
}

#[test]
fn soldier_sideways_after_river_never_backwards() {
    assert_eq!(targets(&pos("Kd0 kf9 Pc5 w"), "c5"), set("b5 c6 d5"));
    assert_eq!(targets(&pos("Kd0 kf9 pc4 b"), "c4"), set("b4 c3 d4"));
    // On the last rank only sideways moves remain.
    assert_eq!(targets(&pos("Kd0 kf9 Pa9 w"), "a9"), set("b9"));
    assert_eq!(targets(&pos("Kd0 kf9 pi0 b"), "i0"), set("h0"));
}

#[test]
fn cannon_moves_without_screen_and_captures_over_exactly_one() {
    // b4 (own horse) is the screen towards b7; c2 (enemy chariot) is the
    // screen towards g2. The cannon cannot take c2 directly, nor b8 over two
    // screens, nor move past a screen without capturing.
    let p = pos("Kd0 kf9 Cb2 Nb4 nb7 rb8 rc2 ng2 w");
    assert_eq!(targets(&p, "b2"), set("a2 b0 b1 b3 b7 g2"));
}

#[test]
fn chariot_cannot_jump() {
    assert_eq!(targets(&pos("Kd0 kf9 Ra0 Na3 w"), "a0"), set("a1 a2 b0 c0"));
    assert_eq!(
        targets(&pos("Kd0 kf9 Ra0 pa3 w"), "a0"),
        set("a1 a2 a3 b0 c0")
    );
}

#[test]
fn flying_general_general_may_not_face() {
    // Black's general may not step onto the open e-file facing Red's.
    let p = pos("Ke0 kd9 b");
    assert_eq!(targets(&p, "d9"), set("d8"));
    assert!(!p.is_legal(mv("d9e9")));
    // With a piece between, it may.
    let p = pos("Ke0 kd9 Ne4 b");
    assert_eq!(targets(&p, "d9"), set("d8 e9"));
}

#[test]
fn flying_general_piece_between_generals_is_pinned() {
    // The horse is the only piece between the generals: it cannot move.
    let p = pos("Ke0 ke9 Ne4 w");
    assert_eq!(targets(&p, "e4"), Vec::<String>::new());
    assert_eq!(targets(&p, "e0"), set("d0 e1 f0"));
    // A cannon between them may move along the file only.
    let p = pos("Ke0 ke9 Ce4 w");
    assert_eq!(targets(&p, "e4"), set("e1 e2 e3 e5 e6 e7 e8"));
}

#[test]
fn piece_pinned_by_chariot() {
    let p = pos("Kd0 kf9 Nd4 rd9 w");
    assert_eq!(targets(&p, "d4"), Vec::<String>::new());
    // A pinned chariot moves along the pin and may capture the pinner.
    let p = pos("Kd0 kf9 Rd4 rd9 w");
    assert_eq!(targets(&p, "d4"), set("d1 d2 d3 d5 d6 d7 d8 d9"));
}

#[test]
fn discovered_check_by_moving_off_horse_leg() {
    let mut p = pos("Kd0 ke9 Nf7 Rf8 w");
    assert!(!p.is_check());
    p.play(mv("f8h8")).unwrap();
    assert!(p.is_check());
    assert_eq!(
        p.checkers().into_iter().collect::<Vec<_>>(),
        vec![Square::F7]
    );
}

#[test]
fn discovered_check_by_removing_cannon_screen() {
    // Two screens (e4, e5) between the cannon and the general: no check.
    let mut p = pos("Kd0 ke9 Ce2 Ne4 Pe5 w");
    assert!(!p.is_check());
    p.play(mv("e4c5")).unwrap();
    assert_eq!(
        p.checkers().into_iter().collect::<Vec<_>>(),
        vec![Square::E2]
    );
}

#[test]
fn check_by_adding_cannon_screen() {
    let mut p = pos("Kd0 ke9 Ce2 Nc4 w");
    p.play(mv("c4e5")).unwrap();
    assert_eq!(
        p.checkers().into_iter().collect::<Vec<_>>(),
        vec![Square::E2]
    );
}

#[test]
fn adding_a_screen_before_own_general_is_illegal() {
    let p = pos("Ke0 kd9 ce7 Nc3 w");
    assert!(!p.is_legal(mv("c3e4")));
    assert!(!p.is_legal(mv("c3e2")));
    assert!(p.is_legal(mv("c3a4")));
}

#[test]
fn may_not_leave_general_in_check() {
    // Red is in check from the chariot on e9 (black's general is on d9):
    // only moves that resolve it are legal; e0-d0 would face the general.
    let p = pos("Ke0 kd9 re9 Ra4 w");
    assert!(p.is_check());
    let mut moves: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    assert_eq!(moves, set("a4e4 e0f0"));
}

#[test]
fn stalemate_is_a_loss() {
    // Black's general has no move and Black is not in check: Black loses.
    let p = pos("Ke0 kd9 Rb8 b");
    assert!(!p.is_check());
    assert!(p.legal_moves().is_empty());
    assert!(p.is_stalemate());
    let outcome = p.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Color::Red));
    assert_eq!(outcome.reason, EndReason::Stalemate);
    // A blocked/pinned man does not save it: the black horse between the
    // generals cannot move, so this is stalemate too.
    let p = pos("Kd0 kd9 nd5 Rc8 Re7 b");
    assert!(p.is_stalemate(), "{:?}", p.legal_moves());
}

#[test]
fn checkmate_is_a_loss() {
    let p = pos("Kd0 ke9 Ra9 Ra8 b");
    assert!(p.is_checkmate());
    assert_eq!(p.outcome().unwrap().winner, Some(Color::Red));
}
