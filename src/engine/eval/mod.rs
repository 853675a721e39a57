//! Static evaluation: the [`Evaluator`] trait the search calls, and the
//! default [`MaterialPst`] evaluator (material, piece-square tables,
//! mobility, king safety and king attack).

mod pst;

use crate::core::attacks;
use crate::core::{Bitboard, Board, Color, Piece, Position, Role, Square};

/// The largest magnitude an evaluation may have. The search clamps scores
/// to `-EVAL_LIMIT..=EVAL_LIMIT` so they never look like mate scores.
///
/// ```
/// assert!(xiangqi::EVAL_LIMIT < xiangqi::MATE_SCORE - 1000);
/// ```
pub const EVAL_LIMIT: i32 = 20_000;

/// The material value of `role` used by the default evaluator and by move
/// ordering, in centipawns.
#[inline]
pub(crate) fn piece_value(role: Role) -> i32 {
    pst::VALUE[role.index()]
}

/// Material plus square bonus of `piece` on `sq`, signed from Red's side
/// (kept incrementally by [`Position`]).
#[inline]
pub(crate) fn signed_psq(piece: Piece, sq: Square) -> i32 {
    pst::SIGNED[piece.index()][sq.index()]
}

/// The squares on files `f0..=f1` of ranks `r0..=r1`.
const fn rect(f0: usize, f1: usize, r0: usize, r1: usize) -> u128 {
    let mut bits = 0;
    let mut r = r0;
    while r <= r1 {
        let mut f = f0;
        while f <= f1 {
            bits |= 1 << (r * 9 + f);
            f += 1;
        }
        r += 1;
    }
    bits
}

/// Per color, where pieces must stand to bear on that color's palace at
/// all (cheap filters before computing attacks): chariots and cannons on
/// a palace file or rank; horses within two ranks and files; soldiers
/// within one.
const LINES: [u128; 2] = [
    rect(3, 5, 0, 9) | rect(0, 8, 0, 2),
    rect(3, 5, 0, 9) | rect(0, 8, 7, 9),
];
const HORSE_NEAR: [u128; 2] = [rect(1, 7, 0, 4), rect(1, 7, 5, 9)];
const SOLDIER_NEAR: [u128; 2] = [rect(2, 6, 0, 3), rect(2, 6, 6, 9)];

/// The nine squares of each color's palace.
const PALACE: [u128; 2] = [rect(3, 5, 0, 2), rect(3, 5, 7, 9)];

/// The sum of [`signed_psq`] over a board.
pub(crate) fn psq_sum(board: &Board) -> i32 {
    board
        .occupied()
        .into_iter()
        .filter_map(|sq| board.piece_at(sq).map(|p| signed_psq(p, sq)))
        .sum()
}

/// Scores a position for the search.
///
/// The score is in centipawns (a soldier that has not crossed the river is
/// worth about 100) from the point of view of the side to move: positive
/// means the side to move stands better. Mates, stalemates and repetitions
/// are handled by the search itself, so an evaluator only judges the
/// placement (it may be called on a position with no legal move).
///
/// Implement this trait to plug your own evaluation (a neural network, a
/// tuned table) into [`Searcher`](crate::Searcher) without touching the
/// search. An evaluator is shared between search threads, hence `Send +
/// Sync`; keep any per-call scratch space on the stack.
///
/// ```
/// use xiangqi::{Evaluator, Position, Role, Searcher, Limits};
///
/// /// Counts chariots only.
/// struct Chariots;
/// impl Evaluator for Chariots {
///     fn evaluate(&self, pos: &Position) -> i32 {
///         let b = pos.board();
///         let mine = (b.by_color(pos.turn()) & b.by_role(Role::Chariot)).count() as i32;
///         let theirs = (b.by_color(!pos.turn()) & b.by_role(Role::Chariot)).count() as i32;
///         900 * (mine - theirs)
///     }
/// }
///
/// let mut searcher = Searcher::new(Chariots);
/// let result = searcher.search_simple(&Position::new(), &Limits::depth(2));
/// assert!(result.best_move.is_some());
/// ```
pub trait Evaluator: Send + Sync {
    /// The score of `pos` for the side to move, within
    /// `-EVAL_LIMIT..=EVAL_LIMIT`.
    fn evaluate(&self, pos: &Position) -> i32;
}

impl<E: Evaluator + ?Sized> Evaluator for &E {
    fn evaluate(&self, pos: &Position) -> i32 {
        (**self).evaluate(pos)
    }
}

impl<E: Evaluator + ?Sized> Evaluator for Box<E> {
    fn evaluate(&self, pos: &Position) -> i32 {
        (**self).evaluate(pos)
    }
}

/// The default evaluator: material, piece-square tables, chariot and horse
/// mobility, a king-safety term (missing advisors and elephants weigh more
/// against enemy attackers), a king-attack term (two or more enemy pieces
/// bearing on the palace) and a small bonus for the side to move.
///
/// ```
/// use xiangqi::{Evaluator, MaterialPst, Position};
/// let eval = MaterialPst::default();
/// // The start position is symmetric: only the tempo bonus remains.
/// assert_eq!(eval.evaluate(&Position::new()), MaterialPst::default().tempo);
/// // Red is a chariot up.
/// let pos: Position = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w".parse().unwrap();
/// assert!(eval.evaluate(&pos) > 800);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialPst {
    /// Bonus for the side to move, in centipawns.
    pub tempo: i32,
    /// Penalty per missing defender (advisor or elephant) per enemy attacking
    /// piece (chariot, horse, cannon, crossed soldier), in centipawns.
    pub king_safety: i32,
    /// Bonus per square a chariot can move to, in centipawns.
    pub chariot_mobility: i32,
    /// Bonus per square a horse can move to (its legs free), in centipawns.
    pub horse_mobility: i32,
    /// How cannons and horses trade value with the material on the board:
    /// per cannon, this many centipawns times the number of chariots (counted
    /// twice), horses and cannons on the board above 8 (a cannon needs
    /// screens and is stronger early; a horse needs room and is stronger
    /// late); a horse gets the opposite.
    pub cannon_horse_shift: i32,
    /// King attack: with at least two enemy pieces bearing on a palace,
    /// the square of their attack units (about 3 per chariot, 2 per horse
    /// or cannon, 1 per crossed soldier, plus one per palace square hit)
    /// times this, divided by 16, in centipawns (at most 500).
    pub king_attack: i32,
}

impl Default for MaterialPst {
    fn default() -> MaterialPst {
        MaterialPst {
            tempo: 10,
            king_safety: 5,
            chariot_mobility: 2,
            horse_mobility: 6,
            cannon_horse_shift: 3,
            king_attack: 6,
        }
    }
}

impl MaterialPst {
    /// Mobility of `color`'s chariots and horses.
    #[inline]
    fn mobility(&self, pos: &Position, color: Color) -> i32 {
        let b = pos.board();
        let (occ, occ_t) = (b.occupied(), b.occupied_transposed());
        let free = !b.by_color(color);
        let mut total = 0;
        let own = b.by_color(color);
        for sq in own & b.by_role(Role::Chariot) {
            total += attacks::chariot_mobility(sq, occ, occ_t, own) as i32;
        }
        total *= self.chariot_mobility;
        let mut horses = 0;
        for sq in own & b.by_role(Role::Horse) {
            horses += attacks::horse_mobility(sq, occ, free) as i32;
        }
        total += horses * self.horse_mobility;
        total
    }

    /// The cannon/horse value shift with material, Red's minus Black's.
    #[inline]
    fn cannon_horse(&self, pos: &Position) -> i32 {
        let n = |c: Color, r: Role| i32::from(pos.counts[c as usize * 7 + r as usize]);
        let both = |r: Role| n(Color::Red, r) + n(Color::Black, r);
        let big = both(Role::Chariot) * 2 + both(Role::Horse) + both(Role::Cannon);
        let diff = n(Color::Red, Role::Cannon)
            - n(Color::Black, Role::Cannon)
            - n(Color::Red, Role::Horse)
            + n(Color::Black, Role::Horse);
        diff * (big - 8) * self.cannon_horse_shift
    }

    /// The king-attack penalty of `color`: enemy pieces bearing on its
    /// palace.
    #[inline]
    fn palace_attack(&self, pos: &Position, color: Color) -> i32 {
        if self.king_attack == 0 {
            return 0;
        }
        let b = pos.board();
        let (occ, occ_t) = (b.occupied(), b.occupied_transposed());
        let c = color as usize;
        let zone = Bitboard(PALACE[c]);
        let enemy = |role: Role, near: u128| b.by_color(!color) & b.by_role(role) & Bitboard(near);
        let general_file = pos.generals[c].file();
        // Attackers and attack units: `base` per piece bearing on the
        // palace, plus `hit` (the palace squares it reaches).
        let (mut n, mut units) = (0, 0);
        let mut add = |hit: usize, base: i32| {
            if hit > 0 {
                n += 1;
                units += base + hit as i32;
            }
        };
        for sq in enemy(Role::Chariot, LINES[c]) {
            add((attacks::chariot(sq, occ, occ_t) & zone).count(), 3);
        }
        for sq in enemy(Role::Horse, HORSE_NEAR[c]) {
            add((attacks::horse(sq, occ) & zone).count(), 2);
        }
        for sq in enemy(Role::Cannon, LINES[c]) {
            // A cannon on the general's file counts one more, even unscreened.
            let aimed = usize::from(sq.file() == general_file);
            add((attacks::cannon(sq, occ, occ_t) & zone).count() + aimed, 2);
        }
        for sq in enemy(Role::Soldier, SOLDIER_NEAR[c]) {
            add((attacks::soldier(!color, sq) & zone).count(), 1);
        }
        if n < 2 {
            return 0;
        }
        (units * units * self.king_attack / 16).min(500)
    }

    /// How exposed `color`'s general is: missing defenders times attackers.
    #[inline]
    fn exposure(&self, pos: &Position, color: Color) -> i32 {
        let n = |c: Color, r: Role| i32::from(pos.counts[c as usize * 7 + r as usize]);
        let defenders = n(color, Role::Advisor) + n(color, Role::Elephant);
        let missing = (4 - defenders).max(0);
        let them = !color;
        let attackers = n(them, Role::Chariot) * 2 + n(them, Role::Horse) + n(them, Role::Cannon);
        missing * attackers * self.king_safety
    }
}

impl Evaluator for MaterialPst {
    fn evaluate(&self, pos: &Position) -> i32 {
        let us = pos.turn();
        let them = !us;
        let red = pos.psq;
        let material = if us == Color::Red { red } else { -red };
        let safety = self.exposure(pos, them) - self.exposure(pos, us)
            + self.palace_attack(pos, them)
            - self.palace_attack(pos, us);
        let mobility = self.mobility(pos, us) - self.mobility(pos, them);
        let shift = self.cannon_horse(pos);
        let shift = if us == Color::Red { shift } else { -shift };
        (material + safety + mobility + shift + self.tempo).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palace_masks_match_the_squares_in_the_palace() {
        for color in [Color::Red, Color::Black] {
            let mask = Bitboard(PALACE[color as usize]);
            assert_eq!(mask.count(), 9);
            for sq in Square::ALL {
                assert_eq!(mask.contains(sq), sq.in_palace(color), "{sq} {color:?}");
            }
        }
    }

    #[test]
    fn palace_attack_needs_two_attackers() {
        let eval = MaterialPst::default();
        // Red's chariot (d-file, up to the d9 advisor) and horse (e8, d7)
        // bear on Black's palace.
        let two: Position = "3aka3/9/9/5N3/3R5/9/9/9/9/3K5 w".parse().unwrap();
        // 3 + 3 (chariot: d7, d8, d9) and 2 + 2 (horse): 10 units.
        assert_eq!(eval.palace_attack(&two, Color::Black), 100 * 6 / 16);
        assert_eq!(eval.palace_attack(&two, Color::Red), 0);
        let one: Position = "3aka3/9/9/9/3R5/9/9/9/9/3K5 w".parse().unwrap();
        assert_eq!(eval.palace_attack(&one, Color::Black), 0);
        // The attacked side scores worse for it.
        let off = MaterialPst {
            king_attack: 0,
            ..MaterialPst::default()
        };
        assert_eq!(eval.evaluate(&two), off.evaluate(&two) + 100 * 6 / 16);
    }

    #[test]
    fn incremental_psq_matches_a_full_sum() {
        let mut pos = Position::new();
        // Captures (h2h9, b7b0, a0b0) and a general move.
        for m in ["h2h9", "b7b0", "a0b0", "i9i8", "e0e1"] {
            pos.play(m.parse().unwrap()).unwrap();
            assert_eq!(pos.psq, psq_sum(pos.board()), "after {m}");
            for piece in pos
                .board()
                .occupied()
                .into_iter()
                .filter_map(|sq| pos.board().piece_at(sq))
            {
                let n =
                    (pos.board().by_color(piece.color) & pos.board().by_role(piece.role)).count();
                assert_eq!(usize::from(pos.counts[piece.index()]), n, "after {m}");
            }
        }
    }
}
