//! [`EngineProcess::search`]: a search with any limits, its `info` lines streamed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use xiangqi::notation::{UciMove, parse_uci};
use xiangqi::{Color, Game, Limits, Move, Position};

use super::{ClientError, EngineProcess, GameClocks, Info, parse_info};

/// How often a search looks at the stop flag and the clock.
const POLL: Duration = Duration::from_millis(10);

/// What an engine answered to a search.
///
/// ```no_run
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
/// use xiangqi::{Game, Limits};
/// use xiangqi_client::{EngineProcess, Spec};
///
/// let mut engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
/// let game = Game::new();
/// let limits = Limits::movetime(Duration::from_millis(100));
/// let reply = engine.search(&game, &limits, &AtomicBool::new(false), |_| {})?;
/// assert!(!reply.stopped); // it answered within its time
/// let best = reply.best_move.expect("the start position has legal moves");
/// assert!(game.position().is_legal(best));
/// if let Some(score) = reply.info.as_ref().and_then(|info| info.score) {
///     println!("{best} ({score}) in {:?}, ponder {:?}", reply.time, reply.ponder);
/// }
/// # Ok::<(), xiangqi_client::ClientError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReply {
    /// The best move; `None` when the engine said there is none (UCCI's
    /// `nobestmove`, or `bestmove (none)` / `0000` in a position without a
    /// legal move).
    pub best_move: Option<Move>,
    /// The move it would ponder on, if it named a legal one.
    pub ponder: Option<Move>,
    /// The last `info` line with a score or a line (the search's final
    /// report, usually).
    pub info: Option<Info>,
    /// How long it took, from `go` to the reply.
    pub time: Duration,
    /// Whether the search was stopped (by the stop flag or the timeout)
    /// rather than ending by its limits.
    pub stopped: bool,
}

impl EngineProcess {
    /// Searches `game`'s position (its start and moves are sent, so the
    /// engine sees the repetitions) with `limits`: depth, nodes, mate (UCI
    /// only), a move time (UCCI: `go time T movestogo 1`), the side to
    /// move's clock, or infinite (none of these: infinite). Each `info`
    /// line is passed to `on_info` as it comes, read by [`parse_info`].
    ///
    /// The search is stopped (`stop` sent) when `stop` is set, or at its
    /// timeout: three times the move time plus [`EngineProcess::grace`], the
    /// clock's time plus the grace, or [`EngineProcess::search_timeout`] for a
    /// search without a time (none for `infinite`). After `stop` the engine
    /// has the grace to answer; if it does not, [`ClientError::Timeout`]
    /// (and the engine must be restarted: [`ClientError::Hung`] until
    /// then). A process that dies gives [`ClientError::Exited`].
    ///
    /// ```no_run
    /// use std::sync::atomic::AtomicBool;
    /// use xiangqi::{Game, Limits};
    /// use xiangqi_client::{EngineProcess, Spec};
    ///
    /// let mut engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// let mut depths = Vec::new();
    /// let stop = AtomicBool::new(false);
    /// let reply = engine.search(&game, &Limits::depth(6), &stop, |info| {
    ///     depths.extend(info.depth);
    /// })?;
    /// assert!(!reply.stopped && depths.contains(&6)); // ended by its depth
    /// assert!(game.position().is_legal(reply.best_move.expect("a legal move")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: impl FnMut(&Info),
    ) -> Result<SearchReply, ClientError> {
        let go = self.go_command(limits);
        let timeout = if limits.infinite {
            None
        } else if let Some(t) = limits.movetime {
            Some(t.saturating_mul(3) + self.grace)
        } else if let Some(c) = limits.clock {
            Some(c.remaining + self.grace)
        } else {
            self.search_timeout
        };
        self.search_with(game, &go, timeout, stop, on_info)
    }

    /// [`EngineProcess::search`] on a game clock: both sides' times and
    /// increments sent (`go wtime W btime B winc WI binc BI [movestogo M]`;
    /// UCCI `go time T increment I [movestogo M]` with the side to move's
    /// clock, see [`GameClocks::go_command`]), with the depth, node or mate
    /// limits of `limits` after them (its time limits are not sent). The
    /// reply is awaited for the side to move's time left plus the grace.
    ///
    /// ```no_run
    /// use std::sync::atomic::AtomicBool;
    /// use std::time::Duration;
    /// use xiangqi::{Color, Game, Limits};
    /// use xiangqi_client::{EngineProcess, GameClocks, Spec};
    ///
    /// let mut engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
    /// let clocks = GameClocks {
    ///     remaining: [Duration::from_secs(5), Duration::from_secs(4)],
    ///     increment: [Duration::from_millis(50); 2],
    ///     moves_to_go: None,
    ///     turn: Color::Red,
    /// };
    /// let stop = AtomicBool::new(false);
    /// let reply = engine.search_clocked(&Game::new(), &clocks, &Limits::default(), &stop, |_| {})?;
    /// assert!(reply.best_move.is_some() && reply.time < Duration::from_secs(5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search_clocked(
        &mut self,
        game: &Game,
        clocks: &GameClocks,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: impl FnMut(&Info),
    ) -> Result<SearchReply, ClientError> {
        let mut go = clocks.go_command(self.spec.protocol);
        let others = limits
            .clone()
            .with_movetime(None)
            .with_clock(None)
            .with_infinite(false);
        let others = self.go_command(&others);
        if !others.ends_with("infinite") {
            go.push_str(&others["go".len()..]);
        }
        let mover = usize::from(game.position().turn() == Color::Black);
        let timeout = Some(clocks.remaining[mover] + self.grace);
        self.search_with(game, &go, timeout, stop, on_info)
    }

    /// Sends the game's position and `go`, streams the `info` lines and
    /// waits for the best move (sending `stop` at the stop flag or after
    /// `timeout`).
    fn search_with(
        &mut self,
        game: &Game,
        go: &str,
        timeout: Option<Duration>,
        stop: &AtomicBool,
        mut on_info: impl FnMut(&Info),
    ) -> Result<SearchReply, ClientError> {
        if self.hung {
            return Err(ClientError::Hung);
        }
        let pos = game.position().clone();
        let position = self.game_position(game);
        self.send(&position)?;
        self.send(go)?;
        let start = Instant::now();
        let mut stopped_at: Option<Instant> = None;
        let mut last: Option<Info> = None;
        loop {
            match self.lines.recv_timeout(POLL) {
                Ok(line) => {
                    if let Some(info) = parse_info(&line, &pos, self.spec.ranks) {
                        on_info(&info);
                        if info.score.is_some() || !info.pv.is_empty() {
                            last = Some(info);
                        }
                        continue;
                    }
                    let words: Vec<&str> = line.split_whitespace().collect();
                    match words.first() {
                        Some(&"nobestmove") => {
                            return Ok(self.reply(None, None, last, start, stopped_at));
                        }
                        Some(&"bestmove") => {
                            let text = words.get(1).copied().unwrap_or("");
                            let best = self.best(&pos, text)?;
                            let ponder = best.and_then(|m| {
                                let mut after = pos.clone();
                                after.play_unchecked(m);
                                match (words.get(2), words.get(3)) {
                                    (Some(&"ponder"), Some(p)) => {
                                        match parse_uci(&after, p, self.spec.ranks) {
                                            Ok(UciMove::Move(p)) => Some(p),
                                            _ => None,
                                        }
                                    }
                                    _ => None,
                                }
                            });
                            return Ok(self.reply(best, ponder, last, start, stopped_at));
                        }
                        _ => {}
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    self.hung = true;
                    return Err(ClientError::Exited);
                }
            }
            match stopped_at {
                None => {
                    let late = timeout.is_some_and(|t| start.elapsed() >= t);
                    if late || stop.load(Ordering::Relaxed) {
                        self.send("stop")?;
                        stopped_at = Some(Instant::now());
                    }
                }
                Some(at) if at.elapsed() >= self.grace => {
                    self.hung = true;
                    return Err(ClientError::Timeout("bestmove"));
                }
                Some(_) => {}
            }
        }
    }

    /// The best move of a `bestmove` reply.
    fn best(&self, pos: &Position, text: &str) -> Result<Option<Move>, ClientError> {
        match parse_uci(pos, text, self.spec.ranks) {
            Ok(UciMove::Move(m)) => Ok(Some(m)),
            _ if pos.legal_moves().is_empty() => Ok(None),
            _ => Err(ClientError::BadMove(text.to_string())),
        }
    }

    fn reply(
        &self,
        best_move: Option<Move>,
        ponder: Option<Move>,
        info: Option<Info>,
        start: Instant,
        stopped_at: Option<Instant>,
    ) -> SearchReply {
        SearchReply {
            best_move,
            ponder,
            info,
            time: start.elapsed(),
            stopped: stopped_at.is_some(),
        }
    }
}
