//! Plays a match between two UCI engines, adjudicated by this crate's rules.
//!
//! ```text
//! cargo run --release --example match -- \
//!     --engine1 "target/release/examples/uci" \
//!     --engine2 "node --no-experimental-fetch node_modules/fairy-stockfish-nnue.wasm/uci.js" \
//!     --engine2-fsf --games 100 --movetime 200 --openings scripts/openings.txt
//! ```
//!
//! Each opening is played twice, colours swapped. Every game is a
//! [`xiangqi::Game`] under the default [`Rules`] (Asian rules): it ends on
//! checkmate or no legal move (a loss), perpetual check or perpetual chase
//! (a loss for the checker or chaser), any other repetition (a draw), 60
//! moves without a capture (a draw), insufficient material (a draw), or 400
//! plies (a draw); the reason printed is the game's verdict, naming the
//! checking or chasing pieces. An illegal move, a malformed `bestmove`, a
//! crash or a move more than a few seconds late loses the game, and the
//! line says so; a crashed or hung engine is restarted before the next game
//! (if it cannot be, the match stops there). `--engine2-fsf` sends and reads
//! moves with ranks 1..10 for Fairy-Stockfish and selects its xiangqi
//! variant; `--verbose` prints each game's moves. `--first-game N` starts
//! at game N (0-based; openings follow the game number), so a long match can
//! be split over several processes: `--games 50` and `--first-game 50
//! --games 50` together play the same 100 games as `--games 100`.
//! Prints each result, then W/D/L for engine 1 and an Elo estimate with a
//! 95% interval.
//!
//! `--sprt ELO0 ELO1` adds a sequential probability ratio test (error rates
//! 5%/5%, normal approximation of the log-likelihood ratio over game
//! scores): H0 "engine 1 is ELO0 stronger" against H1 "ELO1 stronger". The
//! LLR is printed after each game and the match stops early once it leaves
//! (-2.94, 2.94): below, H0 is accepted (the change does not gain ELO1);
//! above, H1 is accepted. `--games` stays the upper bound. For a change
//! against the previous build: `--sprt 0 10` (or `--sprt -10 0` to check
//! that a simplification does not lose). `scripts/match.sh` installs Fairy-Stockfish and runs this.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use xiangqi::notation::{ParseNotationError, UciMove, UciRanks, format_uci, parse_uci};
use xiangqi::{Color, Game, GameError, Move, Position, Rules};

/// Extra time allowed beyond three times the move time.
const GRACE: Duration = Duration::from_secs(5);

struct Engine {
    cmd: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    ranks: UciRanks,
    fsf: bool,
    /// Extra time allowed for a reply beyond three times the move time.
    grace: Duration,
    /// A reply timed out and was never collected: restart before reuse.
    hung: bool,
}

impl Engine {
    fn start(cmd: &str, fsf: bool) -> Result<Engine, String> {
        let mut parts = cmd.split_whitespace();
        let prog = parts.next().ok_or("empty engine command")?;
        let mut child = Command::new(prog)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{cmd}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Engine {
            cmd: cmd.to_string(),
            child,
            stdin,
            lines,
            ranks: if fsf {
                UciRanks::OneToTen
            } else {
                UciRanks::ZeroToNine
            },
            fsf,
            grace: GRACE,
            hung: false,
        };
        e.send("uci")?;
        e.wait_for("uciok", Duration::from_secs(30))?;
        if fsf {
            e.send("setoption name UCI_Variant value xiangqi")?;
        }
        e.send("isready")?;
        e.wait_for("readyok", Duration::from_secs(30))?;
        Ok(e)
    }

    /// Whether the engine can play another game: running, and not owing a
    /// late reply.
    fn healthy(&mut self) -> bool {
        !self.hung && matches!(self.child.try_wait(), Ok(None))
    }

    /// A fresh process of the same engine.
    fn restart(&mut self) -> Result<(), String> {
        let mut fresh = Engine::start(&self.cmd, self.fsf)?;
        fresh.grace = self.grace;
        *self = fresh; // drops (quits and kills) the old process
        Ok(())
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("cannot write to the engine: {e}"))
    }

    /// Waits for a line starting with `prefix`; returns it.
    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(format!("no {prefix} in time")),
                Err(RecvTimeoutError::Disconnected) => return Err("engine exited".into()),
            }
        }
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok", Duration::from_secs(30))
            .map(|_| ())
    }

    /// Asks for a move after `moves` from the start position; returns the
    /// move text of the `bestmove` line, or why there is none.
    fn best_move(&mut self, moves: &[Move], movetime: u64) -> Result<String, String> {
        let list: Vec<String> = moves
            .iter()
            .map(|&m| format_uci(UciMove::Move(m), self.ranks))
            .collect();
        let pos = if list.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", list.join(" "))
        };
        self.send(&pos)?;
        self.send(&format!("go movetime {movetime}"))?;
        let timeout = Duration::from_millis(movetime.saturating_mul(3)) + self.grace;
        match self.wait_for("bestmove", timeout) {
            Ok(line) => Ok(line.split_whitespace().nth(1).unwrap_or("").to_string()),
            Err(e) => {
                // Collect the late reply so it is not taken for the next
                // move; if it does not come, restart before the next game.
                if self.send("stop").is_err()
                    || self.wait_for("bestmove", Duration::from_secs(1)).is_err()
                {
                    self.hung = true;
                }
                Err(e)
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(100));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The longest game played; longer ones are drawn.
const MAX_PLIES: usize = 400;

/// How a game ended: the winner (`None`: draw) and why.
type Ending = (Option<Color>, String);

/// `side` loses the game because of what it did.
fn forfeit(side: Color, why: &str) -> Ending {
    let result = if side == Color::Red { "0-1" } else { "1-0" };
    (
        Some(!side),
        format!("{result} {} wins: {side} {why}", !side),
    )
}

/// The game's verdict, or the ply cap, if the game is over.
fn adjudicate(game: &Game, max_plies: usize) -> Option<Ending> {
    if let Some(verdict) = game.outcome() {
        return Some((verdict.winner, verdict.to_string()));
    }
    (game.ply() >= max_plies).then(|| (None, format!("1/2-1/2 draw after {max_plies} plies")))
}

/// Plays the side to move's reply: the move text of its `bestmove`, or
/// why it sent none. A malformed or illegal move, or none at all, loses:
/// returns the ending then.
fn apply_reply(game: &mut Game, reply: Result<String, String>, ranks: UciRanks) -> Option<Ending> {
    let side = game.position().turn();
    let text = match reply {
        Ok(text) => text,
        Err(e) => return Some(forfeit(side, &format!("failed: {e}"))),
    };
    let m = match parse_uci(game.position(), &text, ranks) {
        Ok(UciMove::Move(m)) => m,
        Ok(UciMove::Null) => return Some(forfeit(side, "sent the null move 0000")),
        Err(ParseNotationError::Illegal) => {
            return Some(forfeit(side, &format!("played the illegal move {text}")));
        }
        Err(_) => return Some(forfeit(side, &format!("sent a malformed move {text:?}"))),
    };
    match game.play(m) {
        Ok(_) => None,
        Err(GameError::Illegal(_)) => {
            Some(forfeit(side, &format!("played the illegal move {text}")))
        }
        Err(e) => Some(forfeit(side, &format!("could not play {text}: {e}"))),
    }
}

/// Plays one game; returns the winner (None: draw), the reason and the moves.
fn play_game(
    red: &mut Engine,
    black: &mut Engine,
    opening: &[Move],
    movetime: u64,
) -> (Option<Color>, String, Vec<Move>) {
    let mut game = Game::with_rules(Position::new(), Rules::default());
    let (winner, reason) = play_moves(red, black, opening, movetime, &mut game);
    (winner, reason, game.moves().collect())
}

fn play_moves(
    red: &mut Engine,
    black: &mut Engine,
    opening: &[Move],
    movetime: u64,
    game: &mut Game,
) -> Ending {
    // A side that cannot even start a game loses it.
    if let Err(e) = red.new_game() {
        return forfeit(Color::Red, &format!("failed: {e}"));
    }
    if let Err(e) = black.new_game() {
        return forfeit(Color::Black, &format!("failed: {e}"));
    }
    for &m in opening {
        if game.play(m).is_err() {
            return (None, format!("bad opening move {m}"));
        }
    }
    loop {
        if let Some(ending) = adjudicate(game, MAX_PLIES) {
            return ending;
        }
        let engine = if game.position().turn() == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        let moves: Vec<Move> = game.moves().collect();
        let reply = engine.best_move(&moves, movetime);
        if let Some(ending) = apply_reply(game, reply, engine.ranks) {
            return ending;
        }
    }
}

/// Engine 1's wins, draws and losses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Tally {
    w: u32,
    d: u32,
    l: u32,
}

impl Tally {
    /// Counts a game won by `winner` (None: draw) in which engine 1 played
    /// `engine1`; returns the result as the game line says it.
    fn add(&mut self, winner: Option<Color>, engine1: Color) -> &'static str {
        match winner {
            None => {
                self.d += 1;
                "draw"
            }
            Some(c) if c == engine1 => {
                self.w += 1;
                "engine1 wins"
            }
            Some(_) => {
                self.l += 1;
                "engine2 wins"
            }
        }
    }

    /// Engine 1's score fraction, Elo estimate and its 95% interval; `None`
    /// before any game.
    fn elo(&self) -> Option<(f64, f64, f64, f64)> {
        let (w, d, l) = (f64::from(self.w), f64::from(self.d), f64::from(self.l));
        let n = w + d + l;
        if n == 0.0 {
            return None;
        }
        let p = (w + 0.5 * d) / n;
        let var = (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n;
        let se = (var / n).sqrt();
        Some((p, elo(p), elo(p - 1.96 * se), elo(p + 1.96 * se)))
    }

    /// The summary line.
    fn summary(&self) -> String {
        let Tally { w, d, l } = *self;
        match self.elo() {
            Some((p, e, lo, hi)) => format!(
                "engine1: W {w} D {d} L {l}, score {:.1}%, Elo {e:+.0} (95%: {lo:+.0} .. {hi:+.0})",
                100.0 * p
            ),
            None => "engine1: no games played".to_string(),
        }
    }
}

/// The expected score of an engine `elo` points stronger.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`) after `w`
/// wins, `d` draws and `l` losses (normal approximation of the score).
fn llr(w: u32, d: u32, l: u32, elo0: f64, elo1: f64) -> f64 {
    let n = f64::from(w + d + l);
    if n == 0.0 {
        return 0.0;
    }
    let m = (f64::from(w) + 0.5 * f64::from(d)) / n;
    let var = (f64::from(w) * (1.0 - m).powi(2)
        + f64::from(d) * (0.5 - m).powi(2)
        + f64::from(l) * m.powi(2))
        / n;
    if var <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (score_of(elo0), score_of(elo1));
    n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var)
}

/// Elo difference for a score fraction.
fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    // `+ 0.0` turns -0 into 0, so an even score prints `+0`.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}

fn arg(args: &[String], name: &str) -> Option<String> {
    let i = args.iter().position(|a| a == name)?;
    args.get(i + 1).cloned()
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let e1 = arg(&args, "--engine1").ok_or("--engine1 <command> required")?;
    let e2 = arg(&args, "--engine2").ok_or("--engine2 <command> required")?;
    let fsf = args.iter().any(|a| a == "--engine2-fsf");
    let verbose = args.iter().any(|a| a == "--verbose");
    let games: usize = arg(&args, "--games")
        .and_then(|g| g.parse().ok())
        .unwrap_or(10);
    let movetime: u64 = arg(&args, "--movetime")
        .and_then(|g| g.parse().ok())
        .unwrap_or(200);
    let sprt: Option<(f64, f64)> = match args.iter().position(|a| a == "--sprt") {
        Some(i) => {
            let bound = |k: usize| -> Result<f64, String> {
                args.get(i + k)
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| "--sprt ELO0 ELO1".to_string())
            };
            Some((bound(1)?, bound(2)?))
        }
        None => None,
    };
    // Error rates alpha = beta = 0.05.
    let llr_bound = (0.95f64 / 0.05).ln();
    let first: usize = match arg(&args, "--first-game") {
        Some(v) => v
            .parse()
            .map_err(|_| format!("--first-game {v}: not a number"))?,
        None => 0,
    };
    let openings_file = arg(&args, "--openings").unwrap_or("scripts/openings.txt".into());
    let text =
        std::fs::read_to_string(&openings_file).map_err(|e| format!("{openings_file}: {e}"))?;
    let openings: Vec<Vec<Move>> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            l.split_whitespace()
                .filter_map(|m| m.parse().ok())
                .collect()
        })
        .collect();
    if openings.is_empty() {
        return Err("no openings".into());
    }
    let mut a = Engine::start(&e1, false)?;
    let mut b = Engine::start(&e2, fsf)?;
    let mut tally = Tally::default();
    for g in first..first + games {
        // A crashed or hung engine gets a fresh process; if that fails, the
        // match ends here.
        let mut dead = None;
        for (name, engine) in [("engine1", &mut a), ("engine2", &mut b)] {
            if !engine.healthy() {
                println!("{name}: restarting after a failure");
                if let Err(e) = engine.restart() {
                    dead = Some(format!("{name} cannot be restarted: {e}"));
                }
            }
        }
        if let Some(why) = dead {
            println!("match stopped after {} games: {why}", g - first);
            break;
        }
        let opening = &openings[(g / 2) % openings.len()];
        let a_is_red = g % 2 == 0;
        let (winner, reason, moves) = if a_is_red {
            play_game(&mut a, &mut b, opening, movetime)
        } else {
            play_game(&mut b, &mut a, opening, movetime)
        };
        let a_color = if a_is_red { Color::Red } else { Color::Black };
        let result = tally.add(winner, a_color);
        let Tally { w, d, l } = tally;
        println!(
            "game {:3}: engine1 {} | {result} ({reason}, {} plies) | W {w} D {d} L {l}",
            g + 1,
            if a_is_red { "red  " } else { "black" },
            moves.len()
        );
        if verbose {
            let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            println!("  moves: {}", list.join(" "));
        }
        if let Some((elo0, elo1)) = sprt {
            let x = llr(w, d, l, elo0, elo1);
            println!(
                "  sprt [{elo0}, {elo1}]: LLR {x:.2} (bounds {:.2})",
                llr_bound
            );
            if x >= llr_bound {
                println!("sprt: H1 accepted (engine1 gains about {elo1} Elo)");
                break;
            }
            if x <= -llr_bound {
                println!("sprt: H0 accepted (engine1 does not gain {elo1} Elo)");
                break;
            }
        }
    }
    println!("{}", tally.summary());
    Ok(())
}

#[cfg(test)]
mod tests;
