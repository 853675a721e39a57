//! Plays a match between two UCI engines, adjudicated by this crate's rules.
//!
//! ```text
//! cargo run --release --example match -- \
//!     --engine1 "target/release/examples/uci" \
//!     --engine2 "node --no-experimental-fetch node_modules/fairy-stockfish-nnue.wasm/uci.js" \
//!     --engine2-fsf --games 100 --movetime 200 --openings scripts/openings.txt
//! ```
//!
//! Each opening is played twice, colours swapped. Every move is checked
//! with [`Position::play`]; the game ends on checkmate or no legal move (a
//! loss), a threefold repetition judged by [`judge_repetition`] (the
//! perpetual checker loses, otherwise a draw), 120 plies without capture
//! (draw) or 400 plies (draw). An illegal move, a crash or a move more than
//! a few seconds late loses. `--engine2-fsf` translates moves for
//! Fairy-Stockfish, whose ranks run 1..10, and selects its xiangqi variant;
//! `--verbose` prints each game's moves.
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

use xiangqi::{Color, HistoryEntry, Move, Position, Repetition, judge_repetition};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    fsf: bool,
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
            child,
            stdin,
            lines,
            fsf,
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

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| e.to_string())
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

    fn best_move(&mut self, moves: &[Move], movetime: u64) -> Result<Move, String> {
        let list: Vec<String> = moves.iter().map(|&m| self.encode(m)).collect();
        let pos = if list.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", list.join(" "))
        };
        self.send(&pos)?;
        self.send(&format!("go movetime {movetime}"))?;
        let line = self.wait_for("bestmove", Duration::from_millis(movetime * 3 + 5000))?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        self.decode(text).ok_or(format!("bad bestmove {text:?}"))
    }

    fn encode(&self, m: Move) -> String {
        if !self.fsf {
            return m.to_string();
        }
        let (f, t) = (m.from(), m.to());
        format!(
            "{}{}{}{}",
            f.file().char(),
            f.rank().index() + 1,
            t.file().char(),
            t.rank().index() + 1
        )
    }

    fn decode(&self, s: &str) -> Option<Move> {
        if !self.fsf {
            return s.parse().ok();
        }
        // Fairy-Stockfish: file letter, rank 1..10, twice.
        let bytes = s.as_bytes();
        let split = 1 + bytes[1..].iter().position(|b| b.is_ascii_alphabetic())?;
        let sq = |t: &str| -> Option<String> {
            let (file, rank) = t.split_at(1);
            let r: u32 = rank.parse().ok()?;
            Some(format!("{file}{}", r.checked_sub(1)?))
        };
        format!("{}{}", sq(&s[..split])?, sq(&s[split..])?)
            .parse()
            .ok()
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

/// Plays one game; returns the winner (None: draw), the reason and the moves.
fn play_game(
    red: &mut Engine,
    black: &mut Engine,
    opening: &[Move],
    movetime: u64,
) -> (Option<Color>, String, Vec<Move>) {
    let mut moves = Vec::new();
    let (winner, reason) = play_moves(red, black, opening, movetime, &mut moves);
    (winner, reason, moves)
}

fn play_moves(
    red: &mut Engine,
    black: &mut Engine,
    opening: &[Move],
    movetime: u64,
    moves: &mut Vec<Move>,
) -> (Option<Color>, String) {
    let _ = red.new_game();
    let _ = black.new_game();
    let mut pos = Position::new();
    let mut history = vec![HistoryEntry::new(&pos, None)];
    for &m in opening {
        if pos.play(m).is_err() {
            return (None, format!("bad opening move {m}"));
        }
        moves.push(m);
        history.push(HistoryEntry::new(&pos, Some(m)));
    }
    loop {
        if let Some(o) = pos.outcome() {
            return (o.winner, o.reason.to_string());
        }
        match judge_repetition(&history, &pos, 3, None) {
            Some(Repetition::Draw) => return (None, "repetition".into()),
            Some(r) => return (r.loser().map(|c| !c), format!("{r:?}")),
            None => {}
        }
        if pos.halfmoves() >= 120 {
            return (None, "60 moves without capture".into());
        }
        if moves.len() >= 400 {
            return (None, "400 plies".into());
        }
        let side = pos.turn();
        let engine = if side == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        match engine.best_move(moves, movetime) {
            Ok(m) if pos.is_legal(m) => {
                pos.play_unchecked(m);
                moves.push(m);
                history.push(HistoryEntry::new(&pos, Some(m)));
            }
            Ok(m) => return (Some(!side), format!("{side} played illegal {m}")),
            Err(e) => return (Some(!side), format!("{side} failed: {e}")),
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
    -400.0 * (1.0 / p - 1.0).log10()
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
    let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
    for g in 0..games {
        let opening = &openings[(g / 2) % openings.len()];
        let a_is_red = g % 2 == 0;
        let (winner, reason, moves) = if a_is_red {
            play_game(&mut a, &mut b, opening, movetime)
        } else {
            play_game(&mut b, &mut a, opening, movetime)
        };
        let a_color = if a_is_red { Color::Red } else { Color::Black };
        let result = match winner {
            None => {
                d += 1;
                "draw"
            }
            Some(c) if c == a_color => {
                w += 1;
                "engine1 wins"
            }
            Some(_) => {
                l += 1;
                "engine2 wins"
            }
        };
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
    let n = f64::from(w + d + l);
    let p = (f64::from(w) + 0.5 * f64::from(d)) / n;
    let var = (f64::from(w) * (1.0 - p).powi(2)
        + f64::from(d) * (0.5 - p).powi(2)
        + f64::from(l) * p.powi(2))
        / n;
    let se = (var / n).sqrt();
    println!(
        "engine1: W {w} D {d} L {l}, score {:.1}%, Elo {:+.0} (95%: {:+.0} .. {:+.0})",
        100.0 * p,
        elo(p),
        elo(p - 1.96 * se),
        elo(p + 1.96 * se)
    );
    Ok(())
}
