//! The training positions: chunk files (`*.xqd`) and game files (`*.xqg`,
//! their positions replayed) read into memory (32 bytes a position), split
//! into training and validation by chunk, and decoded per batch into the
//! network's inputs and a target.

use std::path::{Path, PathBuf};

use xiangqi::{Color, Square};
use xiangqi_selfplay::data::{RECORD_SIZE, Record, read_chunk};
use xiangqi_selfplay::games::{HEADER_SIZE as GAMES_HEADER_SIZE, read_games, read_games_header};

use super::TrainError;
use super::model::{Shape, sigmoid};
use xiangqi::nnue::{FEATURES, InputBuckets, output_bucket};

/// The most pieces on a board.
const MAX_PIECES: usize = 32;

/// One position as the network sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The pieces' inputs, then (with a factoriser) their shared inputs.
    features: [[u16; 2 * MAX_PIECES]; 2],
    len: usize,
    /// The output bucket.
    pub bucket: usize,
    /// The target of the sigmoid of the output, in `[0, 1]`.
    pub target: f32,
}

impl Sample {
    /// The active inputs from the side to move's view (`half` 0) or the
    /// other side's (`half` 1).
    pub fn features(&self, half: usize) -> &[u16] {
        &self.features[half.min(1)][..self.len]
    }
}

/// How records become samples.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Label {
    /// The weight of the score in the target (the rest is the result).
    pub lambda: f32,
    /// The sigmoid's scale in centipawns.
    pub k: f32,
    /// The network's output buckets.
    pub buckets: usize,
    /// The network's input buckets.
    pub inputs: InputBuckets,
    /// Whether the network has a factoriser: inputs shared by all input
    /// buckets, active beside each bucket's own.
    pub factoriser: bool,
}

impl Label {
    /// The labels for a network of `shape`: `lambda` and `k` as above,
    /// the buckets and the factoriser as the network has them.
    pub fn new(shape: &Shape, lambda: f32, k: f32) -> Label {
        Label {
            lambda,
            k,
            buckets: shape.buckets,
            inputs: shape.input_buckets,
            factoriser: shape.factoriser,
        }
    }
}

/// The sample of `record`, its files mirrored (a <-> i) when `mirror`;
/// each perspective's inputs in the bucket (and mirroring) of its general's
/// square, as the library's evaluator reads them.
pub fn decode(record: &Record, mirror: bool, label: &Label) -> Sample {
    let stm = record.turn();
    let mut s = Sample {
        features: [[0; 2 * MAX_PIECES]; 2],
        len: 0,
        bucket: output_bucket(record.piece_count() as u32, label.buckets),
        target: 0.0,
    };
    let mut pieces = [(Square::A0, None); MAX_PIECES];
    // Records hold legal positions, so both generals are there; the home
    // squares stand in otherwise.
    let mut generals = [Square::E0, Square::E9];
    for (n, (sq, piece)) in record.pieces().take(MAX_PIECES).enumerate() {
        let sq = if mirror { sq.flip_horizontal() } else { sq };
        if piece.role == xiangqi::Role::General {
            generals[piece.color.index()] = sq;
        }
        pieces[n] = (sq, Some(piece));
        s.len = n + 1;
    }
    let views = [stm, !stm].map(|c| (c, label.inputs.view(c, generals[c.index()])));
    let (count, shared) = (s.len, label.inputs.count() * FEATURES);
    for (n, &(sq, piece)) in pieces[..count].iter().enumerate() {
        let Some(piece) = piece else { continue };
        for (half, &(color, view)) in views.iter().enumerate() {
            let f = view.feature(color, piece, sq);
            s.features[half][n] = f as u16;
            // The factoriser's input: the same piece and (mirrored) square
            // in the block after the buckets.
            s.features[half][count + n] = (shared + f % FEATURES) as u16;
        }
    }
    if label.factoriser {
        s.len = 2 * count;
    }
    let red = record.result().red_score();
    let result = if stm == Color::Red { red } else { 1.0 - red };
    let score = sigmoid(f32::from(record.score()) / label.k);
    s.target = label.lambda * score + (1.0 - label.lambda) * result;
    s
}

/// The record in `bytes` (checked when its chunk was read).
pub fn record(bytes: &[u8; RECORD_SIZE]) -> Option<Record> {
    Record::from_bytes(bytes).ok()
}

/// The positions of a data folder in memory.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// The training positions, in file order.
    pub train: Vec<[u8; RECORD_SIZE]>,
    /// The held-out positions.
    pub validation: Vec<[u8; RECORD_SIZE]>,
    /// Chunk files read for training.
    pub train_chunks: usize,
    /// Chunk files held out.
    pub validation_chunks: usize,
    /// Positions left out for a score beyond the cap.
    pub excluded: usize,
    /// Files that could not be read, with the reason.
    pub skipped: Vec<(PathBuf, String)>,
}

/// Options of [`load`].
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct LoadOptions {
    /// Every `n`th chunk (by sorted name, from the first) is held out.
    pub validation_every: usize,
    /// At most this many training positions.
    pub max_positions: usize,
    /// Positions with a larger absolute score are left out.
    pub score_cap: i16,
}

/// The data files in `dir`, sorted by name: chunk files (`*.xqd`) and game
/// files (`*.xqg`); a chunk with both is listed once, by its chunk file
/// (the same positions, read without a replay). So a folder gives the same
/// list of chunks, and the same held-out ones, in either form.
pub fn chunk_files(dir: &Path) -> Result<Vec<PathBuf>, TrainError> {
    let io = |e: std::io::Error| TrainError::Io(dir.to_path_buf(), e);
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let path = entry.map_err(io)?.path();
        if path.extension().is_some_and(|e| e == "xqd" || e == "xqg") && path.is_file() {
            files.push(path);
        }
    }
    // By name without the extension, the chunk file (xqd) before the game
    // file (xqg).
    files.sort_by(|a, b| (a.file_stem(), a.extension()).cmp(&(b.file_stem(), b.extension())));
    files.dedup_by(|later, first| later.file_stem() == first.file_stem());
    Ok(files)
}

/// Whether `path` is a game file.
fn is_games(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "xqg")
}

/// How many positions the file at `path` holds, from its size (a chunk
/// file) or its header (a game file); 0 when unreadable.
fn positions_in(path: &Path) -> usize {
    if !is_games(path) {
        let len = path.metadata().map_or(0, |m| m.len());
        return usize::try_from(len).unwrap_or(0) / RECORD_SIZE;
    }
    let mut header = [0u8; GAMES_HEADER_SIZE];
    let read = std::fs::File::open(path).and_then(|mut f| {
        use std::io::Read;
        f.read_exact(&mut header)
    });
    match read.ok().and_then(|()| read_games_header(&header).ok()) {
        Some((_, _, records)) => records as usize,
        None => 0,
    }
}

/// The records of a data file's bytes: a chunk file's, or a game file's
/// replayed.
fn file_records(path: &Path, bytes: &[u8]) -> Result<Vec<Record>, SkipReason> {
    Ok(if is_games(path) {
        read_games(bytes)?.records
    } else {
        read_chunk(bytes)?.1
    })
}

/// Why a data file is skipped (the text [`Dataset::skipped`] lists).
#[derive(Debug, thiserror::Error)]
enum SkipReason {
    /// It could not be read.
    #[error(transparent)]
    Read(#[from] std::io::Error),
    /// A game file that does not replay.
    #[error(transparent)]
    Games(#[from] xiangqi_selfplay::games::GamesError),
    /// A chunk file that does not read.
    #[error(transparent)]
    Chunk(#[from] xiangqi_selfplay::data::DataError),
}

/// Reads the data files of the folders `dirs` ([`chunk_files`], folder
/// after folder): every `validation_every`th file held out, unreadable or
/// corrupt files skipped (listed in [`Dataset::skipped`]); with
/// `max_positions`, the first folders' positions come first.
pub fn load(dirs: &[PathBuf], o: &LoadOptions) -> Result<Dataset, TrainError> {
    let mut files = Vec::new();
    for dir in dirs {
        files.extend(chunk_files(dir)?);
    }
    if files.is_empty() {
        return Err(TrainError::NoData(dirs.to_vec()));
    }
    let mut d = Dataset::default();
    // One allocation for the positions where it can be had (tens of
    // millions fit in memory, twice that not always).
    let estimate: usize = files.iter().map(|p| positions_in(p)).sum();
    let _ = d.train.try_reserve(estimate.min(o.max_positions));
    let mut usable = 0usize;
    for path in files {
        let held_out = usable % o.validation_every.max(1) == 0;
        if !held_out && d.train.len() >= o.max_positions {
            continue;
        }
        let records = match std::fs::read(&path) {
            Err(e) => Err(SkipReason::from(e)),
            Ok(bytes) => file_records(&path, &bytes),
        };
        let records = match records {
            Ok(records) => records,
            Err(e) => {
                d.skipped.push((path, e.to_string()));
                continue;
            }
        };
        usable += 1;
        let into = if held_out {
            d.validation_chunks += 1;
            &mut d.validation
        } else {
            d.train_chunks += 1;
            &mut d.train
        };
        for r in records {
            if r.score().unsigned_abs() > o.score_cap.unsigned_abs() {
                d.excluded += 1;
            } else {
                into.push(r.to_bytes());
            }
        }
    }
    d.train.truncate(o.max_positions);
    if d.train.is_empty() {
        return Err(TrainError::NoTraining(dirs.to_vec()));
    }
    Ok(d)
}

#[cfg(test)]
mod tests;
