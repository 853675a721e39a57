//! Conversions between [`GameRecord`] and [`Game`].

use super::{GameRecord, GameResult};
use crate::base::{Color, PlayError, Position};
use crate::game::{Game, Rules, Verdict};
use crate::records::notation::Notation;

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

/// A sentence without its leading result token: `"0-1 black wins by ..."`
/// gives `"black wins by ..."`.
fn without_result(sentence: &str, result: &str) -> String {
    sentence
        .strip_prefix(result)
        .unwrap_or(sentence)
        .trim_start()
        .to_string()
}

impl GameRecord {
    /// A record of a game: its start, its moves and its result
    /// ([`GameResult::of_game`]), with the tags a written record carries:
    /// `Result`; `SetUp "1"` and `FEN` for a start other than the standard
    /// one; and, for a finished game, `Termination`, the outcome in words
    /// (`black wins by red's perpetual check`, `draw by the move limit`).
    /// The verdict's whole sentence ([`Verdict`]'s `Display`, without the
    /// result token) is a comment after the move that ended the game, so
    /// the written PGN keeps the reason and its evidence.
    ///
    /// The record's moves are legal, but its fields are public: to write a
    /// game without a `Result` to handle, use [`CheckedRecord`] (or
    /// [`Game::to_pgn`]).
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
    /// assert_eq!(rec.tag("SetUp"), Some("1"));
    /// assert_eq!(rec.tag("FEN"), Some("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1"));
    /// assert_eq!(rec.tag("Termination"), None); // not finished
    /// assert_eq!(rec.to_game(game.rules().clone())?, game);
    ///
    /// // Red checks for ever and loses.
    /// for m in "d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split(' ') {
    ///     game.play(m.parse()?)?;
    /// }
    /// let rec = GameRecord::from_game(&game);
    /// assert_eq!(rec.result, GameResult::BlackWins);
    /// assert_eq!(rec.tag("Termination"), Some("black wins by red's perpetual check"));
    /// assert_eq!(
    ///     rec.comments,
    ///     vec![(8, "black wins by perpetual check: red made a check with every move \
    ///               (red chariot on e1) from ply 0 to ply 8 (the position occurred 3 times), \
    ///               black made idle moves".to_string())]
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_game(game: &Game) -> GameRecord {
        let result = GameResult::of_game(game);
        let start = game.start().clone();
        let mut tags = vec![("Result".to_string(), result.as_str().to_string())];
        if start != Position::new() {
            tags.push(("SetUp".to_string(), "1".to_string()));
            tags.push(("FEN".to_string(), start.to_string()));
        }
        let mut comments = Vec::new();
        if let Some(v) = game.outcome() {
            let outcome = v.outcome();
            tags.push((
                "Termination".to_string(),
                without_result(&outcome.to_string(), outcome.result()),
            ));
            comments.push((v.ply, without_result(&v.to_string(), v.result())));
        }
        GameRecord {
            tags,
            start,
            moves: game.moves().collect(),
            comments,
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

/// A record of a [`Game`]: the game has checked its moves, so writing it
/// cannot fail. Tags can be set and comments added; the moves, start and
/// result are the game's. For a record made by hand or read from a file,
/// [`CheckedRecord::try_from`] checks the moves once.
///
/// ```
/// use xiangqi::notation::Notation;
/// use xiangqi::pgn::CheckedRecord;
/// use xiangqi::Game;
/// let mut game = Game::new();
/// for m in "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9".split(' ') {
///     game.play(m.parse()?)?;
/// }
/// let pgn = CheckedRecord::from_game(&game)
///     .with_tag("Event", "Demo")
///     .with_tag("Red", "me")
///     .to_pgn(Notation::Iccs); // a String, no error to handle
/// assert!(pgn.starts_with("[Result \"1/2-1/2\"]\n[Termination \"draw by repetition\"]\n[Event \"Demo\"]\n"));
/// assert!(pgn.contains("4. g2h0 g7h9\n{draw by repetition: the position of ply 0"));
/// assert!(pgn.ends_with("black made idle moves}\n1/2-1/2\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedRecord {
    record: GameRecord,
}

impl CheckedRecord {
    /// The record of `game` ([`GameRecord::from_game`]).
    ///
    /// ```
    /// use xiangqi::pgn::CheckedRecord;
    /// use xiangqi::Game;
    /// assert_eq!(CheckedRecord::from_game(&Game::new()).record().moves.len(), 0);
    /// ```
    pub fn from_game(game: &Game) -> CheckedRecord {
        CheckedRecord {
            record: GameRecord::from_game(game),
        }
    }

    /// The record.
    ///
    /// ```
    /// use xiangqi::pgn::{CheckedRecord, GameResult};
    /// use xiangqi::Game;
    /// let rec = CheckedRecord::from_game(&Game::new());
    /// assert_eq!(rec.record().result, GameResult::Unknown);
    /// ```
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The record, to change as a hand-made one.
    ///
    /// ```
    /// use xiangqi::pgn::CheckedRecord;
    /// use xiangqi::Game;
    /// let mut rec = CheckedRecord::from_game(&Game::new()).into_record();
    /// rec.moves.push("h2e2".parse()?);
    /// assert!(rec.to_pgn(xiangqi::notation::Notation::Iccs).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_record(self) -> GameRecord {
        self.record
    }

    /// The value of the first tag named `name` ([`GameRecord::tag`]).
    ///
    /// ```
    /// use xiangqi::pgn::CheckedRecord;
    /// use xiangqi::Game;
    /// assert_eq!(CheckedRecord::from_game(&Game::new()).tag("Result"), Some("*"));
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.record.tag(name)
    }

    /// Sets a tag ([`GameRecord::set_tag`]). A `FEN` or `Result` tag is
    /// written as the game's start and result say, whatever it is set to.
    ///
    /// ```
    /// use xiangqi::pgn::CheckedRecord;
    /// use xiangqi::Game;
    /// let mut rec = CheckedRecord::from_game(&Game::new());
    /// rec.set_tag("Site", "Beijing");
    /// assert_eq!(rec.tag("Site"), Some("Beijing"));
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) {
        self.record.set_tag(name, value);
    }

    /// This record with a tag set ([`CheckedRecord::set_tag`]).
    ///
    /// ```
    /// use xiangqi::pgn::CheckedRecord;
    /// use xiangqi::Game;
    /// let rec = CheckedRecord::from_game(&Game::new()).with_tag("Black", "you");
    /// assert_eq!(rec.tag("Black"), Some("you"));
    /// ```
    #[must_use]
    pub fn with_tag(mut self, name: &str, value: &str) -> CheckedRecord {
        self.set_tag(name, value);
        self
    }

    /// Adds a comment after `ply` moves (0: before the first move); a ply
    /// past the last move comments the last move.
    ///
    /// ```
    /// use xiangqi::notation::Notation;
    /// use xiangqi::pgn::CheckedRecord;
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// let mut rec = CheckedRecord::from_game(&game);
    /// rec.add_comment(1, "the central cannon");
    /// assert!(rec.to_pgn(Notation::Iccs).contains("1. h2e2 {the central cannon} *"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_comment(&mut self, ply: usize, text: &str) {
        let ply = ply.min(self.record.moves.len());
        self.record.comments.push((ply, text.to_string()));
    }

    /// Writes the record as PGN with moves in `notation`
    /// ([`GameRecord::to_pgn`], which cannot fail here).
    ///
    /// ```
    /// use xiangqi::notation::{ChineseScript, Notation};
    /// use xiangqi::pgn::{CheckedRecord, GameRecord, ReadOptions};
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// let rec = CheckedRecord::from_game(&game);
    /// let pgn = rec.to_pgn(Notation::Chinese(ChineseScript::Simplified));
    /// assert_eq!(pgn, "[Result \"*\"]\n\n1. 炮二平五 *\n");
    /// assert_eq!(&GameRecord::from_pgn(&pgn, &ReadOptions::default())?, rec.record());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_pgn(&self, notation: Notation) -> String {
        let mut out = String::with_capacity(256 + 8 * self.record.moves.len());
        // The moves are legal, so the lossy writer never loses anything
        // and never fails.
        let _ = self.record.write_into(notation, &mut out, true);
        out
    }
}

impl From<&Game> for CheckedRecord {
    /// [`CheckedRecord::from_game`].
    fn from(game: &Game) -> CheckedRecord {
        CheckedRecord::from_game(game)
    }
}

impl From<CheckedRecord> for GameRecord {
    /// [`CheckedRecord::into_record`].
    fn from(rec: CheckedRecord) -> GameRecord {
        rec.record
    }
}

impl TryFrom<GameRecord> for CheckedRecord {
    type Error = PlayError;

    /// Checks a hand-made or read record: every move must be legal from its
    /// start, in turn. The tags, comments and result are kept as they are.
    ///
    /// ```
    /// use xiangqi::pgn::{CheckedRecord, GameRecord};
    /// let mut rec = GameRecord::default();
    /// rec.moves.push("h2e2".parse()?);
    /// assert!(CheckedRecord::try_from(rec.clone()).is_ok());
    /// rec.moves.push("h2e2".parse()?); // no piece on h2 any more
    /// assert!(CheckedRecord::try_from(rec).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(record: GameRecord) -> Result<CheckedRecord, PlayError> {
        record.end()?;
        Ok(CheckedRecord { record })
    }
}

impl Game {
    /// This game as PGN, moves in `notation`: its start, moves, result and
    /// verdict ([`GameRecord::from_game`]). It cannot fail; to add tags,
    /// use [`CheckedRecord`].
    ///
    /// ```
    /// use xiangqi::notation::Notation;
    /// use xiangqi::{Game, Position};
    /// let start: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse()?;
    /// let mut game = Game::from_position(start);
    /// for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split(' ') {
    ///     game.play(m.parse()?)?;
    /// }
    /// let pgn = game.to_pgn(Notation::Iccs);
    /// assert!(pgn.starts_with(
    ///     "[Result \"0-1\"]\n[SetUp \"1\"]\n[FEN \"3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1\"]\n\
    ///      [Termination \"black wins by red's perpetual check\"]\n"
    /// ));
    /// assert!(pgn.contains("4. d1e1 e9d9\n{black wins by perpetual check: red made a check"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_pgn(&self, notation: Notation) -> String {
        CheckedRecord::from_game(self).to_pgn(notation)
    }
}
