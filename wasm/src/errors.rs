//! The errors thrown to JavaScript: instances of the `Error` subclasses of
//! `js/errors.js`, carrying the library's messages.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/errors.js")]
extern "C" {
    type InvalidFenError;
    #[wasm_bindgen(constructor)]
    fn new(message: &str) -> InvalidFenError;

    type InvalidMoveError;
    #[wasm_bindgen(constructor)]
    fn new(message: &str) -> InvalidMoveError;

    type IllegalMoveError;
    #[wasm_bindgen(constructor)]
    fn new(message: &str) -> IllegalMoveError;

    type AmbiguousMoveError;
    #[wasm_bindgen(constructor)]
    fn new(message: &str) -> AmbiguousMoveError;

    type PgnError;
    #[wasm_bindgen(constructor)]
    fn new(message: &str) -> PgnError;

    type InvalidArgumentError;
    #[wasm_bindgen(constructor)]
    fn new(message: &str) -> InvalidArgumentError;

    type RecordFormatError;
    #[wasm_bindgen(constructor)]
    fn new(message: &str) -> RecordFormatError;
}

/// The kinds of error, one per class of `js/errors.js`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `InvalidFenError`.
    Fen,
    /// `InvalidMoveError`.
    Syntax,
    /// `IllegalMoveError`.
    Illegal,
    /// `AmbiguousMoveError`.
    Ambiguous,
    /// `PgnError`.
    Pgn,
    /// `InvalidArgumentError`.
    Argument,
    /// `RecordFormatError`.
    Format,
}

/// An error of a kind with a message, as a JavaScript value to throw.
pub(crate) fn error(kind: Kind, message: impl AsRef<str>) -> JsValue {
    let m = message.as_ref();
    match kind {
        Kind::Fen => InvalidFenError::new(m).into(),
        Kind::Syntax => InvalidMoveError::new(m).into(),
        Kind::Illegal => IllegalMoveError::new(m).into(),
        Kind::Ambiguous => AmbiguousMoveError::new(m).into(),
        Kind::Pgn => PgnError::new(m).into(),
        Kind::Argument => InvalidArgumentError::new(m).into(),
        Kind::Format => RecordFormatError::new(m).into(),
    }
}

/// An `InvalidArgumentError`.
pub(crate) fn argument(message: impl AsRef<str>) -> JsValue {
    error(Kind::Argument, message)
}
