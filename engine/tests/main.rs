//! The engine binary driven as GUIs and match runners drive it: through
//! real pipes, in UCI and UCCI. One test binary (`cargo test -p
//! xiangqi-engine --test engine`).

mod cli;
mod client;
mod command_loop;
mod match_results;
mod matches;
mod nnue;
mod positions;
mod support;
mod train;
mod ucci;
mod uci;
