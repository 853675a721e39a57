//! Why a move is illegal: [`IllegalReason`], [`Position::illegal_reason`]
//! and [`PlayError`], which carries the reason (and allocates nothing).

use crate::base::{Bitboard, Color, Move, Position, Role, Square};

/// Why a move from one square to another is not legal in a position.
///
/// ```
/// use xiangqi::IllegalReason;
/// use xiangqi::{Position, Square};
/// let pos = Position::new();
/// assert_eq!(pos.illegal_reason("h2e2".parse()?), None);
/// assert_eq!(pos.illegal_reason("e3e4".parse()?), None);
/// assert_eq!(pos.illegal_reason("h2h5".parse()?), None);
/// assert_eq!(pos.illegal_reason("a0a5".parse()?), Some(IllegalReason::PathBlocked { by: Square::A3 }));
/// assert_eq!(pos.illegal_reason("e5e4".parse()?), Some(IllegalReason::EmptySquare));
/// assert_eq!(pos.illegal_reason("e6e5".parse()?), Some(IllegalReason::NotYourPiece));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalReason {
    /// No piece stands on the origin square.
    #[error("there is no piece on that square")]
    EmptySquare,
    /// The piece on the origin square is the other side's.
    #[error("that piece belongs to the side not to move")]
    NotYourPiece,
    /// The destination holds a piece of the mover's own.
    #[error("the destination holds one of the mover's own pieces")]
    OwnPiece,
    /// The piece never moves that way (a horse straight, a chariot
    /// diagonally, a soldier backwards, two squares for a general).
    #[error("that piece does not move that way")]
    NotItsMove,
    /// A general or advisor would leave the palace.
    #[error("the piece cannot leave the palace")]
    LeavesPalace,
    /// An elephant would cross the river.
    #[error("the elephant cannot cross the river")]
    CrossesRiver,
    /// A soldier moves sideways only once it has crossed the river.
    #[error("the soldier moves sideways only after crossing the river")]
    NotAcrossRiver,
    /// The horse's leg (the square next to it, on the way) is occupied.
    #[error("the horse's leg is blocked on {leg}")]
    HorseLegBlocked {
        /// The blocking square.
        leg: Square,
    },
    /// The elephant's eye (the square between) is occupied.
    #[error("the elephant's eye is blocked on {eye}")]
    ElephantEyeBlocked {
        /// The blocking square.
        eye: Square,
    },
    /// A chariot's or cannon's path is blocked (for a cannon's capture,
    /// by a second piece between).
    #[error("the path is blocked on {by}")]
    PathBlocked {
        /// The first piece in the way (the second, for a cannon capture).
        by: Square,
    },
    /// A cannon captures only over exactly one piece, and there is none.
    #[error("a cannon captures only by jumping over one piece")]
    NoScreen,
    /// The move leaves the mover's general attacked.
    #[error("it leaves the general in check from {by}")]
    LeavesInCheck {
        /// An attacker of the general after the move.
        by: Square,
    },
    /// The move leaves the two generals facing each other on an open file.
    #[error("the generals would face each other")]
    GeneralsFacing,
}

/// A move that is not legal in the position it was played in: the move and
/// why. The position is left unchanged. Allocates nothing.
///
/// ```
/// use xiangqi::{IllegalReason, Position};
/// let mut pos = Position::new();
/// let err = pos.play("h2h7".parse()?).unwrap_err();
/// assert_eq!(err.reason, IllegalReason::NoScreen);
/// assert_eq!(
///     err.to_string(),
///     "illegal move h2h7: a cannon captures only by jumping over one piece"
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
            // A legal move here would be a caller's bug: say what is least
            // wrong rather than panic.
            reason: pos.illegal_reason(m).unwrap_or(IllegalReason::NotItsMove),
        }
    }
}

/// The squares strictly between `a` and `b` on a file or rank.
fn between(a: Square, b: Square) -> impl Iterator<Item = Square> {
    let (df, dr) = (
        (b.file().index() as i32 - a.file().index() as i32).signum(),
        (b.rank().index() as i32 - a.rank().index() as i32).signum(),
    );
    let mut at = a;
    core::iter::from_fn(move || {
        at = at.offset(df, dr)?;
        (at != b).then_some(at)
    })
    .fuse()
}

/// The shape test of `role`'s move from `from` to `to` for `color`, on the
/// board `occ`: `None` if the piece moves so.
fn shape_problem(
    role: Role,
    color: Color,
    from: Square,
    to: Square,
    occ: Bitboard,
    capture: bool,
) -> Option<IllegalReason> {
    let df = to.file().index() as i32 - from.file().index() as i32;
    let dr = to.rank().index() as i32 - from.rank().index() as i32;
    let (adf, adr) = (df.abs(), dr.abs());
    let forward = if color == Color::Red { 1 } else { -1 };
    let at = |df: i32, dr: i32| from.offset(df, dr).filter(|&s| occ.contains(s));
    match role {
        Role::General | Role::Advisor => {
            let step = if role == Role::General {
                adf + adr == 1
            } else {
                adf == 1 && adr == 1
            };
            if !step {
                Some(IllegalReason::NotItsMove)
            } else if !to.in_palace(color) {
                Some(IllegalReason::LeavesPalace)
            } else {
                None
            }
        }
        Role::Elephant => {
            if adf != 2 || adr != 2 {
                Some(IllegalReason::NotItsMove)
            } else if !to.on_own_half(color) {
                Some(IllegalReason::CrossesRiver)
            } else {
                at(df / 2, dr / 2).map(|eye| IllegalReason::ElephantEyeBlocked { eye })
            }
        }
        Role::Horse => match (adf, adr) {
            (1, 2) => at(0, dr / 2).map(|leg| IllegalReason::HorseLegBlocked { leg }),
            (2, 1) => at(df / 2, 0).map(|leg| IllegalReason::HorseLegBlocked { leg }),
            _ => Some(IllegalReason::NotItsMove),
        },
        Role::Chariot | Role::Cannon => {
            if df != 0 && dr != 0 {
                return Some(IllegalReason::NotItsMove);
            }
            let mut pieces = between(from, to).filter(|&s| occ.contains(s));
            match (role, capture, pieces.next(), pieces.next()) {
                (Role::Chariot, _, Some(by), _) | (_, false, Some(by), _) => {
                    Some(IllegalReason::PathBlocked { by })
                }
                (Role::Cannon, true, None, _) => Some(IllegalReason::NoScreen),
                (_, _, _, Some(by)) => Some(IllegalReason::PathBlocked { by }),
                _ => None,
            }
        }
        Role::Soldier => {
            if df == 0 && dr == forward {
                None
            } else if dr == 0 && adf == 1 {
                (from.on_own_half(color)).then_some(IllegalReason::NotAcrossRiver)
            } else {
                Some(IllegalReason::NotItsMove)
            }
        }
    }
}

impl Position {
    /// Why `m` is not legal here, or `None` if it is (exactly when
    /// [`Position::is_legal`] says so). For a GUI: "the horse's leg is
    /// blocked", "it leaves the general in check". Allocates nothing.
    ///
    /// ```
    /// use xiangqi::IllegalReason;
    /// use xiangqi::{Position, Square};
    /// let pos = Position::new();
    /// assert_eq!(pos.illegal_reason("b0c2".parse()?), None);
    /// assert_eq!(pos.illegal_reason("b0b2".parse()?), Some(IllegalReason::OwnPiece));
    /// assert_eq!(pos.illegal_reason("c0e2".parse()?), None);
    /// assert_eq!(pos.illegal_reason("c0c2".parse()?), Some(IllegalReason::NotItsMove));
    /// // The chariot on b1 stands on the leg of the horse on b0 toward c2.
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/1R7/1N1K5 w".parse()?;
    /// assert_eq!(
    ///     pos.illegal_reason("b0c2".parse()?),
    ///     Some(IllegalReason::HorseLegBlocked { leg: Square::B1 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn illegal_reason(&self, m: Move) -> Option<IllegalReason> {
        if self.is_legal(m) {
            return None;
        }
        Some(self.analyse_illegal(m))
    }

    /// The reason for an illegal move.
    fn analyse_illegal(&self, m: Move) -> IllegalReason {
        let us = self.turn();
        let board = self.board();
        let (from, to) = (m.from(), m.to());
        let Some(piece) = board.piece_at(from) else {
            return IllegalReason::EmptySquare;
        };
        if piece.color != us {
            return IllegalReason::NotYourPiece;
        }
        if from == to {
            return IllegalReason::NotItsMove;
        }
        let target = board.piece_at(to);
        if target.is_some_and(|p| p.color == us) {
            return IllegalReason::OwnPiece;
        }
        let occ = board.occupied();
        if let Some(r) = shape_problem(piece.role, us, from, to, occ, target.is_some()) {
            return r;
        }
        // A move of the right shape: it must expose the general.
        let mut after = self.clone();
        after.play_unchecked(m);
        let general = after.general(us);
        let theirs = after.general(!us);
        let attackers = after.attackers(general, !us);
        match attackers.without(theirs).first() {
            Some(by) => IllegalReason::LeavesInCheck { by },
            None if attackers.contains(theirs) => IllegalReason::GeneralsFacing,
            // Not reached for a position that keeps the rules; say
            // something true rather than panic.
            None => IllegalReason::NotItsMove,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::MoveList;

    /// Positions of seeded random play, and a few endgames.
    fn positions() -> Vec<Position> {
        let mut out: Vec<Position> = [
            "4k4/9/9/9/9/9/9/9/4N4/4K4 w",
            "3k5/9/9/9/9/9/9/9/9/4K4 w",
            "3akab2/9/4b4/9/2p6/9/9/4B4/4A4/2BK1A3 w",
        ]
        .iter()
        .map(|f| f.parse().unwrap())
        .collect();
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..40 {
            let mut pos = Position::new();
            for _ in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
                out.push(pos.clone());
            }
        }
        out
    }

    /// The reason is a shape reason exactly for moves that break the
    /// pieces' movement rules, and a safety reason for the others.
    #[test]
    fn reasons_agree_with_the_move_generator() {
        let mut pseudo = MoveList::new();
        for pos in positions() {
            pos.pseudo_moves_into(Bitboard::FULL, &mut pseudo);
            for from in pos.board().by_color(pos.turn()) {
                for to in Square::ALL {
                    let m = Move::new(from, to);
                    let Some(reason) = pos.illegal_reason(m) else {
                        assert!(pos.is_legal(m));
                        continue;
                    };
                    let safety = matches!(
                        reason,
                        IllegalReason::LeavesInCheck { .. } | IllegalReason::GeneralsFacing
                    );
                    assert_eq!(safety, pseudo.contains(&m), "{m} {reason:?} {pos}");
                }
            }
        }
    }
}
