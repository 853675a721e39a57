//! [`EngineProcess::best_move_clocked`]: a move on a game clock, both sides'
//! times sent ([`GameClocks`]), and [`EngineProcess::last_info`], the score the
//! engine last reported.

use std::time::Duration;

use xiangqi::{Color, Move};

use crate::{ClientError, EngineProcess, Protocol};

/// Both sides' clocks, as a `go` command sends them.
///
/// ```
/// use std::time::Duration;
/// use xiangqi::Color;
/// use xiangqi_client::{GameClocks, Protocol};
///
/// let clocks = GameClocks {
///     remaining: [Duration::from_millis(60_000), Duration::from_millis(59_500)],
///     increment: [Duration::from_millis(600); 2],
///     moves_to_go: Some(40),
///     turn: Color::Black,
/// };
/// assert_eq!(
///     clocks.go_command(Protocol::Uci),
///     "go wtime 60000 btime 59500 winc 600 binc 600 movestogo 40"
/// );
/// // UCCI sends the side to move's clock only.
/// assert_eq!(clocks.go_command(Protocol::Ucci), "go time 59500 increment 600 movestogo 40");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameClocks {
    /// The time left: Red's, then Black's.
    pub remaining: [Duration; 2],
    /// The time added after each move: Red's, then Black's.
    pub increment: [Duration; 2],
    /// The side to move's moves until its next time control, if any.
    pub moves_to_go: Option<u32>,
    /// The side to move.
    pub turn: Color,
}

impl GameClocks {
    /// The side to move's index in `remaining` and `increment`.
    fn mover(&self) -> usize {
        usize::from(self.turn == Color::Black)
    }

    /// The `go` command: UCI `go wtime W btime B winc WI binc BI
    /// [movestogo M]` (Red is White), UCCI `go time T increment I
    /// [movestogo M]` with the side to move's clock.
    pub fn go_command(&self, protocol: Protocol) -> String {
        let ms = |d: Duration| d.as_millis();
        let mut go = match protocol {
            Protocol::Uci => format!(
                "go wtime {} btime {} winc {} binc {}",
                ms(self.remaining[0]),
                ms(self.remaining[1]),
                ms(self.increment[0]),
                ms(self.increment[1])
            ),
            Protocol::Ucci => format!(
                "go time {} increment {}",
                ms(self.remaining[self.mover()]),
                ms(self.increment[self.mover()])
            ),
        };
        if let Some(m) = self.moves_to_go {
            go.push_str(&format!(" movestogo {m}"));
        }
        go
    }
}

impl EngineProcess {
    /// Asks for a move after `moves` from `fen` (None: the start position)
    /// on a game clock: the move text of the `bestmove` line, or why there
    /// is none, as [`EngineProcess::best_move_from`]. The reply is awaited for the
    /// side to move's time left plus [`EngineProcess::grace`]; a late engine is
    /// sent `stop` and its reply collected (or it must be restarted).
    /// Whether the move came in time is the caller's to judge: it measures
    /// its own clock.
    ///
    /// ```no_run
    /// use std::time::Duration;
    /// use xiangqi::Color;
    /// use xiangqi_client::{EngineProcess, GameClocks, Spec};
    ///
    /// let mut engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
    /// let clocks = GameClocks {
    ///     remaining: [Duration::from_secs(10); 2],
    ///     increment: [Duration::from_millis(100); 2],
    ///     moves_to_go: None,
    ///     turn: Color::Red,
    /// };
    /// let text = engine.best_move_clocked(None, &[], &clocks)?;
    /// assert_eq!(text.len(), 4); // a move such as h2e2
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn best_move_clocked(
        &mut self,
        fen: Option<&str>,
        moves: &[Move],
        clocks: &GameClocks,
    ) -> Result<String, ClientError> {
        self.last_info = None;
        let pos = self.position_command(fen, moves);
        self.send(&pos)?;
        self.send(&clocks.go_command(self.spec.protocol))?;
        let timeout = clocks.remaining[clocks.mover()] + self.grace;
        match self.wait_reply(timeout) {
            Ok(line) => crate::reply_move(&line),
            Err(e) => {
                if self.send("stop").is_err() || self.wait_reply(Duration::from_secs(1)).is_err() {
                    self.hung = true;
                }
                Err(e)
            }
        }
    }

    /// The last `info` line with a score the engine printed while
    /// thinking on the last move asked of it ([`EngineProcess::best_move_from`],
    /// [`EngineProcess::best_move_clocked`]), if any: read it with
    /// [`parse_info`](crate::parse_info) and the position searched.
    ///
    /// ```no_run
    /// use xiangqi::Position;
    /// use xiangqi_client::{EngineProcess, Spec, Think, parse_info};
    ///
    /// let mut engine = EngineProcess::start(&Spec::uci("xiangqi-engine"))?;
    /// engine.best_move_from(None, &[], Think::Depth(4))?;
    /// let line = engine.last_info().expect("a search reports its score");
    /// let info = parse_info(line, &Position::new(), engine.ranks()).expect("an info line");
    /// assert_eq!(info.depth, Some(4));
    /// # Ok::<(), xiangqi_client::ClientError>(())
    /// ```
    pub fn last_info(&self) -> Option<&str> {
        self.last_info.as_deref()
    }
}
