// The conformance cases of tests/conformance/cases.json (schema in its
// README), run on the npm package as the library's suite
// (tests/suite/tests/conformance.rs) and the Python package
// (python/tests/test_conformance.py) run them: one test per case.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import {
  Board,
  InvalidFenError,
  InvalidMoveError,
  IllegalMoveError,
  AmbiguousMoveError,
} from '../index.js';

const { cases } = JSON.parse(
  readFileSync(new URL('../../tests/conformance/cases.json', import.meta.url), 'utf8'),
);

// The schema's error kinds as the package's error classes.
const ERRORS = {
  invalid_fen: InvalidFenError,
  invalid_move: InvalidMoveError,
  illegal_move: IllegalMoveError,
  ambiguous_move: AmbiguousMoveError,
};

function boardOf(c) {
  return c.fen === null ? new Board() : new Board(c.fen);
}

function outcomeOf(board) {
  const o = board.outcome();
  return o === null ? null : { winner: o.winner, result: o.result, reason: o.reason, ply: o.ply };
}

function checkPosition(c) {
  const board = boardOf(c);
  assert.equal(board.fen(), c.fen_out);
  assert.deepEqual(board.legalMoves().sort(), c.legal_moves);
  assert.equal(board.isCheck(), c.check);
  assert.equal(board.isCheckmate(), c.checkmate);
  assert.equal(board.isStalemate(), c.stalemate);
  if ('outcome' in c) {
    assert.deepEqual(outcomeOf(board), c.outcome);
    assert.equal(board.isGameOver(), c.outcome !== null);
  }
  board.free();
}

function checkGame(c) {
  const board = boardOf(c);
  if ('move_texts' in c) {
    assert.deepEqual(c.move_texts.map((t) => board.pushStr(t)), c.moves);
  } else {
    for (const m of c.moves) board.push(m);
  }
  assert.deepEqual(board.moveStack(), c.moves);
  assert.equal(board.fen().split(' ').slice(0, 2).join(' '), c.board_after);
  assert.deepEqual(outcomeOf(board), c.outcome);
  board.free();
}

function checkNotation(c) {
  const board = boardOf(c);
  for (const [notation, text] of Object.entries(c.text)) {
    assert.equal(board.san(c.move, notation), text, notation);
  }
  for (const text of c.inputs) {
    assert.equal(board.parseMove(text), c.move, text);
  }
  board.free();
}

function checkError(c) {
  const error = ERRORS[c.error];
  if (c.action === 'new') {
    assert.throws(() => new Board(c.input), error);
    return;
  }
  const board = boardOf(c);
  for (const m of c.moves) board.push(m);
  const [fen, ply] = [board.fen(), board.ply()];
  const act = {
    push: () => board.push(c.input),
    push_str: () => board.pushStr(c.input),
    parse_move: () => board.parseMove(c.input),
  }[c.action];
  assert.ok(act, `unknown action ${c.action}`);
  assert.throws(act, error);
  assert.deepEqual([board.fen(), board.ply()], [fen, ply]);
  board.free();
}

const CHECKS = { position: checkPosition, game: checkGame, notation: checkNotation, error: checkError };

for (const c of cases) {
  test(`conformance ${c.id}`, () => CHECKS[c.type](c));
}

test('the file has cases of every type and error kind', () => {
  assert.ok(cases.length >= 100);
  assert.deepEqual([...new Set(cases.map((c) => c.type))].sort(), Object.keys(CHECKS).sort());
  assert.deepEqual(
    [...new Set(cases.filter((c) => c.type === 'error').map((c) => c.error))].sort(),
    Object.keys(ERRORS).sort(),
  );
});
