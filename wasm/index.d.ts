export { Board, Game, readGames } from './pkg/xiangqi_wasm.js';
export type { Notation, Outcome, SvgOptions } from './pkg/xiangqi_wasm.js';
export * from './pkg/errors.js';
import type { Board, Game, Notation } from './pkg/xiangqi_wasm.js';

/** The compiled WebAssembly module (the engine's worker instantiates it again). */
export function wasmModule(): WebAssembly.Module;

/** Which build runs: `"simd"` (WebAssembly SIMD, where supported) or `"baseline"`. */
export function wasmFlavour(): "simd" | "baseline";

/** Writes games (or boards, as their games) as one PGN text, moves in a notation (default ICCS). */
export function writeGames(games: Iterable<Game | Board>, notation?: Notation): string;
