//! Endgame scaling: how much of an advantage a side's material can
//! convert, for the drawn endings listed under
//! [`MaterialPst::endgame_scaling`](super::MaterialPst::endgame_scaling).

use super::{MaterialPstState, rect};
use crate::base::{Bitboard, ByColor, Color, Position, Role};

/// Each color's last rank (the enemy's back rank, where its soldiers end).
const LAST_RANK: ByColor<u128> = ByColor::new([rect(0, 8, 9, 9), rect(0, 8, 0, 0)]);

/// How much of an advantage `strong` can convert by its material, in
/// sixteenths: 16 normally, less in the endings theory lists as drawn (see
/// the table under [`MaterialPst::endgame_scaling`]). A few loads and compares on the
/// piece counts; the board is looked at only when all of `strong`'s
/// attackers are soldiers.
#[inline]
pub(super) fn drawish_scale(pos: &Position, st: &MaterialPstState, strong: Color) -> i32 {
    let weak = !strong;
    let n = |c: Color, r: Role| st.n(c, r);
    let (r, h, c, p) = (
        n(strong, Role::Chariot),
        n(strong, Role::Horse),
        n(strong, Role::Cannon),
        n(strong, Role::Soldier),
    );
    let pieces = r + h + c;
    // Two pieces or more, or a piece with soldiers: nothing encoded.
    if pieces > 1 || (pieces == 1 && p > 0) {
        return 16;
    }
    if pieces == 0 {
        if p == 0 {
            // No attacker: it can never give check.
            return 0;
        }
        // Soldiers on the last rank attack only that rank: the general
        // stands off it and is never in check.
        let b = pos.board();
        let soldiers = b.by_color(strong) & b.by_role(Role::Soldier);
        if (soldiers & !Bitboard(LAST_RANK[strong])).is_empty() {
            return 0;
        }
        return 16;
    }
    // One chariot, horse or cannon, alone: the defender must have no
    // attacker either.
    if n(weak, Role::Chariot)
        + n(weak, Role::Horse)
        + n(weak, Role::Cannon)
        + n(weak, Role::Soldier)
        > 0
    {
        return 16;
    }
    let (advisors, elephants) = (n(weak, Role::Advisor), n(weak, Role::Elephant));
    if r == 1 && advisors == 2 && elephants == 2 {
        3
    } else if h == 1 && advisors == 0 && elephants > 0 {
        2
    } else {
        16
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Evaluator, MaterialPst};
    use crate::base::Position;

    /// The classical evaluator's score and the linear one's (no scaling).
    fn scaled_and_linear(fen: &str) -> (i32, i32) {
        let pos: Position = fen.parse().unwrap();
        let linear = MaterialPst {
            endgame_scaling: false,
            ..MaterialPst::default()
        };
        (
            MaterialPst::default().evaluate_position(&pos),
            linear.evaluate_position(&pos),
        )
    }

    /// The scale of a score kept whole, in sixteenths.
    const FULL: i32 = 16;

    /// Positions, each with the sixteenths of its linear score the scaling
    /// keeps ([`FULL`]: all of it) and a bound its linear score must
    /// exceed in magnitude (a clear advantage, so that the scaling shows).
    const SCALED: &[(&str, i32, i32)] = &[
        // A lone chariot against full defenders: scaled down.
        // 单车对士象全: a draw, either side to move.
        ("2bak4/4a4/4b4/9/9/9/9/9/4R4/4K4 w", 3, 300),
        ("2bak4/4a4/4b4/9/9/9/9/9/4R4/4K4 b", 3, 300),
        // Colors swapped: Black's chariot against Red's full defenders.
        ("4k4/4r4/9/9/9/9/9/4B4/4A4/2BAK4 b", 3, 300),
        // The chariot side's own defenders change nothing.
        ("2bak4/4a4/4b4/9/9/9/9/4B4/4R4/3AK4 w", 3, 300),
        // 单缺象 and 单缺士 are won: the full advantage counts.
        ("3ak4/4a4/4b4/9/9/9/9/9/4R4/4K4 w", FULL, 300),
        ("2b1k4/4a4/4b4/9/9/9/9/9/4R4/4K4 w", FULL, 300),
        // A defender's soldier, or a second attacker: not this ending.
        ("2bak4/4a4/4b4/9/9/2p6/9/9/4R4/4K4 w", FULL, 150),
        ("2bak4/4a4/4b4/9/9/9/2P6/9/4R4/4K4 w", FULL, 300),
        // A lone horse against elephants: scaled down.
        // A horse against two elephants or one: drawn.
        ("2b1k4/9/4b4/9/9/9/9/9/4N4/4K4 w", 2, 150),
        ("4k4/9/4b4/9/9/9/9/9/4N4/4K4 w", 2, 150),
        ("4k4/9/4b4/9/9/9/9/9/4N4/4K4 b", 2, 150),
        // Against one advisor (例胜) or two (马胜双士): won.
        ("4k4/4a4/9/9/9/9/9/9/4N4/4K4 w", FULL, 150),
        ("3ak4/4a4/9/9/9/9/9/9/4N4/4K4 w", FULL, 150),
        // Advisors and elephants together: not encoded, left alone.
        ("3ak4/9/4b4/9/9/9/9/9/4N4/4K4 w", FULL, 150),
        // A lone cannon, and soldiers: not scaled.
        // 炮胜单士 is listed as a win; nothing sourced for the rest.
        ("4k4/4a4/9/9/9/9/9/9/3C5/4K4 w", FULL, 150),
        ("3ak4/4a4/9/9/9/9/9/9/3C5/4K4 w", FULL, 150),
        // A crossed soldier against a bare general.
        ("4k4/9/9/4P4/9/9/9/9/9/3K5 w", FULL, 50),
        // Against two advisors the linear score favours Black, who has
        // no attacker: that advantage is scaled away instead.
        ("3ak4/4a4/9/4P4/9/9/9/9/9/3K5 w", 0, 50),
        // A side without attackers cannot win: scaled to 0.
        // Red's advisors and elephants against a bare general: 0.
        ("4k4/9/9/9/9/9/9/4B4/4A4/2BAK4 w", 0, 100),
        ("4k4/9/9/9/9/9/9/4B4/4A4/2BAK4 b", 0, 100),
        // Even against an uncrossed soldier: Red is ahead, cannot win.
        ("4k4/9/9/p8/9/9/9/4B4/4A4/2BAK4 w", 0, 100),
        // Soldiers on the last rank (底兵) never check: the same.
        ("P3k4/9/9/9/9/9/9/9/9/3K5 w", 0, 50),
        ("P3k3P/9/9/9/9/9/9/9/9/3K5 b", 0, 50),
        ("3k5/9/9/9/9/9/9/9/9/p3K4 b", 0, 50),
        // One soldier a rank higher attacks the palace: full score.
        ("P3k4/8P/9/9/9/9/9/9/9/3K5 w", FULL, 100),
        ("4k4/P8/9/9/9/9/9/9/9/3K5 w", FULL, 50),
    ];

    #[test]
    fn endings_are_scaled_as_sourced() {
        for &(fen, sixteenths, min) in SCALED {
            let (scaled, linear) = scaled_and_linear(fen);
            assert!(linear.abs() > min, "{fen}: linear {linear}");
            assert_eq!(scaled, linear * sixteenths / 16, "{fen}: linear {linear}");
        }
    }

    #[test]
    fn scaling_leaves_the_middlegame_alone() {
        for fen in [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "3ak4/4a4/4b4/9/9/9/9/9/4R4/4K4 b",
        ] {
            let (scaled, linear) = scaled_and_linear(fen);
            assert_eq!(scaled, linear, "{fen}");
        }
    }
}
