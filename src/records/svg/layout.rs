//! Where things go: the drawing's coordinate system, in `viewBox` units.
//!
//! The 90 points are [`STEP`] apart. Screen column 0 is the left, row 0
//! the top; with Red at the bottom, file `a` is column 0 and rank `9` row
//! 0, and flipping the board turns both around.

use crate::base::Square;
use crate::records::svg::options::{Coordinates, Options};

/// The distance between two neighbouring points.
pub(super) const STEP: i32 = 60;
/// The radius of a piece.
pub(super) const RADIUS: i32 = 27;
/// How far the frame stands outside the outermost lines (beyond the
/// pieces on them).
pub(super) const FRAME: i32 = 33;

/// The board's place in the picture.
#[derive(Copy, Clone, Debug)]
pub(super) struct Layout {
    /// The space between the picture's edge and the outermost lines.
    pub margin: i32,
    /// Black at the bottom.
    pub flipped: bool,
}

impl Layout {
    /// The layout the options ask for: a wider margin when there are
    /// labels to hold.
    pub fn new(opts: &Options) -> Layout {
        let margin = match opts.coordinates {
            Coordinates::Hidden => FRAME + 8,
            Coordinates::Iccs | Coordinates::Traditional => FRAME + 30,
        };
        Layout {
            margin,
            flipped: opts.flipped,
        }
    }

    /// The width of the `viewBox`.
    pub fn width(self) -> i32 {
        2 * self.margin + 8 * STEP
    }

    /// The height of the `viewBox`.
    pub fn height(self) -> i32 {
        2 * self.margin + 9 * STEP
    }

    /// The x of screen column `col` (0..=8).
    pub fn col_x(self, col: i32) -> i32 {
        self.margin + col * STEP
    }

    /// The y of screen row `row` (0..=9).
    pub fn row_y(self, row: i32) -> i32 {
        self.margin + row * STEP
    }

    /// The x of the points on the file with this index (0 for `a`).
    pub fn file_x(self, file: usize) -> i32 {
        let file = file.min(8) as i32;
        self.col_x(if self.flipped { 8 - file } else { file })
    }

    /// The y of the points on the rank with this index (0 for rank `0`).
    pub fn rank_y(self, rank: usize) -> i32 {
        let rank = rank.min(9) as i32;
        self.row_y(if self.flipped { rank } else { 9 - rank })
    }

    /// The centre of a square's point.
    pub fn point(self, sq: Square) -> (i32, i32) {
        (
            self.file_x(sq.file().index()),
            self.rank_y(sq.rank().index()),
        )
    }

    /// The y of the labels below the frame and above it.
    pub fn label_rows(self) -> (i32, i32) {
        let gap = FRAME + 15;
        (self.row_y(9) + gap, self.row_y(0) - gap)
    }

    /// The x of the labels left of the frame.
    pub fn label_col(self) -> i32 {
        self.col_x(0) - FRAME - 15
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn red_at_the_bottom_unless_flipped() {
        let layout = Layout::new(&Options::default());
        let (ax, ay) = layout.point(Square::A0);
        let (ix, iy) = layout.point(Square::I9);
        assert!(ax < ix && ay > iy);
        let flipped = Layout::new(&Options::default().with_flipped(true));
        assert_eq!(flipped.point(Square::A0), (ix, iy));
        assert_eq!(flipped.point(Square::I9), (ax, ay));
        assert_eq!(ix - ax, 8 * STEP);
        assert_eq!(ay - iy, 9 * STEP);
    }
}
