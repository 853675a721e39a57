//! [`Game`]: a start position plus moves, with undo and adjudication.

use crate::base::{Bitboard, Color, Move, Piece, PlayError, Position};
use crate::game::arbiter::{self, Asker, Ruling};
use crate::game::record::{LimitCount, PlyRecord};
use crate::game::repetition::SideConduct;
use crate::game::verdict::{Conduct, Cycle, Placed, Verdict};
use crate::game::{Rules, chase};
use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

/// Why [`Game::play`] refused a move.
///
/// ```
/// use xiangqi::{Game, GameError, IllegalReason, Position};
///
/// let mut game = Game::new();
/// let err = game.play("h2h7".parse()?).unwrap_err();
/// assert!(matches!(err, GameError::Illegal(e) if e.reason == IllegalReason::NoScreen));
/// assert_eq!(err.to_string(), "illegal move h2h7: a cannon captures only by jumping over one piece");
/// // Black is mated: the game takes no more moves.
/// let mated: Position = "R3k4/R8/9/9/9/9/9/9/9/3K5 b".parse()?;
/// let err = Game::from_position(mated).play("e9e8".parse()?).unwrap_err();
/// assert!(matches!(err, GameError::Over(_)));
/// assert_eq!(err.to_string(), "the game is over: 1-0 red wins by checkmate");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

/// A position of the game with its verdict.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub(crate) pos: Position,
    verdict: Option<Verdict>,
}

/// A game: a start position and the moves played from it, with undo
/// (悔棋) and adjudication of every rule that needs the history.
///
/// After every move the game is adjudicated, in this order (the same as
/// Fairy-Stockfish's):
///
/// 1. the side to move has no legal move: it loses (checkmate or stalemate);
/// 2. insufficient material (see [`is_insufficient_material`](crate::is_insufficient_material)): draw;
/// 3. the move limit (see [`Rules`]): draw;
/// 4. repetition: when the current position has occurred
///    [`Rules::repetition_count`] times (3 by default) since the last
///    capture, the cycle from its first to its last occurrence is judged by
///    the Asian rules: a side that gave check with every one of its moves in
///    the cycle loses if the other did not (both: draw); otherwise a side
///    that chased the same piece with every move loses if the other did not
///    (both: draw); anything else (idle moves, alternating a check and a
///    chase, chasing different pieces in turn) is a draw. A piece is
///    *threatened* by an attack that could be carried out legally, on an
///    unprotected piece, or on a chariot by a horse or cannon, or on a
///    chariot, horse or cannon by an advisor or elephant; generals and
///    soldiers never chase, generals and soldiers that have not crossed the
///    river are never chased, two pieces of the same kind attacking each
///    other do not chase unless the reverse attack does not exist, and a
///    protector counts only if it could legally recapture. A pinned piece
///    (one whose removal would expose its general) chases nothing and does
///    not attack back (AXF diagrams 39-41, 63; see
///    [`Rules::pinned_chases_pinner`] for Pikafish's reading). A move
///    *chases* the pieces it leaves threatened that were not threatened
///    before it, by any piece (the threatened sets are compared piece by
///    piece, as Pikafish and Fairy-Stockfish do), so uncovering an
///    attacker, taking a protector away, blocking or pinning it all create
///    a chase, while a second attacker on a piece already threatened, or a
///    screen move that only swaps which piece threatens it, does not. A
///    checking move is a check, not a chase (unless
///    [`Rules::checks_also_chase`]).
///
/// Memory is one position and one record per ply; the repetition scan looks
/// only at the plies since the last capture.
///
/// **Differences from the engines.** Checked against Pikafish's rule judge
/// and pyffish (Fairy-Stockfish) on thousands of random games in
/// `tests/suite/tests/chase_oracle.rs`, and against pyffish on hand-made cases in
/// `tests/suite/tests/game_verdicts.rs`; every difference is listed and argued in
/// `VERDICTS.md`. In short:
///
/// * a pinned piece chases nothing (Pikafish lets it chase its pinner: set
///   [`Rules::pinned_chases_pinner`]); Fairy-Stockfish ignores the chaser's
///   pins;
/// * a chase created by taking a protector away (moving its screen,
///   blocking it, pinning it) counts; Fairy-Stockfish sees only some of
///   these, so it may miss a chase;
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
///
/// **Serialization** (feature `serde`): a game is the object
/// `{"start": FEN, "moves": [ICCS moves], "rules": Rules}`; `moves` and
/// `rules` may be left out when reading (no moves, the default rules), and
/// no other field is allowed. Reading replays the moves (past a verdict too,
/// as [`Game::play_on`] does), so an illegal move is an error, never a
/// half-built game; the start is validated leniently
/// ([`Validation::Lenient`](crate::Validation)), so a study reads back.
/// `Rules` is an object of its fields, each optional.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use xiangqi::Game;
/// let mut game = Game::new();
/// game.play("h2e2".parse().unwrap()).unwrap();
/// let json = serde_json::to_string(&game).unwrap();
/// assert!(json.starts_with(r#"{"start":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":["h2e2"],"rules":{"repetition_count":3,"#));
/// let back: Game = serde_json::from_str(&json).unwrap();
/// assert_eq!(back, game);
/// // An illegal move is an error.
/// let bad = r#"{"start":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w","moves":["e0e2"]}"#;
/// assert!(serde_json::from_str::<Game>(bad).is_err());
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    /// The move-limit counters of the start position.
    start_limit: LimitCount,
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
        let mut game = Game {
            start_limit: LimitCount::start(&start),
            rules,
            nodes: vec![Node {
                pos: start,
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
        self.limit().counted
    }

    /// How the game ended, or `None` while it goes on: the verdict under
    /// the game's [`Rules`], with its history (repetition, perpetual check
    /// and chase, the move limit, insufficient material, no legal move),
    /// where [`Position::outcome`](crate::Position::outcome) knows only the
    /// last rule (see [two kinds of game end](crate#two-kinds-of-game-end)).
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

    /// What `records()[i]` newly chased, and the mover's pieces chasing
    /// them (squares after that move), as the repetition judge sees it:
    /// the chases the move created (see the rules above). `None` past the
    /// end. Empty if the move gave check (unless
    /// [`Rules::checks_also_chase`]).
    ///
    /// ```
    /// use xiangqi::{Game, Position, Square};
    /// // Red's chariot comes to a6 and attacks the unprotected black horse on h6.
    /// let start: Position = "4k4/9/9/7n1/9/9/R8/9/9/3K5 w".parse()?;
    /// let mut game = Game::from_position(start);
    /// game.play("a3a6".parse()?)?;
    /// let (chased, chasers) = game.chases_of(0).unwrap();
    /// assert_eq!(chased.first(), Some(Square::H6));
    /// assert_eq!(chasers.first(), Some(Square::A6));
    /// assert!(game.chases_of(1).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn chases_of(&self, i: usize) -> Option<(Bitboard, Bitboard)> {
        let rec = self.records.get(i)?;
        if let Some(c) = rec.chases() {
            return Some(c);
        }
        Some(chase::new_chases(
            &self.nodes[i].pos,
            &self.nodes[i + 1].pos,
            chase::Reading::of(&self.rules),
        ))
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
                return Err(PlayError::new(before, m));
            }
        };
        let mut pos = before.clone();
        let captured = pos.play_unchecked(m);
        let record = PlyRecord::new(m, piece, captured, &pos, self.limit(), &self.rules);
        self.records.push(record);
        self.nodes.push(Node { pos, verdict: None });
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

    /// The move-limit counters of the start position.
    #[cfg_attr(not(feature = "search"), allow(dead_code))]
    pub(crate) fn start_limit(&self) -> LimitCount {
        self.start_limit
    }

    /// The move-limit counters at the current position.
    fn limit(&self) -> LimitCount {
        self.records.last().map_or(self.start_limit, |r| r.limit)
    }

    /// Adjudicates the last node.
    fn judge(&mut self) -> Option<Verdict> {
        let n = self.ply();
        let limit = self.limit();
        let start_hash = self.nodes[0].pos.hash();
        let pos = &self.nodes[n].pos;
        let ruling = arbiter::adjudicate(
            pos,
            start_hash,
            &mut self.records,
            limit,
            &self.rules,
            Asker::Game,
        )?;
        Some(self.verdict(ruling))
    }

    /// The verdict of `ruling` at the last node, with the evidence.
    fn verdict(&self, ruling: Ruling) -> Verdict {
        let n = self.ply();
        let cycle = ruling.cycle.map(|c| Cycle {
            first_ply: c.found.first,
            last_ply: n,
            occurrences: c.found.occurrences,
            red: self.conduct(c.conduct[Color::Red]),
            black: self.conduct(c.conduct[Color::Black]),
        });
        Verdict {
            winner: ruling.winner,
            reason: ruling.reason,
            ply: n,
            cycle,
            move_limit: (ruling.reason == crate::base::EndReason::MoveLimit)
                .then_some(self.rules.move_limit)
                .flatten(),
        }
    }

    /// Describes a side's conduct in a cycle ending at the last node.
    fn conduct(&self, c: SideConduct) -> Conduct {
        let n = self.ply();
        let final_board = self.nodes[n].pos.board();
        let placed = |set: Bitboard| -> Vec<Placed> {
            set.into_iter()
                .filter_map(|square| {
                    final_board
                        .piece_at(square)
                        .map(|piece| Placed { square, piece })
                })
                .collect()
        };
        match c {
            SideConduct::Idle => Conduct::Idle,
            SideConduct::Check { checkers } => Conduct::Check {
                checkers: placed(checkers),
            },
            SideConduct::Chase { targets, last_own } => {
                // The chasers: those of the side's last move that chase
                // these pieces (on their squares after that move).
                let mut at_last = targets;
                for k in (last_own + 1..=n).rev() {
                    at_last = chase::unplay_squares(at_last, self.records[k - 1].mv);
                }
                let own = self
                    .chases_of(last_own - 1)
                    .map_or(Bitboard::EMPTY, |c| c.1);
                let side = self.nodes[last_own - 1].pos.turn();
                let mut chasers = Bitboard::EMPTY;
                let reading = chase::Reading::of(&self.rules);
                chase::for_each_chase(&self.nodes[last_own].pos, side, reading, |a, t| {
                    if at_last.contains(t) && own.contains(a) {
                        chasers = chasers.with(a);
                    }
                });
                Conduct::Chase {
                    chasers: placed(chasers),
                    targets: placed(targets),
                }
            }
        }
    }
}

impl PartialEq for Game {
    /// Two games are equal when they have the same rules, the same start
    /// and the same moves (everything else follows from these).
    fn eq(&self, other: &Game) -> bool {
        self.rules == other.rules
            && self.start() == other.start()
            && self.records.len() == other.records.len()
            && self.moves().eq(other.moves())
    }
}

impl Eq for Game {}
