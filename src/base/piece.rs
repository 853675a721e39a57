//! A colored piece.

use core::fmt;

use crate::base::{Color, Role};

/// A piece: a [`Role`] of a [`Color`].
///
/// ```
/// use xiangqi::{Color, Piece, Role};
/// let p = Piece::from_char('C').unwrap();
/// assert_eq!(p, Piece::new(Color::Red, Role::Cannon));
/// assert_eq!(p.char(), 'C');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// The side the piece belongs to.
    pub color: Color,
    /// The kind of piece.
    pub role: Role,
}

impl Piece {
    /// The number of kinds of pieces of both colors (14): the range of
    /// [`Piece::index`].
    ///
    /// ```
    /// use xiangqi::{Color, Piece, Role};
    /// let mut counts = [0u8; Piece::COUNT];
    /// counts[Piece::new(Color::Black, Role::Horse).index()] += 1;
    /// assert_eq!(counts.iter().sum::<u8>(), 1);
    /// ```
    pub const COUNT: usize = Color::COUNT * Role::COUNT;

    /// Creates a piece.
    ///
    /// ```
    /// use xiangqi::{Color, Piece, Role};
    /// assert_eq!(Piece::new(Color::Black, Role::Horse).char(), 'n');
    /// ```
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// An index in `0..14`: Red's roles first, then Black's.
    ///
    /// ```
    /// use xiangqi::{Color, Piece, Role};
    /// assert_eq!(Piece::new(Color::Black, Role::General).index(), 7);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * Role::COUNT + self.role.index()
    }

    /// The FEN letter: uppercase for Red, lowercase for Black.
    ///
    /// ```
    /// use xiangqi::{Color, Piece, Role};
    /// assert_eq!(Piece::new(Color::Red, Role::Soldier).char(), 'P');
    /// ```
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::Red => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// Parses a FEN letter (`e`/`h` accepted for elephant/horse).
    ///
    /// ```
    /// use xiangqi::{Color, Piece, Role};
    /// assert_eq!(Piece::from_char('h'), Some(Piece::new(Color::Black, Role::Horse)));
    /// assert_eq!(Piece::from_char('1'), None);
    /// ```
    pub const fn from_char(ch: char) -> Option<Piece> {
        let color = if ch.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        match Role::from_char(ch) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
