//! Squares as the Chinese record formats (CBR, CBF, DhtmlXQ) count them: a
//! column from the left, `0..9`, and a row from the top, `0..10`, with Black
//! at the top. The ICCS rank is `9 - row`.

#[cfg(feature = "cbr")]
use crate::base::Role;
use crate::base::{Color, File, Rank, Setup, Square};

/// The square in column `col` and row `row` (from the top), if on the board.
pub(crate) fn square(col: u32, row: u32) -> Option<Square> {
    if row > 9 {
        return None;
    }
    Some(Square::new(File::new(col)?, Rank::new(9 - row)?))
}

/// Column and row (from the top) of `sq`.
#[cfg(feature = "dhtmlxq")]
pub(crate) fn col_row(sq: Square) -> (u32, u32) {
    (sq.file().index() as u32, 9 - sq.rank().index() as u32)
}

/// The role of a CCBridge piece code's low digit: 1 chariot, 2 horse,
/// 3 elephant, 4 advisor, 5 general, 6 cannon, 7 soldier.
#[cfg(feature = "cbr")]
pub(crate) fn ccbridge_role(digit: u8) -> Option<Role> {
    Some(match digit {
        1 => Role::Chariot,
        2 => Role::Horse,
        3 => Role::Elephant,
        4 => Role::Advisor,
        5 => Role::General,
        6 => Role::Cannon,
        7 => Role::Soldier,
        _ => return None,
    })
}

/// The side whose piece stands on `from` in `setup`, if that is not the side
/// to move: the Chinese formats let the first move say who moves first (a
/// set-up position is often saved with the wrong side).
pub(crate) fn first_mover(setup: &Setup, from: Square) -> Option<Color> {
    setup
        .board
        .piece_at(from)
        .map(|p| p.color)
        .filter(|&c| c != setup.turn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners() {
        assert_eq!(square(0, 0), Some(Square::A9));
        assert_eq!(square(8, 9), Some(Square::I0));
        assert_eq!(square(9, 0), None);
        assert_eq!(square(0, 10), None);
        #[cfg(feature = "dhtmlxq")]
        assert_eq!(col_row(Square::H2), (7, 7));
    }
}
