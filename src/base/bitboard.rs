//! [`Bitboard`]: a set of squares packed into the low 90 bits of a `u128`.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::base::{File, Rank, Square};

/// A set of squares. Bit `i` stands for the square with index `i`
/// (`rank * 9 + file`); bits 90..128 are always zero.
///
/// ```
/// use xiangqi::{Bitboard, Square};
/// let bb = Bitboard::from(Square::A0) | Bitboard::from(Square::I9);
/// assert_eq!(bb.count(), 2);
/// assert!(bb.contains(Square::I9));
/// assert_eq!(bb.into_iter().collect::<Vec<_>>(), vec![Square::A0, Square::I9]);
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub(crate) u128);

const MASK: u128 = (1u128 << Square::COUNT) - 1;

impl Bitboard {
    /// The empty set.
    ///
    /// ```
    /// use xiangqi::{Bitboard, Square};
    /// assert!(Bitboard::EMPTY.is_empty());
    /// assert!(!Bitboard::EMPTY.contains(Square::E0));
    /// ```
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 90 squares.
    ///
    /// ```
    /// use xiangqi::{Bitboard, Square};
    /// assert_eq!(Bitboard::FULL.count(), 90);
    /// assert!(Bitboard::FULL.contains(Square::I9));
    /// ```
    pub const FULL: Bitboard = Bitboard(MASK);

    /// A set from raw bits; bits 90 and above are dropped.
    ///
    /// ```
    /// use xiangqi::Bitboard;
    /// assert_eq!(Bitboard::from_bits(u128::MAX), Bitboard::FULL);
    /// ```
    #[inline]
    pub const fn from_bits(bits: u128) -> Bitboard {
        Bitboard(bits & MASK)
    }

    /// The raw bits (bit `i` for square index `i`).
    ///
    /// ```
    /// use xiangqi::{Bitboard, Square};
    /// assert_eq!(Bitboard::from(Square::B0).bits(), 2);
    /// ```
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding only `sq`.
    ///
    /// ```
    /// use xiangqi::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_square(Square::C3).count(), 1);
    /// ```
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u32)
    }

    /// All squares of a rank.
    ///
    /// ```
    /// use xiangqi::{Bitboard, Rank};
    /// assert_eq!(Bitboard::rank(Rank::Nine).count(), 9);
    /// ```
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0x1ff << (rank.index() * File::COUNT))
    }

    /// All squares of a file.
    ///
    /// ```
    /// use xiangqi::{Bitboard, File};
    /// assert_eq!(Bitboard::file(File::E).count(), 10);
    /// ```
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(FILE_A << file as u32)
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use xiangqi::Bitboard;
    /// assert!(Bitboard::EMPTY.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    ///
    /// ```
    /// use xiangqi::Bitboard;
    /// assert!(Bitboard::FULL.any());
    /// ```
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether `sq` is in the set.
    ///
    /// ```
    /// use xiangqi::{Bitboard, Square};
    /// assert!(!Bitboard::EMPTY.contains(Square::E4));
    /// ```
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq as u32 & 1 != 0
    }

    /// The number of squares in the set.
    ///
    /// ```
    /// use xiangqi::Bitboard;
    /// assert_eq!(Bitboard::FULL.count(), 90);
    /// ```
    #[inline]
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has more than one square.
    ///
    /// ```
    /// use xiangqi::{Bitboard, Square};
    /// assert!(!Bitboard::from(Square::A0).more_than_one());
    /// ```
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest-index square, if any.
    ///
    /// ```
    /// use xiangqi::{Bitboard, Square};
    /// assert_eq!(Bitboard::FULL.first(), Some(Square::A0));
    /// ```
    #[inline]
    pub const fn first(self) -> Option<Square> {
        Square::from_index(self.0.trailing_zeros())
    }

    /// The same set with `sq` added.
    ///
    /// ```
    /// use xiangqi::{Bitboard, Square};
    /// assert!(Bitboard::EMPTY.with(Square::D2).contains(Square::D2));
    /// ```
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u32)
    }

    /// The same set with `sq` removed.
    ///
    /// ```
    /// use xiangqi::{Bitboard, Square};
    /// assert!(Bitboard::FULL.without(Square::D2).count() == 89);
    /// ```
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u32))
    }

    /// Toggles `sq`.
    ///
    /// ```
    /// use xiangqi::{Bitboard, Square};
    /// let mut bb = Bitboard::EMPTY;
    /// bb.toggle(Square::A1);
    /// assert!(bb.contains(Square::A1));
    /// ```
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1 << sq as u32;
    }
}

const FILE_A: u128 = {
    let mut bits = 0u128;
    let mut r = 0;
    while r < Rank::COUNT {
        bits |= 1 << (r * File::COUNT);
        r += 1;
    }
    bits
};

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<T: IntoIterator<Item = Square>>(iter: T) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// Complement within the 90 squares.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & MASK)
    }
}

/// Iterates over the squares of a [`Bitboard`] in index order.
///
/// ```
/// use xiangqi::{Bitboard, Square};
/// let bb: Bitboard = [Square::I9, Square::E4, Square::A0].into_iter().collect();
/// let mut squares = bb.into_iter();
/// assert_eq!(squares.len(), 3); // an exact size
/// assert_eq!(squares.next(), Some(Square::A0)); // index order: a0, b0, .. i9
/// assert_eq!(squares.collect::<Vec<_>>(), [Square::E4, Square::I9]);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter {
    /// Squares 0..64 and 64..90, as two words (cheaper to scan than one
    /// 128-bit integer).
    lo: u64,
    hi: u64,
}

impl Iterator for IntoIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.lo != 0 {
            let i = self.lo.trailing_zeros();
            self.lo &= self.lo - 1;
            Square::from_index(i)
        } else if self.hi != 0 {
            let i = self.hi.trailing_zeros();
            self.hi &= self.hi - 1;
            Square::from_index(64 + i)
        } else {
            None
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.lo.count_ones() + self.hi.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for IntoIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = IntoIter;

    #[inline]
    fn into_iter(self) -> IntoIter {
        IntoIter {
            lo: self.0 as u64,
            hi: (self.0 >> 64) as u64,
        }
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the board with rank 9 at the top, `X` for members.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = if self.contains(Square::new(file, *rank)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
