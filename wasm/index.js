// xiangqi-wasm: the rules, verdicts, notations, PGN and SVG of the `xiangqi`
// crate, compiled to WebAssembly. Importing this module compiles and
// instantiates the .wasm once (top-level await), in browsers and in Node:
// the SIMD build where WebAssembly SIMD is supported, else the plain one
// (XIANGQI_WASM_SIMD=0 in Node's environment, or
// `globalThis.XIANGQI_WASM_SIMD = false` before the import, forces the
// plain one).

import init, { Board, Game, readGames } from './pkg/xiangqi_wasm.js';

export { Board, Game, readGames };
export * from './pkg/errors.js';

// The smallest module with a SIMD instruction (as wasm-feature-detect's).
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);
const simdWanted = globalThis.XIANGQI_WASM_SIMD !== false
  && !(typeof process === 'object' && process.env?.XIANGQI_WASM_SIMD === '0');
const simd = simdWanted && WebAssembly.validate(SIMD_PROBE);
const url = new URL(simd ? './pkg/xiangqi_wasm_simd_bg.wasm' : './pkg/xiangqi_wasm_bg.wasm', import.meta.url);

async function compile() {
  if (url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return WebAssembly.compile(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url}: ${response.status}`);
  if (WebAssembly.compileStreaming && response.headers.get('content-type') === 'application/wasm') {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

const module = await compile();
await init({ module_or_path: module });

/**
 * The compiled WebAssembly module (for `xiangqi-wasm/engine`, which
 * instantiates it again in its worker instead of compiling it again).
 * @returns {WebAssembly.Module}
 */
export function wasmModule() {
  return module;
}

/**
 * Which build runs: `"simd"` (WebAssembly SIMD) or `"baseline"`.
 * @returns {"simd" | "baseline"}
 */
export function wasmFlavour() {
  return simd ? 'simd' : 'baseline';
}

/**
 * Writes games as one PGN text, moves in a notation (see `Game.toPgn`).
 * Boards are written as their games.
 * @param {Iterable<Game | Board>} games
 * @param {string} [notation]
 * @returns {string}
 */
export function writeGames(games, notation = 'iccs') {
  let out = '';
  for (const g of games) {
    const game = g instanceof Board ? Game.fromBoard(g) : g;
    if (!(game instanceof Game)) {
      throw new TypeError('writeGames takes Game and Board objects');
    }
    out += game.toPgn(notation).trimEnd() + '\n\n';
    if (game !== g) game.free();
  }
  return out;
}
