// xiangqi-wasm: the rules, verdicts, notations, PGN and SVG of the `xiangqi`
// crate, compiled to WebAssembly. Importing this module compiles and
// instantiates the .wasm once (top-level await), in browsers and in Node.

import init, { Board, Game, readGames } from './pkg/xiangqi_wasm.js';

export { Board, Game, readGames };
export * from './pkg/errors.js';

const url = new URL('./pkg/xiangqi_wasm_bg.wasm', import.meta.url);

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
