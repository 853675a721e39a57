//! Files, ranks and the 90 squares, named the ICCS way (`a0` .. `i9`).

use core::fmt;
use core::str::FromStr;

use crate::base::Color;

/// Writes a line of the board, a file or a rank: the enum, its variants in
/// order from index 0, and what files and ranks share (`COUNT`, `ALL`,
/// `new`, `index`, `from_char`, `char`, `flip` and `Display`). Its
/// characters run from `$first` to `$last` (`$names`, all of them in order,
/// shows them in the examples); `$what` names one in the docs.
macro_rules! board_line {
    (
        $(#[$attr:meta])*
        pub enum $name:ident {
            $v0:ident, $($v:ident),+ $(,)?
        }
        $what:literal, $count:literal, $first:literal ..= $last:literal, $names:literal,
        parses: $parses:literal
    ) => {
        $(#[$attr])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[allow(missing_docs)]
        pub enum $name {
            $v0 = 0,
            $($v),+
        }

        impl $name {
            #[doc = concat!("The number of ", $what, "s (", stringify!($count), "), the length of [`",
                stringify!($name), "::ALL`].")]
            ///
            /// ```
            /// use xiangqi::{File, Rank, Square};
            /// assert_eq!(File::COUNT * Rank::COUNT, Square::COUNT);
            #[doc = concat!("assert_eq!(", stringify!($name), "::ALL.len(), ", stringify!($count), ");")]
            /// ```
            pub const COUNT: usize = $count;

            #[doc = concat!("All ", $what, "s from `", $first, "` to `", $last, "`.")]
            ///
            /// ```
            #[doc = concat!("use xiangqi::", stringify!($name), ";")]
            #[doc = concat!("let names: String = ", stringify!($name), "::ALL.iter().map(|x| x.char()).collect();")]
            #[doc = concat!("assert_eq!(names, \"", $names, "\");")]
            /// ```
            pub const ALL: [$name; $name::COUNT] = [$name::$v0, $($name::$v),+];

            #[doc = concat!("The ", $what, " with this index (`0` is `", $first, "`), if it exists.")]
            ///
            /// ```
            #[doc = concat!("use xiangqi::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::new(0), Some(", stringify!($name), "::",
                stringify!($v0), "));")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::new(", stringify!($count), "), None);")]
            /// ```
            #[inline]
            pub const fn new(index: u32) -> Option<$name> {
                if (index as usize) < $name::COUNT {
                    Some($name::ALL[index as usize])
                } else {
                    None
                }
            }

            #[doc = concat!("The index of the ", $what, ", `0` for `", $first, "`.")]
            ///
            /// ```
            #[doc = concat!("use xiangqi::", stringify!($name), ";")]
            #[doc = concat!("assert!(", stringify!($name), "::ALL.iter().enumerate().all(|(i, x)| x.index() == i));")]
            /// ```
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            #[doc = concat!("Parses ", $parses, ".")]
            ///
            /// ```
            #[doc = concat!("use xiangqi::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_char('", $first, "'), Some(",
                stringify!($name), "::", stringify!($v0), "));")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_char('?'), None);")]
            /// ```
            pub const fn from_char(ch: char) -> Option<$name> {
                let c = ch.to_ascii_lowercase();
                if c >= $first && c <= $last {
                    $name::new(c as u32 - $first as u32)
                } else {
                    None
                }
            }

            #[doc = concat!("The character of the ", $what, ", `", $first, "` to `", $last, "`.")]
            ///
            /// ```
            #[doc = concat!("use xiangqi::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::", stringify!($v0), ".char(), '", $first,
                "');")]
            /// ```
            pub const fn char(self) -> char {
                ($first as u32 + self as u32) as u8 as char
            }

            #[doc = concat!("The ", $what, " seen from the other side of the board (`", $first, "` ↔ `",
                $last, "`).")]
            ///
            /// ```
            #[doc = concat!("use xiangqi::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::", stringify!($v0), ".flip().char(), '",
                $last, "');")]
            /// ```
            pub const fn flip(self) -> $name {
                $name::ALL[$name::COUNT - 1 - self.index()]
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.char())
            }
        }
    };
}

board_line! {
    /// A file (column), `a` to `i` from Red's left.
    ///
    /// ```
    /// use xiangqi::File;
    /// assert_eq!(File::from_char('e'), Some(File::E));
    /// assert_eq!(File::from_char('E'), Some(File::E));
    /// assert_eq!(File::E.char(), 'e');
    /// assert_eq!(File::B.flip(), File::H);
    /// ```
    pub enum File {
        A, B, C, D, E, F, G, H, I,
    }
    "file", 9, 'a'..='i', "abcdefghi",
    parses: "`a`..`i` (either case)"
}

board_line! {
    /// A rank (row), `0` (Red's back rank) to `9` (Black's back rank).
    ///
    /// ```
    /// use xiangqi::{Color, Rank};
    /// assert_eq!(Rank::from_char('9'), Some(Rank::Nine));
    /// assert_eq!(Rank::Two.flip(), Rank::Seven);
    /// assert!(Rank::Five.is_across_river(Color::Red));
    /// ```
    pub enum Rank {
        Zero, One, Two, Three, Four, Five, Six, Seven, Eight, Nine,
    }
    "rank", 10, '0'..='9', "0123456789",
    parses: "a digit `0`..`9`"
}

impl Rank {
    /// Whether this rank lies on the far side of the river for `color`
    /// (ranks 5-9 for Red, 0-4 for Black).
    ///
    /// ```
    /// use xiangqi::{Color, Rank};
    /// assert!(!Rank::Four.is_across_river(Color::Red));
    /// assert!(Rank::Four.is_across_river(Color::Black));
    /// ```
    pub const fn is_across_river(self, color: Color) -> bool {
        match color {
            Color::Red => self as u8 >= 5,
            Color::Black => (self as u8) < 5,
        }
    }

    /// The rank counted from `color`'s own back rank (`0` is the back rank).
    ///
    /// ```
    /// use xiangqi::{Color, Rank};
    /// assert_eq!(Rank::Nine.relative_to(Color::Black), Rank::Zero);
    /// ```
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::Red => self,
            Color::Black => self.flip(),
        }
    }
}

/// Writes `Square` and [`Square::ALL`] from one list of the squares in
/// index order.
macro_rules! squares {
    ($(#[$attr:meta])* pub enum Square { $($sq:ident),+ $(,)? }) => {
        $(#[$attr])*
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[allow(missing_docs)]
        #[repr(u8)]
        pub enum Square {
            $($sq),+
        }

        impl Square {
            /// All 90 squares in index order (`a0`, `b0`, .. `i0`, `a1`, .. `i9`).
            ///
            /// ```
            /// use xiangqi::Square;
            /// assert_eq!(Square::ALL[0], Square::A0);
            /// assert_eq!(Square::ALL[9], Square::A1);
            /// assert!(Square::ALL.iter().enumerate().all(|(i, sq)| sq.index() == i));
            /// ```
            pub const ALL: [Square; Square::COUNT] = [$(Square::$sq),+];
        }
    };
}

squares! {
    /// One of the 90 points of the board, named ICCS-style (`a0` .. `i9`).
    ///
    /// The index is `rank * 9 + file`, so `A0` is 0 and `I9` is 89. A `Square`
    /// can never hold any other value.
    ///
    /// ```
    /// use xiangqi::{File, Rank, Square};
    /// let sq: Square = "h2".parse().unwrap();
    /// assert_eq!(sq, Square::H2);
    /// assert_eq!(sq, Square::new(File::H, Rank::Two));
    /// assert_eq!(sq.to_string(), "h2");
    /// assert!("j2".parse::<Square>().is_err());
    /// ```
    pub enum Square {
        A0, B0, C0, D0, E0, F0, G0, H0, I0,
        A1, B1, C1, D1, E1, F1, G1, H1, I1,
        A2, B2, C2, D2, E2, F2, G2, H2, I2,
        A3, B3, C3, D3, E3, F3, G3, H3, I3,
        A4, B4, C4, D4, E4, F4, G4, H4, I4,
        A5, B5, C5, D5, E5, F5, G5, H5, I5,
        A6, B6, C6, D6, E6, F6, G6, H6, I6,
        A7, B7, C7, D7, E7, F7, G7, H7, I7,
        A8, B8, C8, D8, E8, F8, G8, H8, I8,
        A9, B9, C9, D9, E9, F9, G9, H9, I9,
    }
}

impl Square {
    /// The number of squares (90), the length of [`Square::ALL`].
    ///
    /// ```
    /// use xiangqi::Square;
    /// let mut visits = [0u32; Square::COUNT];
    /// visits[Square::E0.index()] += 1;
    /// assert_eq!(visits.iter().sum::<u32>(), 1);
    /// ```
    pub const COUNT: usize = 90;

    /// The square on `file` and `rank`.
    ///
    /// ```
    /// use xiangqi::{File, Rank, Square};
    /// assert_eq!(Square::new(File::E, Rank::Zero), Square::E0);
    /// ```
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::ALL[rank.index() * File::COUNT + file.index()]
    }

    /// The square with this index (`rank * 9 + file`), if below 90.
    ///
    /// ```
    /// use xiangqi::Square;
    /// assert_eq!(Square::from_index(89), Some(Square::I9));
    /// assert_eq!(Square::from_index(90), None);
    /// ```
    #[inline]
    pub const fn from_index(index: u32) -> Option<Square> {
        if (index as usize) < Square::COUNT {
            Some(Square::ALL[index as usize])
        } else {
            None
        }
    }

    /// The index `rank * 9 + file` in `0..90`.
    ///
    /// ```
    /// use xiangqi::Square;
    /// assert_eq!(Square::B0.index(), 1);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file of the square.
    ///
    /// ```
    /// use xiangqi::{File, Square};
    /// assert_eq!(Square::H2.file(), File::H);
    /// ```
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self.index() % File::COUNT]
    }

    /// The rank of the square.
    ///
    /// ```
    /// use xiangqi::{Rank, Square};
    /// assert_eq!(Square::H2.rank(), Rank::Two);
    /// ```
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self.index() / File::COUNT]
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    ///
    /// ```
    /// use xiangqi::Square;
    /// assert_eq!(Square::A0.offset(1, 2), Some(Square::B2));
    /// assert_eq!(Square::A0.offset(-1, 0), None);
    /// ```
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = (self.index() % File::COUNT) as i32 + df;
        let r = (self.index() / File::COUNT) as i32 + dr;
        if f >= 0 && f < File::COUNT as i32 && r >= 0 && r < Rank::COUNT as i32 {
            Some(Square::ALL[r as usize * File::COUNT + f as usize])
        } else {
            None
        }
    }

    /// The square mirrored through the board's center rank line (`a0` ↔ `a9`).
    ///
    /// ```
    /// use xiangqi::Square;
    /// assert_eq!(Square::E0.flip_vertical(), Square::E9);
    /// ```
    pub const fn flip_vertical(self) -> Square {
        Square::new(self.file(), self.rank().flip())
    }

    /// The square mirrored left to right (`a0` ↔ `i0`).
    ///
    /// ```
    /// use xiangqi::Square;
    /// assert_eq!(Square::B2.flip_horizontal(), Square::H2);
    /// ```
    pub const fn flip_horizontal(self) -> Square {
        Square::new(self.file().flip(), self.rank())
    }

    /// Whether the square lies in `color`'s palace (files d-f, its three
    /// back ranks).
    ///
    /// ```
    /// use xiangqi::{Color, Square};
    /// assert!(Square::E1.in_palace(Color::Red));
    /// assert!(!Square::E1.in_palace(Color::Black));
    /// ```
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.index() % File::COUNT;
        let r = self.rank().relative_to(color).index();
        f >= File::D.index() && f <= File::F.index() && r <= Rank::Two.index()
    }

    /// Whether the square lies on `color`'s own half (before the river).
    ///
    /// ```
    /// use xiangqi::{Color, Square};
    /// assert!(Square::A4.on_own_half(Color::Red));
    /// assert!(!Square::A5.on_own_half(Color::Red));
    /// ```
    pub const fn on_own_half(self, color: Color) -> bool {
        !self.rank().is_across_river(color)
    }

    /// Parses an ICCS square name such as `e0` (case-insensitive file).
    ///
    /// ```
    /// use xiangqi::Square;
    /// assert_eq!(Square::from_ascii(b"i9"), Ok(Square::I9));
    /// assert!(Square::from_ascii(b"i10").is_err());
    /// ```
    pub fn from_ascii(s: &[u8]) -> Result<Square, ParseSquareError> {
        match s {
            [f, r] => match (File::from_char(*f as char), Rank::from_char(*r as char)) {
                (Some(f), Some(r)) => Ok(Square::new(f, r)),
                _ => Err(ParseSquareError),
            },
            _ => Err(ParseSquareError),
        }
    }
}

/// A string that is not an ICCS square name (`a0` .. `i9`).
///
/// ```
/// use xiangqi::Square;
/// assert_eq!("E0".parse::<Square>(), Ok(Square::E0));
/// let err = "j0".parse::<Square>().unwrap_err(); // files run a..i
/// assert_eq!(err.to_string(), "invalid square name (expected a file a-i and a rank 0-9, like \"e0\")");
/// assert!("e10".parse::<Square>().is_err()); // ranks run 0..9
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[error("invalid square name (expected a file a-i and a rank 0-9, like \"e0\")")]
pub struct ParseSquareError;

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    /// The ICCS name, as `Display` writes it: `h0`.
    ///
    /// ```
    /// use xiangqi::Square;
    /// assert_eq!(format!("{:?}", Square::H0), "h0");
    /// assert_eq!(format!("{:?}", [Square::A0, Square::I9]), "[a0, i9]");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = <alloc::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_is_the_iccs_name() {
        assert_eq!(format!("{:?}", Square::H0), "h0");
        for sq in Square::ALL {
            assert_eq!(format!("{sq:?}"), sq.to_string());
        }
    }
}
