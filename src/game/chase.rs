//! Chase detection (捉) under the Asian rules.
//!
//! A side *threatens* (chases) an enemy piece when one of its pieces could
//! capture it with a legal move and the capture would win something:
//!
//! * a horse or cannon attacking a chariot, or an advisor or elephant
//!   attacking a chariot, horse or cannon, chases it even if it is protected;
//! * any other attack chases only an *unprotected* piece: no enemy piece
//!   could legally recapture on its square after the capture;
//! * two pieces of the same kind attacking each other do not chase each
//!   other, unless the reverse attack does not exist (a blocked horse leg, or
//!   the target cannot take back: see pins below).
//!
//! **Pins.** A *pinned* piece is one whose removal would expose its own
//! general to a new attack: it blocks a chariot's line, a horse's leg or one
//! of a cannon's two screens, or it stands alone between the two generals.
//! By default (the AXF rule book, diagrams 39-41 and 63) a pinned piece
//! chases nothing, even a piece it could legally take (its pinner), and it
//! does not attack back: a piece of the same kind attacking it chases it.
//! With [`Rules::pinned_chases_pinner`](crate::Rules::pinned_chases_pinner)
//! (Pikafish's reading) a pinned piece chases the pieces pinning it when
//! taking them is legal, and a target that can legally take back is not
//! chased by a piece of its own kind.
//!
//! Generals and soldiers never chase; generals and soldiers that have not
//! crossed the river are never chased.
//!
//! **New chases.** A move chases the enemy pieces that the mover threatens
//! after the move and did not threaten before it: the sets of threatened
//! pieces are compared, piece by piece (the enemy's pieces stand still
//! during the move), as Pikafish and Fairy-Stockfish do. A piece that was
//! already threatened, by the same attacker or another one, is not chased
//! anew when a second attacker joins or a screen move swaps which piece
//! threatens it. A move that gives check chases nothing (it is a check),
//! unless [`Rules::checks_also_chase`](crate::Rules::checks_also_chase) is
//! set.

use crate::base::attacks::{self, Occupancy};
use crate::base::position::general_attackers;
use crate::base::{Bitboard, Board, Color, Move, Position, Role, Square};
use crate::game::Rules;

/// The settings of [`Rules`] that chase detection reads.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Reading {
    /// A checking move can chase too ([`Rules::checks_also_chase`]).
    pub(crate) checks_chase: bool,
    /// A pinned piece chases its pinners ([`Rules::pinned_chases_pinner`]).
    pub(crate) pinned_chases_pinner: bool,
}

impl Reading {
    /// The reading `rules` ask for.
    pub(crate) fn of(rules: &Rules) -> Reading {
        Reading {
            checks_chase: rules.checks_also_chase,
            pinned_chases_pinner: rules.pinned_chases_pinner,
        }
    }
}

/// Squares a `color` piece of kind `role` on `from` could capture on.
fn capture_set(color: Color, role: Role, from: Square, o: Occupancy) -> Bitboard {
    match role {
        Role::General => attacks::general(color, from),
        Role::Advisor => attacks::advisor(color, from),
        Role::Elephant => attacks::elephant(color, from, o.bitboard()),
        Role::Horse => attacks::horse(from, o.bitboard()),
        Role::Chariot => attacks::chariot(from, o),
        Role::Cannon => attacks::cannon(from, o),
        Role::Soldier => attacks::soldier(color, from),
    }
}

/// Pieces of `color` on `b`, not counting `exclude`, that could capture on
/// the (non-general) square `sq` under occupancy `o`.
fn attackers_with(
    b: &Board,
    sq: Square,
    color: Color,
    o: Occupancy,
    exclude: Bitboard,
) -> Bitboard {
    let own = b.by_color(color) - exclude;
    let mut out = general_attackers(b, sq, color, o, exclude) - b.by_role(Role::General);
    if sq.in_palace(color) {
        out |= attacks::advisor(color, sq) & b.by_role(Role::Advisor);
        out |= attacks::general(color, sq) & b.by_role(Role::General);
    }
    if sq.on_own_half(color) {
        out |= attacks::elephant(color, sq, o.bitboard()) & b.by_role(Role::Elephant);
    }
    out & own
}

/// Whether `color`'s general is safe on `b` after occupancy became `o`,
/// with the enemy pieces in `captured` gone and `color`'s general on
/// `general`.
fn general_safe(
    b: &Board,
    color: Color,
    general: Square,
    o: Occupancy,
    captured: Bitboard,
) -> bool {
    general_attackers(b, general, !color, o, captured).is_empty()
}

/// The enemy pieces that would newly attack the general on `general` (of
/// the colour of the piece on `sq`) if that piece were lifted off the
/// board: the pieces pinning it (empty if it is not pinned). `already`
/// are the general's attackers as the board stands.
fn pinners(
    b: &Board,
    sq: Square,
    general: Square,
    enemy: Color,
    o: Occupancy,
    already: Bitboard,
) -> Bitboard {
    let o = o.without(sq);
    general_attackers(b, general, enemy, o, Bitboard::EMPTY) - already
}

/// Calls `f(attacker, target)` for every threat (chase) by `side` in `pos`
/// (whoever is to move), read as `reading` says.
pub(crate) fn for_each_chase(
    pos: &Position,
    side: Color,
    reading: Reading,
    mut f: impl FnMut(Square, Square),
) {
    let b = &pos.board;
    let them = !side;
    let o = b.occupancy();
    let our_general = pos.generals[side];
    let their_general = pos.generals[them];
    let our_attackers = general_attackers(b, our_general, them, o, Bitboard::EMPTY);
    let their_attackers = general_attackers(b, their_general, side, o, Bitboard::EMPTY);
    let chasers = b.by_color(side) - b.by_role(Role::General) - b.by_role(Role::Soldier);
    let targets_all = b.by_color(them) - b.by_role(Role::General);
    for a in chasers {
        let Some(attacker) = b.piece_at(a) else {
            continue;
        };
        let role = attacker.role;
        let mut targets = capture_set(side, role, a, o) & targets_all;
        if targets.is_empty() {
            continue;
        }
        // A pinned piece chases nothing, or (Pikafish) only its pinners.
        let pinned_by = pinners(b, a, our_general, them, o, our_attackers);
        if pinned_by.any() {
            if !reading.pinned_chases_pinner {
                continue;
            }
            targets &= pinned_by;
        }
        for t in targets {
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
                // Mutual attack: a chase only if the target does not attack
                // back: it cannot legally take the attacker, or (rule book)
                // it is pinned.
                let reverse = capture_set(them, trole, t, o).contains(a)
                    && general_safe(b, them, their_general, o.without(t), Bitboard::from(a))
                    && (reading.pinned_chases_pinner
                        || pinners(b, t, their_general, side, o, their_attackers).is_empty());
                if reverse {
                    continue;
                }
            }
            f(a, t);
        }
    }
}

/// The enemy pieces `side` threatens in `pos` (see [`for_each_chase`]).
fn threatened(pos: &Position, side: Color, reading: Reading) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for_each_chase(pos, side, reading, |_, t| out = out.with(t));
    out
}

/// The pieces newly chased by the move from `before` to `after`, and the
/// mover's pieces chasing them after the move. A piece is newly chased
/// if the mover threatens it after the move and did not threaten it before
/// (by any piece). A checking move chases nothing unless
/// `reading.checks_chase`.
pub(crate) fn new_chases(
    before: &Position,
    after: &Position,
    reading: Reading,
) -> (Bitboard, Bitboard) {
    let mover = before.turn;
    if after.is_check() && !reading.checks_chase {
        return (Bitboard::EMPTY, Bitboard::EMPTY);
    }
    let old = threatened(before, mover, reading);
    let (mut targets, mut chasers) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for_each_chase(after, mover, reading, |a, t| {
        if !old.contains(t) {
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

    const PIKAFISH: Reading = Reading {
        checks_chase: false,
        pinned_chases_pinner: true,
    };

    fn chased_with(fen: &str, side: Color, reading: Reading) -> Vec<String> {
        let pos: Position = fen.parse().unwrap();
        threatened(&pos, side, reading)
            .into_iter()
            .map(|s| s.to_string())
            .collect()
    }

    /// Every enemy piece chased by `side` in `fen` (rule-book reading).
    fn chased(fen: &str, side: Color) -> Vec<String> {
        chased_with(fen, side, Reading::default())
    }

    #[test]
    fn a_pinned_piece_chases_nothing_not_even_its_pinner() {
        // Red's chariot e5 and horse e3 are the two screens between Black's
        // cannon e8 and Red's general e0: the chariot is pinned (without it
        // the cannon checks). It may legally take the unprotected cannon.
        let fen = "3k5/4c4/9/9/4R4/9/4N4/9/9/4K4 b";
        assert!(chased(fen, Color::Red).is_empty());
        // Pikafish's reading: a pinned piece chases its pinner.
        assert_eq!(chased_with(fen, Color::Red, PIKAFISH), vec!["e8"]);
        // With the general off the file the chariot is free: a chase.
        assert_eq!(
            chased("3k5/4c4/9/9/4R4/9/9/9/9/5K3 b", Color::Red),
            vec!["e8"]
        );
    }

    #[test]
    fn a_chariot_on_a_horse_leg_does_not_chase_the_horse() {
        // AXF diagram 39 as in Fairy-Stockfish's test.py: Black's chariot
        // f8 stands on the leg of Red's horse g8 toward Black's general e9.
        // With the black advisor on e8 the horse is unprotected (the red
        // chariot b8's line to g8 is blocked).
        let fen = "2bak2r1/CR2arN2/9/2p1p4/9/9/4P4/9/4A4/4KA3 w";
        assert!(chased(fen, Color::Black).is_empty());
        assert_eq!(chased_with(fen, Color::Black, PIKAFISH), vec!["g8"]);
    }

    #[test]
    fn a_pinned_target_does_not_attack_back() {
        // Black's chariot e7 is pinned by Red's chariot e5 against the
        // general e9. Rule book: it does not attack back, so Red's chariot
        // chases it; Pikafish: it can legally take e5, a mutual attack.
        let fen = "4k4/9/4r4/9/4R4/9/9/9/9/3K5 b";
        assert_eq!(chased(fen, Color::Red), vec!["e7"]);
        assert!(chased_with(fen, Color::Red, PIKAFISH).is_empty());
        // The pinned chariot chases nothing in either reading.
        assert!(chased_with(fen, Color::Black, Reading::default()).is_empty());
        assert!(chased_with(fen, Color::Black, PIKAFISH).is_empty());
    }

    #[test]
    fn a_chariot_pinned_by_a_horse_is_chased_by_a_chariot() {
        // The black chariot f8 on the leg of Red's horse g8 cannot take
        // Red's chariot b8 (the horse would check): Red chases it, in both
        // readings.
        let fen = "2baka1r1/CR3rN2/9/2p1p4/9/9/4P4/9/4A4/4KA3 b";
        assert_eq!(chased(fen, Color::Red), vec!["f8"]);
        assert_eq!(chased_with(fen, Color::Red, PIKAFISH), vec!["f8"]);
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
