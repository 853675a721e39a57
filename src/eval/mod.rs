//! Static evaluation: the [`Evaluator`] trait the search calls, the
//! network ([`nnue::Nnue`], the default) and the classical [`MaterialPst`]
//! evaluator (material, piece-square tables, mobility, king safety, king
//! attack and threats against the general).
//!
//! The drawn endings [`MaterialPst`] scales down, with their sources, are
//! listed under [`MaterialPst::endgame_scaling`].

mod endgame;
mod material_pst;
pub mod nnue;
mod pst;
mod threats;

pub use material_pst::{MaterialPst, MaterialPstState};

use crate::base::{Board, ByColor, Piece, Position, Role, Square};
use crate::game::PlyRecord;

/// The largest magnitude an evaluation may have. The search clamps scores
/// to `-EVAL_LIMIT..=EVAL_LIMIT` so they never look like mate scores.
///
/// ```
/// assert!(xiangqi::EVAL_LIMIT < xiangqi::MATE_SCORE - 1000);
/// ```
pub const EVAL_LIMIT: i32 = 20_000;

/// The material value of `role` used by the classical evaluator and by move
/// ordering, in centipawns.
#[inline]
pub(crate) fn piece_value(role: Role) -> i32 {
    pst::VALUE[role.index()]
}

/// Material plus square bonus of `piece` on `sq`, signed from Red's side
/// (kept incrementally in [`MaterialPstState`]).
#[inline]
pub(crate) fn signed_psq(piece: Piece, sq: Square) -> i32 {
    pst::SIGNED[piece.index()][sq.index()]
}

/// The squares on files `f0..=f1` of ranks `r0..=r1`.
const fn rect(f0: usize, f1: usize, r0: usize, r1: usize) -> u128 {
    let mut bits = 0;
    let mut r = r0;
    while r <= r1 {
        let mut f = f0;
        while f <= f1 {
            bits |= 1 << (r * 9 + f);
            f += 1;
        }
        r += 1;
    }
    bits
}

/// Per color, where pieces must stand to bear on that color's palace at
/// all (cheap filters before computing attacks): chariots and cannons on
/// a palace file or rank; horses within two ranks and files; soldiers
/// within one.
const LINES: ByColor<u128> = ByColor::new([
    rect(3, 5, 0, 9) | rect(0, 8, 0, 2),
    rect(3, 5, 0, 9) | rect(0, 8, 7, 9),
]);
const HORSE_NEAR: ByColor<u128> = ByColor::new([rect(1, 7, 0, 4), rect(1, 7, 5, 9)]);
const SOLDIER_NEAR: ByColor<u128> = ByColor::new([rect(2, 6, 0, 3), rect(2, 6, 6, 9)]);

/// The nine squares of each color's palace.
const PALACE: ByColor<u128> = ByColor::new([rect(3, 5, 0, 2), rect(3, 5, 7, 9)]);

/// The sum of [`signed_psq`] over a board.
pub(crate) fn psq_sum(board: &Board) -> i32 {
    board
        .occupied()
        .into_iter()
        .filter_map(|sq| board.piece_at(sq).map(|p| signed_psq(p, sq)))
        .sum()
}

/// Scores a position for the search.
///
/// The score is in centipawns (a soldier that has not crossed the river is
/// worth about 90) from the point of view of the side to move: positive
/// means the side to move stands better. Mates, stalemates, repetitions,
/// the move limit and insufficient material are handled by the search
/// itself, so an evaluator only judges the placement (it may be called on a
/// position with no legal move).
///
/// **Incremental state.** An evaluator may keep a [`State`](Evaluator::State)
/// per position of the search's line, updated move by move, as an NNUE
/// accumulator or a running material sum is: the search builds the root's
/// state with [`new_state`](Evaluator::new_state); for each move it copies
/// the parent's state and calls [`play`](Evaluator::play) on the copy (with
/// the move's [`PlyRecord`]: the moved piece, the capture, the new hash);
/// going back is dropping the copy, so no unmake and no interior mutability
/// is needed. An evaluator without state uses `type State = ();` and
/// implements only [`evaluate`](Evaluator::evaluate) and `new_state`.
///
/// Implement this trait to plug your own evaluation (a neural network, a
/// tuned table) into [`Searcher`](crate::Searcher) without touching the
/// search. An evaluator is shared between search threads, hence `Send +
/// Sync`; each thread keeps its own states.
///
/// ```
/// use xiangqi::{Evaluator, Position, Role, Searcher, Limits};
///
/// /// Counts chariots only.
/// struct Chariots;
/// impl Evaluator for Chariots {
///     type State = ();
///     fn new_state(&self, _: &Position) {}
///     fn evaluate(&self, pos: &Position, _: &()) -> i32 {
///         let b = pos.board();
///         let mine = (b.by_color(pos.turn()) & b.by_role(Role::Chariot)).count() as i32;
///         let theirs = (b.by_color(!pos.turn()) & b.by_role(Role::Chariot)).count() as i32;
///         900 * (mine - theirs)
///     }
/// }
///
/// let mut searcher = Searcher::new(Chariots);
/// let result = searcher.search_simple(&Position::new(), &Limits::depth(2));
/// assert!(result.best_move.is_some());
/// assert_eq!(Chariots.evaluate_position(&Position::new()), 0);
/// ```
///
/// `examples/custom_eval.rs` shows an incremental evaluator.
pub trait Evaluator: Send + Sync {
    /// What the evaluator keeps per position of the search's line (an
    /// accumulator); `()` for none.
    ///
    /// ```
    /// use xiangqi::nnue::{Nnue, NnueState};
    /// use xiangqi::{Color, Evaluator, MaterialPst, MaterialPstState, Position};
    /// // The classical evaluator keeps running sums, the network its two
    /// // accumulators.
    /// let st: MaterialPstState = MaterialPst::default().new_state(&Position::new());
    /// let acc: NnueState = Nnue::default().new_state(&Position::new());
    /// assert_eq!(acc.accumulator(Color::Red).len(), 256);
    /// # let _ = st;
    /// ```
    type State: Clone + Send;

    /// The state of `pos`, computed from scratch (at the root of a search).
    ///
    /// ```
    /// use xiangqi::{Evaluator, MaterialPst, Position};
    /// let eval = MaterialPst::default();
    /// let pos = Position::new();
    /// let st = eval.new_state(&pos);
    /// assert_eq!(eval.evaluate(&pos, &st), eval.evaluate_position(&pos));
    /// ```
    fn new_state(&self, pos: &Position) -> Self::State;

    /// Updates `state`, a copy of the state of the position before the move
    /// `record.mv`, to the position `after` it. `record` says which piece
    /// moved and what it captured. The default does nothing (for evaluators
    /// without state).
    ///
    /// A [`Game`](crate::Game) keeps the records of its moves:
    ///
    /// ```
    /// use xiangqi::nnue::Nnue;
    /// use xiangqi::{Evaluator, Game};
    /// let eval = Nnue::default();
    /// let mut game = Game::new();
    /// let mut st = eval.new_state(game.position());
    /// for m in ["h2e2", "h9g7", "e2e6"] {
    ///     game.play(m.parse()?)?;
    ///     let record = game.records().last().unwrap();
    ///     eval.play(&mut st, record, game.position());
    /// }
    /// // Move by move, the same as from scratch.
    /// assert_eq!(st, eval.new_state(game.position()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn play(&self, state: &mut Self::State, record: &PlyRecord, after: &Position) {
        let _ = (state, record, after);
    }

    /// Updates `state` for a null move (the side to move passes, for
    /// null-move pruning) leading to `after`. The default does nothing: the
    /// placement is unchanged.
    ///
    /// ```
    /// use xiangqi::{Evaluator, MaterialPst, Position};
    /// let eval = MaterialPst::default();
    /// let mut st = eval.new_state(&Position::new());
    /// // Red passes: the same board, Black to move.
    /// let passed: Position = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b".parse()?;
    /// eval.play_null(&mut st, &passed);
    /// assert_eq!(st, eval.new_state(&passed));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn play_null(&self, state: &mut Self::State, after: &Position) {
        let _ = (state, after);
    }

    /// The score of `pos` for the side to move, within
    /// `-EVAL_LIMIT..=EVAL_LIMIT`; `state` is the state of `pos`.
    ///
    /// ```
    /// use xiangqi::{Evaluator, MaterialPst, Position, EVAL_LIMIT};
    /// let eval = MaterialPst::default();
    /// // Red to move with an extra chariot: good for the side to move.
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/R8/3K5 w".parse()?;
    /// let score = eval.evaluate(&pos, &eval.new_state(&pos));
    /// assert!(score > 500 && score <= EVAL_LIMIT);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn evaluate(&self, pos: &Position, state: &Self::State) -> i32;

    /// The score of `pos` from scratch: [`evaluate`](Evaluator::evaluate)
    /// with a fresh [`new_state`](Evaluator::new_state).
    ///
    /// ```
    /// use xiangqi::{Evaluator, MaterialPst, Position};
    /// let eval = MaterialPst::default();
    /// assert_eq!(eval.evaluate_position(&Position::new()), eval.tempo);
    /// ```
    fn evaluate_position(&self, pos: &Position) -> i32 {
        self.evaluate(pos, &self.new_state(pos))
    }
}

/// An evaluator behind a reference or a box evaluates as the evaluator.
macro_rules! forward_evaluator {
    ($($ty:ty),*) => {$(
        impl<E: Evaluator + ?Sized> Evaluator for $ty {
            type State = E::State;
            #[inline]
            fn new_state(&self, pos: &Position) -> E::State {
                (**self).new_state(pos)
            }
            #[inline]
            fn play(&self, state: &mut E::State, record: &PlyRecord, after: &Position) {
                (**self).play(state, record, after)
            }
            #[inline]
            fn play_null(&self, state: &mut E::State, after: &Position) {
                (**self).play_null(state, after)
            }
            #[inline]
            fn evaluate(&self, pos: &Position, state: &E::State) -> i32 {
                (**self).evaluate(pos, state)
            }
        }
    )*};
}

forward_evaluator!(&E, Box<E>);
