// xiangqi-wasm/engine: the engine (the `xiangqi-session` crate) in a
// worker, so that a search never blocks the page.
//
// The search runs synchronously inside the worker, which therefore reads
// no message until it ends. `stop()` does not wait for it: it answers at
// once with the best move of the last iteration reported (`onInfo`),
// terminates the worker and starts a fresh one from the already compiled
// WebAssembly.Module, replaying the options and the position. That needs no
// SharedArrayBuffer (so no cross-origin isolation) and answers within
// milliseconds; the cost is the search's hash table, which the new worker
// starts empty.

import { wasmModule } from './index.js';

const isNode = typeof process === 'object' && process.versions?.node !== undefined
  && typeof window === 'undefined';

/** An error thrown by the engine: its `name` is the worker's error class's. */
export class EngineError extends Error {
  constructor(name, message) {
    super(message);
    this.name = name;
  }
}

async function spawnWorker(onMessage, onError) {
  const url = new URL('./engine-worker.js', import.meta.url);
  if (isNode) {
    const { Worker } = await import('node:worker_threads');
    // (`--input-type`, as `node --input-type=module -e` has it, is refused
    // by a worker that runs a file.)
    const execArgv = process.execArgv.filter((a) => !a.startsWith('--input-type'));
    const w = new Worker(url, { execArgv });
    w.on('message', onMessage);
    w.on('error', onError);
    // Keeps Node running only while an answer is awaited.
    w.unref();
    return {
      post: (m) => w.postMessage(m),
      terminate: () => w.terminate(),
      busy: (yes) => (yes ? w.ref() : w.unref()),
    };
  }
  const w = new Worker(url, { type: 'module' });
  w.addEventListener('message', (ev) => onMessage(ev.data));
  w.addEventListener('error', (ev) => onError(ev.error ?? new Error(ev.message)));
  return { post: (m) => w.postMessage(m), terminate: () => w.terminate(), busy: () => {} };
}

function resultFromInfo(info) {
  return {
    bestMove: info.pv[0] ?? null,
    ponder: info.pv[1] ?? null,
    score: info.score,
    depth: info.depth,
    nodes: info.nodes,
    timeMs: info.timeMs,
    pv: info.pv,
    source: 'search',
    stopped: true,
  };
}

/**
 * The engine in a worker.
 *
 * ```js
 * const engine = await Engine.create({ UCI_LimitStrength: true, UCI_Elo: 1500 });
 * engine.onInfo = (info) => console.log(info.depth, info.score, info.pv);
 * await engine.position(undefined, ['h2e2']);
 * const { bestMove } = await engine.search({ movetime: 1000 });
 * ```
 */
export class Engine {
  /** Called with each iteration's report: `{depth, seldepth, multipv, score, nodes, nps, timeMs, hashfull, pv}`. */
  onInfo = null;

  #worker = null;
  #ready = null;
  #pending = new Map();
  #nextId = 1;
  /** The options set so far, in order (replayed into a new worker). */
  #config = new Map();
  #position = { fen: undefined, moves: [] };
  /** The running search: {id, resolve, reject, lastInfo}. */
  #search = null;
  #options = null;

  /** A new engine, its worker started, with options set (see `configure`). */
  static async create(options) {
    const e = new Engine();
    await e.#spawn();
    if (options) await e.configure(options);
    return e;
  }

  /** The options the engine takes: `[{name, type, default, min, max, vars}]`. */
  get options() {
    return this.#options;
  }

  #spawn() {
    this.#ready = (async () => {
      const worker = await spawnWorker((m) => this.#onMessage(worker, m), (e) => this.#onError(worker, e));
      this.#worker = worker;
      this.#options = await this.#call('init', { module: wasmModule() });
      if (this.#config.size > 0) await this.#call('configure', { options: [...this.#config] });
      if (this.#position.fen !== undefined || this.#position.moves.length > 0) {
        await this.#call('position', this.#position);
      }
    })();
    return this.#ready;
  }

  #call(type, fields = {}) {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const worker = this.#worker;
      this.#pending.set(id, { resolve, reject, worker });
      worker.busy(true);
      worker.post({ id, type, ...fields });
    });
  }

  #onMessage(worker, m) {
    if (worker !== this.#worker) return;
    if (m.type === 'info') {
      if (this.#search && this.#search.id === m.id) {
        // The best line (MultiPV's first) is what stop() answers with.
        if (m.info.multipv <= 1) this.#search.lastInfo = m.info;
        if (this.onInfo) this.onInfo(m.info);
      }
      return;
    }
    const p = this.#pending.get(m.id);
    if (!p) return;
    this.#pending.delete(m.id);
    if (![...this.#pending.values()].some((q) => q.worker === worker)) worker.busy(false);
    if (m.type === 'done') {
      p.resolve(m.value);
      return;
    }
    p.reject(new EngineError(m.error.name, m.error.message));
    // A trap (a bug) leaves the worker's instance unusable: replace it.
    if (m.error.name === 'RuntimeError') {
      if (this.#search && this.#search.id === m.id) this.#search = null;
      this.#replace();
    }
  }

  /** Terminates the worker and starts a new one; resolves when it is ready. */
  #replace() {
    const old = this.#worker;
    this.#worker = null;
    if (old) {
      old.terminate();
      for (const [id, p] of this.#pending) {
        if (p.worker === old) {
          this.#pending.delete(id);
          p.reject(new EngineError('Error', 'the engine was restarted'));
        }
      }
    }
    return this.#spawn();
  }

  #onError(worker, e) {
    if (worker !== this.#worker) return;
    for (const [id, p] of this.#pending) {
      this.#pending.delete(id);
      p.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }

  /**
   * Sets options by the session's names, UCI or UCCI, in any case: `Hash`,
   * `MultiPV`, `Skill Level`, `UCI_LimitStrength`, `UCI_Elo`, `OwnBook`,
   * `Use NNUE`, `Move Limit`, `Chase Rule`, `hashsize`, `usebook`, ...
   * Numbers for spins, booleans for checks, strings for combos (a spin or
   * a check also takes its value as text, `"64"`, `"true"`); `EvalFile` and
   * `BookFile` take `{name, bytes}` (a Uint8Array) or `"<embedded>"`.
   * All or none: a bad name or value rejects naming it, and nothing changes.
   */
  async configure(options) {
    await this.#ready;
    if (this.#search) throw new EngineError('Error', 'a search is running');
    const entries = Object.entries(options);
    await this.#call('configure', { options: entries });
    for (const [name, value] of entries) {
      this.#config.delete(name);
      this.#config.set(name, value);
    }
  }

  /** Sets the game to search: a FEN (`undefined`: the start; studies accepted) and moves from it (ICCS). */
  async position(fen, moves = []) {
    await this.#ready;
    if (this.#search) throw new EngineError('Error', 'a search is running');
    const position = { fen: fen ?? undefined, moves: [...moves] };
    await this.#call('position', position);
    this.#position = position;
  }

  /** Forgets what earlier games taught the search. */
  async newGame() {
    await this.#ready;
    await this.#call('newGame');
  }

  /**
   * Searches the position under `{movetime, depth, nodes}` (milliseconds
   * for `movetime`; a depth from 1 to 255, nodes at least 1, as the
   * session's one rule for limits says; none: until `stop()`), and resolves with
   * `{bestMove, ponder, score, depth, nodes, timeMs, pv, source}`:
   * `score` `{cp}` or `{mate}`, `source` `"search"`, `"book"` or `"none"`
   * (no legal move: `bestMove` is `null`), `stopped` when `stop()` ended it.
   */
  async search(limits = {}) {
    await this.#ready;
    if (this.#search) throw new EngineError('Error', 'a search is running');
    const search = { id: 0, lastInfo: null };
    this.#search = search;
    const done = new Promise((resolve, reject) => {
      search.resolve = resolve;
      search.reject = reject;
    });
    const id = this.#nextId;
    search.id = id;
    // A watchdog for `movetime`: the search keeps its own time (on
    // `performance.now()` in the worker), and one that runs past it anyway
    // (a page in a background tab, a slow iteration) is stopped from here.
    let watchdog = null;
    const movetime = Number(limits?.movetime);
    if (Number.isFinite(movetime) && movetime >= 0) {
      watchdog = setTimeout(() => {
        if (this.#search === search) this.stop();
      }, movetime + Math.max(100, movetime * 0.2));
    }
    const settle = () => {
      if (watchdog !== null) clearTimeout(watchdog);
    };
    done.then(settle, settle);
    this.#call('search', { limits }).then(
      (r) => {
        if (this.#search !== search) return;
        this.#search = null;
        search.resolve(r);
      },
      (e) => { if (this.#search === search) { this.#search = null; search.reject(e); } },
    );
    return done;
  }

  /**
   * Ends the running search now: it resolves with the best move of the last
   * iteration reported. Resolves with that result too (`null` if no search
   * runs). The worker is replaced by a fresh one (options and position kept,
   * hash table emptied).
   */
  async stop() {
    const search = this.#search;
    if (!search) return null;
    this.#search = null;
    const respawn = this.#replace();
    let result;
    if (search.lastInfo && search.lastInfo.pv.length > 0) {
      result = resultFromInfo(search.lastInfo);
    } else {
      // Stopped before the first iteration ended: a depth-1 search in the
      // new worker (milliseconds).
      await respawn;
      result = { ...(await this.#call('search', { limits: { depth: 1 } })), stopped: true };
    }
    search.resolve(result);
    return result;
  }

  /** Ends the worker; the engine cannot be used after. */
  terminate() {
    if (this.#search) {
      this.#search.reject(new EngineError('Error', 'the engine was terminated'));
      this.#search = null;
    }
    if (this.#worker) this.#worker.terminate();
    this.#worker = null;
    this.#ready = Promise.reject(new EngineError('Error', 'the engine was terminated'));
    this.#ready.catch(() => {});
  }
}
