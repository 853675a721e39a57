//! Why a move is illegal: [`IllegalReason`], [`Position::illegal_reason`]
//! and [`PlayError`].

use core::fmt;

use crate::base::attacks::{self, Occupancy};
use crate::base::position::general_attackers;
use crate::base::{Bitboard, Move, Position, Role};

/// Why a move is not legal in a position
/// ([`Position::illegal_reason`]).
///
/// The reasons are tested in this order: the origin square, the
/// destination, the piece's movement rules, then the safety of the own
/// general after the move.
///
/// ```
/// use xiangqi::{IllegalReason, Position};
/// let pos = Position::new();
/// let why = |m: &str| pos.illegal_reason(m.parse().unwrap());
/// assert_eq!(why("b0c2"), None); // legal
/// assert_eq!(why("e4e5"), Some(IllegalReason::NoPiece));
/// assert_eq!(why("h7h0"), Some(IllegalReason::NotYourPiece));
/// assert_eq!(why("b0b2"), Some(IllegalReason::OwnPiece));
/// assert_eq!(why("b0b1"), Some(IllegalReason::CannotMoveThere));
/// assert_eq!(why("a0a5"), Some(IllegalReason::Blocked));
/// assert_eq!(why("h2h7"), Some(IllegalReason::CannonScreen));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalReason {
    /// No piece stands on the origin square.
    NoPiece,
    /// The piece on the origin square belongs to the side not to move.
    NotYourPiece,
    /// The destination holds a piece of the side to move (also a move to
    /// its own origin square).
    OwnPiece,
    /// The piece never moves that way, whatever stands around it: not its
    /// shape of move, out of the palace (general, advisor), across the
    /// river (elephant), backwards or sideways before the river (soldier).
    CannotMoveThere,
    /// A piece stands on the horse's leg (蹩马腿), the point next to it in
    /// the direction of the move.
    BlockedLeg,
    /// A piece stands on the elephant's eye (塞象眼), the point between its
    /// origin and its destination.
    BlockedEye,
    /// A chariot's or a cannon's path to the destination is not clear.
    Blocked,
    /// A cannon capture without exactly one piece (the screen) between the
    /// cannon and its target.
    CannonScreen,
    /// The move leaves the mover's general attacked: it was in check and
    /// stays so, or the move exposes it, or the general steps into an
    /// attack.
    LeavesGeneralInCheck,
    /// The move leaves the two generals facing each other on a file with
    /// no piece between them (and no other attack on the mover's general).
    GeneralsFacing,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalReason::NoPiece => "there is no piece on its origin square",
            IllegalReason::NotYourPiece => "the piece on its origin square is the opponent's",
            IllegalReason::OwnPiece => "its destination holds a piece of the mover's",
            IllegalReason::CannotMoveThere => "the piece never moves that way",
            IllegalReason::BlockedLeg => "the horse's leg is blocked",
            IllegalReason::BlockedEye => "the elephant's eye is blocked",
            IllegalReason::Blocked => "the path is blocked",
            IllegalReason::CannonScreen => "a cannon captures over exactly one screen",
            IllegalReason::LeavesGeneralInCheck => "it leaves the mover's general in check",
            IllegalReason::GeneralsFacing => "it leaves the generals facing each other",
        })
    }
}

/// A move that is not legal in the position it was played in: the move and
/// why. The position is left unchanged.
///
/// ```
/// use xiangqi::{IllegalReason, Position};
/// let mut pos = Position::new();
/// let err = pos.play("h2h7".parse()?).unwrap_err();
/// assert_eq!(err.reason, IllegalReason::CannonScreen);
/// assert_eq!(
///     err.to_string(),
///     "illegal move h2h7: a cannon captures over exactly one screen"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("illegal move {mv}: {reason}")]
#[non_exhaustive]
pub struct PlayError {
    /// The rejected move.
    pub mv: Move,
    /// Why it is illegal.
    pub reason: IllegalReason,
}

impl PlayError {
    /// The error for `m`, which is not legal in `pos`.
    pub(crate) fn new(pos: &Position, m: Move) -> PlayError {
        PlayError {
            mv: m,
            // A legal move here is a caller's bug; say the least wrong thing.
            reason: pos
                .illegal_reason(m)
                .unwrap_or(IllegalReason::CannotMoveThere),
        }
    }
}

impl Position {
    /// Why `m` is not legal here, or `None` if it is legal
    /// (`pos.illegal_reason(m).is_none() == pos.is_legal(m)`).
    ///
    /// ```
    /// use xiangqi::{IllegalReason, Position};
    /// // The red chariot on e2 pins the black horse on e7 to its general.
    /// let pos: Position = "4k4/9/4n4/9/9/9/9/4R4/9/3K5 b".parse().unwrap();
    /// let why = |m: &str| pos.illegal_reason(m.parse().unwrap());
    /// assert_eq!(why("e7f5"), Some(IllegalReason::LeavesGeneralInCheck));
    /// // On d9 the general would face the red general on d0.
    /// assert_eq!(why("e9d9"), Some(IllegalReason::GeneralsFacing));
    /// assert_eq!(why("e9f9"), None);
    /// ```
    pub fn illegal_reason(&self, m: Move) -> Option<IllegalReason> {
        if self.is_legal(m) {
            return None;
        }
        let (from, to) = (m.from(), m.to());
        let b = &self.board;
        let Some(piece) = b.piece_at(from) else {
            return Some(IllegalReason::NoPiece);
        };
        if piece.color != self.turn {
            return Some(IllegalReason::NotYourPiece);
        }
        if b.by_color(self.turn).contains(to) {
            return Some(IllegalReason::OwnPiece);
        }
        let us = self.turn;
        let occ = b.occupancy();
        let empty = Occupancy::EMPTY;
        let reach = |o: Occupancy| match piece.role {
            Role::General => attacks::general(us, from),
            Role::Advisor => attacks::advisor(us, from),
            Role::Elephant => attacks::elephant(us, from, o.bitboard()),
            Role::Horse => attacks::horse(from, o.bitboard()),
            Role::Chariot | Role::Cannon => attacks::chariot(from, o),
            Role::Soldier => attacks::soldier(us, from),
        };
        if !reach(empty).contains(to) {
            return Some(IllegalReason::CannotMoveThere);
        }
        let capture = b.piece_at(to).is_some();
        let moves_by_rules = match piece.role {
            Role::Cannon if capture => attacks::cannon(from, occ).contains(to),
            Role::Cannon => (attacks::chariot(from, occ) - occ.bitboard()).contains(to),
            _ => reach(occ).contains(to),
        };
        if !moves_by_rules {
            return Some(match piece.role {
                Role::Horse => IllegalReason::BlockedLeg,
                Role::Elephant => IllegalReason::BlockedEye,
                Role::Cannon if capture => IllegalReason::CannonScreen,
                _ => IllegalReason::Blocked,
            });
        }
        // By the movement rules the move is fine: it exposes the general.
        let general = if piece.role == Role::General {
            to
        } else {
            self.general(us)
        };
        let after = occ.without(from).with(to);
        let attackers = general_attackers(b, general, !us, after, Bitboard::from(to));
        Some(if attackers == Bitboard::from(self.general(!us)) {
            IllegalReason::GeneralsFacing
        } else {
            IllegalReason::LeavesGeneralInCheck
        })
    }
}
