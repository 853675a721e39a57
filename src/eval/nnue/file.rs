//! The network file: its layout, [`NetworkFile::parse`] (every check a
//! loader needs) and [`NetworkFile::to_bytes`], and a reference evaluation
//! for any width.

use alloc::string::String;
use alloc::vec::Vec;

use crate::base::{Color, Position, fnv1a64, fnv1a64_extend};

use super::{FEATURES, InputBuckets, NetworkError, output, output_bucket};

/// The first eight bytes of a network file.
///
/// ```
/// use xiangqi::nnue::{Activation, NetworkFile, MAGIC};
/// let bytes = NetworkFile::new(8, 1, Activation::CReLU).to_bytes()?;
/// assert!(bytes.starts_with(&MAGIC));
/// assert_eq!(&MAGIC[..6], b"XQNNUE");
/// # Ok::<(), xiangqi::nnue::NetworkError>(())
/// ```
pub const MAGIC: [u8; 8] = *b"XQNNUE\r\n";
/// The newest file format version this crate reads and writes (a
/// little-endian `u32` after the magic): version 2 names the input buckets
/// ([`InputBuckets`]) in the header's feature-set field. Networks without
/// input buckets are written as version 1, byte for byte as before
/// version 2 existed; both versions are read.
///
/// ```
/// use xiangqi::nnue::{Activation, InputBuckets, NetworkError, NetworkFile, MAGIC, VERSION};
/// let file = NetworkFile::with_input_buckets(8, 1, Activation::CReLU, InputBuckets::Palace4);
/// let mut bytes = file.to_bytes()?;
/// assert_eq!(bytes[MAGIC.len()..MAGIC.len() + 4], VERSION.to_le_bytes());
/// let plain = NetworkFile::new(8, 1, Activation::CReLU).to_bytes()?;
/// assert_eq!(plain[MAGIC.len()..MAGIC.len() + 4], 1u32.to_le_bytes());
/// bytes[MAGIC.len()] = 9; // another version
/// assert_eq!(NetworkFile::parse(&bytes), Err(NetworkError::UnsupportedVersion(9)));
/// # Ok::<(), NetworkError>(())
/// ```
pub const VERSION: u32 = 2;
/// The header's size in bytes (the description and the weights follow).
///
/// ```
/// use xiangqi::nnue::{Activation, NetworkError, NetworkFile, HEADER_SIZE};
/// let bytes = NetworkFile::new(8, 1, Activation::CReLU).to_bytes()?;
/// assert!(bytes.len() > HEADER_SIZE);
/// let cut = NetworkFile::parse(&bytes[..HEADER_SIZE - 1]);
/// assert!(matches!(cut, Err(NetworkError::Truncated { .. })));
/// # Ok::<(), NetworkError>(())
/// ```
pub const HEADER_SIZE: usize = 56;
/// The largest hidden width a file may declare.
///
/// ```
/// use xiangqi::nnue::{Activation, NetworkError, NetworkFile, MAX_HIDDEN};
/// let too_wide = NetworkFile::new(MAX_HIDDEN + 1, 1, Activation::CReLU);
/// assert!(matches!(too_wide.to_bytes(), Err(NetworkError::Unsupported { field: "hidden width", .. })));
/// ```
pub const MAX_HIDDEN: usize = 4096;
/// The largest number of output buckets a file may declare.
///
/// ```
/// use xiangqi::nnue::{Activation, NetworkError, NetworkFile, MAX_BUCKETS};
/// assert!(NetworkFile::new(8, MAX_BUCKETS, Activation::CReLU).to_bytes().is_ok());
/// let too_many = NetworkFile::new(8, MAX_BUCKETS + 1, Activation::CReLU);
/// assert!(matches!(too_many.to_bytes(), Err(NetworkError::Unsupported { field: "output buckets", .. })));
/// ```
pub const MAX_BUCKETS: usize = 8;
/// The longest description a file may carry, in bytes.
///
/// ```
/// use xiangqi::nnue::{Activation, NetworkFile, MAX_DESCRIPTION};
/// let mut file = NetworkFile::new(8, 1, Activation::CReLU);
/// file.description = "x".repeat(MAX_DESCRIPTION);
/// assert!(file.to_bytes().is_ok());
/// file.description.push('x');
/// assert!(file.to_bytes().is_err());
/// ```
pub const MAX_DESCRIPTION: usize = 4096;

/// The function applied to the first layer's sums (the accumulators).
///
/// ```
/// use xiangqi::nnue::{Activation, NetworkFile};
/// use xiangqi::Position;
///
/// // One hidden unit at half its range (qa 100), weighted 1.0 (qb 64) for
/// // the side to move, at 400 centipawns per unit of output.
/// let eval = |activation| {
///     let mut file = NetworkFile::new(1, 1, activation);
///     file.qa = 100;
///     file.feature_bias[0] = 50;
///     file.output_weights[0] = 64;
///     file.evaluate(&Position::new())
/// };
/// assert_eq!(eval(Activation::CReLU), 200); // 0.5 · 400
/// assert_eq!(eval(Activation::SCReLU), 100); // 0.5² · 400
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Activation {
    /// Clipped ReLU: `clamp(x, 0, 1)`.
    CReLU,
    /// Squared clipped ReLU: `clamp(x, 0, 1)²`.
    SCReLU,
}

impl Activation {
    fn code(self) -> u32 {
        match self {
            Activation::CReLU => 0,
            Activation::SCReLU => 1,
        }
    }

    fn from_code(code: u32) -> Option<Activation> {
        match code {
            0 => Some(Activation::CReLU),
            1 => Some(Activation::SCReLU),
            _ => None,
        }
    }
}

/// A network as stored: the header's fields, a description and the
/// quantised weights, for any width. [`Nnue`](super::Nnue) is the fast
/// evaluator built from one.
///
/// The evaluation (see the [module documentation](super)) is integer
/// arithmetic: per perspective an accumulator `feature_bias + Σ
/// feature_weights[f]` over the active features (`i16`, wrapping), then
/// `Σ act(acc) · output_weights` over both halves (side to move first), where
/// `act(x) = clamp(x, 0, qa)` or its square (then divided by `qa`), plus
/// the bucket's `output_bias`, times `scale / (qa · qb)` centipawns.
///
/// ```
/// use xiangqi::nnue::{Activation, NetworkFile};
/// use xiangqi::Position;
///
/// let mut file = NetworkFile::new(8, 1, Activation::SCReLU);
/// file.output_bias[0] = 255 * 64 / 4; // a quarter of the scale: 100 cp
/// let bytes = file.to_bytes()?;
/// let back = NetworkFile::parse(&bytes)?;
/// assert_eq!(back, file);
/// assert_eq!(back.evaluate(&Position::new()), 100);
/// # Ok::<(), xiangqi::nnue::NetworkError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct NetworkFile {
    /// The input buckets by the general's square ([`InputBuckets::None`]:
    /// the inputs of format version 1).
    pub input_buckets: InputBuckets,
    /// The hidden width `H` (accumulator size per perspective).
    pub hidden: usize,
    /// The number of output buckets (see [`output_bucket`]).
    pub buckets: usize,
    /// The activation of the accumulators.
    pub activation: Activation,
    /// The accumulators' quantisation: 1.0 is `qa` (at most 255).
    pub qa: i32,
    /// The output weights' quantisation: 1.0 is `qb`.
    pub qb: i32,
    /// Centipawns per unit of the network's output.
    pub scale: i32,
    /// The network's generation (1 for one trained on the classical
    /// evaluator's games, 2 for one trained on generation 1's, ...).
    pub generation: u32,
    /// Free text: how the network was made.
    pub description: String,
    /// `input_buckets.count() ·` [`FEATURES`] rows of `hidden` weights:
    /// input `f`'s at `f * hidden..(f + 1) * hidden`, bucket `b`'s inputs
    /// from row `b · FEATURES` on.
    pub feature_weights: Vec<i16>,
    /// The accumulators' bias, `hidden` entries.
    pub feature_bias: Vec<i16>,
    /// Per bucket `2 * hidden` weights: the side to move's half, then the
    /// other side's.
    pub output_weights: Vec<i16>,
    /// Per bucket the output's bias, in units of `qa * qb`.
    pub output_bias: Vec<i32>,
}

/// FNV-1a, 64 bits, over `parts` in order.
pub(super) fn checksum(parts: &[&[u8]]) -> u64 {
    parts.iter().fold(fnv1a64(&[]), |h, p| fnv1a64_extend(h, p))
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut b = [0; 4];
    b.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(b)
}

fn unsupported(field: &'static str, value: impl Into<i64>) -> NetworkError {
    NetworkError::Unsupported {
        field,
        value: value.into(),
    }
}

/// Reads little-endian `i16`s.
fn i16s(bytes: &[u8]) -> Vec<i16> {
    bytes
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect()
}

impl NetworkFile {
    /// A network of the given shape with all weights zero, `qa` 255, `qb`
    /// 64, `scale` 400, generation 0 and no description: fill in the
    /// fields, then [`to_bytes`](NetworkFile::to_bytes).
    ///
    /// ```
    /// use xiangqi::nnue::{Activation, NetworkFile, FEATURES};
    /// let file = NetworkFile::new(16, 2, Activation::CReLU);
    /// assert_eq!(file.feature_weights.len(), FEATURES * 16);
    /// assert_eq!(file.output_weights.len(), 2 * 2 * 16);
    /// ```
    pub fn new(hidden: usize, buckets: usize, activation: Activation) -> NetworkFile {
        NetworkFile::with_input_buckets(hidden, buckets, activation, InputBuckets::None)
    }

    /// [`NetworkFile::new`] with input buckets: `input_buckets.count()`
    /// copies of the feature weights.
    ///
    /// ```
    /// use xiangqi::nnue::{Activation, InputBuckets, NetworkFile, FEATURES};
    /// let file = NetworkFile::with_input_buckets(16, 2, Activation::SCReLU, InputBuckets::Palace4);
    /// assert_eq!(file.feature_weights.len(), 4 * FEATURES * 16);
    /// assert_eq!(NetworkFile::parse(&file.to_bytes()?)?, file);
    /// # Ok::<(), xiangqi::nnue::NetworkError>(())
    /// ```
    pub fn with_input_buckets(
        hidden: usize,
        buckets: usize,
        activation: Activation,
        input_buckets: InputBuckets,
    ) -> NetworkFile {
        NetworkFile {
            input_buckets,
            hidden,
            buckets,
            activation,
            qa: 255,
            qb: 64,
            scale: 400,
            generation: 0,
            description: String::new(),
            feature_weights: alloc::vec![0; input_buckets.count() * FEATURES * hidden],
            feature_bias: alloc::vec![0; hidden],
            output_weights: alloc::vec![0; buckets * 2 * hidden],
            output_bias: alloc::vec![0; buckets],
        }
    }

    /// The file's size in bytes for this shape and description length.
    fn size(inputs: usize, hidden: usize, buckets: usize, description: usize) -> usize {
        HEADER_SIZE
            + description
            + 2 * (inputs * FEATURES * hidden + hidden + buckets * 2 * hidden)
            + 4 * buckets
    }

    /// The size in bytes of the file of a network of this shape (with an
    /// empty description): what embedding it costs.
    ///
    /// ```
    /// use xiangqi::nnue::{InputBuckets, NetworkFile};
    /// // 256 wide with 4 input buckets fits the 3 MB an embedded network may have.
    /// assert!(NetworkFile::file_size(InputBuckets::Palace4, 256, 4) < 3_000_000);
    /// assert!(NetworkFile::file_size(InputBuckets::Palace6, 256, 4) > 3_000_000);
    /// ```
    pub fn file_size(input_buckets: InputBuckets, hidden: usize, buckets: usize) -> usize {
        Self::size(input_buckets.count(), hidden, buckets, 0)
    }

    /// Checks the shape and quantisation fields and the vector lengths.
    pub(super) fn check(&self) -> Result<(), NetworkError> {
        let as_i64 = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        if !(1..=MAX_HIDDEN).contains(&self.hidden) {
            return Err(unsupported("hidden width", as_i64(self.hidden)));
        }
        if !(1..=MAX_BUCKETS).contains(&self.buckets) {
            return Err(unsupported("output buckets", as_i64(self.buckets)));
        }
        if !(1..=255).contains(&self.qa) {
            return Err(unsupported("QA", self.qa));
        }
        if !(1..=32_767).contains(&self.qb) {
            return Err(unsupported("QB", self.qb));
        }
        if !(1..=100_000).contains(&self.scale) {
            return Err(unsupported("scale", self.scale));
        }
        if self.description.len() > MAX_DESCRIPTION {
            return Err(unsupported(
                "description length",
                as_i64(self.description.len()),
            ));
        }
        let lengths = [
            (
                "feature weights",
                self.input_buckets.count() * FEATURES * self.hidden,
                self.feature_weights.len(),
            ),
            ("feature bias", self.hidden, self.feature_bias.len()),
            (
                "output weights",
                self.buckets * 2 * self.hidden,
                self.output_weights.len(),
            ),
            ("output bias", self.buckets, self.output_bias.len()),
        ];
        for (part, expected, found) in lengths {
            if expected != found {
                return Err(NetworkError::Length {
                    part,
                    expected,
                    found,
                });
            }
        }
        // The output layer multiplies an activation (at most qa) by a
        // weight in 16 bits: the product must fit.
        let limit = i32::from(i16::MAX) / self.qa;
        if let Some(&w) = self
            .output_weights
            .iter()
            .find(|&&w| i32::from(w).abs() > limit)
        {
            return Err(unsupported("output weight", w));
        }
        Ok(())
    }

    /// The file's bytes, after checking that the fields are in range and
    /// the vectors have the lengths the shape implies.
    ///
    /// ```
    /// use xiangqi::nnue::{Activation, NetworkError, NetworkFile};
    /// let mut file = NetworkFile::new(4, 1, Activation::CReLU);
    /// file.feature_bias.push(0);
    /// assert!(matches!(file.to_bytes(), Err(NetworkError::Length { part: "feature bias", .. })));
    /// ```
    pub fn to_bytes(&self) -> Result<Vec<u8>, NetworkError> {
        self.check()?;
        let mut header = Vec::with_capacity(HEADER_SIZE);
        header.extend_from_slice(&MAGIC);
        // Version 1 when there are no input buckets: the files of the
        // builds before version 2, byte for byte.
        let version = match self.input_buckets {
            InputBuckets::None => 1,
            _ => VERSION,
        };
        for field in [
            version,
            // The feature set: piece-square, FEATURES per perspective, in
            // as many copies as input buckets.
            self.input_buckets.code(),
            self.hidden as u32,
            self.buckets as u32,
            self.activation.code(),
            self.qa as u32,
            self.qb as u32,
            self.scale as u32,
            self.generation,
            self.description.len() as u32,
        ] {
            header.extend_from_slice(&field.to_le_bytes());
        }
        let mut body = Vec::with_capacity(
            Self::size(
                self.input_buckets.count(),
                self.hidden,
                self.buckets,
                self.description.len(),
            ) - HEADER_SIZE,
        );
        body.extend_from_slice(self.description.as_bytes());
        for w in self
            .feature_weights
            .iter()
            .chain(&self.feature_bias)
            .chain(&self.output_weights)
        {
            body.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.output_bias {
            body.extend_from_slice(&b.to_le_bytes());
        }
        let sum = checksum(&[&header, &body]);
        header.extend_from_slice(&sum.to_le_bytes());
        header.extend_from_slice(&body);
        Ok(header)
    }

    /// Reads a network file, checking the magic, the version, the shape,
    /// the size, the checksum and the weights' ranges: any byte string
    /// either gives a network this crate evaluates or a [`NetworkError`].
    ///
    /// ```
    /// use xiangqi::nnue::{NetworkError, NetworkFile};
    /// assert_eq!(NetworkFile::parse(b"XQDATA\r\n"), Err(NetworkError::BadMagic));
    /// assert!(matches!(NetworkFile::parse(b"XQNNUE\r\n"), Err(NetworkError::Truncated { .. })));
    /// ```
    pub fn parse(bytes: &[u8]) -> Result<NetworkFile, NetworkError> {
        let head = bytes.len().min(MAGIC.len());
        if bytes[..head] != MAGIC[..head] {
            return Err(NetworkError::BadMagic);
        }
        if bytes.len() < HEADER_SIZE {
            return Err(NetworkError::Truncated {
                expected: HEADER_SIZE,
                found: bytes.len(),
            });
        }
        let version = u32_at(bytes, 8);
        let feature_set = u32_at(bytes, 12);
        let input_buckets = match version {
            1 if feature_set == 0 => InputBuckets::None,
            1 => return Err(unsupported("feature set", feature_set)),
            // Version 2 always names buckets: a network has one encoding.
            VERSION => InputBuckets::from_code(feature_set)
                .filter(|&l| l != InputBuckets::None)
                .ok_or(unsupported("input buckets", feature_set))?,
            _ => return Err(NetworkError::UnsupportedVersion(version)),
        };
        let hidden = u32_at(bytes, 16);
        if !(1..=MAX_HIDDEN as u32).contains(&hidden) {
            return Err(unsupported("hidden width", hidden));
        }
        let buckets = u32_at(bytes, 20);
        if !(1..=MAX_BUCKETS as u32).contains(&buckets) {
            return Err(unsupported("output buckets", buckets));
        }
        let code = u32_at(bytes, 24);
        let activation = Activation::from_code(code).ok_or(unsupported("activation", code))?;
        let description_len = u32_at(bytes, 44);
        if description_len as usize > MAX_DESCRIPTION {
            return Err(unsupported("description length", description_len));
        }
        let (hidden, buckets, description_len) =
            (hidden as usize, buckets as usize, description_len as usize);
        let inputs = input_buckets.count();
        let size = Self::size(inputs, hidden, buckets, description_len);
        if bytes.len() < size {
            return Err(NetworkError::Truncated {
                expected: size,
                found: bytes.len(),
            });
        }
        if bytes.len() > size {
            return Err(NetworkError::TrailingBytes {
                extra: bytes.len() - size,
            });
        }
        let mut stored = [0; 8];
        stored.copy_from_slice(&bytes[48..HEADER_SIZE]);
        let expected = u64::from_le_bytes(stored);
        let found = checksum(&[&bytes[..48], &bytes[HEADER_SIZE..]]);
        if expected != found {
            return Err(NetworkError::Checksum { expected, found });
        }
        let field = |at: usize, name: &'static str| {
            i32::try_from(u32_at(bytes, at)).map_err(|_| unsupported(name, u32_at(bytes, at)))
        };
        let (qa, qb, scale) = (field(28, "QA")?, field(32, "QB")?, field(36, "scale")?);
        let mut at = HEADER_SIZE;
        let mut take = |n: usize| {
            let part = &bytes[at..at + n];
            at += n;
            part
        };
        let description = core::str::from_utf8(take(description_len))
            .map_err(|_| NetworkError::Description)?
            .into();
        let feature_weights = i16s(take(2 * inputs * FEATURES * hidden));
        let feature_bias = i16s(take(2 * hidden));
        let output_weights = i16s(take(2 * buckets * 2 * hidden));
        let output_bias = take(4 * buckets)
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let file = NetworkFile {
            input_buckets,
            hidden,
            buckets,
            activation,
            qa,
            qb,
            scale,
            generation: u32_at(bytes, 40),
            description,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        };
        file.check()?;
        Ok(file)
    }

    /// The accumulator of `perspective` for `pos`, from scratch.
    fn accumulator(&self, pos: &Position, perspective: Color) -> Vec<i16> {
        let h = self.hidden;
        let mut acc = self.feature_bias.clone();
        let view = self
            .input_buckets
            .view(perspective, pos.general(perspective));
        for (sq, piece) in pos.board().pieces() {
            let f = view.feature(perspective, piece, sq);
            for (a, w) in acc
                .iter_mut()
                .zip(&self.feature_weights[f * h..(f + 1) * h])
            {
                *a = a.wrapping_add(*w);
            }
        }
        acc
    }

    /// The network's score of `pos` in centipawns for the side to move
    /// (clamped to [`EVAL_LIMIT`](crate::EVAL_LIMIT)), computed from scratch
    /// with the same integer arithmetic as [`Nnue`](super::Nnue): a
    /// reference for any width, not a fast path.
    ///
    /// ```
    /// use xiangqi::nnue::{Activation, NetworkFile};
    /// use xiangqi::Position;
    /// let file = NetworkFile::new(4, 1, Activation::CReLU);
    /// assert_eq!(file.evaluate(&Position::new()), 0);
    /// ```
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let us = self.accumulator(pos, pos.turn());
        let them = self.accumulator(pos, !pos.turn());
        let b = output_bucket(pos.board().occupied().count() as u32, self.buckets);
        let w = &self.output_weights[b * 2 * self.hidden..(b + 1) * 2 * self.hidden];
        output(
            &us,
            &them,
            w,
            self.output_bias[b],
            self.activation,
            [self.qa, self.qb, self.scale],
        )
    }
}
