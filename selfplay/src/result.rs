//! [`GameResult`]: the one result type of self-play games, from Red's
//! point of view.

use xiangqi::Color;

/// A game's result from Red's point of view.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_selfplay::data::{GameResult, Record};
///
/// // Black is mated: Red won, whoever is to move in the positions recorded.
/// let mated: Position = "R3k4/R8/9/9/9/9/9/9/9/3K5 b".parse()?;
/// let result = GameResult::from_winner(mated.outcome().unwrap().winner);
/// assert_eq!(result, GameResult::RedWins);
/// let rec = Record::new(&mated, 0, result, 40);
/// assert_eq!(rec.result().red_score(), 1.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
    /// Red won.
    RedWins,
}

impl GameResult {
    /// The result's value for Red: 0, 0.5 or 1.
    ///
    /// ```
    /// use xiangqi_selfplay::GameResult;
    ///
    /// assert_eq!(GameResult::RedWins.red_score(), 1.0);
    /// assert_eq!(GameResult::Draw.red_score(), 0.5);
    /// assert_eq!(GameResult::BlackWins.red_score(), 0.0);
    /// ```
    pub fn red_score(self) -> f32 {
        match self {
            GameResult::BlackWins => 0.0,
            GameResult::Draw => 0.5,
            GameResult::RedWins => 1.0,
        }
    }

    /// The result of a game won by `winner` (`None`: a draw).
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_selfplay::GameResult;
    ///
    /// assert_eq!(GameResult::from_winner(Some(Color::Black)), GameResult::BlackWins);
    /// assert_eq!(GameResult::from_winner(Some(Color::Red)), GameResult::RedWins);
    /// assert_eq!(GameResult::from_winner(None), GameResult::Draw);
    /// ```
    pub fn from_winner(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::Red) => GameResult::RedWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }

    /// The winner (`None`: a draw).
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_selfplay::GameResult;
    ///
    /// for winner in [Some(Color::Red), Some(Color::Black), None] {
    ///     assert_eq!(GameResult::from_winner(winner).winner(), winner);
    /// }
    /// ```
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::RedWins => Some(Color::Red),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// The record's result bits.
    pub(crate) fn code(self) -> u8 {
        match self {
            GameResult::BlackWins => 0,
            GameResult::Draw => 1,
            GameResult::RedWins => 2,
        }
    }
}

/// A finished game's result as PGN writes it (`1-0`, `0-1`, `1/2-1/2`).
///
/// ```
/// use xiangqi::pgn;
/// use xiangqi_selfplay::GameResult;
///
/// assert_eq!(pgn::GameResult::from(GameResult::RedWins).as_str(), "1-0");
/// assert_eq!(pgn::GameResult::from(GameResult::Draw), pgn::GameResult::Draw);
/// ```
impl From<GameResult> for xiangqi::pgn::GameResult {
    fn from(result: GameResult) -> xiangqi::pgn::GameResult {
        match result {
            GameResult::BlackWins => xiangqi::pgn::GameResult::BlackWins,
            GameResult::Draw => xiangqi::pgn::GameResult::Draw,
            GameResult::RedWins => xiangqi::pgn::GameResult::RedWins,
        }
    }
}
