//! serde support for [`Game`] (feature `serde`): the start position as FEN,
//! the moves in ICCS and the [`Rules`].
//!
//! ```
//! use xiangqi::Game;
//! let mut game = Game::new();
//! game.play("h2e2".parse()?)?;
//! let json = serde_json::to_string(&game)?;
//! assert!(json.starts_with(r#"{"start":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":["h2e2"]"#));
//! let back: Game = serde_json::from_str(&json)?;
//! assert_eq!(back.position(), game.position());
//! // An illegal move is an error, never a half-built game.
//! assert!(serde_json::from_str::<Game>(r#"{"start":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w","moves":["e0e2"]}"#).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::base::{Move, Position, Setup, Validation};
use crate::game::{Game, Rules};

#[derive(Serialize)]
struct GameOut<'a> {
    start: &'a Position,
    moves: Vec<Move>,
    rules: &'a Rules,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameIn {
    /// FEN; validated leniently, so studies read back.
    start: String,
    #[serde(default)]
    moves: Vec<Move>,
    #[serde(default)]
    rules: Rules,
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameOut {
            start: self.start(),
            moves: self.moves().collect(),
            rules: self.rules(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Game {
    /// Replays the moves (play may go on past a verdict, as
    /// [`Game::play_on`] allows); an illegal move is an error.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let raw = GameIn::deserialize(d)?;
        let setup: Setup = raw.start.parse().map_err(D::Error::custom)?;
        // Lenient: a study written from a leniently validated position
        // reads back; counts, palaces and checks are still enforced.
        let start = Position::from_setup(setup, Validation::Lenient).map_err(D::Error::custom)?;
        let mut game = Game::with_rules(start, raw.rules);
        for (i, m) in raw.moves.into_iter().enumerate() {
            game.play_on(m)
                .map_err(|e| D::Error::custom(format_args!("move {}: {e}", i + 1)))?;
        }
        Ok(game)
    }
}
