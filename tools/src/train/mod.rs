//! `xiangqi-tools train`: a network from the self-play data of
//! `xiangqi-tools datagen`, on CPU.
//!
//! ```text
//! xiangqi-tools train [--data DIR]... --out FILE.nnue [--hidden 128] [--buckets 1]
//!                      [--input-buckets none|palace4|palace6] [--factoriser]
//!                      [--activation screlu|crelu] [--epochs 20] [--batch 16384]
//!                      [--lr 0.001] [--schedule cosine|step|constant] [--lr-step 8]
//!                      [--lr-gamma 0.3] [--lambda 0.75] [--k 400] [--score-cap 3000]
//!                      [--threads 2] [--seed 1] [--generation 1] [--max-positions N]
//!                      [--validation-every 20] [--checkpoints DIR] [--resume FILE]
//!                      [--no-mirror] [--qb auto|N]
//! ```
//!
//! The network is the library's `(I x 1260 -> H) x 2 -> 1` perspective net
//! with input buckets by the general's square (`I` copies of the inputs,
//! mirrored a <-> i by the general's side of the board) and output buckets
//! by material (`xiangqi::nnue`): [`dataset`] reads the chunk or game files
//! (every `--validation-every`th held out) and decodes each position into its
//! active inputs and a target mixing the search score and the game result,
//! [`model`] is the float network with its gradient, [`batch`] shares a
//! mini-batch out over threads, [`optimizer`] is Adam with the learning-rate
//! schedule, [`checkpoint`] saves the state after every epoch and
//! [`export`] rounds the result into the library's network file and measures
//! the quantisation error.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub mod batch;
pub mod checkpoint;
pub mod dataset;
pub mod export;
pub mod model;
pub mod optimizer;
pub mod rng;

#[cfg(test)]
mod tests;

use checkpoint::{Checkpoint, CheckpointError};
use dataset::{Dataset, Label, LoadOptions};
use export::{QuantError, correct_bias, quantisation_error, quantise};
use model::{Net, Shape};
use optimizer::{Adam, Schedule};
use xiangqi::nnue::{Activation, InputBuckets, NetworkError, NetworkFile};

use crate::cli::{ActivationArg, ScheduleArg, TrainArgs};
use crate::progress;

pub use xiangqi::nnue::{MAX_BUCKETS, MAX_HIDDEN};

/// Training positions the exported output bias is corrected on.
const BIAS_POSITIONS: usize = 20_000;

/// The data folders, for messages: their paths joined by `+`.
pub fn folders(dirs: &[PathBuf]) -> String {
    let names: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
    names.join("+")
}

/// What went wrong in a training run.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// A flag's value is out of its range (the message names the flag).
    #[error("{0}")]
    Flag(&'static str),
    /// A file or folder could not be read or written.
    #[error("{path}: {1}", path = .0.display())]
    Io(PathBuf, #[source] std::io::Error),
    /// No chunk or game files in the data folder.
    #[error("{}: no data files (*.xqd, *.xqg); make some with `xiangqi-tools datagen`", folders(.0))]
    NoData(Vec<PathBuf>),
    /// Every usable chunk was held out.
    #[error("{}: no training positions (at least two chunk files are needed: one is held out)", folders(.0))]
    NoTraining(Vec<PathBuf>),
    /// A bad checkpoint.
    #[error("{path}: {1}", path = .0.display())]
    Checkpoint(PathBuf, CheckpointError),
    /// The network file could not be built.
    #[error("the network file: {0}")]
    Network(#[source] NetworkError),
}

/// What to train.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainOptions {
    /// The folders of chunk and game files, read one after the other.
    pub data: Vec<PathBuf>,
    /// The network file to write.
    pub out: PathBuf,
    /// The architecture.
    pub shape: Shape,
    /// Epochs in all (a resumed run continues to this many).
    pub epochs: usize,
    /// Positions per mini-batch.
    pub batch: usize,
    /// The base learning rate.
    pub lr: f32,
    /// The learning rate's schedule.
    pub schedule: Schedule,
    /// The weight of the score in the target.
    pub lambda: f32,
    /// The sigmoid's scale in centipawns.
    pub k: f32,
    /// Positions scored beyond this are left out.
    pub score_cap: i16,
    /// Threads.
    pub threads: usize,
    /// The seed of the initial weights, the shuffles and the mirroring.
    pub seed: u64,
    /// The generation written into the network file.
    pub generation: u32,
    /// At most this many training positions.
    pub max_positions: usize,
    /// Every `n`th chunk is held out.
    pub validation_every: usize,
    /// The checkpoint folder.
    pub checkpoints: PathBuf,
    /// A checkpoint to continue from.
    pub resume: Option<PathBuf>,
    /// Whether half the positions of each epoch are mirrored (files a <-> i).
    pub mirror: bool,
    /// The output weights' scale in the file (`None`: the finest that fits).
    pub qb: Option<i32>,
    /// Held-out positions the quantisation error is measured on.
    pub quant_positions: usize,
    /// Whether to print progress.
    pub progress: bool,
}

/// The options of the command line, checked.
pub fn options(a: &TrainArgs) -> Result<TrainOptions, TrainError> {
    let (step, gamma) = (a.lr_step, a.lr_gamma);
    let mut o = TrainOptions {
        data: if a.data.is_empty() {
            vec![xiangqi_selfplay::data::default_dir()]
        } else {
            a.data.clone()
        },
        out: a.out.clone(),
        shape: Shape {
            hidden: a.hidden,
            buckets: a.buckets,
            activation: match a.activation {
                ActivationArg::Screlu => Activation::SCReLU,
                ActivationArg::Crelu => Activation::CReLU,
            },
            input_buckets: a.input_buckets,
            factoriser: a.factoriser,
        },
        epochs: a.epochs,
        batch: a.batch,
        lr: a.lr,
        schedule: match a.schedule {
            ScheduleArg::Cosine => Schedule::Cosine,
            ScheduleArg::Constant => Schedule::Constant,
            ScheduleArg::Step => Schedule::Step { every: step, gamma },
        },
        lambda: a.lambda,
        k: a.k,
        score_cap: a.score_cap,
        threads: a.threads,
        seed: a.seed,
        generation: a.generation,
        max_positions: a.max_positions.unwrap_or(usize::MAX),
        validation_every: a.validation_every,
        checkpoints: a.checkpoints.clone().unwrap_or_default(),
        resume: a.resume.clone(),
        mirror: !a.no_mirror,
        qb: a.qb.0,
        quant_positions: 100_000,
        progress: true,
    };
    if o.out.as_os_str().is_empty() {
        return Err(TrainError::Flag("--out: an empty file name"));
    }
    if o.checkpoints.as_os_str().is_empty() {
        let mut name = o.out.clone().into_os_string();
        name.push(".checkpoints");
        o.checkpoints = PathBuf::from(name);
    }
    let checks = [
        (
            (1..=MAX_HIDDEN).contains(&o.shape.hidden),
            "--hidden: 1 to 4096",
        ),
        (
            (1..=MAX_BUCKETS).contains(&o.shape.buckets),
            "--buckets: 1 to 8",
        ),
        (
            !o.shape.factoriser || o.shape.input_buckets != InputBuckets::None,
            "--factoriser: only with --input-buckets palace4 or palace6",
        ),
        (o.batch >= 1, "--batch: at least 1"),
        (o.threads >= 1 && o.threads <= 256, "--threads: 1 to 256"),
        (o.lr.is_finite() && o.lr > 0.0, "--lr: a positive number"),
        ((0.0..=1.0).contains(&o.lambda), "--lambda: 0 to 1"),
        (o.k.is_finite() && o.k > 0.0, "--k: a positive number"),
        (o.score_cap >= 0, "--score-cap: at least 0"),
        (o.validation_every >= 2, "--validation-every: at least 2"),
        (
            step >= 1 && gamma.is_finite() && gamma > 0.0,
            "--lr-step at least 1, --lr-gamma positive",
        ),
        (o.max_positions >= 1, "--max-positions: at least 1"),
        (
            o.qb.is_none_or(|q| (1..=32_767).contains(&q)),
            "--qb: auto or 1 to 32767",
        ),
    ];
    if let Some((_, msg)) = checks.iter().find(|(ok, _)| !ok) {
        return Err(TrainError::Flag(msg));
    }
    Ok(o)
}

/// One epoch's figures.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch (1-based).
    pub epoch: usize,
    /// The mean training loss over its batches.
    pub train_loss: f64,
    /// The validation loss after it (`None` without validation positions).
    pub validation_loss: Option<f64>,
    /// The learning rate at its end.
    pub lr: f32,
    /// Training positions per second.
    pub positions_per_second: f64,
    /// Its duration, validation included.
    pub time: Duration,
}

fn duration(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}h{:02}m{:02}s", s / 3600, s / 60 % 60, s % 60)
}

fn loss_text(loss: Option<f64>) -> String {
    loss.map_or("n/a".into(), |l| format!("{l:.6}"))
}

/// The state to start from: a checkpoint's, or fresh random weights.
pub fn start(o: &TrainOptions) -> Result<Checkpoint, TrainError> {
    if let Some(path) = &o.resume {
        return Checkpoint::read(path);
    }
    let net = Net::random(o.shape, rng::stream(o.seed, 0).next_u64());
    let adam = Adam::new(net.params.len());
    Ok(Checkpoint {
        net,
        adam,
        epoch: 0,
        seed: o.seed,
    })
}

/// Trains from `state` up to `o.epochs` epochs on `data`, writing a
/// checkpoint after each epoch when `write_checkpoints`.
pub fn train(
    o: &TrainOptions,
    data: &Dataset,
    mut state: Checkpoint,
    write_checkpoints: bool,
) -> Result<(Checkpoint, Vec<EpochReport>), TrainError> {
    let label = Label::new(&state.net.shape, o.lambda, o.k);
    if write_checkpoints {
        std::fs::create_dir_all(&o.checkpoints)
            .map_err(|e| TrainError::Io(o.checkpoints.clone(), e))?;
    }
    let n = data.train.len().min(u32::MAX as usize);
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let batches = n.div_ceil(o.batch).max(1);
    let mut workers = batch::workers(o.threads);
    let run_start = Instant::now();
    let mut reports = Vec::new();
    for epoch in state.epoch as usize..o.epochs {
        let epoch_start = Instant::now();
        order.clear();
        order.extend(0..n as u32);
        rng::stream(o.seed, 1 + epoch as u64).shuffle(&mut order);
        let mirror = o
            .mirror
            .then(|| rng::stream(o.seed, (1 << 32) + epoch as u64).next_u64());
        let (mut loss, mut count) = (0.0f64, 0usize);
        let mut lr = o.lr;
        let bar = progress::bar(&format!("epoch {}/{}", epoch + 1, o.epochs), batches as u64);
        if !o.progress {
            bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        }
        for (b, chunk) in order.chunks(o.batch).enumerate() {
            let progress = epoch as f64 + b as f64 / batches as f64;
            lr = o.schedule.rate(o.lr, progress, o.epochs);
            let (l, c) =
                batch::gradient(&state.net, &data.train, chunk, mirror, &label, &mut workers);
            loss += l;
            count += c;
            state
                .adam
                .step(&mut state.net.params, batch::gradient_of(&workers), lr);
            state.net.clip();
            bar.set_position(b as u64 + 1);
            if b % 16 == 0 {
                let secs = epoch_start.elapsed().as_secs_f64().max(1e-3);
                bar.set_message(format!(
                    "batches, loss {:.6}, {:.0} positions/s",
                    loss / count.max(1) as f64,
                    count as f64 / secs
                ));
            }
        }
        bar.finish_and_clear();
        let train_time = epoch_start.elapsed();
        let validation_loss = batch::mean_loss(&state.net, &data.validation, &label, o.threads);
        state.epoch = epoch as u32 + 1;
        let report = EpochReport {
            epoch: epoch + 1,
            train_loss: loss / count.max(1) as f64,
            validation_loss,
            lr,
            positions_per_second: count as f64 / train_time.as_secs_f64().max(1e-6),
            time: epoch_start.elapsed(),
        };
        if o.progress {
            eprintln!(
                "epoch {}/{}: train loss {:.6}, validation loss {}, lr {:.6}, {:.0} positions/s, epoch {:.1}s, elapsed {}",
                report.epoch,
                o.epochs,
                report.train_loss,
                loss_text(report.validation_loss),
                report.lr,
                report.positions_per_second,
                report.time.as_secs_f64(),
                duration(run_start.elapsed()),
            );
        }
        if write_checkpoints {
            let path = o.checkpoints.join(format!("epoch-{:03}.ckpt", epoch + 1));
            state.write(&path)?;
        }
        reports.push(report);
    }
    Ok((state, reports))
}

/// What a run made.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The trained state.
    pub state: Checkpoint,
    /// Per epoch.
    pub epochs: Vec<EpochReport>,
    /// The quantisation error on held-out positions.
    pub quantisation: QuantError,
    /// The network file's description.
    pub description: String,
    /// The output weights' scale chosen for the file.
    pub qb: i32,
}

/// The provenance line written into the network file.
fn description(
    o: &TrainOptions,
    data: &Dataset,
    state: &Checkpoint,
    validation: Option<f64>,
) -> String {
    let s = state.net.shape;
    format!(
        "xiangqi-tools train: data {}, {} training + {} validation positions, {} epochs, seed {}, lambda {}, k {}, hidden {}, buckets {}{}, {}, batch {}, lr {}, mirror {}, validation loss {}",
        folders(&o.data),
        data.train.len(),
        data.validation.len(),
        state.epoch,
        o.seed,
        o.lambda,
        o.k,
        s.hidden,
        s.buckets,
        // Nothing for networks without input buckets: their files stay as
        // before input buckets existed.
        match s.input_buckets {
            InputBuckets::None => String::new(),
            inputs => format!(
                ", input buckets {}{}",
                inputs.name(),
                if s.factoriser { " (factorised)" } else { "" }
            ),
        },
        if s.activation == Activation::SCReLU {
            "screlu"
        } else {
            "crelu"
        },
        o.batch,
        o.lr,
        o.mirror,
        loss_text(validation),
    )
}

/// Quantises `state`'s network into `out` and measures the quantisation
/// error on `data`'s held-out positions (its training positions when none
/// are held out); returns the error and the file as read back.
pub fn export_to(
    o: &TrainOptions,
    data: &Dataset,
    state: &Checkpoint,
    out: &Path,
) -> Result<(QuantError, NetworkFile), TrainError> {
    let label = Label::new(&state.net.shape, o.lambda, o.k);
    let validation = batch::mean_loss(&state.net, &data.validation, &label, o.threads);
    let mut text = description(o, data, state, validation);
    while text.len() > xiangqi::nnue::MAX_DESCRIPTION {
        text.pop();
    }
    let mut file = quantise(&state.net, o.qb, o.generation, text);
    correct_bias(&state.net, &mut file, &data.train, BIAS_POSITIONS);
    let bytes = file.to_bytes().map_err(TrainError::Network)?;
    let io = |e: std::io::Error| TrainError::Io(out.to_path_buf(), e);
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let mut tmp = out.to_path_buf().into_os_string();
    tmp.push(".tmp");
    std::fs::write(&tmp, &bytes).map_err(io)?;
    std::fs::rename(&tmp, out).map_err(io)?;
    // Measured on the file as the library reads it back.
    let file = NetworkFile::parse(&bytes).map_err(TrainError::Network)?;
    let held = if data.validation.is_empty() {
        &data.train
    } else {
        &data.validation
    };
    let error = quantisation_error(&state.net, &file, held, o.quant_positions);
    Ok((error, file))
}

/// Loads the data, trains, exports.
pub fn run(o: &TrainOptions) -> Result<Summary, TrainError> {
    let started = Instant::now();
    let data = dataset::load(
        &o.data,
        &LoadOptions {
            validation_every: o.validation_every,
            max_positions: o.max_positions,
            score_cap: o.score_cap,
        },
    )?;
    if o.progress {
        for (path, why) in &data.skipped {
            eprintln!("train: skipping {}: {why}", path.display());
        }
        eprintln!(
            "train: {} training positions from {} chunks, {} validation positions from {} chunks, {} left out (|score| > {}), loaded in {:.1}s from {}",
            data.train.len(),
            data.train_chunks,
            data.validation.len(),
            data.validation_chunks,
            data.excluded,
            o.score_cap,
            started.elapsed().as_secs_f64(),
            folders(&o.data)
        );
    }
    let state = start(o)?;
    if o.progress {
        let s = state.net.shape;
        if o.resume.is_some() && state.seed != o.seed {
            eprintln!(
                "train: warning: the checkpoint was trained with --seed {}, this run shuffles with --seed {}",
                state.seed, o.seed
            );
        }
        if let Some(path) = &o.resume {
            eprintln!(
                "train: resuming from {} after epoch {} (hidden {}, buckets {}, input buckets {}, {:?})",
                path.display(),
                state.epoch,
                s.hidden,
                s.buckets,
                s.input_buckets.name(),
                s.activation
            );
        }
    }
    let (state, epochs) = train(o, &data, state, true)?;
    let (quantisation, file) = export_to(o, &data, &state, &o.out)?;
    if o.progress {
        eprintln!(
            "train: wrote {} ({} epochs, {}, qa {} qb {}); quantisation error on {} held-out positions: mean {:.2} cp, max {:.1} cp",
            o.out.display(),
            state.epoch,
            duration(started.elapsed()),
            file.qa,
            file.qb,
            quantisation.positions,
            quantisation.mean,
            quantisation.max
        );
    }
    Ok(Summary {
        state,
        epochs,
        quantisation,
        description: file.description,
        qb: file.qb,
    })
}

/// Runs `xiangqi-tools train` with its arguments.
pub fn main(args: &TrainArgs) -> Result<(), TrainError> {
    run(&options(args)?).map(|_| ())
}
