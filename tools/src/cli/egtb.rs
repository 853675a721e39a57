//! `egtb`: endgame tablebases, made and checked by the `xiangqi-egtb`
//! crate; its own command line is passed through.

use clap::Args;

/// `xiangqi-tools egtb generate --out DIR NAME...` (and `check`, `stats`,
/// `probe`): the arguments go to `xiangqi_egtb::run_cli` as they are.
#[derive(Clone, Debug, Args)]
#[command(disable_help_flag = true)]
pub struct EgtbArgs {
    /// `generate --out DIR [--threads N] [--quiet] (NAME... | --one-attacker)`,
    /// `check --dir DIR NAME...`, `stats --dir DIR NAME...` or
    /// `probe --dir DIR FEN...` (`xiangqi-tools egtb help` for more).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
    pub args: Vec<String>,
}
