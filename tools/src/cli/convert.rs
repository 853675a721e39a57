//! `xiangqi-tools convert`'s flags.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::NotationArg;

/// The formats `convert` writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertTarget {
    /// PGN text, every game in one file.
    Pgn,
    /// XQF, one game a file.
    Xqf,
    /// DhtmlXQ text, one game a file.
    Dhtmlxq,
}

/// Converts a record file of any format the crate reads (PGN, XQF, CBR,
/// CBL, CBF, DhtmlXQ, move lists) to PGN, XQF or DhtmlXQ. XQF and DhtmlXQ
/// hold one game a file: several games go to OUT-0001.xqf, OUT-0002.xqf,
/// ... or, when OUT is a directory, to OUT/game-0001.xqf, ...
#[derive(Clone, Debug, Args)]
pub struct ConvertArgs {
    /// The record file to read (format detected).
    #[arg(value_name = "IN")]
    pub input: PathBuf,
    /// The file (or directory) to write.
    #[arg(value_name = "OUT")]
    pub output: PathBuf,
    /// The output format (default: OUT's extension .pgn, .xqf, .dhtml).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub to: Option<ConvertTarget>,
    /// The notation of PGN moves.
    #[arg(long, value_enum, value_name = "NAME", default_value_t = NotationArg::Iccs)]
    pub notation: NotationArg,
}

/// Runs `xiangqi-tools convert` with its arguments.
pub(crate) fn main(args: &ConvertArgs) -> Result<(), crate::convert::ConvertError> {
    use xiangqi::formats::WriteFormat;
    use xiangqi::notation::{ChineseScript, Notation, WxfDialect};
    let notation = match args.notation {
        NotationArg::Iccs => Notation::Iccs,
        NotationArg::Wxf => Notation::Wxf(WxfDialect::Wxf),
        NotationArg::Chinese => Notation::Chinese(ChineseScript::Simplified),
        NotationArg::Traditional => Notation::Chinese(ChineseScript::Traditional),
    };
    let to = args.to.map(|t| match t {
        ConvertTarget::Pgn => WriteFormat::Pgn(notation),
        ConvertTarget::Xqf => WriteFormat::Xqf,
        ConvertTarget::Dhtmlxq => WriteFormat::DhtmlXq,
    });
    crate::convert::run(&args.input, &args.output, to, notation).map(|_| ())
}
