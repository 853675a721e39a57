// The search cases, included by `search.rs` once per evaluator: each
// module that includes this file defines `searcher()`, `MATE_EXTRA_DEPTH`
// (plies beyond 2n + 2 the search may need to prove a mate in n: the
// evaluator orders the mating moves) and `CHARIOT_UP` (the least score of a
// chariot up in the opening, in the evaluator's centipawns).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use xiangqi::{Color, EndReason, Game, Limits, Move, Position, Rules, Score};

/// Published mate-in-N puzzles: (fen, n, solution line, id).
fn mates() -> Vec<(Position, i32, Vec<Move>, String)> {
    include_str!("data/mates.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').collect();
            let pos: Position = f[0].parse().unwrap_or_else(|e| panic!("{}: {e}", f[3]));
            let line = f[2].split(' ').map(|m| m.parse().unwrap()).collect();
            (pos, f[1].parse().unwrap(), line, f[3].to_string())
        })
        .collect()
}

#[test]
fn published_solutions_are_legal_and_end_in_mate() {
    let all = mates();
    assert!(all.len() >= 12);
    for (pos, n, line, id) in &all {
        assert_eq!(line.len() as i32, 2 * n - 1, "{id}");
        let mut p = pos.clone();
        for m in line {
            p.play(*m).unwrap_or_else(|e| panic!("{id}: {e}"));
        }
        assert!(p.is_checkmate(), "{id}: the published line does not mate");
    }
}

#[test]
fn finds_the_published_mates() {
    for n in 1..=3 {
        let mut count = 0;
        for (pos, _, line, id) in mates().into_iter().filter(|m| m.1 == n) {
            let mut s = searcher();
            let r = s.search_simple(&pos, &Limits::depth(2 * n as u32 + 2 + MATE_EXTRA_DEPTH));
            assert_eq!(r.score, Score::Mate(n), "{id}: {:?}", r);
            // The engine's move must mate as fast as the published one: it
            // may differ from it only if it also forces mate in n, which an
            // independent search from the position after it must confirm.
            let m = r.best_move.unwrap();
            let mut after = pos.clone();
            after.play(m).unwrap();
            assert!(
                is_mated_within(&after, n as u32 - 1),
                "{id}: {m} does not mate in {n} (published {})",
                line[0]
            );
            count += 1;
        }
        assert!(count >= 4, "mate in {n}: only {count} puzzles");
    }
}

/// Whether the side to move can force mate within `n` of its moves: plain
/// minimax over legal moves, an independent proof.
fn forces_mate(pos: &Position, n: u32) -> bool {
    n > 0
        && pos.legal_moves().into_iter().any(|m| {
            let mut p = pos.clone();
            p.play_unchecked(m);
            is_mated_within(&p, n - 1)
        })
}

/// Whether the side to move has no legal move, or every move lets the
/// opponent force mate within `n` more of its moves.
fn is_mated_within(pos: &Position, n: u32) -> bool {
    pos.legal_moves().into_iter().all(|m| {
        let mut p = pos.clone();
        p.play_unchecked(m);
        forces_mate(&p, n)
    })
}

#[test]
fn wins_a_hanging_chariot() {
    // Start position with Black's chariot misplaced on e4, en prise to the
    // soldier on e3 and defended by nothing.
    let pos: Position = "rnbakabn1/9/1c5c1/p1p1p1p1p/9/4r4/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
        .parse()
        .unwrap();
    let r = searcher().search_simple(&pos, &Limits::depth(5));
    assert_eq!(r.best_move, Some("e3e4".parse().unwrap()));
    assert!(matches!(r.score, Score::Cp(c) if c > CHARIOT_UP), "{:?}", r.score);
    // Colours reversed: Black takes the red chariot on e5.
    let pos: Position = "rnbakabnr/9/1c5c1/p1p1p1p1p/4R4/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 b"
        .parse()
        .unwrap();
    let r = searcher().search_simple(&pos, &Limits::depth(5));
    assert_eq!(r.best_move, Some("e6e5".parse().unwrap()));
}

#[test]
fn never_returns_an_illegal_move() {
    let data = include_str!("data/legal_moves.txt");
    let mut checked = 0;
    let mut searcher = searcher();
    for (i, line) in data.lines().filter(|l| !l.starts_with('#')).enumerate() {
        if i % 6 != 0 {
            continue;
        }
        let f: Vec<&str> = line.split('|').collect();
        let pos: Position = f[0].parse().unwrap();
        let legal: Vec<Move> = f[2]
            .split_whitespace()
            .map(|m| m.parse().unwrap())
            .collect();
        let r = searcher.search_simple(&pos, &Limits::nodes(3_000));
        match r.best_move {
            Some(m) => {
                assert!(legal.contains(&m), "{m} in {}", f[0]);
                // The whole PV is playable.
                let mut p = pos.clone();
                for m in &r.pv {
                    p.play(*m).unwrap_or_else(|e| panic!("pv of {}: {e}", f[0]));
                }
            }
            None => assert!(legal.is_empty(), "{}", f[0]),
        }
        checked += 1;
    }
    assert!(checked >= 200, "{checked}");
}

#[test]
fn stops_soon_after_the_flag() {
    // An infinite search returns once the flag is raised (it checks every
    // 1 024 nodes, well under a millisecond; the bound is loose because
    // the test machine may be loaded).
    for _ in 0..3 {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            let mut s = searcher();
            let r = s.search(&Game::new(), &Limits::infinite(), &flag, |_| {});
            (r, Instant::now())
        });
        std::thread::sleep(Duration::from_millis(100));
        let raised = Instant::now();
        stop.store(true, Ordering::SeqCst);
        let (r, returned) = handle.join().unwrap();
        let latency = returned.saturating_duration_since(raised);
        assert!(latency < Duration::from_secs(2), "{latency:?}");
        assert!(Position::new().is_legal(r.best_move.unwrap()));
    }
}

#[test]
fn stopped_before_starting_still_returns_a_legal_move() {
    let stop = AtomicBool::new(true);
    let pos = Position::new();
    let r = searcher().search(&Game::new(), &Limits::infinite(), &stop, |_| {});
    assert!(pos.is_legal(r.best_move.unwrap()));
}

#[test]
fn same_input_same_result_with_one_thread() {
    let fens = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 w",
        "2bak4/4a4/4b4/5R3/P1p1C4/9/5r3/4B4/4A4/2BA1K3 w",
    ];
    for fen in fens {
        let pos: Position = fen.parse().unwrap();
        for limits in [Limits::depth(7), Limits::nodes(20_000)] {
            let a = searcher().search_simple(&pos, &limits);
            let b = searcher().search_simple(&pos, &limits);
            assert_eq!(
                (a.best_move, a.score, a.pv, a.nodes),
                (b.best_move, b.score, b.pv, b.nodes)
            );
        }
    }
}

#[test]
fn node_limit_is_respected() {
    let r = searcher().search_simple(&Position::new(), &Limits::nodes(5_000));
    assert!(r.nodes <= 5_000 + 200, "{}", r.nodes);
    assert!(r.best_move.is_some());
}

#[test]
fn movetime_is_respected() {
    let start = Instant::now();
    let r = searcher().search_simple(
        &Position::new(),
        &Limits::movetime(Duration::from_millis(200)),
    );
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(190), "{took:?}");
    assert!(took < Duration::from_millis(1500), "{took:?}");
    assert!(r.depth >= 3);
}

#[test]
fn multi_pv_reports_distinct_lines() {
    let mut firsts = Vec::new();
    let limits = Limits::depth(4).with_multi_pv(3);
    searcher().search(&Game::new(), &limits, &AtomicBool::new(false), |info| {
        if info.depth == 4 {
            firsts.push((info.multipv, info.pv[0]));
        }
    });
    assert_eq!(firsts.len(), 3);
    assert!(firsts[0].1 != firsts[1].1 && firsts[1].1 != firsts[2].1 && firsts[0].1 != firsts[2].1);
}

/// MultiPV lines come best first at every depth (line 2 once came after a
/// worse-scored line 3 from `h2e2`).
#[test]
fn multi_pv_lines_come_in_score_order() {
    let mut game = Game::new();
    let mut games = vec![game.clone()];
    for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        game.play(m.parse().unwrap()).unwrap();
        games.push(game.clone());
    }
    for game in &games {
        let mut lines: Vec<(u32, usize, i32)> = Vec::new();
        let limits = Limits::depth(6).with_multi_pv(4);
        searcher().search(game, &limits, &AtomicBool::new(false), |info| {
            if let Score::Cp(cp) = info.score {
                lines.push((info.depth, info.multipv, cp));
            }
        });
        for pair in lines.windows(2) {
            let ((d1, k1, s1), (d2, k2, s2)) = (pair[0], pair[1]);
            if d1 == d2 && k2 == k1 + 1 {
                assert!(s1 >= s2, "depth {d1}: line {k1} {s1} before line {k2} {s2}");
            }
        }
        assert!(lines.iter().any(|l| l.0 == 6 && l.1 == 4));
    }
}

#[test]
fn helper_threads_return_a_legal_move() {
    let mut s = searcher();
    s.set_threads(2);
    let pos = Position::new();
    let r = s.search_simple(&pos, &Limits::depth(6));
    assert!(pos.is_legal(r.best_move.unwrap()));
}

#[test]
fn no_legal_move_is_a_loss() {
    // Black is stalemated (no legal move, not in check): a loss in xiangqi.
    let line = include_str!("data/stalemates.txt")
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .unwrap();
    let pos: Position = line.split('|').next().unwrap().parse().unwrap();
    assert!(!pos.has_legal_moves());
    let r = searcher().search_simple(&pos, &Limits::depth(3));
    assert_eq!(r.best_move, None);
    assert_eq!(r.score, Score::Mate(0));
}

/// A game from `fen` with `moves` played.
fn game(fen: &str, moves: &[&str], rules: Rules) -> Game {
    let mut g = Game::with_rules(fen.parse().unwrap(), rules);
    for m in moves {
        g.play_on(m.parse().unwrap()).unwrap();
    }
    g
}

fn search(g: &Game, limits: &Limits) -> xiangqi::SearchResult {
    searcher().search(g, limits, &AtomicBool::new(false), |_| {})
}

#[test]
fn perpetual_checker_loses_in_search() {
    // Red's chariot has checked from a9 and a8 in turn; Black's general
    // only stepped between d9 and d8.
    let fen = "3k5/9/9/9/9/9/9/9/R8/5K3 w - - 1 1";
    let moves = [
        "a1a9", "d9d8", "a9a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9",
    ];
    // Black to move after a9a8+.
    let g = game(fen, &moves[..7], Rules::default());
    assert_eq!(g.position().turn(), Color::Black);
    let r = search(&g, &Limits::depth(6));
    assert!(g.position().is_legal(r.best_move.unwrap()));
    // One cycle reaching back before the root is not yet a perpetual
    // check (the game adjudicates at the third occurrence): Black, a
    // chariot down, must not score it as won.
    assert!(
        !matches!(r.score, Score::Mate(n) if n > 0),
        "a single cycle before the root scored as a win: {:?}",
        r.score
    );
    // After d8d9 the position has occurred twice; repeating the check
    // a8a9 again would, two plies later, make it three times with Red
    // checking every move: Red must play something else.
    let g = game(fen, &moves, Rules::default());
    assert!(g.outcome().is_none());
    let r = search(&g, &Limits::depth(6));
    assert_ne!(r.best_move, Some("a8a9".parse().unwrap()));
}

#[test]
fn perpetual_chaser_loses_in_search() {
    // From tests/data/verdicts.txt (pyffish: 0-1, perpetual chase): Red's
    // horse chases the black chariot with every move; the chariot flees.
    let fen = "5k3/9/9/9/4r4/9/N8/9/9/3K5 w - - 0 1";
    let cycle = ["a3c4", "e5b5", "c4a3", "b5e5"];
    let moves: Vec<&str> = cycle.iter().cycle().take(8).copied().collect();
    let g = game(fen, &moves, Rules::default());
    // The game itself has already ended: Red chased with every move.
    let v = g.outcome().unwrap();
    assert_eq!(
        (v.winner, v.reason),
        (Some(Color::Black), EndReason::PerpetualChase)
    );
    // Played on, another round would be judged the same way: Red (a horse
    // against a chariot) would welcome a draw, but repeating loses.
    let repeat: Move = "a3c4".parse().unwrap();
    assert_ne!(search(&g, &Limits::depth(5)).best_move, Some(repeat));
    // Without chase detection the repetition is a draw, and Red takes it.
    let blind = game(fen, &moves, Rules::default().with_chase_detection(false));
    assert_eq!(search(&blind, &Limits::depth(5)).best_move, Some(repeat));
}

#[test]
fn the_move_limit_ends_the_search_line_as_the_game_would() {
    // 118 plies without a capture: the game is drawn at ply 120 (60 moves)
    // unless Black is mated by then, and Red cannot mate in one.
    let fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 118 100";
    let g = game(fen, &[], Rules::default());
    let r = search(&g, &Limits::depth(8));
    assert_eq!(r.score, Score::Cp(0), "{r:?}");
    // Without the limit, the chariot mates.
    let free = game(fen, &[], Rules::default().with_move_limit(None));
    assert!(matches!(search(&free, &Limits::depth(10)).score, Score::Mate(n) if n > 0));
    // A mate given on the limit's last ply still wins (the game checks for
    // a side without moves first): with 119 plies counted, Red mates at
    // once and the search says so; any other move draws.
    let mate_in_one = "4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 119 100";
    let g = game(mate_in_one, &[], Rules::default());
    assert!(g.outcome().is_none());
    let r = search(&g, &Limits::depth(4));
    assert_eq!(r.score, Score::Mate(1), "{r:?}");
}

#[test]
fn insufficient_material_is_a_draw_in_search() {
    // General, two advisors and two elephants against a bare general: no
    // piece can ever give check. The game draws it at once.
    let pos: Position = "3k5/9/9/9/9/9/9/9/9/2BAKAB2 w".parse().unwrap();
    assert_eq!(
        Game::from_position(pos.clone()).outcome().unwrap().reason,
        EndReason::InsufficientMaterial
    );
    let r = searcher().search_simple(&pos, &Limits::depth(6));
    assert_eq!(r.score, Score::Cp(0));
    // A cannon that can take the last attacker leaves a dead draw: the
    // search sees the capture as a draw, not as a piece won.
    let pos: Position = "3k5/9/9/9/9/4r4/9/9/4C4/2BAKAB2 b".parse().unwrap();
    let r = searcher().search_simple(&pos, &Limits::depth(4));
    assert!(matches!(r.score, Score::Cp(c) if c.abs() < 1000), "{r:?}");
}

#[test]
fn zero_nodes_and_extreme_limits_still_return_a_legal_move() {
    let pos = Position::new();
    for limits in [
        Limits::nodes(0),
        Limits::default()
            .with_movetime(Some(Duration::MAX))
            .with_nodes(Some(3_000)),
        Limits::default()
            .with_clock(Some(
                xiangqi::Clock::new(Duration::MAX)
                    .with_increment(Duration::MAX)
                    .with_moves_to_go(Some(u32::MAX)),
            ))
            .with_depth(Some(3)),
        Limits::default().with_movetime(Some(Duration::ZERO)),
        Limits::default()
            .with_depth(Some(u32::MAX))
            .with_nodes(Some(2_000))
            .with_multi_pv(usize::MAX),
    ] {
        let r = searcher().search_simple(&pos, &limits);
        assert!(pos.is_legal(r.best_move.unwrap()), "{limits:?}");
    }
    let mut s = searcher();
    assert_eq!(s.set_hash_size(0), 1);
    s.set_threads(0);
    assert_eq!(s.threads(), 1);
}

/// Every mate score the search reports at small depth is checked against
/// an independent proof (plain minimax over legal moves): a reported mate
/// in 1 or 2 must be forced, a reported loss in 1 or 2 must be forced too.
/// (Perpetual-check wins, also reported as mates, need a cycle of at least
/// five plies from the root, so cannot hide among these.)
#[test]
fn reported_mates_are_proven() {
    let mut fens: Vec<String> = include_str!("data/legal_moves.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('|').next().unwrap().to_string())
        .collect();
    // Positions near a mate: the published puzzles and the moves into them.
    for (pos, _, line, _) in mates() {
        let mut p = pos.clone();
        fens.push(p.to_string());
        for m in line {
            p.play(m).unwrap();
            fens.push(p.to_string());
        }
    }
    let step = if cfg!(debug_assertions) { 7 } else { 2 };
    let mut checked = 0;
    let mut searcher = searcher();
    for fen in fens.iter().step_by(step) {
        let pos: Position = fen.parse().unwrap();
        if !pos.has_legal_moves() {
            continue;
        }
        searcher.clear();
        let r = searcher.search_simple(&pos, &Limits::depth(5));
        match r.score {
            Score::Mate(n) if n > 0 && n <= 2 => {
                assert!(forces_mate(&pos, n as u32), "{fen}: {:?}", r);
                checked += 1;
            }
            Score::Mate(n) if (-2..0).contains(&n) => {
                assert!(is_mated_within(&pos, (-n) as u32), "{fen}: {:?}", r);
                checked += 1;
            }
            _ => {}
        }
    }
    assert!(checked >= 10, "only {checked} mate scores seen");
}

#[test]
fn search_moves_restrict_the_root() {
    let pos = Position::new();
    let only: Move = "a3a4".parse().unwrap();
    // The second is illegal.
    let limits = Limits::depth(4).with_search_moves(vec![only, "a0a5".parse().unwrap()]);
    let r = searcher().search_simple(&pos, &limits);
    assert_eq!(r.best_move, Some(only));
    // Only illegal moves listed: every move is searched.
    let limits = Limits::depth(2).with_search_moves(vec!["a0a5".parse().unwrap()]);
    let r = searcher().search_simple(&pos, &limits);
    assert!(pos.is_legal(r.best_move.unwrap()));
}

#[test]
fn go_mate_stops_at_the_mate() {
    let pos: Position = "4k4/1R7/9/9/9/9/9/9/9/R2K5 w".parse().unwrap();
    let r = searcher().search_simple(&pos, &Limits::mate(1));
    assert_eq!(r.score, Score::Mate(1));
    assert_eq!(r.best_move, Some("a0a9".parse().unwrap()));
    assert!(r.depth <= 2, "{r:?}");
}

#[test]
fn go_mate_ends_by_itself_without_such_a_mate() {
    // Published mates in n asked as mates in n - 1: no such mate exists, so
    // the search ends after Limits::mate_depth(n - 1) plies on its own.
    for (pos, n, _, id) in mates().iter().filter(|m| m.1 >= 2).take(4) {
        let asked = (*n - 1) as u32;
        let r = searcher().search_simple(pos, &Limits::mate(asked));
        assert!(r.depth <= Limits::mate_depth(asked), "{id}: {r:?}");
        assert!(
            !matches!(r.score, Score::Mate(m) if m > 0 && m <= asked as i32),
            "{id}: a mate in {asked} that the puzzle does not have: {r:?}"
        );
    }
    // `mate(0)`: nothing to find; the start has no mate.
    let r = searcher().search_simple(&Position::new(), &Limits::mate(0));
    assert!(r.depth <= 2 && r.best_move.is_some(), "{r:?}");
}

#[test]
fn weak_levels_play_legal_games_under_the_rules() {
    use xiangqi::Strength;
    // Skill 1 against skill 5 (150 and 520 nodes before they stop
    // deepening): every move legal, the game ends by a verdict of the rules
    // or at 160 plies; the same seeds give the same game.
    let play = |seed: u64| {
        let (mut red, mut black) = (searcher(), searcher());
        red.set_strength(Strength::skill(1).with_seed(seed));
        black.set_strength(Strength::skill(5).with_seed(seed + 1));
        let mut game = Game::new();
        while game.outcome().is_none() && game.ply() < 160 {
            let s = if game.position().turn() == Color::Red { &mut red } else { &mut black };
            let r = s.search(&game, &Limits::depth(20), &std::sync::atomic::AtomicBool::new(false), |_| {});
            assert!(r.depth <= 8, "{r:?}");
            let m = r.best_move.expect("a move while the game goes on");
            game.play(m).unwrap_or_else(|e| panic!("ply {}: {m}: {e}", game.ply()));
        }
        game.moves().collect::<Vec<_>>()
    };
    let a = play(3);
    assert!(a.len() >= 10);
    assert_eq!(play(3), a);
}
