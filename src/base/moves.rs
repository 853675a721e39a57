//! [`Move`] and [`MoveList`].

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;

use crate::base::Square;

/// A move from one square to another, written in ICCS coordinates (`h2e2`).
///
/// A `Move` is just two squares (two bytes); whether it is legal depends on a
/// position (see [`Position::is_legal`](crate::Position::is_legal)).
///
/// ```
/// use xiangqi::{Move, Square};
/// let m: Move = "h2e2".parse().unwrap();
/// assert_eq!(m, Move::new(Square::H2, Square::E2));
/// assert_eq!(m.to_string(), "h2e2");
/// assert!("h2h2".parse::<Move>().is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    from: Square,
    to: Square,
}

impl Move {
    /// Creates a move. (`from == to` is allowed here but is never legal.)
    ///
    /// ```
    /// use xiangqi::{Move, Square};
    /// assert_eq!(Move::new(Square::B0, Square::C2).from(), Square::B0);
    /// ```
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The origin square.
    ///
    /// ```
    /// use xiangqi::{Move, Square};
    /// assert_eq!(Move::new(Square::H2, Square::E2).from(), Square::H2);
    /// ```
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The destination square.
    ///
    /// ```
    /// use xiangqi::{Move, Square};
    /// assert_eq!(Move::new(Square::H2, Square::E2).to(), Square::E2);
    /// ```
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// Packs the move into 14 bits: `from | to << 7`.
    ///
    /// ```
    /// use xiangqi::Move;
    /// let m: Move = "a0a1".parse().unwrap();
    /// assert_eq!(Move::from_u16(m.to_u16()), Some(m));
    /// ```
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.from as u16 | (self.to as u16) << 7
    }

    /// Unpacks [`Move::to_u16`]; `None` if a square index is out of range.
    ///
    /// ```
    /// use xiangqi::Move;
    /// assert_eq!(Move::from_u16(0x3fff), None);
    /// ```
    pub const fn from_u16(bits: u16) -> Option<Move> {
        match (
            Square::from_index((bits & 0x7f) as u32),
            Square::from_index((bits >> 7 & 0x7f) as u32),
        ) {
            (Some(from), Some(to)) if bits >> 14 == 0 => Some(Move { from, to }),
            _ => None,
        }
    }

    /// Parses ICCS coordinates: `h2e2`, also `H2-E2` and `h2-e2`.
    ///
    /// ```
    /// use xiangqi::Move;
    /// assert_eq!(Move::from_iccs("H2-E2"), "h2e2".parse());
    /// ```
    pub fn from_iccs(s: &str) -> Result<Move, ParseMoveError> {
        let b = s.as_bytes();
        let (from, to) = match b.len() {
            4 => (&b[0..2], &b[2..4]),
            5 if b[2] == b'-' => (&b[0..2], &b[3..5]),
            _ => return Err(ParseMoveError),
        };
        let from = Square::from_ascii(from).map_err(|_| ParseMoveError)?;
        let to = Square::from_ascii(to).map_err(|_| ParseMoveError)?;
        if from == to {
            return Err(ParseMoveError);
        }
        Ok(Move { from, to })
    }
}

/// A string that is not an ICCS move (`h2e2` or `H2-E2`, two different squares).
///
/// ```
/// use xiangqi::Move;
/// // Too short, off the board (file j), a null move, Chinese notation.
/// for text in ["h2", "j2e2", "h2h2", "炮二平五"] {
///     let err = text.parse::<Move>().unwrap_err();
///     assert_eq!(err.to_string(), "invalid move syntax (expected ICCS coordinates like \"h2e2\")");
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[error("invalid move syntax (expected ICCS coordinates like \"h2e2\")")]
pub struct ParseMoveError;

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        Move::from_iccs(s)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    /// The ICCS coordinates, as `Display` writes them: `h0g2`.
    ///
    /// ```
    /// use xiangqi::Move;
    /// let m: Move = "h0g2".parse().unwrap();
    /// assert_eq!(format!("{m:?}"), "h0g2");
    /// assert_eq!(format!("{:?}", Some(m)), "Some(h0g2)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = <alloc::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The most moves any [`Position`](crate::Position) can have.
///
/// Proof of the bound: a position holds at most 2 chariots, 2 cannons,
/// 2 horses, 2 elephants, 2 advisors, 1 general and 5 soldiers per side
/// (enforced by every validation mode). A chariot or cannon reaches at most
/// 8 squares on its rank plus 9 on its file (17), a horse 8, an elephant 4,
/// an advisor 4, a general 4 and a soldier 3 (forward and two sideways), so
/// the side to move has at most 2·17 + 2·17 + 2·8 + 2·4 + 2·4 + 4 + 5·3 = 119
/// pseudo-legal moves, and legal moves are a subset.
///
/// ```
/// use xiangqi::{MAX_MOVES, Position};
/// let pos = Position::new();
/// assert!(pos.legal_moves().len() <= MAX_MOVES);
/// assert_eq!(pos.legal_moves().capacity(), MAX_MOVES); // a move list never allocates
/// ```
pub const MAX_MOVES: usize = 119;

/// A list of moves on the stack, with room for [`MAX_MOVES`].
///
/// ```
/// use xiangqi::{MoveList, Position};
/// let moves: MoveList = Position::new().legal_moves();
/// assert_eq!(moves.len(), 44);
/// ```
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_is_iccs() {
        let m = Move::new(Square::H0, Square::G2);
        assert_eq!(format!("{m:?}"), "h0g2");
        assert_eq!(
            format!("{:?}", [m, Move::new(Square::A9, Square::A8)]),
            "[h0g2, a9a8]"
        );
        assert_eq!(format!("{m:?}"), m.to_string());
    }
}
