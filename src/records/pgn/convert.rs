//! Conversions between [`GameRecord`] and [`Game`].

use super::{GameRecord, GameResult};
use crate::base::{Color, PlayError, Position};
use crate::game::{Game, Rules, Verdict};

impl From<&Verdict> for GameResult {
    /// The result a verdict gives: the winner's, or a draw.
    ///
    /// ```
    /// use xiangqi::pgn::GameResult;
    /// use xiangqi::{Game, Position};
    /// let mated: Position = "R3k4/R8/9/9/9/9/9/9/9/3K5 b".parse()?;
    /// let game = Game::from_position(mated);
    /// assert_eq!(GameResult::from(game.outcome().unwrap()), GameResult::RedWins);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from(v: &Verdict) -> GameResult {
        match v.winner {
            Some(Color::Red) => GameResult::RedWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }
}

impl GameResult {
    /// The result of a game as it stands: its verdict's, or
    /// [`GameResult::Unknown`] while it goes on.
    ///
    /// ```
    /// use xiangqi::pgn::GameResult;
    /// use xiangqi::Game;
    /// assert_eq!(GameResult::of_game(&Game::new()), GameResult::Unknown);
    /// ```
    pub fn of_game(game: &Game) -> GameResult {
        game.outcome().map_or(GameResult::Unknown, GameResult::from)
    }
}

impl GameRecord {
    /// A record of a game: its start, its moves and its result
    /// ([`GameResult::of_game`]), with the tags a written record carries:
    /// `Result`, and `FEN` for a start other than the standard one.
    ///
    /// ```
    /// use xiangqi::pgn::{GameRecord, GameResult};
    /// use xiangqi::{Game, Position};
    /// let start: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse()?;
    /// let mut game = Game::from_position(start);
    /// game.play("e1d1".parse()?)?;
    /// let rec = GameRecord::from_game(&game);
    /// assert_eq!(rec.moves, vec!["e1d1".parse()?]);
    /// assert_eq!(rec.result, GameResult::Unknown);
    /// assert_eq!(rec.tag("FEN"), Some("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1"));
    /// assert_eq!(rec.to_game(game.rules().clone())?, game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_game(game: &Game) -> GameRecord {
        let result = GameResult::of_game(game);
        let start = game.start().clone();
        let mut tags = vec![("Result".to_string(), result.as_str().to_string())];
        if start != Position::new() {
            tags.push(("FEN".to_string(), start.to_string()));
        }
        GameRecord {
            tags,
            start,
            moves: game.moves().collect(),
            comments: Vec::new(),
            variations: Vec::new(),
            nags: Vec::new(),
            result,
        }
    }

    /// The game of this record under `rules`: its start and its moves.
    /// Moves made after a verdict are replayed ([`Game::play_on`]); the
    /// first illegal move is an error. Tags, comments and the recorded
    /// result are not part of a [`Game`]: the game judges for itself.
    ///
    /// ```
    /// use xiangqi::pgn::{GameRecord, ReadOptions};
    /// use xiangqi::{EndReason, Rules};
    /// let text = "1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. g2h0 g7h9 1/2-1/2";
    /// let rec = GameRecord::from_pgn(text, &ReadOptions::default())?;
    /// let game = rec.to_game(Rules::default())?;
    /// assert_eq!(game.outcome().unwrap().reason, EndReason::Repetition);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_game(&self, rules: Rules) -> Result<Game, PlayError> {
        let mut game = Game::with_rules(self.start.clone(), rules);
        for &m in &self.moves {
            game.play_on(m)?;
        }
        Ok(game)
    }
}

impl From<&Game> for GameRecord {
    /// [`GameRecord::from_game`].
    fn from(game: &Game) -> GameRecord {
        GameRecord::from_game(game)
    }
}

impl TryFrom<&GameRecord> for Game {
    type Error = PlayError;

    /// [`GameRecord::to_game`] under the default [`Rules`].
    fn try_from(rec: &GameRecord) -> Result<Game, PlayError> {
        rec.to_game(Rules::default())
    }
}
