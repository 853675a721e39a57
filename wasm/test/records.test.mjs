// Records of any format: readGames/readGamesReport (detected), the game
// tree's nodes, writeGames as PGN, XQF and DhtmlXQ.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Board,
  Game,
  GameNode,
  readGames,
  readGamesReport,
  writeGames,
  XiangqiError,
  IllegalMoveError,
  InvalidMoveError,
  InvalidArgumentError,
  RecordFormatError,
  PgnError,
} from '../index.js';

const PGN = `[Event "Variations"]
[Result "*"]

1. h2e2 {central cannon} (1. b2e2 b9c7 {the other side}) (1. c3c4) 1... h9g7 2. h0g2 $1 *
`;

test('a PGN with variations reads as a tree', () => {
  const [game] = readGames(PGN);
  assert.ok(game instanceof Game);
  assert.deepEqual(game.moves, ['h2e2', 'h9g7', 'h0g2']);
  assert.equal(game.tags.Event, 'Variations');
  const root = game.root();
  assert.ok(root instanceof GameNode);
  assert.equal(root.move(), null);
  assert.equal(root.parent(), null);
  assert.equal(root.san(), null);
  assert.equal(root.ply(), 0);
  const [main, side, third] = root.variations();
  assert.equal(main.move(), 'h2e2');
  assert.equal(main.comment(), 'central cannon');
  assert.equal(main.san('chinese'), '炮二平五');
  assert.equal(side.move(), 'b2e2');
  assert.equal(side.san('wxf'), 'C8=5');
  assert.equal(third.move(), 'c3c4');
  assert.ok(main.isMainline());
  assert.ok(!side.isMainline());
  assert.ok(side.startsVariation());
  const reply = side.variations()[0];
  assert.equal(reply.comment(), 'the other side');
  assert.ok(reply.isEnd());
  assert.equal(reply.ply(), 2);
  assert.ok(reply.parent().equals(side));
  assert.equal(reply.fen(), 'r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR w - - 2 2');
  assert.equal(reply.board().fen(), reply.fen());
  assert.deepEqual(reply.board().moveStack(), ['b2e2', 'b9c7']);
  const line = game.mainline();
  assert.deepEqual(line.map((n) => n.move()), ['h2e2', 'h9g7', 'h0g2']);
  assert.deepEqual(line[2].nags(), [1]);
  assert.ok(game.end().equals(line[2]));
  // The variations are written back.
  const pgn = game.toPgn();
  assert.match(pgn, /\(1\. b2e2 b9c7/);
  assert.match(pgn, /\(1\. c3c4\)/);
  assert.equal(readGames(pgn)[0].root().variations().length, 3);
});

test('nodes edit the game', () => {
  const [game] = readGames(PGN);
  const root = game.root();
  const side = root.variations()[1];
  // Any notation a Board reads; a move already there gives its node.
  const added = side.addVariation('马８进７');
  assert.equal(added.move(), 'h9g7');
  assert.ok(side.addVariation('h9g7').equals(added));
  assert.equal(side.variations().length, 2);
  added.setComment('new');
  assert.match(game.toPgn(), /h9g7 \{new\}/);
  side.promoteToMain();
  assert.deepEqual(game.moves, ['b2e2', 'b9c7']);
  side.demote();
  assert.deepEqual(game.moves, ['h2e2', 'h9g7', 'h0g2']);
  added.makeMainline();
  assert.deepEqual(game.moves, ['b2e2', 'h9g7']);
  root.variations()[2].promote();
  assert.deepEqual(root.variations().map((n) => n.move()), ['b2e2', 'c3c4', 'h2e2']);
  const gone = root.variations()[1];
  gone.remove();
  assert.deepEqual(root.variations().map((n) => n.move()), ['b2e2', 'h2e2']);
  // A removed node answers with a typed error.
  assert.throws(() => gone.fen(), InvalidArgumentError);
  assert.throws(() => gone.addVariation('h9g7'), InvalidArgumentError);
  assert.throws(() => gone.remove(), InvalidArgumentError);
  // Errors are typed.
  assert.throws(() => root.addVariation('a0a5'), IllegalMoveError);
  assert.throws(() => root.addVariation('nonsense'), InvalidMoveError);
  assert.throws(() => root.promote(), InvalidArgumentError);
  assert.throws(() => root.remove(), XiangqiError);
  // A copy is independent.
  const copy = game.copy();
  copy.root().variations()[0].remove();
  assert.equal(game.root().variations().length, 2);
  assert.equal(copy.root().variations().length, 1);
});

test('XQF written and read back, from a Uint8Array', () => {
  const [game] = readGames(PGN);
  const xqf = writeGames([game], 'xqf');
  assert.ok(xqf instanceof Uint8Array);
  assert.equal(String.fromCharCode(xqf[0], xqf[1]), 'XQ');
  const report = readGamesReport(xqf);
  assert.equal(report.format, 'xqf');
  assert.deepEqual(report.warnings, []);
  const [back] = report.games;
  assert.deepEqual(back.moves, game.moves);
  const vars = back.root().variations().map((n) => n.move());
  assert.deepEqual(vars, ['h2e2', 'b2e2', 'c3c4']);
  assert.equal(back.root().variations()[1].variations()[0].comment(), 'the other side');
  // An ArrayBuffer too.
  assert.deepEqual(readGames(xqf.slice().buffer)[0].moves, game.moves);
});

test('DhtmlXQ round trip', () => {
  const [game] = readGames(PGN);
  const text = writeGames([game], 'dhtmlxq');
  assert.equal(typeof text, 'string');
  assert.match(text, /\[DhtmlXQ/);
  const report = readGamesReport(text);
  assert.equal(report.format, 'dhtmlxq');
  const [back] = report.games;
  assert.deepEqual(back.moves, game.moves);
  assert.equal(back.root().variations().length, 3);
  // As bytes too.
  assert.deepEqual(readGames(new TextEncoder().encode(text))[0].moves, game.moves);
});

test('PGN bytes, warnings and errors', () => {
  const two = `${PGN}\n[Event "Bad"]\n\n1. a0a5 *\n`;
  const report = readGamesReport(new TextEncoder().encode(two));
  assert.equal(report.format, 'pgn');
  assert.equal(report.games.length, 1);
  assert.equal(report.warnings.length, 1);
  assert.equal(report.warnings[0].index, 1);
  assert.match(report.warnings[0].message, /a0a5/);
  assert.throws(() => readGames(two, { strict: true }), PgnError);
  // Strings of no format read as PGN with no game, as before; bytes throw.
  assert.deepEqual(readGames('hello'), []);
  assert.throws(() => readGames(new Uint8Array([0, 1, 2, 3])), RecordFormatError);
  assert.throws(() => readGames(42), InvalidArgumentError);
  // XQF holds one game.
  const games = readGames(`${PGN}\n${PGN}`);
  assert.equal(games.length, 2);
  assert.throws(() => writeGames(games, 'xqf'), InvalidArgumentError);
  // PGN is still the default, the notation still the second argument.
  assert.match(writeGames(games, 'chinese'), /炮二平五/);
  assert.match(writeGames(games, 'pgn', 'wxf'), /C2=5/);
  assert.match(writeGames([new Board()], 'dhtmlxq'), /DhtmlXQ/);
});

test('junk and truncated records throw XiangqiError, never trap', () => {
  const [game] = readGames(PGN);
  const xqf = writeGames([game], 'xqf');
  const dhtml = new TextEncoder().encode(writeGames([game], 'dhtmlxq'));
  let x = 12345;
  const next = () => { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; return (x >>> 0) / 2 ** 32; };
  let read = 0;
  for (let i = 0; i < 3000; i++) {
    const base = [xqf, dhtml, new TextEncoder().encode(PGN)][i % 3];
    const bytes = base.slice(0, Math.floor(next() * base.length));
    // Flip a few bytes of the kept part.
    for (let k = 0; k < 3 && bytes.length; k++) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
    try {
      for (const g of readGames(bytes)) {
        g.toPgn();
        g.free();
        read++;
      }
    } catch (e) {
      assert.ok(e instanceof XiangqiError, String(e));
    }
  }
  // The instance still works.
  assert.deepEqual(readGames(xqf)[0].moves, game.moves);
  assert.ok(read > 0);
});
