//! [`Game::play_str`]: read a move in any notation and play it.

use super::{MoveError, ParseOptions};
use crate::base::Move;
use crate::game::{Game, GameError};

/// Why [`Game::play_str`] played nothing.
///
/// ```
/// use xiangqi::notation::{MoveError, PlayStrError};
/// use xiangqi::Game;
/// let mut game = Game::new();
/// assert!(matches!(game.play_str("炮二进十"), Err(PlayStrError::Parse(MoveError::Syntax(_)))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayStrError {
    /// The text names no legal move in the game's position.
    #[error(transparent)]
    Parse(#[from] MoveError),
    /// The game refused the move (it is over).
    #[error(transparent)]
    Play(#[from] GameError),
}

impl Game {
    /// Reads a move in any notation against the game's position
    /// ([`Position::parse_move`](crate::Position::parse_move)) and plays
    /// it ([`Game::play`]), returning the move.
    ///
    /// ```
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// for text in ["炮二平五", "马8进7", "H2+3", "i9h9"] {
    ///     game.play_str(text)?;
    /// }
    /// assert_eq!(game.ply(), 4);
    /// assert_eq!(game.moves().last().map(|m| m.to_string()), Some("i9h9".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_str(&mut self, text: &str) -> Result<Move, PlayStrError> {
        self.play_str_with(text, &ParseOptions::default())
    }

    /// [`Game::play_str`] under `options`.
    ///
    /// ```
    /// use xiangqi::notation::{MoveError, ParseOptions, PlayStrError};
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// let strict = ParseOptions::default().with_strict(true);
    /// let got = game.play_str_with("炮2平5", &strict);
    /// assert!(matches!(got, Err(PlayStrError::Parse(MoveError::WrongSideNumerals { .. }))));
    /// assert_eq!(game.ply(), 0);
    /// ```
    pub fn play_str_with(
        &mut self,
        text: &str,
        options: &ParseOptions,
    ) -> Result<Move, PlayStrError> {
        let m = self.position().parse_move_with(text, options)?;
        self.play(m)?;
        Ok(m)
    }
}
