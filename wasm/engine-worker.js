// The worker of xiangqi-wasm/engine: one engine session, searching
// synchronously on this thread. Runs as a Web Worker (module type) and as
// a Node worker_threads worker. Its first message brings the compiled
// WebAssembly.Module, which it instantiates (no second compilation).

import { initSync, SessionEngine } from './pkg/xiangqi_wasm.js';

let post;
let listen;
if (typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope) {
  post = (m) => self.postMessage(m);
  listen = (f) => self.addEventListener('message', (ev) => f(ev.data));
} else {
  const { parentPort } = await import('node:worker_threads');
  post = (m) => parentPort.postMessage(m);
  listen = (f) => parentPort.on('message', f);
}

let engine = null;

function errorOf(e) {
  return e instanceof Error ? { name: e.name, message: e.message } : { name: 'Error', message: String(e) };
}

function handle(msg) {
  const { id, type } = msg;
  switch (type) {
    case 'init':
      initSync({ module: msg.module });
      engine = new SessionEngine();
      return SessionEngine.options();
    case 'configure':
      engine.configure(msg.options);
      return null;
    case 'position':
      engine.setPosition(msg.fen ?? undefined, msg.moves);
      return null;
    case 'newGame':
      engine.newGame();
      return null;
    case 'search': {
      // The session reads its clock from performance.now(); a report without
      // a time (none yet) gets the time measured here.
      const t0 = performance.now();
      const timed = (x) => {
        if (!x.timeMs) {
          x.timeMs = performance.now() - t0;
          if ('nps' in x) x.nps = x.timeMs > 0 ? Math.round((x.nodes * 1000) / x.timeMs) : 0;
        }
        return x;
      };
      return timed(engine.search(msg.limits, (info) => post({ id, type: 'info', info: timed(info) })));
    }
    default:
      throw new Error(`unknown message ${type}`);
  }
}

listen((msg) => {
  try {
    post({ id: msg.id, type: 'done', value: handle(msg) });
  } catch (e) {
    post({ id: msg.id, type: 'error', error: errorOf(e) });
  }
});
