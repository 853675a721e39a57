// Both builds work: the plain one (run everywhere) and the SIMD one (picked
// where WebAssembly SIMD is supported, as in this Node). Each runs in a
// child process, since a process loads the package once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const index = fileURLToPath(new URL('../index.js', import.meta.url));
const engine = fileURLToPath(new URL('../engine.js', import.meta.url));

const script = `
  const { Board, wasmFlavour } = await import(${JSON.stringify(index)});
  const { Engine } = await import(${JSON.stringify(engine)});
  const b = new Board();
  const e = await Engine.create();
  await e.position('4k4/R8/9/9/9/9/9/9/9/1R1K5 w', []);
  const r = await e.search({ depth: 3 });
  e.terminate();
  console.log(JSON.stringify({ flavour: wasmFlavour(), perft: b.perft(3), mate: r.bestMove }));
`;

for (const [env, flavour] of [['0', 'baseline'], ['1', 'simd']]) {
  test(`the ${flavour} build: rules and engine`, () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, XIANGQI_WASM_SIMD: env },
      encoding: 'utf8',
    });
    assert.deepEqual(JSON.parse(out), { flavour, perft: 79666, mate: 'b0b9' });
  });
}
