//! [`Outcome`]: how a game ended.

use core::fmt;

use crate::base::Color;

/// Why a game ended.
///
/// ```
/// use xiangqi::{EndReason, Position};
/// // No legal move loses: checkmate in check, stalemate out of it.
/// let mated: Position = "R3k4/R8/9/9/9/9/9/9/9/3K5 b".parse().unwrap();
/// assert_eq!(mated.outcome().unwrap().reason, EndReason::Checkmate);
/// let stalemated: Position = "3k5/R8/9/9/9/9/9/9/9/4K4 b".parse().unwrap();
/// assert_eq!(stalemated.outcome().unwrap().reason, EndReason::Stalemate);
/// assert_eq!(EndReason::Stalemate.to_string(), "stalemate (no legal move)");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// The side to move is in check and has no legal move: it loses.
    Checkmate,
    /// The side to move is not in check but has no legal move: it loses
    /// (困毙; unlike western chess this is not a draw).
    Stalemate,
    /// The loser gave check with every move of a repeated cycle while the
    /// winner did not (长将). Decided by a game record
    /// (`Game::outcome`), never by a lone position.
    PerpetualCheck,
    /// The loser chased the same piece with every move of a repeated cycle
    /// while the winner did not, and neither side checked perpetually (长捉).
    PerpetualChase,
    /// Draw: a position occurred the configured number of times and no side
    /// alone checked or chased perpetually (idle moves, or both sides
    /// checking, or both chasing).
    Repetition,
    /// Draw: the configured number of moves were played without a capture
    /// (by default 60 moves, 120 plies).
    MoveLimit,
    /// Draw: neither side has a chariot, horse, cannon or soldier left, so
    /// neither can ever give check.
    InsufficientMaterial,
}

impl EndReason {
    /// The reason's snake_case name: `"checkmate"`, `"stalemate"`,
    /// `"perpetual_check"`, `"perpetual_chase"`, `"repetition"`,
    /// `"move_limit"` or `"insufficient_material"`. A stable identifier,
    /// the one the Python and WebAssembly packages and the reference data
    /// use; `Display` gives the English words instead.
    ///
    /// ```
    /// use xiangqi::EndReason;
    /// assert_eq!(EndReason::PerpetualChase.name(), "perpetual_chase");
    /// assert_eq!(EndReason::PerpetualChase.to_string(), "perpetual chase");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::PerpetualCheck => "perpetual_check",
            EndReason::PerpetualChase => "perpetual_chase",
            EndReason::Repetition => "repetition",
            EndReason::MoveLimit => "move_limit",
            EndReason::InsufficientMaterial => "insufficient_material",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate (no legal move)",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::PerpetualChase => "perpetual chase",
            EndReason::Repetition => "repetition",
            EndReason::MoveLimit => "the move limit",
            EndReason::InsufficientMaterial => "insufficient material",
        })
    }
}

/// The result of a finished game: the winner (`None` for a draw) and why.
///
/// ```
/// use xiangqi::{Color, EndReason, Position};
/// assert!(Position::new().outcome().is_none());
/// // Two chariots mate on the back ranks; the Red general guards file d.
/// let mated: Position = "R3k4/R8/9/9/9/9/9/9/9/3K5 b".parse().unwrap();
/// let outcome = mated.outcome().unwrap();
/// assert_eq!(outcome.winner, Some(Color::Red));
/// assert_eq!(outcome.reason, EndReason::Checkmate);
/// assert_eq!(outcome.result(), "1-0");
/// assert_eq!(outcome.to_string(), "1-0 red wins by checkmate");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Outcome {
    /// The winning side, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The outcome won by `winner` (`None`: a draw) for `reason`.
    ///
    /// ```
    /// use xiangqi::{Color, EndReason, Outcome};
    /// let o = Outcome::new(Some(Color::Red), EndReason::Checkmate);
    /// assert_eq!(o.winner, Some(Color::Red));
    /// ```
    pub const fn new(winner: Option<Color>, reason: EndReason) -> Outcome {
        Outcome { winner, reason }
    }

    /// The result as written in PGN and UCI tools: `1-0` (Red won), `0-1`
    /// (Black won) or `1/2-1/2`.
    ///
    /// ```
    /// use xiangqi::{Color, EndReason, Outcome};
    /// let o = Outcome::new(Some(Color::Black), EndReason::Stalemate);
    /// assert_eq!(o.result(), "0-1");
    /// // Perpetual check and chase name the side that lost by them.
    /// let o = Outcome::new(Some(Color::Black), EndReason::PerpetualCheck);
    /// assert_eq!(o.to_string(), "0-1 black wins by red's perpetual check");
    /// let o = Outcome::new(None, EndReason::MoveLimit);
    /// assert_eq!(o.to_string(), "1/2-1/2 draw by the move limit");
    /// ```
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::Red) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(w)
                if matches!(
                    self.reason,
                    EndReason::PerpetualCheck | EndReason::PerpetualChase
                ) =>
            {
                write!(f, "{} {w} wins by {}'s {}", self.result(), !w, self.reason)
            }
            Some(w) => write!(f, "{} {w} wins by {}", self.result(), self.reason),
            None => write!(f, "{} draw by {}", self.result(), self.reason),
        }
    }
}

impl crate::base::Position {
    /// Whether the side to move is in check and has no legal move.
    ///
    /// ```
    /// use xiangqi::Position;
    /// let pos: Position = "R3k4/R8/9/9/9/9/9/9/9/3K5 b".parse().unwrap();
    /// assert!(pos.is_checkmate());
    /// ```
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is not in check but has no legal move
    /// (困毙). In xiangqi that side loses.
    ///
    /// ```
    /// use xiangqi::Position;
    /// // Black's general on d9 may not step to e9 (facing the Red general)
    /// // nor to d8 (chariot on rank 8).
    /// let pos: Position = "3k5/R8/9/9/9/9/9/9/9/4K4 b".parse().unwrap();
    /// assert!(pos.is_stalemate());
    /// ```
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// The board-only game end: `Some` if the side to move has no legal
    /// move (it loses), `None` otherwise. Repetition and move limits need a
    /// game record and are not considered here, nor is insufficient
    /// material: [`Game::outcome`](crate::Game::outcome) judges those (see
    /// [two kinds of game end](crate#two-kinds-of-game-end)).
    ///
    /// ```
    /// use xiangqi::{Color, Position};
    /// let pos: Position = "3k5/R8/9/9/9/9/9/9/9/4K4 b".parse().unwrap();
    /// assert_eq!(pos.outcome().unwrap().winner, Some(Color::Red));
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        if self.has_legal_moves() {
            return None;
        }
        Some(Outcome {
            winner: Some(!self.turn()),
            reason: if self.is_check() {
                EndReason::Checkmate
            } else {
                EndReason::Stalemate
            },
        })
    }
}
