//! Plays a match between two engines, UCI or UCCI, adjudicated by this
//! crate's rules.
//!
//! ```text
//! cargo run --release -p xiangqi-tools -- match \
//!     --engine1 target/release/xiangqi-engine \
//!     --engine2 "node --no-experimental-fetch node_modules/fairy-stockfish-nnue.wasm/uci.js" \
//!     --engine2-fsf --games 100 --movetime 200
//! cargo run --release -p xiangqi-tools -- match \
//!     --engine1 target/release/xiangqi-engine --engine1-init "setoption name Move Limit value 50" \
//!     --engine2 /path/to/eleeye --engine2-protocol ucci --engine2-init "setoption usebook false" \
//!     --move-limit 50 --games 4 --movetime 50 --pyffish python3
//! cargo run --release -p xiangqi-tools -- match --help
//! ```
//!
//! Openings ([`openings`]): `--openings FILE` holds FEN lines, EPD lines
//! (the FEN's first four or six fields, then opcodes such as `id "x";`),
//! PGN games (each game's mainline from its start or its `FEN` tag, cut
//! after `--opening-plies N` plies if given) or lines of ICCS moves from
//! the start position (the default: the built-in openings); the format
//! comes from the extension (`.fen`, `.epd`, `.pgn`), else from the first
//! line, or from `--openings-format fen|epd|pgn|moves`. `--fens FILE` is
//! `--openings FILE --openings-format fen`. Composed positions are accepted
//! (lenient validation); a bad line, or an opening whose game is already
//! over, is an error naming the file and line before any game starts.
//! Games 2k and 2k + 1 (pair k) play the same opening, colours swapped
//! (engine 1 has Red in the even games): opening k of the file, wrapping,
//! or with `--openings-order random` opening k of the file's order shuffled
//! by `--openings-seed S` (default 1; the same seed, the same order, also
//! across `--first-game` splits). Every game is a
//! [`xiangqi::Game`] under the arbiter's [`xiangqi::Rules`] (by default the
//! Asian rules; `--move-limit`, `--check-cap`, `--repetition-count` and
//! `--chase` change them): it ends on checkmate or no legal move (a loss),
//! perpetual check or perpetual chase (a loss for the checker or chaser),
//! any other repetition (a draw), the move limit (60 moves without a
//! capture by default, a draw), insufficient material (a draw), or
//! `--max-plies` plies (400 by default, a draw); the reason printed is the
//! game's verdict, naming the checking or chasing pieces. An illegal move,
//! a malformed `bestmove`, a UCCI `nobestmove`, a crash or a move more than
//! a few seconds late loses the game, and the line says so; a crashed or
//! hung engine is restarted before the next game (if it cannot be, the
//! match stops there). A `draw` or `resign` after a UCCI `bestmove` is
//! ignored: the rules decide.
//!
//! Engines: `--engineN-protocol uci|ucci`, `--engineN-ranks 0-9|1-10`,
//! `--engineN-init LINE` (repeatable: sent after the handshake), and
//! `--engineN-fsf` for Fairy-Stockfish in UCI (ranks 1-10 and
//! `setoption name UCI_Variant value xiangqi`). The rules are not sent to
//! the engines: tell them with init commands (`setoption name Move Limit
//! value 50` for this crate's engine; ElephantEye and Fairy-Stockfish play
//! 50 moves without a capture on their own).
//!
//! Thinking: `--movetime MS` (default 200), `--depth N` or `--nodes N`.
//! UCI engines get `go movetime MS`. UCCI has no move time, and
//! ElephantEye 3.31 spends only about T/20 + I of `go time T increment I`
//! (hard limit min(T/2, 10 × that)) and T/4 to T of `go time T movestogo 1`,
//! so by default (`--ucci-time stop`) a UCCI engine gets `go depth 32` (in
//! effect unlimited) and `stop` once the move time has passed, unless its
//! move came first: the same time as a UCI `movetime`. `--ucci-time
//! movestogo` sends `go time MS movestogo 1` instead (the engine's own
//! budget, at most MS).
//!
//! Clocks: `--tc 40/60+0.6` (60 s for every 40 moves and 0.6 s more after
//! each move), `--tc 10+0.1` (10 s for the game), `--tc 90` or `--tc 1:30`;
//! `--st SECONDS` is `--movetime` in seconds. On a clock UCI engines get `go
//! wtime W btime B winc I binc I [movestogo M]` and UCCI engines `go time T
//! increment I [movestogo M]`; the runner measures each move and charges
//! the mover's clock ([`clock::SideClock`]). A move after the flag fell is
//! not played: the mover loses on time, unless its opponent has no
//! chariot, horse, cannon or soldier (a draw).
//!
//! Adjudication by score ([`adjudication`]), as cutechess-cli's, named as
//! such in the reason: `--resign movecount=3 score=600 [twosided=true]` and
//! `--draw movenumber=40 movecount=8 score=10`, on the scores of the
//! engines' last `info` lines. With a clock or an adjudication a line
//! `adjudicated by score: R resigned, D drawn; flag falls: F` precedes the
//! summary.
//!
//! `--concurrency N` plays N games at once, each by a worker thread with
//! its own pair of engine processes; the report, the PGN files and the SPRT
//! take the games in game order (when the SPRT stops the match, the games
//! under way are finished and not counted).
//!
//! `--first-game N` starts at game N (0-based; openings follow the game
//! number), so a long match can be split over several processes: `--games
//! 50` and `--first-game 50 --games 50` together play the same 100 games as
//! `--games 100`. Prints each result, then W/D/L for engine 1 and an Elo
//! estimate with a 95% interval; `--verbose` prints each game's moves.
//!
//! After each game a results line, fastchess's in one line: `Results of
//! engine1 vs engine2 (10+0.1): Elo: 21.30 +/- 15.20, nElo: 30.10 +/-
//! 21.40, LLR: 1.23 (-2.94, 2.94) [0.00, 10.00], Games: 120, W: 50 L: 40 D:
//! 30, Ptnml(0-2): [a, b, c, d, e]`: the Elo and normalized Elo of the
//! complete game pairs (the two games of an opening, colours swapped;
//! `Ptnml` counts the pairs by engine 1's points in them, 0, ½, 1, 1½, 2),
//! the games' W/D/L, and with `--sprt` the LLR, its bounds and the
//! hypotheses' Elo.
//!
//! `--sprt ELO0 ELO1` adds a sequential probability ratio test
//! ([`sprt`]): the GSPRT of H0 "engine 1 is ELO0 stronger" against H1
//! "ELO1 stronger" over the pairs' pentanomial counts, as fastchess
//! computes it (normalized Elo by default, `--sprt-model logistic` for
//! logistic Elo; `--sprt-alpha`, `--sprt-beta`: error rates, 5% each by
//! default, bounds ln(β/(1-α)) and ln((1-β)/α)). After each pair the match
//! stops once the LLR leaves the bounds: below, H0 is accepted (the change
//! does not gain ELO1); above, H1 is accepted. `--games` stays the upper
//! bound. For a change against the previous build: `--sprt 0 5` (or
//! `--sprt -5 0` to check that a simplification does not lose).
//!
//! `--results FILE` appends one JSON line a finished game ([`results`]);
//! with `--resume` a rerun counts the games of its range (`--first-game`,
//! `--games`) already in FILE (W/D/L, pairs, SPRT: a decided SPRT plays
//! nothing) and plays only the others, after cutting off a last line a
//! kill left unfinished;
//! `xiangqi-tools sprt --results FILE...` reads such files (several
//! processes' or a resumed run's: a game seen twice counts once, only
//! complete pairs count) and prints the same results line and decision, or
//! a JSON object with `--json`.
//!
//! `--pgn FILE` appends each game to FILE as PGN (ICCS moves) as it ends,
//! with the players' names (`--engineN-name NAME`, by default `engine1`
//! and `engine2`), the result, a `Termination` tag with the reason and an
//! `OpeningPlies` tag counting the opening's plies (the moves the engines
//! did not choose), and after each engine move cutechess-cli's comment
//! `{+0.35/12 0.98s}` (score in pawns from the mover's view, depth, time),
//! so that `analyze --summary FILE` can measure each
//! player's centipawn loss.
//!
//! `--pgn-dir DIR` writes the same PGN, one file a game (`DIR/game-0001.pgn`).
//!
//! `--pyffish PYTHON` asks for a second opinion at the end: the games are
//! replayed by `tools/src/matches/pyffish_verdicts.py` (built in; PYTHON must have
//! `pyffish`) under Fairy-Stockfish's rules, and one line `pyffish: game N:
//! ...` is printed for each game pyffish would end earlier or judge
//! differently, then `pyffish: K of N games judged differently`, before the
//! summary line. Without the flag no Python is needed.
//!
//! `lab/scripts/match.sh` builds the engine and this runner and plays
//! Fairy-Stockfish (npm WebAssembly build or a native binary) or
//! ElephantEye.

pub(crate) mod adjudication;
pub(crate) mod clock;
pub(crate) mod config;
pub(crate) mod ending;
mod error;
pub(crate) mod openings;
mod pool;
mod pyffish;
mod record;
mod report;
pub(crate) mod results;
mod resume;
pub(crate) mod runner;
pub mod sprt;
mod sprt_report;
mod stopping;
pub(crate) mod tally;

use crate::cli::MatchArgs;
pub use error::{MatchError, OpeningPositionError, PyffishError, ResultLineError};

/// Runs `xiangqi-tools sprt` with its arguments.
pub fn sprt_main(args: &crate::cli::SprtArgs) -> Result<(), MatchError> {
    sprt_report::main(args)
}

/// Runs `xiangqi-tools match` with its arguments.
pub fn main(args: &MatchArgs) -> Result<(), MatchError> {
    let config = config::config(args)?;
    runner::run(&config, &mut std::io::stdout()).map(|_| ())
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod tests_scored;

#[cfg(test)]
mod tests_sprt;

#[cfg(test)]
mod tests_openings;
