//! The match: its games, the arbiter's adjudication and the report.

use std::io::Write;
use std::time::{Duration, Instant};

use xiangqi::notation::{ParseNotationError, UciMove, UciRanks, parse_uci};
use xiangqi::{Color, Game, GameError, Move, Position, Rules, Score};

use crate::matches::adjudication::{Adjudicator, DrawRule, ResignRule, centipawns};
use crate::matches::clock::{SideClock, TimeControl};
use crate::matches::config::{Config, MAX_PLIES};
use crate::matches::ending::{EndKind, Ending};
use crate::matches::sprt::results_line;
use crate::matches::tally::{Pairing, Tally};
use crate::matches::{openings, pool, pyffish, record, results, sprt_report};
use xiangqi_client::{EngineProcess, GameClocks, Think, parse_info};

/// What an engine said about a move it chose, and the time it took.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveNote {
    /// Its last score, from its own point of view.
    pub score: Option<Score>,
    /// The depth of that score.
    pub depth: Option<u32>,
    /// The time it took, as the runner measured it.
    pub time: Duration,
}

impl MoveNote {
    /// The PGN comment as cutechess-cli writes it: `+0.35/12 0.98s` (the
    /// score in pawns from the mover's view, the depth, the time), `+M5/20
    /// 0.10s` for a mate, or just the time without a score.
    pub fn comment(&self) -> String {
        let time = format!("{:.2}s", self.time.as_secs_f64());
        let score = match self.score {
            Some(Score::Cp(cp)) => format!("{:+.2}", f64::from(cp) / 100.0),
            Some(Score::Mate(n)) if n > 0 => format!("+M{n}"),
            Some(Score::Mate(n)) => format!("-M{}", n.unsigned_abs()),
            None => return time,
        };
        match self.depth {
            Some(d) => format!("{score}/{d} {time}"),
            None => format!("{score} {time}"),
        }
    }
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
        Err(e) => return Some(Ending::forfeit(side, &format!("failed: {e}"))),
    };
    let m = match parse_uci(game.position(), &text, ranks) {
        Ok(UciMove::Move(m)) => m,
        Ok(UciMove::Null) => return Some(Ending::forfeit(side, "sent the null move 0000")),
        Err(ParseNotationError::Illegal) => {
            return Some(Ending::forfeit(
                side,
                &format!("played the illegal move {text}"),
            ));
        }
        Err(_) => {
            return Some(Ending::forfeit(
                side,
                &format!("sent a malformed move {text:?}"),
            ));
        }
    };
    match game.play(m) {
        Ok(_) => None,
        Err(GameError::Illegal(_)) => Some(Ending::forfeit(
            side,
            &format!("played the illegal move {text}"),
        )),
        Err(e) => Some(Ending::forfeit(
            side,
            &format!("could not play {text}: {e}"),
        )),
    }
}

/// How every game is played and judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Arbiter {
    /// How much each move of Red and of Black may think.
    pub think: [Think; 2],
    /// The rules of the game.
    pub rules: Rules,
    /// Games reaching this many plies are drawn.
    pub max_plies: usize,
    /// A game clock (`think` then does not apply).
    pub clock: Option<TimeControl>,
    /// Resign adjudication by score.
    pub resign: Option<ResignRule>,
    /// Draw adjudication by score.
    pub draw: Option<DrawRule>,
}

impl Arbiter {
    /// The same arbiter with Red's and Black's thinking limits swapped:
    /// the match's arbiter gives engine 1's limit to Red, and this one
    /// serves the games engine 1 plays as Black.
    pub fn colours_swapped(&self) -> Arbiter {
        let [red, black] = self.think;
        Arbiter {
            think: [black, red],
            ..self.clone()
        }
    }
}

impl Default for Arbiter {
    fn default() -> Arbiter {
        Arbiter {
            think: [Think::MoveTime(200); 2],
            rules: Rules::default(),
            max_plies: MAX_PLIES,
            clock: None,
            resign: None,
            draw: None,
        }
    }
}

/// A played game: the winner (`None`: a draw), why, every move from the
/// start (the opening's first) and a note for each engine move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePlayed {
    /// The winner.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: String,
    /// What ended it.
    pub kind: EndKind,
    /// The moves.
    pub moves: Vec<Move>,
    /// One note for each move after the opening's.
    pub notes: Vec<MoveNote>,
}

/// Plays one game; returns the winner (None: draw), the reason and the moves.
#[cfg(test)]
pub fn play_game(
    red: &mut EngineProcess,
    black: &mut EngineProcess,
    opening: &[Move],
    arbiter: &Arbiter,
) -> (Option<Color>, String, Vec<Move>) {
    play_game_from(red, black, None, opening, arbiter)
}

/// Plays one game from `start` (None: the start position), after the
/// `opening` moves; returns the winner (None: draw), the reason and the
/// moves (without the start position).
#[cfg(test)]
pub fn play_game_from(
    red: &mut EngineProcess,
    black: &mut EngineProcess,
    start: Option<&Position>,
    opening: &[Move],
    arbiter: &Arbiter,
) -> (Option<Color>, String, Vec<Move>) {
    let g = play_full(red, black, start, opening, arbiter);
    (g.winner, g.reason, g.moves)
}

/// Plays one game as [`play_game_from`] does, with a note on each engine
/// move.
pub fn play_full(
    red: &mut EngineProcess,
    black: &mut EngineProcess,
    start: Option<&Position>,
    opening: &[Move],
    arbiter: &Arbiter,
) -> GamePlayed {
    let position = start.cloned().unwrap_or_else(Position::new);
    let mut game = Game::with_rules(position, arbiter.rules.clone());
    let fen = start.map(|p| p.to_string());
    let mut notes = Vec::new();
    let Ending {
        winner,
        reason,
        kind,
    } = play_moves(
        [red, black],
        fen.as_deref(),
        opening,
        arbiter,
        &mut game,
        &mut notes,
    );
    GamePlayed {
        winner,
        reason,
        kind,
        moves: game.moves().collect(),
        notes,
    }
}

fn play_moves(
    [red, black]: [&mut EngineProcess; 2],
    fen: Option<&str>,
    opening: &[Move],
    arbiter: &Arbiter,
    game: &mut Game,
    notes: &mut Vec<MoveNote>,
) -> Ending {
    // A side that cannot even start a game loses it.
    if let Err(e) = red.new_game() {
        return Ending::forfeit(Color::Red, &format!("failed: {e}"));
    }
    if let Err(e) = black.new_game() {
        return Ending::forfeit(Color::Black, &format!("failed: {e}"));
    }
    for &m in opening {
        if game.play(m).is_err() {
            return Ending::bad_opening(m);
        }
    }
    let mut clocks = arbiter.clock.map(|tc| [SideClock::new(tc); 2]);
    let mut scores = Adjudicator::new(arbiter.resign, arbiter.draw);
    loop {
        if let Some(ending) = Ending::of_game(game, arbiter.max_plies) {
            return ending;
        }
        let side = game.position().turn();
        let engine = if side == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        let moves: Vec<Move> = game.moves().collect();
        let before = game.position().clone();
        let started = Instant::now();
        let reply = match &clocks {
            Some([r, b]) => {
                let go = GameClocks {
                    remaining: [r.remaining, b.remaining],
                    increment: [r.control.increment, b.control.increment],
                    moves_to_go: if side == Color::Red { r } else { b }.moves_left,
                    turn: side,
                };
                engine.best_move_clocked(fen, &moves, &go)
            }
            None => {
                let think = arbiter.think[usize::from(side == Color::Black)];
                engine.best_move_from(fen, &moves, think)
            }
        };
        let time = started.elapsed();
        if let Some(clocks) = clocks.as_mut() {
            if !clocks[usize::from(side == Color::Black)].charge(time) {
                return Ending::flag_fall(&before, side);
            }
        }
        let info = engine
            .last_info()
            .and_then(|line| parse_info(line, &before, engine.ranks()));
        if let Some(ending) = apply_reply(game, reply.map_err(|e| e.to_string()), engine.ranks()) {
            return ending;
        }
        let score = info.as_ref().and_then(|i| i.score);
        notes.push(MoveNote {
            score,
            depth: info.and_then(|i| i.depth),
            time,
        });
        // The rules' verdicts come first.
        if game.outcome().is_none() {
            if let Some(ending) = scores.after_move(side, game.ply(), score.map(centipawns)) {
                return ending;
            }
        }
    }
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
    // The games played so far on standard error (a terminal's only),
    // cleared around each report line.
    let bar = crate::progress::bar("match", config.games as u64);
    let say = |out: &mut dyn Write, line: &str| -> Result<(), String> {
        bar.suspend(|| writeln!(out, "{line}").and_then(|_| out.flush()))
            .map_err(|e| format!("cannot write the report: {e}"))
    };
    // Every opening is read, and checked, before any game starts.
    let openings = openings::read(
        config.openings.as_deref(),
        config.openings_format,
        config.opening_plies,
    )?;
    if config.pyffish.is_some() && openings.iter().any(|o| o.start.is_some()) {
        return Err("--pyffish replays games from the start position only: \
                    these openings have other start positions"
            .to_string());
    }
    let order = openings::order(openings.len(), config.openings_order, config.openings_seed);
    if let Some(dir) = &config.pgn_dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {dir}: {e}"))?;
    }
    let arbiter = Arbiter {
        // Engine 1's and engine 2's: Red's and Black's when engine 1 has
        // Red (`Arbiter::colours_swapped` for the other games).
        think: config.think,
        rules: config.rules.clone(),
        max_plies: config.max_plies,
        clock: config.clock,
        resign: config.resign,
        draw: config.draw,
    };
    // Adjudicated games (resigned, drawn) and flag falls, reported apart.
    let mut apart = [0usize; 3];
    let count_apart = |apart: &mut [usize; 3], kind: Option<EndKind>| match kind {
        Some(EndKind::Resign) => apart[0] += 1,
        Some(EndKind::Draw) => apart[1] += 1,
        Some(EndKind::Flag) => apart[2] += 1,
        _ => {}
    };
    let tc = config.time_control_label();
    let mut tally = Tally::default();
    let mut pairs = Pairing::default();
    let mut played = Vec::new();
    let first = config.first;
    let range = first..first.saturating_add(config.games);
    // With --resume, the games of the range already in the results file
    // are counted, not played again.
    let resumed = match (&config.results, config.resume) {
        (Some(path), true) => results::resume(path)?
            .into_iter()
            .filter(|s| usize::try_from(s.game).is_ok_and(|g| range.contains(&g)))
            .collect(),
        _ => Vec::new(),
    };
    let mut done = std::collections::BTreeSet::new();
    for s in &resumed {
        let g = s.game as usize;
        done.insert(g);
        let half_points = (2.0 * s.score1).round() as u32;
        match half_points {
            2 => tally.w += 1,
            1 => tally.d += 1,
            _ => tally.l += 1,
        }
        pairs.add(g, half_points);
        count_apart(&mut apart, s.kind);
    }
    let numbers: Vec<usize> = range.filter(|g| !done.contains(g)).collect();
    let mut decided = false;
    if let (Some(path), false) = (&config.results, resumed.is_empty()) {
        let Tally { w, d, l } = tally;
        bar.inc(resumed.len() as u64);
        say(
            out,
            &format!(
                "resumed {} games from {path}: W {w} D {d} L {l}",
                resumed.len()
            ),
        )?;
        say(out, &live_line(config, &tc, [w, d, l], &pairs.counts.0))?;
        if let Some(sprt) = &config.sprt {
            if let Some(d) = sprt.decision(sprt.llr(&pairs.counts.0)) {
                say(out, &sprt_report::decision_line(sprt, d))?;
                decided = true;
            }
        }
    }
    let games = pool::MatchGames {
        engines: &config.engines,
        ucci_time: config.ucci_time,
        arbiter: &arbiter,
        openings: &openings,
        order: &order,
        numbers: if decided { &[] } else { &numbers },
    };
    let mut reported = 0usize;
    let play = !games.numbers.is_empty();
    play.then(|| {
        pool::play_all(&games, config.concurrency, |g, events| {
            for event in events {
                let (a_is_red, game) = match event {
                    pool::Event::Note(line) => {
                        say(out, &line)?;
                        continue;
                    }
                    pool::Event::Dead(why) => {
                        say(out, &format!("match stopped after {reported} games: {why}"))?;
                        return Ok(false);
                    }
                    pool::Event::Played(a_is_red, game) => (a_is_red, game),
                };
                let GamePlayed {
                    winner,
                    reason,
                    kind,
                    moves,
                    notes,
                } = *game;
                reported += 1;
                count_apart(&mut apart, Some(kind));
                let a_color = if a_is_red { Color::Red } else { Color::Black };
                let result = tally.add(winner, a_color);
                // Engine 1's half points, and the pair (games 2k and 2k + 1:
                // one opening, colours swapped) when this game completes one.
                let half_points = match winner {
                    None => 1,
                    Some(c) if c == a_color => 2,
                    Some(_) => 0,
                };
                let pair_done = pairs.add(g, half_points);
                let Tally { w, d, l } = tally;
                bar.inc(1);
                bar.set_message(format!("W {w} D {d} L {l}"));
                say(
                    out,
                    &format!(
                        "game {:3}: engine1 {} | {result} ({reason}, {} plies) | W {w} D {d} L {l}",
                        g + 1,
                        if a_is_red { "red  " } else { "black" },
                        moves.len()
                    ),
                )?;
                if config.pgn.is_some() || config.pgn_dir.is_some() {
                    let [n1, n2] = &config.names;
                    let players = if a_is_red {
                        [n1.as_str(), n2]
                    } else {
                        [n2.as_str(), n1]
                    };
                    let opening = &openings[games.opening_of(g)];
                    let text = record::to_pgn(&record::FinishedGame {
                        number: g + 1,
                        players,
                        start: opening.start.as_ref(),
                        moves: &moves,
                        opening_plies: opening.moves.len().min(moves.len()),
                        winner,
                        reason: &reason,
                        notes: &notes,
                    })?;
                    if let Some(path) = &config.pgn {
                        append(path, &text)?;
                    }
                    if let Some(dir) = &config.pgn_dir {
                        let path = std::path::Path::new(dir).join(format!("game-{:04}.pgn", g + 1));
                        std::fs::write(&path, format!("{}\n", text.trim_end()))
                            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                    }
                }
                if let Some(path) = &config.results {
                    let line = results::GameLine {
                        game: g as u64,
                        pair: (g / 2) as u64,
                        opening: games.opening_of(g) as u64,
                        engine1_red: a_is_red,
                        winner,
                        reason: reason.clone(),
                        kind,
                        plies: moves.len() as u64,
                    };
                    results::append_line(path, &line.to_json())?;
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
                say(out, &live_line(config, &tc, [w, d, l], &pairs.counts.0))?;
                // The SPRT decides on the pairs, after each one.
                if let Some(sprt) = config.sprt.as_ref().filter(|_| pair_done) {
                    if let Some(d) = sprt.decision(sprt.llr(&pairs.counts.0)) {
                        say(out, &sprt_report::decision_line(sprt, d))?;
                        return Ok(false);
                    }
                }
            }
            Ok(true)
        })
    })
    .transpose()?;
    bar.finish_and_clear();
    if let Some(python) = &config.pyffish {
        for line in second_opinion(python, &config.rules, &played) {
            say(out, &line)?;
        }
    }
    let [resigned, drawn, flagged] = apart;
    if config.resign.is_some() || config.draw.is_some() || config.clock.is_some() {
        say(
            out,
            &format!(
                "adjudicated by score: {resigned} resigned, {drawn} drawn; flag falls: {flagged}"
            ),
        )?;
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

/// The live results line after `wdl` games and the pairs' `penta` counts.
fn live_line(config: &Config, tc: &str, wdl: [u32; 3], penta: &[u32; 5]) -> String {
    let [n1, n2] = &config.names;
    let games = wdl.iter().sum();
    results_line([n1, n2], tc, games, Some(wdl), penta, config.sprt.as_ref())
}
