//! WebAssembly bindings (wasm-bindgen) for the `xiangqi` crate: the npm
//! package `xiangqi-wasm`. The JavaScript API follows the Python package's
//! (`xiangqi_rs`) with JavaScript names: `Board`, `readGames`, `Game`, and
//! `Error` subclasses carrying the library's messages.
//!
//! Nothing exported panics: a panic would trap the instance (the build uses
//! `panic = "abort"`) and kill every board on the page, so every export
//! that can fail returns a `Result` and throws a JavaScript error instead.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod board;
mod engine;
mod errors;
mod pgn;
mod record_node;
mod records;
mod svg;
mod tablebase;

pub use board::JsBoard;
pub use engine::SessionEngine;
pub use pgn::JsPgnGame;
pub use record_node::RecordNodeRef;
pub use records::{read_games, read_games_report};
pub use tablebase::WasmTablebase;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** A move notation's name. */
export type Notation = "wxf" | "wxf_dots" | "chinese" | "chinese_traditional" | "iccs";

/** How a game ended: the library's verdict. */
export interface Outcome {
  /** The winner, or `null` for a draw. */
  winner: "red" | "black" | null;
  /** Why the game ended, named as in the Python package. */
  reason:
    | "checkmate"
    | "stalemate"
    | "perpetual_check"
    | "perpetual_chase"
    | "repetition"
    | "move_limit"
    | "insufficient_material";
  /** The verdict in words. */
  text: string;
  /** `"1-0"`, `"0-1"` or `"1/2-1/2"`. */
  result: "1-0" | "0-1" | "1/2-1/2";
  /** The ply at which it was decided. */
  ply: number;
}

/** What `readGamesReport` gives: the format read, the games, and a warning for each game skipped. */
export interface GamesReport {
  /** The format the source was read as. */
  format: "pgn" | "xqf" | "cbr" | "cbl" | "cbf" | "dhtmlxq" | "movelist";
  /** The games, in file order. */
  games: Game[];
  /** One entry per game that could not be read (the others were). */
  warnings: { index: number; message: string }[];
}

/** What `board.svg(options)` draws. */
export interface SvgOptions {
  /** The width in pixels (default 450). */
  size?: number;
  /** Black at the bottom. */
  flipped?: boolean;
  /** Pieces as FEN letters instead of Chinese characters. */
  letters?: boolean;
  /** The pieces' characters (default traditional). */
  script?: "traditional" | "simplified";
  /** The labels around the board (default ICCS). */
  coordinates?: "iccs" | "traditional" | "hidden";
  /** The river's text (default true). */
  riverText?: boolean;
  /** The move to highlight (ICCS), `null` for none; by default the board's last move. */
  lastMove?: string | null;
  /** Squares to highlight (`"e4"`). */
  highlights?: string[];
  /** Arrows, as ICCS moves. */
  arrows?: string[];
  /** Squares circled (`"h2"`), as a selected piece. */
  rings?: string[];
}
"#;

/// Writes a panic's message to the console before the instance traps, so
/// that a bug shows its cause.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| console_error(&info.to_string())));
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}
