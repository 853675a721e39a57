//! Static exchange evaluation (SEE): the material outcome of the exchange a
//! move starts on its destination square, each side recapturing with its
//! least valuable piece while that pays.
//!
//! Cannon-aware: attackers are recomputed from the occupancy after every
//! capture, so a piece that moves off a line changes which cannons have a
//! screen (the capturing piece may have been an enemy cannon's screen, or a
//! friendly cannon's), and pieces behind a capturer join in (x-rays). Pins
//! are ignored, as usual; a general only captures last (it may not step into
//! an attack).

use crate::base::attacks::{self, Occupancy};
use crate::base::{Bitboard, Color, Move, Position, Role, Square};
use crate::eval::piece_value;

/// Value used for the general in exchanges: it can only capture last.
const GENERAL_VALUE: i32 = 20_000;

#[inline]
fn value(role: Role) -> i32 {
    if role == Role::General {
        GENERAL_VALUE
    } else {
        piece_value(role)
    }
}

/// Every piece of `color` among `present` that attacks `sq` under the
/// occupancy `occ`.
#[inline]
fn attackers(
    pos: &Position,
    sq: Square,
    color: Color,
    occ: Occupancy,
    present: Bitboard,
) -> Bitboard {
    let b = pos.board();
    let own = b.by_color(color) & present;
    let mut out = attacks::chariot(sq, occ) & b.by_role(Role::Chariot)
        | attacks::cannon(sq, occ) & b.by_role(Role::Cannon)
        | attacks::horse_attackers(sq, occ.bitboard()) & b.by_role(Role::Horse)
        | attacks::soldier_attackers(color, sq) & b.by_role(Role::Soldier);
    if sq.in_palace(color) {
        out |= attacks::advisor(color, sq) & b.by_role(Role::Advisor)
            | attacks::general(color, sq) & b.by_role(Role::General);
    }
    if sq.on_own_half(color) {
        out |= attacks::elephant(color, sq, occ.bitboard()) & b.by_role(Role::Elephant);
    }
    out & own
}

/// The least valuable piece of `set` and its value.
#[inline]
fn least_valuable(pos: &Position, set: Bitboard) -> Option<(Square, i32)> {
    let b = pos.board();
    for role in [
        Role::Soldier,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Cannon,
        Role::Chariot,
        Role::General,
    ] {
        if let Some(sq) = (set & b.by_role(role)).first() {
            return Some((sq, value(role)));
        }
    }
    None
}

/// The static exchange value of `m` for the side to move, in centipawns:
/// what it wins (the captured piece, or nothing) minus what it loses if
/// the opponent recaptures, and so on, each side stopping when going on
/// would lose. `m` must be a move of the side to move.
pub(crate) fn see(pos: &Position, m: Move) -> i32 {
    let b = pos.board();
    let (from, to) = (m.from(), m.to());
    let Some(mover) = b.piece_at(from) else {
        return 0;
    };
    let mut gain = [0i32; 34];
    gain[0] = b.piece_at(to).map_or(0, |p| value(p.role));
    if mover.role == Role::General {
        // A legal general move is never recaptured.
        return gain[0];
    }
    let mut occ = b.occupancy();
    occ.toggle(from); // occupied: the mover stands there
    occ = occ.with(to);
    // The pieces still on the board (the captured one is gone).
    let mut present = b.occupied() - Bitboard::from(from) - Bitboard::from(to);
    let mut on_square = value(mover.role);
    let mut side = !mover.color;
    let mut d = 0;
    loop {
        let set = attackers(pos, to, side, occ, present);
        let Some((sq, v)) = least_valuable(pos, set) else {
            break;
        };
        if v == GENERAL_VALUE && attackers(pos, to, !side, occ, present).any() {
            break; // the general may not capture into an attack
        }
        d += 1;
        gain[d] = on_square - gain[d - 1];
        if d + 1 >= gain.len() {
            break;
        }
        occ = occ.without(sq);
        present = present.without(sq);
        on_square = v;
        side = !side;
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, m: &str) -> i32 {
        let pos: Position = fen.parse().unwrap();
        let m: Move = m.parse().unwrap();
        assert!(pos.is_legal(m), "{m} in {fen}");
        see(&pos, m)
    }

    const CHARIOT: i32 = 950;
    const HORSE: i32 = 420;
    const CANNON: i32 = 460;
    const SOLDIER: i32 = 90;

    #[test]
    fn undefended_and_defended_targets() {
        // Chariot a5 takes an unprotected horse on e5.
        assert_eq!(see_of("3k5/9/9/9/R3n4/9/9/9/9/5K3 w", "a5e5"), HORSE);
        // The black chariot e9 protects it (e8..e6 empty): R x n, r x R.
        assert_eq!(
            see_of("3kr4/9/9/9/R3n4/9/9/9/9/5K3 w", "a5e5"),
            HORSE - CHARIOT
        );
        // A crossed soldier takes a chariot protected by a horse.
        assert_eq!(
            see_of("3k5/3n5/9/4r4/4P4/9/9/9/9/5K3 w", "e5e6"),
            CHARIOT - SOLDIER
        );
        // Quiet moves: to a safe square, and to one the horse e3 attacks.
        assert_eq!(see_of("3k5/9/9/9/R8/9/4n4/9/9/5K3 w", "a5b5"), 0);
        assert_eq!(see_of("3k5/9/9/9/R8/9/4n4/9/9/5K3 w", "a5d5"), -CHARIOT);
    }

    #[test]
    fn a_capturer_that_was_a_cannon_screen_removes_the_defence() {
        // Black cannon e9, red chariot e7 between it and the black horse
        // e5: the cannon attacks e5 over the chariot, but once the chariot
        // takes on e5 the cannon has no screen left.
        let fen = "3kc4/9/4R4/9/4n4/9/9/9/9/5K3 w";
        let pos: Position = fen.parse().unwrap();
        assert!(pos.attackers(Square::E5, Color::Black).contains(Square::E9));
        assert_eq!(see_of(fen, "e7e5"), HORSE);
    }

    #[test]
    fn a_defending_cannon_needs_exactly_one_screen() {
        // The red horse c5 takes a soldier on e6 under the black cannon e9:
        // with e8 and e7 empty the cannon cannot recapture, with a black
        // advisor on e8 as its screen it can.
        assert_eq!(see_of("3kc4/9/9/4p4/2N6/9/9/9/9/5K3 w", "c5e6"), SOLDIER);
        assert_eq!(
            see_of("3kc4/4a4/9/4p4/2N6/9/9/9/9/5K3 w", "c5e6"),
            SOLDIER - HORSE
        );
    }

    #[test]
    fn later_attackers_and_lost_screens_are_seen() {
        // R x n on e5, r(e9) x R, R(e1) x r: Black does not recapture.
        let fen = "3kr4/9/9/9/R3n4/9/9/9/4R4/5K3 w";
        assert_eq!(see_of(fen, "a5e5"), HORSE);
        // The red cannon e0 stands behind the chariot e1 that captures: once
        // the chariot has left e1 the cannon has no screen toward e5.
        let fen = "3kr4/9/9/9/4n4/9/9/9/4R4/4CK3 w";
        assert_eq!(see_of(fen, "e1e5"), HORSE - CHARIOT);
        // A second red cannon on e0 behind a red horse on e2 would recapture
        // over the horse.
        let fen = "3kr4/9/9/9/R3n4/9/9/4N4/9/4CK3 w";
        assert_eq!(see_of(fen, "a5e5"), HORSE - CHARIOT + CHARIOT);
        let _ = CANNON;
    }

    #[test]
    fn general_captures_only_last() {
        // Red general d0 takes a black soldier on d1; nothing defends it.
        assert_eq!(see_of("4k4/9/9/9/9/9/9/9/3p5/3K5 w", "d0d1"), SOLDIER);
        // A red advisor takes the checking soldier on e1; the black chariot
        // e8 takes the advisor, and the red general may not take back into
        // the attack of the black horse f3.
        assert_eq!(
            see_of("3k5/4r4/9/9/9/9/5n3/9/4p4/3AK4 w", "d0e1"),
            SOLDIER - 200
        );
        // Without the horse the general takes the chariot: Black does not
        // take the advisor.
        assert_eq!(see_of("3k5/4r4/9/9/9/9/9/9/4p4/3AK4 w", "d0e1"), SOLDIER);
    }
}
