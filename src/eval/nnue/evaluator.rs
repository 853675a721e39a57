//! [`Nnue`], the network evaluator of a fixed width, and its incremental
//! state [`NnueState`] (the two accumulators).

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use crate::base::{Board, Color, Piece, Position, Role, Square};
use crate::eval::Evaluator;
use crate::game::PlyRecord;

use super::{Activation, InputBuckets, NetworkError, NetworkFile, View, output, output_bucket};

/// The hidden width of [`Nnue`] when none is named (the embedded
/// network's).
///
/// ```
/// use xiangqi::nnue::{NetworkFile, Nnue, DEFAULT_HIDDEN, EMBEDDED};
/// assert_eq!(NetworkFile::parse(EMBEDDED)?.hidden, DEFAULT_HIDDEN);
/// let _: Nnue<DEFAULT_HIDDEN> = Nnue::default(); // the same type as `Nnue`
/// # Ok::<(), xiangqi::nnue::NetworkError>(())
/// ```
pub const DEFAULT_HIDDEN: usize = 256;

/// The network built into the crate (`docs/nnue.md` in the repository
/// records how it was made): the bytes of a network file.
///
/// ```
/// use xiangqi::nnue::{NetworkFile, Nnue, EMBEDDED};
/// use xiangqi::{Evaluator, Position};
/// let file = NetworkFile::parse(EMBEDDED)?;
/// assert!(file.generation >= 1);
/// // `Nnue::default()` is this network.
/// let net: Nnue = Nnue::from_bytes(EMBEDDED)?;
/// assert_eq!(net.evaluate_position(&Position::new()), Nnue::default().evaluate_position(&Position::new()));
/// # Ok::<(), xiangqi::nnue::NetworkError>(())
/// ```
pub const EMBEDDED: &[u8] = include_bytes!("default.nnue");

/// A network evaluator with hidden width `H`: the accumulators live in its
/// [`NnueState`] and follow each move (three rows added or subtracted per
/// perspective at most; with input buckets, a perspective whose general
/// moves into another bucket or across the centre file is summed afresh).
///
/// Build one from a file's bytes with [`Nnue::from_bytes`] (or from a
/// [`NetworkFile`] with [`Nnue::from_file`]); a file of another width is a
/// [`NetworkError::WidthMismatch`].
///
/// ```
/// use xiangqi::nnue::{Activation, NetworkError, NetworkFile, Nnue};
/// let bytes = NetworkFile::new(64, 1, Activation::SCReLU).to_bytes()?;
/// assert!(Nnue::<64>::from_bytes(&bytes).is_ok());
/// assert_eq!(
///     Nnue::<128>::from_bytes(&bytes).err(),
///     Some(NetworkError::WidthMismatch { expected: 128, found: 64 })
/// );
/// # Ok::<(), NetworkError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Nnue<const H: usize = DEFAULT_HIDDEN> {
    /// `input_buckets.count() ·` [`FEATURES`](super::FEATURES) rows.
    features: Box<[[i16; H]]>,
    input_buckets: InputBuckets,
    bias: Box<[i16; H]>,
    /// Per bucket, the side to move's and the other side's halves.
    output: Box<[[i16; H]]>,
    output_bias: Box<[i32]>,
    activation: Activation,
    /// `[qa, qb, scale]`.
    quant: [i32; 3],
    generation: u32,
    description: String,
}

impl Default for Nnue {
    /// The embedded network ([`EMBEDDED`]).
    ///
    /// ```
    /// use xiangqi::nnue::Nnue;
    /// use xiangqi::{Evaluator, Position};
    /// let net = Nnue::default();
    /// assert!(net.generation() >= 1);
    /// // The start position is even, give or take the move's value.
    /// assert!(net.evaluate_position(&Position::new()).abs() < 100);
    /// ```
    fn default() -> Nnue {
        match Nnue::from_bytes(EMBEDDED) {
            Ok(net) => net,
            // The test suite loads the embedded file: this cannot happen
            // in a released build.
            Err(e) => unreachable!("the embedded network is invalid: {e}"),
        }
    }
}

impl<const H: usize> core::fmt::Debug for Nnue<H> {
    /// The shape and the provenance, not the weights.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Nnue")
            .field("hidden", &H)
            .field("input_buckets", &self.input_buckets)
            .field("buckets", &self.output_bias.len())
            .field("activation", &self.activation)
            .field("generation", &self.generation)
            .field("description", &self.description)
            .finish_non_exhaustive()
    }
}

/// The incremental state of [`Nnue`]: the accumulator of each perspective
/// (Red's, Black's) and the input bucket and mirroring it was summed in.
///
/// ```
/// use xiangqi::nnue::{Activation, NetworkFile, Nnue, NnueState};
/// use xiangqi::{Evaluator, Position};
/// let net: Nnue = Nnue::from_file(&NetworkFile::new(256, 1, Activation::SCReLU))?;
/// let state: NnueState = net.new_state(&Position::new());
/// assert!(state.accumulator(xiangqi::Color::Red).iter().all(|&a| a == 0));
/// # Ok::<(), xiangqi::nnue::NetworkError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NnueState<const H: usize = DEFAULT_HIDDEN> {
    acc: [[i16; H]; 2],
    views: [View; 2],
}

impl<const H: usize> NnueState<H> {
    /// The accumulator of `perspective`'s point of view.
    ///
    /// ```
    /// use xiangqi::nnue::Nnue;
    /// use xiangqi::{Color, Evaluator, Position};
    /// let net = Nnue::default();
    /// let state = net.new_state(&Position::new());
    /// // The start is symmetric: each side sees the same accumulator.
    /// assert_eq!(state.accumulator(Color::Red), state.accumulator(Color::Black));
    /// ```
    pub fn accumulator(&self, perspective: Color) -> &[i16; H] {
        &self.acc[perspective.index()]
    }

    /// The input bucket and mirroring of `perspective`'s accumulator.
    ///
    /// ```
    /// use xiangqi::nnue::{Activation, InputBuckets, NetworkFile, Nnue};
    /// use xiangqi::{Color, Evaluator, Position};
    /// let file = NetworkFile::with_input_buckets(32, 1, Activation::SCReLU, InputBuckets::Palace6);
    /// let net = Nnue::<32>::from_file(&file)?;
    /// let state = net.new_state(&Position::new());
    /// // Both generals at home: e0 from each side, bucket 1.
    /// assert_eq!(state.view(Color::Red).bucket(), 1);
    /// assert_eq!(state.view(Color::Black), state.view(Color::Red));
    /// # Ok::<(), xiangqi::nnue::NetworkError>(())
    /// ```
    pub fn view(&self, perspective: Color) -> View {
        self.views[perspective.index()]
    }
}

/// `H` consecutive weights as an array.
fn rows<const H: usize>(weights: &[i16]) -> Box<[[i16; H]]> {
    weights
        .chunks_exact(H)
        .map(|c| core::array::from_fn(|i| c[i]))
        .collect::<Vec<_>>()
        .into_boxed_slice()
}

impl<const H: usize> Nnue<H> {
    /// Reads a network file (see [`NetworkFile::parse`]) of width `H`.
    ///
    /// ```
    /// use xiangqi::nnue::{NetworkError, Nnue};
    /// assert_eq!(Nnue::<128>::from_bytes(b"junk").err(), Some(NetworkError::BadMagic));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Nnue<H>, NetworkError> {
        Nnue::from_file(&NetworkFile::parse(bytes)?)
    }

    /// The evaluator of a network file of width `H` (its fields checked as
    /// [`NetworkFile::to_bytes`] does).
    ///
    /// ```
    /// use xiangqi::nnue::{Activation, NetworkError, NetworkFile, Nnue};
    /// let file = NetworkFile::new(64, 1, Activation::SCReLU);
    /// assert!(Nnue::<64>::from_file(&file).is_ok());
    /// assert_eq!(
    ///     Nnue::<128>::from_file(&file).err(),
    ///     Some(NetworkError::WidthMismatch { expected: 128, found: 64 })
    /// );
    /// ```
    pub fn from_file(file: &NetworkFile) -> Result<Nnue<H>, NetworkError> {
        if file.hidden != H {
            return Err(NetworkError::WidthMismatch {
                expected: H,
                found: file.hidden,
            });
        }
        // The same checks as writing: shape, lengths, ranges.
        file.check()?;
        Ok(Nnue {
            features: rows(&file.feature_weights),
            input_buckets: file.input_buckets,
            bias: Box::new(core::array::from_fn(|i| file.feature_bias[i])),
            output: rows(&file.output_weights),
            output_bias: file.output_bias.clone().into_boxed_slice(),
            activation: file.activation,
            quant: [file.qa, file.qb, file.scale],
            generation: file.generation,
            description: file.description.clone(),
        })
    }

    /// The network's generation, from its file's header.
    ///
    /// ```
    /// use xiangqi::nnue::Nnue;
    /// // The embedded network is the sixth generation.
    /// assert_eq!(Nnue::default().generation(), 6);
    /// ```
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// The description in the network's file (how it was made).
    ///
    /// ```
    /// use xiangqi::nnue::Nnue;
    /// assert!(!Nnue::default().description().is_empty());
    /// ```
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The network's input buckets.
    ///
    /// ```
    /// use xiangqi::nnue::{InputBuckets, Nnue};
    /// assert_eq!(Nnue::default().input_buckets(), InputBuckets::None);
    /// ```
    pub fn input_buckets(&self) -> InputBuckets {
        self.input_buckets
    }

    /// The row of `piece` on `sq` from `perspective` in `view`.
    #[inline]
    fn row(&self, view: View, perspective: Color, piece: Piece, sq: Square) -> &[i16; H] {
        // view.bucket() < input_buckets.count(): the rows are there
        // (checked on loading).
        &self.features[view.feature(perspective, piece, sq)]
    }

    /// `perspective`'s accumulator of `board` in `view`, from scratch.
    fn refresh(&self, acc: &mut [i16; H], view: View, perspective: Color, board: &Board) {
        *acc = *self.bias;
        for (sq, piece) in board.pieces() {
            let row = self.row(view, perspective, piece, sq);
            for (a, w) in acc.iter_mut().zip(row) {
                *a = a.wrapping_add(*w);
            }
        }
    }

    /// `perspective`'s accumulator after `record`'s move, incrementally:
    /// the moved piece's row at its new square added, its old one and the
    /// captured piece's subtracted.
    #[inline(always)]
    fn update(&self, acc: &mut [i16; H], view: View, perspective: Color, record: &PlyRecord) {
        let (piece, from, to) = (record.piece, record.mv.from(), record.mv.to());
        let add = self.row(view, perspective, piece, to);
        let sub = self.row(view, perspective, piece, from);
        match record.captured {
            None => {
                for i in 0..H {
                    acc[i] = acc[i].wrapping_add(add[i]).wrapping_sub(sub[i]);
                }
            }
            Some(captured) => {
                let cap = self.row(view, perspective, captured, to);
                for i in 0..H {
                    acc[i] = acc[i]
                        .wrapping_add(add[i])
                        .wrapping_sub(sub[i])
                        .wrapping_sub(cap[i]);
                }
            }
        }
    }

    /// A general's move into another bucket or across the centre file
    /// (`next`, its side's new view): its side's accumulator summed afresh
    /// from `after`, the other side's updated as usual. Kept out of line:
    /// the common moves' path stays as short as without input buckets.
    #[cold]
    #[inline(never)]
    fn play_refresh(
        &self,
        state: &mut NnueState<H>,
        record: &PlyRecord,
        after: &Position,
        next: View,
    ) {
        let mover = record.piece.color;
        state.views[mover.index()] = next;
        self.refresh(&mut state.acc[mover.index()], next, mover, after.board());
        let view = state.views[(!mover).index()];
        self.update(&mut state.acc[(!mover).index()], view, !mover, record);
    }
}

impl<const H: usize> Evaluator for Nnue<H> {
    type State = NnueState<H>;

    fn new_state(&self, pos: &Position) -> NnueState<H> {
        let mut state = NnueState {
            acc: [*self.bias; 2],
            views: [View::default(); 2],
        };
        for color in Color::ALL {
            let view = self.input_buckets.view(color, pos.general(color));
            state.views[color.index()] = view;
            self.refresh(&mut state.acc[color.index()], view, color, pos.board());
        }
        state
    }

    #[inline]
    fn play(&self, state: &mut NnueState<H>, record: &PlyRecord, after: &Position) {
        let piece = record.piece;
        if self.input_buckets == InputBuckets::None {
            // One bucket, never mirrored: the view is a constant, so the
            // rows are found as without input buckets.
            for color in Color::ALL {
                self.update(
                    &mut state.acc[color.index()],
                    View::default(),
                    color,
                    record,
                );
            }
            return;
        }
        if piece.role == Role::General {
            let next = self.input_buckets.view(piece.color, record.mv.to());
            if next != state.views[piece.color.index()] {
                self.play_refresh(state, record, after, next);
                return;
            }
        }
        for color in Color::ALL {
            let view = state.views[color.index()];
            self.update(&mut state.acc[color.index()], view, color, record);
        }
    }

    #[inline]
    fn evaluate(&self, pos: &Position, state: &NnueState<H>) -> i32 {
        let us = &state.acc[pos.turn().index()];
        let them = &state.acc[(!pos.turn()).index()];
        // b < buckets, and there are 2 · buckets rows (checked on loading).
        let b = output_bucket(
            pos.board().occupied().count() as u32,
            self.output_bias.len(),
        );
        output(
            us,
            them,
            self.output[2 * b..2 * b + 2].as_flattened(),
            self.output_bias[b],
            self.activation,
            self.quant,
        )
    }
}
