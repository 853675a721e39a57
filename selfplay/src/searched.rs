//! [`Searched`]: one searched position of a self-play game, and the one
//! rule that makes a training record of it ([`training_record`]).

use xiangqi::{Move, Position, Score};

use crate::data::Record;
use crate::result::SelfPlayResult;

/// One searched position of a self-play game.
///
/// ```
/// use xiangqi::{Color, Game, MaterialPst, Position, Score, Searcher};
/// use xiangqi_selfplay::{Searched, play_game};
///
/// // Red mates in one (b7b9): the game has one searched position.
/// let start: Position = "4k4/R8/1R7/9/9/9/9/9/9/3K5 w".parse()?;
/// let mut searcher = Searcher::new(MaterialPst::default());
/// let (searched, winner) = play_game(&mut Game::from_position(start.clone()), &mut searcher, 200);
/// assert_eq!((searched.len(), winner), (1, Some(Color::Red)));
/// let first: &Searched = &searched[0];
/// assert_eq!((first.ply, first.score, first.capture), (0, Score::Mate(1), false));
/// assert_eq!((&first.position, first.best), (&start, "b7b9".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// The position searched.
    pub position: Position,
    /// The game's ply at this position.
    pub ply: usize,
    /// The search's score, side to move's view.
    pub score: Score,
    /// The search's best move (played, unless the game ended here by the
    /// searches' agreement).
    pub best: Move,
    /// Whether the best move captures.
    pub capture: bool,
}

/// The training record of a searched position of a game that ended in
/// `result`, if it is one: quiet positions only (not in check, the best
/// move no capture, the score no mate), with the search score (side to
/// move's view) and the game's ply. The one rule that decides which
/// positions [`play_chunk`](crate::play_chunk) keeps, and which a [`SelfPlayRecord`](crate::SelfPlayRecord) gives back.
///
/// ```
/// use xiangqi::{Position, Score};
/// use xiangqi_selfplay::{SelfPlayResult, Searched, training_record};
///
/// let mut s = Searched {
///     position: Position::new(),
///     ply: 0,
///     score: Score::Cp(30),
///     best: "h2e2".parse()?,
///     capture: false,
/// };
/// let rec = training_record(&s, SelfPlayResult::Draw).expect("a quiet position");
/// assert_eq!((rec.score(), rec.result()), (30, SelfPlayResult::Draw));
/// s.score = Score::Mate(5);
/// assert_eq!(training_record(&s, SelfPlayResult::Draw), None); // a mate score
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn training_record(s: &Searched, result: SelfPlayResult) -> Option<Record> {
    match s.score {
        Score::Cp(cp) if !s.capture && !s.position.is_check() => {
            Some(Record::new(&s.position, cp, result, s.ply))
        }
        _ => None,
    }
}
