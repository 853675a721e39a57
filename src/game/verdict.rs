//! [`Verdict`]: how a [`Game`](crate::Game) ended, with the evidence.

use alloc::vec::Vec;
use core::fmt;

use crate::base::{Color, EndReason, Outcome, Piece, Square};

/// A piece and the square it stands on.
///
/// ```
/// use xiangqi::{Color, Piece, Placed, Role, Square};
/// let p = Placed { square: Square::E7, piece: Piece::new(Color::Red, Role::Chariot) };
/// assert_eq!(p.to_string(), "red chariot on e7");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    /// Where the piece stands.
    pub square: Square,
    /// The piece.
    pub piece: Piece,
}

impl fmt::Display for Placed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} on {}",
            self.piece.color, self.piece.role, self.square
        )
    }
}

/// What one side did with every one of its moves in a repetition cycle.
///
/// ```
/// use xiangqi::Conduct;
/// assert_eq!(Conduct::Idle.to_string(), "idle moves");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Conduct {
    /// Neither checked with every move nor chased one piece with every move.
    Idle,
    /// Gave check with every move (长将).
    Check {
        /// The pieces giving check after the side's last move of the cycle,
        /// on their squares in the final position.
        checkers: Vec<Placed>,
    },
    /// Chased the same piece(s) with every move (长捉).
    Chase {
        /// The pieces chasing after the side's last move of the cycle.
        chasers: Vec<Placed>,
        /// The pieces chased by every move, on their squares in the final
        /// position (the same as at the start of the cycle).
        targets: Vec<Placed>,
    },
}

fn write_list(f: &mut fmt::Formatter<'_>, list: &[Placed]) -> fmt::Result {
    for (i, p) in list.iter().enumerate() {
        if i > 0 {
            f.write_str(if i + 1 == list.len() { " and " } else { ", " })?;
        }
        write!(f, "{p}")?;
    }
    Ok(())
}

impl fmt::Display for Conduct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conduct::Idle => f.write_str("idle moves"),
            Conduct::Check { checkers } => {
                f.write_str("a check with every move (")?;
                write_list(f, checkers)?;
                f.write_str(")")
            }
            Conduct::Chase { chasers, targets } => {
                f.write_str("a chase of ")?;
                write_list(f, targets)?;
                f.write_str(" with every move (by ")?;
                write_list(f, chasers)?;
                f.write_str(")")
            }
        }
    }
}

/// A repetition cycle: the plies between the first and the last occurrence
/// of a position, and what each side did in them.
///
/// Plies are counted from the start of the game: ply `k` is the `k`-th move
/// and "the position at ply `k`" the position after it (ply 0 is the start).
///
/// ```
/// use xiangqi::{Conduct, Game, Position};
/// // Red's chariot checks from d1 and e1 for ever; Black's general shuffles.
/// let start: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse()?;
/// let mut game = Game::from_position(start);
/// for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split(' ') {
///     game.play(m.parse()?)?;
/// }
/// let cycle = game.outcome().unwrap().cycle.as_ref().unwrap();
/// assert_eq!((cycle.first_ply, cycle.last_ply, cycle.occurrences), (0, 8, 3));
/// assert_eq!(cycle.red.to_string(), "a check with every move (red chariot on e1)");
/// assert_eq!(cycle.black, Conduct::Idle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Cycle {
    /// The ply at which the repeated position first occurred.
    pub first_ply: usize,
    /// The ply at which it occurred the last time (the game's last ply).
    pub last_ply: usize,
    /// How many times it occurred from `first_ply` to `last_ply`.
    pub occurrences: usize,
    /// Red's conduct in the plies `first_ply + 1 ..= last_ply`.
    pub red: Conduct,
    /// Black's conduct in the same plies.
    pub black: Conduct,
}

impl Cycle {
    /// The conduct of `color`.
    ///
    /// ```
    /// use xiangqi::{Color, Conduct, Game};
    /// let mut game = Game::new();
    /// for m in "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9".split(' ') {
    ///     game.play(m.parse()?)?;
    /// }
    /// let cycle = game.outcome().unwrap().cycle.as_ref().unwrap();
    /// assert_eq!(cycle.conduct(Color::Black), &Conduct::Idle);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn conduct(&self, color: Color) -> &Conduct {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
}

/// How a [`Game`](crate::Game) ended: the winner (`None` for a draw), the
/// reason, the ply, and the evidence. Its `Display` is a sentence a GUI can
/// show as is, starting with the result.
///
/// ```
/// use xiangqi::{EndReason, Game};
/// let mut game = Game::new();
/// for m in "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9".split(' ') {
///     game.play(m.parse()?)?;
/// }
/// let verdict = game.outcome().unwrap();
/// assert_eq!(verdict.reason, EndReason::Repetition);
/// assert_eq!(verdict.result(), "1/2-1/2");
/// assert_eq!(
///     verdict.to_string(),
///     "1/2-1/2 draw by repetition: the position of ply 0 occurred 3 times by ply 8, \
///      red made idle moves, black made idle moves"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Verdict {
    /// The winning side, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
    /// The ply at which it ended (0 if the start position was already final).
    pub ply: usize,
    /// For repetition verdicts (perpetual check, perpetual chase,
    /// repetition): the cycle and each side's conduct.
    pub cycle: Option<Cycle>,
    /// For [`EndReason::MoveLimit`]: the limit reached, in moves.
    pub move_limit: Option<u32>,
}

impl Verdict {
    /// The result: `1-0` (Red won), `0-1` (Black won) or `1/2-1/2`.
    ///
    /// ```
    /// use xiangqi::{Game, Position};
    /// let mated: Position = "R3k4/R8/9/9/9/9/9/9/9/3K5 b".parse().unwrap();
    /// assert_eq!(Game::from_position(mated).outcome().unwrap().result(), "1-0");
    /// ```
    pub fn result(&self) -> &'static str {
        self.outcome().result()
    }

    /// The bare [`Outcome`]: winner and reason.
    ///
    /// ```
    /// use xiangqi::{Color, EndReason, Game, Position};
    /// let mated: Position = "R3k4/R8/9/9/9/9/9/9/9/3K5 b".parse().unwrap();
    /// let outcome = Game::from_position(mated).outcome().unwrap().outcome();
    /// assert_eq!(outcome.winner, Some(Color::Red));
    /// assert_eq!(outcome.reason, EndReason::Checkmate);
    /// ```
    pub fn outcome(&self) -> Outcome {
        Outcome {
            winner: self.winner,
            reason: self.reason,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.result())?;
        let loser = self.winner.map(|w| !w);
        match (&self.cycle, self.reason, loser) {
            (Some(c), EndReason::PerpetualCheck | EndReason::PerpetualChase, Some(l)) => {
                let word = if self.reason == EndReason::PerpetualCheck {
                    "check"
                } else {
                    "chase"
                };
                write!(
                    f,
                    "{} wins by perpetual {word}: {l} made {} from ply {} to ply {} \
                     (the position occurred {} times), {} made {}",
                    !l,
                    c.conduct(l),
                    c.first_ply,
                    c.last_ply,
                    c.occurrences,
                    !l,
                    c.conduct(!l)
                )
            }
            (Some(c), _, _) => write!(
                f,
                "draw by repetition: the position of ply {} occurred {} times by ply {}, \
                 red made {}, black made {}",
                c.first_ply, c.occurrences, c.last_ply, c.red, c.black
            ),
            (None, EndReason::MoveLimit, _) => {
                let moves = self.move_limit.unwrap_or(0);
                write!(
                    f,
                    "draw by the move limit: {moves} moves ({} plies) without a capture",
                    u64::from(moves) * 2
                )
            }
            (None, EndReason::InsufficientMaterial, _) => f.write_str(
                "draw by insufficient material: \
                 neither side has a chariot, horse, cannon or soldier left",
            ),
            (None, EndReason::Stalemate, Some(l)) => {
                write!(f, "{} wins: {l} has no legal move (stalemate)", !l)
            }
            (None, _, Some(l)) => write!(f, "{} wins by {}", !l, self.reason),
            (None, _, None) => write!(f, "draw by {}", self.reason),
        }
    }
}
