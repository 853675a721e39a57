use std::path::{Path, PathBuf};

use xiangqi::{Color, Position, Role};
use xiangqi_selfplay::data::{ChunkInfo, Record, SelfPlayResult, write_chunk};

use super::dataset::{Sample, decode};
use super::model::Scratch;
use super::*;
use xiangqi::nnue::{FEATURES, InputBuckets};

mod buckets;
mod inputs;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-train-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Material from the side to move's view, in centipawns.
fn material(pos: &Position) -> i32 {
    pos.board()
        .pieces()
        .map(|(_, p)| {
            let v = match p.role {
                Role::General => 0,
                Role::Advisor | Role::Elephant => 200,
                Role::Horse => 400,
                Role::Cannon => 450,
                Role::Chariot => 900,
                Role::Soldier => 100,
            };
            if p.color == pos.turn() { v } else { -v }
        })
        .sum()
}

/// Positions of random games from the start, every ply, labelled by
/// material (score and the result it points to).
fn positions(games: usize, plies: usize, seed: u64) -> Vec<Record> {
    let mut rng = rng::SplitMix::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::new();
        for ply in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let _ = pos.play(moves[rng.below(moves.len())]);
            let m = material(&pos).clamp(-1500, 1500);
            let red = if pos.turn() == Color::Red { m } else { -m };
            let result = match red {
                r if r > 300 => SelfPlayResult::RedWins,
                r if r < -300 => SelfPlayResult::BlackWins,
                _ => SelfPlayResult::Draw,
            };
            out.push(Record::new(&pos, m, result, ply));
        }
    }
    out
}

/// A data folder of `chunks` chunk files of these records.
fn data_dir(name: &str, records: &[Record], chunks: usize) -> PathBuf {
    let dir = temp_dir(name);
    let per = records.len().div_ceil(chunks);
    for (i, part) in records.chunks(per).enumerate() {
        let info = ChunkInfo {
            nodes: 1,
            seed: 0,
            index: i as u32,
        };
        std::fs::write(dir.join(format!("c{i:03}.xqd")), write_chunk(&info, part)).unwrap();
    }
    dir
}

/// The options of `train` with these arguments.
fn parse_args(args: &[String]) -> Result<TrainOptions, Box<dyn std::error::Error>> {
    let line = format!("train {}", args.join(" "));
    match crate::cli::parse(&line)? {
        crate::cli::Command::Train(a) => Ok(super::options(&a)?),
        other => panic!("{other:?}"),
    }
}

fn options(dir: &Path, hidden: usize, activation: Activation) -> TrainOptions {
    let mut o = parse_args(&["--out".into(), dir.join("net.nnue").display().to_string()]).unwrap();
    o.data = vec![dir.to_path_buf()];
    o.shape = Shape {
        hidden,
        buckets: 2,
        activation,
        input_buckets: InputBuckets::None,
        factoriser: false,
    };
    o.epochs = 4;
    o.batch = 64;
    o.lr = 0.01;
    o.lambda = 1.0;
    o.threads = 2;
    o.seed = 7;
    o.validation_every = 4;
    o.progress = false;
    o
}

fn load(o: &TrainOptions) -> Dataset {
    dataset::load(
        &o.data,
        &LoadOptions {
            validation_every: o.validation_every,
            max_positions: o.max_positions,
            score_cap: o.score_cap,
        },
    )
    .unwrap()
}

fn samples(
    records: &[Record],
    buckets: usize,
    inputs: InputBuckets,
    factoriser: bool,
) -> Vec<Sample> {
    let label = Label {
        lambda: 0.6,
        k: 400.0,
        buckets,
        inputs,
        factoriser,
    };
    records
        .iter()
        .enumerate()
        .map(|(i, r)| decode(r, i % 2 == 1, &label))
        .collect()
}

/// The clamp regions (below 0, inside, above 1) of every accumulator.
fn regions(net: &Net, samples: &[Sample]) -> Vec<u8> {
    let h = net.shape.hidden;
    let mut out = Vec::new();
    for s in samples {
        for half in 0..2 {
            let mut acc = net.b1().to_vec();
            for &f in s.features(half) {
                for (a, w) in acc.iter_mut().zip(&net.w1()[usize::from(f) * h..][..h]) {
                    *a += w;
                }
            }
            out.extend(acc.iter().map(|&a| u8::from(a > 0.0) + u8::from(a >= 1.0)));
        }
    }
    out
}

fn total_loss(net: &Net, samples: &[Sample]) -> f64 {
    let mut scratch = Scratch::default();
    samples
        .iter()
        .map(|s| f64::from(net.loss(s, 400.0, &mut scratch, None)))
        .sum()
}

#[test]
fn gradient_matches_finite_differences() {
    let records: Vec<Record> = positions(3, 120, 11).into_iter().step_by(10).collect();
    for (activation, inputs, factoriser) in [
        (Activation::CReLU, InputBuckets::None, false),
        (Activation::SCReLU, InputBuckets::None, false),
        (Activation::SCReLU, InputBuckets::Palace4, false),
        (Activation::SCReLU, InputBuckets::Palace6, true),
    ] {
        let shape = Shape {
            hidden: 6,
            buckets: 3,
            activation,
            input_buckets: inputs,
            factoriser,
        };
        let mut net = Net::random(shape, 3);
        // Larger output weights: gradients well above rounding noise.
        let rows = shape.inputs();
        let w2 = rows * 6 + 6;
        for w in &mut net.params[w2..] {
            *w *= 4.0;
        }
        let samples = samples(&records, 3, inputs, factoriser);
        assert!(samples.iter().any(|s| s.bucket == 2) && samples.iter().any(|s| s.bucket < 2));
        let mut grad = vec![0.0f32; net.params.len()];
        let mut scratch = Scratch::default();
        for s in &samples {
            net.loss(s, 400.0, &mut scratch, Some((&mut grad, 1.0)));
        }
        let used: std::collections::BTreeSet<usize> = samples
            .iter()
            .flat_map(|s| s.features(0).iter().chain(s.features(1)))
            .flat_map(|&f| (0..6).map(move |i| usize::from(f) * 6 + i))
            .chain(rows * 6..net.params.len())
            .collect();
        let eps = 5e-3f32;
        let (mut checked, mut nonzero) = (0, 0);
        for &i in &used {
            let base = net.params[i];
            net.params[i] = base + eps;
            let (plus, rp) = (total_loss(&net, &samples), regions(&net, &samples));
            net.params[i] = base - eps;
            let (minus, rm) = (total_loss(&net, &samples), regions(&net, &samples));
            net.params[i] = base;
            if rp != rm {
                continue; // a kink of the clamp between the two points
            }
            let numeric = (plus - minus) / (2.0 * f64::from(eps));
            let analytic = f64::from(grad[i]);
            assert!(
                (numeric - analytic).abs() <= 1e-2 * analytic.abs() + 1e-4,
                "{activation:?} parameter {i}: numeric {numeric}, analytic {analytic}"
            );
            checked += 1;
            nonzero += usize::from(analytic.abs() > 1e-3);
        }
        assert!(
            checked > used.len() * 3 / 4,
            "{checked} of {} checked",
            used.len()
        );
        assert!(
            nonzero > checked / 4,
            "{nonzero} of {checked} gradients nonzero"
        );
        // Untouched rows of W1 get no gradient.
        let unused = (0..rows * 6).find(|i| !used.contains(i)).unwrap();
        assert_eq!(grad[unused], 0.0);
    }
}

/// Mean absolute gap between the network and the material labels, in cp.
fn material_error(net: &Net, data: &[[u8; 32]]) -> f64 {
    let label = Label::new(&net.shape, 1.0, 400.0);
    let mut scratch = Scratch::default();
    let errors: Vec<f64> = data
        .iter()
        .filter_map(dataset::record)
        .map(|r| {
            let cp = net.cp(&decode(&r, false, &label), &mut scratch);
            f64::from((cp - f32::from(r.score())).abs())
        })
        .collect();
    errors.iter().sum::<f64>() / errors.len() as f64
}

#[test]
fn training_learns_material_and_exports_within_a_few_centipawns() {
    let records = positions(100, 80, 5);
    let dir = data_dir("learn", &records, 4);
    let mut o = options(&dir, 16, Activation::SCReLU);
    o.epochs = 12;
    let data = load(&o);
    assert_eq!((data.train_chunks, data.validation_chunks), (3, 1));
    let label = Label {
        lambda: o.lambda,
        k: o.k,
        buckets: 2,
        inputs: InputBuckets::None,
        factoriser: false,
    };
    let first = start(&o).unwrap();
    let before = batch::mean_loss(&first.net, &data.validation, &label, 1).unwrap();
    let material_before = material_error(&first.net, &data.validation);
    let (state, reports) = train(&o, &data, first, false).unwrap();
    assert_eq!(reports.len(), 12);
    let after = reports.last().unwrap().validation_loss.unwrap();
    assert!(
        reports.last().unwrap().train_loss < reports[0].train_loss * 0.7,
        "{reports:?}"
    );
    assert!(after < before * 0.5, "validation loss {before} -> {after}");
    let material_after = material_error(&state.net, &data.validation);
    assert!(
        material_after < material_before * 0.7,
        "material error {material_before} -> {material_after} cp"
    );

    // The exported file, read back, evaluates as the float network does
    // (within the bound: mean 5 cp, max 30 cp).
    let out = dir.join("net.nnue");
    let (q, exported) = export_to(&o, &data, &state, &out).unwrap();
    let description = exported.description;
    assert!(description.contains("hidden 16") && description.contains("seed 7"));
    // The finest output scale that fits the library's bound, no coarser
    // than its default.
    assert!(exported.qb >= 64 && exported.qb == export::finest_qb(&state.net, 255));
    let largest = state.net.w2().iter().fold(0.0f32, |m, w| m.max(w.abs()));
    assert!((largest * exported.qb as f32).round() * 255.0 <= 32767.0);
    assert_eq!(q.positions, data.validation.len());
    assert!(q.mean < 5.0 && q.max < 30.0, "{q:?}");
    let bytes = std::fs::read(&out).unwrap();
    assert!(xiangqi::nnue::Nnue::<16>::from_bytes(&bytes).is_ok());
    let file = xiangqi::nnue::NetworkFile::parse(&bytes).unwrap();
    assert_eq!((file.hidden, file.buckets, file.generation), (16, 2, 1));
    // Without input buckets: a version 1 file, as before version 2.
    assert_eq!(bytes[8..12], 1u32.to_le_bytes());
    assert!(!description.contains("input buckets"));
    assert_eq!(file.description, description);
    // The bias correction takes out the common part of the rounding error.
    let signed_gap = |file: &xiangqi::nnue::NetworkFile| {
        let gaps: Vec<f64> = data
            .train
            .iter()
            .filter_map(dataset::record)
            .map(|r| {
                let s = decode(&r, false, &label);
                let float = state.net.cp(&s, &mut Scratch::default());
                f64::from(float) - f64::from(file.evaluate(&r.position().unwrap()))
            })
            .collect();
        gaps.iter().sum::<f64>() / gaps.len() as f64
    };
    let mut coarse = quantise(&state.net, Some(16), 1, String::new());
    let before = signed_gap(&coarse);
    export::correct_bias(&state.net, &mut coarse, &data.train, usize::MAX);
    let after = signed_gap(&coarse);
    assert!(
        after.abs() < 1.0 && after.abs() < before.abs(),
        "{before} -> {after}"
    );
    let crelu = Net {
        shape: Shape {
            activation: Activation::CReLU,
            ..state.net.shape
        },
        params: state.net.params.clone(),
    };
    let file = quantise(&crelu, Some(64), 1, String::new());
    let q = quantisation_error(&crelu, &file, &data.validation, 100);
    assert!(q.positions == 100 && q.mean < 5.0 && q.max < 30.0, "{q:?}");
}

#[test]
fn training_is_deterministic_and_resumes_exactly() {
    let records = positions(4, 60, 9);
    let dir = data_dir("determinism", &records, 4);
    let mut o = options(&dir, 8, Activation::CReLU);
    o.batch = 32;
    let data = load(&o);
    let (a, reports) = train(&o, &data, start(&o).unwrap(), false).unwrap();
    let (b, _) = train(&o, &data, start(&o).unwrap(), false).unwrap();
    assert!(a == b, "same seed and threads: the same weights");
    assert!(reports.iter().all(|r| r.train_loss.is_finite()));
    let mut other = o.clone();
    other.seed = 8;
    let (c, _) = train(&other, &data, start(&other).unwrap(), false).unwrap();
    assert!(a.net.params != c.net.params);

    // The run with checkpoints, resumed after its second epoch: the same.
    let mut saved = o.clone();
    saved.checkpoints = dir.join("ckpt");
    let (e, _) = train(&saved, &data, start(&saved).unwrap(), true).unwrap();
    assert!(a == e);
    let mut resumed = o.clone();
    resumed.resume = Some(saved.checkpoints.join("epoch-002.ckpt"));
    let from = start(&resumed).unwrap();
    assert_eq!(from.epoch, 2);
    let (d, reports) = train(&resumed, &data, from, false).unwrap();
    assert_eq!(reports.iter().map(|r| r.epoch).collect::<Vec<_>>(), [3, 4]);
    assert!(a == d, "a resumed run continues as the whole run");
}

#[test]
fn checkpoints_round_trip_and_reject_corruption() {
    let shape = Shape {
        hidden: 3,
        buckets: 2,
        activation: Activation::SCReLU,
        input_buckets: InputBuckets::None,
        factoriser: false,
    };
    let net = Net::random(shape, 1);
    let mut adam = Adam::new(net.params.len());
    adam.step(&mut net.params.clone(), &vec![0.5; net.params.len()], 0.01);
    let c = Checkpoint {
        net,
        adam,
        epoch: 3,
        seed: 99,
    };
    let bytes = c.to_bytes();
    assert_eq!(Checkpoint::from_bytes(&bytes), Ok(c.clone()));
    for len in [0, 7, 8, 43, 60, bytes.len() - 1] {
        assert!(
            Checkpoint::from_bytes(&bytes[..len]).is_err(),
            "{len} bytes"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        Checkpoint::from_bytes(&longer),
        Err(CheckpointError::BadLength { .. })
    ));
    for i in (0..bytes.len()).step_by(7) {
        let mut bad = bytes.clone();
        bad[i] ^= 0x10;
        assert!(Checkpoint::from_bytes(&bad).is_err(), "byte {i} flipped");
    }
    let mut bad = bytes.clone();
    bad[0] = b'Y';
    assert_eq!(Checkpoint::from_bytes(&bad), Err(CheckpointError::BadMagic));
    bad = bytes.clone();
    bad[12..16].copy_from_slice(&100_000u32.to_le_bytes());
    assert_eq!(Checkpoint::from_bytes(&bad), Err(CheckpointError::BadShape));
    // Without input buckets: version 1, as before version 2 existed.
    assert_eq!(bytes[8..12], 1u32.to_le_bytes());
    bad = bytes;
    bad[8] = 3;
    assert_eq!(
        Checkpoint::from_bytes(&bad),
        Err(CheckpointError::UnsupportedVersion(3))
    );
    // With input buckets: version 2, the layout in the header.
    for (layout, factoriser) in [
        (InputBuckets::Palace4, false),
        (InputBuckets::Palace6, false),
        (InputBuckets::Palace4, true),
    ] {
        let shape = Shape {
            input_buckets: layout,
            factoriser,
            ..shape
        };
        let net = Net::random(shape, 2);
        let adam = Adam::new(net.params.len());
        let c = Checkpoint {
            net,
            adam,
            epoch: 1,
            seed: 5,
        };
        let bytes = c.to_bytes();
        assert_eq!(bytes[8..12], 2u32.to_le_bytes());
        assert_eq!(Checkpoint::from_bytes(&bytes), Ok(c));
        for len in [44, 47, 48, 55, bytes.len() - 1] {
            assert!(
                matches!(
                    Checkpoint::from_bytes(&bytes[..len]),
                    Err(CheckpointError::BadLength { .. })
                ),
                "{len} bytes"
            );
        }
        assert_eq!(bytes[45], u8::from(factoriser));
        let mut bad = bytes.clone();
        bad[46] = 1;
        assert_eq!(Checkpoint::from_bytes(&bad), Err(CheckpointError::BadShape));
        bad = bytes.clone();
        bad[44] = 9;
        assert_eq!(Checkpoint::from_bytes(&bad), Err(CheckpointError::BadShape));
        // Another layout: another parameter count.
        bad[44] = 0;
        assert!(matches!(
            Checkpoint::from_bytes(&bad),
            Err(CheckpointError::BadLength { .. })
        ));
        // Every header byte, then a hundred spread over the floats.
        let spread = (56..bytes.len()).step_by(bytes.len() / 100);
        for i in (0..56).chain(spread).chain([bytes.len() - 1]) {
            let mut bad = bytes.clone();
            bad[i] ^= 0x04;
            assert!(Checkpoint::from_bytes(&bad).is_err(), "byte {i} flipped");
        }
    }
}
