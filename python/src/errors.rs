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
    bounded(value, lo, hi).map_err(|(kind, msg)| kind(format!("{name} must be {msg}")))
}

/// The constructor of an exception from its message.
type NewErr = fn(String) -> PyErr;

/// `value` as an integer in `lo..=hi`, or the exception's constructor and
/// what was wanted ("an integer from 1 to 5, not 7").
fn bounded(value: &Bound<'_, PyAny>, lo: i64, hi: i64) -> Result<i64, (NewErr, String)> {
    let wanted = if hi == i64::MAX {
        format!("an integer of at least {lo}")
    } else {
        format!("an integer from {lo} to {hi}")
    };
    let Ok(int) = value.cast::<PyInt>() else {
        let kind = value
            .get_type()
            .name()
            .map_or_else(|_| "?".to_string(), |n| n.to_string());
        return Err((PyTypeError::new_err, format!("an integer, not {kind}")));
    };
    match int.extract::<i64>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err((PyValueError::new_err, format!("{wanted}, not {int}"))),
    }
}

/// An integer argument from `LO` to `HI`, for a `#[pyfunction]` or
/// `#[pymethods]` parameter with a default (`#[pyo3(signature = (n =
/// IntIn(3)), text_signature = "($self, n=3)")]`; without the text
/// signature `inspect` shows `n=Ellipsis`). Anything else raises
/// `ValueError` ("expected an integer from 1 to 5, not 7"; a non-integer:
/// `TypeError`), to which PyO3 adds a note naming the argument, instead of
/// PyO3's `OverflowError`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct IntIn<const LO: i64, const HI: i64>(pub i64);

impl<'a, 'py, const LO: i64, const HI: i64> FromPyObject<'a, 'py> for IntIn<LO, HI> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        bounded(&obj, LO, HI)
            .map(IntIn)
            .map_err(|(kind, msg)| kind(format!("expected {msg}")))
    }
}
