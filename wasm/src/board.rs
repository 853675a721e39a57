//! `Board`: a game adjudicated after every move, as the Python package's
//! `Board` (`python/src/board.rs`), with JavaScript names. Moves are ICCS
//! strings (`"h2e2"`).

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use xiangqi::notation::{MoveError, Notation, PlayStrError};
use xiangqi::{Game, GameError, Move, Position, Setup, Square, Validation, Verdict};
use xiangqi_session::notation_named;

use crate::errors::{Kind, argument, error};

/// Sets `key` on a plain object (setting a property of a fresh plain object
/// cannot fail).
pub(crate) fn set(obj: &Object, key: &str, value: impl Into<JsValue>) {
    let _ = Reflect::set(obj, &JsValue::from_str(key), &value.into());
}

/// A verdict as the plain object `{winner, reason, text, result, ply}`.
fn outcome_object(v: &Verdict) -> Object {
    let o = Object::new();
    set(
        &o,
        "winner",
        v.winner
            .map_or(JsValue::NULL, |c| JsValue::from_str(c.name())),
    );
    set(&o, "reason", v.reason.name());
    set(&o, "text", v.to_string());
    set(&o, "result", v.result());
    set(&o, "ply", v.ply as f64);
    o
}

/// The notation named `name` (`"wxf"`, `"wxf_dots"`, `"chinese"`,
/// `"chinese_traditional"`, `"iccs"`), or an `InvalidArgumentError`.
pub(crate) fn notation_of(name: Option<String>) -> Result<Notation, JsValue> {
    notation_named(name.as_deref().unwrap_or("wxf")).map_err(|e| argument(e.to_string()))
}

/// Reads ICCS coordinates (`"h2e2"`), or throws `InvalidMoveError`.
pub(crate) fn iccs(text: &str) -> Result<Move, JsValue> {
    Move::from_iccs(text).map_err(|e| error(Kind::Syntax, e.to_string()))
}

/// The error for a move the game refused.
fn game_error(e: GameError) -> JsValue {
    error(Kind::Illegal, e.to_string())
}

/// The error for move text that names no legal move.
fn move_error(e: MoveError) -> JsValue {
    let text = e.to_string();
    match e {
        MoveError::Syntax(_) => error(Kind::Syntax, text),
        MoveError::Ambiguous(_) => error(Kind::Ambiguous, text),
        _ => error(Kind::Illegal, text),
    }
}

/// A position with the game that led to it, adjudicated after every move
/// by the Asian rules (perpetual check and chase, repetition, the 60-move
/// limit, insufficient material).
///
/// `new Board()` is the starting position, `new Board(fen)` starts from a
/// FEN (throws `InvalidFenError`). Composed studies are accepted, as the
/// engine and the Python package accept them: pieces on points no game
/// reaches (an advisor anywhere in its palace, an elephant anywhere on its
/// own half, a soldier anywhere), as the library's `Validation::Lenient`.
#[wasm_bindgen(js_name = Board)]
#[derive(Clone)]
pub struct JsBoard {
    pub(crate) game: Game,
}

impl JsBoard {
    fn position(&self) -> &Position {
        self.game.position()
    }

    /// A board over a game.
    pub(crate) fn from_game(game: Game) -> JsBoard {
        JsBoard { game }
    }
}

#[wasm_bindgen(js_class = Board)]
impl JsBoard {
    /// The starting position, or the position of a FEN.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>) -> Result<JsBoard, JsValue> {
        let pos = match fen {
            None => Position::new(),
            Some(f) => {
                let fen_error = |e: &dyn core::fmt::Display| error(Kind::Fen, e.to_string());
                let setup: Setup = f.parse().map_err(|e| fen_error(&e))?;
                Position::from_setup(setup, Validation::Lenient).map_err(|e| fen_error(&e))?
            }
        };
        Ok(JsBoard::from_game(Game::from_position(pos)))
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        self.position().to_string()
    }

    /// The starting position's FEN.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.game.start().to_string()
    }

    /// The side to move: `"red"` or `"black"`.
    #[wasm_bindgen(getter, unchecked_return_type = "\"red\" | \"black\"")]
    pub fn turn(&self) -> String {
        self.position().turn().name().to_string()
    }

    /// The legal moves of the current position, in ICCS.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.position()
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    /// The legal moves of the piece on a square (`"h2"`), in ICCS: empty
    /// for an empty square or a bad square name.
    #[wasm_bindgen(js_name = movesFrom)]
    pub fn moves_from(&self, square: &str) -> Vec<String> {
        let Ok(sq) = Square::from_ascii(square.as_bytes()) else {
            return Vec::new();
        };
        self.position()
            .legal_moves()
            .iter()
            .filter(|m| m.from() == sq)
            .map(|m| m.to_string())
            .collect()
    }

    /// The moves played since the starting position, oldest first, in ICCS.
    #[wasm_bindgen(js_name = moveStack)]
    pub fn move_stack(&self) -> Vec<String> {
        self.game.moves().map(|m| m.to_string()).collect()
    }

    /// The last move played, in ICCS, or `null` at the starting position.
    #[wasm_bindgen(getter, js_name = lastMove)]
    pub fn last_move(&self) -> Option<String> {
        self.game.moves().last().map(|m| m.to_string())
    }

    /// The number of plies (half-moves) played since the starting position.
    pub fn ply(&self) -> usize {
        self.game.ply()
    }

    /// Whether a move (ICCS) is legal in the current position; `false` for
    /// text that is not ICCS.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, r#move: &str) -> bool {
        Move::from_iccs(r#move).is_ok_and(|m| self.position().is_legal(m))
    }

    /// Plays a legal move given in ICCS. Throws `InvalidMoveError` for text
    /// that is not ICCS, `IllegalMoveError` if it is not legal or the game
    /// is over; the board is then unchanged.
    pub fn push(&mut self, r#move: &str) -> Result<(), JsValue> {
        let m = iccs(r#move)?;
        self.game.play(m).map(|_| ()).map_err(game_error)
    }

    /// Reads a move in any notation (ICCS `"h2e2"`, WXF `"C2.5"`/`"C2=5"`,
    /// Chinese `"炮二平五"`, full-width forms), plays it and returns it in
    /// ICCS. Throws `InvalidMoveError`, `AmbiguousMoveError` or
    /// `IllegalMoveError`; the board is then unchanged.
    #[wasm_bindgen(js_name = pushStr)]
    pub fn push_str(&mut self, text: &str) -> Result<String, JsValue> {
        match self.game.play_str(text) {
            Ok(m) => Ok(m.to_string()),
            Err(PlayStrError::Parse(e)) => Err(move_error(e)),
            Err(PlayStrError::Play(e)) => Err(game_error(e)),
            Err(e) => Err(error(Kind::Illegal, e.to_string())),
        }
    }

    /// Reads a move in any notation (as `pushStr`) without playing it, and
    /// returns it in ICCS.
    #[wasm_bindgen(js_name = parseMove)]
    pub fn parse_move(&self, text: &str) -> Result<String, JsValue> {
        self.position()
            .parse_move(text)
            .map(|m| m.to_string())
            .map_err(move_error)
    }

    /// Takes back the last move and returns it (ICCS), or returns
    /// `undefined` at the starting position (as `Array.prototype.pop`).
    pub fn pop(&mut self) -> Option<String> {
        self.game.undo().map(|m| m.to_string())
    }

    /// An independent copy, with the moves played so far.
    pub fn copy(&self) -> JsBoard {
        self.clone()
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.position().is_check()
    }

    /// Whether the side to move is in check and has no legal move (it
    /// loses).
    #[wasm_bindgen(js_name = isCheckmate)]
    pub fn is_checkmate(&self) -> bool {
        self.position().is_checkmate()
    }

    /// Whether the side to move is not in check but has no legal move: in
    /// xiangqi a loss for that side, not a draw.
    #[wasm_bindgen(js_name = isStalemate)]
    pub fn is_stalemate(&self) -> bool {
        self.position().is_stalemate()
    }

    /// Whether the game is over (`outcome()` is not `null`).
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// `null` while the game goes on, else the library's verdict:
    /// `{winner, reason, text, result, ply}`, `winner` `"red"`, `"black"`
    /// or `null` (a draw), `reason` one of `"checkmate"`, `"stalemate"`,
    /// `"perpetual_check"`, `"perpetual_chase"`, `"repetition"`,
    /// `"move_limit"`, `"insufficient_material"`, `text` the verdict in
    /// words, `result` `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        self.game
            .outcome()
            .map_or(JsValue::NULL, |v| outcome_object(v).into())
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep
    /// (an integer from 0 to 20; repetition is not considered).
    pub fn perft(&self, depth: f64) -> Result<f64, JsValue> {
        if !(depth.fract() == 0.0 && (0.0..=20.0).contains(&depth)) {
            return Err(argument(format!(
                "perft depth must be an integer from 0 to 20, not {depth}"
            )));
        }
        Ok(xiangqi::perft(self.position(), depth as u32) as f64)
    }

    /// The text of a legal move (ICCS) in a notation: `"wxf"` (the default,
    /// `"C2=5"`), `"wxf_dots"` (`"C2.5"`), `"chinese"` (`"炮二平五"`),
    /// `"chinese_traditional"` or `"iccs"`. Throws `IllegalMoveError` for
    /// an illegal move, `InvalidArgumentError` for an unknown notation.
    pub fn san(
        &self,
        r#move: &str,
        #[wasm_bindgen(unchecked_param_type = "Notation | undefined")] notation: Option<String>,
    ) -> Result<String, JsValue> {
        let n = notation_of(notation)?;
        let m = iccs(r#move)?;
        n.format(self.position(), m)
            .map_err(|e| error(Kind::Illegal, e.to_string()))
    }

    /// The moves played, each in a notation (as `san`), oldest first.
    #[wasm_bindgen(js_name = moveTexts)]
    pub fn move_texts(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Notation | undefined")] notation: Option<String>,
    ) -> Result<Vec<String>, JsValue> {
        let n = notation_of(notation)?;
        let mut out = Vec::with_capacity(self.game.ply());
        for (i, m) in self.game.moves().enumerate() {
            let pos = self.game.position_at(i).unwrap_or(self.game.start());
            out.push(n.format(pos, m).unwrap_or_else(|_| m.to_string()));
        }
        Ok(out)
    }

    /// The piece on a square (`"e0"`) as its FEN letter (`"K"` Red's
    /// general, `"k"` Black's), or `null` if empty. Throws
    /// `InvalidArgumentError` for a bad square name.
    #[wasm_bindgen(js_name = pieceAt)]
    pub fn piece_at(&self, square: &str) -> Result<Option<String>, JsValue> {
        let sq = Square::from_ascii(square.as_bytes()).map_err(|e| argument(e.to_string()))?;
        Ok(self
            .position()
            .board()
            .piece_at(sq)
            .map(|p| p.char().to_string()))
    }

    /// An SVG picture of the board (see `svg` options in the README): the
    /// last move highlighted unless `lastMove` says otherwise.
    pub fn svg(
        &self,
        #[wasm_bindgen(unchecked_param_type = "SvgOptions | undefined")] options: JsValue,
    ) -> Result<String, JsValue> {
        crate::svg::picture(self, &options)
    }

    /// The board as text: Black's side on top, FEN letters, `.` for empty
    /// points.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.position().board().to_string()
    }
}
