//! Properties of `Game`: undo restores the exact previous state, and the
//! outcome depends only on the moves played.

use proptest::prelude::*;
use xiangqi::{Game, Move, Position, Rules};

/// Small endgames in which random play repeats often, and the start.
const STARTS: [&str; 4] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "3k5/9/9/9/9/9/9/9/4R4/5K3 w",
    "3ak4/4a4/9/9/9/9/9/2n6/2C6/3K5 w",
    "4k4/9/4b4/9/2r6/9/9/4B4/4N4/3K5 w",
];

fn rules(i: usize) -> Rules {
    // Vary the rules: a short move limit and a check cap exercise the
    // counters, a repetition count of 2 ends games early.
    match i % 3 {
        0 => Rules::default(),
        1 => Rules::default()
            .with_move_limit(Some(8))
            .with_check_cap(Some(1)),
        _ => Rules::default().with_repetition_count(2),
    }
}

/// Plays up to `picks.len()` moves, each chosen by a pick among the legal
/// ones, stopping when the game ends.
fn random_game(start: usize, rule: usize, picks: &[usize]) -> Game {
    let pos: Position = STARTS[start].parse().unwrap();
    let mut game = Game::with_rules(pos, rules(rule));
    for &p in picks {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        let m = moves[p % moves.len()];
        game.play(m).unwrap();
    }
    game
}

fn snapshot(game: &Game) -> (Position, u64, String, usize, Vec<Move>) {
    (
        game.position().clone(),
        game.position().hash(),
        format!("{:?}", game.outcome()),
        game.ply(),
        game.moves().collect(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn undo_restores_the_previous_state(
        start in 0..STARTS.len(),
        rule in 0..3usize,
        picks in proptest::collection::vec(any::<usize>(), 0..60),
        extra in any::<usize>(),
    ) {
        let mut game = random_game(start, rule, &picks);
        let before = snapshot(&game);
        let records = game.records().to_vec();
        if game.outcome().is_none() {
            let moves = game.position().legal_moves();
            let m = moves[extra % moves.len()];
            game.play(m).unwrap();
            prop_assert_eq!(game.undo(), Some(m));
            prop_assert_eq!(snapshot(&game), before.clone());
            prop_assert_eq!(game.records(), &records[..]);
        }
        // Undo everything, one ply at a time, checking each state against
        // a replay of the same prefix.
        let moves: Vec<Move> = game.moves().collect();
        for k in (0..moves.len()).rev() {
            game.undo();
            let pos: Position = STARTS[start].parse().unwrap();
            let mut replay = Game::with_rules(pos, rules(rule));
            for &m in &moves[..k] {
                replay.play(m).unwrap();
            }
            prop_assert_eq!(snapshot(&game), snapshot(&replay));
            prop_assert_eq!(game.records(), replay.records());
        }
        prop_assert_eq!(game.position(), game.start());
        prop_assert_eq!(game.undo(), None);
    }

    #[test]
    fn outcome_depends_only_on_the_moves(
        start in 0..STARTS.len(),
        rule in 0..3usize,
        picks in proptest::collection::vec(any::<usize>(), 0..60),
        detours in proptest::collection::vec((any::<usize>(), 1..4usize), 0..8),
    ) {
        let game = random_game(start, rule, &picks);
        // Replay the same moves with detours: moves played and taken back.
        let pos: Position = STARTS[start].parse().unwrap();
        let mut other = Game::with_rules(pos, rules(rule));
        let moves: Vec<Move> = game.moves().collect();
        for (i, &m) in moves.iter().enumerate() {
            if let Some(&(pick, len)) = detours.get(i % 16) {
                let mut played = 0;
                for j in 0..len {
                    if other.outcome().is_some() {
                        break;
                    }
                    let legal = other.position().legal_moves();
                    other.play(legal[(pick + j) % legal.len()]).unwrap();
                    played += 1;
                }
                for _ in 0..played {
                    other.undo();
                }
            }
            other.play(m).unwrap();
        }
        prop_assert_eq!(snapshot(&game), snapshot(&other));
        prop_assert_eq!(game.outcome().map(|v| v.to_string()), other.outcome().map(|v| v.to_string()));
    }
}

/// The random games above do reach verdicts (so the properties also cover
/// finished games): repetitions, perpetual checks and the move limit.
#[test]
fn random_games_reach_verdicts() {
    use std::collections::HashSet;
    use xiangqi::EndReason;
    let mut reasons = HashSet::new();
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    for i in 0..300 {
        let picks: Vec<usize> = (0..60)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as usize
            })
            .collect();
        let game = random_game(1 + i % 3, i % 3, &picks);
        if let Some(v) = game.outcome() {
            reasons.insert(v.reason);
        }
    }
    for r in [
        EndReason::Repetition,
        EndReason::PerpetualCheck,
        EndReason::MoveLimit,
    ] {
        assert!(reasons.contains(&r), "{r:?} never reached: {reasons:?}");
    }
}
