//! Move generation, play and copy-make undo allocate nothing.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use xiangqi::{Position, perft};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Only allocations of the thread under test count (the test harness
    /// may allocate on its own threads at any time).
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

// SAFETY: forwards to the system allocator unchanged, only counting calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.with(Cell::get) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn hot_paths_do_not_allocate() {
    let fens = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1",
    ];
    let positions: Vec<Position> = fens.iter().map(|f| f.parse().unwrap()).collect();
    COUNTING.with(|c| c.set(true));
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    let mut total = 0u64;
    for pos in &positions {
        total += perft(pos, 3);
        for m in pos.legal_moves() {
            let mut child = pos.clone();
            assert!(pos.is_legal(m));
            child.play_unchecked(m);
            let mut checked = pos.clone();
            assert!(checked.play(m).is_ok());
            assert_eq!(checked.hash(), child.hash());
            total += child.capture_moves().len() as u64;
            total += u64::from(child.is_check());
            total += child
                .attackers(child.general(child.turn()), !child.turn())
                .count() as u64;
        }
    }
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    COUNTING.with(|c| c.set(false));
    assert!(total > 0);
    assert_eq!(after - before, 0, "allocations in move generation / play");
}
