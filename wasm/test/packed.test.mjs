// The package as npm users get it (node --test): `npm pack`, the tarball
// installed into a fresh project (offline: the package has no
// dependencies), and both entry points imported by name from there, not from
// this folder. Catches a file the `files` list leaves out, an `exports`
// path that does not resolve, or a wasm file the glue cannot find once
// installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const CHECK = `
import { Board, XiangqiError } from 'xiangqi-wasm';
import { Engine } from 'xiangqi-wasm/engine';
const b = new Board();
const perft = [1, 2, 3].map((d) => b.perft(d));
let bad = null;
try { new Board('not a fen'); } catch (e) { bad = e instanceof XiangqiError; }
const after = new Board();
after.push('h2e2');
const engine = await Engine.create();
let best;
try {
  await engine.position('4k4/R8/9/9/9/9/9/9/9/1R1K5 w', []);
  best = (await engine.search({ depth: 4 })).bestMove;
} finally {
  engine.terminate();
}
console.log(JSON.stringify({ perft, bad, turn: after.turn, best }));
`;

test('the packed tarball installs into a fresh project and both entry points work', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'xiangqi-wasm-packed-'));
  try {
    const packed = JSON.parse(
      execFileSync(npm, ['pack', '--json', '--pack-destination', tmp], { cwd: here, encoding: 'utf8' }),
    )[0];
    const files = packed.files.map((f) => f.path);
    for (const needed of ['index.js', 'index.d.ts', 'engine.js', 'engine.d.ts', 'engine-worker.js', 'README.md']) {
      assert.ok(files.includes(needed), `${needed} is in the tarball`);
    }
    assert.ok(files.some((f) => f.startsWith('pkg/') && f.endsWith('.wasm')), 'a wasm file is in the tarball');
    for (const f of files) {
      assert.ok(!/^(src|test|scripts|bench)\//.test(f) && f !== 'Cargo.toml', `${f} is left out of the tarball`);
    }
    const app = join(tmp, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund', join(tmp, packed.filename)], {
      cwd: app,
      stdio: 'ignore',
    });
    const installed = JSON.parse(readFileSync(join(app, 'node_modules', 'xiangqi-wasm', 'package.json'), 'utf8'));
    assert.equal(installed.name, 'xiangqi-wasm');
    writeFileSync(join(app, 'check.mjs'), CHECK);
    const out = JSON.parse(execFileSync(process.execPath, ['check.mjs'], { cwd: app, encoding: 'utf8' }));
    assert.deepEqual(out, { perft: [44, 1920, 79666], bad: true, turn: 'black', best: 'b0b9' });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
