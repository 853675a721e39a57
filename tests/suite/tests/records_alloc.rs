//! Reading records allocates nothing per move: parsing a move in any
//! notation allocates nothing, and reading a many-game text allocates a
//! bounded number of times per game (tags, the move list), however long
//! the games are.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

mod common;

use common::NOTATIONS;
use xiangqi::notation::{ChineseScript, Notation};
use xiangqi::pgn::{ReadOptions, read_games};

struct Counting;

thread_local! {
    /// Only allocations of the thread under test count (tests run in
    /// parallel, so the tally is per thread too).
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    if COUNTING.with(Cell::get) {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
    }
}

// SAFETY: forwards to the system allocator unchanged, only counting calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `f` on this thread.
fn allocations<T>(f: impl FnOnce() -> T) -> (usize, T) {
    COUNTING.with(|c| c.set(true));
    let before = ALLOCATIONS.with(Cell::get);
    let out = f();
    let after = ALLOCATIONS.with(Cell::get);
    COUNTING.with(|c| c.set(false));
    (after - before, out)
}

fn sample() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/games/liu_dahua_iccs.pgn"
    );
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn parsing_a_move_allocates_nothing() {
    let games: Vec<_> = read_games(&sample(), &ReadOptions::default())
        .map(Result::unwrap)
        .collect();
    let mut parsed = 0;
    for rec in &games {
        let mut pos = rec.start.clone();
        for &m in &rec.moves {
            for n in NOTATIONS {
                let text = n.format(&pos, m).unwrap();
                // Full-width, as sites print it.
                let wide: String = text
                    .chars()
                    .map(|c| match c {
                        '!'..='~' => char::from_u32(c as u32 + 0xFEE0).unwrap(),
                        c => c,
                    })
                    .collect();
                let (count, got) = allocations(|| (n.parse(&pos, &text), n.parse(&pos, &wide)));
                assert_eq!(got, (Ok(m), Ok(m)), "{text} {wide}");
                assert_eq!(count, 0, "{n:?} {text} {pos}");
                parsed += 2;
            }
            pos.play(m).unwrap();
        }
    }
    assert!(parsed > 40_000, "{parsed}");
}

#[test]
fn reading_games_allocates_per_game_not_per_move() {
    let text = sample();
    let mut chinese = String::new();
    for rec in read_games(&text, &ReadOptions::default()) {
        let rec = rec.unwrap();
        chinese += &rec
            .to_pgn(Notation::Chinese(ChineseScript::Simplified))
            .unwrap();
        chinese.push('\n');
    }
    for text in [&text, &chinese] {
        let (count, (games, moves)) = allocations(|| {
            let mut games = 0;
            let mut moves = 0;
            for rec in read_games(text, &ReadOptions::default()) {
                moves += rec.unwrap().moves.len();
                games += 1;
            }
            (games, moves)
        });
        assert_eq!(games, 41);
        assert!(moves > 3000, "{moves}");
        // Tags (a name and a value each), the move list growing by
        // doubling: about twenty per game.
        assert!(count <= 30 * games, "{count} allocations for {games} games");
    }
}
