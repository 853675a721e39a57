// xiangqi-wasm against ffish (Fairy-Stockfish's rules compiled to
// WebAssembly) in Node, on the same work as python/benchmarks/bench.py:
// listing the legal moves of the first 300 positions of the reference data
// (tests/suite/tests/data/legal_moves.txt), and replaying the first 20
// master games of games/*_iccs.pgn move by move, up to their first verdict.
// Best of 3 runs each.
//
//   cd wasm && npm run build && cd bench && npm install && npm run bench

import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

import { Board, readGames } from '../index.js';

const data = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tests', 'suite', 'tests', 'data');
const START = new Board().fen();

const fens = readFileSync(join(data, 'legal_moves.txt'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('|')[0])
  .slice(0, 300);

const games = [];
for (const f of readdirSync(join(data, 'games')).filter((f) => f.endsWith('_iccs.pgn')).sort()) {
  for (const g of readGames(readFileSync(join(data, 'games', f), 'utf8'))) {
    if (g.startFen() !== START) continue;
    const b = new Board();
    const moves = [];
    for (const m of g.moves) {
      if (b.isGameOver()) break;
      b.push(m);
      moves.push(m);
    }
    games.push(moves);
  }
}
games.splice(20);
const plies = games.reduce((n, g) => n + g.length, 0);

function best(f, repeat = 3) {
  let t = Infinity;
  let out;
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    out = f();
    t = Math.min(t, performance.now() - t0);
  }
  return { ms: t, out };
}

const ours = {
  legal: () => {
    let n = 0;
    for (const fen of fens) {
      const b = new Board(fen);
      n += b.legalMoves().length;
      b.free();
    }
    return n;
  },
  replay: () => {
    for (const moves of games) {
      const b = new Board();
      for (const m of moves) b.push(m);
      b.free();
    }
    return plies;
  },
};

const require = createRequire(import.meta.url);
// (ffish 0.7 is an Emscripten module object, ready after its runtime
// starts; its loader would fetch() the .wasm by file path, which Node's
// fetch refuses, so fetch is hidden while it loads.)
const fetch = globalThis.fetch;
delete globalThis.fetch;
const ffish = require('ffish');
if (!ffish.Board) await new Promise((ok) => { ffish.onRuntimeInitialized = ok; });
globalThis.fetch = fetch;
// Fairy-Stockfish's UCI coordinates count ranks 1-10.
const uci = (m) => `${m[0]}${Number(m[1]) + 1}${m[2]}${Number(m[3]) + 1}`;
const theirGames = games.map((g) => g.map(uci));
const theirs = {
  legal: () => {
    let n = 0;
    for (const fen of fens) {
      const b = new ffish.Board('xiangqi', fen);
      n += b.legalMoves().split(' ').filter(Boolean).length;
      b.delete();
    }
    return n;
  },
  replay: () => {
    for (const moves of theirGames) {
      const b = new ffish.Board('xiangqi');
      for (const m of moves) {
        if (!b.push(m)) throw new Error(`ffish refused ${m}`);
      }
      b.delete();
    }
    return plies;
  },
};

const rows = [['xiangqi-wasm', ours], ['ffish', theirs]].map(([name, lib]) => {
  const legal = best(lib.legal);
  const replay = best(lib.replay);
  return { name, legal, replay };
});
if (rows[0].legal.out !== rows[1].legal.out) {
  throw new Error(`move counts differ: ${rows[0].legal.out} against ${rows[1].legal.out}`);
}
console.log(`${fens.length} positions (${rows[0].legal.out} legal moves), ${games.length} games (${plies} plies)`);
for (const r of rows) {
  console.log(`${r.name.padEnd(13)} legal moves ${r.legal.ms.toFixed(1).padStart(7)} ms   replay ${r.replay.ms.toFixed(1).padStart(7)} ms`);
}
console.log(`ffish / xiangqi-wasm: legal moves ${(rows[1].legal.ms / rows[0].legal.ms).toFixed(1)}x, replay ${(rows[1].replay.ms / rows[0].replay.ms).toFixed(1)}x`);
