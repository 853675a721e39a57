//! The classical evaluator, [`MaterialPst`], with its incremental state
//! ([`MaterialPstState`]): material and piece-square tables kept up to date
//! move by move, and the positional terms computed at each evaluation.

use crate::base::attacks;
use crate::base::{Bitboard, Color, Piece, Position, Role};
use crate::game::PlyRecord;

use super::{
    EVAL_LIMIT, Evaluator, HORSE_NEAR, LINES, PALACE, SOLDIER_NEAR, endgame, psq_sum, signed_psq,
    threats,
};

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
    counts: [u8; Piece::COUNT],
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
    pub(super) fn n(&self, color: Color, role: Role) -> i32 {
        i32::from(self.counts[Piece::new(color, role).index()])
    }
}

/// The classical evaluator: material, piece-square tables, chariot and horse
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
#[non_exhaustive]
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
    /// let linear = MaterialPst::default()
    ///     .with_endgame_scaling(false)
    ///     .evaluate_position(&pos);
    /// assert!(linear > 300);
    /// assert!(scaled < linear / 4);
    /// ```
    pub endgame_scaling: bool,
}

impl MaterialPst {
    /// Sets [`tempo`](MaterialPst::tempo).
    ///
    /// ```
    /// let eval = xiangqi::MaterialPst::default().with_tempo(0);
    /// assert_eq!(eval.tempo, 0);
    /// ```
    pub fn with_tempo(mut self, tempo: i32) -> MaterialPst {
        self.tempo = tempo;
        self
    }

    /// Sets [`king_safety`](MaterialPst::king_safety).
    ///
    /// ```
    /// let eval = xiangqi::MaterialPst::default().with_king_safety(0);
    /// assert_eq!(eval.king_safety, 0);
    /// ```
    pub fn with_king_safety(mut self, king_safety: i32) -> MaterialPst {
        self.king_safety = king_safety;
        self
    }

    /// Sets [`chariot_mobility`](MaterialPst::chariot_mobility).
    ///
    /// ```
    /// let eval = xiangqi::MaterialPst::default().with_chariot_mobility(0);
    /// assert_eq!(eval.chariot_mobility, 0);
    /// ```
    pub fn with_chariot_mobility(mut self, chariot_mobility: i32) -> MaterialPst {
        self.chariot_mobility = chariot_mobility;
        self
    }

    /// Sets [`horse_mobility`](MaterialPst::horse_mobility).
    ///
    /// ```
    /// let eval = xiangqi::MaterialPst::default().with_horse_mobility(0);
    /// assert_eq!(eval.horse_mobility, 0);
    /// ```
    pub fn with_horse_mobility(mut self, horse_mobility: i32) -> MaterialPst {
        self.horse_mobility = horse_mobility;
        self
    }

    /// Sets [`cannon_horse_shift`](MaterialPst::cannon_horse_shift).
    ///
    /// ```
    /// let eval = xiangqi::MaterialPst::default().with_cannon_horse_shift(0);
    /// assert_eq!(eval.cannon_horse_shift, 0);
    /// ```
    pub fn with_cannon_horse_shift(mut self, cannon_horse_shift: i32) -> MaterialPst {
        self.cannon_horse_shift = cannon_horse_shift;
        self
    }

    /// Sets [`king_attack`](MaterialPst::king_attack).
    ///
    /// ```
    /// let eval = xiangqi::MaterialPst::default().with_king_attack(0);
    /// assert_eq!(eval.king_attack, 0);
    /// ```
    pub fn with_king_attack(mut self, king_attack: i32) -> MaterialPst {
        self.king_attack = king_attack;
        self
    }

    /// Sets [`empty_cannon`](MaterialPst::empty_cannon).
    ///
    /// ```
    /// let eval = xiangqi::MaterialPst::default().with_empty_cannon(0);
    /// assert_eq!(eval.empty_cannon, 0);
    /// ```
    pub fn with_empty_cannon(mut self, empty_cannon: i32) -> MaterialPst {
        self.empty_cannon = empty_cannon;
        self
    }

    /// Sets [`battery`](MaterialPst::battery).
    ///
    /// ```
    /// let eval = xiangqi::MaterialPst::default().with_battery(0);
    /// assert_eq!(eval.battery, 0);
    /// ```
    pub fn with_battery(mut self, battery: i32) -> MaterialPst {
        self.battery = battery;
        self
    }

    /// Sets [`horse_threat`](MaterialPst::horse_threat).
    ///
    /// ```
    /// let eval = xiangqi::MaterialPst::default().with_horse_threat(0);
    /// assert_eq!(eval.horse_threat, 0);
    /// ```
    pub fn with_horse_threat(mut self, horse_threat: i32) -> MaterialPst {
        self.horse_threat = horse_threat;
        self
    }

    /// Sets [`endgame_scaling`](MaterialPst::endgame_scaling).
    ///
    /// ```
    /// let eval = xiangqi::MaterialPst::default().with_endgame_scaling(false);
    /// assert_eq!(eval.endgame_scaling, false);
    /// ```
    pub fn with_endgame_scaling(mut self, endgame_scaling: bool) -> MaterialPst {
        self.endgame_scaling = endgame_scaling;
        self
    }
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
        let c = color;
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
        let mut counts = [0; Piece::COUNT];
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
    use crate::base::Square;

    #[test]
    fn palace_masks_match_the_squares_in_the_palace() {
        for color in [Color::Red, Color::Black] {
            let mask = Bitboard(PALACE[color]);
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
