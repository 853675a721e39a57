//! `Board`, `Move` and `Outcome`.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use xiangqi::notation::{MoveError, PlayStrError};
use xiangqi::{Color, Game, GameError, IllegalReason, Piece, Position, Square, Verdict};

use crate::errors::{
    AmbiguousMoveError, IllegalMoveError, IntIn, InvalidFenError, InvalidMoveError, int_arg,
};

pub(crate) fn square_name(sq: Square) -> String {
    format!("{}{}", sq.file().char(), sq.rank().char())
}

/// A move from one square to another, in ICCS coordinates: files `a`-`i`
/// from Red's left, ranks `0`-`9` from Red's side (`"h2e2"`: Red's cannon
/// to the centre). A `Move` says nothing about legality until it is pushed
/// on a `Board`.
#[pyclass(module = "xiangqi_rs", name = "Move", frozen, eq, hash)]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct PyMove(pub(crate) xiangqi::Move);

#[pymethods]
impl PyMove {
    /// Reads ICCS coordinates such as `"h2e2"`; raises `InvalidMoveError`
    /// for anything else.
    #[staticmethod]
    fn from_iccs(text: &str) -> PyResult<PyMove> {
        xiangqi::Move::from_iccs(text)
            .map(PyMove)
            .map_err(|e| InvalidMoveError::new_err(e.to_string()))
    }

    /// The square the piece leaves, such as `"h2"`.
    #[getter(from_square)]
    fn origin(&self) -> String {
        square_name(self.0.from())
    }

    /// The square the piece goes to, such as `"e2"`.
    #[getter(to_square)]
    fn destination(&self) -> String {
        square_name(self.0.to())
    }

    /// The ICCS text, `"h2e2"` (as `str(move)`).
    fn iccs(&self) -> String {
        self.0.to_string()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_iccs('{}')", self.0)
    }
}

/// How a game ended: the library's verdict.
#[pyclass(module = "xiangqi_rs", name = "Outcome", frozen)]
pub struct PyOutcome {
    /// `"red"`, `"black"`, or `None` for a draw.
    #[pyo3(get)]
    winner: Option<&'static str>,
    /// `"checkmate"`, `"stalemate"` (a loss for the side with no move),
    /// `"perpetual_check"`, `"perpetual_chase"`, `"repetition"`,
    /// `"move_limit"` or `"insufficient_material"`.
    #[pyo3(get)]
    reason: &'static str,
    /// The ply (half-move count from the start) at which it was decided.
    #[pyo3(get)]
    ply: usize,
    sentence: String,
    result: &'static str,
}

impl PyOutcome {
    fn new(v: &Verdict) -> PyOutcome {
        PyOutcome {
            winner: v.winner.map(Color::name),
            reason: v.reason.name(),
            ply: v.ply,
            sentence: v.to_string(),
            result: v.result(),
        }
    }
}

#[pymethods]
impl PyOutcome {
    /// `"1-0"` (Red won), `"0-1"` (Black won) or `"1/2-1/2"`.
    fn result(&self) -> &'static str {
        self.result
    }

    /// The library's verdict sentence, for example
    /// `"0-1 black wins by perpetual check: ..."`.
    fn __str__(&self) -> String {
        self.sentence.clone()
    }

    fn __repr__(&self) -> String {
        let winner = self.winner.map_or("None".to_string(), |w| format!("'{w}'"));
        format!("Outcome(winner={winner}, reason='{}')", self.reason)
    }
}

/// A position with the game that led to it, adjudicated after every move by
/// the Asian rules (perpetual check and chase, repetition, the 60-move
/// limit, insufficient material), as `xiangqi::Game` does.
///
/// `Board()` is the starting position; `Board(fen)` starts from a FEN
/// (raises `InvalidFenError` if it is not a valid position).
#[pyclass(module = "xiangqi_rs", name = "Board")]
#[derive(Clone)]
pub struct PyBoard {
    pub(crate) game: Game,
}

/// The exception for a move the game refused.
pub(crate) fn game_error(e: GameError) -> PyErr {
    IllegalMoveError::new_err(e.to_string())
}

/// The exception for move text that names no legal move.
pub(crate) fn move_error(e: MoveError) -> PyErr {
    let text = e.to_string();
    match e {
        MoveError::Syntax(_) => InvalidMoveError::new_err(text),
        MoveError::Ambiguous(_) => AmbiguousMoveError::new_err(text),
        _ => IllegalMoveError::new_err(text),
    }
}

impl PyBoard {
    fn position(&self) -> &Position {
        self.game.position()
    }

    /// `m` if it is legal, or illegal only because it would leave the
    /// mover's general attacked (python-chess's pseudo-legal moves).
    fn pseudo_legal(&self, m: xiangqi::Move) -> PyResult<xiangqi::Move> {
        match self.position().illegal_reason(m) {
            None
            | Some(IllegalReason::LeavesInCheck { .. })
            | Some(IllegalReason::GeneralsFacing) => Ok(m),
            Some(reason) => Err(IllegalMoveError::new_err(format!(
                "{m} is not a move here: {reason}"
            ))),
        }
    }
}

/// Reads a FEN, or raises `InvalidFenError`.
/// Reads a FEN, composed studies too (the engine's `position fen` takes
/// them): pieces on points no game reaches, as `Validation::Lenient`.
fn parse_fen(fen: &str) -> PyResult<Position> {
    fen.parse::<xiangqi::Setup>()
        .map_err(|e| e.to_string())
        .and_then(|setup| {
            Position::from_setup(setup, xiangqi::Validation::Lenient).map_err(|e| e.to_string())
        })
        .map_err(InvalidFenError::new_err)
}

/// Reads `"red"` or `"black"`, or raises `ValueError`.
fn color_arg(color: &str) -> PyResult<Color> {
    match color {
        "red" => Ok(Color::Red),
        "black" => Ok(Color::Black),
        _ => Err(PyValueError::new_err(format!(
            "color must be \"red\" or \"black\", not {color:?}"
        ))),
    }
}

/// Reads a square name (`"e0"`), or raises `ValueError`.
pub(crate) fn square_arg(square: &str) -> PyResult<Square> {
    Square::from_ascii(square.as_bytes()).map_err(|e| PyValueError::new_err(e.to_string()))
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (fen=None))]
    fn new(fen: Option<&str>) -> PyResult<PyBoard> {
        let pos = match fen {
            None => Position::new(),
            Some(f) => parse_fen(f)?,
        };
        Ok(PyBoard {
            game: Game::from_position(pos),
        })
    }

    /// The current position's FEN.
    fn fen(&self) -> String {
        self.position().to_string()
    }

    /// The side to move: `"red"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.position().turn().name()
    }

    /// The legal moves of the current position, as python-chess's
    /// `LegalMoveGenerator`: `len`, `in`, iteration, `count()`, `any()`
    /// (and indexing, as the list it was before).
    #[getter]
    fn legal_moves(&self) -> crate::habits::LegalMoveGenerator {
        crate::habits::LegalMoveGenerator::legal(self.position())
    }

    /// The moves played since the starting position, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        self.game.moves().map(PyMove).collect()
    }

    /// The number of plies (half-moves) played since the starting position.
    fn ply(&self) -> usize {
        self.game.ply()
    }

    /// Whether `move` is legal in the current position.
    fn is_legal(&self, r#move: PyRef<'_, PyMove>) -> bool {
        self.position().is_legal(r#move.0)
    }

    /// Plays a legal move. Raises `IllegalMoveError` (and changes nothing)
    /// if it is not legal or if the game is already over (`outcome()` is
    /// not `None`).
    fn push(&mut self, r#move: PyRef<'_, PyMove>) -> PyResult<()> {
        self.game.play(r#move.0).map(|_| ()).map_err(game_error)
    }

    /// Reads a move in any notation the library reads (ICCS `"h2e2"`, WXF
    /// `"C2.5"`/`"C2=5"`, Chinese `"炮二平五"`, full-width digits), plays it
    /// and returns it. Raises `InvalidMoveError` for unreadable text,
    /// `AmbiguousMoveError` if it fits several moves, `IllegalMoveError` if
    /// it names no legal move or the game is over; the board is then
    /// unchanged.
    fn push_str(&mut self, text: &str) -> PyResult<PyMove> {
        match self.game.play_str(text) {
            Ok(m) => Ok(PyMove(m)),
            Err(PlayStrError::Parse(e)) => Err(move_error(e)),
            Err(PlayStrError::Play(e)) => Err(game_error(e)),
            Err(e) => Err(IllegalMoveError::new_err(e.to_string())),
        }
    }

    /// Reads a move in any notation (as `push_str`) without playing it.
    fn parse_move(&self, text: &str) -> PyResult<PyMove> {
        self.position()
            .parse_move(text)
            .map(PyMove)
            .map_err(move_error)
    }

    /// Takes back the last move and returns it; raises `IndexError` at the
    /// starting position.
    fn pop(&mut self) -> PyResult<PyMove> {
        self.game
            .undo()
            .map(PyMove)
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))
    }

    /// The last move played; raises `IndexError` at the starting position.
    fn peek(&self) -> PyResult<PyMove> {
        self.game
            .moves()
            .last()
            .map(PyMove)
            .ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))
    }

    /// An independent copy, with the moves played so far.
    fn copy(&self) -> PyBoard {
        self.clone()
    }

    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.position().is_check()
    }

    /// Whether the side to move is in check and has no legal move (it
    /// loses).
    fn is_checkmate(&self) -> bool {
        self.position().is_checkmate()
    }

    /// Whether the side to move is not in check but has no legal move: in
    /// xiangqi a loss for that side, not a draw.
    fn is_stalemate(&self) -> bool {
        self.position().is_stalemate()
    }

    /// Whether the game is over (`outcome()` is not `None`).
    fn is_game_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// `None` while the game goes on, else its `Outcome`: the library's
    /// verdict after the last move.
    fn outcome(&self) -> Option<PyOutcome> {
        self.game.outcome().map(PyOutcome::new)
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep
    /// (repetition is not considered). Releases the GIL. Raises
    /// `ValueError` for a negative `depth`.
    fn perft(&self, py: Python<'_>, depth: Bound<'_, PyAny>) -> PyResult<u64> {
        let depth = int_arg(&depth, "depth", 0, i64::from(u32::MAX))?;
        let depth = u32::try_from(depth).unwrap_or(u32::MAX);
        let pos = self.position().clone();
        Ok(py.detach(move || xiangqi::perft(&pos, depth)))
    }

    /// The text of a legal move in a notation: `"wxf"` (`"C2=5"`, as
    /// Fairy-Stockfish writes it), `"wxf_dots"` (the WXF federation's
    /// `"C2.5"`), `"chinese"` (`"炮二平五"`), `"chinese_traditional"` or
    /// `"iccs"` (`"h2e2"`). Raises `IllegalMoveError` for an illegal move,
    /// `ValueError` for an unknown notation.
    #[pyo3(signature = (r#move, notation="wxf"))]
    fn san(&self, r#move: PyRef<'_, PyMove>, notation: &str) -> PyResult<String> {
        let n = crate::pgn::notation_of(notation)?;
        n.format(self.position(), r#move.0)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    /// The `Piece` on a square (`"e0"`), or `None` if empty; its `str()`
    /// is the FEN letter (`"K"` Red's general, `"k"` Black's) and it
    /// compares equal to it. Raises `ValueError` for a bad square name.
    fn piece_at(&self, square: &str) -> PyResult<Option<crate::habits::PyPiece>> {
        let sq = square_arg(square)?;
        Ok(self
            .position()
            .board()
            .piece_at(sq)
            .map(crate::habits::PyPiece))
    }

    /// Every piece on the board: a dict from square name (`"e0"`) to
    /// `Piece` (equal to its FEN letter: `"K"` Red's general, `"k"`
    /// Black's), squares in index order
    /// (`a0`, `b0`, ..., `i9`), as python-chess's `piece_map()`.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        let mut pieces: Vec<(Square, Piece)> = self.position().board().pieces().collect();
        pieces.sort_by_key(|&(sq, _)| sq.index());
        for (sq, p) in pieces {
            out.set_item(square_name(sq), crate::habits::PyPiece(p))?;
        }
        Ok(out)
    }

    /// The squares of the pieces of `color` (`"red"` or `"black"`) that
    /// attack `square`, in index order: the pieces that could capture an
    /// enemy piece standing there, pinned pieces included (as
    /// python-chess's `attackers`). A general attacks its palace
    /// neighbours and, along an open file, the other general. Raises
    /// `ValueError` for a bad colour or square.
    fn attackers(&self, color: &str, square: &str) -> PyResult<Vec<String>> {
        let (color, sq) = (color_arg(color)?, square_arg(square)?);
        let mut squares: Vec<Square> = self.position().attackers(sq, color).into_iter().collect();
        squares.sort_by_key(|s| s.index());
        Ok(squares.into_iter().map(square_name).collect())
    }

    /// Whether a piece of `color` attacks `square` (`attackers` is not
    /// empty), pinned pieces included.
    fn is_attacked_by(&self, color: &str, square: &str) -> PyResult<bool> {
        let (color, sq) = (color_arg(color)?, square_arg(square)?);
        Ok(self.position().attackers(sq, color).any())
    }

    /// Whether `move` would put the other side in check. As in
    /// python-chess the move must be at least pseudo-legal: legal, or
    /// illegal only because it would leave the mover's own general
    /// attacked; anything else raises `IllegalMoveError` with the reason.
    fn gives_check(&self, r#move: PyRef<'_, PyMove>) -> PyResult<bool> {
        let m = self.pseudo_legal(r#move.0)?;
        let mut after = self.position().clone();
        after.play_unchecked(m);
        Ok(after.is_check())
    }

    /// Whether `move` captures a piece. The move must be at least
    /// pseudo-legal (see `gives_check`), else `IllegalMoveError`.
    fn is_capture(&self, r#move: PyRef<'_, PyMove>) -> PyResult<bool> {
        let m = self.pseudo_legal(r#move.0)?;
        Ok(self.position().board().piece_at(m.to()).is_some())
    }

    /// `"1-0"`, `"0-1"` or `"1/2-1/2"` once the game is over (the
    /// verdict's), else `"*"`. The verdicts need no claim under the Asian
    /// rules, so `claim_draw` (python-chess's argument) changes nothing.
    #[pyo3(signature = (*, claim_draw=false))]
    fn result(&self, claim_draw: bool) -> &'static str {
        let _ = claim_draw;
        self.game.outcome().map_or("*", Verdict::result)
    }

    /// Sets the position from a FEN and clears the move stack. Raises
    /// `InvalidFenError` (and changes nothing) if it is not a valid
    /// position.
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        self.game = Game::from_position(parse_fen(fen)?);
        Ok(())
    }

    /// Restores the starting position and clears the move stack.
    fn reset(&mut self) {
        self.game = Game::new();
    }

    /// The board part of the FEN (the piece placement only).
    fn board_fen(&self) -> String {
        let fen = self.fen();
        fen.split(' ').next().unwrap_or_default().to_string()
    }

    /// Whether the current position (pieces and side to move) has
    /// occurred `count` times in the game, counting this one, with no
    /// capture since its first occurrence: python-chess's `is_repetition`.
    /// A `count` that is not a positive integer raises `ValueError`.
    /// The game's verdict (`outcome()`) also weighs who checked or chased.
    #[pyo3(signature = (count=IntIn(3)), text_signature = "($self, count=3)")]
    fn is_repetition(&self, count: IntIn<1, { i64::MAX }>) -> PyResult<bool> {
        let count = count.0;
        let now = self.position();
        let same = |p: &Position| {
            p.hash() == now.hash() && p.turn() == now.turn() && p.board() == now.board()
        };
        let mut seen = 1;
        let mut ply = self.game.ply();
        while seen < count && ply > 0 {
            // The move that led to the position at `ply`: nothing before an
            // irreversible one can recur.
            if self.game.records()[ply - 1].is_irreversible() {
                break;
            }
            ply -= 1;
            if self.game.position_at(ply).is_some_and(same) {
                seen += 1;
            }
        }
        Ok(seen >= count)
    }

    /// Boards are equal when their positions are (pieces, side to move and
    /// move counters, as the FEN says), whatever the moves that led there.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, PyBoard>>()
            .is_ok_and(|o| o.position() == self.position())
    }

    /// For pickling: the start position's FEN.
    fn __getnewargs__(&self) -> (String,) {
        (self.game.start().to_string(),)
    }

    /// For pickling: the moves played, in ICCS.
    fn __getstate__(&self) -> Vec<String> {
        self.game.moves().map(|m| m.to_string()).collect()
    }

    /// For unpickling: replays the moves from the start position.
    fn __setstate__(&mut self, state: Vec<String>) -> PyResult<()> {
        let mut game = Game::from_position(self.game.start().clone());
        for text in &state {
            let m = xiangqi::Move::from_iccs(text)
                .map_err(|e| InvalidMoveError::new_err(e.to_string()))?;
            game.play_on(m)
                .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        }
        self.game = game;
        Ok(())
    }

    /// An SVG picture of the board with its last move highlighted
    /// (Jupyter shows boards with it; see `xiangqi_rs.svg.board`).
    fn _repr_svg_(&self) -> String {
        crate::svg::picture(self)
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", self.fen())
    }

    /// The board as text: Black's side on top, rank 9 to rank 0, files a to
    /// i, FEN letters for the pieces and `.` for empty points.
    fn __str__(&self) -> String {
        self.position().board().to_string()
    }
}
