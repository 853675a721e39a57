//! The tools run as users run them: the `xiangqi-tools` binary, driving the
//! `xiangqi-engine` binary through real pipes. One test binary (`cargo test
//! -p xiangqi-tools --test tools`).

mod analyze;
mod cli;
mod convert;
mod match_results;
mod matches;
mod support;
mod train;
