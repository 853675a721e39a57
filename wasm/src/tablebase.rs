//! `Tablebase`: endgame tables from the bytes of `.xqtb` files (read by
//! the page or by Node), probed by board.

use wasm_bindgen::prelude::*;
use xiangqi::tablebase::{Dtm, Tablebase};

use crate::board::JsBoard as Board;
use crate::errors::argument;

/// A set of endgame tables made by `xiangqi-tools egtb generate`:
/// `Tablebase.fromBytes(bytes)` opens the first, `add(bytes)` more.
/// `probeWdl(board)` is 1, 0 or -1 (win, draw or loss for the side to
/// move) and `probeDtm(board)` the signed plies to mate (positive when the
/// side to move mates, negative when it is mated, 0 for a draw or when it
/// has no legal move); both are `null` when no table holds the position.
#[wasm_bindgen(js_name = Tablebase)]
pub struct WasmTablebase {
    tables: Tablebase<'static>,
}

impl WasmTablebase {
    fn verdict(&self, board: &Board) -> Option<Dtm> {
        self.tables.probe(board.game.position())
    }
}

/// A number, or `null` (not `undefined`) for none.
fn number_or_null(n: Option<i32>) -> JsValue {
    n.map_or(JsValue::NULL, JsValue::from)
}

#[wasm_bindgen(js_class = Tablebase)]
impl WasmTablebase {
    /// A set holding the table of `bytes` (throws `InvalidArgumentError`
    /// if they are not a table).
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: &[u8]) -> Result<WasmTablebase, JsValue> {
        let mut t = WasmTablebase {
            tables: Tablebase::new(),
        };
        t.add(bytes)?;
        Ok(t)
    }

    /// Adds the table of `bytes` and returns its material name (such as
    /// `"kpk"`); throws `InvalidArgumentError` for bytes that are not a
    /// table or a material already loaded.
    pub fn add(&mut self, bytes: &[u8]) -> Result<String, JsValue> {
        let table = self
            .tables
            .add(bytes.to_vec())
            .map_err(|e| argument(e.to_string()))?;
        Ok(table.material().name())
    }

    /// The material names of the tables, in the order added.
    #[wasm_bindgen(getter)]
    pub fn materials(&self) -> Vec<String> {
        self.tables
            .tables()
            .iter()
            .map(|t| t.material().name())
            .collect()
    }

    /// 1, 0 or -1: win, draw or loss for the side to move; `null` outside
    /// the tables.
    #[wasm_bindgen(js_name = probeWdl, unchecked_return_type = "-1 | 0 | 1 | null")]
    pub fn probe_wdl(&self, board: &Board) -> JsValue {
        number_or_null(self.verdict(board).map(|d| match d {
            Dtm::Win(_) => 1,
            Dtm::Draw => 0,
            Dtm::Loss(_) => -1,
        }))
    }

    /// Signed plies to mate (0 for a draw or no legal move); `null`
    /// outside the tables.
    #[wasm_bindgen(js_name = probeDtm, unchecked_return_type = "number | null")]
    pub fn probe_dtm(&self, board: &Board) -> JsValue {
        number_or_null(self.verdict(board).map(|d| d.signed().unwrap_or(0)))
    }
}
