// The JS API of xiangqi-wasm (node --test), after the Python package's tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  Board,
  Game,
  readGames,
  writeGames,
  XiangqiError,
  InvalidFenError,
  InvalidMoveError,
  IllegalMoveError,
  AmbiguousMoveError,
  InvalidArgumentError,
  PgnError,
} from '../index.js';

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

test('perft from the start to depth 4 is 3 290 240', () => {
  const b = new Board();
  assert.deepEqual([1, 2, 3, 4].map((d) => b.perft(d)), [44, 1920, 79666, 3290240]);
  assert.equal(b.fen(), START);
});

test('the start position: FEN, turn, legal moves', () => {
  const b = new Board();
  assert.equal(b.turn, 'red');
  assert.equal(b.legalMoves().length, 44);
  assert.ok(b.legalMoves().includes('h2e2'));
  assert.deepEqual(b.movesFrom('b0').sort(), ['b0a2', 'b0c2']);
  assert.deepEqual(b.movesFrom('e5'), []);
  assert.equal(b.pieceAt('e0'), 'K');
  assert.equal(b.pieceAt('e9'), 'k');
  assert.equal(b.pieceAt('e5'), undefined);
  assert.equal(b.lastMove, undefined);
  assert.equal(b.outcome(), null);
});

test('pushStr reads ICCS, WXF, Chinese and full-width input', () => {
  const b = new Board();
  assert.equal(b.pushStr('炮二平五'), 'h2e2');
  assert.equal(b.pushStr('马８进７'), 'h9g7');
  assert.equal(b.pushStr('H2+3'), 'h0g2');
  assert.equal(b.pushStr('ｉ９ｈ９'), 'i9h9');
  assert.equal(b.pushStr('C8.7'), 'b2c2');
  assert.equal(b.ply(), 5);
  assert.equal(b.turn, 'black');
  assert.deepEqual(b.moveStack(), ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'b2c2']);
  assert.deepEqual(b.moveTexts('chinese').slice(0, 2), ['炮二平五', '马8进7']);
  assert.equal(b.lastMove, 'b2c2');
  assert.equal(b.pop(), 'b2c2');
  assert.equal(b.ply(), 4);
  const c = b.copy();
  c.push('a3a4');
  assert.equal(b.ply(), 4);
  assert.equal(c.ply(), 5);
  while (b.pop() !== undefined);
  assert.equal(b.fen(), START);
});

test('san in every notation', () => {
  const b = new Board();
  assert.equal(b.san('h2e2'), 'C2=5');
  assert.equal(b.san('h2e2', 'wxf_dots'), 'C2.5');
  assert.equal(b.san('h2e2', 'chinese'), '炮二平五');
  assert.equal(b.san('b0c2', 'chinese_traditional'), '馬八進七');
  assert.equal(b.san('h2e2', 'iccs'), 'h2e2');
  assert.throws(() => b.san('h2e2', 'klingon'), InvalidArgumentError);
  assert.throws(() => b.san('a0a5'), IllegalMoveError);
});

// Move sequences from the library's reference data, as python/tests/test_verdicts.py.
const CYCLES = [
  ['3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1', 'e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9', 'black', 'perpetual_check'],
  ['3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1', 'f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2', 'red', 'perpetual_check'],
  ['5k3/9/9/9/4r4/9/N8/9/9/3K5 w - - 0 1', 'a3c4 e5b5 c4a3 b5e5 a3c4 e5b5 c4a3 b5e5', 'black', 'perpetual_chase'],
  ['3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 0 1', 'a0a1 i9i8 a1a0 i8i9 a0a1 i9i8 a1a0 i8i9', null, 'repetition'],
];

test('a perpetual check, a chase and a repetition get their verdicts and reasons', () => {
  for (const [fen, line, winner, reason] of CYCLES) {
    const b = new Board(fen);
    const moves = line.split(' ');
    for (const m of moves.slice(0, -1)) {
      b.push(m);
      assert.equal(b.outcome(), null);
    }
    b.push(moves.at(-1));
    const o = b.outcome();
    assert.equal(o.winner, winner);
    assert.equal(o.reason, reason);
    assert.equal(o.ply, 8);
    assert.equal(o.result, winner === 'red' ? '1-0' : winner === 'black' ? '0-1' : '1/2-1/2');
    if (winner) assert.match(o.text, new RegExp(`${winner} wins by ${reason.replace('_', ' ')}`));
    assert.ok(b.isGameOver());
    // A move after the verdict is refused, and changes nothing.
    const fenBefore = b.fen();
    assert.throws(() => b.push(b.legalMoves()[0]), IllegalMoveError);
    assert.equal(b.fen(), fenBefore);
  }
});

test('checkmate and stalemate', () => {
  // One chariot holds rank 8, the other mates on rank 9.
  const b = new Board('4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1');
  b.push('b0b9');
  assert.ok(b.isCheck());
  assert.ok(b.isCheckmate());
  assert.ok(!b.isStalemate());
  assert.deepEqual({ ...b.outcome(), text: undefined }, {
    winner: 'red', reason: 'checkmate', result: '1-0', ply: 1, text: undefined,
  });
  // Black to move, not in check, no move: a loss for Black.
  const s = new Board('3k5/9/3P1P3/9/9/9/9/9/9/4K4 b - - 0 1');
  assert.ok(s.isStalemate());
  assert.deepEqual([s.outcome().winner, s.outcome().reason, s.outcome().ply], ['red', 'stalemate', 0]);
});

test('a bad FEN and a bad move raise errors carrying the library\'s message', () => {
  assert.throws(() => new Board('not a fen'), (e) => e instanceof InvalidFenError
    && e instanceof XiangqiError && e instanceof Error && e.name === 'InvalidFenError' && e.message.length > 0);
  assert.throws(() => new Board('9/9/9/9/9/9/9/9/9/RRR1K4 w'), /chariot/);
  const b = new Board();
  assert.throws(() => b.push('xx'), InvalidMoveError);
  assert.throws(() => b.push('a0a5'), IllegalMoveError);
  assert.throws(() => b.pushStr('banana'), InvalidMoveError);
  assert.throws(() => b.pushStr('车一进九'), IllegalMoveError);
  assert.throws(() => b.perft(-1), InvalidArgumentError);
  assert.throws(() => b.perft(1.5), InvalidArgumentError);
  assert.throws(() => b.pieceAt('z9'), InvalidArgumentError);
  assert.equal(b.fen(), START);
  assert.equal(b.ply(), 0);
});

test('an ambiguous move is its own error', () => {
  // Two red chariots on one file: "R9.8" fits both, "+R.8" names the front one.
  const b = new Board('4k4/9/9/9/9/R8/9/R8/9/3K5 w - - 0 1');
  assert.throws(() => b.pushStr('R9.8'), AmbiguousMoveError);
  assert.equal(b.ply(), 0);
  assert.equal(b.pushStr('+R.8'), 'a4b4');
});

test('composed studies load, impossible positions do not', () => {
  const study = '4k4/9/9/9/9/9/9/9/9/3KA4 w - - 0 1'; // an advisor on e0
  const b = new Board(study);
  assert.equal(b.startFen(), study);
  assert.ok(b.legalMoves().length > 0);
  // Still refused: a general outside its palace, facing generals, the side
  // not to move in check.
  assert.throws(() => new Board('4k4/9/9/9/9/9/9/9/9/K8 w'), InvalidFenError);
  assert.throws(() => new Board('4k4/9/9/9/9/9/9/9/9/4K4 w'), /face/);
  assert.throws(() => new Board('4k4/9/9/9/9/9/9/9/4R4/3K5 w'), InvalidFenError);
});

test('svg draws the board with the last move, check and options', () => {
  const b = new Board();
  b.push('h2e2');
  const svg = b.svg();
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.equal((svg.match(/class="piece /g) || []).length, 32);
  assert.match(svg, /class="highlight last-move from"/);
  assert.doesNotMatch(b.svg({ lastMove: null }), /last-move/);
  assert.match(b.svg({ size: 300, letters: true, highlights: ['e4'], arrows: ['b0c2'] }), /width="300"[\s\S]*class="arrow"/);
  assert.match(b.svg({ script: 'simplified' }), />帅</);
  assert.equal((b.svg({ rings: ['e0', 'b0'] }).match(/<circle class="arrow"/g) || []).length, 2);
  assert.throws(() => b.svg({ rings: ['e0e1'] }), InvalidArgumentError);
  assert.throws(() => b.svg({ size: -3 }), InvalidArgumentError);
  assert.throws(() => b.svg({ highlights: ['q7'] }), InvalidArgumentError);
  assert.throws(() => b.svg({ coordinates: 'polar' }), InvalidArgumentError);
  assert.throws(() => b.svg(7), InvalidArgumentError);
});

test('PGN: games read, played and written back', () => {
  const text = `[Event "Demo"]
[Result "1-0"]

1. C2.5 h9g7 2. 马二进三 1-0

[Event "Bad"]
[FEN "no fen"]

1. h2e2 *
`;
  const games = readGames(text);
  assert.equal(games.length, 1);
  const g = games[0];
  assert.equal(g.tags.Event, 'Demo');
  assert.deepEqual(g.moves, ['h2e2', 'h9g7', 'h0g2']);
  assert.equal(g.result, '1-0');
  assert.equal(g.startFen(), START);
  const b = g.board();
  assert.equal(b.ply(), 3);
  assert.throws(() => readGames(text, { strict: true }), PgnError);
  const written = writeGames([g, b], 'chinese');
  assert.match(written, /炮二平五/);
  const again = readGames(written);
  assert.equal(again.length, 2);
  assert.deepEqual(again[1].moves, g.moves);
  const tagged = Game.fromBoard(b).withTag('Opening', 'x').withTag('Red', 'me').withTag('Event', 'E');
  assert.deepEqual(Object.keys(tagged.tags), ['Event', 'Red', 'Result', 'Opening']);
  assert.equal(tagged.tags.Red, 'me');
  // A study's PGN reads back leniently.
  const study = new Board('4k4/9/9/9/9/9/9/9/R8/3KA4 w - - 0 1');
  study.push('d0d1');
  const pgn = writeGames([study]);
  assert.equal(readGames(pgn).length, 0);
  assert.deepEqual(readGames(pgn, { lenient: true })[0].moves, ['d0d1']);
});

// A seeded generator (xorshift32), so that a failure can be replayed.
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
}

const ALPHABET = [
  ...'rnbakcpRNBAKCP0123456789/ -wbabcdefghi+-.=#?!',
  ...'车马相象仕士帅将炮砲兵卒進进退平前后中一二三四五六七八九１２３４５６７８９ｈｅＣ',
  '\u0000', '\n', '\t', '\u3000', '\uFFFD', '\uD800', '\uDFFF', '😀', '[', ']', '"', '{', '}', ';', '$', '*',
];

function junk(next) {
  const n = next() % 60;
  const kind = next() % 4;
  if (kind === 0) {
    // A valid FEN or move, mutated.
    const base = next() % 2 ? START : 'h2e2 炮二平五 C2.5';
    const chars = [...base];
    for (let i = next() % 6; i >= 0; i--) chars[next() % chars.length] = ALPHABET[next() % ALPHABET.length];
    return chars.join('').slice(0, (next() % (chars.length + 1)));
  }
  let s = '';
  for (let i = 0; i < n; i++) {
    s += kind === 1 ? String.fromCharCode(next() % 0x10000) : ALPHABET[next() % ALPHABET.length];
  }
  return s;
}

test('10 000 junk strings cause no trap: every failure is a XiangqiError', () => {
  const next = rng(20261203);
  const keep = new Board();
  keep.push('h2e2');
  let thrown = 0;
  const attempt = (f) => {
    try {
      f();
    } catch (e) {
      if (!(e instanceof XiangqiError)) throw e;
      thrown++;
    }
  };
  for (let i = 0; i < 10000; i++) {
    const s = junk(next);
    attempt(() => new Board(s).free());
    const b = new Board();
    attempt(() => b.pushStr(s));
    attempt(() => b.push(s));
    attempt(() => b.parseMove(s));
    attempt(() => b.san(s, 'chinese'));
    attempt(() => b.san('h2e2', s));
    attempt(() => b.pieceAt(s));
    b.movesFrom(s);
    b.isLegal(s);
    attempt(() => b.svg({ lastMove: s, highlights: [s], coordinates: s }));
    attempt(() => readGames(`[FEN "${s}"]\n\n1. ${s} *`, { strict: i % 2 === 0 }).forEach((g) => g.free()));
    b.free();
  }
  assert.ok(thrown > 50000, `only ${thrown} errors`);
  // The instance lives on: the board made before still works.
  assert.equal(keep.perft(2), new Board(keep.fen()).perft(2));
  assert.equal(keep.pop(), 'h2e2');
  assert.equal(keep.perft(3), 79666);
});
