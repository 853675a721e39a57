//! The float network: `(I x FEATURES -> H) x 2 -> 1` per output bucket
//! (`I` input buckets by the general's square), its forward pass, its
//! gradient and the weight clipping that keeps the int16 export in range.
//!
//! The parameters are one flat vector, `W1 | b1 | W2 | b2`: `W1` is
//! input-major (the `H` weights of input `f` at `f*H..(f+1)*H`, input
//! bucket `b`'s inputs from `b * FEATURES` on), `W2` holds per output
//! bucket the side to move's `H` weights then the other side's.

use super::dataset::Sample;
use super::rng::SplitMix;
use xiangqi::nnue::{Activation, FEATURES, InputBuckets};

/// Centipawns per unit of the network's output.
pub const SCALE: f32 = 400.0;
/// The bound of every weight and bias after each step: 1.98 x 255 and
/// sums of 32 of them stay inside an `i16`.
pub const CLIP: f32 = 1.98;

/// The network's architecture.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Hidden neurons per perspective.
    pub hidden: usize,
    /// Output buckets by material (1..=8).
    pub buckets: usize,
    /// The hidden activation.
    pub activation: Activation,
    /// The input buckets by the general's square.
    pub input_buckets: InputBuckets,
    /// A factoriser: one more block of `FEATURES` inputs shared by all
    /// input buckets (active beside each bucket's own), added into every
    /// bucket's rows on export; it lets the buckets learn what they have in
    /// common from all the positions.
    pub factoriser: bool,
}

impl Shape {
    /// The number of parameters.
    pub fn len(&self) -> usize {
        self.b1() + self.hidden + self.buckets * (2 * self.hidden + 1)
    }

    /// The number of inputs per perspective: `FEATURES` per input bucket,
    /// and the factoriser's.
    pub fn inputs(&self) -> usize {
        (self.input_buckets.count() + usize::from(self.factoriser)) * FEATURES
    }

    /// The inputs of the exported network (the factoriser merged).
    pub fn file_inputs(&self) -> usize {
        self.input_buckets.count() * FEATURES
    }

    fn b1(&self) -> usize {
        self.inputs() * self.hidden
    }

    fn w2(&self) -> usize {
        self.b1() + self.hidden
    }

    fn b2(&self) -> usize {
        self.w2() + self.buckets * 2 * self.hidden
    }
}

/// The float network.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// Its architecture.
    pub shape: Shape,
    /// `W1 | b1 | W2 | b2`, [`Shape::len`] floats.
    pub params: Vec<f32>,
}

/// Per-thread buffers of one forward and backward pass.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    acc: [Vec<f32>; 2],
    delta: Vec<f32>,
}

/// The trainer builds the two activations of the library's first version:
/// SCReLU, and CReLU for anything else.
#[inline]
fn act(activation: Activation, x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    if activation == Activation::SCReLU {
        c * c
    } else {
        c
    }
}

#[inline]
fn act_slope(activation: Activation, x: f32) -> f32 {
    if x <= 0.0 || x >= 1.0 {
        0.0
    } else if activation == Activation::SCReLU {
        2.0 * x
    } else {
        1.0
    }
}

/// The width of the blocks the inner loops keep in registers.
const LANES: usize = 16;

/// Adds the first `block.len()` values of every row to `block`, a block of
/// [`LANES`] at a time held in registers across the rows.
#[inline]
fn add_rows<'a>(block: &mut [f32], rows: impl Iterator<Item = &'a [f32]>) {
    if let Ok(block) = <&mut [f32; LANES]>::try_from(&mut *block) {
        let mut r = *block;
        for row in rows {
            if let Some(row) = row.first_chunk::<LANES>() {
                for (a, w) in r.iter_mut().zip(row) {
                    *a += *w;
                }
            }
        }
        *block = r;
    } else {
        for row in rows {
            for (a, w) in block.iter_mut().zip(row) {
                *a += *w;
            }
        }
    }
}

/// `sum act(acc[i]) * w[i]`, summed in [`LANES`] lanes (so that it
/// vectorises) and then across them.
#[inline]
fn dot(activation: Activation, acc: &[f32], w: &[f32]) -> f32 {
    let mut lanes = [0.0f32; LANES];
    let mut tail = 0.0f32;
    for (a, w) in acc.chunks(LANES).zip(w.chunks(LANES)) {
        if let (Ok(a), Ok(w)) = (<&[f32; LANES]>::try_from(a), <&[f32; LANES]>::try_from(w)) {
            for ((l, &a), &w) in lanes.iter_mut().zip(a).zip(w) {
                *l += act(activation, a) * w;
            }
        } else {
            for (&a, &w) in a.iter().zip(w) {
                tail += act(activation, a) * w;
            }
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// Adds `d` to the start of `row`.
#[inline]
fn add_to(row: &mut [f32], d: &[f32]) {
    if let (Some(row), Ok(d)) = (row.first_chunk_mut::<LANES>(), <&[f32; LANES]>::try_from(d)) {
        for (g, x) in row.iter_mut().zip(d) {
            *g += *x;
        }
    } else {
        for (g, x) in row.iter_mut().zip(d) {
            *g += *x;
        }
    }
}

/// The logistic function.
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Net {
    /// A network with small random weights drawn from `seed`.
    pub fn random(shape: Shape, seed: u64) -> Net {
        let mut rng = SplitMix::new(seed);
        let mut params = vec![0.0; shape.len()];
        // About 32 active inputs: accumulators start with a spread near 0.3.
        for w in &mut params[..shape.b1()] {
            *w = rng.symmetric(0.1);
        }
        for b in &mut params[shape.b1()..shape.w2()] {
            *b = 0.1 + rng.symmetric(0.1);
        }
        let a = 1.0 / (2.0 * shape.hidden as f32).sqrt();
        for w in &mut params[shape.w2()..shape.b2()] {
            *w = rng.symmetric(a);
        }
        Net { shape, params }
    }

    /// The first layer's accumulator of `features` into `acc`.
    fn accumulate(&self, features: &[u16], acc: &mut Vec<f32>) {
        let h = self.shape.hidden;
        acc.clear();
        acc.extend_from_slice(&self.params[self.shape.b1()..self.shape.w2()]);
        let w1 = &self.params[..self.shape.b1()];
        for (start, block) in (0..h).step_by(LANES).zip(acc.chunks_mut(LANES)) {
            add_rows(
                block,
                features.iter().map(|&f| &w1[usize::from(f) * h + start..]),
            );
        }
    }

    /// The output (in units of [`SCALE`] centipawns) for `s`, leaving the
    /// accumulators in `scratch` for [`Net::backward`].
    pub fn forward(&self, s: &Sample, scratch: &mut Scratch) -> f32 {
        let h = self.shape.hidden;
        let w2 = &self.params[self.shape.w2() + s.bucket * 2 * h..][..2 * h];
        let mut out = self.params[self.shape.b2() + s.bucket];
        for half in 0..2 {
            self.accumulate(s.features(half), &mut scratch.acc[half]);
            let w = &w2[half * h..(half + 1) * h];
            out += dot(self.shape.activation, &scratch.acc[half], w);
        }
        out
    }

    /// The evaluation of `s` in centipawns, side to move's view.
    pub fn cp(&self, s: &Sample, scratch: &mut Scratch) -> f32 {
        self.forward(s, scratch) * SCALE
    }

    /// Adds `g` times the gradient of the output at `s` to `grad` (after
    /// [`Net::forward`] on `s` with this `scratch`). Only the rows of the
    /// active features of `W1` are touched.
    pub fn backward(&self, s: &Sample, scratch: &mut Scratch, g: f32, grad: &mut [f32]) {
        let shape = self.shape;
        let h = shape.hidden;
        let activation = shape.activation;
        let w2_at = shape.w2() + s.bucket * 2 * h;
        grad[shape.b2() + s.bucket] += g;
        let Scratch { acc, delta } = scratch;
        for (half, acc) in acc.iter().enumerate() {
            let w2 = &self.params[w2_at + half * h..][..h];
            let gw2 = &mut grad[w2_at + half * h..][..h];
            for (gw, &a) in gw2.iter_mut().zip(acc.iter()) {
                *gw += g * act(activation, a);
            }
            delta.clear();
            delta.extend(
                acc.iter()
                    .zip(w2)
                    .map(|(&a, &w)| g * w * act_slope(activation, a)),
            );
            let gb1 = &mut grad[shape.b1()..shape.w2()];
            for (gb, d) in gb1.iter_mut().zip(delta.iter()) {
                *gb += *d;
            }
            for (start, d) in (0..h).step_by(LANES).zip(delta.chunks(LANES)) {
                for &f in s.features(half) {
                    add_to(&mut grad[usize::from(f) * h + start..], d);
                }
            }
        }
    }

    /// The squared error of `s` under sigmoid scale `k`, adding `weight`
    /// times its gradient to `grad` (none when `grad` is `None`).
    pub fn loss(
        &self,
        s: &Sample,
        k: f32,
        scratch: &mut Scratch,
        grad: Option<(&mut [f32], f32)>,
    ) -> f32 {
        let out = self.forward(s, scratch);
        let p = sigmoid(out * SCALE / k);
        let err = p - s.target;
        if let Some((grad, weight)) = grad {
            let g = weight * 2.0 * err * p * (1.0 - p) * SCALE / k;
            self.backward(s, scratch, g, grad);
        }
        err * err
    }

    /// Clips every weight and bias to `[-CLIP, CLIP]` (the output bias is
    /// left free: it is quantised to an `i32`).
    pub fn clip(&mut self) {
        let b2 = self.shape.b2();
        for w in &mut self.params[..b2] {
            *w = w.clamp(-CLIP, CLIP);
        }
    }

    /// `W1`, input-major.
    pub fn w1(&self) -> &[f32] {
        &self.params[..self.shape.b1()]
    }

    /// `b1`.
    pub fn b1(&self) -> &[f32] {
        &self.params[self.shape.b1()..self.shape.w2()]
    }

    /// `W2`, per bucket the side to move's half then the other's.
    pub fn w2(&self) -> &[f32] {
        &self.params[self.shape.w2()..self.shape.b2()]
    }

    /// `b2`, one per bucket.
    pub fn b2(&self) -> &[f32] {
        &self.params[self.shape.b2()..]
    }
}
