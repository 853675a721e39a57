//! Perft against published node counts (see the source comments in each
//! `tests/data/*.perft` file). Depths are capped by a node budget so the
//! suite stays fast; run in release mode (`cargo test --release`).

use xiangqi::{Position, Setup, Validation, perft, perft_divide};
use xiangqi_suite::perft_cases;

/// Parses a FEN from the data; some published positions (e.g. an advisor on
/// d1, which no game can reach) are only valid under lenient validation.
fn parse(fen: &str) -> Position {
    let setup: Setup = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    Position::from_setup(setup, Validation::Lenient).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Largest count checked per (position, depth) in the default run: the
/// debug build (`cargo test`, opt-level 1 with overflow checks) is several
/// times slower than release.
fn budget() -> u64 {
    if cfg!(debug_assertions) {
        10_000_000
    } else {
        150_000_000
    }
}

fn check_file(name: &str) -> usize {
    let mut checked = 0;
    for case in perft_cases(name) {
        let pos = parse(&case.fen);
        for &(depth, expected) in &case.depths {
            if expected > budget() {
                continue;
            }
            assert_eq!(
                perft(&pos, depth),
                expected,
                "{name}: perft({depth}) of {}",
                case.fen
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn start_position() {
    let checked = check_file("startpos.perft");
    let want = if cfg!(debug_assertions) { 4 } else { 5 };
    assert!(
        checked >= want,
        "only {checked} start-position depths checked"
    );
}

#[test]
fn pikafish_px0_suite() {
    assert!(check_file("pikafish.perft") >= 10);
}

#[test]
fn fairy_stockfish_suite() {
    assert!(check_file("fairy_stockfish.perft") >= 1);
}

#[test]
fn folium_suite() {
    assert!(check_file("folium.perft") >= 1);
}

#[test]
fn mcr_suite() {
    assert!(check_file("mcr_fsf_confirmed.perft") >= 1);
}

/// Depths 6-7: billions of nodes, minutes in release. Run with
/// `cargo test --release --test perft -- --ignored`.
#[test]
#[ignore]
fn deep_counts() {
    for case in perft_cases("deep.perft") {
        let pos = parse(&case.fen);
        for &(depth, expected) in &case.depths {
            assert_eq!(
                perft(&pos, depth),
                expected,
                "perft({depth}) of {}",
                case.fen
            );
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    let pos = Position::new();
    let divide = perft_divide(&pos, 3);
    assert_eq!(divide.len(), 44);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 79_666);
    assert!(perft_divide(&pos, 0).is_empty());
    assert_eq!(perft(&pos, 0), 1);
}
