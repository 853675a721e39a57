// Tablebase: endgame tables from bytes (test/data/kpk.xqtb, see the
// README there), probed by board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { Board, Tablebase, InvalidArgumentError } from '../index.js';

const KPK = new Uint8Array(readFileSync(new URL('./data/kpk.xqtb', import.meta.url)));

test('a soldier across the river beats a bare king', () => {
  const tables = Tablebase.fromBytes(KPK);
  assert.deepEqual(tables.materials, ['kpk']);
  const red = new Board('3k5/9/9/9/4P4/9/9/9/9/5K3 w');
  assert.equal(tables.probeWdl(red), 1);
  const dtm = tables.probeDtm(red);
  assert.ok(dtm > 0 && dtm % 2 === 1, String(dtm));
  const black = new Board('3k5/9/9/9/4P4/9/9/9/9/5K3 b');
  assert.equal(tables.probeWdl(black), -1);
  assert.ok(tables.probeDtm(black) < 0);
  // Black's soldier: the same table, colours flipped.
  assert.equal(tables.probeDtm(new Board('5k3/9/9/9/9/4p4/9/9/9/3K5 b')), dtm);
});

test('a soldier on the last rank draws', () => {
  const tables = Tablebase.fromBytes(KPK);
  const b = new Board('P2k5/9/9/9/9/9/9/9/9/5K3 w');
  assert.equal(tables.probeWdl(b), 0);
  assert.equal(tables.probeDtm(b), 0);
});

test('positions outside the tables are null; bad bytes throw', () => {
  const tables = Tablebase.fromBytes(KPK);
  assert.equal(tables.probeWdl(new Board()), null);
  assert.equal(tables.probeDtm(new Board()), null);
  assert.throws(() => tables.add(KPK), InvalidArgumentError);
  assert.throws(() => Tablebase.fromBytes(new Uint8Array([1, 2, 3])), InvalidArgumentError);
  assert.throws(() => Tablebase.fromBytes(KPK.subarray(0, 100)), InvalidArgumentError);
});
