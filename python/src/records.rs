//! `xiangqi_rs._core.records`: game trees read from and written to any
//! record format the library knows (PGN, XQF, CBR, CBL, CBF, DhtmlXQ, plain
//! move lists). The python-chess-like `Game` / `GameNode` classes are
//! Python (`xiangqi_rs/records.py`), over the handle defined here: one
//! [`RecordTreeHandle`] per game, node ids as integers.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use xiangqi::detect::RecordFormat;
use xiangqi::formats::{self, WriteFormat};
use xiangqi::pgn::{GameRecord, ReadOptions};
use xiangqi::tree::{GameTree, NodeId, SEVEN_TAG_ROSTER, TreeError};

use crate::board::{PyBoard, PyMove};
use crate::errors::IllegalMoveError;
use crate::pgn::{PyPgnGame, notation_of};

pyo3::create_exception!(
    xiangqi_rs._core.records,
    RecordFileError,
    PyValueError,
    "Bytes or text that cannot be read as a game record, or games that cannot be written in a format (raised again as `xiangqi_rs.records.RecordError`)."
);

/// One game tree, shared by the Python `Game` and its `GameNode`s.
#[pyclass(module = "xiangqi_rs._core.records", name = "_Tree")]
pub struct RecordTreeHandle {
    tree: GameTree,
}

fn tree_error(e: TreeError) -> PyErr {
    match e {
        TreeError::IllegalMove { .. } => IllegalMoveError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

fn format_named(name: &str) -> PyResult<RecordFormat> {
    Ok(match name.to_ascii_lowercase().as_str() {
        "pgn" => RecordFormat::Pgn,
        "xqf" => RecordFormat::Xqf,
        "cbr" => RecordFormat::Cbr,
        "cbl" => RecordFormat::Cbl,
        "cbf" => RecordFormat::Cbf,
        "dhtmlxq" => RecordFormat::DhtmlXq,
        "movelist" | "moves" => RecordFormat::MoveList,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown record format {name:?}: pgn, xqf, cbr, cbl, cbf, dhtmlxq or movelist"
            )));
        }
    })
}

fn check_header_name(name: &str) -> PyResult<()> {
    let symbol = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !symbol {
        return Err(PyValueError::new_err(format!(
            "header name {name:?}: letters, digits and '_' only"
        )));
    }
    Ok(())
}

impl RecordTreeHandle {
    fn node(&self, index: usize) -> PyResult<NodeId> {
        self.tree
            .nodes()
            .find(|n| n.index() == index)
            .ok_or_else(|| PyValueError::new_err(format!("no node {index} in this game")))
    }
}

#[pymethods]
impl RecordTreeHandle {
    /// The game of a board: its start and its moves.
    #[staticmethod]
    fn from_board(board: PyRef<'_, PyBoard>) -> RecordTreeHandle {
        RecordTreeHandle {
            tree: GameTree::from_game(&board.game),
        }
    }

    /// The tree of a `xiangqi_rs.pgn.Game` (its main line and tags).
    #[staticmethod]
    fn from_pgn_game(game: PyRef<'_, PyPgnGame>) -> PyResult<RecordTreeHandle> {
        GameTree::from_record(&game.record, &ReadOptions::default())
            .map(|tree| RecordTreeHandle { tree })
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    /// The main line as a `xiangqi_rs.pgn.Game`.
    fn to_pgn_game(&self) -> PyPgnGame {
        let record: GameRecord = self.tree.to_record();
        PyPgnGame { record }
    }

    /// A deep copy.
    fn copy(&self) -> RecordTreeHandle {
        RecordTreeHandle {
            tree: self.tree.clone(),
        }
    }

    /// Whether the trees are equal (headers, start, moves, comments, NAGs).
    fn same_as(&self, other: PyRef<'_, RecordTreeHandle>) -> bool {
        self.tree == other.tree
    }

    fn root(&self) -> usize {
        self.tree.root().index()
    }

    fn start_fen(&self) -> String {
        self.tree.start().to_string()
    }

    fn headers(&self) -> Vec<(String, String)> {
        self.tree.headers().to_vec()
    }

    fn set_header(&mut self, name: &str, value: &str) -> PyResult<()> {
        check_header_name(name)?;
        if value.contains(['\n', '\r']) {
            return Err(PyValueError::new_err(format!(
                "header {name}: a value on one line, not {value:?}"
            )));
        }
        self.tree.set_header(name, value);
        Ok(())
    }

    fn remove_header(&mut self, name: &str) -> Option<String> {
        self.tree.remove_header(name)
    }

    fn parent(&self, id: usize) -> PyResult<Option<usize>> {
        let n = self.node(id)?;
        Ok(self.tree.parent(n).map(NodeId::index))
    }

    fn children(&self, id: usize) -> PyResult<Vec<usize>> {
        let n = self.node(id)?;
        Ok(self.tree.children(n).iter().map(|c| c.index()).collect())
    }

    fn move_at(&self, id: usize) -> PyResult<Option<PyMove>> {
        let n = self.node(id)?;
        Ok(self.tree.move_at(n).map(PyMove))
    }

    /// The move of `id` in a notation, from its parent's position.
    fn san(&self, id: usize, notation: &str) -> PyResult<String> {
        let n = self.node(id)?;
        let notation = notation_of(notation)?;
        let (Some(parent), Some(m)) = (self.tree.parent(n), self.tree.move_at(n)) else {
            return Err(PyValueError::new_err("the root of a game has no move"));
        };
        let pos = self.tree.position(parent).map_err(tree_error)?;
        notation
            .format(&pos, m)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    fn comment(&self, id: usize) -> PyResult<String> {
        let n = self.node(id)?;
        Ok(self.tree.comment(n).to_string())
    }

    fn set_comment(&mut self, id: usize, text: &str) -> PyResult<()> {
        let n = self.node(id)?;
        self.tree.set_comment(n, text).map_err(tree_error)
    }

    fn starting_comment(&self, id: usize) -> PyResult<String> {
        let n = self.node(id)?;
        Ok(self.tree.starting_comment(n).to_string())
    }

    fn set_starting_comment(&mut self, id: usize, text: &str) -> PyResult<()> {
        let n = self.node(id)?;
        self.tree.set_starting_comment(n, text).map_err(tree_error)
    }

    fn nags(&self, id: usize) -> PyResult<Vec<u8>> {
        let n = self.node(id)?;
        Ok(self.tree.nags(n).to_vec())
    }

    fn set_nags(&mut self, id: usize, nags: Vec<u8>) -> PyResult<()> {
        let n = self.node(id)?;
        self.tree.clear_nags(n).map_err(tree_error)?;
        for nag in nags {
            self.tree.push_nag(n, nag).map_err(tree_error)?;
        }
        Ok(())
    }

    fn add_variation(&mut self, id: usize, m: PyRef<'_, PyMove>) -> PyResult<usize> {
        let n = self.node(id)?;
        self.tree
            .add_variation(n, m.0)
            .map(NodeId::index)
            .map_err(tree_error)
    }

    fn add_main_variation(&mut self, id: usize, m: PyRef<'_, PyMove>) -> PyResult<usize> {
        let n = self.node(id)?;
        self.tree
            .add_main_variation(n, m.0)
            .map(NodeId::index)
            .map_err(tree_error)
    }

    fn promote_to_main(&mut self, id: usize) -> PyResult<()> {
        let n = self.node(id)?;
        self.tree.promote_to_main(n).map_err(tree_error)
    }

    fn promote(&mut self, id: usize) -> PyResult<()> {
        let n = self.node(id)?;
        self.tree.promote(n).map_err(tree_error)
    }

    fn demote(&mut self, id: usize) -> PyResult<()> {
        let n = self.node(id)?;
        self.tree.demote(n).map_err(tree_error)
    }

    fn remove_variation(&mut self, id: usize) -> PyResult<()> {
        let n = self.node(id)?;
        self.tree.remove_variation(n).map_err(tree_error)
    }

    fn end(&self, id: usize) -> PyResult<usize> {
        let n = self.node(id)?;
        Ok(self.tree.end(n).index())
    }

    fn ply(&self, id: usize) -> PyResult<usize> {
        let n = self.node(id)?;
        self.tree
            .ply(n)
            .ok_or_else(|| PyValueError::new_err(format!("no node {id} in this game")))
    }

    fn is_mainline(&self, id: usize) -> PyResult<bool> {
        let n = self.node(id)?;
        Ok(self.tree.is_mainline(n))
    }

    fn contains(&self, id: usize) -> bool {
        self.node(id).is_ok()
    }

    fn mainline_moves(&self) -> Vec<PyMove> {
        self.tree.mainline_moves().into_iter().map(PyMove).collect()
    }

    /// A `Board` with the moves from the root to `id` played.
    fn board(&self, id: usize) -> PyResult<PyBoard> {
        let n = self.node(id)?;
        Ok(PyBoard {
            game: self.tree.game_at(n).map_err(tree_error)?,
        })
    }

    fn to_pgn(&self, notation: &str) -> PyResult<String> {
        Ok(self.tree.to_pgn(notation_of(notation)?))
    }
}

/// What `read` returns: the format's name, the games, the skipped games.
type ReadResult = (String, Vec<RecordTreeHandle>, Vec<(usize, String)>);

/// Reads `data` as a record (detected, or as `format`): the format's name,
/// the games, and `(index, reason)` for each game skipped.
#[pyfunction]
#[pyo3(signature = (data, format=None))]
fn read(data: &[u8], format: Option<&str>) -> PyResult<ReadResult> {
    let result = match format {
        Some(name) => formats::read_as(data, format_named(name)?),
        None => formats::read(data),
    };
    let file = result.map_err(|e| RecordFileError::new_err(e.to_string()))?;
    Ok((
        file.format.name().to_string(),
        file.games
            .into_iter()
            .map(|tree| RecordTreeHandle { tree })
            .collect(),
        file.warnings
            .into_iter()
            .map(|w| (w.index, w.to_string()))
            .collect(),
    ))
}

/// Writes games as `"pgn"` (any number; moves in `notation`), `"xqf"` or
/// `"dhtmlxq"` (one game): the bytes.
#[pyfunction]
#[pyo3(signature = (games, format, notation="iccs"))]
fn write<'py>(
    py: Python<'py>,
    games: Vec<PyRef<'py, RecordTreeHandle>>,
    format: &str,
    notation: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let format = match format.to_ascii_lowercase().as_str() {
        "pgn" => WriteFormat::Pgn(notation_of(notation)?),
        "xqf" => WriteFormat::Xqf,
        "dhtmlxq" => WriteFormat::DhtmlXq,
        _ => {
            return Err(PyValueError::new_err(format!(
                "cannot write {format:?}: pgn, xqf or dhtmlxq"
            )));
        }
    };
    let trees: Vec<GameTree> = games.iter().map(|g| g.tree.clone()).collect();
    let bytes =
        formats::write(&trees, format).map_err(|e| RecordFileError::new_err(e.to_string()))?;
    Ok(PyBytes::new(py, &bytes))
}

/// The `records` submodule.
pub(crate) fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "records")?;
    m.add_class::<RecordTreeHandle>()?;
    m.add_function(wrap_pyfunction!(read, &m)?)?;
    m.add_function(wrap_pyfunction!(write, &m)?)?;
    m.add("RecordFileError", py.get_type::<RecordFileError>())?;
    // The headers of a new `xiangqi_rs.records.Game`, in order.
    m.add("SEVEN_TAG_ROSTER", SEVEN_TAG_ROSTER.to_vec())?;
    Ok(m)
}
