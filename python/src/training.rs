//! For training programs: observation planes, the fixed action space and
//! its legal-move masks (`Board.to_planes`, `Board.legal_move_mask`,
//! `move_to_index`, `index_to_move`, `ACTION_SPACE`).
//!
//! Everything is in the **mover's frame**: for Black to move the board is
//! turned half a turn (square index `i` becomes `89 - i`: ranks and files
//! both mirrored), so the side to move always plays up the board from
//! ranks 0-2, and a move and its mirror image for the other colour share
//! one action index.

use std::sync::OnceLock;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyByteArray};
use xiangqi::{Color, Move as XMove, Piece, Position, Role, Square};

use crate::board::{PyBoard, PyMove};

/// The number of actions: every from-to pair any piece can ever make.
pub(crate) const ACTION_SPACE: usize = 2086;
/// Observation planes: the mover's 7 roles, then the opponent's.
pub(crate) const PLANES: usize = 14;
/// Bytes of one observation (`PLANES` x 10 x 9).
pub(crate) const OBS_LEN: usize = PLANES * Square::COUNT;

/// The action table: `moves[i]` is action `i` as `from * 90 + to`
/// (mover's frame), `index[from * 90 + to]` its action or `u16::MAX`.
struct Table {
    moves: Vec<u16>,
    index: Vec<u16>,
}

/// Red's elephant points (c0 g0 a2 e2 i2 c4 g4) as (file, rank).
const ELEPHANT_POINTS: [(i32, i32); 7] = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)];
/// Red's advisor points, the palace diagonals (d0 f0 e1 d2 f2).
const ADVISOR_POINTS: [(i32, i32); 5] = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)];

/// Whether (file, rank) is one of Red's `points` or their mirror on Black's
/// side, and which side (0 Red, 1 Black).
fn side_of(points: &[(i32, i32)], f: i32, r: i32) -> Option<usize> {
    if points.contains(&(f, r)) {
        Some(0)
    } else if points.contains(&(f, 9 - r)) {
        Some(1)
    } else {
        None
    }
}

/// Whether some piece can ever move from `a` to `b` (square indices):
/// chariot and cannon lines (which hold the general's and soldiers' steps
/// and the flying general), horse jumps, elephant jumps between the
/// elephant points of one side, advisor steps along one palace's
/// diagonals.
fn reachable(a: usize, b: usize) -> bool {
    let (fa, ra) = ((a % 9) as i32, (a / 9) as i32);
    let (fb, rb) = ((b % 9) as i32, (b / 9) as i32);
    let (df, dr) = ((fb - fa).abs(), (rb - ra).abs());
    let same_side = |points: &[(i32, i32)]| {
        side_of(points, fa, ra).is_some() && side_of(points, fa, ra) == side_of(points, fb, rb)
    };
    match (df, dr) {
        (0, 0) => false,
        (0, _) | (_, 0) => true,
        (1, 2) | (2, 1) => true,
        (2, 2) => same_side(&ELEPHANT_POINTS),
        (1, 1) => same_side(&ADVISOR_POINTS),
        _ => false,
    }
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut moves = Vec::with_capacity(ACTION_SPACE);
        let mut index = vec![u16::MAX; Square::COUNT * Square::COUNT];
        for from in 0..Square::COUNT {
            for to in 0..Square::COUNT {
                if reachable(from, to) {
                    let pair = from * Square::COUNT + to;
                    index[pair] = moves.len() as u16;
                    moves.push(pair as u16);
                }
            }
        }
        debug_assert_eq!(moves.len(), ACTION_SPACE);
        Table { moves, index }
    })
}

/// A square index in `turn`'s frame (a half turn of the board for Black).
#[inline]
pub(crate) fn frame(sq: usize, turn: Color) -> usize {
    match turn {
        Color::Red => sq,
        Color::Black => Square::COUNT - 1 - sq,
    }
}

/// The action of `m` played by `turn`, if it is in the action space.
#[inline]
pub(crate) fn action_of(m: XMove, turn: Color) -> Option<usize> {
    let pair = frame(m.from().index(), turn) * Square::COUNT + frame(m.to().index(), turn);
    match table().index[pair] {
        u16::MAX => None,
        i => Some(i as usize),
    }
}

/// The move of action `i` played by `turn` (`None` past the space).
#[inline]
pub(crate) fn move_of(i: usize, turn: Color) -> Option<XMove> {
    let pair = *table().moves.get(i)? as usize;
    let from = Square::from_index(frame(pair / Square::COUNT, turn) as u32)?;
    let to = Square::from_index(frame(pair % Square::COUNT, turn) as u32)?;
    Some(XMove::new(from, to))
}

/// Writes the planes of `pos` into `out` (`OBS_LEN` zeroed bytes): byte
/// `plane * 90 + row * 9 + col` is 1 where a piece stands.
pub(crate) fn write_planes(pos: &Position, out: &mut [u8]) {
    let turn = pos.turn();
    for (side, color) in [turn, !turn].into_iter().enumerate() {
        for role in Role::ALL {
            let plane = (side * Role::COUNT + role.index()) * Square::COUNT;
            for sq in pos.board().by_piece(Piece::new(color, role)) {
                out[plane + frame(sq.index(), turn)] = 1;
            }
        }
    }
}

/// The first advisor or elephant that stands off the points a game can
/// bring it to (a composed study's): its moves may lie outside the action
/// space.
pub(crate) fn off_points(pos: &Position) -> Option<Square> {
    pos.board().pieces().find_map(|(sq, piece)| {
        let points: &[(i32, i32)] = match piece.role {
            Role::Advisor => &ADVISOR_POINTS,
            Role::Elephant => &ELEPHANT_POINTS,
            _ => return None,
        };
        let (f, r) = (sq.file().index() as i32, sq.rank().index() as i32);
        let r = if piece.color == Color::Red { r } else { 9 - r };
        (!points.contains(&(f, r))).then_some(sq)
    })
}

/// The error for a position whose moves may leave the action space.
pub(crate) fn off_points_error(sq: Square) -> PyErr {
    PyValueError::new_err(format!(
        "the piece on {sq} stands off the points a game can bring it to (a composed study): \
         its moves may lie outside the action space"
    ))
}

/// Writes the legal move mask of `pos` into `out` (`ACTION_SPACE` zeroed
/// bytes). Every legal move is in the space when `off_points` is `None`.
pub(crate) fn write_mask(pos: &Position, out: &mut [u8]) {
    let turn = pos.turn();
    for &m in pos.legal_moves().iter() {
        if let Some(i) = action_of(m, turn) {
            out[i] = 1;
        }
    }
}

/// A new numpy array of `dtype` and `shape` over `len` bytes, zeroed and
/// then written by `fill` (in place: the array owns a `bytearray`, so it is
/// writable).
pub(crate) fn numpy_with<'py, S>(
    py: Python<'py>,
    len: usize,
    dtype: &str,
    shape: S,
    fill: impl FnOnce(&mut [u8]),
) -> PyResult<Bound<'py, PyAny>>
where
    S: IntoPyObject<'py>,
{
    static FROMBUFFER: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let frombuffer = FROMBUFFER.get_or_try_init(py, || {
        py.import("numpy")
            .and_then(|np| np.getattr("frombuffer"))
            .map(Bound::unbind)
    })?;
    let bytes = PyByteArray::new_with(py, len, |buf| {
        fill(buf);
        Ok(())
    })?;
    frombuffer
        .bind(py)
        .call1((bytes, dtype))?
        .call_method1("reshape", (shape,))
}

/// `"red"` or `"black"` as a colour, else a `ValueError`.
pub(crate) fn parse_turn(turn: &str) -> PyResult<Color> {
    match turn {
        "red" => Ok(Color::Red),
        "black" => Ok(Color::Black),
        _ => Err(PyValueError::new_err(format!(
            "turn must be 'red' or 'black', not {turn:?}"
        ))),
    }
}

/// A Python integer in `min..=max`, else a `ValueError` naming `name`
/// (never an `OverflowError`, nor a bool taken for an integer).
pub(crate) fn int_in(value: &Bound<'_, PyAny>, name: &str, min: i128, max: i128) -> PyResult<i128> {
    let bad = || {
        let shown = value.repr().map_or("?".to_string(), |r| r.to_string());
        PyValueError::new_err(format!(
            "{name} must be an integer from {min} to {max}, not {shown}"
        ))
    };
    if value.is_instance_of::<PyBool>() {
        return Err(bad());
    }
    match value.extract::<i128>() {
        Ok(i) if (min..=max).contains(&i) => Ok(i),
        _ => Err(bad()),
    }
}

/// A Python integer in `0..len` (see `int_in`).
pub(crate) fn index_arg(value: &Bound<'_, PyAny>, name: &str, len: usize) -> PyResult<usize> {
    int_in(value, name, 0, len as i128 - 1).map(|i| i as usize)
}

/// The action index of `move` played by `turn` (`"red"`, the default, or
/// `"black"`; pass `board.turn`). Indices are in the mover's frame: for
/// Black the board is turned half a turn first, so `h2e2` for Red and
/// `b7e7` for Black are the same action. The space holds the elephant and
/// advisor steps of both sides (the usual 2,086 actions, usable with
/// absolute, Red's-frame indices too); in the mover's frame the far side's
/// 24 are never legal. Raises `ValueError` for a move no piece can ever
/// make (such as `a0b1`).
#[pyfunction]
#[pyo3(signature = (r#move, turn="red"))]
pub(crate) fn move_to_index(r#move: PyRef<'_, PyMove>, turn: &str) -> PyResult<usize> {
    let color = parse_turn(turn)?;
    action_of(r#move.0, color).ok_or_else(|| {
        PyValueError::new_err(format!(
            "{} is not in the action space: no piece can ever make it",
            r#move.0
        ))
    })
}

/// The move of action `index` (`0 <= index < ACTION_SPACE`) played by
/// `turn` (`"red"`, the default, or `"black"`): the inverse of
/// `move_to_index`. Raises `ValueError` for an index out of range.
#[pyfunction]
#[pyo3(signature = (index, turn="red"))]
pub(crate) fn index_to_move(index: &Bound<'_, PyAny>, turn: &str) -> PyResult<PyMove> {
    let color = parse_turn(turn)?;
    let i = index_arg(index, "index", ACTION_SPACE)?;
    move_of(i, color)
        .map(PyMove)
        .ok_or_else(|| PyValueError::new_err("index out of range"))
}

#[pymethods]
impl PyBoard {
    /// The position as a numpy `uint8` array of shape `(14, 10, 9)`, from
    /// the side to move's point of view: planes 0-6 hold the side to
    /// move's general, advisor, elephant, horse, chariot, cannon and
    /// soldier, planes 7-13 the opponent's, 1 where such a piece stands.
    /// `planes[p, row, col]`: for Red to move `row` is the rank and `col`
    /// the file (`a` = 0), so `e0` is `[p, 0, 4]`; for Black to move the
    /// board is turned half a turn (ranks and files both mirrored:
    /// `row = 9 - rank`, `col = 8 - file`), so the mover always starts on
    /// rows 0-2 and plays toward row 9. Only the pieces: no side to move,
    /// history or counters.
    fn to_planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pos = self.game.position();
        numpy_with(py, OBS_LEN, "uint8", (PLANES, 10, 9), |buf| {
            write_planes(pos, buf)
        })
    }

    /// The legal moves as a numpy `bool` array over the action space
    /// (`ACTION_SPACE` entries, in the mover's frame as `move_to_index`
    /// with `board.turn`): exactly the moves of `legal_moves`, whether or
    /// not the game is over. Raises `ValueError` for a composed study with
    /// an advisor or elephant off the points a game can bring it to (its
    /// moves may lie outside the space).
    fn legal_move_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pos = self.game.position();
        if let Some(sq) = off_points(pos) {
            return Err(off_points_error(sq));
        }
        numpy_with(py, ACTION_SPACE, "bool", (ACTION_SPACE,), |buf| {
            write_mask(pos, buf)
        })
    }

    /// Plays action `index` (in the mover's frame, as `legal_move_mask`)
    /// and returns its `Move`. Raises `ValueError` for an index out of
    /// range and `IllegalMoveError` for an illegal move or a finished game;
    /// the board is then unchanged.
    fn push_index(&mut self, index: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let i = index_arg(index, "index", ACTION_SPACE)?;
        let turn = self.game.position().turn();
        let m = move_of(i, turn).ok_or_else(|| PyValueError::new_err("index out of range"))?;
        self.game
            .play(m)
            .map_err(|e| crate::errors::IllegalMoveError::new_err(e.to_string()))?;
        Ok(PyMove(m))
    }
}
