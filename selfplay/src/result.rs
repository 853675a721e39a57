//! [`SelfPlayResult`]: the one result type of self-play games, from Red's
//! point of view.

use xiangqi::Color;

/// A game's result from Red's point of view.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_selfplay::data::{SelfPlayResult, Record};
///
/// // Black is mated: Red won, whoever is to move in the positions recorded.
/// let mated: Position = "R3k4/R8/9/9/9/9/9/9/9/3K5 b".parse()?;
/// let result = SelfPlayResult::from_winner(mated.outcome().unwrap().winner);
/// assert_eq!(result, SelfPlayResult::RedWins);
/// let rec = Record::new(&mated, 0, result, 40);
/// assert_eq!(rec.result().red_score(), 1.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SelfPlayResult {
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
    /// Red won.
    RedWins,
}

impl SelfPlayResult {
    /// The result's value for Red: 0, 0.5 or 1.
    ///
    /// ```
    /// use xiangqi_selfplay::SelfPlayResult;
    ///
    /// assert_eq!(SelfPlayResult::RedWins.red_score(), 1.0);
    /// assert_eq!(SelfPlayResult::Draw.red_score(), 0.5);
    /// assert_eq!(SelfPlayResult::BlackWins.red_score(), 0.0);
    /// ```
    pub fn red_score(self) -> f32 {
        match self {
            SelfPlayResult::BlackWins => 0.0,
            SelfPlayResult::Draw => 0.5,
            SelfPlayResult::RedWins => 1.0,
        }
    }

    /// The result of a game won by `winner` (`None`: a draw).
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_selfplay::SelfPlayResult;
    ///
    /// assert_eq!(SelfPlayResult::from_winner(Some(Color::Black)), SelfPlayResult::BlackWins);
    /// assert_eq!(SelfPlayResult::from_winner(Some(Color::Red)), SelfPlayResult::RedWins);
    /// assert_eq!(SelfPlayResult::from_winner(None), SelfPlayResult::Draw);
    /// ```
    pub fn from_winner(winner: Option<Color>) -> SelfPlayResult {
        match winner {
            Some(Color::Red) => SelfPlayResult::RedWins,
            Some(Color::Black) => SelfPlayResult::BlackWins,
            None => SelfPlayResult::Draw,
        }
    }

    /// The winner (`None`: a draw).
    ///
    /// ```
    /// use xiangqi::Color;
    /// use xiangqi_selfplay::SelfPlayResult;
    ///
    /// for winner in [Some(Color::Red), Some(Color::Black), None] {
    ///     assert_eq!(SelfPlayResult::from_winner(winner).winner(), winner);
    /// }
    /// ```
    pub fn winner(self) -> Option<Color> {
        match self {
            SelfPlayResult::RedWins => Some(Color::Red),
            SelfPlayResult::BlackWins => Some(Color::Black),
            SelfPlayResult::Draw => None,
        }
    }

    /// The record's result bits.
    pub(crate) fn code(self) -> u8 {
        match self {
            SelfPlayResult::BlackWins => 0,
            SelfPlayResult::Draw => 1,
            SelfPlayResult::RedWins => 2,
        }
    }
}

/// A finished game's result as PGN writes it (`1-0`, `0-1`, `1/2-1/2`).
///
/// ```
/// use xiangqi::pgn;
/// use xiangqi_selfplay::SelfPlayResult;
///
/// assert_eq!(pgn::GameResult::from(SelfPlayResult::RedWins).as_str(), "1-0");
/// assert_eq!(pgn::GameResult::from(SelfPlayResult::Draw), pgn::GameResult::Draw);
/// ```
impl From<SelfPlayResult> for xiangqi::pgn::GameResult {
    fn from(result: SelfPlayResult) -> xiangqi::pgn::GameResult {
        match result {
            SelfPlayResult::BlackWins => xiangqi::pgn::GameResult::BlackWins,
            SelfPlayResult::Draw => xiangqi::pgn::GameResult::Draw,
            SelfPlayResult::RedWins => xiangqi::pgn::GameResult::RedWins,
        }
    }
}
