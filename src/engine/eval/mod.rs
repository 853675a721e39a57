//! Static evaluation: the [`Evaluator`] trait the search calls, and the
//! default [`MaterialPst`] evaluator (material, piece-square tables,
//! mobility, king safety, king attack and threats against the general).
//!
//! The drawn endings [`MaterialPst`] scales down, with their sources, are
//! listed under [`MaterialPst::endgame_scaling`].

mod endgame;
mod pst;
mod threats;

use crate::base::attacks;
use crate::base::{Bitboard, Board, Color, Piece, Position, Role, Square};
use crate::game::PlyRecord;

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
/// (kept incrementally in [`MaterialPstState`]).
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
/// worth about 90) from the point of view of the side to move: positive
/// means the side to move stands better. Mates, stalemates, repetitions,
/// the move limit and insufficient material are handled by the search
/// itself, so an evaluator only judges the placement (it may be called on a
/// position with no legal move).
///
/// **Incremental state.** An evaluator may keep a [`State`](Evaluator::State)
/// per position of the search's line, updated move by move, as an NNUE
/// accumulator or a running material sum is: the search builds the root's
/// state with [`new_state`](Evaluator::new_state); for each move it copies
/// the parent's state and calls [`play`](Evaluator::play) on the copy (with
/// the move's [`PlyRecord`]: the moved piece, the capture, the new hash);
/// going back is dropping the copy, so no unmake and no interior mutability
/// is needed. An evaluator without state uses `type State = ();` and
/// implements only [`evaluate`](Evaluator::evaluate) and `new_state`.
///
/// Implement this trait to plug your own evaluation (a neural network, a
/// tuned table) into [`Searcher`](crate::Searcher) without touching the
/// search. An evaluator is shared between search threads, hence `Send +
/// Sync`; each thread keeps its own states.
///
/// ```
/// use xiangqi::{Evaluator, Position, Role, Searcher, Limits};
///
/// /// Counts chariots only.
/// struct Chariots;
/// impl Evaluator for Chariots {
///     type State = ();
///     fn new_state(&self, _: &Position) {}
///     fn evaluate(&self, pos: &Position, _: &()) -> i32 {
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
/// assert_eq!(Chariots.evaluate_position(&Position::new()), 0);
/// ```
///
/// `examples/custom_eval.rs` shows an incremental evaluator.
pub trait Evaluator: Send + Sync {
    /// What the evaluator keeps per position of the search's line (an
    /// accumulator); `()` for none.
    type State: Clone + Send;

    /// The state of `pos`, computed from scratch (at the root of a search).
    fn new_state(&self, pos: &Position) -> Self::State;

    /// Updates `state`, a copy of the state of the position before the move
    /// `record.mv`, to the position `after` it. `record` says which piece
    /// moved and what it captured. The default does nothing (for evaluators
    /// without state).
    #[inline]
    fn play(&self, state: &mut Self::State, record: &PlyRecord, after: &Position) {
        let _ = (state, record, after);
    }

    /// Updates `state` for a null move (the side to move passes, for
    /// null-move pruning) leading to `after`. The default does nothing: the
    /// placement is unchanged.
    #[inline]
    fn play_null(&self, state: &mut Self::State, after: &Position) {
        let _ = (state, after);
    }

    /// The score of `pos` for the side to move, within
    /// `-EVAL_LIMIT..=EVAL_LIMIT`; `state` is the state of `pos`.
    fn evaluate(&self, pos: &Position, state: &Self::State) -> i32;

    /// The score of `pos` from scratch: [`evaluate`](Evaluator::evaluate)
    /// with a fresh [`new_state`](Evaluator::new_state).
    ///
    /// ```
    /// use xiangqi::{Evaluator, MaterialPst, Position};
    /// let eval = MaterialPst::default();
    /// assert_eq!(eval.evaluate_position(&Position::new()), eval.tempo);
    /// ```
    fn evaluate_position(&self, pos: &Position) -> i32 {
        self.evaluate(pos, &self.new_state(pos))
    }
}

impl<E: Evaluator + ?Sized> Evaluator for &E {
    type State = E::State;
    #[inline]
    fn new_state(&self, pos: &Position) -> E::State {
        (**self).new_state(pos)
    }
    #[inline]
    fn play(&self, state: &mut E::State, record: &PlyRecord, after: &Position) {
        (**self).play(state, record, after)
    }
    #[inline]
    fn play_null(&self, state: &mut E::State, after: &Position) {
        (**self).play_null(state, after)
    }
    #[inline]
    fn evaluate(&self, pos: &Position, state: &E::State) -> i32 {
        (**self).evaluate(pos, state)
    }
}

impl<E: Evaluator + ?Sized> Evaluator for Box<E> {
    type State = E::State;
    #[inline]
    fn new_state(&self, pos: &Position) -> E::State {
        (**self).new_state(pos)
    }
    #[inline]
    fn play(&self, state: &mut E::State, record: &PlyRecord, after: &Position) {
        (**self).play(state, record, after)
    }
    #[inline]
    fn play_null(&self, state: &mut E::State, after: &Position) {
        (**self).play_null(state, after)
    }
    #[inline]
    fn evaluate(&self, pos: &Position, state: &E::State) -> i32 {
        (**self).evaluate(pos, state)
    }
}

/// The incremental state of [`MaterialPst`]: its material and square-bonus
/// sum and the number of pieces of each kind, updated move by move.
///
/// ```
/// use xiangqi::{Evaluator, MaterialPst, Position};
/// let eval = MaterialPst::default();
/// let state = eval.new_state(&Position::new());
/// assert_eq!(state.count(xiangqi::Piece::new(xiangqi::Color::Red, xiangqi::Role::Soldier)), 5);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MaterialPstState {
    /// Material plus square bonuses, Red's minus Black's.
    psq: i32,
    /// The number of pieces of each kind, by [`Piece::index`].
    counts: [u8; 14],
}

impl MaterialPstState {
    /// The number of `piece`s on the board.
    ///
    /// ```
    /// use xiangqi::{Color, Evaluator, MaterialPst, Piece, Position, Role};
    /// let state = MaterialPst::default().new_state(&Position::new());
    /// assert_eq!(state.count(Piece::new(Color::Black, Role::Chariot)), 2);
    /// ```
    pub fn count(&self, piece: Piece) -> u32 {
        u32::from(self.counts[piece.index()])
    }

    #[inline]
    fn n(&self, color: Color, role: Role) -> i32 {
        i32::from(self.counts[color as usize * 7 + role as usize])
    }
}

/// The default evaluator: material, piece-square tables, chariot and horse
/// mobility, a king-safety term (missing advisors and elephants weigh more
/// against enemy attackers), a king-attack term (two or more enemy pieces
/// bearing on the palace), a penalty for an enemy cannon facing the general
/// with nothing between (空头炮), penalties for enemy batteries aimed at the
/// general and enemy horses one move from a checking square, and a small
/// bonus for the side to move.
///
/// ```
/// use xiangqi::{Evaluator, MaterialPst, Position};
/// let eval = MaterialPst::default();
/// // The start position is symmetric: only the tempo bonus remains.
/// assert_eq!(eval.evaluate_position(&Position::new()), MaterialPst::default().tempo);
/// // Red is a chariot up.
/// let pos: Position = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w".parse().unwrap();
/// assert!(eval.evaluate_position(&pos) > 800);
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
    /// Penalty per enemy cannon facing the general on its file with
    /// nothing between them (an "empty-headed cannon", 空头炮: the general
    /// cannot step onto the file's palace squares and the defenders are
    /// tied down), in centipawns.
    pub empty_cannon: i32,
    /// Penalty per enemy battery aimed at the general, in centipawns: a
    /// cannon on the general's file or rank with exactly two pieces
    /// between, at least one of them its own side's (炮车, 炮马, 重炮
    /// set-ups), or a chariot with exactly one piece between, its own
    /// side's (车炮). The piece in front steps aside with a discovered check.
    pub battery: i32,
    /// Penalty per enemy horse one move from a square where it would check
    /// the general (卧槽马, 挂角马 threats; the leg next to the general free),
    /// in centipawns.
    pub horse_threat: i32,
    /// Whether an advantage is scaled down in the endings practical endgame
    /// theory (实用残局) lists as drawn by material, so the search neither
    /// plays for a win that is not there nor trades into such an ending
    /// when ahead. On by default; off makes the evaluation linear in its
    /// terms (for tuning).
    ///
    /// The strong side is the one the score favours; the scale, in
    /// sixteenths, multiplies the whole score. "Attackers" are chariots,
    /// horses, cannons and soldiers. In the last two rows the defender has
    /// nothing but its general, advisors and elephants; the strong side's
    /// own advisors and elephants never matter (they cannot cross the
    /// river).
    ///
    /// | Strong side's attackers | Defender | Result | Scale | Source |
    /// |---|---|---|---|---|
    /// | none | anything | cannot win: it can never give check | 0 | the rules (as [`is_insufficient_material`](crate::is_insufficient_material)) |
    /// | soldiers only, all on the last rank (底兵) | anything | cannot win: they only attack the last rank, which the general leaves | 0 | the rules; ElephantEye's endgame soldier table values a last-rank soldier at a tenth of a crossed one |
    /// | one chariot | two advisors and two elephants (士象全) | draw, bar positional wins | 3/16 | xqinenglish.com "One Chariot endgames 02" (`1r d 2a2e`); H. G. Muller, talkchess "Xiangqi evaluation" (a chariot needs all four defenders against it to be drawn) |
    /// | one horse | one or two elephants, no advisor | draw, bar positional wins | 2/16 | xqinenglish.com "The Anatomy of the Xiangqi part 4" (a horse against two elephants is a sure draw, against one elephant normally a sure draw) |
    ///
    /// Won neighbours keep their full score: a chariot against one advisor and
    /// two elephants or two advisors and one elephant (单缺士, 单缺象: `1r sw
    /// 2a1e/1a2e`, "One Chariot endgames 01"), a horse against one advisor
    /// (例胜, "Anatomy part 4") or two advisors (马胜双士). Not encoded, for want
    /// of a source or because they are won: a lone cannon against defenders
    /// (炮胜单士 is listed as a win), a horse against advisors and elephants
    /// together, a single crossed soldier or two soldiers against defenders.
    ///
    /// ```
    /// use xiangqi::{Evaluator, MaterialPst, Position};
    /// // A chariot against two advisors and two elephants: a draw.
    /// let pos: Position = "2bak4/4a4/4b4/9/9/9/9/9/4R4/4K4 w".parse().unwrap();
    /// let scaled = MaterialPst::default().evaluate_position(&pos);
    /// let linear = MaterialPst { endgame_scaling: false, ..MaterialPst::default() }
    ///     .evaluate_position(&pos);
    /// assert!(linear > 300);
    /// assert!(scaled < linear / 4);
    /// ```
    pub endgame_scaling: bool,
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
            empty_cannon: 80,
            // Both fitted with `tune fit --scalars battery,horse_threat`
            // on the round-4 self-play data (39.6 and 18.5).
            battery: 40,
            horse_threat: 18,
            endgame_scaling: true,
        }
    }
}

impl MaterialPst {
    /// Mobility of `color`'s chariots and horses.
    #[inline]
    fn mobility(&self, pos: &Position, color: Color) -> i32 {
        let b = pos.board();
        let occ = b.occupancy();
        let free = !b.by_color(color);
        let mut total = 0;
        let own = b.by_color(color);
        for sq in own & b.by_role(Role::Chariot) {
            total += attacks::chariot_mobility(sq, occ, own) as i32;
        }
        total *= self.chariot_mobility;
        let mut horses = 0;
        for sq in own & b.by_role(Role::Horse) {
            horses += attacks::horse_mobility(sq, occ.bitboard(), free) as i32;
        }
        total += horses * self.horse_mobility;
        total
    }

    /// The cannon/horse value shift with material, Red's minus Black's.
    #[inline]
    fn cannon_horse(&self, st: &MaterialPstState) -> i32 {
        let n = |c: Color, r: Role| st.n(c, r);
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
        let occ = b.occupancy();
        let c = color as usize;
        let zone = Bitboard(PALACE[c]);
        let enemy = |role: Role, near: u128| b.by_color(!color) & b.by_role(role) & Bitboard(near);
        // Fewer than two pieces placed to bear on the palace: no attack.
        let lines = b.by_role(Role::Chariot) | b.by_role(Role::Cannon);
        let placed = b.by_color(!color)
            & (lines & Bitboard(LINES[c])
                | b.by_role(Role::Horse) & Bitboard(HORSE_NEAR[c])
                | b.by_role(Role::Soldier) & Bitboard(SOLDIER_NEAR[c]));
        if !placed.more_than_one() {
            return 0;
        }
        let general_file = pos.generals[color].file();
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
            add((attacks::chariot(sq, occ) & zone).count(), 3);
        }
        for sq in enemy(Role::Horse, HORSE_NEAR[c]) {
            add((attacks::horse(sq, occ.bitboard()) & zone).count(), 2);
        }
        for sq in enemy(Role::Cannon, LINES[c]) {
            // A cannon on the general's file counts one more, even unscreened.
            let aimed = usize::from(sq.file() == general_file);
            add((attacks::cannon(sq, occ) & zone).count() + aimed, 2);
        }
        for sq in enemy(Role::Soldier, SOLDIER_NEAR[c]) {
            add((attacks::soldier(!color, sq) & zone).count(), 1);
        }
        if n < 2 {
            return 0;
        }
        (units * units * self.king_attack / 16).min(500)
    }

    /// The empty-headed-cannon penalty of `color`: enemy cannons that face
    /// its general on the file with nothing between.
    #[inline]
    fn empty_cannons(&self, pos: &Position, color: Color) -> i32 {
        let b = pos.board();
        let general = pos.generals[color];
        let seen = attacks::chariot_file(general, b.occupancy());
        let cannons = seen & b.by_color(!color) & b.by_role(Role::Cannon);
        cannons.count() as i32 * self.empty_cannon
    }

    /// The battery and horse-threat penalty of `color`.
    #[inline]
    fn threats(&self, pos: &Position, color: Color) -> i32 {
        let mut v = 0;
        if self.battery != 0 {
            v += threats::batteries(pos, color) * self.battery;
        }
        if self.horse_threat != 0 {
            v += threats::horse_threats(pos, color) * self.horse_threat;
        }
        v
    }

    /// How exposed `color`'s general is: missing defenders times attackers.
    #[inline]
    fn exposure(&self, st: &MaterialPstState, color: Color) -> i32 {
        let n = |c: Color, r: Role| st.n(c, r);
        let defenders = n(color, Role::Advisor) + n(color, Role::Elephant);
        let missing = (4 - defenders).max(0);
        let them = !color;
        let attackers = n(them, Role::Chariot) * 2 + n(them, Role::Horse) + n(them, Role::Cannon);
        missing * attackers * self.king_safety
    }
}

impl Evaluator for MaterialPst {
    type State = MaterialPstState;

    fn new_state(&self, pos: &Position) -> MaterialPstState {
        let mut counts = [0; 14];
        for (_, p) in pos.board().pieces() {
            counts[p.index()] += 1;
        }
        MaterialPstState {
            psq: psq_sum(pos.board()),
            counts,
        }
    }

    #[inline]
    fn play(&self, st: &mut MaterialPstState, rec: &PlyRecord, _: &Position) {
        let (from, to) = (rec.mv.from(), rec.mv.to());
        st.psq += signed_psq(rec.piece, to) - signed_psq(rec.piece, from);
        if let Some(c) = rec.captured {
            st.psq -= signed_psq(c, to);
            st.counts[c.index()] = st.counts[c.index()].saturating_sub(1);
        }
    }

    #[inline]
    fn evaluate(&self, pos: &Position, st: &MaterialPstState) -> i32 {
        let us = pos.turn();
        let them = !us;
        let red = st.psq;
        let material = if us == Color::Red { red } else { -red };
        let safety = self.exposure(st, them) - self.exposure(st, us)
            + self.palace_attack(pos, them)
            - self.palace_attack(pos, us)
            + self.empty_cannons(pos, them)
            - self.empty_cannons(pos, us)
            + self.threats(pos, them)
            - self.threats(pos, us);
        let mobility = self.mobility(pos, us) - self.mobility(pos, them);
        let shift = self.cannon_horse(st);
        let shift = if us == Color::Red { shift } else { -shift };
        let score = material + safety + mobility + shift + self.tempo;
        let score = if self.endgame_scaling {
            let strong = if score >= 0 { us } else { them };
            let scale = endgame::drawish_scale(pos, st, strong);
            if scale == 16 {
                score
            } else {
                score * scale / 16
            }
        } else {
            score
        };
        score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
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
        assert_eq!(
            eval.evaluate_position(&two),
            off.evaluate_position(&two) + 100 * 6 / 16
        );
    }

    #[test]
    fn an_empty_headed_cannon_costs_the_general() {
        let eval = MaterialPst::default();
        // Red's cannon e4 faces the black general e9 with nothing between.
        let open: Position = "3akab2/9/9/9/4C4/9/9/9/9/4K4 w".parse().unwrap();
        assert_eq!(eval.empty_cannons(&open, Color::Black), 80);
        assert_eq!(eval.empty_cannons(&open, Color::Red), 0);
        // An elephant and a soldier between: no longer empty-headed.
        let screened: Position = "3akab2/9/4b4/4p4/4C4/9/9/9/9/3K5 w".parse().unwrap();
        assert_eq!(eval.empty_cannons(&screened, Color::Black), 0);
        let off = MaterialPst {
            empty_cannon: 0,
            ..MaterialPst::default()
        };
        assert_eq!(
            eval.evaluate_position(&open),
            off.evaluate_position(&open) + 80
        );
    }

    #[test]
    fn incremental_state_matches_a_fresh_one() {
        let eval = MaterialPst::default();
        let rules = crate::game::Rules::default();
        let mut pos = Position::new();
        let mut state = eval.new_state(&pos);
        // Captures (h2h9, b7b0, a0b0) and a general move.
        for m in ["h2h9", "b7b0", "a0b0", "i9i8", "e0e1"] {
            let m: crate::base::Move = m.parse().unwrap();
            let piece = pos.board().piece_at(m.from()).unwrap();
            let captured = pos.play(m).unwrap();
            let rec = PlyRecord::new(
                m,
                piece,
                captured,
                &pos,
                crate::game::record::LimitCount::default(),
                &rules,
            );
            eval.play(&mut state, &rec, &pos);
            assert_eq!(state, eval.new_state(&pos), "after {m}");
            assert_eq!(eval.evaluate(&pos, &state), eval.evaluate_position(&pos));
        }
    }
}
