// Speed figures for the README, in headless Chromium (Debian's, driven by
// playwright-core) and in Node, one run each:
//   perft 5 from the start position (133 312 995 leaves), and
//   a search of the start position to depth 16 by the worker engine
//   (3 254 756 nodes with the network g6, embedded 2026-12-07: the same tree
//   as the native search's).
// Native figures for comparison: `cargo run --release --example perft -- 5`
// and `cargo run --release --example search -- 16`.
//
//   node web/scripts/bench.mjs            (after `npm run build` in wasm/)
//   XIANGQI_WASM_SIMD=0 node web/scripts/bench.mjs   (the plain build)

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const depth = Number(process.env.PERFT_DEPTH ?? 5);
const searchDepth = Number(process.env.SEARCH_DEPTH ?? 16);


async function run(depthArg, searchDepthArg, withEngine) {
  const { Board } = await import('xiangqi-wasm');
  const b = new Board();
  b.perft(3); // warm up
  const t0 = performance.now();
  const nodes = b.perft(depthArg);
  const perftS = (performance.now() - t0) / 1000;
  const { wasmFlavour } = await import('xiangqi-wasm');
  const out = { flavour: wasmFlavour(), perftNodes: nodes, perftSeconds: perftS, perftNps: Math.round(nodes / perftS) };
  if (withEngine) {
    const { Engine } = await import('xiangqi-wasm/engine');
    const engine = await Engine.create();
    const r = await engine.search({ depth: searchDepthArg });
    engine.terminate();
    out.searchNodes = r.nodes;
    out.searchMs = r.timeMs;
    out.searchDepth = r.depth;
    out.searchNps = Math.round(r.nodes / (r.timeMs / 1000));
  }
  return out;
}

const withEngine = process.env.NO_ENGINE !== '1';
const server = await serve(repo);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  if (process.env.XIANGQI_WASM_SIMD === '0') {
    await page.addInitScript(() => { globalThis.XIANGQI_WASM_SIMD = false; });
  }
  await page.goto(`${server.url}/web/`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  const fn = `(${run.toString()})(${depth}, ${searchDepth}, ${withEngine})`;
  const inBrowser = await page.evaluate(fn);
  console.log('chromium', JSON.stringify(inBrowser));
  // Node: the same function, with the package's own paths.
  const node = await (async () => {
    const src = run.toString()
      .replaceAll("'xiangqi-wasm'", JSON.stringify(join(repo, 'wasm', 'index.js')))
      .replace("'xiangqi-wasm/engine'", JSON.stringify(join(repo, 'wasm', 'engine.js')));
    const f = new Function(`return (${src})`)();
    return f(depth, searchDepth, withEngine);
  })();
  console.log('node', JSON.stringify(node));
} finally {
  await browser.close();
  await server.close();
}
