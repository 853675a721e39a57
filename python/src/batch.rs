//! `BatchEnv`: many games stepped at once in Rust, for reinforcement
//! learning (observations, rewards and masks as numpy arrays, one call per
//! step of the whole batch).

use std::sync::{Mutex, PoisonError};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use xiangqi::{Color, EndReason, Game, Position, Rng};

use crate::board::PyBoard;
use crate::errors::{IllegalMoveError, InvalidFenError};
use crate::training::{
    ACTION_SPACE, OBS_LEN, PLANES, int_in, move_of, numpy_with, off_points, off_points_error,
    write_mask, write_planes,
};

/// `n` games stepped together, in Rust, with the GIL released: the batched
/// form of `xiangqi_rs/Xiangqi-v0`, with the same observations, actions
/// and rewards.
///
/// `BatchEnv(n, start=None, *, seed=None, random_plies=None,
/// max_plies=None, illegal="lose", threads=None)`: `start` is a FEN or a
/// `Board` (its moves count for the rules), else the starting position;
/// each new game first plays `random_plies` (default 0) random legal moves,
/// drawn from `seed` (default 0; each game has its own stream, so the games
/// do not depend on `threads`; a move that would end the game ends the
/// opening instead); `max_plies` truncates a game that reaches that many
/// plies. `threads` (default 1) splits the games of each call across that
/// many threads, started for the call and joined before it returns.
///
/// `reset()` returns `(obs, masks)`; `step(actions)` returns `(obs,
/// rewards, terminated, truncated, masks)`: `obs` `uint8` of shape `(n, 14,
/// 10, 9)` (as `Board.to_planes`), `masks` `bool` `(n, ACTION_SPACE)` (as
/// `Board.legal_move_mask`), `rewards` `float32` `(n,)` for the side that
/// just moved (+1 won, -1 lost, 0 otherwise), `terminated` and `truncated`
/// `bool` `(n,)`. `terminated` is the library's verdict (checkmate,
/// stalemate, perpetual check or chase, repetition, the move limit,
/// insufficient material), or an illegal action under `illegal="lose"`
/// (reward -1; `illegal="raise"` raises `IllegalMoveError` instead and
/// changes nothing). A game that ends is reset at once: its row of `obs`
/// and `masks` is then the new game's first position, and
/// `last_finished()` gives its final board, winner and reason.
#[pyclass(module = "xiangqi_rs")]
pub struct BatchEnv {
    slots: Vec<Slot>,
    start: Game,
    random_plies: usize,
    max_plies: Option<usize>,
    raise_illegal: bool,
    threads: usize,
    /// The games that ended at the last step: (index, final game, how).
    finished: Vec<(usize, Game, Ending)>,
}

/// One game of the batch, with its own random stream and the outcome of
/// its last step.
struct Slot {
    game: Game,
    rng: Rng,
    reward: f32,
    /// The game that ended at the last step, and how.
    ended: Option<(Game, Ending)>,
}

/// The random stream of game `i` for `seed`.
fn slot_rng(seed: u64, i: usize) -> Rng {
    Rng::new(seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Calls `f(i, &mut items[i])` for every item: on this thread, and with
/// `threads > 1` on `threads - 1` scoped threads as well, all taking chunks
/// of items from one queue (a thread that cannot be started leaves its
/// share to the others).
fn par_for<T: Send>(threads: usize, items: &mut [T], f: impl Fn(usize, &mut T) + Sync) {
    if threads <= 1 || items.len() < 2 {
        for (i, t) in items.iter_mut().enumerate() {
            f(i, t);
        }
        return;
    }
    let chunk = items.len().div_ceil(threads * 4);
    let queue = Mutex::new(items.chunks_mut(chunk).enumerate());
    let work = || {
        loop {
            let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
            let Some((k, part)) = next else { break };
            for (j, t) in part.iter_mut().enumerate() {
                f(k * chunk + j, t);
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            // On failure the other threads, this one included, do the work.
            let _ = std::thread::Builder::new().spawn_scoped(scope, work);
        }
        work();
    });
}

/// The largest batch (about 3.4 kB of arrays per game and step).
const MAX_GAMES: usize = 1 << 20;

/// A new game: `start` and `plies` random moves that do not end it.
fn fresh(start: &Game, rng: &mut Rng, plies: usize) -> Game {
    let mut game = start.clone();
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.play(moves[rng.below(moves.len())]).is_err() {
            break;
        }
        if game.outcome().is_some() {
            game.undo();
            break;
        }
    }
    game
}

/// How a game of the batch ended.
#[derive(Clone, Copy)]
enum Ending {
    /// The library's verdict: the winner, if any, and its reason.
    Verdict(Option<Color>, EndReason),
    /// An illegal action by this side, which loses.
    Illegal(Color),
    /// `max_plies` reached.
    MaxPlies,
}

impl Ending {
    /// (winner, reason) as Python sees them.
    fn names(self) -> (Option<&'static str>, &'static str) {
        match self {
            Ending::Verdict(w, r) => (w.map(Color::name), r.name()),
            Ending::Illegal(c) => (Some((!c).name()), "illegal_action"),
            Ending::MaxPlies => (None, "max_plies"),
        }
    }
}

/// Plays action `action` in `game`: the reward for the mover, and how the
/// game ended if it did (`MaxPlies` is a truncation). An illegal action
/// loses.
fn advance(game: &mut Game, action: i64, max_plies: Option<usize>) -> (f32, Option<Ending>) {
    let turn = game.position().turn();
    let m = usize::try_from(action).ok().and_then(|i| move_of(i, turn));
    if m.is_none_or(|m| game.play(m).is_err()) {
        return (-1.0, Some(Ending::Illegal(turn)));
    }
    if let Some(v) = game.outcome() {
        let reward = match v.winner {
            Some(c) if c == turn => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
        return (reward, Some(Ending::Verdict(v.winner, v.reason)));
    }
    let truncated = max_plies.is_some_and(|p| game.ply() >= p);
    (0.0, truncated.then_some(Ending::MaxPlies))
}

/// The start game from `start` (`None`, a FEN or a `Board`).
fn start_game(start: Option<&Bound<'_, PyAny>>) -> PyResult<Game> {
    let game = match start {
        None => Game::new(),
        Some(s) => {
            if let Ok(b) = s.extract::<PyRef<'_, PyBoard>>() {
                b.game.clone()
            } else if let Ok(fen) = s.extract::<String>() {
                let pos = fen
                    .parse::<xiangqi::Setup>()
                    .map_err(|e| e.to_string())
                    .and_then(|setup| {
                        Position::from_setup(setup, xiangqi::Validation::Lenient)
                            .map_err(|e| e.to_string())
                    })
                    .map_err(InvalidFenError::new_err)?;
                Game::from_position(pos)
            } else {
                return Err(PyValueError::new_err(
                    "start must be a FEN, a Board or None",
                ));
            }
        }
    };
    if let Some(v) = game.outcome() {
        return Err(PyValueError::new_err(format!(
            "the start position's game is already over: {v}"
        )));
    }
    if !game.position().has_legal_moves() {
        return Err(PyValueError::new_err(
            "the start position has no legal move",
        ));
    }
    if let Some(sq) = off_points(game.position()) {
        return Err(off_points_error(sq));
    }
    Ok(game)
}

/// The actions as `i64`s: a 1-D integer array-like of length `n`.
fn read_actions(actions: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i64>> {
    let py = actions.py();
    let arr = py.import("numpy")?.call_method1("asarray", (actions,))?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    let shape: Vec<usize> = arr.getattr("shape")?.extract()?;
    if !matches!(kind.as_str(), "i" | "u") || shape != [n] {
        return Err(PyValueError::new_err(format!(
            "actions must be {n} integers (an array of shape ({n},)), not dtype kind {kind:?} \
             and shape {shape:?}"
        )));
    }
    let bytes: Vec<u8> = arr
        .call_method1("astype", ("<i8",))?
        .call_method0("tobytes")?
        .extract()?;
    Ok(bytes
        .chunks_exact(8)
        .map(|c| i64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
        .collect())
}

impl BatchEnv {
    /// Writes `width` bytes per game into `buf` with `write`, the GIL
    /// released.
    fn fill(&self, py: Python<'_>, buf: &mut [u8], width: usize, write: fn(&Position, &mut [u8])) {
        let slots = &self.slots;
        let threads = self.threads;
        py.detach(|| {
            let mut rows: Vec<(&Slot, &mut [u8])> =
                slots.iter().zip(buf.chunks_exact_mut(width)).collect();
            par_for(threads, &mut rows, |_, (slot, row)| {
                write(slot.game.position(), row)
            });
        });
    }

    /// The observations and masks of the games.
    fn arrays<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let n = self.slots.len();
        let obs = numpy_with(py, n * OBS_LEN, "uint8", (n, PLANES, 10, 9), |buf| {
            self.fill(py, buf, OBS_LEN, write_planes)
        })?;
        let masks = numpy_with(py, n * ACTION_SPACE, "bool", (n, ACTION_SPACE), |buf| {
            self.fill(py, buf, ACTION_SPACE, write_mask)
        })?;
        Ok((obs, masks))
    }

    /// Starts every game anew from its random stream, the GIL released.
    fn restart_all(&mut self, py: Python<'_>) {
        let (start, plies, threads) = (&self.start, self.random_plies, self.threads);
        let slots = &mut self.slots;
        self.finished.clear();
        py.detach(|| {
            par_for(threads, slots, |_, slot| {
                slot.game = fresh(start, &mut slot.rng, plies);
                slot.ended = None;
            })
        });
    }
}

/// A numpy array of `dtype` over `bytes`, shape `(len,)` of `dtype`'s
/// items.
fn small_array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    len: usize,
) -> PyResult<Bound<'py, PyAny>> {
    numpy_with(py, bytes.len(), dtype, (len,), |buf| {
        buf.copy_from_slice(bytes)
    })
}

#[pymethods]
impl BatchEnv {
    #[new]
    #[pyo3(signature = (n, start=None, *, seed=None, random_plies=None, max_plies=None, illegal="lose", threads=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        n: &Bound<'_, PyAny>,
        start: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        random_plies: Option<&Bound<'_, PyAny>>,
        max_plies: Option<&Bound<'_, PyAny>>,
        illegal: &str,
        threads: Option<&Bound<'_, PyAny>>,
        py: Python<'_>,
    ) -> PyResult<BatchEnv> {
        let n = int_in(n, "n", 1, MAX_GAMES as i128)? as usize;
        let seed = seed.map_or(Ok(0), |s| int_in(s, "seed", 0, u64::MAX as i128))? as u64;
        let random_plies = random_plies.map_or(Ok(0), |p| int_in(p, "random_plies", 0, 1000))?;
        let random_plies = random_plies as usize;
        let max_plies = max_plies
            .map(|p| int_in(p, "max_plies", 1, u32::MAX as i128).map(|p| p as usize))
            .transpose()?;
        let raise_illegal = match illegal {
            "lose" => false,
            "raise" => true,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "illegal must be 'lose' or 'raise', not {illegal:?}"
                )));
            }
        };
        let threads = threads.map_or(Ok(1), |t| int_in(t, "threads", 1, 256))? as usize;
        let start = start_game(start)?;
        let slots = (0..n)
            .map(|i| Slot {
                game: start.clone(),
                rng: slot_rng(seed, i),
                reward: 0.0,
                ended: None,
            })
            .collect();
        let mut env = BatchEnv {
            slots,
            start,
            random_plies,
            max_plies,
            raise_illegal,
            threads,
            finished: Vec::new(),
        };
        env.restart_all(py);
        Ok(env)
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.slots.len()
    }

    /// Starts every game anew (re-seeding the random openings if `seed` is
    /// given) and returns `(obs, masks)`.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        if let Some(s) = seed {
            let seed = int_in(s, "seed", 0, u64::MAX as i128)? as u64;
            for (i, slot) in self.slots.iter_mut().enumerate() {
                slot.rng = slot_rng(seed, i);
            }
        }
        self.restart_all(py);
        self.arrays(py)
    }

    /// The observations and masks of the games as they stand, `(obs,
    /// masks)`, without changing anything.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        self.arrays(py)
    }

    /// Plays one action in each game (`actions`: `n` integers, in each
    /// mover's frame as `legal_move_mask`) and returns `(obs, rewards,
    /// terminated, truncated, masks)`; games that end are reset at once.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'_, PyAny>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
    )> {
        let n = self.slots.len();
        let actions = read_actions(actions, n)?;
        if self.raise_illegal {
            for (i, (slot, &a)) in self.slots.iter().zip(&actions).enumerate() {
                let pos = slot.game.position();
                let m = usize::try_from(a).ok().and_then(|a| move_of(a, pos.turn()));
                match m {
                    None => {
                        return Err(PyValueError::new_err(format!(
                            "game {i}: action {a} is not in 0..{ACTION_SPACE}"
                        )));
                    }
                    Some(m) if !pos.is_legal(m) => {
                        return Err(IllegalMoveError::new_err(format!(
                            "game {i}: action {a} ({m}) is not legal in {pos}"
                        )));
                    }
                    Some(_) => {}
                }
            }
        }
        let (start, plies, max_plies) = (&self.start, self.random_plies, self.max_plies);
        let (slots, threads) = (&mut self.slots, self.threads);
        py.detach(|| {
            par_for(threads, slots, |i, slot| {
                let (reward, ending) = advance(&mut slot.game, actions[i], max_plies);
                slot.reward = reward;
                slot.ended = ending.map(|e| {
                    let fresh = fresh(start, &mut slot.rng, plies);
                    (std::mem::replace(&mut slot.game, fresh), e)
                });
            })
        });
        let mut rewards = Vec::with_capacity(n * 4);
        let mut terminated = Vec::with_capacity(n);
        let mut truncated = Vec::with_capacity(n);
        self.finished.clear();
        for (i, slot) in self.slots.iter_mut().enumerate() {
            rewards.extend_from_slice(&slot.reward.to_le_bytes());
            let ending = slot.ended.as_ref().map(|(_, e)| *e);
            let trunc = matches!(ending, Some(Ending::MaxPlies));
            terminated.push(u8::from(ending.is_some() && !trunc));
            truncated.push(u8::from(trunc));
            if let Some((game, e)) = slot.ended.take() {
                self.finished.push((i, game, e));
            }
        }
        let (obs, masks) = self.arrays(py)?;
        Ok((
            obs,
            small_array(py, &rewards, "<f4", n)?,
            small_array(py, &terminated, "bool", n)?,
            small_array(py, &truncated, "bool", n)?,
            masks,
        ))
    }

    /// A copy of game `i` as a `Board` (with its moves since the start).
    fn board(&self, i: &Bound<'_, PyAny>) -> PyResult<PyBoard> {
        let n = self.slots.len();
        let i = int_in(i, "i", 0, n as i128 - 1)?;
        Ok(PyBoard {
            game: self.slots[i as usize].game.clone(),
        })
    }

    /// The games that ended at the last `step` (terminated or truncated),
    /// by index, as `(i, board, winner, reason)`: `board` is the final
    /// position with the game's moves (as `board(i)` would have given just
    /// before the reset; after an illegal action, the position it was
    /// played in), `winner` `"red"`, `"black"` or `None`, `reason` as
    /// `Outcome.reason`, or `"illegal_action"`, or `"max_plies"` (the
    /// truncated games).
    #[allow(clippy::type_complexity)]
    fn last_finished(&self) -> Vec<(usize, PyBoard, Option<&'static str>, &'static str)> {
        self.finished
            .iter()
            .map(|(i, g, e)| {
                let (winner, reason) = e.names();
                (*i, PyBoard { game: g.clone() }, winner, reason)
            })
            .collect()
    }

    /// Which games have Black to move, as a numpy `bool` array of shape
    /// `(n,)` (the observations do not say: they are in the mover's
    /// frame).
    fn black_to_move<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let turns: Vec<u8> = self
            .slots
            .iter()
            .map(|s| u8::from(s.game.position().turn() == Color::Black))
            .collect();
        small_array(py, &turns, "bool", turns.len())
    }
}
