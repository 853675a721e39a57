//! Tests of the search's use of its time source: depth and node limits
//! never let the clock decide, time limits stop on the clock they are
//! given, and a search without a clock still ends.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use super::{Limits, SearchInfo, SearchResult, Searcher, TimeSource};
use crate::base::Position;
use crate::eval::MaterialPst;
use crate::game::Game;

/// A clock the test moves: reads are counted, and each read moves the
/// clock on by `step` (a clock that runs while the search reads it).
#[derive(Default)]
struct FakeClock {
    now_us: AtomicU64,
    step_us: AtomicU64,
    reads: AtomicU64,
}

impl FakeClock {
    fn stepping(step: Duration) -> Arc<FakeClock> {
        let c = FakeClock::default();
        c.step_us.store(step.as_micros() as u64, Ordering::Relaxed);
        Arc::new(c)
    }
    fn reads(&self) -> u64 {
        self.reads.load(Ordering::Relaxed)
    }
    fn set(&self, t: Duration) {
        self.now_us.store(t.as_micros() as u64, Ordering::Relaxed);
    }
}

impl TimeSource for FakeClock {
    fn now(&self) -> Duration {
        self.reads.fetch_add(1, Ordering::Relaxed);
        let step = self.step_us.load(Ordering::Relaxed);
        Duration::from_micros(self.now_us.fetch_add(step, Ordering::Relaxed))
    }
}

fn searcher(clock: Option<Arc<FakeClock>>) -> Searcher<MaterialPst> {
    let mut s = Searcher::new(MaterialPst::default());
    s.set_time_source(clock.map(|c| c as Arc<dyn TimeSource + Send + Sync>));
    s
}

fn run(s: &mut Searcher<MaterialPst>, limits: &Limits) -> (SearchResult, Vec<SearchInfo>) {
    let mut infos = Vec::new();
    let r = s.search(&Game::new(), limits, &AtomicBool::new(false), |i| {
        infos.push(i.clone())
    });
    (r, infos)
}

#[test]
fn depth_and_node_limits_read_the_clock_only_to_report() {
    for limits in [Limits::depth(6), Limits::nodes(30_000)] {
        // A clock that jumps an hour at every read decides nothing: the same
        // nodes, move and depth as a search without any clock.
        let clock = FakeClock::stepping(Duration::from_secs(3600));
        let (r, infos) = run(&mut searcher(Some(clock.clone())), &limits);
        let (plain, plain_infos) = run(&mut searcher(None), &limits);
        assert_eq!(
            (r.best_move, r.depth, r.nodes, &r.pv),
            (plain.best_move, plain.depth, plain.nodes, &plain.pv)
        );
        // Reads: one at the start, one per completed iteration (its
        // report), one at the end; none per node.
        assert_eq!(clock.reads(), 2 + infos.len() as u64, "{limits:?}");
        assert!(r.nodes > 1_000 * clock.reads());
        // Reported times come from the clock; without one they are zero.
        assert!(infos.iter().all(|i| i.time >= Duration::from_secs(3600)));
        assert!(r.time >= Duration::from_secs(3600) * infos.len() as u32);
        assert!(plain_infos.iter().all(|i| i.time.is_zero() && i.nps == 0));
        assert_eq!(plain.time, Duration::ZERO);
    }
}

#[test]
fn a_time_limit_stops_when_the_given_clock_passes_it() {
    // Each read moves the clock 1 ms on: a 40 ms search reads it about 40
    // times after the start (every 1024 nodes and between iterations).
    let clock = FakeClock::stepping(Duration::from_millis(1));
    let limits = Limits::movetime(Duration::from_millis(40));
    let (r, _) = run(&mut searcher(Some(clock.clone())), &limits);
    assert!(Position::new().is_legal(r.best_move.unwrap()));
    assert!((40..=45).contains(&clock.reads()), "{}", clock.reads());
    assert!(r.nodes <= 45 * 1024, "{}", r.nodes);
    assert!(r.time >= Duration::from_millis(40));

    // A frozen clock that the test moves past the deadline from another
    // thread: the search, which would otherwise go on for a day, stops.
    let clock = FakeClock::stepping(Duration::ZERO);
    let limits = Limits::movetime(Duration::from_secs(24 * 3600));
    let mover = {
        let clock = clock.clone();
        std::thread::spawn(move || {
            while clock.reads() < 50 {
                std::thread::yield_now();
            }
            clock.set(Duration::from_secs(24 * 3600));
        })
    };
    let (r, _) = run(&mut searcher(Some(clock.clone())), &limits);
    mover.join().unwrap();
    assert!(Position::new().is_legal(r.best_move.unwrap()));
    assert_eq!(r.time, Duration::from_secs(24 * 3600));
}

#[test]
fn a_clock_limit_without_a_clock_is_a_node_budget() {
    // No clock: 10 ms stand for 2 500 nodes (checked every 1024).
    let (r, infos) = run(
        &mut searcher(None),
        &Limits::movetime(Duration::from_millis(10)),
    );
    assert!((2_500..=3_072).contains(&r.nodes), "{}", r.nodes);
    assert!(r.best_move.is_some() && r.time.is_zero());
    assert!(infos.iter().all(|i| i.time.is_zero() && i.nps == 0));
    // A game clock budgets its time the same way: some nodes, then a move.
    let clock = super::Clock::new(Duration::from_secs(3));
    let (r, _) = run(&mut searcher(None), &Limits::clock(clock));
    assert!(r.best_move.is_some() && r.nodes > 0 && r.nodes < 200_000);
}

#[test]
fn the_default_clock_is_the_std_clock() {
    let s = Searcher::default();
    assert!(s.time_source().is_some());
    let r = Searcher::new(MaterialPst::default()).search_simple(
        &Position::new(),
        &Limits::movetime(Duration::from_millis(30)),
    );
    assert!(r.time >= Duration::from_millis(30), "{:?}", r.time);
}

#[test]
fn threads_beyond_the_cores_are_not_run() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut s = searcher(None);
    s.set_threads(256);
    let r = s.search_simple(&Position::new(), &Limits::depth(4));
    assert!(Position::new().is_legal(r.best_move.unwrap()));
    assert_eq!(s.threads(), 256);
    // One table set per thread that ran.
    assert_eq!(s.tables.len(), cores.min(256));
}
