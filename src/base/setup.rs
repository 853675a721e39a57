//! [`Setup`]: an unchecked position, and the problems that stop it from
//! becoming a [`Position`](crate::Position).

use alloc::vec::Vec;
use core::fmt;

use crate::base::{Board, Color, Piece, Role, Square};

/// A position that has not been validated: any placement, side to move and
/// move counters. Parse one from FEN and turn it into a
/// [`Position`](crate::Position) with
/// [`Position::from_setup`](crate::Position::from_setup).
///
/// ```
/// use xiangqi::{Color, Setup};
/// let setup: Setup = "4k4/9/9/9/9/9/9/9/9/4K4 w".parse().unwrap();
/// assert_eq!(setup.turn, Color::Red);
/// assert_eq!(setup.fullmoves, 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Piece placement.
    pub board: Board,
    /// Side to move.
    pub turn: Color,
    /// Plies since the last capture (FEN field 5).
    pub halfmoves: u32,
    /// Move number, starting at 1 and incremented after Black's move
    /// (FEN field 6).
    pub fullmoves: u32,
}

impl Default for Setup {
    /// The standard start position.
    fn default() -> Setup {
        Setup {
            board: Board::new(),
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

/// How strictly [`Position::from_setup`](crate::Position::from_setup)
/// checks piece placement.
///
/// ```
/// use xiangqi::{Position, Setup, Validation};
/// // A Red advisor on e0 can never get there in a game (it is not one of the
/// // five diagonal points of the palace), but a study may use it.
/// let setup: Setup = "4k4/9/9/9/9/9/9/9/9/3KA4 w".parse().unwrap();
/// assert!(Position::from_setup(setup.clone(), Validation::Strict).is_err());
/// assert!(Position::from_setup(setup, Validation::Lenient).is_ok());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Validation {
    /// Every check: also rejects pieces on squares they can never reach in a
    /// game (advisor off the palace diagonals, elephant off its seven points,
    /// soldier behind its start rank or on a non-start file before the river).
    #[default]
    Strict,
    /// For studies and composed problems: advisors may stand anywhere in
    /// their palace, elephants anywhere on their own half, soldiers anywhere.
    /// Piece counts, generals in the palace, facing generals and the side not
    /// to move in check are still rejected, so move generation stays sound.
    Lenient,
}

/// One reason a [`Setup`] is not a legal position.
///
/// ```
/// use xiangqi::{Color, Position, Problem, Role, Setup, Validation};
/// // Three red chariots, and no black general.
/// let setup: Setup = "9/9/9/9/9/9/9/9/9/RRR1K4 w".parse().unwrap();
/// let err = Position::from_setup(setup, Validation::Strict).unwrap_err();
/// assert_eq!(
///     err.problems(),
///     [
///         Problem::TooMany { color: Color::Red, role: Role::Chariot, count: 3 },
///         Problem::GeneralCount { color: Color::Black, count: 0 },
///     ]
/// );
/// assert_eq!(err.problems()[0].to_string(), "red has 3 pieces of kind chariot (at most 2)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Problem {
    /// A side has no general or more than one.
    GeneralCount {
        /// The side.
        color: Color,
        /// How many generals it has.
        count: usize,
    },
    /// A side has more pieces of a role than the game provides.
    TooMany {
        /// The side.
        color: Color,
        /// The role.
        role: Role,
        /// How many it has.
        count: usize,
    },
    /// A piece stands on a square it can never reach.
    Unreachable {
        /// The piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// The two generals face each other on an open file.
    GeneralsFacing {
        /// Red's general.
        red: Square,
        /// Black's general.
        black: Square,
    },
    /// The side that is not to move is in check.
    OpponentInCheck {
        /// The side in check.
        color: Color,
        /// The squares of the pieces giving check.
        checkers: Vec<Square>,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::GeneralCount { color, count } => {
                write!(f, "{color} has {count} generals (expected exactly 1)")
            }
            Problem::TooMany { color, role, count } => write!(
                f,
                "{color} has {count} pieces of kind {role} (at most {})",
                role.max_count()
            ),
            Problem::Unreachable { piece, square } => {
                write!(
                    f,
                    "{} {} on {square} can never reach that square",
                    piece.color, piece.role
                )
            }
            Problem::GeneralsFacing { red, black } => {
                write!(f, "the generals on {red} and {black} face each other")
            }
            Problem::OpponentInCheck { color, checkers } => {
                write!(
                    f,
                    "{color} is in check but it is not {color}'s move (checked from"
                )?;
                for sq in checkers {
                    write!(f, " {sq}")?;
                }
                write!(f, ")")
            }
        }
    }
}

/// A [`Setup`] that is not a legal position, with every problem found.
///
/// ```
/// use xiangqi::{Position, Setup, Validation};
/// let setup: Setup = "9/9/9/9/9/9/9/9/9/9 w".parse().unwrap();
/// let err = Position::from_setup(setup, Validation::Strict).unwrap_err();
/// assert_eq!(err.problems().len(), 2); // no Red general, no Black general
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub struct PositionError {
    pub(crate) problems: Vec<Problem>,
}

impl PositionError {
    /// Every problem found, in a fixed order.
    ///
    /// ```
    /// use xiangqi::{Position, Problem, Setup, Validation};
    /// // No Red general, and the black general off its palace.
    /// let setup: Setup = "9/9/9/9/4k4/9/9/9/9/9 w".parse()?;
    /// let err = Position::from_setup(setup, Validation::Strict).unwrap_err();
    /// assert!(err.problems().len() >= 2);
    /// assert!(err.problems().iter().any(|p| matches!(p, Problem::Unreachable { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

const RED_ADVISOR_POINTS: [Square; 5] =
    [Square::D0, Square::F0, Square::E1, Square::D2, Square::F2];
const RED_ELEPHANT_POINTS: [Square; 7] = [
    Square::C0,
    Square::G0,
    Square::A2,
    Square::E2,
    Square::I2,
    Square::C4,
    Square::G4,
];

/// Whether `piece` may stand on `sq` under `mode`.
pub(crate) fn reachable(piece: Piece, sq: Square, mode: Validation) -> bool {
    // Work in the color's own frame: rank 0 is its back rank.
    let own = match piece.color {
        Color::Red => sq,
        Color::Black => sq.flip_vertical(),
    };
    let strict = mode == Validation::Strict;
    match piece.role {
        Role::General => own.in_palace(Color::Red),
        Role::Advisor if strict => RED_ADVISOR_POINTS.contains(&own),
        Role::Advisor => own.in_palace(Color::Red),
        Role::Elephant if strict => RED_ELEPHANT_POINTS.contains(&own),
        Role::Elephant => own.on_own_half(Color::Red),
        Role::Soldier if strict => {
            let (file, rank) = (own.file().index(), own.rank().index());
            rank >= 5 || (rank >= 3 && file % 2 == 0)
        }
        _ => true,
    }
}

/// Checks everything that does not need attack generation: counts and
/// placement. Attack-based checks are done by `Position::from_setup`.
pub(crate) fn placement_problems(board: &Board, mode: Validation) -> Vec<Problem> {
    let mut problems = Vec::new();
    for color in Color::ALL {
        let count = board.by_piece(Piece::new(color, Role::General)).count();
        if count != 1 {
            problems.push(Problem::GeneralCount { color, count });
        }
        for role in &Role::ALL[1..] {
            let count = board.by_piece(Piece::new(color, *role)).count();
            if count > role.max_count() {
                problems.push(Problem::TooMany {
                    color,
                    role: *role,
                    count,
                });
            }
        }
    }
    for (square, piece) in board.pieces() {
        if !reachable(piece, square, mode) {
            problems.push(Problem::Unreachable { piece, square });
        }
    }
    problems
}
