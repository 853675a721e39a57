//! Threats against the general one move away, for the king-safety part of
//! [`MaterialPst`](super::MaterialPst): batteries on the general's lines
//! (a cannon or chariot that checks as soon as a piece of its own side in
//! front of it steps aside: 炮车, 车炮, 重炮 set-ups) and horses one step from
//! a checking square on the palace (卧槽马, 挂角马 threats, the usual start of a
//! horse fork).

use crate::base::attacks;
use crate::base::{Bitboard, Color, Position, Role};

/// The enemy batteries aimed at `color`'s general: enemy cannons on its
/// file or rank with exactly two pieces between (at least one of them the
/// cannon's own side's) and enemy chariots with exactly one piece between,
/// the chariot's own side's. Moving that piece away gives a discovered
/// check, so the moving piece is free to capture or threaten elsewhere.
#[inline]
pub(super) fn batteries(pos: &Position, color: Color) -> i32 {
    let b = pos.board();
    let g = pos.generals[color];
    let (rank, file) = (Bitboard::rank(g.rank()), Bitboard::file(g.file()));
    let theirs = b.by_color(!color);
    let cannons = theirs & b.by_role(Role::Cannon);
    let candidates = (cannons | theirs & b.by_role(Role::Chariot)) & (rank | file);
    if candidates.is_empty() {
        return 0;
    }
    let occ = b.occupied();
    let mut n = 0;
    for s in candidates {
        let line = if rank.contains(s) { rank } else { file };
        let screens = attacks::between_on(line, g, s) & occ;
        // A cannon needs two screens, a chariot one. (No `count()`: the
        // default target has no popcount instruction.)
        let past_one = if cannons.contains(s) {
            Bitboard(screens.0 & screens.0.wrapping_sub(1))
        } else {
            screens
        };
        if past_one.any() && !past_one.more_than_one() && (screens & theirs).any() {
            n += 1;
        }
    }
    n
}

/// The enemy horses that can move to a square from which they would check
/// `color`'s general (the leg next to the general free, the square not
/// held by the horse's own side), not counting horses that already check.
#[inline]
pub(super) fn horse_threats(pos: &Position, color: Color) -> i32 {
    let b = pos.board();
    let g = pos.generals[color];
    let occ = b.occupied();
    let theirs = b.by_color(!color);
    let horses = theirs & b.by_role(Role::Horse) & attacks::horse_two_moves(g);
    if horses.is_empty() {
        return 0;
    }
    let checks = attacks::horse_attackers(g, occ);
    let targets = checks & !theirs;
    let mut n = 0;
    for s in horses - checks {
        if (attacks::horse(s, occ) & targets).any() {
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::Square;
    use crate::eval::{Evaluator, MaterialPst};

    fn pos(fen: &str) -> Position {
        fen.parse().unwrap()
    }

    #[test]
    fn a_cannon_behind_its_own_chariot_is_a_battery() {
        // Red's cannon e2 behind its chariot e5, Black's elephant e7 in
        // front of the general e9: the chariot steps aside with check.
        let p = pos("3akab2/9/4b4/9/4R4/9/9/4C4/9/3K5 w");
        assert_eq!(batteries(&p, Color::Black), 1);
        assert_eq!(batteries(&p, Color::Red), 0);
        // Two black pieces between: the cannon pins, no discovered check.
        let pinned = pos("3akab2/9/4b4/4p4/9/9/9/4C4/9/3K5 w");
        assert_eq!(batteries(&pinned, Color::Black), 0);
        // A chariot behind its own horse on the general's file.
        let chariot = pos("3aka3/9/9/9/4N4/9/9/4R4/9/3K5 w");
        assert_eq!(batteries(&chariot, Color::Black), 1);
        // Three pieces between: no battery.
        let far = pos("3akab2/9/4b4/4p4/4R4/9/9/4C4/9/3K5 w");
        assert_eq!(batteries(&far, Color::Black), 0);
    }

    #[test]
    fn the_filter_holds_every_horse_two_moves_away() {
        for g in Square::ALL {
            for s in Square::ALL {
                let one_move = attacks::horse(s, Bitboard::EMPTY);
                let checks = attacks::horse_attackers(g, Bitboard::EMPTY);
                if (one_move & checks).any() {
                    assert!(attacks::horse_two_moves(g).contains(s), "{g} {s}");
                }
            }
        }
    }

    #[test]
    fn double_cannons_with_a_screen_form_a_battery() {
        // 重炮 set-up: Red's front cannon e5 faces the general e9 (empty-
        // headed), the rear cannon e3 behind it and Red's horse e4: the
        // horse steps aside and the rear cannon checks through the front one.
        let p = pos("4k4/9/9/9/4C4/4N4/4C4/9/9/3K5 w");
        assert!(!p.is_check());
        assert_eq!(batteries(&p, Color::Black), 1);
    }

    #[test]
    fn a_horse_one_step_from_check_is_a_threat() {
        // Red's horse e5 can reach d7 (leg e6 free), from where it would
        // check e9 through the free leg d8.
        let p = pos("4k4/9/9/9/4N4/9/9/9/9/3K5 w");
        assert_eq!(horse_threats(&p, Color::Black), 1);
        assert_eq!(horse_threats(&p, Color::Red), 0);
        // Its forward leg e6 blocked and its side legs lead nowhere near.
        let blocked = pos("4k4/9/9/4p4/4N4/9/9/9/9/3K5 w");
        assert_eq!(horse_threats(&blocked, Color::Black), 0);
        // A horse already giving check is not counted again.
        let checking = pos("4k4/9/3N5/9/9/9/9/9/9/3K5 b");
        assert!(checking.is_check());
        assert_eq!(horse_threats(&checking, Color::Black), 0);
        // The checking square held by Red's own piece does not count.
        let own = pos("4k4/9/3P1P3/9/4N4/9/9/9/9/3K5 w");
        assert_eq!(horse_threats(&own, Color::Black), 0);
    }

    #[test]
    fn the_evaluator_charges_each_threat() {
        let eval = MaterialPst::default();
        let off = MaterialPst {
            battery: 0,
            horse_threat: 0,
            ..MaterialPst::default()
        };
        // One battery against Black, Red to move: Red scores that much more.
        let battery = pos("3akab2/9/4b4/9/4R4/9/9/4C4/9/3K5 w");
        assert_eq!(
            eval.evaluate_position(&battery),
            off.evaluate_position(&battery) + eval.battery
        );
        // One horse threat against Black, Black to move: Black scores less.
        let horse = pos("4k4/9/9/9/4N4/9/9/9/9/3K5 b");
        assert_eq!(
            eval.evaluate_position(&horse),
            off.evaluate_position(&horse) - eval.horse_threat
        );
    }
}
