// The error classes of xiangqi-wasm. The Rust side constructs them (this
// file is a wasm-bindgen snippet); `index.js` re-exports the same module, so
// `instanceof` works on what a call throws.

/** The base class of every error the package throws. */
export class XiangqiError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}

/** A FEN that does not describe a valid position. */
export class InvalidFenError extends XiangqiError {}

/** Move text that cannot be read (not a move in any notation). */
export class InvalidMoveError extends XiangqiError {}

/** A well-formed move that is not legal here, or a move after the game is over. */
export class IllegalMoveError extends XiangqiError {}

/** Move text that fits more than one legal move. */
export class AmbiguousMoveError extends XiangqiError {}

/** A PGN record that cannot be read (`readGames(text, {strict: true})`). */
export class PgnError extends XiangqiError {}

/** An argument of the wrong type or out of range (an unknown notation, a negative depth). */
export class InvalidArgumentError extends XiangqiError {}

/** Bytes of no record format the library reads, or a record (XQF, CBR, CBL, CBF, DhtmlXQ, move list) that cannot be read or written. */
export class RecordFormatError extends XiangqiError {}
