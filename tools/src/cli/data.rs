//! The flags of the tools that make and use training data: `datagen`,
//! `train` and `tune gen|fit`.

use std::path::PathBuf;

use clap::builder::TypedValueParser;
use clap::{Args, Subcommand, ValueEnum};

use crate::cli::FlagValueError;

/// Self-play training data: the games in compact game files
/// `DIR/s<seed>-n<nodes>-<index>.xqg` (moves, per-ply scores and results, a
/// few bytes a position), and/or their quiet positions with the search
/// score and the game result, 32 bytes each, in chunk files `...xqd`
/// (`g<generation>-s<seed>-...` with --network). Chunk k's games depend on
/// the seed and k alone; rerun the same command to resume (chunk files
/// missing beside game files are replayed from them, not played again).
#[derive(Clone, Debug, Args)]
pub struct DatagenArgs {
    /// The folder of the chunk files (default: $XDG_CACHE_HOME/xiangqi/data
    /// or ~/.cache/xiangqi/data).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// How many chunks.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u32).map(|n| n as usize))]
    pub chunks: usize,
    /// The first chunk to play: chunks FIRST..N (those before it are left
    /// alone, e.g. when they exist in the other format only).
    #[arg(long, value_name = "FIRST", default_value_t = 0,
          value_parser = clap::value_parser!(u32).map(|n| n as usize))]
    pub first_chunk: usize,
    /// Games per chunk.
    #[arg(long, value_name = "G", default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(1..).try_map(usize::try_from))]
    pub games_per_chunk: usize,
    /// Nodes per move.
    #[arg(long, value_name = "N", default_value_t = 6000,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub nodes: u32,
    /// Worker threads, each playing its own chunks.
    #[arg(long, value_name = "T", default_value_t = 2,
          value_parser = clap::value_parser!(u64).range(1..).try_map(usize::try_from))]
    pub threads: usize,
    /// The seed of every chunk's games.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Opening lines, ICCS moves from the start, one a line (default: the
    /// built-in openings).
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Play with this network instead of the classical evaluator.
    #[arg(long, value_name = "FILE")]
    pub network: Option<PathBuf>,
    /// What to write: game files (.xqg), chunk files (.xqd) or both.
    #[arg(long, value_enum, default_value_t = DataFormat::Games)]
    pub format: DataFormat,
}

/// `datagen --format`: which files a chunk of games is written to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum DataFormat {
    /// Game files (`.xqg`): the games, a few bytes a position.
    Games,
    /// Chunk files (`.xqd`): the training positions, 32 bytes each.
    Chunks,
    /// Both, side by side.
    Both,
}

impl DataFormat {
    /// Whether game files are written.
    ///
    /// ```
    /// use xiangqi_tools::cli::DataFormat;
    ///
    /// assert!(DataFormat::Games.games() && DataFormat::Both.games());
    /// assert!(!DataFormat::Chunks.games());
    /// ```
    pub fn games(self) -> bool {
        self != DataFormat::Chunks
    }

    /// Whether chunk files are written.
    ///
    /// ```
    /// use xiangqi_tools::cli::DataFormat;
    ///
    /// assert!(DataFormat::Chunks.chunks() && DataFormat::Both.chunks());
    /// assert!(!DataFormat::Games.chunks());
    /// ```
    pub fn chunks(self) -> bool {
        self != DataFormat::Games
    }
}

/// The hidden layer's activation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ActivationArg {
    /// Squared clipped ReLU.
    Screlu,
    /// Clipped ReLU.
    Crelu,
}

/// The learning rate's schedule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScheduleArg {
    /// Cosine decay to a hundredth of the rate.
    Cosine,
    /// The rate times --lr-gamma every --lr-step epochs.
    Step,
    /// The same rate throughout.
    Constant,
}

/// Trains the (1260 -> H) x 2 -> 1 network on the chunk or game files of
/// `datagen` (every --validation-every-th chunk held out for validation) and writes
/// it quantised to FILE.nnue. A checkpoint is written after every epoch;
/// --resume continues from one.
#[derive(Clone, Debug, Args)]
pub struct TrainArgs {
    /// A folder of chunk files (.xqd) and/or game files (.xqg); repeat it to
    /// train on several generations' data together (default:
    /// $XDG_CACHE_HOME/xiangqi/data or ~/.cache/xiangqi/data).
    #[arg(long, value_name = "DIR")]
    pub data: Vec<PathBuf>,
    /// The network file to write.
    #[arg(long, value_name = "FILE.nnue")]
    pub out: PathBuf,
    /// Hidden neurons per perspective (1 to 4096).
    #[arg(long, value_name = "H", default_value_t = 128)]
    pub hidden: usize,
    /// Output buckets by material (1 to 8).
    #[arg(long, value_name = "B", default_value_t = 1)]
    pub buckets: usize,
    /// The hidden activation.
    #[arg(long, value_enum, default_value_t = ActivationArg::Screlu)]
    pub activation: ActivationArg,
    /// Input buckets by the own general's square, mirrored a <-> i: none
    /// (the inputs of the first networks), palace4 (e-file or side file,
    /// back rank or raised) or palace6 (the six palace squares after
    /// mirroring).
    #[arg(long, value_name = "LAYOUT", default_value = "none", value_parser = parse_input_buckets)]
    pub input_buckets: xiangqi::nnue::InputBuckets,
    /// With input buckets: train a factoriser, inputs shared by all
    /// buckets, merged into each bucket's weights on export.
    #[arg(long)]
    pub factoriser: bool,
    /// Epochs in all (a resumed run continues to this many).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub epochs: usize,
    /// Positions per mini-batch.
    #[arg(long, value_name = "N", default_value_t = 16_384)]
    pub batch: usize,
    /// The base learning rate.
    #[arg(long, value_name = "RATE", default_value_t = 0.001)]
    pub lr: f32,
    /// The learning rate's schedule.
    #[arg(long, value_enum, default_value_t = ScheduleArg::Cosine)]
    pub schedule: ScheduleArg,
    /// With --schedule step: epochs between drops.
    #[arg(long, value_name = "N", default_value_t = 8)]
    pub lr_step: usize,
    /// With --schedule step: the factor of each drop.
    #[arg(long, value_name = "G", default_value_t = 0.3)]
    pub lr_gamma: f32,
    /// The weight of the search score in the target (0 to 1; the game
    /// result has the rest).
    #[arg(long, value_name = "L", default_value_t = 0.75)]
    pub lambda: f32,
    /// The sigmoid's scale in centipawns.
    #[arg(long, value_name = "K", default_value_t = 400.0)]
    pub k: f32,
    /// Positions scored beyond this many centipawns are left out.
    #[arg(long, value_name = "CP", default_value_t = 3000)]
    pub score_cap: i16,
    /// Threads (1 to 256).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub threads: usize,
    /// The seed of the initial weights, the shuffles and the mirroring.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The generation written into the network file.
    #[arg(long, value_name = "G", default_value_t = 1)]
    pub generation: u32,
    /// At most this many training positions.
    #[arg(long, value_name = "N")]
    pub max_positions: Option<usize>,
    /// Every N-th chunk is held out for validation (at least 2).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub validation_every: usize,
    /// The checkpoint folder (default: FILE.nnue.checkpoints).
    #[arg(long, value_name = "DIR")]
    pub checkpoints: Option<PathBuf>,
    /// A checkpoint to continue from.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Do not mirror half the positions of each epoch (files a <-> i).
    #[arg(long)]
    pub no_mirror: bool,
    /// The output weights' scale in the file: auto (the finest that fits)
    /// or 1 to 32767.
    #[arg(long, value_name = "auto|N", default_value = "auto", value_parser = parse_qb)]
    pub qb: Qb,
}

/// `--qb`: the output weights' scale, or `None` for the finest that fits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Qb(pub Option<i32>);

/// Reads `--qb`: `auto` or a number from 1 to 32767.
fn parse_qb(text: &str) -> Result<Qb, FlagValueError> {
    match text {
        "auto" => Ok(Qb(None)),
        _ => match text.parse() {
            Ok(n) if (1..=32_767).contains(&n) => Ok(Qb(Some(n))),
            _ => Err(FlagValueError::Qb),
        },
    }
}

/// Reads `--input-buckets`: a layout's name.
fn parse_input_buckets(text: &str) -> Result<xiangqi::nnue::InputBuckets, FlagValueError> {
    xiangqi::nnue::InputBuckets::from_name(text).ok_or(FlagValueError::InputBuckets)
}

/// Texel tuning of the default evaluator: self-play data, then a logistic
/// fit of its piece-square tables and weights to the game results.
#[derive(Clone, Debug, Subcommand)]
pub enum TuneCommand {
    /// Self-play games from random openings; their quiet positions with
    /// Red's result, one `FEN;result` line each.
    Gen(TuneGenArgs),
    /// Fit the evaluator to such a file; prints the tuned tables as Rust.
    Fit(TuneFitArgs),
}

/// `tune gen`'s flags.
#[derive(Clone, Debug, Args)]
pub struct TuneGenArgs {
    /// The file to write.
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub games: usize,
    /// Nodes per move.
    #[arg(long, value_name = "N", default_value_t = 8000)]
    pub nodes: u64,
    /// Worker threads.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// The seed of the openings.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
}

/// `tune fit`'s flags.
#[derive(Clone, Debug, Args)]
pub struct TuneFitArgs {
    /// The file of `tune gen`.
    #[arg(long, value_name = "FILE")]
    pub data: String,
    /// Iterations of the fit.
    #[arg(long, value_name = "N", default_value_t = 600)]
    pub iterations: usize,
    /// The L2 pull toward the start, per squared centipawn.
    #[arg(long, value_name = "X", default_value_t = 1e-7)]
    pub lambda: f64,
    /// Entries seen in fewer positions keep their value.
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub min_count: usize,
    /// Fit the tables only, keeping the scalar weights.
    #[arg(long)]
    pub tables_only: bool,
    /// Fit only these scalar weights (comma-separated), keeping the tables.
    #[arg(long, value_name = "A,B", value_delimiter = ',')]
    pub scalars: Option<Vec<String>>,
}
