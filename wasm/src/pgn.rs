//! PGN records read and written: `readGames`, `Game` (`writeGames` is in
//! `index.js`, over `Game.toPgn`).

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use xiangqi::Validation;
use xiangqi::pgn::{GameRecord, ReadOptions};

use crate::board::{JsBoard, notation_of, set};
use crate::errors::{Kind, argument, error};

/// One game of a PGN text: its tags, start position, main line and result.
#[wasm_bindgen(js_name = Game)]
pub struct JsPgnGame {
    record: GameRecord,
}

#[wasm_bindgen(js_class = Game)]
impl JsPgnGame {
    /// The tag pairs as an object (`{Event: ..., FEN: ...}`).
    #[wasm_bindgen(getter, unchecked_return_type = "Record<string, string>")]
    pub fn tags(&self) -> JsValue {
        let o = Object::new();
        for (k, v) in &self.record.tags {
            set(&o, k, v.as_str());
        }
        o.into()
    }

    /// The main line's moves, in ICCS.
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> Vec<String> {
        self.record.moves.iter().map(|m| m.to_string()).collect()
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    #[wasm_bindgen(
        getter,
        unchecked_return_type = "\"1-0\" | \"0-1\" | \"1/2-1/2\" | \"*\""
    )]
    pub fn result(&self) -> String {
        self.record.result.as_str().to_string()
    }

    /// The start position's FEN.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.record.start.to_string()
    }

    /// A `Board` with the main line played (throws `IllegalMoveError` if a
    /// move is not legal). Moves after a verdict are played too, and the
    /// board's `outcome()` is then the verdict of the last ply, if any.
    pub fn board(&self) -> Result<JsBoard, JsValue> {
        let mut game = xiangqi::Game::from_position(self.record.start.clone());
        for &m in &self.record.moves {
            game.play_on(m)
                .map_err(|e| error(Kind::Illegal, e.to_string()))?;
        }
        Ok(JsBoard::from_game(game))
    }

    /// A record of a board's game: its start position, moves and result.
    #[wasm_bindgen(js_name = fromBoard)]
    pub fn from_board(board: &JsBoard) -> JsPgnGame {
        JsPgnGame {
            record: GameRecord::from_game(&board.game),
        }
    }

    /// The same record with a tag pair set: replaced where the name is
    /// already there, else added (the seven-tag roster, `Event` `Site`
    /// `Date` `Round` `Red` `Black` `Result`, kept in its order, ahead of
    /// the other tags).
    #[wasm_bindgen(js_name = withTag)]
    pub fn with_tag(&self, name: &str, value: &str) -> JsPgnGame {
        const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "Red", "Black", "Result"];
        let rank = |k: &str| ROSTER.iter().position(|r| *r == k).unwrap_or(ROSTER.len());
        let mut record = self.record.clone();
        match record.tags.iter_mut().find(|(k, _)| k == name) {
            Some(pair) => pair.1 = value.to_string(),
            None => {
                let at = record
                    .tags
                    .iter()
                    .position(|(k, _)| rank(k) > rank(name))
                    .unwrap_or(record.tags.len());
                record
                    .tags
                    .insert(at, (name.to_string(), value.to_string()));
            }
        }
        JsPgnGame { record }
    }

    /// The record as PGN text, moves in a notation (`"iccs"`, the default,
    /// `"wxf"`, `"wxf_dots"`, `"chinese"`, `"chinese_traditional"`).
    #[wasm_bindgen(js_name = toPgn)]
    pub fn to_pgn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Notation | undefined")] notation: Option<String>,
    ) -> Result<String, JsValue> {
        let n = notation_of(Some(notation.unwrap_or_else(|| "iccs".into())))?;
        self.record
            .to_pgn(n)
            .map_err(|e| error(Kind::Illegal, e.to_string()))
    }
}

/// Reads the games of a PGN text (moves in any notation the library
/// reads). Options: `strict` (throw `PgnError` for a record that cannot be
/// read, instead of skipping it) and `lenient` (accept the placements of
/// composed studies in `FEN` tags).
#[wasm_bindgen(js_name = readGames)]
pub fn read_games(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "{ strict?: boolean, lenient?: boolean } | undefined")]
    options: JsValue,
) -> Result<Vec<JsPgnGame>, JsValue> {
    let (mut strict, mut lenient) = (false, false);
    if !(options.is_undefined() || options.is_null()) {
        if !options.is_object() {
            return Err(argument("readGames options must be an object"));
        }
        let get = |k: &str| {
            Reflect::get(&options, &JsValue::from_str(k))
                .unwrap_or(JsValue::UNDEFINED)
                .is_truthy()
        };
        strict = get("strict");
        lenient = get("lenient");
    }
    let mut opts = ReadOptions::default();
    if lenient {
        opts = opts.with_validation(Validation::Lenient);
    }
    let mut out = Vec::new();
    for r in xiangqi::pgn::read_games(text, &opts) {
        match r {
            Ok(record) => out.push(JsPgnGame { record }),
            Err(e) if strict => return Err(error(Kind::Pgn, e.to_string())),
            Err(_) => {}
        }
    }
    Ok(out)
}
