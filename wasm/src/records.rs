//! Records of any format the library reads: `readGames` and
//! `readGamesReport` (PGN text, or the bytes of PGN, XQF, CBR, CBL, CBF,
//! DhtmlXQ or a move list, detected), and the tree side of `Game`: its root
//! node, its main line, and its XQF and DhtmlXQ forms (`writeGames` is in
//! `index.js`).

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, ArrayBuffer, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use xiangqi::Validation;
use xiangqi::detect::{RecordFormat, detect};
use xiangqi::formats::{self, FormatError, WriteFormat};
use xiangqi::pgn::{ReadOptions, read_trees};
use xiangqi::tree::{GameTree, TreeError};

use crate::board::set;
use crate::errors::{Kind, argument, error};
use crate::pgn::JsPgnGame;
use crate::record_node::RecordNodeRef;

/// A game tree shared by its `Game` and the `GameNode`s taken from it: an
/// edit through a node shows in the game.
pub(crate) type SharedTree = Rc<RefCell<GameTree>>;

/// The error for a tree edit the tree refused.
pub(crate) fn tree_error(e: TreeError) -> JsValue {
    match e {
        TreeError::IllegalMove { .. } => error(Kind::Illegal, e.to_string()),
        _ => argument(e.to_string()),
    }
}

/// The error for bytes that could not be read, or games not written.
fn format_error(e: FormatError) -> JsValue {
    match e {
        FormatError::Pgn(_) => error(Kind::Pgn, e.to_string()),
        _ => error(Kind::Format, e.to_string()),
    }
}

/// The short name of a format, as `readGamesReport` gives it.
fn format_id(format: RecordFormat) -> &'static str {
    match format {
        RecordFormat::Pgn => "pgn",
        RecordFormat::Xqf => "xqf",
        RecordFormat::Cbr => "cbr",
        RecordFormat::Cbl => "cbl",
        RecordFormat::Cbf => "cbf",
        RecordFormat::DhtmlXq => "dhtmlxq",
        RecordFormat::MoveList => "movelist",
        _ => "unknown",
    }
}

/// What was read: the format, the trees, and `(index, message)` for each
/// game skipped.
struct ReadOutcome {
    format: RecordFormat,
    games: Vec<GameTree>,
    warnings: Vec<(usize, String)>,
}

/// The options of `readGames`: `(strict, lenient)`.
fn options_of(options: &JsValue) -> Result<(bool, bool), JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok((false, false));
    }
    if !options.is_object() {
        return Err(argument("readGames options must be an object"));
    }
    let get = |k: &str| {
        Reflect::get(options, &JsValue::from_str(k))
            .unwrap_or(JsValue::UNDEFINED)
            .is_truthy()
    };
    Ok((get("strict"), get("lenient")))
}

/// The games of a PGN text, a bad game skipped with a warning (or thrown as
/// a `PgnError` when `strict`).
fn read_pgn_text(text: &str, strict: bool, lenient: bool) -> Result<ReadOutcome, JsValue> {
    let mut opts = ReadOptions::default();
    if lenient {
        opts = opts.with_validation(Validation::Lenient);
    }
    let mut games = Vec::new();
    let mut warnings = Vec::new();
    for r in read_trees(text, &opts) {
        match r {
            Ok(tree) => games.push(tree),
            Err(e) if strict => return Err(error(Kind::Pgn, e.to_string())),
            Err(e) => warnings.push((e.index, format!("line {}: {}", e.line, e.error))),
        }
    }
    Ok(ReadOutcome {
        format: RecordFormat::Pgn,
        games,
        warnings,
    })
}

/// Reads a source: a string (PGN, DhtmlXQ or a move list; text no format
/// recognises is read as PGN, giving no game), a `Uint8Array` or an
/// `ArrayBuffer` (any format, detected).
fn read_source(source: &JsValue, options: &JsValue) -> Result<ReadOutcome, JsValue> {
    let (strict, lenient) = options_of(options)?;
    let (bytes, text) = if let Some(s) = source.as_string() {
        (s.clone().into_bytes(), Some(s))
    } else if source.is_instance_of::<Uint8Array>() {
        (Uint8Array::from(source.clone()).to_vec(), None)
    } else if source.is_instance_of::<ArrayBuffer>() {
        (Uint8Array::new(source).to_vec(), None)
    } else {
        return Err(argument(
            "readGames takes a string, a Uint8Array or an ArrayBuffer",
        ));
    };
    let format = detect(&bytes);
    match (format, text) {
        (None | Some(RecordFormat::Pgn), Some(text)) => read_pgn_text(&text, strict, lenient),
        (Some(RecordFormat::Pgn), None) => match std::str::from_utf8(&bytes) {
            Ok(text) => read_pgn_text(text, strict, lenient),
            // Not UTF-8: the library decodes GBK.
            Err(_) => from_file(formats::read_as(&bytes, RecordFormat::Pgn), strict),
        },
        (None, None) => Err(format_error(FormatError::Unknown)),
        (Some(format), _) => from_file(formats::read_as(&bytes, format), strict),
    }
}

fn from_file(
    read: Result<formats::RecordFile, FormatError>,
    strict: bool,
) -> Result<ReadOutcome, JsValue> {
    let file = read.map_err(format_error)?;
    if let (true, Some(w)) = (strict, file.warnings.first()) {
        return Err(error(Kind::Format, w.to_string()));
    }
    Ok(ReadOutcome {
        format: file.format,
        warnings: file
            .warnings
            .iter()
            .map(|w| (w.index, w.to_string()))
            .collect(),
        games: file.games,
    })
}

fn games_of(trees: Vec<GameTree>) -> Vec<JsPgnGame> {
    trees
        .into_iter()
        .map(|t| JsPgnGame::from_tree(Rc::new(RefCell::new(t))))
        .collect()
}

/// Reads the games of a record: a PGN text (moves in any notation the
/// library reads), or the bytes (`Uint8Array`) of a PGN, XQF, CBR, CBL
/// (a library), CBF, DhtmlXQ or move-list file, the format detected. Each
/// game is a tree (`game.root()`), its `moves` the main line. Options:
/// `strict` (throw for a game that cannot be read, instead of skipping
/// it) and `lenient` (accept the placements of composed studies in PGN
/// `FEN` tags). Throws `RecordFormatError` for bytes of no known format
/// or a record that cannot be read (`PgnError` for PGN, when strict).
#[wasm_bindgen(js_name = readGames)]
pub fn read_games(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array | ArrayBuffer")] source: JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ strict?: boolean, lenient?: boolean } | undefined")]
    options: JsValue,
) -> Result<Vec<JsPgnGame>, JsValue> {
    Ok(games_of(read_source(&source, &options)?.games))
}

/// As `readGames`, with the format read and a warning for each game that
/// was skipped: `{format, games, warnings: [{index, message}]}`, `format`
/// one of `"pgn"`, `"xqf"`, `"cbr"`, `"cbl"`, `"cbf"`, `"dhtmlxq"`,
/// `"movelist"`.
#[wasm_bindgen(js_name = readGamesReport, unchecked_return_type = "GamesReport")]
pub fn read_games_report(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array | ArrayBuffer")] source: JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ strict?: boolean, lenient?: boolean } | undefined")]
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let read = read_source(&source, &options)?;
    let o = Object::new();
    set(&o, "format", format_id(read.format));
    let games = Array::new();
    for g in games_of(read.games) {
        games.push(&JsValue::from(g));
    }
    set(&o, "games", games);
    let warnings = Array::new();
    for (index, message) in read.warnings {
        let w = Object::new();
        set(&w, "index", index as f64);
        set(&w, "message", message);
        warnings.push(&w);
    }
    set(&o, "warnings", warnings);
    Ok(o.into())
}

#[wasm_bindgen(js_class = Game)]
impl JsPgnGame {
    /// The root node: the start position, before the first move.
    pub fn root(&self) -> RecordNodeRef {
        let id = self.tree.borrow().root();
        RecordNodeRef::new(self.tree.clone(), id)
    }

    /// The nodes of the main line, first move first (the root left out).
    pub fn mainline(&self) -> Vec<RecordNodeRef> {
        let tree = self.tree.borrow();
        tree.mainline()
            .filter(|&id| id != tree.root())
            .map(|id| RecordNodeRef::new(self.tree.clone(), id))
            .collect()
    }

    /// The last node of the main line (the root when there is no move).
    pub fn end(&self) -> RecordNodeRef {
        let tree = self.tree.borrow();
        let id = tree.end(tree.root());
        RecordNodeRef::new(self.tree.clone(), id)
    }

    /// The game as unencrypted XQF bytes, variations and comments kept.
    /// Throws `RecordFormatError` if the XQF writer refuses the tree.
    #[wasm_bindgen(js_name = toXqf)]
    pub fn to_xqf(&self) -> Result<Vec<u8>, JsValue> {
        let tree = self.tree.borrow().clone();
        formats::write(&[tree], WriteFormat::Xqf).map_err(format_error)
    }

    /// The game as DhtmlXQ text, variations and comments kept.
    #[wasm_bindgen(js_name = toDhtmlXq)]
    pub fn to_dhtml_xq(&self) -> Result<String, JsValue> {
        let tree = self.tree.borrow().clone();
        let bytes = formats::write(&[tree], WriteFormat::DhtmlXq).map_err(format_error)?;
        String::from_utf8(bytes).map_err(|e| error(Kind::Format, e.to_string()))
    }

    /// An independent copy of the game (edits of one do not show in the
    /// other).
    pub fn copy(&self) -> JsPgnGame {
        JsPgnGame::from_tree(Rc::new(RefCell::new(self.tree.borrow().clone())))
    }
}
