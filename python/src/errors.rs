//! The exceptions: `ValueError` subclasses carrying the library's messages.

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

create_exception!(
    xiangqi_rs,
    InvalidFenError,
    PyValueError,
    "A FEN that does not describe a valid position."
);
create_exception!(
    xiangqi_rs,
    InvalidMoveError,
    PyValueError,
    "Move text that cannot be read (not a move in any notation)."
);
create_exception!(
    xiangqi_rs,
    IllegalMoveError,
    PyValueError,
    "A well-formed move that is not legal here, or a move after the game is over."
);
create_exception!(
    xiangqi_rs,
    AmbiguousMoveError,
    PyValueError,
    "Move text that fits more than one legal move."
);

/// Adds the exception classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("InvalidFenError", py.get_type::<InvalidFenError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    Ok(())
}

/// Reads an integer argument named `name` that must lie in `lo..=hi`.
///
/// PyO3's own conversion raises `OverflowError` for a negative or huge
/// integer; this raises `ValueError` naming the argument and its range
/// instead (and `TypeError` for a value that is not an integer at all).
pub(crate) fn int_arg(value: &Bound<'_, PyAny>, name: &str, lo: i64, hi: i64) -> PyResult<i64> {
    let int = value.cast::<PyInt>().map_err(|_| {
        let kind = value
            .get_type()
            .name()
            .map_or_else(|_| "?".to_string(), |n| n.to_string());
        PyTypeError::new_err(format!("{name} must be an integer, not {kind}"))
    })?;
    match int.extract::<i64>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(PyValueError::new_err(format!(
            "{name} must be an integer from {lo} to {hi}, not {int}"
        ))),
    }
}
