//! The quantised export: the float network rounded into the library's
//! network file (`W1`, `b1` x QA and `W2` x QB as `i16`, `b2` x QA x QB as
//! `i32`), and the quantisation error measured against the float network.

use xiangqi_selfplay::data::RECORD_SIZE;

use super::dataset::{Label, decode, record};
use super::model::{Net, Scratch};
use xiangqi::nnue::{FEATURES, NetworkFile};

fn round_i16(x: f32) -> i16 {
    x.round().clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

/// The finest output scale `qb` (at least the library's default, 64) at
/// which every output weight still fits the library's bound
/// `|w| · qa <= i16::MAX`: the output weights' rounding error, most of the
/// quantisation error, falls as `1 / qb`.
pub fn finest_qb(net: &Net, qa: i32) -> i32 {
    let limit = f32::from(i16::MAX) / qa.max(1) as f32;
    let largest = net.w2().iter().fold(0.0f32, |m, w| m.max(w.abs()));
    let qb = ((limit - 0.5) / largest.max(1e-6)).floor();
    (qb.min(4096.0) as i32).max(64)
}

/// The network file of `net`: weights rounded at `qa` 255 and the output
/// scale `qb` (`None`: [`finest_qb`]).
pub fn quantise(net: &Net, qb: Option<i32>, generation: u32, description: String) -> NetworkFile {
    let shape = net.shape;
    let mut file = NetworkFile::with_input_buckets(
        shape.hidden,
        shape.buckets,
        shape.activation,
        shape.input_buckets,
    );
    file.qb = qb.unwrap_or_else(|| finest_qb(net, file.qa));
    let (qa, qb) = (file.qa as f32, file.qb as f32);
    file.generation = generation;
    file.description = description;
    // The factoriser's rows (after the buckets') are added into every
    // bucket's rows of the same feature.
    let (h, w1) = (shape.hidden, net.w1());
    let shared = &w1[shape.file_inputs() * h..];
    file.feature_weights = w1[..shape.file_inputs() * h]
        .iter()
        .enumerate()
        .map(|(i, &w)| {
            let common = if shape.factoriser {
                shared[i % (FEATURES * h)]
            } else {
                0.0
            };
            round_i16((w + common) * qa)
        })
        .collect();
    file.feature_bias = net.b1().iter().map(|&b| round_i16(b * qa)).collect();
    file.output_weights = net.w2().iter().map(|&w| round_i16(w * qb)).collect();
    file.output_bias = net
        .b2()
        .iter()
        .map(|&b| {
            let x = f64::from(b) * f64::from(qa) * f64::from(qb);
            x.round().clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32
        })
        .collect();
    file
}

/// The gap between the float network and its quantised file.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct QuantError {
    /// Positions compared.
    pub positions: usize,
    /// Mean absolute difference in centipawns.
    pub mean: f64,
    /// Largest absolute difference in centipawns.
    pub max: f64,
}

/// Compares `net` in centipawns with `file`'s integer evaluation on up to
/// `limit` of the positions in `data` (those that are legal positions).
pub fn quantisation_error(
    net: &Net,
    file: &NetworkFile,
    data: &[[u8; RECORD_SIZE]],
    limit: usize,
) -> QuantError {
    let label = Label::new(&net.shape, 1.0, 400.0);
    let mut scratch = Scratch::default();
    let mut e = QuantError::default();
    let mut sum = 0.0f64;
    for bytes in data {
        if e.positions >= limit {
            break;
        }
        let Some(r) = record(bytes) else { continue };
        let Ok(pos) = r.position() else { continue };
        let float = f64::from(net.cp(&decode(&r, false, &label), &mut scratch));
        let int = f64::from(file.evaluate(&pos));
        let d = (float - int).abs();
        sum += d;
        e.max = e.max.max(d);
        e.positions += 1;
    }
    e.mean = sum / e.positions.max(1) as f64;
    e
}

/// Moves each bucket's output bias by the mean gap between `net` and
/// `file` on up to `limit` positions spread over `data` (training
/// positions, so that the error is measured on others): the rounding of
/// the output weights adds much the same amount to every position's
/// evaluation, and this takes that common part out.
pub fn correct_bias(net: &Net, file: &mut NetworkFile, data: &[[u8; RECORD_SIZE]], limit: usize) {
    let label = Label::new(&net.shape, 1.0, 400.0);
    let mut scratch = Scratch::default();
    let mut gaps = vec![(0.0f64, 0usize); file.output_bias.len()];
    let step = (data.len() / limit.max(1)).max(1);
    for bytes in data.iter().step_by(step).take(limit) {
        let Some(r) = record(bytes) else { continue };
        let Ok(pos) = r.position() else { continue };
        let s = decode(&r, false, &label);
        let float = f64::from(net.cp(&s, &mut scratch));
        if let Some((sum, n)) = gaps.get_mut(s.bucket) {
            *sum += float - f64::from(file.evaluate(&pos));
            *n += 1;
        }
    }
    let units = f64::from(file.qa) * f64::from(file.qb) / f64::from(file.scale.max(1));
    for (bias, &(sum, n)) in file.output_bias.iter_mut().zip(&gaps) {
        if n > 0 {
            let moved = f64::from(*bias) + (sum / n as f64 * units).round();
            *bias = moved.clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32;
        }
    }
}
