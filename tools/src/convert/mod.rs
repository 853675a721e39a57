//! `xiangqi-tools convert IN OUT`: a record file of any format the crate
//! reads (PGN, XQF, CBR, CBL, CBF, DhtmlXQ, plain move lists; detected from
//! the bytes) written as PGN, XQF or DhtmlXQ.
//!
//! * The output format is `--to`, else OUT's extension: `.pgn`, `.xqf`,
//!   `.dhtml` / `.dhtmlxq` / `.ubb`.
//! * PGN holds every game in one file (a CBL library becomes one PGN).
//! * XQF and DhtmlXQ hold one game a file. One game is written to OUT. For
//!   several, OUT is either an existing directory, which gets
//!   `game-0001.xqf`, `game-0002.xqf`, ... (numbered from 1, four digits or
//!   more), or a file name whose stem gets the number: `out.xqf` gives
//!   `out-0001.xqf`, `out-0002.xqf`, ...
//! * A game of a many-game file that cannot be read is skipped with a
//!   warning on standard error; the others are converted.
//!
//! `analyze` reads its input through [`analysis_text`]: a file of any
//! format, its games' main lines as PGN.

use std::path::{Path, PathBuf};

use xiangqi::detect::{RecordFormat, detect};
use xiangqi::formats::{self, FormatError, RecordFile, WriteFormat};
use xiangqi::notation::Notation;
use xiangqi::tree::GameTree;

use crate::progress;

#[cfg(test)]
mod tests;

/// Why a conversion failed.
#[derive(Debug, thiserror::Error)]
pub enum ConvertError {
    /// The input file could not be read.
    #[error("cannot read {path}: {source}")]
    ReadFile {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// An output file could not be written.
    #[error("cannot write {path}: {source}")]
    WriteFile {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The input is not a record, or its games could not be read or
    /// written in the format.
    #[error("{0}")]
    Format(#[from] FormatError),
    /// The output format is neither given nor known from the extension.
    #[error(
        "cannot tell the output format of {0}: use --to pgn|xqf|dhtmlxq or a .pgn/.xqf/.dhtml name"
    )]
    UnknownTarget(PathBuf),
    /// A PGN game could not be written in the notation.
    #[error("game {index}: {reason}")]
    Pgn {
        /// The game's number, from 1.
        index: usize,
        /// Why.
        reason: String,
    },
}

/// The format of OUT's extension, if it names one.
pub fn target_of(path: &Path, notation: Notation) -> Option<WriteFormat> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "pgn" => Some(WriteFormat::Pgn(notation)),
        "xqf" => Some(WriteFormat::Xqf),
        "dhtml" | "dhtmlxq" | "ubb" => Some(WriteFormat::DhtmlXq),
        _ => None,
    }
}

/// The usual extension of a format's files.
fn extension(format: WriteFormat) -> &'static str {
    match format {
        WriteFormat::Xqf => "xqf",
        WriteFormat::DhtmlXq => "dhtml",
        _ => "pgn",
    }
}

/// The files of `games` in `format`: one for PGN, one a game for the
/// others.
///
/// # Errors
/// The writer's error (an XQF writer refusing a tree).
pub fn convert_games(
    games: &[GameTree],
    format: WriteFormat,
    mut on_done: impl FnMut(usize),
) -> Result<Vec<Vec<u8>>, ConvertError> {
    if let WriteFormat::Pgn(_) = format {
        let bytes = formats::write(games, format)?;
        on_done(games.len());
        return Ok(vec![bytes]);
    }
    let mut out = Vec::with_capacity(games.len());
    for (i, game) in games.iter().enumerate() {
        out.push(formats::write(std::slice::from_ref(game), format)?);
        on_done(i + 1);
    }
    Ok(out)
}

/// The paths of `count` one-game files for OUT (see the module's doc).
pub fn output_paths(out: &Path, count: usize, format: WriteFormat) -> Vec<PathBuf> {
    if out.is_dir() {
        return (1..=count)
            .map(|i| out.join(format!("game-{i:04}.{}", extension(format))))
            .collect();
    }
    if count == 1 || matches!(format, WriteFormat::Pgn(_)) {
        return vec![out.to_path_buf()];
    }
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "game".to_string());
    let ext = out
        .extension()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| extension(format).to_string());
    (1..=count)
        .map(|i| out.with_file_name(format!("{stem}-{i:04}.{ext}")))
        .collect()
}

/// Reads a record file's bytes, printing a warning on standard error for
/// each game that is skipped.
fn read_record(bytes: &[u8]) -> Result<RecordFile, ConvertError> {
    let file = formats::read(bytes)?;
    for w in &file.warnings {
        eprintln!("warning: skipped {w}");
    }
    Ok(file)
}

/// The text `analyze` reads: a UTF-8 PGN file as it is, any other record
/// (XQF, CBL, ...; or PGN in another encoding) its games' main lines as
/// PGN (ICCS moves, comments kept, variations dropped).
///
/// # Errors
/// [`ConvertError::Format`] for bytes that are not a record.
pub fn analysis_text(bytes: &[u8]) -> Result<String, ConvertError> {
    if detect(bytes) == Some(RecordFormat::Pgn)
        && let Ok(text) = std::str::from_utf8(bytes)
    {
        return Ok(text.to_string());
    }
    let file = read_record(bytes)?;
    let mut out = String::new();
    for (i, tree) in file.games.iter().enumerate() {
        let mut record = tree.to_record();
        record.variations.clear();
        let text = record
            .to_pgn(Notation::Iccs)
            .map_err(|e| ConvertError::Pgn {
                index: i + 1,
                reason: e.to_string(),
            })?;
        out.push_str(text.trim_end());
        out.push_str("\n\n");
    }
    Ok(out)
}

/// Runs `xiangqi-tools convert`: `input` to `output` in `to` (else by
/// `output`'s extension), PGN moves in `notation`. Returns the files
/// written.
///
/// # Errors
/// A [`ConvertError`]: unreadable input, unknown target, a write failure.
pub fn run(
    input: &Path,
    output: &Path,
    to: Option<WriteFormat>,
    notation: Notation,
) -> Result<Vec<PathBuf>, ConvertError> {
    let format = to
        .or_else(|| target_of(output, notation))
        .ok_or_else(|| ConvertError::UnknownTarget(output.to_path_buf()))?;
    let bytes = std::fs::read(input).map_err(|source| ConvertError::ReadFile {
        path: input.to_path_buf(),
        source,
    })?;
    let file = read_record(&bytes)?;
    let bar = progress::bar("converting", file.games.len() as u64);
    let files = convert_games(&file.games, format, |n| bar.set_position(n as u64));
    bar.finish_and_clear();
    let files = files?;
    let paths = output_paths(output, files.len(), format);
    for (path, data) in paths.iter().zip(&files) {
        std::fs::write(path, data).map_err(|source| ConvertError::WriteFile {
            path: path.clone(),
            source,
        })?;
    }
    eprintln!(
        "{} game(s) of {} ({}) written to {} file(s){}",
        file.games.len(),
        input.display(),
        file.format,
        paths.len(),
        if file.warnings.is_empty() {
            String::new()
        } else {
            format!(", {} skipped", file.warnings.len())
        }
    );
    Ok(paths)
}
