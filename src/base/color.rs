//! The two sides: [`Color::Red`] and [`Color::Black`].

use core::fmt;
use core::ops::Not;

/// A side. Red moves first and is written in uppercase in FEN.
///
/// ```
/// use xiangqi::Color;
/// assert_eq!(!Color::Red, Color::Black);
/// assert_eq!(Color::Black.fen_char(), 'b');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// Red (called White in some engines), the side that moves first.
    Red = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// The number of colors (2), the length of [`Color::ALL`].
    ///
    /// ```
    /// use xiangqi::Color;
    /// let mut captures = [0u32; Color::COUNT];
    /// captures[Color::Black.index()] += 1;
    /// assert_eq!(captures, [0, 1]);
    /// ```
    pub const COUNT: usize = 2;

    /// Both colors, Red first.
    ///
    /// ```
    /// use xiangqi::{Color, Position};
    /// let pos = Position::new();
    /// for color in Color::ALL {
    ///     assert_eq!(pos.board().by_color(color).count(), 16);
    /// }
    /// ```
    pub const ALL: [Color; Color::COUNT] = [Color::Red, Color::Black];

    /// The index of this color: 0 for Red, 1 for Black.
    ///
    /// ```
    /// use xiangqi::Color;
    /// assert_eq!(Color::Black.index(), 1);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side-to-move letter written in FEN (`w` for Red, `b` for Black).
    ///
    /// ```
    /// use xiangqi::Color;
    /// assert_eq!(Color::Red.fen_char(), 'w');
    /// ```
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }

    /// Parses a FEN side-to-move letter: `w` or `r` for Red, `b` for Black.
    ///
    /// ```
    /// use xiangqi::Color;
    /// assert_eq!(Color::from_fen_char('r'), Some(Color::Red));
    /// assert_eq!(Color::from_fen_char('x'), None);
    /// ```
    pub const fn from_fen_char(ch: char) -> Option<Color> {
        match ch {
            'w' | 'r' => Some(Color::Red),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// Picks `red` or `black` depending on the color.
    ///
    /// ```
    /// use xiangqi::Color;
    /// assert_eq!(Color::Black.fold(1, -1), -1);
    /// ```
    #[inline]
    pub fn fold<T>(self, red: T, black: T) -> T {
        match self {
            Color::Red => red,
            Color::Black => black,
        }
    }

    /// The side's lowercase name, `"red"` or `"black"`: what `Display`
    /// writes, and the name the Python and WebAssembly packages use.
    ///
    /// ```
    /// use xiangqi::Color;
    /// assert_eq!(Color::Red.name(), "red");
    /// assert_eq!(Color::Black.name(), Color::Black.to_string());
    /// ```
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;

    #[inline]
    fn not(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
