//! Move generation, play and copy-make undo allocate nothing.

use xiangqi::{Position, perft};

use crate::allocations;

#[test]
fn hot_paths_do_not_allocate() {
    let fens = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1",
    ];
    let positions: Vec<Position> = fens.iter().map(|f| f.parse().unwrap()).collect();
    let (count, total) = allocations(|| {
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
        total
    });
    assert!(total > 0);
    assert_eq!(count, 0, "allocations in move generation / play");
}

#[test]
fn illegal_moves_are_refused_without_allocating() {
    use xiangqi::{Move, Square};
    let pos = Position::new();
    let (count, refused) = allocations(|| {
        let mut refused = 0;
        for from in Square::ALL {
            for to in Square::ALL {
                let m = Move::new(from, to);
                let mut p = pos.clone();
                if let Err(e) = p.play(m) {
                    assert_eq!(e.mv, m);
                    assert_eq!(pos.illegal_reason(m), Some(e.reason));
                    refused += 1;
                }
            }
        }
        refused
    });
    assert_eq!(refused, Square::COUNT * Square::COUNT - 44);
    assert_eq!(count, 0, "refusing moves allocated {count} times");
}
