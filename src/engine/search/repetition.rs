//! Repetition under the Asian rules, as the search applies them.
//!
//! A repeated position ends the line. If one side gave check with every one
//! of its moves in the cycle and the other side did not, the perpetual
//! checker loses. If neither or both did, a pluggable [`ChaseDetector`] may
//! name a perpetual chaser, who then loses; otherwise the repetition is a
//! draw.
//!
//! # The chase seam
//!
//! Chase detection (one side attacking an unprotected piece with every move)
//! needs the full rules of the `Game` type built elsewhere in this project.
//! Until it lands, no chase is detected by default and such repetitions are
//! draws. To plug a detector in, give a [`ChaseDetector`] function to
//! [`Searcher::set_chase_detector`](crate::Searcher::set_chase_detector) or
//! to [`judge_repetition`]: it receives the repeated position (the position
//! at the start of the cycle, which is also the current one) and the moves
//! of the cycle in order, and returns the perpetual chaser, if exactly one
//! side chases.

use crate::core::{Color, Move, PlayError, Position};

/// Names the side that perpetually chases in a repetition cycle, if any.
///
/// Arguments: the position at the start of the cycle (equal to the position
/// at its end) and the cycle's moves, which lead from it back to it. Return
/// `Some(color)` when `color` chased with every move and the other side did
/// not (`color` then loses), `None` otherwise.
///
/// ```
/// use xiangqi::{ChaseDetector, Color, Move, Position};
/// fn never(_: &Position, _: &[Move]) -> Option<Color> { None }
/// let detector: ChaseDetector = never;
/// assert_eq!(detector(&Position::new(), &[]), None);
/// ```
pub type ChaseDetector = fn(&Position, &[Move]) -> Option<Color>;

/// One position of a game, as the repetition rules need it.
///
/// ```
/// use xiangqi::{HistoryEntry, Position};
/// let e = HistoryEntry::new(&Position::new(), None);
/// assert_eq!(e.hash, Position::new().hash());
/// assert!(!e.in_check);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HistoryEntry {
    /// [`Position::hash`] of the position.
    pub hash: u64,
    /// Whether the side to move was in check (the move that led here gave
    /// check).
    pub in_check: bool,
    /// The move that led here, if known (the chase detector needs it).
    pub last_move: Option<Move>,
    /// Whether the move that led here cannot be undone (a capture): no cycle
    /// crosses it.
    pub irreversible: bool,
}

impl HistoryEntry {
    /// The entry for `pos`, reached by `last_move`. A position whose halfmove
    /// clock is 0 (just after a capture, or a fresh FEN) counts as
    /// irreversible.
    ///
    /// ```
    /// use xiangqi::{HistoryEntry, Position};
    /// assert!(HistoryEntry::new(&Position::new(), None).irreversible);
    /// ```
    pub fn new(pos: &Position, last_move: Option<Move>) -> HistoryEntry {
        HistoryEntry {
            hash: pos.hash(),
            in_check: pos.is_check(),
            last_move,
            irreversible: pos.halfmoves() == 0,
        }
    }

    /// The entries of a whole game: `start`, then the position after each of
    /// `moves`. Also returns the final position.
    ///
    /// ```
    /// use xiangqi::{HistoryEntry, Position};
    /// let moves: Vec<_> = ["h2e2", "h9g7"].iter().map(|m| m.parse().unwrap()).collect();
    /// let (line, pos) = HistoryEntry::line(&Position::new(), &moves).unwrap();
    /// assert_eq!(line.len(), 3);
    /// assert_eq!(line[2].hash, pos.hash());
    /// ```
    pub fn line(
        start: &Position,
        moves: &[Move],
    ) -> Result<(Vec<HistoryEntry>, Position), PlayError> {
        let mut pos = start.clone();
        let mut out = Vec::with_capacity(moves.len() + 1);
        out.push(HistoryEntry::new(&pos, None));
        for &m in moves {
            pos.play(m)?;
            out.push(HistoryEntry::new(&pos, Some(m)));
        }
        Ok((out, pos))
    }
}

/// How a repetition is judged.
///
/// ```
/// use xiangqi::{Color, Repetition};
/// assert_eq!(Repetition::PerpetualCheck { loser: Color::Red }.loser(), Some(Color::Red));
/// assert_eq!(Repetition::Draw.loser(), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// Mutual or idle repetition.
    Draw,
    /// `loser` gave check with every move of the cycle, the other side did not.
    PerpetualCheck {
        /// The perpetual checker.
        loser: Color,
    },
    /// `loser` chased with every move (as named by the [`ChaseDetector`]).
    PerpetualChase {
        /// The perpetual chaser.
        loser: Color,
    },
}

impl Repetition {
    /// The side that loses, or `None` for a draw.
    ///
    /// ```
    /// use xiangqi::{Color, Repetition};
    /// assert_eq!(Repetition::PerpetualChase { loser: Color::Black }.loser(), Some(Color::Black));
    /// ```
    pub fn loser(self) -> Option<Color> {
        match self {
            Repetition::Draw => None,
            Repetition::PerpetualCheck { loser } | Repetition::PerpetualChase { loser } => {
                Some(loser)
            }
        }
    }
}

/// The index of the latest earlier occurrence of the last entry's position,
/// not crossing an irreversible move.
#[inline]
pub(crate) fn find_cycle(stack: &[HistoryEntry]) -> Option<usize> {
    let n = stack.len().checked_sub(1)?;
    let hash = stack[n].hash;
    let mut s = n;
    while s >= 2 {
        if stack[s].irreversible || stack[s - 1].irreversible {
            return None;
        }
        s -= 2;
        if stack[s].hash == hash {
            return Some(s);
        }
    }
    None
}

/// Judges the cycle `stack[start..]`, whose last position `pos` has the
/// same placement and side to move as `stack[start]`.
pub(crate) fn judge_cycle(
    stack: &[HistoryEntry],
    start: usize,
    pos: &Position,
    chase: Option<ChaseDetector>,
) -> Repetition {
    let n = stack.len() - 1;
    let mover = pos.turn();
    // The side to move at the end made the moves into start+1, start+3, ..
    let mover_checks = (start + 1..n).step_by(2).all(|k| stack[k].in_check);
    let other_checks = (start + 2..=n).step_by(2).all(|k| stack[k].in_check);
    match (mover_checks, other_checks) {
        (true, false) => return Repetition::PerpetualCheck { loser: mover },
        (false, true) => return Repetition::PerpetualCheck { loser: !mover },
        _ => {}
    }
    if let Some(detect) = chase {
        let mut moves = [Move::new(crate::core::Square::A0, crate::core::Square::A0); 64];
        let len = n - start;
        if len <= moves.len() {
            for (slot, e) in moves.iter_mut().zip(&stack[start + 1..]) {
                match e.last_move {
                    Some(m) => *slot = m,
                    None => return Repetition::Draw,
                }
            }
            if let Some(loser) = detect(pos, &moves[..len]) {
                return Repetition::PerpetualChase { loser };
            }
        }
    }
    Repetition::Draw
}

/// Judges the game `history` (oldest first, the last entry being `pos`):
/// `None` while the last position has occurred fewer than `occurrences`
/// times since the last capture, otherwise the verdict on the latest cycle.
///
/// ```
/// use xiangqi::{judge_repetition, HistoryEntry, Position, Repetition};
/// let moves: Vec<_> = ["h2e2", "h9g7", "e2h2", "g7h9", "h2e2", "h9g7", "e2h2", "g7h9"]
///     .iter().map(|m| m.parse().unwrap()).collect();
/// let (line, pos) = HistoryEntry::line(&Position::new(), &moves).unwrap();
/// assert_eq!(judge_repetition(&line, &pos, 3, None), Some(Repetition::Draw));
/// assert_eq!(judge_repetition(&line[..5], &Position::new(), 3, None), None);
/// ```
pub fn judge_repetition(
    history: &[HistoryEntry],
    pos: &Position,
    occurrences: usize,
    chase: Option<ChaseDetector>,
) -> Option<Repetition> {
    let last = history.last()?;
    if last.hash != pos.hash() {
        return None;
    }
    let start = find_cycle(history)?;
    let mut count = 2;
    let mut end = start;
    while count < occurrences {
        end = find_cycle(&history[..=end])?;
        count += 1;
    }
    Some(judge_cycle(history, start, pos, chase))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(fen: &str, moves: &[&str]) -> (Vec<HistoryEntry>, Position) {
        let start: Position = fen.parse().unwrap();
        let moves: Vec<Move> = moves.iter().map(|m| m.parse().unwrap()).collect();
        HistoryEntry::line(&start, &moves).unwrap()
    }

    #[test]
    fn perpetual_check_loses() {
        // Red's chariot checks along ranks 9 and 8; Black's general steps.
        let (h, pos) = line(
            "3k5/9/9/9/9/9/9/9/R8/5K3 w - - 1 1",
            &[
                "a1a9", "d9d8", "a9a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9",
            ],
        );
        assert_eq!(find_cycle(&h), Some(4));
        assert_eq!(
            judge_cycle(&h, 4, &pos, None),
            Repetition::PerpetualCheck { loser: Color::Red }
        );
        assert_eq!(
            judge_repetition(&h, &pos, 2, None),
            Some(Repetition::PerpetualCheck { loser: Color::Red })
        );
        assert_eq!(judge_repetition(&h, &pos, 3, None), None);
    }

    #[test]
    fn idle_repetition_is_a_draw() {
        let (h, pos) = line(
            "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 1 1",
            &["a0a1", "e9f9", "a1a0", "f9e9"],
        );
        assert_eq!(find_cycle(&h), Some(0));
        assert_eq!(judge_cycle(&h, 0, &pos, None), Repetition::Draw);
    }

    #[test]
    fn chase_detector_is_consulted() {
        fn red_chases(_: &Position, moves: &[Move]) -> Option<Color> {
            (moves.len() == 4).then_some(Color::Red)
        }
        let (h, pos) = line(
            "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 1 1",
            &["a0a1", "e9f9", "a1a0", "f9e9"],
        );
        assert_eq!(
            judge_cycle(&h, 0, &pos, Some(red_chases)),
            Repetition::PerpetualChase { loser: Color::Red }
        );
    }

    #[test]
    fn capture_breaks_cycles() {
        let (mut h, _) = line(
            "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 1 1",
            &["a0a1", "e9f9", "a1a0", "f9e9"],
        );
        h[2].irreversible = true;
        assert_eq!(find_cycle(&h), None);
    }
}
