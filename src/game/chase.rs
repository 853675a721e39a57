//! Chase detection (捉) under the Asian rules.
//!
//! A side *chases* an enemy piece when one of its pieces could capture it
//! with a legal move (its own general stays safe, so a pinned piece chases
//! only along its pin and the flying-general rule is respected) and the
//! capture would win something:
//!
//! * a horse or cannon attacking a chariot, or an advisor or elephant
//!   attacking a chariot, horse or cannon, chases it even if it is protected;
//! * any other attack chases only an *unprotected* piece: no enemy piece
//!   could legally recapture on its square after the capture;
//! * two pieces of the same kind attacking each other do not chase each
//!   other, unless the reverse capture is impossible (a blocked horse leg, a
//!   pin, the flying general).
//!
//! Generals and soldiers never chase; generals and soldiers that have not
//! crossed the river are never chased. A *new* chase is one that the move
//! created: an attacker chasing a target after the move that did not chase
//! it before (a piece uncovered, moved, unpinned, or a protector taken
//! away, blocked or pinned all create one).
//! A move that gives check chases nothing (it is a check), unless
//! [`Rules::checks_also_chase`](crate::Rules::checks_also_chase) is set.

use arrayvec::ArrayVec;

use crate::core::attacks::{self, transposed_bit};
use crate::core::position::general_attackers;
use crate::core::{Bitboard, Board, Color, Move, Position, Role, Square};

/// Occupancy in both layouts (rank-major and file-major).
#[derive(Copy, Clone)]
struct Occ {
    occ: Bitboard,
    occ_t: u128,
}

impl Occ {
    fn of(b: &Board) -> Occ {
        Occ {
            occ: b.occupied(),
            occ_t: b.occupied_transposed(),
        }
    }

    fn without(self, sq: Square) -> Occ {
        Occ {
            occ: self.occ.without(sq),
            occ_t: self.occ_t & !transposed_bit(sq),
        }
    }
}

/// Squares a `color` piece of kind `role` on `from` could capture on.
fn capture_set(color: Color, role: Role, from: Square, o: Occ) -> Bitboard {
    match role {
        Role::General => attacks::general(color, from),
        Role::Advisor => attacks::advisor(color, from),
        Role::Elephant => attacks::elephant(color, from, o.occ),
        Role::Horse => attacks::horse(from, o.occ),
        Role::Chariot => attacks::chariot(from, o.occ, o.occ_t),
        Role::Cannon => attacks::cannon(from, o.occ, o.occ_t),
        Role::Soldier => attacks::soldier(color, from),
    }
}

/// Pieces of `color` on `b`, not counting `exclude`, that could capture on
/// the (non-general) square `sq` under occupancy `o`.
fn attackers_with(b: &Board, sq: Square, color: Color, o: Occ, exclude: Bitboard) -> Bitboard {
    let own = b.by_color(color) - exclude;
    let mut out =
        general_attackers(b, sq, color, o.occ, o.occ_t, exclude) - b.by_role(Role::General);
    if sq.in_palace(color) {
        out |= attacks::advisor(color, sq) & b.by_role(Role::Advisor);
        out |= attacks::general(color, sq) & b.by_role(Role::General);
    }
    if sq.on_own_half(color) {
        out |= attacks::elephant(color, sq, o.occ) & b.by_role(Role::Elephant);
    }
    out & own
}

/// Whether `color`'s general is safe on `b` after occupancy became `o`,
/// with the enemy pieces in `captured` gone and `color`'s general on
/// `general`.
fn general_safe(b: &Board, color: Color, general: Square, o: Occ, captured: Bitboard) -> bool {
    general_attackers(b, general, !color, o.occ, o.occ_t, captured).is_empty()
}

/// Calls `f(attacker, target)` for every chase by `side` in `pos` (whoever
/// is to move).
pub(crate) fn for_each_chase(pos: &Position, side: Color, mut f: impl FnMut(Square, Square)) {
    let b = &pos.board;
    let them = !side;
    let o = Occ::of(b);
    let our_general = pos.generals[side as usize];
    let their_general = pos.generals[them as usize];
    let chasers = b.by_color(side) - b.by_role(Role::General) - b.by_role(Role::Soldier);
    let targets_all = b.by_color(them) - b.by_role(Role::General);
    for a in chasers {
        let Some(attacker) = b.piece_at(a) else {
            continue;
        };
        let role = attacker.role;
        for t in capture_set(side, role, a, o) & targets_all {
            let Some(target) = b.piece_at(t) else {
                continue;
            };
            let trole = target.role;
            if trole == Role::Soldier && !t.on_own_half(side) {
                continue; // a soldier that has not crossed the river
            }
            // The capture a x t must not expose our general.
            let after = o.without(a);
            if !general_safe(b, side, our_general, after, Bitboard::from(t)) {
                continue;
            }
            let stronger = match role {
                Role::Horse | Role::Cannon => trole == Role::Chariot,
                Role::Advisor | Role::Elephant => {
                    matches!(trole, Role::Chariot | Role::Horse | Role::Cannon)
                }
                _ => false,
            };
            if stronger {
                f(a, t);
                continue;
            }
            // Protected if some enemy piece could legally recapture on t.
            let protectors = attackers_with(b, t, them, after, Bitboard::from(t));
            let protected = protectors.into_iter().any(|p| {
                let g = if p == their_general { t } else { their_general };
                general_safe(b, them, g, after.without(p), Bitboard::from(a))
            });
            if protected {
                continue;
            }
            if role == trole {
                // Mutual attack: a chase only if the reverse capture t x a
                // is impossible.
                let reverse = capture_set(them, trole, t, o).contains(a)
                    && general_safe(b, them, their_general, o.without(t), Bitboard::from(a));
                if reverse {
                    continue;
                }
            }
            f(a, t);
        }
    }
}

/// The pieces newly chased by the move `m` from `before` to `after`, and
/// the mover's pieces making those new chases. A chase is new if that
/// attacker did not chase that target before the move (the moved piece
/// keeps its identity: a chariot sliding along the line of its attack
/// makes no new chase). A checking move chases nothing unless
/// `checks_chase`.
pub(crate) fn new_chases(
    before: &Position,
    after: &Position,
    m: Move,
    checks_chase: bool,
) -> (Bitboard, Bitboard) {
    let mover = before.turn;
    if after.is_check() && !checks_chase {
        return (Bitboard::EMPTY, Bitboard::EMPTY);
    }
    // At most 10 chasers with at most 8 targets each.
    let mut old: ArrayVec<(Square, Square), 96> = ArrayVec::new();
    for_each_chase(before, mover, |a, t| {
        let a = if a == m.from() { m.to() } else { a };
        let _ = old.try_push((a, t));
    });
    let (mut targets, mut chasers) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for_each_chase(after, mover, |a, t| {
        if !old.contains(&(a, t)) {
            targets = targets.with(t);
            chasers = chasers.with(a);
        }
    });
    (targets, chasers)
}

/// Maps squares of pieces after `m` back to where they stood before it.
pub(crate) fn unplay_squares(set: Bitboard, m: Move) -> Bitboard {
    if set.contains(m.to()) {
        set.without(m.to()).with(m.from())
    } else {
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every enemy piece chased by `side` in `pos`.
    fn chased_by(pos: &Position, side: Color) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for_each_chase(pos, side, |_, t| out = out.with(t));
        out
    }

    fn chased(fen: &str, side: Color) -> Vec<String> {
        let pos: Position = fen.parse().unwrap();
        chased_by(&pos, side)
            .into_iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn horse_chases_protected_chariot() {
        // Red horse e4 attacks the unprotected black chariot on d6.
        assert_eq!(
            chased("3k5/9/9/3r5/9/4N4/9/9/9/4K4 b", Color::Red),
            vec!["d6"]
        );
        // Still a chase when the black chariot on d7 protects it.
        assert_eq!(
            chased("3k5/9/3r5/3r5/9/4N4/9/9/9/4K4 b", Color::Red),
            vec!["d6"]
        );
    }

    #[test]
    fn chariot_on_protected_cannon_is_no_chase() {
        // Red chariot a5 attacks the black cannon e5; unprotected: chase.
        assert_eq!(
            chased("4k4/9/9/9/R3c4/9/9/9/9/5K3 b", Color::Red),
            vec!["e5"]
        );
        // Protected by the black chariot on e9 (through e8..e6): no chase.
        assert!(chased("3kr4/9/9/9/R3c4/9/9/9/9/5K3 b", Color::Red).is_empty());
    }

    #[test]
    fn uncrossed_soldier_and_general_are_never_chased() {
        assert!(chased("4k4/9/9/9/R3p4/9/9/9/9/3K5 b", Color::Red).is_empty());
        assert_eq!(
            chased("4k4/9/9/9/9/R3p4/9/9/9/3K5 b", Color::Red),
            vec!["e4"]
        );
    }

    #[test]
    fn pinned_chaser_does_not_chase_off_its_pin() {
        // Red chariot e3 is pinned on the e-file by the black chariot e8;
        // it attacks the black horse a3, unprotected, but cannot take it.
        assert!(chased("3k5/4r4/9/9/9/9/n3R4/9/9/4K4 b", Color::Red).is_empty());
    }

    #[test]
    fn elephant_and_advisor_chase_protected_pieces() {
        // Red elephant e2 attacks the black chariot g4, protected by the
        // black chariot g9: still a chase.
        assert_eq!(
            chased("3k2r2/9/9/9/9/6r2/9/4B4/9/4K4 b", Color::Red),
            vec!["g4"]
        );
        // Red advisor e1 attacks the black cannon d2 (protected by the
        // chariot f2) and that chariot: both chased.
        assert_eq!(
            chased("4k4/9/4b4/9/9/9/9/3c1r3/4A4/4K4 b", Color::Red),
            vec!["d2", "f2"]
        );
        // Without the elephant e7 the advisor may not leave the e-file
        // (flying general): no chase.
        assert!(chased("4k4/9/9/9/9/9/9/3c1r3/4A4/4K4 b", Color::Red).is_empty());
    }

    #[test]
    fn horses_chase_each_other_only_with_a_blocked_leg() {
        // Red horse e4 and black horse d6 attack each other: no chase.
        assert!(chased("3k5/9/9/3n5/9/4N4/9/9/9/4K4 b", Color::Red).is_empty());
        // A piece on d5 blocks the black horse's leg (d6 -> e4) but not the
        // red horse's (e4 -> d6 goes through e5): Red chases.
        assert_eq!(
            chased("3k5/9/9/3n5/3P5/4N4/9/9/9/4K4 b", Color::Red),
            vec!["d6"]
        );
    }

    #[test]
    fn a_protector_that_cannot_legally_recapture_does_not_protect() {
        // The black chariot e8 protects the cannon e5 (e7, e6 empty).
        assert!(chased("4k4/4r4/9/9/R3c4/9/9/9/9/5K3 b", Color::Red).is_empty());
        // The black advisor e8 is the only piece between the generals: it
        // cannot recapture on d7, so the cannon there is unprotected.
        assert_eq!(
            chased("4k4/4a4/R2c5/9/9/9/9/9/9/4K4 b", Color::Red),
            vec!["d7"]
        );
    }

    #[test]
    fn mutual_chariots_do_not_chase() {
        assert!(chased("3k5/9/9/9/r3R4/9/9/9/9/5K3 b", Color::Red).is_empty());
    }
}
