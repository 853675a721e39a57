//! The match: flags, games, adjudication, the tally and the report.

use std::io::Write;

use xiangqi::notation::{ParseNotationError, UciMove, UciRanks, parse_uci};
use xiangqi::{Color, Game, GameError, Move, Position, Rules};

use crate::matches::{pyffish, record};
use xiangqi_engine::client::{Engine, Spec, Think, UcciTime};

/// The longest game played by default; longer ones are drawn.
pub const MAX_PLIES: usize = 400;

/// The usage text.
pub const USAGE: &str = "\
usage: match --engine1 CMD --engine2 CMD [options]
engines (N = 1 or 2):
  --engineN CMD             the command line of engine N
  --engineN-protocol P      uci (default) or ucci
  --engineN-ranks R         0-9 (default) or 1-10 (Fairy-Stockfish's UCI moves)
  --engineN-init LINE       a command sent after the handshake (repeatable),
                            e.g. \"setoption usebook false\" for ElephantEye
  --engineN-fsf             Fairy-Stockfish in UCI: ranks 1-10 and
                            \"setoption name UCI_Variant value xiangqi\"
  --engineN-name NAME       its name in the PGN file (default engineN)
  --ucci-time stop|movestogo  how a UCCI engine gets the move time (default
                            stop: go depth 32, then stop after the move time)
games:
  --games N                 number of games (default 10), each opening twice
  --first-game N            start at game N (0-based), to split a match
  --openings FILE           one opening a line, ICCS moves (default
                            engine/src/matches/openings.txt)
  --fens FILE               one start position a line, FEN, instead of
                            openings (each played twice, colours swapped)
  --movetime MS | --depth N | --nodes N   per move (default --movetime 200)
  --max-plies N             draw after N plies (default 400)
rules (the arbiter's, Game with Rules):
  --move-limit N            moves without a capture before a draw, 0 = none
                            (default 60; Fairy-Stockfish and ElephantEye use 50)
  --check-cap N             checks beyond N do not count toward it (0 = none)
  --repetition-count N      occurrences that end the game (default 3)
  --chase asian|fairy-stockfish|none   the chase rule (default asian)
report:
  --verbose                 print each game's moves
  --pgn FILE                append each game to FILE as PGN as it ends
  --sprt ELO0 ELO1          stop early by a sequential probability ratio test
  --pyffish PYTHON          at the end, replay the games with pyffish and
                            list the games it would judge differently";

/// Everything a match needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Engine 1 and engine 2.
    pub engines: [Spec; 2],
    /// How a UCCI engine gets a move time.
    pub ucci_time: UcciTime,
    /// Number of games.
    pub games: usize,
    /// The first game's number (0-based).
    pub first: usize,
    /// The openings file.
    pub openings: String,
    /// The start positions file (FEN), replacing the openings.
    pub fens: Option<String>,
    /// How much each move may think.
    pub think: Think,
    /// The arbiter's rules.
    pub rules: Rules,
    /// Games reaching this many plies are drawn.
    pub max_plies: usize,
    /// Print each game's moves.
    pub verbose: bool,
    /// SPRT bounds, if any.
    pub sprt: Option<(f64, f64)>,
    /// The Python interpreter with pyffish, for the second opinion.
    pub pyffish: Option<String>,
    /// The engines' names in the PGN file.
    pub names: [String; 2],
    /// Where to append each game as PGN.
    pub pgn: Option<String>,
}

/// Parses a whole number flag value.
fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{flag} {value:?}: not a valid number"))
}

/// Parses the command line (without the program name).
pub fn parse_args(args: &[String]) -> Result<Config, String> {
    let mut engines = [Spec::uci(""), Spec::uci("")];
    let mut config = Config {
        engines: engines.clone(),
        ucci_time: UcciTime::Stop,
        games: 10,
        first: 0,
        openings: "engine/src/matches/openings.txt".to_string(),
        fens: None,
        think: Think::MoveTime(200),
        rules: Rules::default(),
        max_plies: MAX_PLIES,
        verbose: false,
        sprt: None,
        pyffish: None,
        names: ["engine1".to_string(), "engine2".to_string()],
        pgn: None,
    };
    let mut thinks = Vec::new();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        // Per-engine flags: --engine1..., --engine2...
        if let Some(rest) = flag.strip_prefix("--engine") {
            let (n, what) = rest.split_at(rest.len().min(1));
            let i = match n {
                "1" => 0,
                "2" => 1,
                _ => return Err(format!("unknown flag {flag:?} (see --help)")),
            };
            let mut value = value;
            if what == "-name" {
                config.names[i] = value()?;
                continue;
            }
            engines[i].apply_flag(flag, what, &mut value)?;
            continue;
        }
        match flag.as_str() {
            "--help" | "-h" => return Err(USAGE.to_string()),
            "--ucci-time" => {
                config.ucci_time = match value()?.as_str() {
                    "stop" => UcciTime::Stop,
                    "movestogo" => UcciTime::MovesToGo,
                    v => return Err(format!("--ucci-time {v:?}: expected stop or movestogo")),
                }
            }
            "--games" => config.games = number(flag, &value()?)?,
            "--first-game" => config.first = number(flag, &value()?)?,
            "--openings" => config.openings = value()?,
            "--fens" => config.fens = Some(value()?),
            "--movetime" => thinks.push(Think::MoveTime(number(flag, &value()?)?)),
            "--depth" => thinks.push(Think::Depth(number(flag, &value()?)?)),
            "--nodes" => thinks.push(Think::Nodes(number(flag, &value()?)?)),
            "--max-plies" => config.max_plies = number(flag, &value()?)?,
            "--move-limit" => {
                let n: u32 = number(flag, &value()?)?;
                config.rules = config.rules.with_move_limit((n > 0).then_some(n));
            }
            "--check-cap" => {
                let n: u32 = number(flag, &value()?)?;
                config.rules = config.rules.with_check_cap((n > 0).then_some(n));
            }
            "--repetition-count" => {
                let n: u32 = number(flag, &value()?)?;
                if n < 2 {
                    return Err(format!("--repetition-count {n}: at least 2"));
                }
                config.rules = config.rules.with_repetition_count(n);
            }
            "--chase" => {
                let (detect, checks) = match value()?.as_str() {
                    "asian" => (true, false),
                    "fairy-stockfish" => (true, true),
                    "none" => (false, false),
                    v => {
                        return Err(format!(
                            "--chase {v:?}: expected asian, fairy-stockfish or none"
                        ));
                    }
                };
                config.rules = config
                    .rules
                    .with_chase_detection(detect)
                    .with_checks_also_chase(checks);
            }
            "--verbose" => config.verbose = true,
            "--sprt" => {
                let e0 = number(flag, &value()?)?;
                let e1 = number(flag, &value()?)?;
                config.sprt = Some((e0, e1));
            }
            "--pyffish" => config.pyffish = Some(value()?),
            "--pgn" => config.pgn = Some(value()?),
            _ => return Err(format!("unknown flag {flag:?} (see --help)")),
        }
    }
    for (i, spec) in engines.iter().enumerate() {
        if spec.cmd.trim().is_empty() {
            return Err(format!("--engine{} <command> required", i + 1));
        }
    }
    if config.fens.is_some() && config.pyffish.is_some() {
        return Err("--pyffish replays from the start position: not with --fens".to_string());
    }
    config.think = match thinks.as_slice() {
        [] => Think::MoveTime(200),
        [one] => *one,
        _ => return Err("give one of --movetime, --depth and --nodes".to_string()),
    };
    config.engines = engines;
    Ok(config)
}

/// How a game ended: the winner (`None`: draw) and why.
pub type Ending = (Option<Color>, String);

/// `side` loses the game because of what it did.
pub fn forfeit(side: Color, why: &str) -> Ending {
    let result = if side == Color::Red { "0-1" } else { "1-0" };
    (
        Some(!side),
        format!("{result} {} wins: {side} {why}", !side),
    )
}

/// The game's verdict, or the ply cap, if the game is over.
pub fn adjudicate(game: &Game, max_plies: usize) -> Option<Ending> {
    if let Some(verdict) = game.outcome() {
        return Some((verdict.winner, verdict.to_string()));
    }
    (game.ply() >= max_plies).then(|| (None, format!("1/2-1/2 draw after {max_plies} plies")))
}

/// Plays the side to move's reply: the move text of its `bestmove`, or
/// why it sent none. A malformed or illegal move, or none at all, loses:
/// returns the ending then.
pub fn apply_reply(
    game: &mut Game,
    reply: Result<String, String>,
    ranks: UciRanks,
) -> Option<Ending> {
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

/// How every game is played and judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Arbiter {
    /// How much each move may think.
    pub think: Think,
    /// The rules of the game.
    pub rules: Rules,
    /// Games reaching this many plies are drawn.
    pub max_plies: usize,
}

impl Default for Arbiter {
    fn default() -> Arbiter {
        Arbiter {
            think: Think::MoveTime(200),
            rules: Rules::default(),
            max_plies: MAX_PLIES,
        }
    }
}

/// Plays one game; returns the winner (None: draw), the reason and the moves.
#[cfg(test)]
pub fn play_game(
    red: &mut Engine,
    black: &mut Engine,
    opening: &[Move],
    arbiter: &Arbiter,
) -> (Option<Color>, String, Vec<Move>) {
    play_game_from(red, black, None, opening, arbiter)
}

/// Plays one game from `start` (None: the start position), after the
/// `opening` moves; returns the winner (None: draw), the reason and the
/// moves (without the start position).
pub fn play_game_from(
    red: &mut Engine,
    black: &mut Engine,
    start: Option<&Position>,
    opening: &[Move],
    arbiter: &Arbiter,
) -> (Option<Color>, String, Vec<Move>) {
    let position = start.cloned().unwrap_or_else(Position::new);
    let mut game = Game::with_rules(position, arbiter.rules.clone());
    let fen = start.map(|p| p.to_string());
    let (winner, reason) = play_moves(red, black, fen.as_deref(), opening, arbiter, &mut game);
    (winner, reason, game.moves().collect())
}

fn play_moves(
    red: &mut Engine,
    black: &mut Engine,
    fen: Option<&str>,
    opening: &[Move],
    arbiter: &Arbiter,
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
        if let Some(ending) = adjudicate(game, arbiter.max_plies) {
            return ending;
        }
        let engine = if game.position().turn() == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        let moves: Vec<Move> = game.moves().collect();
        let reply = engine.best_move_from(fen, &moves, arbiter.think);
        if let Some(ending) = apply_reply(game, reply.map_err(|e| e.to_string()), engine.ranks()) {
            return ending;
        }
    }
}

/// Engine 1's wins, draws and losses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Wins.
    pub w: u32,
    /// Draws.
    pub d: u32,
    /// Losses.
    pub l: u32,
}

impl Tally {
    /// Counts a game won by `winner` (None: draw) in which engine 1 played
    /// `engine1`; returns the result as the game line says it.
    pub fn add(&mut self, winner: Option<Color>, engine1: Color) -> &'static str {
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
    pub fn elo(&self) -> Option<(f64, f64, f64, f64)> {
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
    pub fn summary(&self) -> String {
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
pub fn llr(w: u32, d: u32, l: u32, elo0: f64, elo1: f64) -> f64 {
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
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    // `+ 0.0` turns -0 into 0, so an even score prints `+0`.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}

/// Reads the openings: one a line, ICCS moves, `#` comments.
pub fn read_openings(path: &str) -> Result<Vec<Vec<Move>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    xiangqi_engine::selfplay::parse_openings(&text)
}

/// Reads the start positions: one FEN a line, `#` comments.
pub fn read_fens(path: &str) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let fens: Vec<Position> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| l.parse().map_err(|e| format!("{path}: {l:?}: {e}")))
        .collect::<Result<_, _>>()?;
    if fens.is_empty() {
        return Err(format!("{path}: no positions"));
    }
    Ok(fens)
}

/// A finished game, for the pyffish comparison.
struct Played {
    number: usize,
    moves: Vec<Move>,
    reason: String,
}

/// Plays the match, printing a line per game and the summary to `out`;
/// returns the tally.
pub fn run(config: &Config, out: &mut impl Write) -> Result<Tally, String> {
    let say = |out: &mut dyn Write, line: &str| -> Result<(), String> {
        writeln!(out, "{line}")
            .and_then(|_| out.flush())
            .map_err(|e| format!("cannot write the report: {e}"))
    };
    // Either start positions (FEN) or openings (moves from the start).
    let (fens, openings) = match &config.fens {
        Some(path) => (read_fens(path)?, vec![Vec::new()]),
        None => (Vec::new(), read_openings(&config.openings)?),
    };
    let mut a = Engine::start(&config.engines[0]).map_err(|e| e.to_string())?;
    let mut b = Engine::start(&config.engines[1]).map_err(|e| e.to_string())?;
    a.ucci_time = config.ucci_time;
    b.ucci_time = config.ucci_time;
    let arbiter = Arbiter {
        think: config.think,
        rules: config.rules.clone(),
        max_plies: config.max_plies,
    };
    // Error rates alpha = beta = 0.05.
    let llr_bound = (0.95f64 / 0.05).ln();
    let mut tally = Tally::default();
    let mut played = Vec::new();
    let first = config.first;
    for g in first..first.saturating_add(config.games) {
        // A crashed or hung engine gets a fresh process; if that fails, the
        // match ends here.
        let mut dead = None;
        for (name, engine) in [("engine1", &mut a), ("engine2", &mut b)] {
            if !engine.healthy() {
                say(out, &format!("{name}: restarting after a failure"))?;
                if let Err(e) = engine.restart() {
                    dead = Some(format!("{name} cannot be restarted: {e}"));
                }
            }
        }
        if let Some(why) = dead {
            say(
                out,
                &format!("match stopped after {} games: {why}", g - first),
            )?;
            break;
        }
        let opening = &openings[(g / 2) % openings.len()];
        let start = (!fens.is_empty()).then(|| &fens[(g / 2) % fens.len()]);
        let a_is_red = g % 2 == 0;
        let (winner, reason, moves) = if a_is_red {
            play_game_from(&mut a, &mut b, start, opening, &arbiter)
        } else {
            play_game_from(&mut b, &mut a, start, opening, &arbiter)
        };
        let a_color = if a_is_red { Color::Red } else { Color::Black };
        let result = tally.add(winner, a_color);
        let Tally { w, d, l } = tally;
        say(
            out,
            &format!(
                "game {:3}: engine1 {} | {result} ({reason}, {} plies) | W {w} D {d} L {l}",
                g + 1,
                if a_is_red { "red  " } else { "black" },
                moves.len()
            ),
        )?;
        if let Some(path) = &config.pgn {
            let red_is_a = a_is_red;
            let [n1, n2] = &config.names;
            let players = if red_is_a {
                [n1.as_str(), n2]
            } else {
                [n2.as_str(), n1]
            };
            let text = record::to_pgn(&record::Finished {
                number: g + 1,
                players,
                start,
                moves: &moves,
                opening_plies: opening.len().min(moves.len()),
                winner,
                reason: &reason,
            })?;
            append(path, &text)?;
        }
        if config.verbose {
            let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            say(out, &format!("  moves: {}", list.join(" ")))?;
        }
        played.push(Played {
            number: g + 1,
            moves,
            reason,
        });
        if let Some((elo0, elo1)) = config.sprt {
            let x = llr(w, d, l, elo0, elo1);
            say(
                out,
                &format!("  sprt [{elo0}, {elo1}]: LLR {x:.2} (bounds {llr_bound:.2})"),
            )?;
            if x >= llr_bound {
                say(
                    out,
                    &format!("sprt: H1 accepted (engine1 gains about {elo1} Elo)"),
                )?;
                break;
            }
            if x <= -llr_bound {
                say(
                    out,
                    &format!("sprt: H0 accepted (engine1 does not gain {elo1} Elo)"),
                )?;
                break;
            }
        }
    }
    drop((a, b));
    if let Some(python) = &config.pyffish {
        for line in second_opinion(python, &config.rules, &played) {
            say(out, &line)?;
        }
    }
    say(out, &tally.summary())?;
    Ok(tally)
}

/// Appends a game's PGN (and a blank line) to the file at `path`.
fn append(path: &str, pgn: &str) -> Result<(), String> {
    use std::fs::OpenOptions;
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open {path}: {e}"))?;
    writeln!(file, "{}", pgn.trim_end())
        .and_then(|()| writeln!(file))
        .map_err(|e| format!("cannot write {path}: {e}"))
}

/// The pyffish lines of the report: one per game judged differently, then
/// a count (or why pyffish could not be asked).
fn second_opinion(python: &str, rules: &Rules, played: &[Played]) -> Vec<String> {
    let games: Vec<&[Move]> = played.iter().map(|p| p.moves.as_slice()).collect();
    let judged = match pyffish::judge(python, &games) {
        Ok(j) => j,
        Err(e) => return vec![format!("pyffish: not available ({e})")],
    };
    let mut lines = Vec::new();
    for (p, theirs) in played.iter().zip(&judged) {
        let ours = pyffish::our_verdict(&p.moves, rules);
        if let Some(diff) = pyffish::difference(p.moves.len(), ours.as_deref(), theirs) {
            lines.push(format!(
                "pyffish: game {:3}: {diff} (ours: {})",
                p.number, p.reason
            ));
        }
    }
    lines.push(format!(
        "pyffish: {} of {} games judged differently",
        lines.len(),
        played.len()
    ));
    lines
}
