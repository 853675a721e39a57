//! The match's command line ([`MatchArgs`]) read into the [`Config`] of a
//! match.

use xiangqi::Rules;

use xiangqi_client::{Spec, Think, UcciTime};

use crate::matches::adjudication::{DrawRule, ResignRule};
use crate::matches::clock::TimeControl;
use crate::matches::error::MatchError;
use crate::matches::openings::{Format, Order};
use crate::matches::sprt::Sprt;

use crate::cli::{ChaseArg, MatchArgs, UcciTimeArg, engine_spec};

/// The longest game played by default; longer ones are drawn.
pub const MAX_PLIES: usize = 400;

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
    /// The openings file (`None`: the built-in openings).
    pub openings: Option<String>,
    /// Its format (`None`: detected).
    pub openings_format: Option<Format>,
    /// The order the pairs take the openings in.
    pub openings_order: Order,
    /// The seed of the random order.
    pub openings_seed: u64,
    /// PGN games and move lines are cut after this many plies.
    pub opening_plies: Option<usize>,
    /// How much each move of engine 1 and of engine 2 may think (the same
    /// unless `--engine1-movetime` or `--engine2-movetime` give odds).
    pub think: [Think; 2],
    /// The arbiter's rules.
    pub rules: Rules,
    /// Games reaching this many plies are drawn.
    pub max_plies: usize,
    /// Print each game's moves.
    pub verbose: bool,
    /// The SPRT, if any.
    pub sprt: Option<Sprt>,
    /// The Python interpreter with pyffish, for the second opinion.
    pub pyffish: Option<String>,
    /// The engines' names in the PGN file.
    pub names: [String; 2],
    /// Where to append each game as PGN.
    pub pgn: Option<String>,
    /// A directory for one PGN file a game.
    pub pgn_dir: Option<String>,
    /// Where to append each game's JSON line.
    pub results: Option<String>,
    /// Count the games already in the results file instead of playing them.
    pub resume: bool,
    /// A game clock (`think` then does not apply).
    pub clock: Option<TimeControl>,
    /// Resign adjudication by score.
    pub resign: Option<ResignRule>,
    /// Draw adjudication by score.
    pub draw: Option<DrawRule>,
    /// Games played at once, each by its own pair of engine processes.
    pub concurrency: usize,
}

impl Config {
    /// The PGN `TimeControl` tag (PGN standard 9.6.1, as cutechess-cli
    /// writes it): the clock (`40/60+0.6`, `10+0.1`, `300`), a fixed time a
    /// move (`0.1/move`), `-` for a depth or node limit (no clock); `None`
    /// with time odds (the engines' controls differ).
    pub fn pgn_time_control(&self) -> Option<String> {
        if self.clock.is_some() {
            return Some(self.time_control_label());
        }
        let [one, two] = self.think;
        match (one, two) {
            _ if one != two => None,
            (Think::MoveTime(_), _) => Some(self.time_control_label()),
            _ => Some("-".to_string()),
        }
    }

    /// The thinking limit as the results line names it: the clock (`40/60+0.6`,
    /// `10+0.1`), `0.2/move`, `depth 8` or `5000 nodes`; with time odds
    /// both engines' (`0.1/move vs 1/move`).
    pub fn time_control_label(&self) -> String {
        if let Some(tc) = &self.clock {
            let moves = tc.moves.map(|m| format!("{m}/")).unwrap_or_default();
            let inc = tc.increment.as_secs_f64();
            let inc = if inc > 0.0 {
                format!("+{inc}")
            } else {
                String::new()
            };
            return format!("{moves}{}{inc}", tc.base.as_secs_f64());
        }
        let label = |think: Think| match think {
            Think::MoveTime(ms) => format!("{}/move", ms as f64 / 1000.0),
            Think::Depth(d) => format!("depth {d}"),
            Think::Nodes(n) => format!("{n} nodes"),
        };
        let [one, two] = self.think;
        if one == two {
            label(one)
        } else {
            format!("{} vs {}", label(one), label(two))
        }
    }
}

/// The match the command line asks for.
pub fn config(a: &MatchArgs) -> Result<Config, MatchError> {
    let engines = [
        (
            &a.engine1,
            a.engine1_protocol,
            a.engine1_ranks,
            &a.engine1_init,
            a.engine1_fsf,
        ),
        (
            &a.engine2,
            a.engine2_protocol,
            a.engine2_ranks,
            &a.engine2_init,
            a.engine2_fsf,
        ),
    ];
    for (i, (cmd, ..)) in engines.iter().enumerate() {
        if cmd.trim().is_empty() {
            return Err(MatchError::EmptyEngine(i + 1));
        }
    }
    let engines = engines
        .map(|(cmd, protocol, ranks, init, fsf)| engine_spec(cmd, protocol, ranks, init, fsf));
    let st = match a.st {
        Some(s) if s.is_finite() && s > 0.0 && s < 1e9 => {
            Some((s * 1000.0).round().max(1.0) as u64)
        }
        Some(s) => return Err(MatchError::MoveSeconds(s)),
        None => None,
    };
    let think = match (a.movetime.or(st), a.depth, a.nodes) {
        (_, Some(d), _) => Think::Depth(d),
        (_, _, Some(n)) => Think::Nodes(n),
        (Some(ms), ..) => Think::MoveTime(ms),
        (None, None, None) => Think::MoveTime(200),
    };
    let mut odds = [think; 2];
    for (i, ms) in [a.engine1_movetime, a.engine2_movetime]
        .into_iter()
        .enumerate()
    {
        match ms {
            Some(0) => return Err(MatchError::ZeroMoveTime(i + 1)),
            Some(ms) => odds[i] = Think::MoveTime(ms),
            None => {}
        }
    }
    let think = odds;
    let mut rules = Rules::default();
    if let Some(n) = a.move_limit {
        rules = rules.with_move_limit((n > 0).then_some(n));
    }
    if let Some(n) = a.check_cap {
        rules = rules.with_check_cap((n > 0).then_some(n));
    }
    if let Some(n) = a.repetition_count {
        rules = rules.with_repetition_count(n);
    }
    if let Some(chase) = a.chase {
        let (detect, checks) = match chase {
            ChaseArg::Asian => (true, false),
            ChaseArg::FairyStockfish => (true, true),
            ChaseArg::None => (false, false),
        };
        rules = rules
            .with_chase_detection(detect)
            .with_checks_also_chase(checks);
    }
    let sprt = match a.sprt.as_deref() {
        Some(&[e0, e1]) => Some(
            Sprt::new(e0, e1, a.sprt_alpha, a.sprt_beta, a.sprt_model).map_err(MatchError::Sprt)?,
        ),
        _ => None,
    };
    Ok(Config {
        engines,
        ucci_time: match a.ucci_time {
            UcciTimeArg::Stop => UcciTime::Stop,
            UcciTimeArg::Movestogo => UcciTime::MovesToGo,
        },
        games: a.games,
        first: a.first_game,
        // `--fens FILE` is `--openings FILE --openings-format fen`.
        openings: a.openings.clone().or_else(|| a.fens.clone()),
        openings_format: a
            .openings_format
            .or(a.fens.is_some().then_some(Format::Fen)),
        openings_order: a.openings_order,
        openings_seed: a.openings_seed,
        opening_plies: a.opening_plies,
        think,
        rules,
        max_plies: a.max_plies,
        verbose: a.verbose,
        sprt,
        pyffish: a.pyffish.clone(),
        names: [a.engine1_name.clone(), a.engine2_name.clone()],
        pgn: a.pgn.clone(),
        pgn_dir: a.pgn_dir.clone(),
        results: a.results.clone(),
        resume: a.resume,
        clock: a.tc,
        resign: a.resign.as_deref().map(ResignRule::parse).transpose()?,
        draw: a.draw.as_deref().map(DrawRule::parse).transpose()?,
        concurrency: usize::from(a.concurrency),
    })
}
