//! [`SelfPlayRecord`]: a self-play game as played, from the start position:
//! its moves, which of them were searched and with what score, and its
//! result. Its training positions are replayed from it.

use xiangqi::{Move, Position, Score};

use crate::data::Record;
use crate::result::SelfPlayResult;
use crate::searched::{Searched, training_record};

/// A self-play game from the start position: the moves, the number of
/// unsearched opening plies, the search score of every later ply, and the
/// result. [`crate::play_games`] gives them; [`crate::games`] packs them in
/// a few bytes a position; [`SelfPlayRecord::records`] gives back the training
/// positions [`crate::play_chunk`] keeps.
///
/// ```
/// use xiangqi::Score;
/// use xiangqi_selfplay::{SelfPlayRecord, SelfPlayResult};
///
/// // Two book moves, then two searched plies.
/// let moves = ["h2e2", "h9g7", "h0g2", "i9h9"].map(|m| m.parse().unwrap()).to_vec();
/// let game = SelfPlayRecord {
///     moves,
///     opening: 2,
///     scores: vec![Score::Cp(20), Score::Cp(-15)],
///     result: SelfPlayResult::Draw,
///     last_move_played: true,
/// };
/// let records = game.records()?;
/// assert_eq!(records.len(), 2); // both quiet
/// assert_eq!((records[1].ply(), records[1].score()), (3, -15));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfPlayRecord {
    /// Every move from the start position: the opening plies, then each
    /// searched position's best move.
    pub moves: Vec<Move>,
    /// How many of the first moves are the opening's (book and random
    /// plies, not searched).
    pub opening: usize,
    /// The search score (side to move's view) of each searched position,
    /// `moves[opening + i]`'s position for `scores[i]`.
    pub scores: Vec<Score>,
    /// The game's result.
    pub result: SelfPlayResult,
    /// Whether the last searched position's best move was played: `false`
    /// when the searches' agreement ended the game before it.
    pub last_move_played: bool,
}

/// Why a [`SelfPlayRecord`]'s moves do not replay.
///
/// ```
/// use xiangqi_selfplay::{SelfPlayRecord, SelfPlayResult, ReplayError};
///
/// let game = SelfPlayRecord {
///     moves: vec!["a0a5".parse()?], // the chariot cannot jump
///     opening: 1,
///     scores: vec![],
///     result: SelfPlayResult::Draw,
///     last_move_played: true,
/// };
/// let err = game.records().unwrap_err();
/// assert_eq!(err, ReplayError::IllegalMove { ply: 0, mv: "a0a5".parse()? });
/// assert_eq!(err.to_string(), "ply 0: a0a5 is not a legal move");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The moves are not the opening plies and one a score.
    #[error("{moves} moves for {opening} opening plies and {scores} scores")]
    Length {
        /// The moves.
        moves: usize,
        /// The opening plies.
        opening: usize,
        /// The scores.
        scores: usize,
    },
    /// A move that is not legal where it is played.
    #[error("ply {ply}: {mv} is not a legal move")]
    IllegalMove {
        /// The ply of the move.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// The error of the `game`-th game of a list.
    #[error("game {game}: {error}")]
    InGame {
        /// The game's place in its list, from 0.
        game: usize,
        /// What is wrong with it.
        error: Box<ReplayError>,
    },
}

impl ReplayError {
    /// This error, said of the `game`-th game.
    pub(crate) fn in_game(self, game: usize) -> ReplayError {
        ReplayError::InGame {
            game,
            error: Box::new(self),
        }
    }
}

impl SelfPlayRecord {
    /// Replays the game: every searched position, as [`crate::play_game`]
    /// saw it (position, ply, score, best move, capture).
    ///
    /// ```
    /// use xiangqi::{Position, Score};
    /// use xiangqi_selfplay::{SelfPlayRecord, SelfPlayResult};
    ///
    /// let moves = ["h2e2", "h7e7", "e2e6"].map(|m| m.parse().unwrap()).to_vec();
    /// let game = SelfPlayRecord {
    ///     moves,
    ///     opening: 2,
    ///     scores: vec![Score::Cp(60)],
    ///     result: SelfPlayResult::RedWins,
    ///     last_move_played: true,
    /// };
    /// let searched = game.searched()?;
    /// assert_eq!(searched.len(), 1);
    /// assert_eq!((searched[0].ply, searched[0].capture), (2, true)); // the cannon takes
    /// assert_eq!(searched[0].position.turn(), xiangqi::Color::Red);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn searched(&self) -> Result<Vec<Searched>, ReplayError> {
        if self.opening.checked_add(self.scores.len()) != Some(self.moves.len()) {
            return Err(ReplayError::Length {
                moves: self.moves.len(),
                opening: self.opening,
                scores: self.scores.len(),
            });
        }
        let mut pos = Position::new();
        let mut out = Vec::with_capacity(self.scores.len());
        for (ply, &m) in self.moves.iter().enumerate() {
            if let Some(&score) = ply
                .checked_sub(self.opening)
                .and_then(|i| self.scores.get(i))
            {
                out.push(Searched {
                    position: pos.clone(),
                    ply,
                    score,
                    best: m,
                    capture: pos.board().piece_at(m.to()).is_some(),
                });
            }
            pos.play(m)
                .map_err(|_| ReplayError::IllegalMove { ply, mv: m })?;
        }
        Ok(out)
    }

    /// The game's training records, in ply order: its searched positions
    /// that [`training_record`] keeps.
    ///
    /// ```
    /// use xiangqi::Score;
    /// use xiangqi_selfplay::{SelfPlayRecord, SelfPlayResult};
    ///
    /// let moves = ["h2e2", "h7e7", "e2e6", "e7e3"].map(|m| m.parse().unwrap()).to_vec();
    /// let game = SelfPlayRecord {
    ///     moves,
    ///     opening: 2,
    ///     scores: vec![Score::Cp(60), Score::Mate(-9)],
    ///     result: SelfPlayResult::RedWins,
    ///     last_move_played: false,
    /// };
    /// // A capture, then a mate score: no training position.
    /// assert!(game.records()?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn records(&self) -> Result<Vec<Record>, ReplayError> {
        Ok(self
            .searched()?
            .iter()
            .filter_map(|s| training_record(s, self.result))
            .collect())
    }
}
