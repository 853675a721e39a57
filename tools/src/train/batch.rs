//! A mini-batch's gradient and a data set's loss, shared out over threads.
//!
//! Each thread takes a contiguous share of the batch, decodes its records
//! and adds their gradient into its own buffer; the buffers are then summed
//! in thread order, so the result depends only on the batch and the thread
//! count.

use xiangqi_selfplay::data::RECORD_SIZE;

use super::dataset::{Label, decode, record};
use super::model::{Net, Scratch};

/// One thread's buffers.
#[derive(Clone, Debug, Default)]
pub struct Worker {
    grad: Vec<f32>,
    scratch: Scratch,
}

/// Buffers for `threads` threads (at least one).
pub fn workers(threads: usize) -> Vec<Worker> {
    vec![Worker::default(); threads.max(1)]
}

/// Whether position `index` is mirrored under the key (a hash of the seed
/// and the epoch): about half of them, a fresh half every epoch.
pub fn mirrored(key: Option<u64>, index: u32) -> bool {
    let Some(key) = key else { return false };
    let mut z = key ^ u64::from(index).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) & 1 == 1
}

/// Splits `n` items into `parts` contiguous ranges.
fn share(n: usize, parts: usize, i: usize) -> std::ops::Range<usize> {
    (n * i / parts)..(n * (i + 1) / parts)
}

/// The mean gradient of the squared error over the positions `batch`
/// (indices into `data`, mirrored as [`mirrored`] says under `mirror`):
/// left in the first worker's buffer, returned by [`gradient_of`]. Returns
/// the summed squared error and the number of positions.
pub fn gradient(
    net: &Net,
    data: &[[u8; RECORD_SIZE]],
    batch: &[u32],
    mirror: Option<u64>,
    label: &Label,
    workers: &mut [Worker],
) -> (f64, usize) {
    let parts = workers.len();
    let weight = 1.0 / batch.len().max(1) as f32;
    let run = |i: usize, w: &mut Worker| -> (f64, usize) {
        w.grad.clear();
        w.grad.resize(net.params.len(), 0.0);
        let mut loss = 0.0f64;
        let mut n = 0;
        // The records first, in a tight loop whose cache misses overlap.
        let records: Vec<(u32, [u8; RECORD_SIZE])> = batch[share(batch.len(), parts, i)]
            .iter()
            .filter_map(|&idx| Some((idx, *data.get(idx as usize)?)))
            .collect();
        for (idx, bytes) in &records {
            let Some(r) = record(bytes) else { continue };
            let s = decode(&r, mirrored(mirror, *idx), label);
            let g = Some((w.grad.as_mut_slice(), weight));
            loss += f64::from(net.loss(&s, label.k, &mut w.scratch, g));
            n += 1;
        }
        (loss, n)
    };
    let (first, rest) = workers.split_at_mut(1);
    let results: Vec<(f64, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = rest
            .iter_mut()
            .enumerate()
            .map(|(i, w)| scope.spawn(move || run(i + 1, w)))
            .collect();
        let mut results = vec![run(0, &mut first[0])];
        results.extend(handles.into_iter().map(|h| h.join().unwrap_or((0.0, 0))));
        results
    });
    for w in rest.iter() {
        for (a, b) in first[0].grad.iter_mut().zip(&w.grad) {
            *a += *b;
        }
    }
    results
        .iter()
        .fold((0.0, 0), |(l, n), &(a, b)| (l + a, n + b))
}

/// The gradient [`gradient`] left in the workers.
pub fn gradient_of(workers: &[Worker]) -> &[f32] {
    workers.first().map_or(&[], |w| w.grad.as_slice())
}

/// The mean squared error over all of `data` (not mirrored); `None` when
/// it is empty.
pub fn mean_loss(
    net: &Net,
    data: &[[u8; RECORD_SIZE]],
    label: &Label,
    threads: usize,
) -> Option<f64> {
    let parts = threads.max(1);
    let run = |i: usize| -> (f64, usize) {
        let mut scratch = Scratch::default();
        let mut loss = 0.0f64;
        let mut n = 0;
        for bytes in &data[share(data.len(), parts, i)] {
            if let Some(r) = record(bytes) {
                let s = decode(&r, false, label);
                loss += f64::from(net.loss(&s, label.k, &mut scratch, None));
                n += 1;
            }
        }
        (loss, n)
    };
    let (loss, n) = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..parts).map(|i| scope.spawn(move || run(i))).collect();
        let mut total = run(0);
        for h in handles {
            let (l, n) = h.join().unwrap_or((0.0, 0));
            total = (total.0 + l, total.1 + n);
        }
        total
    });
    (n > 0).then(|| loss / n as f64)
}
