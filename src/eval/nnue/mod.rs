//! A learned evaluator: an efficiently updatable neural network (NNUE).
//!
//! **Architecture.** Each side's point of view (perspective) sees the
//! board as [`FEATURES`] = 1 260 inputs: one per (own or enemy piece, role,
//! square), the squares flipped rank-wise for Black so that both sides see
//! their own pieces at the bottom ([`feature_index`]). With *input
//! buckets* ([`InputBuckets`]) there are 4 or 6 copies of these inputs, and
//! a perspective reads the copy of its own general's square, the board
//! mirrored a ↔ i when that general stands right of the centre file
//! ([`View`]): `(I · 1260 → H) × 2 → 1` with `I` = 1, 4 or 6. A hidden
//! layer of width `H` sums the weight rows of the ~32 active inputs into an
//! *accumulator* per perspective; the output is a dot product of the
//! activated accumulators, the side to move's first, with one of up to 8
//! weight vectors chosen by the number of pieces on the board
//! ([`output_bucket`]). All arithmetic is integer (16-bit weights, scales
//! in the file's header), so the evaluation is exact and the same on every
//! machine.
//!
//! **Incremental.** [`Nnue`]'s [`Evaluator::State`](crate::Evaluator::State)
//! is the pair of accumulators with their views ([`NnueState`]); a move
//! adds the moved piece's row at its new square and subtracts its old one
//! and the captured piece's, instead of summing 32 rows again. Only when a
//! general moves into another input bucket, or across the centre file, is
//! its own perspective's accumulator summed afresh from the board.
//!
//! **Files.** [`NetworkFile`] is the stored form (magic, version, input
//! buckets, shape, quantisation, generation, a description, a checksum, the
//! weights); [`Nnue::from_bytes`] checks all of it. Version 1 files (no
//! input buckets) are read and written as they always were; version 2
//! names the input buckets. `xiangqi-tools train` makes such files from
//! self-play data; `docs/nnue.md` in the repository tells how the embedded
//! network was made.
//!
//! ```
//! use xiangqi::nnue::{Activation, NetworkFile, Nnue};
//! use xiangqi::{Evaluator, Limits, Position, Searcher};
//!
//! // A network from bytes (here an all-zero one made on the spot).
//! let bytes = NetworkFile::new(256, 1, Activation::SCReLU).to_bytes()?;
//! let net: Nnue = Nnue::from_bytes(&bytes)?;
//! assert_eq!(net.evaluate_position(&Position::new()), 0);
//! let mut searcher = Searcher::new(net);
//! assert!(searcher.search_simple(&Position::new(), &Limits::depth(3)).best_move.is_some());
//! # Ok::<(), xiangqi::nnue::NetworkError>(())
//! ```

mod buckets;
mod error;
mod evaluator;
mod file;

pub use buckets::{InputBuckets, MAX_INPUT_BUCKETS, View};
pub use error::NetworkError;
pub use evaluator::{DEFAULT_HIDDEN, EMBEDDED, Nnue, NnueState};
pub use file::{
    Activation, HEADER_SIZE, MAGIC, MAX_BUCKETS, MAX_DESCRIPTION, MAX_HIDDEN, NetworkFile, VERSION,
};

use crate::base::{Color, Piece, Role, Square};
use crate::eval::EVAL_LIMIT;

/// The number of inputs per perspective: own and enemy pieces, 7 roles,
/// 90 squares.
///
/// ```
/// use xiangqi::nnue::{feature_index, FEATURES};
/// use xiangqi::{Color, Piece, Role, Square};
/// assert_eq!(FEATURES, 1_260);
/// let last = feature_index(Color::Red, Piece::new(Color::Black, Role::Soldier), Square::I9);
/// assert!(last < FEATURES);
/// ```
pub const FEATURES: usize = 2 * Role::COUNT * Square::COUNT;

/// The input of `piece` on `sq` seen from `perspective`:
/// `(enemy · 7 + role) · 90 + square`, where `enemy` is 1 for the other
/// side's pieces and the square is flipped rank-wise (`a0` ↔ `a9`) for
/// Black's perspective.
///
/// ```
/// use xiangqi::nnue::{feature_index, FEATURES};
/// use xiangqi::{Color, Piece, Role, Square};
///
/// let red_cannon = Piece::new(Color::Red, Role::Cannon);
/// let black_cannon = Piece::new(Color::Black, Role::Cannon);
/// // Red's cannon on h2 for Red is Black's cannon on h7 for Black.
/// assert_eq!(
///     feature_index(Color::Red, red_cannon, Square::H2),
///     feature_index(Color::Black, black_cannon, Square::H7),
/// );
/// assert!(feature_index(Color::Black, red_cannon, Square::I9) < FEATURES);
/// ```
#[inline]
pub fn feature_index(perspective: Color, piece: Piece, sq: Square) -> usize {
    let enemy = usize::from(piece.color != perspective);
    let sq = match perspective {
        Color::Red => sq,
        Color::Black => sq.flip_vertical(),
    };
    (enemy * Role::COUNT + piece.role.index()) * Square::COUNT + sq.index()
}

/// The output bucket of a position with `pieces` pieces on the board
/// (generals included) for a network with `buckets` buckets:
/// `min(pieces - 2, 30) · buckets / 31`, so the buckets split the
/// non-general piece counts 0..=30 evenly.
///
/// ```
/// use xiangqi::nnue::output_bucket;
/// assert_eq!(output_bucket(32, 1), 0);
/// assert_eq!(output_bucket(32, 4), 3);
/// assert_eq!(output_bucket(2, 4), 0);
/// ```
#[inline]
pub fn output_bucket(pieces: u32, buckets: usize) -> usize {
    (pieces.saturating_sub(2).min(30) as usize * buckets) / 31
}

/// Lanes per block of the output layer's loops.
const BLOCK: usize = 32;

/// `Σ act(a) · m` over `acc` and `w` in 32 bits (wrapping), where `act(a)
/// = clamp(a, 0, qa)` and `m = w` (CReLU) or `m = act(a) · w`, exact in 16
/// bits (SCReLU: the files guarantee `|w| · qa < 2¹⁵`).
///
/// The activations of a block are computed into a buffer first, then
/// multiplied and summed as 16 × 16 → 32-bit products, which compilers
/// turn into multiply-add instructions (`pmaddwd`) — as long as they cannot
/// prove the activations non-negative: hence the clamp's lower bound is a
/// zero passed through [`core::hint::black_box`] (measured on x86-64 with
/// SSE2: 128 lanes in about 13 ns instead of 70 ns).
#[inline]
fn dot<const SQUARED: bool>(acc: &[i16], w: &[i16], qa: i16) -> i32 {
    let zero = core::hint::black_box(0i16);
    let mut sum = 0i32;
    let mut blocks = acc.chunks_exact(BLOCK).zip(w.chunks_exact(BLOCK));
    for (a, w) in &mut blocks {
        let mut v = [0i16; BLOCK];
        let mut m = [0i16; BLOCK];
        for i in 0..BLOCK {
            v[i] = a[i].max(zero).min(qa);
            m[i] = if SQUARED {
                v[i].wrapping_mul(w[i])
            } else {
                w[i]
            };
        }
        sum = v.iter().zip(&m).fold(sum, |s, (&v, &m)| {
            s.wrapping_add(i32::from(v) * i32::from(m))
        });
    }
    let tail = acc.len() - acc.len() % BLOCK;
    for (&a, &w) in acc[tail..].iter().zip(w.get(tail..).unwrap_or(&[])) {
        let v = a.max(0).min(qa);
        let m = if SQUARED { v.wrapping_mul(w) } else { w };
        sum = sum.wrapping_add(i32::from(v) * i32::from(m));
    }
    sum
}

/// The output layer: the activated accumulators (the side to move's, then
/// the other side's) times the bucket's `2 · H` weights, plus its bias,
/// scaled to centipawns and clamped to [`EVAL_LIMIT`]. `q` is
/// `[qa, qb, scale]`.
#[inline]
fn output(us: &[i16], them: &[i16], w: &[i16], bias: i32, act: Activation, q: [i32; 3]) -> i32 {
    let [qa, qb, scale] = q;
    let (w_us, w_them) = w.split_at(us.len());
    // qa is at most 255 (checked when the file was read).
    let qa16 = qa as i16;
    let sum = match act {
        Activation::CReLU => {
            dot::<false>(us, w_us, qa16).wrapping_add(dot::<false>(them, w_them, qa16))
        }
        Activation::SCReLU => {
            dot::<true>(us, w_us, qa16).wrapping_add(dot::<true>(them, w_them, qa16)) / qa
        }
    };
    let raw = i64::from(sum) + i64::from(bias);
    let cp = raw * i64::from(scale) / (i64::from(qa) * i64::from(qb));
    cp.clamp(-i64::from(EVAL_LIMIT), i64::from(EVAL_LIMIT)) as i32
}

#[cfg(test)]
mod tests;
