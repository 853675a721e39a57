export { Board, Game, GameNode, Tablebase, readGames, readGamesReport } from './pkg/xiangqi_wasm.js';
export type { GamesReport, Notation, Outcome, SvgOptions } from './pkg/xiangqi_wasm.js';
export * from './pkg/errors.js';
import type { Board, Game, Notation } from './pkg/xiangqi_wasm.js';

/** The compiled WebAssembly module (the engine's worker instantiates it again). */
export function wasmModule(): WebAssembly.Module;

/** Which build runs: `"simd"` (WebAssembly SIMD, where supported) or `"baseline"`. */
export function wasmFlavour(): "simd" | "baseline";

/** Writes games (or boards, as their games) as one PGN text with their variations, moves in a notation (default ICCS). */
export function writeGames(games: Iterable<Game | Board>, notation?: Notation): string;
export function writeGames(games: Iterable<Game | Board>, format: "pgn", notation?: Notation): string;
/** Writes one game as XQF bytes (variations and comments kept). */
export function writeGames(games: Iterable<Game | Board>, format: "xqf"): Uint8Array;
/** Writes one game as DhtmlXQ text (variations and comments kept). */
export function writeGames(games: Iterable<Game | Board>, format: "dhtmlxq"): string;
