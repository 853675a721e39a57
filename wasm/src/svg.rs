//! `board.svg(options)`: the library's SVG pictures, with options read from
//! a plain JavaScript object.

use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;
use xiangqi::Square;
use xiangqi::notation::ChineseScript;
use xiangqi::svg::{Coordinates, Options};

use crate::board::{JsBoard, iccs};
use crate::errors::argument;

/// The options a picture takes, checked one by one.
const KEYS: [&str; 10] = [
    "size",
    "flipped",
    "letters",
    "script",
    "coordinates",
    "riverText",
    "lastMove",
    "highlights",
    "arrows",
    "rings",
];

/// The property `key` of `obj` (`undefined` if missing).
fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// A boolean option, `false` when missing.
fn flag(obj: &JsValue, key: &str) -> Result<bool, JsValue> {
    let v = get(obj, key);
    if v.is_undefined() {
        return Ok(false);
    }
    v.as_bool()
        .ok_or_else(|| argument(format!("svg option {key} must be a boolean")))
}

/// A string option, `None` when missing.
fn text(obj: &JsValue, key: &str) -> Result<Option<String>, JsValue> {
    let v = get(obj, key);
    if v.is_undefined() {
        return Ok(None);
    }
    v.as_string()
        .map(Some)
        .ok_or_else(|| argument(format!("svg option {key} must be a string")))
}

/// A square name (`"e4"`).
fn square(s: &str) -> Result<Square, JsValue> {
    Square::from_ascii(s.as_bytes()).map_err(|e| argument(format!("bad square {s:?}: {e}")))
}

/// A list of strings, `[]` when missing.
fn strings(obj: &JsValue, key: &str) -> Result<Vec<String>, JsValue> {
    let v = get(obj, key);
    if v.is_undefined() {
        return Ok(Vec::new());
    }
    if !Array::is_array(&v) {
        return Err(argument(format!(
            "svg option {key} must be an array of strings"
        )));
    }
    Array::from(&v)
        .iter()
        .map(|x| {
            x.as_string()
                .ok_or_else(|| argument(format!("svg option {key} must be an array of strings")))
        })
        .collect()
}

/// The library's options from a JavaScript object: `size` (width in
/// pixels), `flipped`, `letters`, `script` (`"traditional"` or
/// `"simplified"`), `coordinates` (`"iccs"`, `"traditional"` or
/// `"hidden"`), `riverText` (default `true`), `lastMove` (an ICCS move,
/// `null` for none; by default the board's last move), `highlights`
/// (squares), `arrows` (ICCS moves) and `rings` (squares circled).
fn options(board: &JsBoard, obj: &JsValue) -> Result<Options, JsValue> {
    let mut opts = Options::default();
    let last = board.game.moves().last();
    if obj.is_undefined() || obj.is_null() {
        return Ok(match last {
            Some(m) => opts.with_last_move(m),
            None => opts,
        });
    }
    if !obj.is_object() {
        return Err(argument("svg options must be an object"));
    }
    let size = get(obj, KEYS[0]);
    if !size.is_undefined() {
        let s = size
            .as_f64()
            .filter(|s| s.fract() == 0.0 && (0.0..=100_000.0).contains(s))
            .ok_or_else(|| argument("svg option size must be an integer from 0 to 100000"))?;
        opts = opts.with_size(s as u32);
    }
    opts = opts
        .with_flipped(flag(obj, KEYS[1])?)
        .with_letters(flag(obj, KEYS[2])?);
    match text(obj, KEYS[3])?.as_deref() {
        None | Some("traditional") => {}
        Some("simplified") => opts = opts.with_script(ChineseScript::Simplified),
        Some(other) => {
            return Err(argument(format!(
                "svg option script must be \"traditional\" or \"simplified\", not {other:?}"
            )));
        }
    }
    match text(obj, KEYS[4])?.as_deref() {
        None | Some("iccs") => {}
        Some("traditional") => opts = opts.with_coordinates(Coordinates::Traditional),
        Some("hidden") => opts = opts.with_coordinates(Coordinates::Hidden),
        Some(other) => {
            return Err(argument(format!(
                "svg option coordinates must be \"iccs\", \"traditional\" or \"hidden\", not {other:?}"
            )));
        }
    }
    let river = get(obj, KEYS[5]);
    if !river.is_undefined() {
        let r = river
            .as_bool()
            .ok_or_else(|| argument("svg option riverText must be a boolean"))?;
        opts = opts.with_river_text(r);
    }
    let lm = get(obj, KEYS[6]);
    let last = if lm.is_undefined() {
        last
    } else if lm.is_null() {
        None
    } else {
        let s = lm
            .as_string()
            .ok_or_else(|| argument("svg option lastMove must be an ICCS move or null"))?;
        Some(iccs(&s)?)
    };
    if let Some(m) = last {
        opts = opts.with_last_move(m);
    }
    for s in strings(obj, KEYS[7])? {
        opts = opts.with_highlight(square(&s)?);
    }
    for s in strings(obj, KEYS[8])? {
        let m = iccs(&s)?;
        opts = opts.with_arrow(m.from(), m.to());
    }
    for s in strings(obj, KEYS[9])? {
        let sq = square(&s)?;
        opts = opts.with_arrow(sq, sq);
    }
    Ok(opts)
}

/// The picture of a board's position with options from JavaScript.
pub(crate) fn picture(board: &JsBoard, obj: &JsValue) -> Result<String, JsValue> {
    let opts = options(board, obj)?;
    Ok(xiangqi::svg::position(board.game.position(), &opts))
}
