//! [`Position`]: a validated position, and playing moves on it.

use core::fmt;
use core::str::FromStr;

use crate::base::attacks::{self, Occupancy};
use crate::base::fen::FenError;
use crate::base::setup::{Problem, placement_problems};
use crate::base::zobrist;
use crate::base::{
    Bitboard, Board, ByColor, Color, Move, Piece, PlayError, PositionError, Role, Setup, Square,
    Validation,
};

/// A validated position: placement, side to move and counters, with a
/// Zobrist hash kept up to date as moves are played. It is history-free:
/// repetition needs a game record on top.
///
/// **What is guaranteed.** A `Position` is built only by [`Position::new`]
/// or by a checked constructor ([`Position::from_setup`], [`FromStr`],
/// [`TryFrom<Setup>`]), so it starts *valid*: each side has exactly one
/// general, in its palace; no side has more pieces of a kind than the game
/// provides; the generals do not face each other on an open file; the side
/// not to move is not in check; and, under [`Validation::Strict`] (the
/// default, and what `FromStr` uses), every piece stands on a square it can
/// reach in a game. [`Position::play`] plays only legal moves, so it keeps
/// the position valid (in check or not, with legal moves or not).
///
/// [`Position::play_unchecked`] skips the legality test (for search, on
/// moves it generated itself). Given a move that is not legal, it moves the
/// piece anyway, and the position may then break the rules above: see its
/// documentation for what still holds. It never panics and, the crate
/// having no `unsafe` code, never causes undefined behaviour.
///
/// ```
/// use xiangqi::Position;
/// let mut pos = Position::new();
/// pos.play("h2e2".parse().unwrap()).unwrap();
/// assert_eq!(
///     pos.to_string(),
///     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
/// );
/// assert!(pos.play("h2e2".parse().unwrap()).is_err()); // no piece of Black's there
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
    pub(crate) generals: ByColor<Square>,
    pub(crate) checkers: Bitboard,
}

/// Why a FEN string could not become a [`Position`].
///
/// ```
/// use xiangqi::{ParsePositionError, Position, Problem};
///
/// let err = "rnbakabnr/9/1c5c1 w".parse::<Position>().unwrap_err();
/// assert!(matches!(err, ParsePositionError::Fen(_)));
/// assert_eq!(err.to_string(), "the placement has 3 rows, expected 10");
/// // Well-formed FEN, but the generals face each other.
/// let err = "4k4/9/9/9/9/9/9/9/9/4K4 w".parse::<Position>().unwrap_err();
/// let ParsePositionError::Position(e) = &err else { panic!("{err}") };
/// assert!(matches!(e.problems(), [Problem::GeneralsFacing { .. }]));
/// assert_eq!(err.to_string(), "illegal position: the generals on e0 and e9 face each other");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// The FEN text itself is malformed.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The FEN is well formed but describes an illegal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The standard start position, Red to move.
    ///
    /// ```
    /// use xiangqi::Position;
    /// assert_eq!(Position::new().legal_moves().len(), 44);
    /// ```
    pub fn new() -> Position {
        match Position::from_setup(Setup::default(), Validation::Strict) {
            Ok(pos) => pos,
            Err(_) => unreachable!("the start position is legal"),
        }
    }

    /// Validates a [`Setup`]. The error lists every problem found.
    ///
    /// ```
    /// use xiangqi::{Position, Problem, Setup, Validation};
    /// // Generals facing on the open e-file.
    /// let setup: Setup = "4k4/9/9/9/9/9/9/9/9/4K4 w".parse().unwrap();
    /// let err = Position::from_setup(setup, Validation::Strict).unwrap_err();
    /// assert!(matches!(err.problems()[0], Problem::GeneralsFacing { .. }));
    /// ```
    pub fn from_setup(setup: Setup, mode: Validation) -> Result<Position, PositionError> {
        let mut problems = placement_problems(&setup.board, mode);
        let generals = match (
            setup.board.general(Color::Red),
            setup.board.general(Color::Black),
        ) {
            (Some(r), Some(b)) if problems.is_empty() => ByColor::new([r, b]),
            _ => return Err(PositionError { problems }),
        };
        let mut pos = Position {
            board: setup.board,
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
            generals,
            checkers: Bitboard::EMPTY,
        };
        let (red, black) = (generals[Color::Red], generals[Color::Black]);
        let between_open = red.file() == black.file()
            && (attacks::chariot_file(red, pos.board.occupancy())).contains(black);
        if between_open {
            problems.push(Problem::GeneralsFacing { red, black });
        }
        let them = !pos.turn;
        let checkers = pos.attackers_of_general(them) - pos.board.by_role(Role::General);
        if checkers.any() {
            problems.push(Problem::OpponentInCheck {
                color: them,
                checkers: checkers.into_iter().collect(),
            });
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        pos.hash = pos.compute_hash();
        pos.checkers = pos.attackers_of_general(pos.turn);
        Ok(pos)
    }

    /// The unchecked form of this position.
    ///
    /// ```
    /// use xiangqi::Position;
    /// let setup = Position::new().to_setup();
    /// assert_eq!(setup.fullmoves, 1);
    /// ```
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The piece placement.
    ///
    /// ```
    /// use xiangqi::{Position, Square};
    /// assert!(Position::new().board().piece_at(Square::H2).is_some());
    /// ```
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    ///
    /// ```
    /// use xiangqi::{Color, Position};
    /// assert_eq!(Position::new().turn(), Color::Red);
    /// ```
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture.
    ///
    /// ```
    /// use xiangqi::Position;
    /// assert_eq!(Position::new().halfmoves(), 0);
    /// ```
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (starts at 1, incremented after Black moves).
    ///
    /// ```
    /// use xiangqi::Position;
    /// assert_eq!(Position::new().fullmoves(), 1);
    /// ```
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The square of `color`'s general.
    ///
    /// ```
    /// use xiangqi::{Color, Position, Square};
    /// assert_eq!(Position::new().general(Color::Red), Square::E0);
    /// ```
    #[inline]
    pub fn general(&self, color: Color) -> Square {
        self.generals[color]
    }

    /// The Zobrist hash of placement and side to move (counters excluded).
    /// Kept incrementally; always equal to the hash computed from scratch.
    ///
    /// ```
    /// use xiangqi::Position;
    /// let mut a = Position::new();
    /// for m in ["h2e2", "h9g7", "e2h2", "g7h9"] {
    ///     a.play(m.parse().unwrap()).unwrap();
    /// }
    /// assert_eq!(a.hash(), Position::new().hash());
    /// ```
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut h = self
            .board
            .pieces()
            .fold(0, |h, (sq, p)| h ^ zobrist::piece_key(p, sq));
        if self.turn == Color::Black {
            h ^= zobrist::side_key();
        }
        h
    }

    /// The pieces giving check to the side to move.
    ///
    /// ```
    /// use xiangqi::{Position, Square};
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/4R4/3K5 b".parse().unwrap();
    /// assert_eq!(pos.checkers().into_iter().collect::<Vec<_>>(), vec![Square::E1]);
    /// ```
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check.
    ///
    /// ```
    /// use xiangqi::Position;
    /// assert!(!Position::new().is_check());
    /// ```
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The enemy chariots, cannons, horses, soldiers and facing general that
    /// attack `color`'s general.
    fn attackers_of_general(&self, color: Color) -> Bitboard {
        let b = &self.board;
        general_attackers(
            b,
            self.generals[color],
            !color,
            b.occupancy(),
            Bitboard::EMPTY,
        )
    }

    /// Every piece of `attacker` that attacks `sq`: that could capture a piece
    /// of the other color standing there, ignoring whether the capture would
    /// expose its own general. The general attacks its palace neighbours and,
    /// along an open file, the enemy general.
    ///
    /// ```
    /// use xiangqi::{Color, Position, Square};
    /// let pos = Position::new();
    /// // The black cannon on b7 attacks b0 over the screen on b2.
    /// assert!(pos.attackers(Square::B0, Color::Black).contains(Square::B7));
    /// assert!(pos.attackers(Square::E4, Color::Red).contains(Square::E3)); // soldier
    /// assert!(pos.attackers(Square::E5, Color::Red).is_empty());
    /// ```
    pub fn attackers(&self, sq: Square, attacker: Color) -> Bitboard {
        let b = &self.board;
        let occupancy = b.occupancy();
        let occ = occupancy.bitboard();
        let them = b.by_color(attacker);
        let mut out = general_attackers(b, sq, attacker, occupancy, Bitboard::EMPTY)
            - b.by_role(Role::General);
        let general = self.generals[attacker];
        if sq.in_palace(attacker) {
            out |= attacks::advisor(attacker, sq) & them & b.by_role(Role::Advisor);
            if attacks::general(attacker, sq).contains(general) {
                out = out.with(general);
            }
        }
        if sq == self.generals[!attacker] && attacks::chariot_file(sq, occupancy).contains(general)
        {
            out = out.with(general);
        }
        if sq.on_own_half(attacker) {
            out |= attacks::elephant(attacker, sq, occ) & them & b.by_role(Role::Elephant);
        }
        out
    }

    /// Plays `m` if it is legal, returning the captured piece; otherwise
    /// returns an error and leaves the position unchanged.
    ///
    /// ```
    /// use xiangqi::Position;
    /// let mut pos = Position::new();
    /// assert_eq!(pos.play("h2h9".parse().unwrap()).unwrap().map(|p| p.char()), Some('n'));
    /// assert!(pos.play("a0a5".parse().unwrap()).is_err()); // Red cannot move twice
    /// ```
    pub fn play(&mut self, m: Move) -> Result<Option<Piece>, PlayError> {
        if self.is_legal(m) {
            Ok(self.play_unchecked(m))
        } else {
            Err(PlayError::new(self, m))
        }
    }

    /// Plays `m` without testing that it is legal, returning the captured
    /// piece. For a legal move (generated by this position, or checked with
    /// [`Position::is_legal`]) it does exactly what [`Position::play`] does:
    /// it is the fast path for search.
    ///
    /// For a move that is not legal: a move whose origin square is empty,
    /// or whose destination is its origin, is ignored (nothing changes,
    /// `None` is returned). Otherwise the piece on the origin moves to the
    /// destination, whatever its kind allows and whoever's turn it is,
    /// capturing what stands there (even a piece of its own side, or a
    /// general), and the turn passes. The result may break the rules a
    /// valid position keeps (see [`Position`]): the mover's general may be
    /// left in check, the generals may face each other, a piece may stand
    /// where it never could, a side may have lost its general. What still
    /// holds: nothing panics and there is no undefined behaviour, now or in
    /// any later call; the board's squares and its bitboards agree; the
    /// hash is that of the placement and side to move; the counters count;
    /// [`Position::general`] is the square where that side's general last
    /// stood, and [`Position::checkers`] the enemy pieces attacking that
    /// square. Legal moves, check and outcome are then computed on the
    /// board as it stands from that square: defined, but the answers are
    /// those of no real game. Turn such a position back into a checked one
    /// with [`Position::to_setup`] and [`Position::from_setup`].
    ///
    /// ```
    /// use xiangqi::Position;
    /// let mut pos = Position::new();
    /// let m = pos.legal_moves()[0];
    /// let before = pos.clone(); // copy-make: keep the old position to undo
    /// pos.play_unchecked(m);
    /// assert_ne!(pos, before);
    /// ```
    pub fn play_unchecked(&mut self, m: Move) -> Option<Piece> {
        let (from, to) = (m.from(), m.to());
        let piece = self.board.piece_at(from)?;
        if from == to {
            return None;
        }
        let captured = self.board.move_piece(from, to, piece);
        self.hash ^=
            zobrist::piece_key(piece, from) ^ zobrist::piece_key(piece, to) ^ zobrist::side_key();
        if let Some(c) = captured {
            self.hash ^= zobrist::piece_key(c, to);
            self.halfmoves = 0;
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        if piece.role == Role::General {
            self.generals[piece.color] = to;
        }
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !self.turn;
        self.checkers = self.attackers_of_general(self.turn);
        captured
    }
}

impl Position {
    /// Passes the turn without moving (a null move, for null-move pruning in
    /// search). Only valid when the side to move is not in check; the hash is
    /// updated and the counters are left alone.
    #[cfg_attr(not(feature = "search"), allow(dead_code))]
    pub(crate) fn play_null(&mut self) {
        debug_assert!(!self.is_check());
        self.hash ^= zobrist::side_key();
        self.turn = !self.turn;
        self.checkers = Bitboard::EMPTY;
    }
}

/// The pieces of `attacker` (not counting `exclude`) that attack the square
/// `sq` of a general, under the occupancy `occ`: chariots, cannons,
/// horses, soldiers, and the attacker's general when it faces `sq` on an open
/// file.
#[inline]
pub(crate) fn general_attackers(
    b: &Board,
    sq: Square,
    attacker: Color,
    occ: Occupancy,
    exclude: Bitboard,
) -> Bitboard {
    let them = b.by_color(attacker) - exclude;
    let file = attacks::chariot_file(sq, occ);
    let rank = attacks::chariot_rank(sq, occ.bitboard());
    ((rank | file) & b.by_role(Role::Chariot)
        | file & b.by_role(Role::General)
        | attacks::cannon(sq, occ) & b.by_role(Role::Cannon)
        | attacks::horse_attackers(sq, occ.bitboard()) & b.by_role(Role::Horse)
        | attacks::soldier_attackers(attacker, sq) & b.by_role(Role::Soldier))
        & them
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{:?}", self.board)?;
        write!(f, "{self}")
    }
}

impl fmt::Display for Position {
    /// Canonical FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::base::fen::write_fen(f, &self.board, self.turn, self.halfmoves, self.fullmoves)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses FEN and validates strictly.
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let setup: Setup = s.parse()?;
        Ok(Position::from_setup(setup, Validation::Strict)?)
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    /// Validates strictly.
    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup(setup, Validation::Strict)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let s = <alloc::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn documented_size_holds() {
        // The README says a position is a 400-byte value.
        assert_eq!(core::mem::size_of::<Position>(), 400);
    }
}
