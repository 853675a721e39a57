//! `xiangqi_rs.tablebase`: endgame tablebase probing, python-chess's
//! `chess.gaviota` way. The Python module reads the files of a directory
//! and hands their bytes to this class.

use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use xiangqi::tablebase::{Dtm, Tablebase};

use crate::board::PyBoard as Board;

/// A set of endgame tables, probed by board; `xiangqi_rs.tablebase.Tablebase`
/// wraps it, adding `add_directory` and the context manager.
#[pyclass(name = "_Tablebase", module = "xiangqi_rs._core.tablebase")]
#[derive(Default)]
pub struct PyTablebase {
    tables: Tablebase<'static>,
}

impl PyTablebase {
    /// The verdict on `board`, or `None` outside the tables.
    fn verdict(&self, board: &Board) -> Option<Dtm> {
        self.tables.probe(board.game.position())
    }
}

/// 1 for a win of the side to move, 0 for a draw, -1 for a loss.
fn wdl(d: Dtm) -> i32 {
    match d {
        Dtm::Win(_) => 1,
        Dtm::Draw => 0,
        Dtm::Loss(_) => -1,
    }
}

/// Signed plies to mate; 0 for a draw (python-chess's convention).
fn dtm(d: Dtm) -> i32 {
    d.signed().unwrap_or(0)
}

/// The `KeyError` of a position no table holds.
fn missing(board: &Board) -> PyErr {
    PyKeyError::new_err(format!("no table for {}", board.game.position()))
}

#[pymethods]
impl PyTablebase {
    /// An empty set.
    #[new]
    fn new() -> PyTablebase {
        PyTablebase::default()
    }

    /// Adds one table from the bytes of its `.xqtb` file and returns its
    /// material name (for example `"kpk"`). Raises `ValueError` for bytes
    /// that are not a table, or a table whose material is already loaded.
    fn add_bytes(&mut self, data: Vec<u8>) -> PyResult<String> {
        let table = self
            .tables
            .add(data)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(table.material().name())
    }

    /// The material names of the loaded tables, in the order added.
    fn materials(&self) -> Vec<String> {
        self.tables
            .tables()
            .iter()
            .map(|t| t.material().name())
            .collect()
    }

    /// Win (1), draw (0) or loss (-1) for the side to move. Raises
    /// `KeyError` if no table holds the position.
    fn probe_wdl(&self, board: &Board) -> PyResult<i32> {
        self.verdict(board).map(wdl).ok_or_else(|| missing(board))
    }

    /// Like `probe_wdl`, but `None` if no table holds the position.
    fn get_wdl(&self, board: &Board) -> Option<i32> {
        self.verdict(board).map(wdl)
    }

    /// Signed plies to mate: positive when the side to move mates,
    /// negative when it is mated, 0 for a draw or when it has no legal
    /// move (`probe_wdl` tells these apart). Raises `KeyError` if no table
    /// holds the position.
    fn probe_dtm(&self, board: &Board) -> PyResult<i32> {
        self.verdict(board).map(dtm).ok_or_else(|| missing(board))
    }

    /// Like `probe_dtm`, but `None` if no table holds the position.
    fn get_dtm(&self, board: &Board) -> Option<i32> {
        self.verdict(board).map(dtm)
    }

    /// Unloads every table.
    fn close(&mut self) {
        self.tables = Tablebase::new();
    }

    fn __len__(&self) -> usize {
        self.tables.tables().len()
    }

    fn __repr__(&self) -> String {
        format!("<Tablebase {:?}>", self.materials())
    }
}

/// The submodule `xiangqi_rs._core.tablebase`.
pub(crate) fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "tablebase")?;
    m.add_class::<PyTablebase>()?;
    Ok(m)
}
