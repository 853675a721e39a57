//! `xiangqi_rs.svg`: board pictures.

use pyo3::prelude::*;
use xiangqi::svg::Options;

use crate::board::{PyBoard, PyMove};
use crate::errors::int_arg;

/// The options of a picture.
fn options(
    board: &PyBoard,
    size: Option<u32>,
    flipped: bool,
    lastmove: Option<xiangqi::Move>,
    arrows: &[xiangqi::Move],
    letters: bool,
) -> Options {
    let mut opts = Options::default()
        .with_flipped(flipped)
        .with_letters(letters);
    if let Some(s) = size {
        opts = opts.with_size(s);
    }
    if let Some(m) = lastmove.or_else(|| board.game.moves().last()) {
        opts = opts.with_last_move(m);
    }
    for m in arrows {
        opts = opts.with_arrow(m.from(), m.to());
    }
    opts
}

/// The SVG picture of a board with its last move highlighted (Jupyter's
/// `_repr_svg_`).
pub(crate) fn picture(board: &PyBoard) -> String {
    xiangqi::svg::position(
        board.game.position(),
        &options(board, None, false, None, &[], false),
    )
}

/// The largest picture width accepted, in pixels.
const MAX_SIZE: u32 = 100_000;

/// An SVG picture of a board (a general in check is marked): `size` in
/// pixels (width, 1 to 100000; anything else raises `ValueError`), `flipped` for Black at the bottom, `lastmove` to
/// highlight (by default the board's last move), `arrows` (moves drawn as
/// arrows), `letters` for FEN letters instead of Chinese characters.
#[pyfunction]
#[pyo3(signature = (board, *, size=None, flipped=false, lastmove=None, arrows=Vec::new(), letters=false))]
fn board(
    board: PyRef<'_, PyBoard>,
    size: Option<Bound<'_, PyAny>>,
    flipped: bool,
    lastmove: Option<PyRef<'_, PyMove>>,
    arrows: Vec<PyRef<'_, PyMove>>,
    letters: bool,
) -> PyResult<String> {
    let size = match size {
        None => None,
        Some(s) if s.is_none() => None,
        Some(s) => {
            Some(u32::try_from(int_arg(&s, "size", 1, i64::from(MAX_SIZE))?).unwrap_or(MAX_SIZE))
        }
    };
    let arrows: Vec<xiangqi::Move> = arrows.iter().map(|m| m.0).collect();
    let opts = options(
        &board,
        size,
        flipped,
        lastmove.map(|m| m.0),
        &arrows,
        letters,
    );
    Ok(xiangqi::svg::position(board.game.position(), &opts))
}

/// The `svg` submodule.
pub(crate) fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "svg")?;
    m.add_function(wrap_pyfunction!(board, &m)?)?;
    Ok(m)
}
