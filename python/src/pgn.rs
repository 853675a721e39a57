//! `xiangqi_rs.pgn`: PGN records read and written.

use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use xiangqi::notation::Notation;
use xiangqi::pgn::{GameRecord, ReadOptions};
use xiangqi::{Game, Rules};
use xiangqi_session::notation_named;

use crate::board::{PyBoard, PyMove};
use crate::errors::IllegalMoveError;

pyo3::create_exception!(
    xiangqi_rs.pgn,
    PgnError,
    PyValueError,
    "A PGN record that cannot be read (raised by `read_games(text, strict=True)`)."
);
pyo3::create_exception!(
    xiangqi_rs.pgn,
    PgnWarning,
    PyUserWarning,
    "A PGN record that `read_games` skipped, with the reason."
);

/// One game of a PGN text: its tags, start position, main line and result.
#[pyclass(module = "xiangqi_rs.pgn", name = "Game")]
pub struct PyPgnGame {
    pub(crate) record: GameRecord,
}

/// The notation named `name` (`"wxf"`, `"wxf_dots"`, `"chinese"`,
/// `"chinese_traditional"`, `"iccs"`), or a `ValueError`.
pub(crate) fn notation_of(name: &str) -> PyResult<Notation> {
    notation_named(name).map_err(|e| PyValueError::new_err(e.to_string()))
}

#[pymethods]
impl PyPgnGame {
    /// The tag pairs in file order (`{"Event": ..., "FEN": ...}`).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.record.tags {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// The value of the tag `name`, or `None` (names are case-sensitive).
    fn tag(&self, name: &str) -> Option<String> {
        self.record.tag(name).map(str::to_string)
    }

    /// Sets the tag `name` to `value`, in place when it is there, else at
    /// the end. (`tags` is a copy: change tags with this.) `FEN` and
    /// `Result` are written as the game's start and result say, whatever
    /// they are set to. A name that is not a PGN symbol (letters, digits,
    /// `_`) or a value with a line break raises `ValueError`.
    fn set_tag(&mut self, name: &str, value: &str) -> PyResult<()> {
        let symbol =
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !symbol {
            return Err(PyValueError::new_err(format!(
                "tag name {name:?}: letters, digits and '_' only"
            )));
        }
        if value.contains(['\n', '\r']) {
            return Err(PyValueError::new_err(format!(
                "tag {name}: a value on one line, not {value:?}"
            )));
        }
        self.record.set_tag(name, value);
        Ok(())
    }

    /// Removes the tag `name`; returns its value, or `None` when it was not
    /// there.
    fn remove_tag(&mut self, name: &str) -> Option<String> {
        self.record.remove_tag(name)
    }

    /// The main line's moves.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.record.moves.iter().map(|&m| PyMove(m)).collect()
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    #[getter]
    fn result(&self) -> &'static str {
        self.record.result.as_str()
    }

    /// The start position's FEN.
    fn start_fen(&self) -> String {
        self.record.start.to_string()
    }

    /// A `Board` with the main line played (raises `IllegalMoveError` if a
    /// move is not legal). Records may go on after a verdict (players often
    /// play on after a repetition): such moves are played too, and the
    /// board's `outcome()` is then the verdict of the last ply, if any.
    fn board(&self) -> PyResult<PyBoard> {
        let mut game = Game::with_rules(self.record.start.clone(), Rules::default());
        for &m in &self.record.moves {
            game.play_on(m)
                .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        }
        Ok(PyBoard { game })
    }

    /// A record of a board's game: its start position, moves and result.
    #[staticmethod]
    fn from_board(board: PyRef<'_, PyBoard>) -> PyPgnGame {
        PyPgnGame {
            record: GameRecord::from_game(&board.game),
        }
    }

    /// The record as PGN text, moves in a notation (`"iccs"`, `"wxf"`,
    /// `"wxf_dots"`, `"chinese"`, `"chinese_traditional"`).
    #[pyo3(signature = (notation="iccs"))]
    fn to_pgn(&self, notation: &str) -> PyResult<String> {
        self.record
            .to_pgn(notation_of(notation)?)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(moves={}, result='{}')",
            self.record.moves.len(),
            self.record.result.as_str()
        )
    }
}

/// Reads the games of a PGN text (any notation the library reads). A
/// record that cannot be read is skipped with a `PgnWarning` giving the
/// reason, or, with `strict=True`, raises `PgnError`.
#[pyfunction]
#[pyo3(signature = (text, strict=false))]
fn read_games(py: Python<'_>, text: &str, strict: bool) -> PyResult<Vec<PyPgnGame>> {
    let mut out = Vec::new();
    for r in xiangqi::pgn::read_games(text, &ReadOptions::default()) {
        match r {
            Ok(record) => out.push(PyPgnGame { record }),
            Err(e) if strict => return Err(PgnError::new_err(e.to_string())),
            Err(e) => {
                let category = py.get_type::<PgnWarning>();
                let msg = std::ffi::CString::new(e.to_string().replace('\0', " "))
                    .map_err(|e| PyValueError::new_err(e.to_string()))?;
                PyErr::warn(py, &category, &msg, 1)?;
            }
        }
    }
    Ok(out)
}

/// Writes games as one PGN text, moves in a notation (see `Game.to_pgn`).
#[pyfunction]
#[pyo3(signature = (games, notation="iccs"))]
fn write_games(games: Vec<PyRef<'_, PyPgnGame>>, notation: &str) -> PyResult<String> {
    let n = notation_of(notation)?;
    let mut out = String::new();
    for g in games {
        let text = g
            .record
            .to_pgn(n)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        out.push_str(text.trim_end());
        out.push_str("\n\n");
    }
    Ok(out)
}

/// The `pgn` submodule.
pub(crate) fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "pgn")?;
    m.add_class::<PyPgnGame>()?;
    m.add_function(wrap_pyfunction!(read_games, &m)?)?;
    m.add_function(wrap_pyfunction!(write_games, &m)?)?;
    m.add("PgnError", py.get_type::<PgnError>())?;
    m.add("PgnWarning", py.get_type::<PgnWarning>())?;
    Ok(m)
}
