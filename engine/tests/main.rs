//! The engine binary driven as GUIs and match runners drive it: through
//! real pipes, in UCI and UCCI, and its command line (`bench`, `perft`,
//! `--help`). One test binary (`cargo test -p xiangqi-engine --test
//! engine`). The tools' tests are in `tools/tests`.

mod client;
mod command_line;
mod command_loop;
mod nnue;
mod positions;
mod searches;
mod support;
mod ucci;
mod uci;
