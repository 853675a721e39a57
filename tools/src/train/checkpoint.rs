//! Checkpoints: the float network and Adam's state after an epoch, in a
//! small checked file, to resume a run or export again later.
//!
//! Format (version 1 without input buckets, 2 with them), integers and
//! floats little-endian:
//!
//! | bytes | field |
//! | --- | --- |
//! | 0..8 | magic `XQTRAIN\n` |
//! | 8..12 | version (1 or 2) |
//! | 12..16 | hidden width |
//! | 16..20 | output buckets |
//! | 20..24 | activation (0 CReLU, 1 SCReLU) |
//! | 24..28 | epochs done |
//! | 28..36 | Adam's step count |
//! | 36..44 | the run's seed |
//! | 44..48 | version 2 only: input buckets (0 none, 1 palace4, 2 palace6), + 256 with a factoriser |
//! | 44.. or 48.. | the parameters, then Adam's first and second moments (`f32` each, `3 x` the parameter count) |
//! | last 8 | FNV-1a 64 checksum of everything before it |
//!
//! Runs without input buckets write version 1, as before version 2
//! existed; both versions are read.

use std::path::Path;

use super::model::{Net, Shape};
use super::optimizer::Adam;
use xiangqi::fnv1a64;
use xiangqi::nnue::{Activation, InputBuckets};

const MAGIC: [u8; 8] = *b"XQTRAIN\n";
/// The newest version (with input buckets).
const VERSION: u32 = 2;
/// The header's size in version 1 (version 2 adds 4 bytes).
const HEADER: usize = 44;

/// The input-bucket layout's code in a version 2 header.
fn layout_code(layout: InputBuckets) -> u32 {
    InputBuckets::ALL
        .iter()
        .position(|&l| l == layout)
        .unwrap_or(0) as u32
}

/// A run's state after an epoch.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// The network.
    pub net: Net,
    /// The optimizer.
    pub adam: Adam,
    /// Epochs done.
    pub epoch: u32,
    /// The run's seed.
    pub seed: u64,
}

/// What is wrong with a checkpoint file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckpointError {
    /// It does not start with the magic.
    #[error("not a trainer checkpoint (bad magic)")]
    BadMagic,
    /// Another format version.
    #[error("unsupported checkpoint version {0} (this build reads versions 1 to {VERSION})")]
    UnsupportedVersion(u32),
    /// A width, bucket count, input-bucket layout or activation this
    /// trainer does not build.
    #[error("bad architecture in the header")]
    BadShape,
    /// Not the size its header says.
    #[error("{found} bytes, {expected} expected")]
    BadLength {
        /// The bytes the header implies.
        expected: usize,
        /// The bytes there are.
        found: usize,
    },
    /// The checksum does not match.
    #[error("checksum mismatch: the checkpoint is corrupt")]
    BadChecksum,
}

impl Checkpoint {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let shape = self.net.shape;
        let mut out = Vec::with_capacity(HEADER + 4 + 12 * shape.len() + 8);
        out.extend_from_slice(&MAGIC);
        let bucketed = shape.input_buckets != InputBuckets::None || shape.factoriser;
        let version: u32 = if bucketed { VERSION } else { 1 };
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&(shape.hidden as u32).to_le_bytes());
        out.extend_from_slice(&(shape.buckets as u32).to_le_bytes());
        let act = u32::from(shape.activation == Activation::SCReLU);
        out.extend_from_slice(&act.to_le_bytes());
        out.extend_from_slice(&self.epoch.to_le_bytes());
        out.extend_from_slice(&self.adam.t.to_le_bytes());
        out.extend_from_slice(&self.seed.to_le_bytes());
        if bucketed {
            let code = layout_code(shape.input_buckets) | u32::from(shape.factoriser) << 8;
            out.extend_from_slice(&code.to_le_bytes());
        }
        for x in self
            .net
            .params
            .iter()
            .chain(&self.adam.m)
            .chain(&self.adam.v)
        {
            out.extend_from_slice(&x.to_le_bytes());
        }
        let sum = fnv1a64(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a checkpoint; any byte string gives it or a typed error.
    pub fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, CheckpointError> {
        let short = CheckpointError::BadLength {
            expected: HEADER + 8,
            found: bytes.len(),
        };
        if bytes.len() >= 8 && bytes[..8] != MAGIC {
            return Err(CheckpointError::BadMagic);
        }
        if bytes.len() < HEADER + 8 {
            return Err(short);
        }
        let u32_at =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let u64_at = |i: usize| u64::from(u32_at(i)) | (u64::from(u32_at(i + 4)) << 32);
        let (header, input_buckets, factoriser) = match u32_at(8) {
            1 => (HEADER, InputBuckets::None, false),
            VERSION if bytes.len() >= HEADER + 4 + 8 => {
                let code = u32_at(HEADER);
                let layout = InputBuckets::ALL
                    .get((code & 0xFF) as usize)
                    .filter(|_| code >> 9 == 0)
                    .ok_or(CheckpointError::BadShape)?;
                (HEADER + 4, *layout, code & 0x100 != 0)
            }
            VERSION => {
                return Err(CheckpointError::BadLength {
                    expected: HEADER + 4 + 8,
                    found: bytes.len(),
                });
            }
            v => return Err(CheckpointError::UnsupportedVersion(v)),
        };
        let (hidden, buckets) = (u32_at(12) as usize, u32_at(16) as usize);
        let activation = match u32_at(20) {
            0 => Activation::CReLU,
            1 => Activation::SCReLU,
            _ => return Err(CheckpointError::BadShape),
        };
        if !(1..=super::MAX_HIDDEN).contains(&hidden)
            || !(1..=super::MAX_BUCKETS).contains(&buckets)
        {
            return Err(CheckpointError::BadShape);
        }
        let shape = Shape {
            hidden,
            buckets,
            activation,
            input_buckets,
            factoriser,
        };
        let n = shape.len();
        let expected = header + 12 * n + 8;
        if bytes.len() != expected {
            return Err(CheckpointError::BadLength {
                expected,
                found: bytes.len(),
            });
        }
        let (body, sum) = bytes.split_at(expected - 8);
        if fnv1a64(body) != u64_at(expected - 8) || sum.len() != 8 {
            return Err(CheckpointError::BadChecksum);
        }
        let mut floats = body[header..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut take = || floats.by_ref().take(n).collect::<Vec<f32>>();
        let params = take();
        let m = take();
        let v = take();
        Ok(Checkpoint {
            net: Net { shape, params },
            adam: Adam {
                m,
                v,
                t: u64_at(28),
            },
            epoch: u32_at(24),
            seed: u64_at(36),
        })
    }

    /// Reads the checkpoint at `path`.
    pub fn read(path: &Path) -> Result<Checkpoint, super::TrainError> {
        let bytes =
            std::fs::read(path).map_err(|e| super::TrainError::Io(path.to_path_buf(), e))?;
        Checkpoint::from_bytes(&bytes)
            .map_err(|e| super::TrainError::Checkpoint(path.to_path_buf(), e))
    }

    /// Writes the checkpoint to `path` (through a temporary file renamed
    /// into place, so a stop never leaves half a checkpoint).
    pub fn write(&self, path: &Path) -> Result<(), super::TrainError> {
        let io = |e: std::io::Error| super::TrainError::Io(path.to_path_buf(), e);
        let tmp = path.with_extension("ckpt.tmp");
        std::fs::write(&tmp, self.to_bytes()).map_err(io)?;
        std::fs::rename(&tmp, path).map_err(io)
    }
}
