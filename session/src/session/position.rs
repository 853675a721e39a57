//! The game a session searches: setting it (from a FEN and moves, or a
//! [`Game`]), dropping it, the banned root moves, a new game.

use xiangqi::notation::{CoordinateMove, MoveError, ParseNotationError, UciMove, parse_uci};
use xiangqi::{Game, Move, Position, Rules, Setup, Validation};

use crate::error::SetPositionError;

use super::Session;

impl Session {
    /// The game to search, or `None` after a refused position.
    ///
    /// ```
    /// use xiangqi_session::Session;
    ///
    /// let mut s = Session::new();
    /// assert!(s.set_position(Some("not a fen"), &[]).is_err());
    /// assert!(s.game().is_none());
    /// ```
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Sets the game to search: from `fen` (`None`: the start position)
    /// with `moves` played (ICCS coordinates, ranks as `Move Ranks` says),
    /// under the session's rules. Composed positions are accepted
    /// ([`Validation::Lenient`]: a soldier on its own back rank, an
    /// elephant off its points). A refused position leaves the session
    /// with **no** position, so that no search answers for a position the
    /// caller never set; banned moves are cleared either way.
    ///
    /// ```
    /// use xiangqi_session::{SetPositionError, Session};
    ///
    /// let mut s = Session::new();
    /// // A composed study: a black soldier on Black's own back rank (rank 9).
    /// s.set_position(Some("3k1p3/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1"), &[])?;
    /// assert!(s.game().is_some());
    /// let err = s.set_position(None, &["h2e2", "h2e2"]).unwrap_err();
    /// assert!(matches!(err, SetPositionError::Move { number: 2, .. }));
    /// assert!(s.game().is_none());
    /// # Ok::<(), SetPositionError>(())
    /// ```
    pub fn set_position(
        &mut self,
        fen: Option<&str>,
        moves: &[&str],
    ) -> Result<(), SetPositionError> {
        self.banned.clear();
        self.game = None;
        let start = match fen {
            None => Position::new(),
            Some(fen) => fen
                .parse::<Setup>()
                .map_err(|e| e.to_string())
                .and_then(|setup| {
                    Position::from_setup(setup, Validation::Lenient).map_err(|e| e.to_string())
                })
                .map_err(SetPositionError::Fen)?,
        };
        let mut game = Game::with_rules(start, self.rules.clone());
        for (i, text) in moves.iter().enumerate() {
            let bad = |reason: String| SetPositionError::Move {
                number: i + 1,
                text: text.to_string(),
                reason,
            };
            let m = match parse_uci(game.position(), text, self.ranks) {
                Ok(UciMove::Move(m)) => m,
                Ok(UciMove::Null) => return Err(bad("null move".to_string())),
                // Well formed but not legal: the library's reason (the
                // horse's leg is blocked, no piece there, ...).
                Err(ParseNotationError::Illegal) => {
                    let why = CoordinateMove::parse_uci(text, self.ranks)
                        .map_err(MoveError::from)
                        .and_then(|c| c.resolve(game.position()));
                    return Err(bad(why.err().map_or_else(
                        || ParseNotationError::Illegal.to_string(),
                        |e| e.to_string(),
                    )));
                }
                Err(e) => return Err(bad(e.to_string())),
            };
            game.play_on(m).map_err(|e| bad(e.to_string()))?;
        }
        self.game = Some(game);
        Ok(())
    }

    /// Drops the position: what a front end does with a `position` it
    /// could not even read, so that the next search is refused rather than
    /// answered for the position before.
    ///
    /// ```
    /// use xiangqi_session::Session;
    ///
    /// let mut s = Session::new();
    /// s.clear_position();
    /// assert!(s.game().is_none());
    /// ```
    pub fn clear_position(&mut self) {
        self.game = None;
        self.banned.clear();
    }

    /// Sets the game to search to `game`, played on under the session's
    /// rules (its start position and moves are kept).
    ///
    /// ```
    /// use xiangqi::Game;
    /// use xiangqi_session::Session;
    ///
    /// let mut game = Game::new();
    /// game.play("h2e2".parse().unwrap()).unwrap();
    /// let mut s = Session::new();
    /// s.set_game(&game);
    /// assert_eq!(s.game().unwrap().ply(), 1);
    /// ```
    pub fn set_game(&mut self, game: &Game) {
        self.banned.clear();
        self.game = Some(replay(game, &self.rules));
    }

    /// Root moves the next searches leave out (UCCI `banmoves`), until the
    /// next position; moves not legal here are refused, whole.
    ///
    /// ```
    /// use xiangqi::Move;
    /// use xiangqi_session::Session;
    ///
    /// let mut s = Session::new();
    /// let m: Move = "h2e2".parse().unwrap();
    /// s.set_banned(vec![m]).unwrap();
    /// assert!(s.set_banned(vec!["a0a5".parse().unwrap()]).is_err());
    /// ```
    pub fn set_banned(&mut self, moves: Vec<Move>) -> Result<(), Move> {
        if let Some(game) = &self.game {
            if let Some(&bad) = moves.iter().find(|&&m| !game.position().is_legal(m)) {
                return Err(bad);
            }
        }
        self.banned = moves;
        Ok(())
    }

    /// The root moves the next searches leave out.
    ///
    /// ```
    /// assert!(xiangqi_session::Session::new().banned().is_empty());
    /// ```
    pub fn banned(&self) -> &[Move] {
        &self.banned
    }

    /// A new game: the start position, and the table cleared at the next
    /// search.
    ///
    /// ```
    /// use xiangqi_session::Session;
    ///
    /// let mut s = Session::new();
    /// s.set_position(None, &["h2e2"]).unwrap();
    /// s.new_game();
    /// assert_eq!(s.game().unwrap().ply(), 0);
    /// ```
    pub fn new_game(&mut self) {
        self.game = Some(Game::with_rules(Position::new(), self.rules.clone()));
        self.banned.clear();
        self.clear_pending = true;
    }
}

/// `game`'s moves played again from its start under `rules`. Each was
/// legal in `game`, so each is legal here; under other rules one may end
/// the game earlier (a shorter move limit, say), which a search then sees.
pub(super) fn replay(game: &Game, rules: &Rules) -> Game {
    let mut ours = Game::with_rules(game.start().clone(), rules.clone());
    for m in game.moves() {
        let _ = ours.play_on(m);
    }
    ours
}
