//! Property: the search's verdict at each node of a line equals what
//! [`Game::outcome`] says after the same moves.
//!
//! Random games that shuffle pieces back and forth (so repetitions, checks
//! and chases happen) are played move by move both in a [`Game`] and in a
//! search worker (its `make`, which pushes the per-ply record, as in the
//! tree). At every ply:
//! * where the game has ended by a rule other than "no legal move", the
//!   worker's arbiter scores that exact result (draw, or a win/loss for the
//!   side to move);
//! * where the side to move has no legal move, the worker leaves it to the
//!   search's move loop (which scores it lost);
//! * where the game goes on, the worker ends the line only for a position
//!   repeated inside its tree, and then its verdict is the game's verdict
//!   once the cycle is played again until the repetition count (or until
//!   the move limit, if that comes first).

use std::sync::atomic::AtomicBool;

use super::MATE_SCORE;
use super::driver::game_line;
use super::limits::{Deadlines, Limits};
use super::shared::Shared;
use super::tt::Table;
use super::worker::Worker;
use crate::base::{Color, EndReason, Move, Position};
use crate::eval::{Evaluator, MaterialPst};
use crate::game::repetition;
use crate::game::{Game, Rules};

const STARTS: [&str; 9] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
    "5k3/9/9/9/4r4/9/N8/9/9/3K5 w - - 0 1",
    "5k3/9/R8/7c1/9/9/9/9/9/4K4 w - - 0 1",
    "3k5/9/9/9/9/9/9/9/3pN4/4K4 b - - 0 1",
    "3k5/4a4/9/9/2n6/9/9/9/3pN4/4K4 b - - 0 1",
    "3ak4/4a4/9/9/9/9/9/2n6/2C6/3K5 w - - 0 1",
    "4k4/9/4b4/9/2r6/9/9/4B4/4N4/3K5 w - - 0 1",
    "2bak4/9/9/p1p1pr2p/7c1/6P1P/2P6/2N5R/2R1K4/2BA1AB2 b - - 0 21",
];

fn rules(i: usize) -> Rules {
    match i % 6 {
        0 => Rules::default(),
        1 => Rules::default()
            .with_move_limit(Some(10))
            .with_check_cap(Some(1)),
        2 => Rules::default().with_repetition_count(2),
        3 => Rules::default().with_chase_detection(false),
        4 => Rules::default()
            .with_checks_also_chase(true)
            .with_repetition_count(4),
        _ => Rules::default()
            .with_move_limit(Some(6))
            .with_insufficient_material(false),
    }
}

/// A move for the side to move: with `back` set, the move that takes back
/// this side's previous move if it is legal (shuffling); otherwise the
/// `pick`-th legal move, preferring non-captures, and among them often a
/// move that attacks an enemy piece (so chases happen).
fn choose(game: &Game, pick: usize, back: bool) -> Option<Move> {
    let pos = game.position();
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    if back && game.ply() >= 2 {
        let prev = game.records()[game.ply() - 2].mv;
        let undo = Move::new(prev.to(), prev.from());
        if pos.is_legal(undo) && game.records()[game.ply() - 2].captured.is_none() {
            return Some(undo);
        }
    }
    let quiet: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| pos.board().piece_at(m.to()).is_none())
        .collect();
    let us = pos.turn();
    let attacking: Vec<Move> = quiet
        .iter()
        .copied()
        .filter(|&m| {
            let mut p = pos.clone();
            p.play_unchecked(m);
            p.board()
                .pieces()
                .any(|(sq, piece)| piece.color != us && p.attackers(sq, us).contains(m.to()))
        })
        .collect();
    Some(if !attacking.is_empty() && pick % 3 == 1 {
        attacking[pick / 3 % attacking.len()]
    } else if !quiet.is_empty() && pick % 8 != 0 {
        quiet[pick % quiet.len()]
    } else {
        moves[pick % moves.len()]
    })
}

/// The score the game's verdict gives the side to move at `ply` plies from
/// the root.
fn expected(winner: Option<Color>, turn: Color, ply: usize) -> i32 {
    match winner {
        None => 0,
        Some(w) if w == turn => MATE_SCORE - ply as i32,
        Some(_) => -(MATE_SCORE - ply as i32),
    }
}

/// What a line showed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Seen {
    /// Nothing adjudicated.
    Nothing,
    /// The game ended by a rule; the worker agreed.
    Ended(EndReason),
    /// The worker judged an in-tree repetition early; the game agreed.
    Anticipated(EndReason),
}

/// How a line's moves are chosen.
#[derive(Copy, Clone)]
enum Moves<'a> {
    /// By [`choose`].
    Picks(&'a [(usize, bool)]),
    /// Given, in ICCS.
    Given(&'a [&'a str]),
}

impl Moves<'_> {
    fn len(&self) -> usize {
        match self {
            Moves::Picks(p) => p.len(),
            Moves::Given(g) => g.len(),
        }
    }

    fn get(&self, game: &Game, i: usize) -> Option<Move> {
        match self {
            Moves::Picks(p) => choose(game, p[i].0, p[i].1),
            Moves::Given(g) => g[i].parse().ok(),
        }
    }
}

fn check_line(start: usize, rule: usize, split: usize, picks: &[(usize, bool)]) -> Seen {
    let pos: Position = STARTS[start].parse().unwrap();
    check_moves(pos, rules(rule), split, Moves::Picks(picks))
}

fn check_moves(pos: Position, rules: Rules, split: usize, moves: Moves<'_>) -> Seen {
    let mut game = Game::with_rules(pos, rules.clone());
    // The game up to the root.
    let split = split.min(moves.len());
    for i in 0..split {
        if game.outcome().is_some() {
            return Seen::Nothing;
        }
        let Some(m) = moves.get(&game, i) else {
            return Seen::Nothing;
        };
        game.play(m).unwrap();
    }
    if game.outcome().is_some() {
        return Seen::Nothing;
    }
    let eval = MaterialPst::default();
    let tt = Table::new(1);
    let (stop, helpers) = (AtomicBool::new(false), AtomicBool::new(false));
    let shared = Shared {
        eval: &eval,
        tt: &tt,
        stop: &stop,
        helpers_stop: &helpers,
        deadlines: Deadlines::new(&Limits::default(), None),
        node_limit: None,
        deepen_nodes: None,
        rules: &rules,
        ponderhit: None,
        #[cfg(feature = "tablebase")]
        tablebase: None,
    };
    let line = game_line(&game);
    let mut tables = super::tables::Tables::new();
    let mut w = Worker::new(shared, &mut tables, &line, true);
    let mut pos = game.position().clone();
    let mut st = eval.new_state(&pos);
    for (ply, i) in (1..).zip(split..moves.len()) {
        let Some(m) = moves.get(&game, i) else {
            return Seen::Nothing;
        };
        game.play(m).unwrap();
        w.make(&mut pos, &mut st, m);
        assert_eq!(&pos, game.position());
        assert_eq!(st, eval.new_state(&pos));
        let searched = w.arbiter_score(&pos, ply);
        match game.outcome() {
            Some(v) if matches!(v.reason, EndReason::Checkmate | EndReason::Stalemate) => {
                assert!(!pos.has_legal_moves());
                assert_eq!(searched, None, "{}", game_text(&game));
                return Seen::Ended(v.reason);
            }
            Some(v) => {
                assert_eq!(
                    searched,
                    Some(expected(v.winner, pos.turn(), ply)),
                    "{v} in {}",
                    game_text(&game)
                );
                return Seen::Ended(v.reason);
            }
            None => {
                let Some(score) = searched else { continue };
                // Only a repetition inside the tree ends the line early:
                // playing its cycle again must lead the game to the same
                // verdict.
                let found = repetition::find_cycle(
                    line.start_hash,
                    w.records(),
                    rules.occurrences(),
                    Some(line.records.len()),
                )
                .expect("an early end is a repetition in the tree");
                let cycle_moves: Vec<Move> =
                    w.records()[found.nearest..].iter().map(|r| r.mv).collect();
                let mut replay = game.clone();
                while replay.outcome().is_none() {
                    for &m in &cycle_moves {
                        if replay.outcome().is_some() {
                            break;
                        }
                        replay.play(m).unwrap();
                    }
                }
                let v = replay.outcome().unwrap();
                assert!(
                    matches!(
                        v.reason,
                        EndReason::Repetition
                            | EndReason::PerpetualCheck
                            | EndReason::PerpetualChase
                            | EndReason::MoveLimit
                    ),
                    "{v} in {}",
                    game_text(&replay)
                );
                assert_eq!(
                    score,
                    expected(v.winner, pos.turn(), ply),
                    "the search ended the line early, the game says {v}, in {}",
                    game_text(&replay)
                );
                return Seen::Anticipated(v.reason);
            }
        }
    }
    Seen::Nothing
}

fn game_text(game: &Game) -> String {
    let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
    format!("{} moves {}", game.start(), moves.join(" "))
}

/// A xorshift64 generator: the seeded randomness of these checks (no
/// dependency, the same lines on every run).
fn xorshift(mut seed: u64) -> impl FnMut() -> usize {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as usize
    }
}

/// Random lines (start, rules, where the root is, up to 80 moves, 80% of
/// them taking back the previous move when they can): the worker's verdict
/// equals the game's at every ply.
#[test]
fn search_verdicts_equal_the_game_outcome() {
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    let cases = if cfg!(debug_assertions) { 300 } else { 1500 };
    for _ in 0..cases {
        let (start, rule, split) = (next() % STARTS.len(), next() % 6, next() % 30);
        let len = next() % 80;
        let picks: Vec<(usize, bool)> = (0..len).map(|_| (next(), next() % 5 != 0)).collect();
        check_line(start, rule, split, &picks);
    }
}

/// The same check over seeded lines, counting what they covered: every
/// kind of ending must be met many times, or the property above would
/// prove little.
#[test]
fn search_verdicts_cover_every_ending() {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    let mut seen = std::collections::HashMap::new();
    let lines = if cfg!(debug_assertions) { 2_000 } else { 6_000 };
    for _ in 0..lines {
        let (start, rule, split) = (next() % STARTS.len(), next() % 6, next() % 30);
        let picks: Vec<(usize, bool)> = (0..120).map(|_| (next(), next() % 5 != 0)).collect();
        *seen
            .entry(check_line(start, rule, split, &picks))
            .or_insert(0) += 1;
    }
    // Known cycles, from every root: a horse chasing a chariot, a chariot
    // chasing a cannon, a chariot checking (all three lose), a general
    // stepping (idle).
    let known: [(&str, &[&str]); 4] = [
        (STARTS[2], &["a3c4", "e5b5", "c4a3", "b5e5"]),
        (STARTS[3], &["a7a6", "h6h7", "a6a7", "h7h6"]),
        (STARTS[1], &["e1d1", "d9e9", "d1e1", "e9d9"]),
        (STARTS[1], &["e1e2", "d9d8", "e2e1", "d8d9"]),
    ];
    let mut known: Vec<(&str, Vec<&str>)> = known
        .iter()
        .map(|(fen, cycle)| (*fen, cycle.iter().cycle().take(12).copied().collect()))
        .collect();
    // A soldier takes the last horse, the general takes the soldier: dead.
    known.push((STARTS[4], vec!["d1e1", "e0e1"]));
    for (fen, moves) in known {
        for split in 0..moves.len() {
            for rule in 0..6 {
                let pos: Position = fen.parse().unwrap();
                let seen_here = check_moves(pos, rules(rule), split, Moves::Given(&moves));
                *seen.entry(seen_here).or_insert(0) += 1;
            }
        }
    }
    let count = |s: Seen| seen.get(&s).copied().unwrap_or(0);
    for reason in [
        EndReason::Repetition,
        EndReason::PerpetualCheck,
        EndReason::PerpetualChase,
        EndReason::MoveLimit,
        EndReason::InsufficientMaterial,
    ] {
        assert!(count(Seen::Ended(reason)) >= 5, "{reason:?}: {seen:?}");
    }
    for reason in [
        EndReason::Repetition,
        EndReason::PerpetualCheck,
        EndReason::PerpetualChase,
    ] {
        assert!(
            count(Seen::Anticipated(reason)) >= 5,
            "{reason:?}: {seen:?}"
        );
    }
}
