// xiangqi-wasm: the rules, verdicts, notations, PGN and SVG of the `xiangqi`
// crate, compiled to WebAssembly. Importing this module compiles and
// instantiates the .wasm once (top-level await), in browsers and in Node:
// the SIMD build where WebAssembly SIMD is supported, else the plain one
// (XIANGQI_WASM_SIMD=0 in Node's environment, or
// `globalThis.XIANGQI_WASM_SIMD = false` before the import, forces the
// plain one).

import init, { Board, Game, GameNode, Tablebase, readGames, readGamesReport } from './pkg/xiangqi_wasm.js';
import { InvalidArgumentError } from './pkg/errors.js';

export { Board, Game, GameNode, Tablebase, readGames, readGamesReport };
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

const FORMATS = new Set(['pgn', 'xqf', 'dhtmlxq']);

/**
 * Writes games in a format: `"pgn"` (the default; one text of every game,
 * with variations, comments and NAGs, moves in a notation, see
 * `Game.toPgn`), `"xqf"` (a `Uint8Array`; one game) or `"dhtmlxq"` (a
 * string; one game). Boards are written as their games. The format may be
 * left out: `writeGames(games, 'chinese')` writes PGN in Chinese notation.
 * @param {Iterable<Game | Board>} games
 * @param {"pgn" | "xqf" | "dhtmlxq" | string} [format]
 * @param {string} [notation]
 * @returns {string | Uint8Array}
 */
export function writeGames(games, format = 'pgn', notation = 'iccs') {
  if (format !== undefined && !FORMATS.has(format)) {
    notation = format;
    format = 'pgn';
  }
  const list = [];
  for (const g of games) {
    const game = g instanceof Board ? Game.fromBoard(g) : g;
    if (!(game instanceof Game)) {
      throw new TypeError('writeGames takes Game and Board objects');
    }
    list.push([game, game !== g]);
  }
  try {
    if (format === 'pgn') {
      let out = '';
      for (const [game] of list) out += game.toPgn(notation).trimEnd() + '\n\n';
      return out;
    }
    if (list.length !== 1) {
      throw new InvalidArgumentError(`${format} holds one game a file, not ${list.length}`);
    }
    return format === 'xqf' ? list[0][0].toXqf() : list[0][0].toDhtmlXq();
  } finally {
    for (const [game, made] of list) if (made) game.free();
  }
}
