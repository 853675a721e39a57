//! The network's definition shared with the library's inference
//! (`xiangqi::nnue`): feature indices, output buckets and the network file.
//!
//! A stand-in until the library's module lands on main: the same names and
//! formulas as `xiangqi::nnue`, so the trainer switches by replacing this
//! module with `pub use xiangqi::nnue::*;`.

use xiangqi::{Color, Piece, Position, Square};

/// Inputs per perspective: own / their x 7 roles x 90 squares.
pub const FEATURES: usize = 2 * 7 * 90;

/// The input of `piece` on `sq` seen from `perspective` (Black's view flips
/// the ranks).
pub fn feature_index(perspective: Color, piece: Piece, sq: Square) -> usize {
    let s = if perspective == Color::Red {
        sq
    } else {
        sq.flip_vertical()
    };
    ((usize::from(piece.color != perspective)) * 7 + piece.role.index()) * 90 + s.index()
}

/// The output bucket of a position with `pieces` pieces (generals included).
pub fn output_bucket(pieces: usize, buckets: usize) -> usize {
    (pieces.saturating_sub(2).min(30) * buckets) / 31
}

/// The hidden layer's activation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Activation {
    /// `clamp(x, 0, 1)`.
    CReLU,
    /// `clamp(x, 0, 1)^2`.
    SCReLU,
}

/// What is wrong with a network file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    /// Not a network file of this shape.
    #[error("bad network file")]
    Bad,
}

/// A quantised network as written to and read from a file.
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkFile {
    /// Hidden width per perspective.
    pub hidden: usize,
    /// Output buckets.
    pub buckets: usize,
    /// The hidden activation.
    pub activation: Activation,
    /// The first layer's scale.
    pub qa: i32,
    /// The output layer's scale.
    pub qb: i32,
    /// Centipawns per unit of output.
    pub scale: i32,
    /// The network's generation.
    pub generation: u32,
    /// Free provenance text.
    pub description: String,
    /// `FEATURES * hidden`, feature-major.
    pub feature_weights: Vec<i16>,
    /// `hidden`.
    pub feature_bias: Vec<i16>,
    /// `buckets * 2 * hidden`.
    pub output_weights: Vec<i16>,
    /// `buckets`.
    pub output_bias: Vec<i32>,
}

const MAGIC: &[u8; 8] = b"XQNNSHIM";

impl NetworkFile {
    /// A network of zeros.
    pub fn new(hidden: usize, buckets: usize, activation: Activation) -> NetworkFile {
        NetworkFile {
            hidden,
            buckets,
            activation,
            qa: 255,
            qb: 64,
            scale: 400,
            generation: 0,
            description: String::new(),
            feature_weights: vec![0; FEATURES * hidden],
            feature_bias: vec![0; hidden],
            output_weights: vec![0; buckets * 2 * hidden],
            output_bias: vec![0; buckets],
        }
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Result<Vec<u8>, NetworkError> {
        let mut out = MAGIC.to_vec();
        for v in [self.hidden as u32, self.buckets as u32, self.generation] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.push(u8::from(self.activation == Activation::SCReLU));
        for v in [self.qa, self.qb, self.scale] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&(self.description.len() as u32).to_le_bytes());
        out.extend_from_slice(self.description.as_bytes());
        for w in self.feature_weights.iter().chain(&self.feature_bias) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for w in &self.output_weights {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.output_bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        Ok(out)
    }

    /// Reads a file written by [`NetworkFile::to_bytes`].
    pub fn parse(bytes: &[u8]) -> Result<NetworkFile, NetworkError> {
        let mut at = 0usize;
        let mut take = |n: usize| -> Result<&[u8], NetworkError> {
            let s = bytes.get(at..at.checked_add(n).ok_or(NetworkError::Bad)?);
            at += n;
            s.ok_or(NetworkError::Bad)
        };
        if take(8)? != MAGIC {
            return Err(NetworkError::Bad);
        }
        let mut u32s = [0u32; 3];
        for v in &mut u32s {
            *v = u32::from_le_bytes(take(4)?.try_into().map_err(|_| NetworkError::Bad)?);
        }
        let [hidden, buckets, generation] = u32s.map(|v| v as usize);
        if hidden == 0 || hidden > 4096 || !(1..=8).contains(&buckets) {
            return Err(NetworkError::Bad);
        }
        let activation = match take(1)?[0] {
            0 => Activation::CReLU,
            1 => Activation::SCReLU,
            _ => return Err(NetworkError::Bad),
        };
        let mut f = NetworkFile::new(hidden, buckets, activation);
        f.generation = generation as u32;
        let mut i32s = [0i32; 3];
        for v in &mut i32s {
            *v = i32::from_le_bytes(take(4)?.try_into().map_err(|_| NetworkError::Bad)?);
        }
        [f.qa, f.qb, f.scale] = i32s;
        let len = u32::from_le_bytes(take(4)?.try_into().map_err(|_| NetworkError::Bad)?);
        f.description =
            String::from_utf8(take(len as usize)?.to_vec()).map_err(|_| NetworkError::Bad)?;
        let i16s = |s: &[u8]| -> Vec<i16> {
            s.chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect()
        };
        f.feature_weights = i16s(take(2 * FEATURES * hidden)?);
        f.feature_bias = i16s(take(2 * hidden)?);
        f.output_weights = i16s(take(2 * 2 * hidden * buckets)?);
        f.output_bias = take(4 * buckets)?
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if at != bytes.len() || f.qa <= 0 || f.qb <= 0 {
            return Err(NetworkError::Bad);
        }
        Ok(f)
    }

    /// The integer evaluation of `pos` in centipawns, side to move's view.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let h = self.hidden;
        let stm = pos.turn();
        let mut sum = 0i64;
        let pieces: Vec<_> = pos.board().pieces().collect();
        let bucket = output_bucket(pieces.len(), self.buckets);
        for (half, p) in [stm, !stm].into_iter().enumerate() {
            let mut acc: Vec<i32> = self.feature_bias.iter().map(|&b| i32::from(b)).collect();
            for &(sq, piece) in &pieces {
                let f = feature_index(p, piece, sq);
                for (a, &w) in acc
                    .iter_mut()
                    .zip(&self.feature_weights[f * h..(f + 1) * h])
                {
                    *a += i32::from(w);
                }
            }
            let w2 = &self.output_weights[(bucket * 2 + half) * h..(bucket * 2 + half + 1) * h];
            for (&a, &w) in acc.iter().zip(w2) {
                let x = i64::from(a.clamp(0, self.qa));
                sum += match self.activation {
                    Activation::CReLU => x * i64::from(w),
                    Activation::SCReLU => x * x * i64::from(w),
                };
            }
        }
        if self.activation == Activation::SCReLU {
            sum /= i64::from(self.qa);
        }
        let raw = sum + i64::from(self.output_bias[bucket]);
        (raw * i64::from(self.scale) / i64::from(self.qa * self.qb)) as i32
    }
}
