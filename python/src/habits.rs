//! python-chess's names on `Board` and `Move`, with its meanings where they
//! fit xiangqi: `push_uci`, `push_san`, `parse_uci`, `parse_san`,
//! `Move.from_uci`, `unicode()`, `fullmove_number`, `zobrist_hash()`,
//! `pseudo_legal_moves`; the `Piece` that `piece_at` returns and the move
//! generators that `legal_moves` and `pseudo_legal_moves` are.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use xiangqi::notation::{ChineseScript, CoordinateMove, MoveError, piece_glyph};
use xiangqi::{IllegalReason, Position, Square};

use crate::board::{PyBoard, PyMove, move_error};
use crate::errors::InvalidMoveError;

/// The character of a piece in a traditional set: Red 帥仕相傌俥炮兵,
/// Black 將士象馬車砲卒.
fn glyph(p: xiangqi::Piece) -> char {
    piece_glyph(p, ChineseScript::Traditional)
}

/// A piece, as python-chess's `Piece`: `symbol()` is its FEN letter (`"R"`
/// Red's chariot, `"r"` Black's), `unicode_symbol()` its character (`"俥"`,
/// `"車"`), `color` `"red"` or `"black"`, `piece_type` `"general"`,
/// `"advisor"`, `"elephant"`, `"horse"`, `"chariot"`, `"cannon"` or
/// `"soldier"`. `str(piece)` is the letter, and a piece compares equal to
/// its letter (`board.piece_at("e0") == "K"`), as the letters `piece_at`
/// returned before.
#[pyclass(module = "xiangqi_rs", name = "Piece", frozen)]
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct PyPiece(pub(crate) xiangqi::Piece);

#[pymethods]
impl PyPiece {
    /// The piece of a FEN letter (`"R"`, `"n"`); raises `ValueError` for
    /// anything else.
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<PyPiece> {
        let mut chars = symbol.chars();
        match (
            chars.next().and_then(xiangqi::Piece::from_char),
            chars.next(),
        ) {
            (Some(p), None) => Ok(PyPiece(p)),
            _ => Err(PyValueError::new_err(format!(
                "not a piece letter: {symbol:?}"
            ))),
        }
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    fn symbol(&self) -> String {
        self.0.char().to_string()
    }

    /// The character of a traditional set (Red 帥仕相傌俥炮兵, Black
    /// 將士象馬車砲卒); `invert_color=True` gives the other side's.
    #[pyo3(signature = (*, invert_color=false))]
    fn unicode_symbol(&self, invert_color: bool) -> String {
        let mut p = self.0;
        if invert_color {
            p.color = !p.color;
        }
        glyph(p).to_string()
    }

    /// `"red"` or `"black"`.
    #[getter]
    fn color(&self) -> &'static str {
        self.0.color.name()
    }

    /// `"general"`, `"advisor"`, `"elephant"`, `"horse"`, `"chariot"`,
    /// `"cannon"` or `"soldier"`.
    #[getter]
    fn piece_type(&self) -> &'static str {
        self.0.role.name()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.0.char())
    }

    /// Equal to the same piece, or to its FEN letter.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(p) = other.extract::<PyRef<'_, PyPiece>>() {
            return *p == *self;
        }
        other.extract::<String>().is_ok_and(|s| s == self.symbol())
    }

    /// The hash of the letter, so that a piece and its letter (which it
    /// equals) hash alike.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.symbol()).hash()
    }
}

/// The moves of a position, as python-chess's `LegalMoveGenerator` and
/// `PseudoLegalMoveGenerator`: `len()`, `move in moves`, iteration,
/// `count()`, `any()`. It holds the moves of the position it was taken
/// from: read `board.legal_moves` again after a push.
#[pyclass(module = "xiangqi_rs", frozen, sequence)]
pub struct LegalMoveGenerator {
    moves: Vec<xiangqi::Move>,
    pseudo: bool,
    fen: String,
}

impl LegalMoveGenerator {
    /// The legal moves of `pos`.
    pub(crate) fn legal(pos: &Position) -> LegalMoveGenerator {
        LegalMoveGenerator {
            moves: pos.legal_moves().iter().copied().collect(),
            pseudo: false,
            fen: pos.to_string(),
        }
    }

    /// The pseudo-legal moves of `pos`: the legal ones and those illegal
    /// only because they would leave the mover's general attacked.
    fn pseudo_legal(pos: &Position) -> LegalMoveGenerator {
        let mover = pos.turn();
        let mut moves = Vec::new();
        for (from, piece) in pos.board().pieces() {
            if piece.color != mover {
                continue;
            }
            for to in Square::ALL {
                if to == from {
                    continue;
                }
                let m = xiangqi::Move::new(from, to);
                if is_pseudo_legal(pos, m) {
                    moves.push(m);
                }
            }
        }
        moves.sort_by_key(|m| (m.from().index(), m.to().index()));
        LegalMoveGenerator {
            moves,
            pseudo: true,
            fen: pos.to_string(),
        }
    }
}

/// Legal, or illegal only because the mover's general would be attacked
/// (python-chess's pseudo-legal).
pub(crate) fn is_pseudo_legal(pos: &Position, m: xiangqi::Move) -> bool {
    matches!(
        pos.illegal_reason(m),
        None | Some(IllegalReason::LeavesInCheck { .. }) | Some(IllegalReason::GeneralsFacing)
    )
}

#[pymethods]
impl LegalMoveGenerator {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __bool__(&self) -> bool {
        !self.moves.is_empty()
    }

    /// Whether `move` is one of the moves (anything not a `Move` is not).
    fn __contains__(&self, r#move: &Bound<'_, PyAny>) -> bool {
        r#move
            .extract::<PyRef<'_, PyMove>>()
            .is_ok_and(|m| self.moves.contains(&m.0))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = PyList::new(py, self.moves.iter().map(|&m| PyMove(m)))?;
        list.try_iter().map(Bound::into_any)
    }

    /// The move at `index` (negative counts from the end), as when
    /// `legal_moves` was a list.
    fn __getitem__(&self, index: isize) -> PyResult<PyMove> {
        let n = isize::try_from(self.moves.len()).unwrap_or(isize::MAX);
        let i = if index < 0 { index + n } else { index };
        usize::try_from(i)
            .ok()
            .and_then(|i| self.moves.get(i))
            .map(|&m| PyMove(m))
            .ok_or_else(|| PyIndexError::new_err("move index out of range"))
    }

    /// Equal to another generator with the same moves, or to a list or
    /// tuple of them in the same order (as when `legal_moves` was a list).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(o) = other.extract::<PyRef<'_, LegalMoveGenerator>>() {
            return o.moves == self.moves;
        }
        if !other.is_instance_of::<PyList>() && !other.is_instance_of::<PyTuple>() {
            return false;
        }
        other
            .extract::<Vec<PyRef<'_, PyMove>>>()
            .is_ok_and(|v| v.iter().map(|m| m.0).eq(self.moves.iter().copied()))
    }

    /// The number of moves (`len()`).
    fn count(&self) -> usize {
        self.moves.len()
    }

    /// Whether there is a move.
    fn any(&self) -> bool {
        !self.moves.is_empty()
    }

    fn __repr__(&self) -> String {
        let kind = if self.pseudo { "PseudoLegal" } else { "Legal" };
        let list: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        format!(
            "<{kind}MoveGenerator ({}) for Board('{}')>",
            list.join(", "),
            self.fen
        )
    }
}

#[pymethods]
impl PyMove {
    /// python-chess's name for `from_iccs`: the coordinates are ICCS
    /// (ranks 0 to 9, as the engine's `position ... moves` takes them).
    #[staticmethod]
    fn from_uci(text: &str) -> PyResult<PyMove> {
        xiangqi::Move::from_iccs(text)
            .map(PyMove)
            .map_err(|e| InvalidMoveError::new_err(e.to_string()))
    }

    /// python-chess's name for `iccs()`: `"h2e2"`.
    fn uci(&self) -> String {
        self.0.to_string()
    }
}

/// The ICCS move `text` if it is legal in `pos`, else the library's reason.
fn coordinates(pos: &Position, text: &str) -> PyResult<xiangqi::Move> {
    let c: CoordinateMove = text
        .parse()
        .map_err(|e: xiangqi::notation::SyntaxError| InvalidMoveError::new_err(e.to_string()))?;
    c.resolve(pos).map_err(|e: MoveError| move_error(e))
}

#[pymethods]
impl PyBoard {
    /// python-chess's `parse_uci`: the legal move of ICCS coordinates
    /// (`"h2e2"`). Raises `InvalidMoveError` for other text,
    /// `IllegalMoveError` (with the reason) for a move not legal here.
    fn parse_uci(&self, uci: &str) -> PyResult<PyMove> {
        coordinates(self.game.position(), uci).map(PyMove)
    }

    /// python-chess's `push_uci`: plays the ICCS move and returns it
    /// (errors as `parse_uci`, and `IllegalMoveError` once the game is
    /// over).
    fn push_uci(&mut self, uci: &str) -> PyResult<PyMove> {
        let m = coordinates(self.game.position(), uci)?;
        self.game.play(m).map_err(crate::board::game_error)?;
        Ok(PyMove(m))
    }

    /// python-chess's `parse_san`: a move in any notation the library
    /// reads (ICCS, WXF, Chinese), as `parse_move`.
    fn parse_san(&self, san: &str) -> PyResult<PyMove> {
        self.game
            .position()
            .parse_move(san)
            .map(PyMove)
            .map_err(move_error)
    }

    /// python-chess's `push_san`: plays a move in any notation, as
    /// `push_str`, and returns it.
    fn push_san(&mut self, san: &str) -> PyResult<PyMove> {
        let m = self.parse_san(san)?;
        self.game.play(m.0).map_err(crate::board::game_error)?;
        Ok(m)
    }

    /// python-chess's `uci(move)`: the move's ICCS text (`"h2e2"`).
    fn uci(&self, r#move: PyRef<'_, PyMove>) -> String {
        r#move.0.to_string()
    }

    /// The moves that are legal or illegal only because they would leave
    /// the mover's general attacked (python-chess's
    /// `PseudoLegalMoveGenerator`), in square order.
    #[getter]
    fn pseudo_legal_moves(&self) -> LegalMoveGenerator {
        LegalMoveGenerator::pseudo_legal(self.game.position())
    }

    /// The FEN's move number: 1 at the start, one more after each Black
    /// move (python-chess's `fullmove_number`).
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.game.position().fullmoves()
    }

    /// The FEN's half-move clock: plies since the last capture.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.game.position().halfmoves()
    }

    /// The position's 64-bit Zobrist key (pieces and side to move), the one
    /// the engine's table and the repetition rules use: python-chess's
    /// `chess.polyglot.zobrist_hash(board)`, as a method.
    fn zobrist_hash(&self) -> u64 {
        self.game.position().hash()
    }

    /// The board in characters, rank 9 at the top, as python-chess's
    /// `unicode()`: a traditional set's characters (Red 帥仕相傌俥炮兵,
    /// Black 將士象馬車砲卒; `invert_color` swaps them), `empty_square`
    /// for an empty point, and with `borders` a frame with the files and
    /// ranks. The characters are wide: `empty_square` is the wide `"．"`
    /// so that the columns line up.
    #[pyo3(signature = (*, invert_color=false, borders=false, empty_square="．"))]
    fn unicode(&self, invert_color: bool, borders: bool, empty_square: &str) -> String {
        let board = self.game.position().board();
        let mut rows = Vec::new();
        if borders {
            rows.push("  ┌────────────────────────────┐".to_string());
        }
        for rank in (0..10u32).rev() {
            let mut row = String::new();
            if borders {
                row.push_str(&format!("{rank} │ "));
            }
            for file in 0..9u32 {
                let piece = Square::from_index(rank * 9 + file).and_then(|sq| board.piece_at(sq));
                match piece {
                    Some(mut p) => {
                        if invert_color {
                            p.color = !p.color;
                        }
                        row.push(glyph(p));
                    }
                    None => row.push_str(empty_square),
                }
                if borders || file < 8 {
                    row.push(' ');
                }
            }
            if borders {
                row.push('│');
            }
            rows.push(row.trim_end_matches(' ').to_string());
        }
        if borders {
            rows.push("  └────────────────────────────┘".to_string());
            rows.push("    ａ ｂ ｃ ｄ ｅ ｆ ｇ ｈ ｉ".to_string());
        }
        rows.join("\n")
    }
}
