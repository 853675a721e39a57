//! The exceptions: `ValueError` subclasses carrying the library's messages.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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
