//! [`Occupancy`]: the occupied squares in the rank-major and file-major
//! layouts the slider tables read.

use crate::base::{Bitboard, File, Rank, Square};

/// Occupied squares in the two layouts the slider tables read: rank-major
/// (a [`Bitboard`]) and file-major (transposed). A value type: copy it and
/// change the copy to ask "what if this piece moved away".
///
/// ```
/// use xiangqi::attacks::{self, Occupancy};
/// use xiangqi::{Bitboard, Square};
///
/// let occ = Occupancy::from(Bitboard::from(Square::A5));
/// assert!(!attacks::chariot(Square::A0, occ).contains(Square::A6));
/// assert!(attacks::chariot(Square::A0, occ.without(Square::A5)).contains(Square::A6));
/// assert_eq!(occ.with(Square::B0).bitboard().count(), 2);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Occupancy {
    pub(super) bits: Bitboard,
    /// The same squares in file-major order (`file * 10 + rank`).
    pub(super) transposed: u128,
}

impl Occupancy {
    /// No square occupied.
    ///
    /// ```
    /// use xiangqi::attacks::{self, Occupancy};
    /// use xiangqi::Square;
    /// // On an empty board a chariot on e4 reaches its whole rank and file.
    /// assert_eq!(attacks::chariot(Square::E4, Occupancy::EMPTY).count(), 17);
    /// ```
    pub const EMPTY: Occupancy = Occupancy {
        bits: Bitboard::EMPTY,
        transposed: 0,
    };

    /// The occupancy of the squares of `bits`.
    ///
    /// ```
    /// use xiangqi::attacks::Occupancy;
    /// use xiangqi::Board;
    /// let board = Board::new();
    /// assert_eq!(Occupancy::new(board.occupied()), board.occupancy());
    /// ```
    pub fn new(bits: Bitboard) -> Occupancy {
        let mut transposed = 0;
        for sq in bits {
            transposed |= transposed_bit(sq);
        }
        Occupancy { bits, transposed }
    }

    /// The occupied squares.
    ///
    /// ```
    /// use xiangqi::Board;
    /// assert_eq!(Board::new().occupancy().bitboard().count(), 32);
    /// ```
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        self.bits
    }

    /// Whether `sq` is occupied.
    ///
    /// ```
    /// use xiangqi::{Board, Square};
    /// assert!(Board::new().occupancy().contains(Square::E0));
    /// ```
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.bits.contains(sq)
    }

    /// The same occupancy with `sq` occupied.
    ///
    /// ```
    /// use xiangqi::attacks::Occupancy;
    /// use xiangqi::Square;
    /// assert!(Occupancy::EMPTY.with(Square::E4).contains(Square::E4));
    /// ```
    #[inline]
    pub const fn with(self, sq: Square) -> Occupancy {
        Occupancy {
            bits: self.bits.with(sq),
            transposed: self.transposed | transposed_bit(sq),
        }
    }

    /// The same occupancy with `sq` empty.
    ///
    /// ```
    /// use xiangqi::{Board, Square};
    /// assert!(!Board::new().occupancy().without(Square::E0).contains(Square::E0));
    /// ```
    #[inline]
    pub const fn without(self, sq: Square) -> Occupancy {
        Occupancy {
            bits: self.bits.without(sq),
            transposed: self.transposed & !transposed_bit(sq),
        }
    }

    /// Flips `sq` between occupied and empty.
    ///
    /// ```
    /// use xiangqi::attacks::Occupancy;
    /// use xiangqi::Square;
    /// let mut occ = Occupancy::EMPTY;
    /// occ.toggle(Square::A0);
    /// assert!(occ.contains(Square::A0));
    /// ```
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.bits.toggle(sq);
        self.transposed ^= transposed_bit(sq);
    }
}

impl Occupancy {
    /// The occupancy of `bits`, whose transpose the caller kept.
    #[inline]
    pub(crate) const fn from_parts(bits: Bitboard, transposed: u128) -> Occupancy {
        Occupancy { bits, transposed }
    }
}

impl From<Bitboard> for Occupancy {
    #[inline]
    fn from(bits: Bitboard) -> Occupancy {
        Occupancy::new(bits)
    }
}

/// Bit of `sq` in the file-major (transposed) occupancy: `file * 10 + rank`.
#[inline]
pub(crate) const fn transposed_bit(sq: Square) -> u128 {
    let i = sq.index();
    1 << ((i % File::COUNT) * Rank::COUNT + i / File::COUNT)
}
