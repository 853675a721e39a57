//! Input buckets: which copy of the piece-square inputs a perspective
//! reads, chosen by where its own general stands, with the board mirrored
//! left to right (a ↔ i) when that general stands right of the centre file.

use crate::base::{Color, Piece, Square};

use super::{FEATURES, feature_index};

/// The most input buckets a layout has.
///
/// ```
/// use xiangqi::nnue::{InputBuckets, MAX_INPUT_BUCKETS};
/// assert!(InputBuckets::ALL.iter().all(|l| l.count() <= MAX_INPUT_BUCKETS));
/// ```
pub const MAX_INPUT_BUCKETS: usize = 6;

/// A layout of input buckets by the perspective's own general's square.
///
/// The square is taken from the perspective's side (ranks flipped for
/// Black) and, for every layout but [`InputBuckets::None`], mirrored
/// a ↔ i when it lies on files f..i, so the buckets only tell apart
/// squares that mirroring does not join. Every square of the board falls
/// into some bucket (a general outside its palace, as composed positions
/// may have, is folded to the nearest palace square's bucket).
///
/// | layout | buckets (after the flip and the mirroring) |
/// | --- | --- |
/// | `None` | one: the inputs of format version 1, never mirrored |
/// | `Palace4` | e0; e1 and higher; d..a rank 0; d..a rank 1 and higher |
/// | `Palace6` | d0, e0, d1, e1, d2, e2 (files a..d count as d, ranks from 2 as 2) |
///
/// ```
/// use xiangqi::nnue::InputBuckets;
/// use xiangqi::{Color, Square};
///
/// let p6 = InputBuckets::Palace6;
/// assert_eq!(p6.count(), 6);
/// // Red's general on f1 is d1 mirrored; Black's on d8 is d1 from its side.
/// let red = p6.view(Color::Red, Square::F1);
/// assert_eq!((red.bucket(), red.mirrored()), (2, true));
/// let black = p6.view(Color::Black, Square::D8);
/// assert_eq!((black.bucket(), black.mirrored()), (2, false));
/// // Without buckets nothing is mirrored.
/// assert!(!InputBuckets::None.view(Color::Red, Square::F1).mirrored());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum InputBuckets {
    /// One bucket, no mirroring: the inputs of format version 1.
    #[default]
    None,
    /// Four buckets: e-file or side file, back rank or raised.
    Palace4,
    /// Six buckets: the six palace squares left after mirroring.
    Palace6,
}

impl InputBuckets {
    /// Every layout.
    ///
    /// ```
    /// use xiangqi::nnue::InputBuckets;
    /// let counts: Vec<usize> = InputBuckets::ALL.iter().map(|l| l.count()).collect();
    /// assert_eq!(counts, [1, 4, 6]);
    /// ```
    pub const ALL: [InputBuckets; 3] = [
        InputBuckets::None,
        InputBuckets::Palace4,
        InputBuckets::Palace6,
    ];

    /// The number of buckets: the copies of the [`FEATURES`] inputs.
    ///
    /// ```
    /// use xiangqi::nnue::InputBuckets;
    /// assert_eq!(InputBuckets::Palace4.count(), 4);
    /// ```
    pub const fn count(self) -> usize {
        match self {
            InputBuckets::None => 1,
            InputBuckets::Palace4 => 4,
            InputBuckets::Palace6 => 6,
        }
    }

    /// The layout's name: `none`, `palace4` or `palace6`.
    ///
    /// ```
    /// use xiangqi::nnue::InputBuckets;
    /// for layout in InputBuckets::ALL {
    ///     assert_eq!(InputBuckets::from_name(layout.name()), Some(layout));
    /// }
    /// assert_eq!(InputBuckets::from_name("palace5"), None);
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            InputBuckets::None => "none",
            InputBuckets::Palace4 => "palace4",
            InputBuckets::Palace6 => "palace6",
        }
    }

    /// The layout named `name` (see [`InputBuckets::name`]).
    ///
    /// ```
    /// use xiangqi::nnue::InputBuckets;
    /// assert_eq!(InputBuckets::from_name("palace4"), Some(InputBuckets::Palace4));
    /// ```
    pub fn from_name(name: &str) -> Option<InputBuckets> {
        InputBuckets::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The layout's code in a network file's header (version 2).
    pub(super) const fn code(self) -> u32 {
        match self {
            InputBuckets::None => 0,
            InputBuckets::Palace4 => 1,
            InputBuckets::Palace6 => 2,
        }
    }

    /// The layout of a header code.
    pub(super) fn from_code(code: u32) -> Option<InputBuckets> {
        InputBuckets::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The inputs `perspective` reads when its general stands on
    /// `general`: a bucket below [`InputBuckets::count`] and whether the
    /// board is mirrored. Total: any square gives a valid view.
    ///
    /// ```
    /// use xiangqi::nnue::InputBuckets;
    /// use xiangqi::{Color, Square};
    /// for layout in InputBuckets::ALL {
    ///     for sq in Square::ALL {
    ///         for perspective in Color::ALL {
    ///             assert!(layout.view(perspective, sq).bucket() < layout.count());
    ///         }
    ///     }
    /// }
    /// ```
    #[inline]
    pub fn view(self, perspective: Color, general: Square) -> View {
        if self == InputBuckets::None {
            return View::default();
        }
        let own = match perspective {
            Color::Red => general,
            Color::Black => general.flip_vertical(),
        };
        let (file, rank) = (own.file().index(), own.rank().index());
        // Files f..i (5..8) mirror onto d..a.
        let mirror = file > 4;
        let centre = file == 4;
        let bucket = match self {
            InputBuckets::Palace6 => rank.min(2) * 2 + usize::from(centre),
            _ => 2 * usize::from(!centre) + usize::from(rank > 0),
        };
        View {
            bucket: bucket as u8,
            mirror,
        }
    }
}

/// A perspective's choice of inputs: its bucket and whether it sees the
/// board mirrored a ↔ i (from [`InputBuckets::view`]).
///
/// ```
/// use xiangqi::nnue::{feature_index, InputBuckets, FEATURES};
/// use xiangqi::{Color, Piece, Role, Square};
///
/// let view = InputBuckets::Palace4.view(Color::Red, Square::F0); // side file, back rank, mirrored
/// let horse = Piece::new(Color::Red, Role::Horse);
/// assert_eq!(view.feature(Color::Red, horse, Square::B0),
///            2 * FEATURES + feature_index(Color::Red, horse, Square::H0));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct View {
    bucket: u8,
    mirror: bool,
}

impl View {
    /// The bucket: which copy of the inputs.
    ///
    /// ```
    /// use xiangqi::nnue::InputBuckets;
    /// use xiangqi::{Color, Square};
    /// assert_eq!(InputBuckets::Palace6.view(Color::Red, Square::E2).bucket(), 5);
    /// ```
    #[inline]
    pub fn bucket(self) -> usize {
        usize::from(self.bucket)
    }

    /// Whether the board is seen mirrored (files a ↔ i).
    ///
    /// ```
    /// use xiangqi::nnue::InputBuckets;
    /// use xiangqi::{Color, Square};
    /// assert!(InputBuckets::Palace4.view(Color::Black, Square::F9).mirrored());
    /// ```
    #[inline]
    pub fn mirrored(self) -> bool {
        self.mirror
    }

    /// The input of `piece` on `sq` for `perspective` in this view:
    /// `bucket · FEATURES + feature_index(perspective, piece, sq')`, `sq'`
    /// mirrored when the view is.
    ///
    /// ```
    /// use xiangqi::nnue::{feature_index, View};
    /// use xiangqi::{Color, Piece, Role, Square};
    /// // The default view is the single bucket of version 1 files.
    /// let cannon = Piece::new(Color::Black, Role::Cannon);
    /// assert_eq!(View::default().feature(Color::Red, cannon, Square::H7),
    ///            feature_index(Color::Red, cannon, Square::H7));
    /// ```
    #[inline]
    pub fn feature(self, perspective: Color, piece: Piece, sq: Square) -> usize {
        let sq = if self.mirror {
            sq.flip_horizontal()
        } else {
            sq
        };
        self.bucket() * FEATURES + feature_index(perspective, piece, sq)
    }
}
