//! An engine for xiangqi GUIs: UCI in Pikafish's dialect and UCCI in
//! ElephantEye 3.31's, chosen by the first command (`ucci` selects UCCI,
//! anything else UCI).
//!
//! ```text
//! cargo run --release -p xiangqi-engine      # from the repository
//! xiangqi-engine                             # once installed (cargo install --path engine)
//! ```
//!
//! # UCI
//!
//! `uci`, `isready`, `ucinewgame`, `position startpos|fen <FEN> [moves
//! <m1> ...]`, `go ...`, `stop`, `ponderhit`, `setoption name <id> [value
//! <x>]`, `d`, `quit`. `go` takes every form Pikafish and Stockfish take:
//! `depth N`, `nodes N`, `movetime MS`, `wtime MS btime MS winc MS binc MS
//! movestogo N`, `infinite`, `mate N`, `searchmoves m1 m2 ...` (the list
//! runs to the next keyword), `ponder` and `perft N` (divide lines
//! `h2e2: 1234`, then `Nodes searched: N`). Unknown tokens and bad values
//! are reported with `info string` and skipped: every `go` but `go perft`
//! ends in `bestmove`. Numbers saturate into the session's rule for limits
//! ([`xiangqi_session::SearchRequest::validate`]): a depth is 1 to 255
//! (`depth 0` is 1), `nodes 0` is 1, and a `go` with no limit is the
//! deepest search, which ends with its `bestmove` (`go infinite` waits for
//! `stop`). Each iteration prints `info depth .. seldepth ..
//! multipv .. score cp|mate .. nodes .. nps .. hashfull .. time .. pv ..`.
//! With no legal move the engine prints `info depth 0 score mate 0` and
//! `bestmove (none)`. `d` prints the board, `Fen: <fen>`, `Key: <hash
//! hex>`, `Checkers: <squares>` and `Outcome: <result> <reason>` (result
//! `*`, `1-0`, `0-1` or `1/2-1/2`; an outcome reached in the middle of a
//! `moves` list is reported and does not stop the replay).
//!
//! Options: `Hash`, `Threads`, `MultiPV`, `Ponder`, `Clear Hash`, `Move
//! Overhead` (ms the search keeps back from the clock, `Limits::move_overhead`), `UCI_Variant` (`xiangqi` only, for
//! GUIs written for Fairy-Stockfish), `Move Ranks` (`0-9`, ICCS, or `1-10`
//! as Fairy-Stockfish writes moves, for input and output) and the
//! arbiter's rules, which the search plays by: `Move Limit` (moves without
//! a capture, 0 for none, default 60), `Check Cap` (checks beyond this
//! many do not count toward the move limit, 0 for none), `Repetition
//! Count` (default 3) and `Chase Rule` (`asian`: the default rules;
//! `fairy-stockfish`: a checking move can also chase; `none`: no chase
//! detection). `Use NNUE` (default true: the network; false: the classical
//! evaluator), `EvalFile` (default `<embedded>`) loads a network file; a
//! bad file gets an `info string` and changes nothing. `OwnBook` (default
//! false) plays from the opening book, `BookFile` (default `<embedded>`,
//! the masters' book of [`xiangqi::book::MASTERS`]) loads another one.
//! `Skill Level` (0-20, default 20: full strength) weakens the play;
//! `UCI_LimitStrength` with `UCI_Elo` picks the level whose measured Elo is
//! nearest ([`xiangqi::Strength::from_elo`]).
//!
//! # UCCI
//!
//! `ucci` → `id ...`, `option ...`, `ucciok`; `isready` → `readyok`;
//! `setoption <id> [<x>]` (`hashsize`, `threads`, `ponder`, `usebook`,
//! `bookfiles`, `skilllevel`, `limitstrength`, `elo`, `usemillisec`,
//! `newgame`, `moveoverhead`,
//! `movelimit`, `checkcap`, `repetitioncount`, and `repetition` with
//! `asianrule`, `chineserule` (a checking move can also chase) or
//! `checkban` (no chase detection)), `usennue`, `evalfile`); `position
//! startpos|fen <FEN> [moves ...]`; `banmoves m1 ...` (those root moves are not searched until the
//! next `position`); `go [ponder|draw] {depth N|infinite | nodes N | time T
//! [increment I | movestogo M] [opptime ...]}` (milliseconds, as
//! ElephantEye 3.31 reads them; `time T` alone is one move to go; the clock
//! is the library's [`xiangqi::Limits::clock`]); `ponderhit [draw]`;
//! `stop` (with no search running, no answer: ElephantEye's `nobestmove`
//! there would be taken for the answer to the next `go`);
//! `probe [position]` (`pophash bestmove M lowerbound S depth D upperbound
//! S depth D`: the last finished search's answer if it searched that
//! position, else an `info string` saying none is stored and a one-ply
//! search's answer, depth 1); `quit` → `bye`. The search prints
//! `info time T nodes N` and `info depth D score S pv ...` (scores are
//! plain numbers; a mate in n plies is 10000 - n, negative when mated),
//! then `bestmove M [ponder P]`, with `resign` when it proved a loss and
//! `draw` to accept a draw offer when not ahead, or `nobestmove` when no
//! move is left. Either protocol's `setoption` form and option names work
//! in both; `d` and `go perft N` work in UCCI too.
//!
//! # Both
//!
//! A malformed command prints `info string <error>` and changes nothing. A
//! `position` that is refused (a bad FEN, an illegal move) prints `info
//! string <error>` and leaves **no** position: the next `go` answers `info
//! string no position ...` and `bestmove (none)` (UCCI `nobestmove`), never
//! a move of an earlier position. `position fen` takes composed studies
//! (pieces on points no game reaches, `xiangqi::Validation::Lenient`), as
//! Pikafish, Fairy-Stockfish and ElephantEye do. No input (invalid UTF-8,
//! huge lines, huge numbers) makes the engine panic.
//!
//! The engine is [`xiangqi_session::Session`]; this module is its text
//! front end: it reads a line, calls the session and prints. Option names
//! are the session's one lookup ([`xiangqi_session::OptionSpec::find`]);
//! the files named by `EvalFile` and `BookFile` are read with the
//! session's [`xiangqi_session::FileSource::load`] and handed over as
//! bytes; the session is set up as every native front end's
//! ([`xiangqi_session::SessionConfig::native`]). The
//! `Hash` table is sized at the start of the next search, on the search
//! thread, so `isready` is answered at once; `quit` waits at most 300 ms
//! for a search to print its `bestmove`, then leaves. The search runs
//! on its own thread (the engine's, not the library's), so `stop`,
//! `ponderhit`, `isready` and `quit` are answered while it thinks. After
//! `go infinite` or `go ponder` the `bestmove` waits for `stop` (or
//! `quit`; after `go ponder`, also `ponderhit`), even if the search ended
//! early; on `ponderhit` the pondering search goes on, its time limits
//! counted from then ([`xiangqi::Searcher::search_pondering`]). A command that needs the searcher while such a
//! search waits (`go`, `position`, `ucinewgame`, `setoption`) stops it
//! first. End of input means `quit`: a running search is stopped and its
//! `bestmove` printed.

mod engine;
mod go;
mod lines;
mod options;
mod output;
mod position;
mod search_thread;
mod setoption;

pub use engine::run_stdio;

#[cfg(test)]
mod tests;
