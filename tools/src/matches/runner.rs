//! The match: its games, the arbiter's adjudication and the report.

use std::io::Write;
use std::time::{Duration, Instant};

use xiangqi::notation::{ParseNotationError, UciMove, UciRanks, parse_uci};
use xiangqi::{Color, Game, GameError, Move, Position, Rules, Score};

use crate::matches::adjudication::{Adjudicator, DrawRule, ResignRule, centipawns};
use crate::matches::clock::{SideClock, TimeControl};
use crate::matches::config::{Config, MAX_PLIES};
use crate::matches::ending::{EndKind, Ending};
use crate::matches::error::MatchError;
use crate::matches::report::{Report, engine1_colour};
use crate::matches::resume::resume;
use crate::matches::tally::{Standing, Tally};
use crate::matches::{openings, pool, stopping};
use xiangqi_client::{ClientError, EngineProcess, GameClocks, Think, parse_info};

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
    reply: Result<String, ClientError>,
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
        if let Some(ending) = apply_reply(game, reply, engine.ranks()) {
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

/// Plays the match, printing a line per game and the summary to `out`;
/// returns the tally.
pub fn run(config: &Config, out: &mut impl Write) -> Result<Tally, MatchError> {
    let mut report = Report::new(config, out);
    // Every opening is read, and checked, before any game starts.
    let openings = openings::read(
        config.openings.as_deref(),
        config.openings_format,
        config.opening_plies,
    )?;
    if config.pyffish.is_some() && openings.iter().any(|o| o.start.is_some()) {
        return Err(MatchError::PyffishStart);
    }
    let order = openings::order(openings.len(), config.openings_order, config.openings_seed);
    if let Some(dir) = &config.pgn_dir {
        std::fs::create_dir_all(dir).map_err(|source| MatchError::CreateDir {
            path: dir.into(),
            source,
        })?;
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
    let mut standing = Standing::default();
    let resumed = resume(config, stopping::game_range(config), &mut standing)?;
    let mut decided = false;
    if let (Some(path), true) = (&config.results, resumed.games > 0) {
        report.resumed(path, resumed.games, &standing)?;
        if let Some(line) = stopping::sprt_decision(config, &standing.pairs) {
            report.say(&line)?;
            decided = true;
        }
    }
    let games = pool::MatchGames {
        engines: &config.engines,
        ucci_time: config.ucci_time,
        arbiter: &arbiter,
        openings: &openings,
        order: &order,
        numbers: if decided { &[] } else { &resumed.to_play },
    };
    let play = !games.numbers.is_empty();
    play.then(|| {
        pool::play_all(&games, config.concurrency, |g, events| {
            for event in events {
                let (a_is_red, game) = match event {
                    pool::Event::Note(line) => {
                        report.say(&line)?;
                        continue;
                    }
                    pool::Event::Dead(why) => {
                        let reported = report.reported;
                        report.say(&format!("match stopped after {reported} games: {why}"))?;
                        return Ok(false);
                    }
                    pool::Event::Played(a_is_red, game) => (a_is_red, game),
                };
                let engine1 = engine1_colour(a_is_red);
                let (result, pair_done) = standing.add_game(g, game.winner, engine1, game.kind);
                let opening = games.opening_of(g);
                let opening = (opening, &openings[opening]);
                report.game(g, a_is_red, opening, *game, result, &standing)?;
                // The SPRT decides on the pairs, after each one.
                if pair_done {
                    if let Some(line) = stopping::sprt_decision(config, &standing.pairs) {
                        report.say(&line)?;
                        return Ok(false);
                    }
                }
            }
            Ok(true)
        })
    })
    .transpose()?;
    report.finish(&standing)?;
    Ok(standing.tally)
}
