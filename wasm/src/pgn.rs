//! `Game`: a game tree with its tags, read from any record (`readGames` is
//! in `records.rs`, `writeGames` in `index.js`, over `Game.toPgn`).

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Object;
use wasm_bindgen::prelude::*;
use xiangqi::tree::GameTree;

use crate::board::{JsBoard, notation_of, set};
use crate::records::SharedTree;

/// One game: its tags, start position, main line and result, and its
/// variations and comments (`game.root()`).
#[wasm_bindgen(js_name = Game)]
pub struct JsPgnGame {
    pub(crate) tree: SharedTree,
}

impl JsPgnGame {
    pub(crate) fn from_tree(tree: SharedTree) -> JsPgnGame {
        JsPgnGame { tree }
    }
}

#[wasm_bindgen(js_class = Game)]
impl JsPgnGame {
    /// The tag pairs as an object (`{Event: ..., FEN: ...}`).
    #[wasm_bindgen(getter, unchecked_return_type = "Record<string, string>")]
    pub fn tags(&self) -> JsValue {
        let o = Object::new();
        for (k, v) in self.tree.borrow().headers() {
            set(&o, k, v.as_str());
        }
        o.into()
    }

    /// The main line's moves, in ICCS.
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> Vec<String> {
        let moves = self.tree.borrow().mainline_moves();
        moves.iter().map(|m| m.to_string()).collect()
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    #[wasm_bindgen(
        getter,
        unchecked_return_type = "\"1-0\" | \"0-1\" | \"1/2-1/2\" | \"*\""
    )]
    pub fn result(&self) -> String {
        let tree = self.tree.borrow();
        match tree.header("Result") {
            Some(r @ ("1-0" | "0-1" | "1/2-1/2")) => r.to_string(),
            _ => "*".to_string(),
        }
    }

    /// The start position's FEN.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.tree.borrow().start().to_string()
    }

    /// A `Board` with the main line played. Moves after a verdict are
    /// played too, and the board's `outcome()` is then the verdict of the
    /// last ply, if any.
    pub fn board(&self) -> Result<JsBoard, JsValue> {
        Ok(JsBoard::from_game(self.tree.borrow().mainline_game()))
    }

    /// A record of a board's game: its start position, moves and result.
    #[wasm_bindgen(js_name = fromBoard)]
    pub fn from_board(board: &JsBoard) -> JsPgnGame {
        JsPgnGame::from_tree(Rc::new(RefCell::new(GameTree::from_game(&board.game))))
    }

    /// The same record with a tag pair set: replaced where the name is
    /// already there, else added (the seven-tag roster, `Event` `Site`
    /// `Date` `Round` `Red` `Black` `Result`, kept in its order, ahead of
    /// the other tags).
    #[wasm_bindgen(js_name = withTag)]
    pub fn with_tag(&self, name: &str, value: &str) -> JsPgnGame {
        const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "Red", "Black", "Result"];
        let rank = |k: &str| ROSTER.iter().position(|r| *r == k).unwrap_or(ROSTER.len());
        let mut tree = self.tree.borrow().clone();
        let mut tags = tree.headers().to_vec();
        match tags.iter_mut().find(|(k, _)| k == name) {
            Some(pair) => pair.1 = value.to_string(),
            None => {
                let at = tags
                    .iter()
                    .position(|(k, _)| rank(k) > rank(name))
                    .unwrap_or(tags.len());
                tags.insert(at, (name.to_string(), value.to_string()));
            }
        }
        for (k, _) in &tags {
            while tree.remove_header(k).is_some() {}
        }
        for (k, v) in &tags {
            tree.push_header(k, v);
        }
        JsPgnGame::from_tree(Rc::new(RefCell::new(tree)))
    }

    /// The game as PGN text with its variations, comments and NAGs, moves
    /// in a notation (`"iccs"`, the default, `"wxf"`, `"wxf_dots"`,
    /// `"chinese"`, `"chinese_traditional"`).
    #[wasm_bindgen(js_name = toPgn)]
    pub fn to_pgn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Notation | undefined")] notation: Option<String>,
    ) -> Result<String, JsValue> {
        let n = notation_of(Some(notation.unwrap_or_else(|| "iccs".into())))?;
        Ok(self.tree.borrow().to_pgn(n))
    }
}
