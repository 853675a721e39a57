// The library's search on wasm32-unknown-unknown, under Node: loads the
// module built from tests/wasm (path as the first argument) and runs the
// start position's search limited by depth, by nodes and by time, the time
// read from a clock this script supplies (the import env.now_ms).
// Run by .ci/run; exits non-zero on the first failed check.
import { readFileSync } from "node:fs";
import assert from "node:assert/strict";

const path = process.argv[2];
assert.ok(path, "usage: node run.mjs <xiangqi_wasm_test.wasm>");

// The 44 legal moves of the start position (ICCS).
const LEGAL = new Set(
  ("e0e1 a0a1 a0a2 i0i1 i0i2 b2b1 b2a2 b2c2 b2d2 b2e2 b2f2 b2g2 b2b3 b2b4 b2b5 " +
    "b2b6 b2b9 h2h1 h2c2 h2d2 h2e2 h2f2 h2g2 h2i2 h2h3 h2h4 h2h5 h2h6 h2h9 b0a2 " +
    "b0c2 h0g2 h0i2 c0a2 c0e2 g0e2 g0i2 d0e1 f0e1 a3a4 c3c4 e3e4 g3g4 i3i4").split(" "),
);
assert.equal(LEGAL.size, 44);

// The clock: real time, or a fake one that moves 1 ms at every read.
let clock = { fake: false, now: 0, reads: 0 };
const now_ms = () => {
  clock.reads += 1;
  if (!clock.fake) return performance.now();
  clock.now += 1;
  return clock.now;
};

const { instance } = await WebAssembly.instantiate(readFileSync(path), { env: { now_ms } });
const x = instance.exports;

const unpack = (m) => {
  assert.notEqual(m, 0xffff, "the search returned no move");
  const sq = (f, r) => String.fromCharCode(97 + f) + r;
  return sq(m & 15, (m >> 4) & 15) + sq((m >> 8) & 15, (m >> 12) & 15);
};
const legal = (m, what) => {
  const s = unpack(m);
  assert.ok(LEGAL.has(s), `${what}: ${s} is not a legal move`);
  return s;
};
const report = [];

assert.equal(x.legal_move_count(), 44);

// By depth (no clock at all: the target has none, and none is given).
for (const d of [1, 3, 5]) {
  const m = legal(x.search_depth(d), `depth ${d}`);
  assert.equal(x.last_depth(), d);
  report.push(`depth ${d}: ${m} (${x.last_nodes()} nodes)`);
}

// By nodes, on one thread and asking for four (the target has no threads:
// the search runs on the caller's, and spawns nothing).
for (const [n, threads] of [[2000, 1], [20000, 1], [20000, 4]]) {
  const m = legal(x.search_nodes(n, threads), `nodes ${n}`);
  const nodes = x.last_nodes();
  assert.ok(nodes <= n + 1 && nodes >= n - 1, `nodes ${n}: searched ${nodes}`);
  report.push(`nodes ${n} (threads ${threads}): ${m} (${nodes} nodes, depth ${x.last_depth()})`);
}

// By time, on the fake clock: 1 ms per read, so the search must stop at the
// read that passes the deadline (a read every 1024 nodes).
clock = { fake: true, now: 1000, reads: 0 };
{
  const m = legal(x.search_time(50), "movetime 50 (fake clock)");
  const elapsed = clock.now - 1000;
  assert.ok(elapsed >= 50 && elapsed <= 56, `stopped ${elapsed} ms into the fake clock`);
  assert.ok(x.last_nodes() <= 55 * 1024, `${x.last_nodes()} nodes`);
  report.push(`movetime 50 (fake clock): ${m} after ${clock.reads} reads, ${x.last_nodes()} nodes`);
}

// By time, on the real clock.
clock = { fake: false, now: 0, reads: 0 };
{
  const t0 = performance.now();
  const m = legal(x.search_time(300), "movetime 300");
  const wall = performance.now() - t0;
  // It stops (on a loaded CI machine the last 1024 nodes may take a while:
  // the bound only catches a search that ignores its clock).
  assert.ok(wall >= 300 && wall < 2000, `movetime 300 took ${wall.toFixed(0)} ms`);
  report.push(`movetime 300 (real clock): ${m} in ${wall.toFixed(0)} ms, ${x.last_nodes()} nodes, depth ${x.last_depth()}`);
}

// A time limit without a clock: a node budget (250 nodes per ms), not a trap.
{
  const m = legal(x.search_time_without_clock(20), "movetime 20 without a clock");
  const nodes = x.last_nodes();
  // The clock is read every 1024 nodes: 5120 is the first reading past the
  // budget's 5000, and one node more may be counted as the search unwinds
  // (the node limits above allow it too).
  assert.ok(nodes >= 5000 && nodes <= 5121, `${nodes} nodes`);
  report.push(`movetime 20 without a clock: ${m} (${nodes} nodes)`);
}

console.log(report.join("\n"));
console.log("wasm search: ok");
