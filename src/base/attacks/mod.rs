//! Attack tables: the squares each kind of piece reaches from a square,
//! given the occupancy, in the manner of shakmaty's `attacks`.
//!
//! Every function is a table lookup (sliders: one lookup per rank and per
//! file), computed at compile time. The functions give the squares a piece
//! *attacks*, of either color: mask out the mover's own pieces for its
//! moves. They know the movement rules (palace, river, legs, eyes, screens)
//! but not the rest of the position: whether a move exposes the own general
//! is [`Position`](crate::Position)'s business.
//!
//! Chariots and cannons read the occupancy of a rank and of a file; an
//! [`Occupancy`] holds the occupied squares in both layouts, so that both
//! are one shift away. Take it from [`Board::occupancy`](crate::Board::occupancy)
//! (kept up to date as pieces move) or build it from a [`Bitboard`](crate::Bitboard).
//!
//! ```
//! use xiangqi::attacks;
//! use xiangqi::{Bitboard, Board, Color, Square};
//!
//! let board = Board::new();
//! // The red cannon on h2 captures the black horse on h9 over the cannon on h7.
//! let captures = attacks::cannon(Square::H2, board.occupancy());
//! assert!(captures.contains(Square::H9));
//! // The horse on b0 reaches a2 and c2; its leg b1 is free.
//! let horse = attacks::horse(Square::B0, board.occupied()) - board.by_color(Color::Red);
//! assert_eq!(horse, Bitboard::from(Square::A2) | Bitboard::from(Square::C2));
//! ```

mod lines;
mod occupancy;
mod steps;

pub use lines::{
    between, between_on, cannon, chariot, chariot_file, chariot_mobility, chariot_rank,
};
pub use occupancy::Occupancy;
pub(crate) use occupancy::transposed_bit;
pub(crate) use steps::horse_attacker_legs;
pub use steps::{
    advisor, elephant, general, horse, horse_attackers, horse_mobility, horse_two_moves, soldier,
    soldier_attackers,
};

use crate::base::{Bitboard, Color, Role, Square};

/// The destinations of `us`'s `role` on `from` by its movement rules, own
/// pieces included (the caller masks them): `occ` is the board's occupancy,
/// `theirs` the squares of the other side (what a cannon may capture).
#[inline(always)]
pub(crate) fn move_targets(
    role: Role,
    us: Color,
    from: Square,
    occ: Occupancy,
    theirs: Bitboard,
) -> Bitboard {
    match role {
        Role::General => general(us, from),
        Role::Advisor => advisor(us, from),
        Role::Elephant => elephant(us, from, occ.bitboard()),
        Role::Horse => horse(from, occ.bitboard()),
        Role::Chariot => chariot(from, occ),
        Role::Cannon => (chariot(from, occ) - occ.bitboard()) | (cannon(from, occ) & theirs),
        Role::Soldier => soldier(us, from),
    }
}

#[cfg(test)]
mod tests {
    use super::lines::{line_cannon, line_slide};
    use super::steps::HORSE_ATTACKERS;
    use super::*;
    use crate::base::{Bitboard, Square};

    #[test]
    fn horse_mobility_matches_the_attack_set_on_every_square() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..200 {
            let bits =
                |a: u64, b: u64| Bitboard((u128::from(a) << 64 | u128::from(b)) & Bitboard::FULL.0);
            let occ = bits(next() & next(), next() & next());
            let free = bits(next(), next());
            for sq in Square::ALL {
                assert_eq!(
                    horse_mobility(sq, occ, free) as usize,
                    (horse(sq, occ) & free).count(),
                    "{sq}"
                );
            }
        }
    }

    #[test]
    fn mobility_counts_match_the_attack_sets() {
        let pos: crate::base::Position =
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/R8/2BAKAB1R w"
                .parse()
                .unwrap();
        let b = pos.board();
        let (occ, occupancy) = (b.occupied(), b.occupancy());
        assert_eq!(occupancy, Occupancy::new(occ));
        for sq in b.occupied() {
            let own = b.by_color(b.piece_at(sq).unwrap().color);
            assert_eq!(
                chariot_mobility(sq, occupancy, own) as usize,
                (chariot(sq, occupancy) - own).count()
            );
            assert_eq!(
                horse_mobility(sq, occ, !own) as usize,
                (horse(sq, occ) & !own).count()
            );
        }
    }

    #[test]
    fn slide_and_cannon_lines() {
        // Point 4 of 9, blockers at 1 and 7 and 8.
        let occ = 0b1_1000_0010 | 1 << 4;
        assert_eq!(line_slide(4, occ, 9), 0b0_1110_1110);
        assert_eq!(line_cannon(4, occ, 9), 0b1_0000_0000);
    }

    #[test]
    fn horse_from_corner() {
        let t = horse(Square::A0, Bitboard::EMPTY);
        assert_eq!(t, Bitboard::from(Square::B2) | Bitboard::from(Square::C1));
        let blocked = horse(Square::A0, Bitboard::from(Square::A1));
        assert_eq!(blocked, Bitboard::from(Square::C1));
    }

    #[test]
    fn horse_attackers_reverse_moves() {
        for sq in Square::ALL {
            for leg in &HORSE_ATTACKERS[sq] {
                for from in Bitboard(leg.squares) {
                    let l = Bitboard(leg.leg);
                    assert!(horse(from, Bitboard::EMPTY).contains(sq));
                    assert!(!horse(from, l).contains(sq), "{from} -> {sq}");
                }
            }
        }
    }

    #[test]
    fn transposed_bits_are_distinct() {
        let all = Square::ALL.iter().fold(0u128, |acc, &sq| {
            assert_eq!(acc & transposed_bit(sq), 0);
            acc | transposed_bit(sq)
        });
        assert_eq!(all.count_ones() as usize, Square::COUNT);
    }
}
