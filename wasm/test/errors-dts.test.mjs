// pkg/errors.d.ts is written at build time from js/errors.js
// (scripts/errors-dts.mjs): it declares every error class, with its base
// class and doc comment, and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import * as errors from '../js/errors.js';
import { errorsDts } from '../scripts/errors-dts.mjs';

const source = readFileSync(new URL('../js/errors.js', import.meta.url), 'utf8');

test('the declarations name each error class and its base class', () => {
  const dts = errorsDts(source);
  const declared = [...dts.matchAll(/^export class (\w+) extends (\w+) \{\}$/gm)].map(([, name, base]) => [name, base]);
  const actual = Object.entries(errors).map(([name, cls]) => [name, Object.getPrototypeOf(cls).name]);
  assert.deepEqual(declared.sort(), actual.sort());
  assert.ok(actual.some(([name, base]) => name === 'XiangqiError' && base === 'Error'));
  assert.equal(dts.match(/\/\*\*/g).length, actual.length, 'one doc comment a class');
  assert.match(dts, /\/\*\* A FEN that does not describe a valid position\. \*\/\nexport class InvalidFenError extends XiangqiError \{\}/);
});

test('an export that is not a documented class is refused', () => {
  assert.throws(() => errorsDts(`${source}\nexport const x = 1;\n`), /every export/);
  assert.throws(() => errorsDts(`${source}\nexport class Bare extends Error {}\n`), /every export/);
});
