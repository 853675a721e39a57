// The worker engine of xiangqi-wasm/engine (node --test): Node runs it in a
// worker_threads worker, as a page runs it in a Web Worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { Board } from '../index.js';
import { Engine, EngineError } from '../engine.js';

test('the engine finds a mate in one, and reports its iterations', async () => {
  const engine = await Engine.create();
  try {
    const elo = engine.options.find((o) => o.name === 'UCI_Elo');
    assert.equal(elo.type, 'spin');
    assert.ok(elo.min < elo.max);
    assert.ok(engine.options.some((o) => o.name === 'Skill Level'));
    const infos = [];
    engine.onInfo = (info) => infos.push(info);
    // One chariot holds rank 8, the other mates on rank 9.
    await engine.position('4k4/R8/9/9/9/9/9/9/9/1R1K5 w', []);
    const r = await engine.search({ depth: 4 });
    assert.equal(r.bestMove, 'b0b9');
    assert.deepEqual(r.score, { mate: 1 });
    assert.equal(r.source, 'search');
    assert.ok(r.depth >= 1 && r.nodes > 0);
    assert.ok(infos.length >= 1);
    assert.equal(infos.at(-1).pv[0], 'b0b9');
    const b = new Board('4k4/R8/9/9/9/9/9/9/9/1R1K5 w');
    b.push(r.bestMove);
    assert.ok(b.isCheckmate());
  } finally {
    engine.terminate();
  }
});

test('the embedded book and network answer from the start position', async () => {
  const engine = await Engine.create({ OwnBook: true });
  try {
    const r = await engine.search({ movetime: 200 });
    assert.equal(r.source, 'book');
    assert.ok(new Board().legalMoves().includes(r.bestMove));
    await engine.configure({ OwnBook: false, UCI_LimitStrength: true, UCI_Elo: 1200, MultiPV: 2, Hash: 8 });
    await engine.position(undefined, ['h2e2', 'h9g7']);
    const s = await engine.search({ nodes: 20000 });
    assert.equal(s.source, 'search');
    assert.ok(new Board().copy().legalMoves().length > 0);
    const b = new Board();
    b.push('h2e2');
    b.push('h9g7');
    assert.ok(b.legalMoves().includes(s.bestMove));
  } finally {
    engine.terminate();
  }
});

test('bad options and positions are refused with the session\'s message', async () => {
  const engine = await Engine.create();
  try {
    await assert.rejects(engine.configure({ Nonsense: 1 }), (e) => e instanceof EngineError && /unknown option/.test(e.message));
    await assert.rejects(engine.configure({ UCI_Elo: 'high' }), /UCI_Elo: expected a whole number/);
    await assert.rejects(engine.configure({ 'Skill Level': 2.5 }), /Skill Level: expected a whole number/);
    await assert.rejects(engine.configure({ EvalFile: 'net.nnue' }), /EvalFile: net.nnue: no files here/);
    await assert.rejects(engine.configure({ Hash: 0 }), /Hash/);
    await assert.rejects(engine.position('nonsense'), /fen/);
    await assert.rejects(engine.search({ depth: -1 }), /depth/);
    // The session's one rule for limits: a depth 1 to 255, nodes at least 1.
    await assert.rejects(engine.search({ depth: 0 }), (e) => e instanceof EngineError && /depth must be from 1 to 255/.test(e.message));
    await assert.rejects(engine.search({ depth: 256 }), /depth must be from 1 to 255/);
    await assert.rejects(engine.search({ nodes: 0 }), /nodes must be at least 1/);
    // Still usable.
    await engine.position(undefined, []);
    const r = await engine.search({ depth: 2 });
    assert.ok(r.bestMove);
  } finally {
    engine.terminate();
  }
});

test('the engine answers stop within 100 ms, and goes on working', async () => {
  const engine = await Engine.create({ Hash: 16 });
  try {
    let infos = 0;
    engine.onInfo = () => infos++;
    await engine.configure({ MultiPV: 3 });
    let lines = new Set();
    engine.onInfo = (info) => { infos++; lines.add(info.multipv); };
    await engine.position(undefined, ['h2e2']);
    const running = engine.search({}); // infinite
    // Let a few iterations finish.
    while (infos < 3) await new Promise((r) => setTimeout(r, 20));
    const t0 = performance.now();
    const stopped = await engine.stop();
    const result = await running;
    const ms = performance.now() - t0;
    assert.ok(ms < 100, `stop took ${ms.toFixed(1)} ms`);
    assert.equal(result, stopped);
    assert.ok(result.stopped);
    assert.deepEqual([...lines].sort(), [1, 2, 3]);
    const b = new Board();
    b.push('h2e2');
    assert.ok(b.legalMoves().includes(result.bestMove));
    // The new worker has the options and the position.
    const again = await engine.search({ depth: 3 });
    assert.ok(b.legalMoves().includes(again.bestMove));
    assert.equal(await engine.stop(), null);
  } finally {
    engine.terminate();
  }
});

test('a movetime search takes about its time', async () => {
  const engine = await Engine.create();
  try {
    // The session's clock is the worker's performance.now().
    for (let i = 0; i < 3; i++) {
      await engine.position(undefined, []); // (a worker replaced by the watchdog is ready)
      const t0 = performance.now();
      const r = await engine.search({ movetime: 400 });
      const ms = performance.now() - t0;
      assert.ok(r.bestMove && r.depth >= 1);
      assert.ok(ms < 400 + 100 + 60, `search ${i} took ${ms.toFixed(0)} ms`);
      assert.ok(ms > 300, `search ${i} took only ${ms.toFixed(0)} ms`);
      assert.ok(r.timeMs > 300 && r.timeMs < 500, `search ${i} reports ${r.timeMs} ms`);
    }
  } finally {
    engine.terminate();
  }
});

test('junk positions, options and limits are refused, never trap the worker', async () => {
  const engine = await Engine.create();
  try {
    let x = 7;
    const next = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
    const chars = [...'rnbakcpRNBAKCP0123456789/ -wb车马炮兵將\u0000\uD800😀'];
    const junk = () => Array.from({ length: next() % 40 }, () => chars[next() % chars.length]).join('');
    const values = [NaN, -1, 1e300, '', 'x', true, null, {}, [], 3.5, { name: 'f', bytes: new Uint8Array([1, 2, 3]) }];
    const names = ['Hash', 'MultiPV', 'UCI_Elo', 'Skill Level', 'OwnBook', 'EvalFile', 'BookFile', 'Chase Rule', 'Threads', 'Nope'];
    for (let i = 0; i < 300; i++) {
      await assert.rejects(engine.position(junk(), [junk()]), (e) => e.name !== 'RuntimeError');
      const name = names[next() % names.length];
      const value = values[next() % values.length];
      await engine.configure({ [name]: value }).catch((e) => {
        assert.notEqual(e.name, 'RuntimeError', `${name} = ${String(value)}: ${e.message}`);
      });
      await engine.search({ depth: values[next() % values.length], nodes: 1 }).catch((e) => {
        assert.notEqual(e.name, 'RuntimeError');
      });
    }
    // More table than the instance can have is refused; threads are one.
    await assert.rejects(engine.configure({ Hash: 65536 }), /Hash/);
    await engine.configure({ Threads: 4 });
    await engine.position(undefined, []);
    await engine.configure({ Hash: 16, MultiPV: 1, EvalFile: '<embedded>', BookFile: '<embedded>' });
    const r = await engine.search({ depth: 2 });
    assert.ok(new Board().legalMoves().includes(r.bestMove));
  } finally {
    engine.terminate();
  }
});

test('options are found by their UCCI names too, in any case', async () => {
  const engine = await Engine.create();
  try {
    await engine.configure({ hashsize: 8, usebook: true, 'SKILL LEVEL': 5, movelimit: '50' });
    // The book is on: the start position is answered from it at once.
    await engine.position(undefined, []);
    const r = await engine.search({ depth: 20 });
    assert.equal(r.source, 'book');
    assert.equal(r.nodes, 0);
    await engine.configure({ usebook: false });
    assert.equal((await engine.search({ depth: 2 })).source, 'search');
  } finally {
    engine.terminate();
  }
});
