//! [`Board`]: the placement of pieces, without side to move or counters.

use core::fmt;

use crate::base::attacks::{Occupancy, transposed_bit};
use crate::base::{Bitboard, ByColor, ByRole, BySquare, Color, File, Piece, Rank, Role, Square};

/// Piece placement: which piece stands on each of the 90 squares
/// ([`Square::COUNT`]).
///
/// A `Board` may hold any placement (for example three generals); only a
/// [`Position`](crate::Position) is guaranteed to be legal.
///
/// ```
/// use xiangqi::{Board, Color, Piece, Role, Square};
/// let board = Board::new();
/// assert_eq!(board.piece_at(Square::E0), Some(Piece::new(Color::Red, Role::General)));
/// assert_eq!(board.occupied().count(), 32);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    squares: BySquare<Option<Piece>>,
    by_color: ByColor<Bitboard>,
    by_role: ByRole<Bitboard>,
    /// Occupancy in file-major order (`file * 10 + rank`), for file attacks.
    occ_t: u128,
}

impl Default for Board {
    /// The start position's placement.
    fn default() -> Board {
        Board::new()
    }
}

/// The roles of a side's 16 pieces in the order record formats number them
/// (XQF slots, DhtmlXQ `binit`): the back rank from file a to file i, the
/// two cannons, then the five soldiers. The first nine are the back rank.
#[rustfmt::skip]
pub(crate) const PIECE_SLOTS: [Role; 16] = {
    use Role::*;
    [
        Chariot, Horse, Elephant, Advisor, General, Advisor, Elephant, Horse, Chariot,
        Cannon, Cannon,
        Soldier, Soldier, Soldier, Soldier, Soldier,
    ]
};

impl Board {
    /// The board of the standard start position.
    ///
    /// ```
    /// use xiangqi::{Board, Role};
    /// assert_eq!(Board::new().by_role(Role::Soldier).count(), 10);
    /// ```
    pub fn new() -> Board {
        let mut board = Board::empty();
        for color in Color::ALL {
            let back = Rank::Zero.relative_to(color);
            for (file, role) in File::ALL.into_iter().zip(PIECE_SLOTS) {
                board.set_piece_at(Square::new(file, back), Piece::new(color, role));
            }
            for file in [File::B, File::H] {
                let sq = Square::new(file, Rank::Two.relative_to(color));
                board.set_piece_at(sq, Piece::new(color, Role::Cannon));
            }
            for file in [File::A, File::C, File::E, File::G, File::I] {
                let sq = Square::new(file, Rank::Three.relative_to(color));
                board.set_piece_at(sq, Piece::new(color, Role::Soldier));
            }
        }
        board
    }

    /// A board with no pieces.
    ///
    /// ```
    /// use xiangqi::Board;
    /// assert!(Board::empty().occupied().is_empty());
    /// ```
    pub const fn empty() -> Board {
        Board {
            squares: BySquare::new([None; Square::COUNT]),
            by_color: ByColor::new([Bitboard::EMPTY; Color::COUNT]),
            by_role: ByRole::new([Bitboard::EMPTY; Role::COUNT]),
            occ_t: 0,
        }
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use xiangqi::{Board, Square};
    /// assert_eq!(Board::new().piece_at(Square::E4), None);
    /// ```
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq]
    }

    /// Puts `piece` on `sq`, returning what stood there before.
    ///
    /// ```
    /// use xiangqi::{Board, Color, Piece, Role, Square};
    /// let mut board = Board::empty();
    /// let red_cannon = Piece::new(Color::Red, Role::Cannon);
    /// assert_eq!(board.set_piece_at(Square::E2, red_cannon), None);
    /// assert_eq!(board.piece_at(Square::E2), Some(red_cannon));
    /// ```
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) -> Option<Piece> {
        let old = self.remove_piece_at(sq);
        self.squares[sq] = Some(piece);
        self.by_color[piece.color].toggle(sq);
        self.by_role[piece.role].toggle(sq);
        self.occ_t ^= transposed_bit(sq);
        old
    }

    /// Removes and returns the piece on `sq`.
    ///
    /// ```
    /// use xiangqi::{Board, Square};
    /// let mut board = Board::new();
    /// assert!(board.remove_piece_at(Square::A0).is_some());
    /// assert!(board.remove_piece_at(Square::A0).is_none());
    /// ```
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let old = self.squares[sq].take();
        if let Some(p) = old {
            self.by_color[p.color].toggle(sq);
            self.by_role[p.role].toggle(sq);
            self.occ_t ^= transposed_bit(sq);
        }
        old
    }

    /// Moves the piece on `from` to the empty-or-enemy square `to`; returns
    /// the captured piece. The caller guarantees a piece stands on `from`.
    #[inline]
    pub(crate) fn move_piece(&mut self, from: Square, to: Square, piece: Piece) -> Option<Piece> {
        let captured = self.squares[to];
        let ft = Bitboard::from(from) | Bitboard::from(to);
        if let Some(c) = captured {
            self.by_color[c.color].toggle(to);
            self.by_role[c.role].toggle(to);
            self.occ_t ^= transposed_bit(from);
        } else {
            self.occ_t ^= transposed_bit(from) | transposed_bit(to);
        }
        self.by_color[piece.color] ^= ft;
        self.by_role[piece.role] ^= ft;
        self.squares[to] = Some(piece);
        self.squares[from] = None;
        captured
    }

    /// All occupied squares.
    ///
    /// ```
    /// use xiangqi::Board;
    /// assert_eq!(Board::new().occupied().count(), 32);
    /// ```
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[Color::Red] | self.by_color[Color::Black]
    }

    /// All occupied squares in the layouts the chariot and cannon attack
    /// tables read ([`attacks`](crate::attacks)).
    ///
    /// ```
    /// use xiangqi::{Board, Square, attacks};
    /// let board = Board::new();
    /// assert!(attacks::cannon(Square::B2, board.occupancy()).contains(Square::B9));
    /// ```
    #[inline]
    pub fn occupancy(&self) -> Occupancy {
        Occupancy::from_parts(self.occupied(), self.occ_t)
    }

    /// The squares holding pieces of `color`.
    ///
    /// ```
    /// use xiangqi::{Board, Color};
    /// assert_eq!(Board::new().by_color(Color::Black).count(), 16);
    /// ```
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color]
    }

    /// The squares holding pieces of `role`, either color.
    ///
    /// ```
    /// use xiangqi::{Board, Role};
    /// assert_eq!(Board::new().by_role(Role::General).count(), 2);
    /// ```
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role]
    }

    /// The squares holding `piece`.
    ///
    /// ```
    /// use xiangqi::{Board, Color, Piece, Role};
    /// let red_horses = Board::new().by_piece(Piece::new(Color::Red, Role::Horse));
    /// assert_eq!(red_horses.count(), 2);
    /// ```
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_color[piece.color] & self.by_role[piece.role]
    }

    /// The square of `color`'s general, if there is exactly one.
    ///
    /// ```
    /// use xiangqi::{Board, Color, Square};
    /// assert_eq!(Board::new().general(Color::Black), Some(Square::E9));
    /// ```
    pub fn general(&self, color: Color) -> Option<Square> {
        let g = self.by_piece(Piece::new(color, Role::General));
        if g.more_than_one() { None } else { g.first() }
    }

    /// Iterates over `(square, piece)` in square index order.
    ///
    /// ```
    /// use xiangqi::Board;
    /// assert_eq!(Board::new().pieces().count(), 32);
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::ALL
            .iter()
            .filter_map(move |&sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The board mirrored rank-wise with colors swapped: Red's view becomes
    /// Black's.
    ///
    /// ```
    /// use xiangqi::Board;
    /// assert_eq!(Board::new().flip_colors(), Board::new());
    /// ```
    pub fn flip_colors(&self) -> Board {
        let mut out = Board::empty();
        for (sq, p) in self.pieces() {
            out.set_piece_at(sq.flip_vertical(), Piece::new(!p.color, p.role));
        }
        out
    }

    /// The board mirrored left to right.
    ///
    /// ```
    /// use xiangqi::Board;
    /// assert_eq!(Board::new().flip_horizontal(), Board::new());
    /// ```
    pub fn flip_horizontal(&self) -> Board {
        let mut out = Board::empty();
        for (sq, p) in self.pieces() {
            out.set_piece_at(sq.flip_horizontal(), p);
        }
        out
    }
}

impl fmt::Display for Board {
    /// The board as text: Black's side on top (rank 9 first, rank 0 last,
    /// a line each), files a to i separated by spaces, FEN letters for the
    /// pieces and `.` for empty points; no line break at the end.
    ///
    /// ```
    /// use xiangqi::Board;
    /// let text = Board::new().to_string();
    /// assert!(text.starts_with("r n b a k a b n r\n. . . . . . . . .\n"));
    /// assert!(text.ends_with("R N B A K A B N R"));
    /// assert_eq!(text.lines().count(), 10);
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, rank) in Rank::ALL.iter().rev().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            for (j, file) in File::ALL.into_iter().enumerate() {
                if j > 0 {
                    write!(f, " ")?;
                }
                let c = self
                    .piece_at(Square::new(file, *rank))
                    .map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    /// Draws the board, rank 9 on top, FEN letters, `.` for empty points.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            write!(f, "{rank} ")?;
            for file in File::ALL {
                let c = self
                    .piece_at(Square::new(file, *rank))
                    .map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "  abcdefghi")
    }
}
