//! The games of a match played by `--concurrency N` workers, each a thread
//! driving its own pair of engine processes; the results are handed back
//! in game order.

use xiangqi_client::{EngineProcess, Spec, UcciTime};

use crate::matches::error::MatchError;
use crate::matches::openings::Opening;

use crate::matches::runner::{Arbiter, GamePlayed, play_full};
use crate::work::Queue;

/// What happened at one game of the match.
#[derive(Debug)]
pub enum Event {
    /// A line to print before the game's: an engine was restarted.
    Note(String),
    /// The game could not be played: the match stops here.
    Dead(String),
    /// The game was played; `true` when engine 1 had Red.
    Played(bool, Box<GamePlayed>),
}

/// The games to play and how.
pub struct MatchGames<'a> {
    /// Engine 1 and engine 2.
    pub engines: &'a [Spec; 2],
    /// How a UCCI engine gets a move time.
    pub ucci_time: UcciTime,
    /// The rules and thinking limits.
    pub arbiter: &'a Arbiter,
    /// The openings (at least one).
    pub openings: &'a [Opening],
    /// The order the pairs take them in: pair k plays
    /// `openings[order[k % order.len()]]` (at least one index).
    pub order: &'a [usize],
    /// The numbers (0-based) of the games to play, in the order they are
    /// taken and reported.
    pub numbers: &'a [usize],
}

impl MatchGames<'_> {
    /// The index of game `g`'s opening: games 2k and 2k + 1 (pair k) play
    /// the same one.
    pub fn opening_of(&self, g: usize) -> usize {
        self.order[(g / 2) % self.order.len()]
    }

    /// Plays game `g` (engine 1 Red in even games) with `pair`.
    fn play(&self, g: usize, pair: &mut [EngineProcess; 2]) -> Event {
        let opening = &self.openings[self.opening_of(g)];
        let (start, moves) = (opening.start.as_ref(), &opening.moves);
        let a_is_red = g % 2 == 0;
        let [a, b] = pair;
        let played = if a_is_red {
            play_full(a, b, start, moves, self.arbiter)
        } else {
            // Engine 1's thinking limit (time odds) goes with engine 1.
            play_full(b, a, start, moves, &self.arbiter.colours_swapped())
        };
        Event::Played(a_is_red, Box::new(played))
    }

    /// Starts a pair of engines.
    fn start(&self) -> Result<[EngineProcess; 2], MatchError> {
        let mut a = EngineProcess::start(&self.engines[0])?;
        let mut b = EngineProcess::start(&self.engines[1])?;
        a.ucci_time = self.ucci_time;
        b.ucci_time = self.ucci_time;
        Ok([a, b])
    }
}

/// Restarts the engines of `pair` that crashed or hung: the notes to
/// print, and the event that stops the match if one cannot be restarted.
fn revive(pair: &mut [EngineProcess; 2]) -> (Vec<Event>, bool) {
    let mut events = Vec::new();
    let mut dead = None;
    for (name, engine) in ["engine1", "engine2"].into_iter().zip(pair.iter_mut()) {
        if !engine.healthy() {
            events.push(Event::Note(format!("{name}: restarting after a failure")));
            if let Err(e) = engine.restart() {
                dead = Some(format!("{name} cannot be restarted: {e}"));
            }
        }
    }
    let stop = dead.is_some();
    events.extend(dead.map(Event::Dead));
    (events, stop)
}

/// Plays `games` on `workers` threads (at least one), each with its own
/// engine processes, each taking the next game not yet taken. `report` is
/// called on this thread once for each game, in the order of
/// `games.numbers`, with its number and events; it returns `Ok(false)` to stop the match (the games under way
/// are finished and not reported). An engine that cannot be started is an
/// error.
pub fn play_all(
    games: &MatchGames,
    workers: usize,
    mut report: impl FnMut(usize, Vec<Event>) -> Result<bool, MatchError>,
) -> Result<(), MatchError> {
    let numbers = games.numbers;
    // A pair that cannot be restarted plays no more: the games it takes
    // after its `Dead` come later in the order, where the match has stopped.
    Queue::new(workers).in_order().run(
        numbers.len(),
        |_| games.start().map(|pair| (pair, false)),
        |(pair, dead), i| {
            if *dead {
                return Ok(Vec::new());
            }
            let (mut events, lost) = revive(pair);
            *dead = lost;
            if !lost {
                events.push(games.play(numbers[i], pair));
            }
            Ok(events)
        },
        |i, events| report(numbers[i], events),
    )
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use xiangqi_client::Think;

    /// A fake UCI engine whose `case` arms after `uci` and `isready` are
    /// `arms` (`{log}` in them is its log file's path); returns its spec
    /// and the log file.
    fn fake(name: &str, arms: &str) -> (Spec, std::path::PathBuf) {
        let dir = std::env::temp_dir();
        let id = std::process::id();
        let log = dir.join(format!("xq-pool-{id}-{name}.log"));
        let path = dir.join(format!("xq-pool-{id}-{name}.sh"));
        let arms = arms.replace("{log}", &log.display().to_string());
        let text = format!(
            "while read -r line; do case \"$line\" in\n\
             uci) echo 'id name fake'; echo uciok ;;\n\
             isready) echo readyok ;;\n\
             {arms}\
             quit) exit 0 ;;\n\
             esac; done\n"
        );
        let _ = std::fs::remove_file(&log);
        std::fs::write(&path, text).unwrap();
        (Spec::uci("sh").with_args([path.display().to_string()]), log)
    }

    /// A fake engine that logs its process id at each new game and answers
    /// every `go` after 0.1 s with the move given.
    fn script(name: &str, answer: &str) -> (Spec, std::path::PathBuf) {
        let arms = format!(
            "ucinewgame) echo $$ >> '{{log}}' ;;\n\
             go*) sleep 0.1; echo 'bestmove {answer}' ;;\n"
        );
        fake(name, &arms)
    }

    /// A fake engine that plays h2e2 as Red and h9g7 as Black and logs
    /// each `go` line it gets.
    fn go_logger(name: &str) -> (Spec, std::path::PathBuf) {
        fake(
            name,
            "position*moves*) answer=h9g7 ;;\n\
             position*) answer=h2e2 ;;\n\
             go*) echo \"$line\" >> '{log}'; echo \"bestmove $answer\" ;;\n",
        )
    }

    /// The games `numbers` between `engines`, all from the start position.
    fn from_the_start<'a>(
        engines: &'a [Spec; 2],
        arbiter: &'a Arbiter,
        numbers: &'a [usize],
    ) -> MatchGames<'a> {
        const START: &[Opening] = &[Opening {
            start: None,
            moves: Vec::new(),
        }];
        MatchGames {
            engines,
            ucci_time: UcciTime::Stop,
            arbiter,
            openings: START,
            order: &[0],
            numbers,
        }
    }

    #[test]
    fn time_odds_go_with_the_engine_in_both_colours() {
        let (spec1, log1) = go_logger("odds-one");
        let (spec2, log2) = go_logger("odds-two");
        let engines = [spec1, spec2];
        // Engine 1's limit first, engine 2's second: Red's and Black's in
        // the games engine 1 plays Red.
        let arbiter = Arbiter {
            max_plies: 2,
            think: [Think::MoveTime(30), Think::MoveTime(70)],
            ..Arbiter::default()
        };
        let games = from_the_start(&engines, &arbiter, &[0, 1]);
        let mut moves = Vec::new();
        play_all(&games, 1, |_, events| {
            for e in events {
                match e {
                    Event::Played(_, game) => moves.push(game.moves.len()),
                    other => panic!("{other:?}"),
                }
            }
            Ok(true)
        })
        .unwrap();
        // Both games were played out (each engine moved once as Red and
        // once as Black) ...
        assert_eq!(moves, [2, 2]);
        let gos = |log: &std::path::Path| {
            let text = std::fs::read_to_string(log).unwrap_or_default();
            let _ = std::fs::remove_file(log);
            text.lines().map(String::from).collect::<Vec<_>>()
        };
        // ... and each got its own move time in both colours.
        assert_eq!(gos(&log1), ["go movetime 30", "go movetime 30"]);
        assert_eq!(gos(&log2), ["go movetime 70", "go movetime 70"]);
    }

    #[test]
    fn workers_have_their_own_engines_and_report_in_order() {
        let (spec1, log1) = script("one", "h2e2");
        let (spec2, log2) = script("two", "h9g7");
        let engines = [spec1, spec2];
        let arbiter = Arbiter {
            max_plies: 2,
            ..Arbiter::default()
        };
        let games = from_the_start(&engines, &arbiter, &[3, 4, 5, 6, 7, 8]);
        let mut seen = Vec::new();
        play_all(&games, 3, |g, events| {
            for e in events {
                match e {
                    Event::Played(a_is_red, game) => seen.push((g, a_is_red, game.moves.len())),
                    other => panic!("{other:?}"),
                }
            }
            Ok(g < 6)
        })
        .unwrap();
        // Games 3 to 6 reported, in order, then the match stopped. In the
        // odd games engine 2 has Red and its only move, h9g7, is illegal.
        assert_eq!(
            seen,
            [(3, false, 0), (4, true, 2), (5, false, 0), (6, true, 2)]
        );
        let pids = |log: &std::path::Path| {
            let text = std::fs::read_to_string(log).unwrap_or_default();
            let _ = std::fs::remove_file(log);
            let mut pids: Vec<String> = text.lines().map(String::from).collect();
            pids.sort();
            pids.dedup();
            pids.len()
        };
        // Each worker its own processes (three, unless one worker started
        // so late that the others had taken every game).
        assert!(pids(&log1) >= 2, "several processes of engine 1");
        assert!(pids(&log2) >= 2, "several processes of engine 2");
    }
}
