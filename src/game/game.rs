//! [`Game`]: a start position plus moves, with undo and adjudication.

use crate::core::{Bitboard, Color, EndReason, Move, Piece, PlayError, Position};
use crate::engine::HistoryEntry;
use crate::game::verdict::Verdict;
use crate::game::{Rules, chase, is_insufficient_material, repetition};

/// One ply of a [`Game`]: the move and what it did.
///
/// ```
/// use xiangqi::{Game, Square};
/// let mut game = Game::new();
/// game.play("h2e2".parse()?)?; // central cannon
/// let rec = &game.records()[0];
/// assert_eq!(rec.mv.to_string(), "h2e2");
/// assert_eq!(rec.captured, None);
/// assert_eq!(rec.hash, game.position().hash());
/// assert!(rec.checkers.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PlyRecord {
    /// The move played.
    pub mv: Move,
    /// The piece that moved.
    pub piece: Piece,
    /// The piece it captured, if any.
    pub captured: Option<Piece>,
    /// The hash of the position after the move.
    pub hash: u64,
    /// The mover's pieces giving check after the move.
    pub checkers: Bitboard,
    /// The opponent's pieces newly chased by the move (see the `chase`
    /// rules on [`Game`]); empty if chase detection is off, or if the move
    /// gives check (unless [`Rules::checks_also_chase`]).
    pub chased: Bitboard,
    /// The mover's pieces making those new chases.
    pub chasers: Bitboard,
}

/// Why [`Game::play`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// The move is not legal in the current position.
    #[error(transparent)]
    Illegal(#[from] PlayError),
    /// The game is already over.
    #[error("the game is over: {0}")]
    Over(Box<Verdict>),
}

/// Counters for the move limit, after a ply.
#[derive(Copy, Clone, Debug, Default)]
struct Limit {
    /// Plies counted toward the move limit.
    counted: u32,
    /// Checks given by each side since the last capture.
    checks: [u32; 2],
    /// Whether this ply was a check beyond the cap.
    excess: bool,
}

/// A position of the game with what is known about it.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub(crate) pos: Position,
    /// Plies since the last capture in this game (the repetition window).
    pub(crate) reversible: usize,
    limit: Limit,
    verdict: Option<Verdict>,
}

/// A game: a start position and the moves played from it, with undo
/// (悔棋) and adjudication of every rule that needs the history.
///
/// After every move the game is adjudicated, in this order (the same as
/// Fairy-Stockfish's):
///
/// 1. the side to move has no legal move: it loses (checkmate or stalemate);
/// 2. insufficient material (see [`is_insufficient_material`]): draw;
/// 3. the move limit (see [`Rules`]): draw;
/// 4. repetition: when the current position has occurred
///    [`Rules::repetition_count`] times (3 by default) since the last
///    capture, the cycle from its first to its last occurrence is judged by
///    the Asian rules: a side that gave check with every one of its moves in
///    the cycle loses if the other did not (both: draw); otherwise a side
///    that chased the same piece with every move loses if the other did not
///    (both: draw); anything else (idle moves, alternating a check and a
///    chase, chasing different pieces in turn) is a draw. A chase is an
///    attack created by the move that could be carried out legally, on an
///    unprotected piece, or on a chariot by a horse or cannon, or on a
///    chariot, horse or cannon by an advisor or elephant; generals and
///    soldiers never chase, generals and soldiers that have not crossed the
///    river are never chased, two pieces of the same kind attacking each
///    other do not chase unless the reverse capture is impossible, and a
///    protector counts only if it could legally recapture. A checking move
///    is a check, not a chase (unless [`Rules::checks_also_chase`]). Only
///    new chases count: an attacker chasing a target after the move that
///    did not chase it before (so a chase is also created by uncovering an
///    attacker, by taking a protector away, blocking or pinning it, or by
///    unpinning the chaser), the moved piece keeping its identity.
///
/// Memory is one position and one record per ply; the repetition scan looks
/// only at the plies since the last capture.
///
/// **Differences from the engines.** Checked against pyffish
/// (Fairy-Stockfish) in `tests/game_verdicts.rs`; where the verdicts differ
/// it is on purpose:
///
/// * a piece that cannot legally capture (pinned, or held by the flying
///   general) does not chase; Fairy-Stockfish ignores the chaser's pins;
/// * a chase created by taking a protector away (moving its screen,
///   blocking it, pinning it) counts; Fairy-Stockfish sees only some of
///   these, so it may miss a mutual chase or a chase behind a pin;
/// * a checking move is not a chase, so alternating a check and a chase is
///   a draw; Fairy-Stockfish counts the chase made by a checking move (set
///   [`Rules::checks_also_chase`] for that);
/// * Pikafish rules any cycle containing a check (that is not a perpetual
///   check) a draw; here a side that chases with every move still loses if
///   the other side only checks now and then.
///
/// ```
/// use xiangqi::{Color, EndReason, Game, Position};
/// // Red's chariot checks from d1 and e1 for ever; Black's general shuffles.
/// let start: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse()?;
/// let mut game = Game::from_position(start);
/// for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split(' ') {
///     game.play(m.parse()?)?;
/// }
/// let verdict = game.outcome().unwrap();
/// assert_eq!(verdict.winner, Some(Color::Black));
/// assert_eq!(verdict.reason, EndReason::PerpetualCheck);
/// assert_eq!(verdict.cycle.as_ref().map(|c| (c.first_ply, c.last_ply)), Some((0, 8)));
/// assert!(game.play("e1d1".parse()?).is_err()); // the game is over
/// game.undo();
/// assert!(game.outcome().is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    nodes: Vec<Node>,
    records: Vec<PlyRecord>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard start position under the default [`Rules`].
    ///
    /// ```
    /// use xiangqi::Game;
    /// let game = Game::new();
    /// assert_eq!(game.ply(), 0);
    /// assert!(game.outcome().is_none());
    /// ```
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from `start` under the default [`Rules`]. The FEN halfmove
    /// clock of `start` counts toward the move limit.
    ///
    /// ```
    /// use xiangqi::{Game, Position};
    /// let start: Position = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 5 20".parse()?;
    /// assert_eq!(Game::from_position(start).limit_plies(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_position(start: Position) -> Game {
        Game::with_rules(start, Rules::default())
    }

    /// A game from `start` under `rules`.
    ///
    /// ```
    /// use xiangqi::{Game, Position, Rules};
    /// let game = Game::with_rules(Position::new(), Rules::new().with_move_limit(Some(50)));
    /// assert_eq!(game.rules().move_limit, Some(50));
    /// ```
    pub fn with_rules(start: Position, rules: Rules) -> Game {
        let limit = Limit {
            counted: start.halfmoves(),
            ..Limit::default()
        };
        let mut game = Game {
            rules,
            nodes: vec![Node {
                pos: start,
                reversible: 0,
                limit,
                verdict: None,
            }],
            records: Vec::new(),
        };
        game.nodes[0].verdict = game.judge();
        game
    }

    /// The rules this game is adjudicated by.
    ///
    /// ```
    /// use xiangqi::{Game, Rules};
    /// assert_eq!(Game::new().rules(), &Rules::default());
    /// ```
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The start position.
    ///
    /// ```
    /// use xiangqi::{Game, Position};
    /// assert_eq!(Game::new().start(), &Position::new());
    /// ```
    pub fn start(&self) -> &Position {
        &self.nodes[0].pos
    }

    /// The current position.
    ///
    /// ```
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// assert_eq!(game.position().fullmoves(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self) -> &Position {
        &self.last().pos
    }

    /// The position at `ply` (0 is the start), if the game is that long.
    ///
    /// ```
    /// use xiangqi::{Game, Position};
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// assert_eq!(game.position_at(0), Some(&Position::new()));
    /// assert!(game.position_at(2).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.nodes.get(ply).map(|n| &n.pos)
    }

    /// The number of plies played.
    ///
    /// ```
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// assert_eq!(game.ply(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ply(&self) -> usize {
        self.records.len()
    }

    /// The moves played, in order.
    ///
    /// ```
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// game.play("h9g7".parse()?)?;
    /// let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
    /// assert_eq!(moves, ["h2e2", "h9g7"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.records.iter().map(|r| r.mv)
    }

    /// One record per ply played.
    ///
    /// ```
    /// use xiangqi::{Game, Role};
    /// let mut game = Game::new();
    /// game.play("h2h9".parse()?)?; // cannon takes horse
    /// assert_eq!(game.records()[0].captured.map(|p| p.role), Some(Role::Horse));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn records(&self) -> &[PlyRecord] {
        &self.records
    }

    /// Plies counted toward the move limit in the current position (plies
    /// since the last capture, less the checks beyond [`Rules::check_cap`]).
    ///
    /// ```
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// assert_eq!(game.limit_plies(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn limit_plies(&self) -> u32 {
        self.last().limit.counted
    }

    /// How the game ended, or `None` while it goes on.
    ///
    /// ```
    /// use xiangqi::{EndReason, Game, Position};
    /// let bare: Position = "3k5/9/9/9/9/9/9/9/9/4K4 w".parse()?;
    /// let verdict = Game::from_position(bare).outcome().cloned().unwrap();
    /// assert_eq!(verdict.reason, EndReason::InsufficientMaterial);
    /// assert_eq!(verdict.result(), "1/2-1/2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<&Verdict> {
        self.last().verdict.as_ref()
    }

    /// The game as the search takes it: one [`HistoryEntry`] per position,
    /// the start first and the current position last, for
    /// [`Searcher::search`](crate::Searcher::search).
    ///
    /// ```
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// let history = game.search_history();
    /// assert_eq!(history.len(), 2);
    /// assert_eq!(history[1].hash, game.position().hash());
    /// assert_eq!(history[1].last_move, Some("h2e2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search_history(&self) -> Vec<HistoryEntry> {
        self.nodes
            .iter()
            .enumerate()
            .map(|(i, n)| HistoryEntry::new(&n.pos, i.checked_sub(1).map(|k| self.records[k].mv)))
            .collect()
    }

    /// The side that chases with every move of `cycle`, a sequence of moves
    /// from `start` that comes back to `start`, while the other side does
    /// not (so it loses under the Asian rules); `None` if neither or both
    /// chase, if a side checks with every move (perpetual check is judged
    /// first), or if `cycle` is not a legal cycle. This is the game's chase
    /// detection in the shape the search wants
    /// ([`ChaseDetector`](crate::ChaseDetector)); the default
    /// [`Searcher`](crate::Searcher) uses it.
    ///
    /// ```
    /// use xiangqi::{Color, Game, Move, Position};
    /// // Red's horse chases the black chariot, which flees back and forth.
    /// let start: Position = "5k3/9/9/9/4r4/9/N8/9/9/3K5 w".parse()?;
    /// let cycle: Vec<Move> = ["a3c4", "e5b5", "c4a3", "b5e5"]
    ///     .iter()
    ///     .map(|m| m.parse())
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(Game::perpetual_chaser(&start, &cycle), Some(Color::Red));
    /// assert_eq!(Game::perpetual_chaser(&start, &[]), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn perpetual_chaser(start: &Position, cycle: &[Move]) -> Option<Color> {
        let rules = Rules::new()
            .with_repetition_count(2)
            .with_move_limit(None)
            .with_insufficient_material(false);
        let mut game = Game::with_rules(start.clone(), rules);
        for &m in cycle {
            game.play_on(m).ok()?;
        }
        match game.outcome() {
            Some(v) if v.reason == EndReason::PerpetualChase => v.winner.map(|w| !w),
            _ => None,
        }
    }

    /// The verdict reached at `ply` (0 is the start), if the game ended
    /// there; `None` past the end.
    ///
    /// ```
    /// use xiangqi::Game;
    /// assert!(Game::new().verdict_at(0).is_none());
    /// ```
    pub fn verdict_at(&self, ply: usize) -> Option<&Verdict> {
        self.nodes.get(ply).and_then(|n| n.verdict.as_ref())
    }

    /// Plays `m` if the game is not over and `m` is legal, returning the
    /// captured piece; otherwise returns an error and changes nothing.
    ///
    /// ```
    /// use xiangqi::{Game, GameError};
    /// let mut game = Game::new();
    /// assert_eq!(game.play("h2e2".parse()?)?, None);
    /// assert!(matches!(game.play("h2e2".parse()?), Err(GameError::Illegal(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<Option<Piece>, GameError> {
        if let Some(v) = &self.last().verdict {
            return Err(GameError::Over(Box::new(v.clone())));
        }
        self.play_on(m).map_err(GameError::Illegal)
    }

    /// Plays the legal move `m` even if the game is already over (for
    /// replaying a record in which play went on after a verdict, as a UCI
    /// `position ... moves ...` list may). Each ply is judged on its own, so
    /// [`Game::outcome`] then reports the verdict of the new last ply, if
    /// any; earlier verdicts stay available through [`Game::verdict_at`].
    ///
    /// ```
    /// use xiangqi::{Game, Position};
    /// let start: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse()?;
    /// let mut game = Game::from_position(start);
    /// for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split(' ') {
    ///     game.play(m.parse()?)?;
    /// }
    /// assert!(game.outcome().is_some());
    /// game.play_on("e1e2".parse()?)?;
    /// assert!(game.outcome().is_none());
    /// assert!(game.verdict_at(8).is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_on(&mut self, m: Move) -> Result<Option<Piece>, PlayError> {
        let node = self.last();
        let before = &node.pos;
        let piece = match before.board.piece_at(m.from()) {
            Some(p) if before.is_legal(m) => p,
            _ => {
                return Err(PlayError {
                    mv: m,
                    fen: before.to_string(),
                });
            }
        };
        let mut pos = before.clone();
        let captured = pos.play_unchecked(m);
        let (chased, chasers) = if self.rules.chase_detection {
            chase::new_chases(before, &pos, m, self.rules.checks_also_chase)
        } else {
            (Bitboard::EMPTY, Bitboard::EMPTY)
        };
        let mover = before.turn;
        let limit = self.next_limit(node.limit, mover, captured.is_some(), pos.is_check());
        let reversible = if captured.is_some() {
            0
        } else {
            node.reversible + 1
        };
        self.records.push(PlyRecord {
            mv: m,
            piece,
            captured,
            hash: pos.hash(),
            checkers: pos.checkers(),
            chased,
            chasers,
        });
        self.nodes.push(Node {
            pos,
            reversible,
            limit,
            verdict: None,
        });
        let verdict = self.judge();
        if let Some(last) = self.nodes.last_mut() {
            last.verdict = verdict;
        }
        Ok(captured)
    }

    /// Takes back the last move (悔棋), returning it, or `None` at the start.
    /// Undo restores the exact previous state, outcome included.
    ///
    /// ```
    /// use xiangqi::{Game, Position};
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// assert_eq!(game.undo().map(|m| m.to_string()), Some("h2e2".to_string()));
    /// assert_eq!(game.position(), &Position::new());
    /// assert_eq!(game.undo(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let rec = self.records.pop()?;
        self.nodes.pop();
        Some(rec.mv)
    }

    /// Takes back moves until `ply` plies remain (nothing if the game is
    /// not longer than that).
    ///
    /// ```
    /// use xiangqi::{Game, Position};
    /// let mut game = Game::new();
    /// for m in ["h2e2", "h9g7", "h0g2"] {
    ///     game.play(m.parse()?)?;
    /// }
    /// game.undo_to(1);
    /// assert_eq!(game.ply(), 1);
    /// game.undo_to(0);
    /// assert_eq!(game.position(), &Position::new());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo_to(&mut self, ply: usize) {
        if ply < self.records.len() {
            self.records.truncate(ply);
            self.nodes.truncate(ply + 1);
        }
    }

    fn last(&self) -> &Node {
        // `nodes` always holds the start position.
        &self.nodes[self.nodes.len() - 1]
    }

    /// The move-limit counters after a ply by `mover`.
    fn next_limit(&self, prev: Limit, mover: Color, capture: bool, check: bool) -> Limit {
        if capture {
            return Limit::default();
        }
        let mut checks = prev.checks;
        if check {
            checks[mover as usize] = checks[mover as usize].saturating_add(1);
        }
        let excess = check
            && self
                .rules
                .check_cap
                .is_some_and(|cap| checks[mover as usize] > cap);
        let counts = !excess && !prev.excess;
        Limit {
            counted: prev.counted.saturating_add(u32::from(counts)),
            checks,
            excess,
        }
    }

    /// Adjudicates the last node.
    fn judge(&self) -> Option<Verdict> {
        let ply = self.ply();
        let node = self.last();
        let plain = |winner, reason| Verdict {
            winner,
            reason,
            ply,
            cycle: None,
            move_limit: None,
        };
        if let Some(o) = node.pos.outcome() {
            return Some(plain(o.winner, o.reason));
        }
        if self.rules.insufficient_material && is_insufficient_material(&node.pos.board) {
            return Some(plain(None, EndReason::InsufficientMaterial));
        }
        if let Some(limit) = self.rules.limit_plies() {
            if node.limit.counted >= limit {
                let mut v = plain(None, EndReason::MoveLimit);
                v.move_limit = self.rules.move_limit;
                return Some(v);
            }
        }
        let cycle = repetition::find_cycle(&self.nodes, self.rules.occurrences())?;
        Some(repetition::judge(
            &self.nodes,
            &self.records,
            cycle,
            self.rules.chase_detection,
        ))
    }
}
