//! Legal move generation, legality tests and bulk move counting.
//!
//! Moves are generated per piece as target bitboards. Most moves cannot
//! expose the own general, and are emitted without a test. When the side to
//! move is not in check, only a line (chariot, cannon, facing general) or a
//! horse can be uncovered, so a non-general move needs a test only if it
//! leaves a square that is the single piece between the general and an
//! enemy chariot or general, one of exactly two pieces between the general
//! and an enemy cannon, or a horse leg next to the general behind which an
//! enemy horse stands; or if it lands on the empty stretch between the
//! general and an enemy cannon (becoming its screen). Soldiers, advisors and
//! elephants attack nothing that a move could uncover. Those moves, general
//! moves and every move while in check are tested by replaying the attack
//! queries on the changed occupancy.

use crate::base::attacks::{self, Occupancy, between};
use crate::base::position::general_attackers;
use crate::base::{Bitboard, Move, MoveList, Position, Role, Square};

/// Receives generated moves.
trait Sink {
    /// Every square of `targets` is a legal destination from `from`.
    fn push_all(&mut self, from: Square, targets: Bitboard);
    /// `from` to `to` is legal.
    fn push(&mut self, from: Square, to: Square);
}

struct ListSink<'a>(&'a mut MoveList);

impl Sink for ListSink<'_> {
    #[inline]
    fn push_all(&mut self, from: Square, targets: Bitboard) {
        // Two 64-bit words scan faster than one 128-bit integer.
        for (word, base) in [(targets.0 as u64, 0), ((targets.0 >> 64) as u64, 64)] {
            let mut bits = word;
            while bits != 0 {
                if let Some(to) = Square::from_index(base + bits.trailing_zeros()) {
                    self.push(from, to);
                }
                bits &= bits - 1;
            }
        }
    }

    #[inline]
    fn push(&mut self, from: Square, to: Square) {
        // Capacity is MAX_MOVES, proven sufficient; never fails.
        let _ = self.0.try_push(Move::new(from, to));
    }
}

struct CountSink(usize);

impl Sink for CountSink {
    #[inline]
    fn push_all(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count();
    }

    #[inline]
    fn push(&mut self, _from: Square, _to: Square) {
        self.0 += 1;
    }
}

/// The squares a non-general move must leave (`from`) or enter (`to`) to
/// need a legality test (everything while in check); see the module docs.
#[derive(Copy, Clone, Debug)]
pub(crate) struct RiskSquares {
    from: Bitboard,
    to: Bitboard,
}

impl Position {
    /// All legal moves.
    ///
    /// ```
    /// use xiangqi::Position;
    /// let moves = Position::new().legal_moves();
    /// assert_eq!(moves.len(), 44);
    /// assert!(moves.contains(&"h2e2".parse().unwrap()));
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(Bitboard::FULL, &mut ListSink(&mut list));
        list
    }

    /// The legal captures only (for quiescence search).
    ///
    /// ```
    /// use xiangqi::Position;
    /// let caps = Position::new().capture_moves();
    /// assert_eq!(caps.len(), 2); // both cannons can take a horse
    /// ```
    pub fn capture_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let enemy = self.board.by_color(!self.turn);
        self.generate(enemy, &mut ListSink(&mut list));
        list
    }

    /// The number of legal moves, counted without building a list
    /// (bulk counting for perft).
    ///
    /// ```
    /// use xiangqi::Position;
    /// assert_eq!(Position::new().count_legal_moves(), 44);
    /// ```
    pub fn count_legal_moves(&self) -> usize {
        let mut sink = CountSink(0);
        self.generate(Bitboard::FULL, &mut sink);
        sink.0
    }

    /// Whether the side to move has at least one legal move.
    ///
    /// ```
    /// use xiangqi::Position;
    /// assert!(Position::new().has_legal_moves());
    /// ```
    pub fn has_legal_moves(&self) -> bool {
        // Counting is cheap enough; positions without moves are rare.
        self.count_legal_moves() > 0
    }

    /// Which pseudo-legal moves need a legality test here (see
    /// [`Position::is_pseudo_legal_safe`]).
    #[inline]
    pub(crate) fn risk(&self) -> RiskSquares {
        let (from, to) = if self.checkers.any() {
            (Bitboard::FULL, Bitboard::FULL)
        } else {
            self.risk_squares(self.generals[self.turn])
        };
        RiskSquares { from, to }
    }

    /// Replaces the contents of `list` with the pseudo-legal moves to
    /// squares of `targets` (own pieces excluded): moves by the pieces'
    /// movement rules, not tested for exposing the own general. Test each
    /// with [`Position::is_pseudo_legal_safe`] before playing it.
    #[inline]
    #[cfg_attr(not(feature = "search"), allow(dead_code))]
    pub(crate) fn pseudo_moves_into(&self, targets: Bitboard, list: &mut MoveList) {
        list.clear();
        let us = self.turn;
        let mask = targets - self.board.by_color(us);
        let mut sink = ListSink(list);
        let g = self.generals[us];
        sink.push_all(g, attacks::general(us, g) & mask);
        self.for_each_piece_targets(mask, |from, t| sink.push_all(from, t));
    }

    /// Whether `m`, a move of [`Position::pseudo_moves_into`], is legal
    /// (leaves the own general safe); `risk` is [`Position::risk`] of this
    /// position.
    #[inline]
    #[cfg_attr(not(feature = "search"), allow(dead_code))]
    pub(crate) fn is_pseudo_legal_safe(&self, risk: &RiskSquares, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        if from == self.generals[self.turn] {
            self.general_move_is_safe(from, to)
        } else if risk.from.contains(from) || risk.to.contains(to) {
            self.move_is_safe(from, to)
        } else {
            true
        }
    }

    /// Whether `m` is legal here.
    ///
    /// ```
    /// use xiangqi::Position;
    /// let pos = Position::new();
    /// assert!(pos.is_legal("b0c2".parse().unwrap()));
    /// assert!(!pos.is_legal("b0b2".parse().unwrap())); // own cannon there
    /// assert!(!pos.is_legal("e9e8".parse().unwrap())); // not Black's move
    /// ```
    pub fn is_legal(&self, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        let Some(piece) = self.board.piece_at(from) else {
            return false;
        };
        if piece.color != self.turn || !self.pseudo_targets(from, piece.role).contains(to) {
            return false;
        }
        if piece.role == Role::General {
            self.general_move_is_safe(from, to)
        } else {
            self.move_is_safe(from, to)
        }
    }

    /// Destinations of the piece on `from` by its movement rules, excluding
    /// squares held by its own side; legality is not checked.
    fn pseudo_targets(&self, from: Square, role: Role) -> Bitboard {
        let b = &self.board;
        self.targets_of(role, from, b.occupancy()) - b.by_color(self.turn)
    }

    /// Destinations of the side to move's `role` on `from` by its movement
    /// rules, own pieces included (the caller masks them); `occ` is the
    /// board's occupancy.
    #[inline(always)]
    fn targets_of(&self, role: Role, from: Square, occ: Occupancy) -> Bitboard {
        let us = self.turn;
        attacks::move_targets(role, us, from, occ, self.board.by_color(!us))
    }

    /// Calls `f(from, targets & mask)` for every piece of the side to move
    /// except the general, with its destinations by the movement rules
    /// (`mask` excludes own pieces), role by role.
    #[inline(always)]
    fn for_each_piece_targets(&self, mask: Bitboard, mut f: impl FnMut(Square, Bitboard)) {
        let b = &self.board;
        let own = b.by_color(self.turn);
        let occ = b.occupancy();
        for role in [
            Role::Chariot,
            Role::Cannon,
            Role::Horse,
            Role::Elephant,
            Role::Advisor,
            Role::Soldier,
        ] {
            for from in own & b.by_role(role) {
                f(from, self.targets_of(role, from, occ) & mask);
            }
        }
    }

    /// Whether the non-general move `from`-`to` leaves the own general safe.
    #[inline]
    fn move_is_safe(&self, from: Square, to: Square) -> bool {
        self.safe_after(from, to, self.generals[self.turn])
    }

    /// Whether the general move `from`-`to` lands on a safe square.
    #[inline]
    fn general_move_is_safe(&self, from: Square, to: Square) -> bool {
        self.safe_after(from, to, to)
    }

    /// Whether, after the side to move plays `from`-`to`, its general
    /// (then on `general`) is attacked by no enemy piece.
    #[inline]
    fn safe_after(&self, from: Square, to: Square, general: Square) -> bool {
        let b = &self.board;
        // `from` is occupied: toggling it off is cheaper than `without`.
        let mut occ = b.occupancy();
        occ.toggle(from);
        general_attackers(b, general, !self.turn, occ.with(to), Bitboard::from(to)).is_empty()
    }

    /// Squares whose vacating (first) or occupation (second) may expose the
    /// general on `g` when the side to move is not in check; see the module
    /// docs. Vacating: a piece that alone stands between the general and an
    /// enemy chariot or the enemy general, one of exactly two pieces between
    /// it and an enemy cannon, or on a horse leg next to it behind which an
    /// enemy horse stands. Occupying: an empty stretch between the general
    /// and an enemy cannon (the new piece would be the cannon's screen).
    #[inline]
    fn risk_squares(&self, g: Square) -> (Bitboard, Bitboard) {
        let b = &self.board;
        let them = b.by_color(!self.turn);
        let occ = b.occupied();
        let lines = Bitboard::rank(g.rank()) | Bitboard::file(g.file());
        let chariots = them & (b.by_role(Role::Chariot) | b.by_role(Role::General)) & lines;
        let cannons = them & b.by_role(Role::Cannon) & lines;
        let mut vacate = Bitboard::EMPTY;
        let mut occupy = Bitboard::EMPTY;
        for s in chariots {
            let between = between(g, s) & occ;
            if !between.more_than_one() {
                vacate |= between;
            }
        }
        for s in cannons {
            let line = between(g, s);
            let between = line & occ;
            match between.count() {
                0 => occupy |= line,
                2 => vacate |= between,
                _ => {}
            }
        }
        let horses = them & b.by_role(Role::Horse);
        if horses.any() {
            for leg in attacks::horse_attacker_legs(g) {
                if leg.squares & horses.0 != 0 {
                    vacate.0 |= leg.leg;
                }
            }
        }
        (vacate, occupy)
    }

    fn generate<S: Sink>(&self, target_mask: Bitboard, sink: &mut S) {
        let us = self.turn;
        let mask = target_mask - self.board.by_color(us);
        let g = self.generals[us];

        for to in attacks::general(us, g) & mask {
            if self.general_move_is_safe(g, to) {
                sink.push(g, to);
            }
        }

        let RiskSquares {
            from: from_risk,
            to: to_risk,
        } = self.risk();
        let emit = |from: Square, targets: Bitboard| {
            if from_risk.contains(from) {
                for to in targets {
                    if self.move_is_safe(from, to) {
                        sink.push(from, to);
                    }
                }
            } else {
                sink.push_all(from, targets - to_risk);
                for to in targets & to_risk {
                    if self.move_is_safe(from, to) {
                        sink.push(from, to);
                    }
                }
            }
        };

        self.for_each_piece_targets(mask, emit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pseudo-legal moves that pass the deferred test are the legal
    /// moves, for captures and quiet moves, along random games from a few
    /// positions (checks, pins, cannon screens, facing generals).
    #[test]
    fn pseudo_moves_filtered_are_the_legal_moves() {
        let fens = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "r1bakabr1/9/1cn3nc1/p3p1p1p/2p6/9/P1P1P1P1P/1CN1C1N2/9/R1BAKABR1 w",
            "3k5/9/4c4/9/4C4/9/9/4R4/4A4/4K4 b",
            "4k4/4a4/3n5/9/9/9/9/9/4C4/3K5 b",
        ];
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut checked = 0;
        for fen in fens {
            for _ in 0..20 {
                let mut pos: Position = fen.parse().unwrap();
                for _ in 0..60 {
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let risk = pos.risk();
                    let mut got = MoveList::new();
                    let occ = pos.board().occupied();
                    let targets = [pos.board().by_color(!pos.turn()), Bitboard::FULL - occ];
                    for t in targets {
                        let mut list = MoveList::new();
                        pos.pseudo_moves_into(t, &mut list);
                        got.extend(
                            list.into_iter()
                                .filter(|&m| pos.is_pseudo_legal_safe(&risk, m)),
                        );
                    }
                    let mut want = legal.clone();
                    got.sort_by_key(|m| (m.from().index(), m.to().index()));
                    want.sort_by_key(|m| (m.from().index(), m.to().index()));
                    assert_eq!(got, want, "{pos}");
                    checked += 1;
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let m = legal[(state % legal.len() as u64) as usize];
                    pos.play(m).unwrap();
                }
            }
        }
        assert!(checked > 1000);
    }
}
