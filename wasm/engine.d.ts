/** A score: centipawns for the side to move, or moves to mate (negative: being mated). */
export type Score = { cp: number; mate?: undefined } | { mate: number; cp?: undefined };

/** One iteration's report. */
export interface SearchInfo {
  depth: number;
  seldepth: number;
  multipv: number;
  score: Score;
  nodes: number;
  nps: number;
  timeMs: number;
  hashfull: number;
  /** The principal variation, ICCS moves. */
  pv: string[];
}

/** A search's answer. */
export interface SearchResult {
  /** The move to play (ICCS), `null` when the side to move has none. */
  bestMove: string | null;
  /** The reply the engine expects, if any. */
  ponder: string | null;
  score: Score;
  depth: number;
  nodes: number;
  timeMs: number;
  pv: string[];
  /** Where the move came from. */
  source: "search" | "book" | "none";
  /** Set when `stop()` ended the search. */
  stopped?: boolean;
}

/** Search limits; none: search until `stop()`. */
export interface Limits {
  /** Milliseconds. */
  movetime?: number;
  /** Plies, 1 to 255. */
  depth?: number;
  /** At least 1. */
  nodes?: number;
}

/** An option of the engine session. */
export interface EngineOption {
  name: string;
  type: "spin" | "check" | "combo" | "button" | "file";
  default?: number | boolean | string;
  min?: number;
  max?: number;
  vars?: string[];
}

/** Options by the session's names: UCI, or UCCI (`hashsize`, `usebook`, ...), in any case. */
export interface EngineOptions {
  Hash?: number;
  MultiPV?: number;
  "Skill Level"?: number;
  UCI_LimitStrength?: boolean;
  UCI_Elo?: number;
  OwnBook?: boolean;
  "Use NNUE"?: boolean;
  EvalFile?: string | { name: string; bytes: Uint8Array };
  BookFile?: string | { name: string; bytes: Uint8Array };
  [name: string]: number | boolean | string | { name: string; bytes: Uint8Array } | undefined;
}

/** An error from the engine's worker. */
export class EngineError extends Error {}

/** The engine in a worker (a Web Worker, or a worker thread in Node). */
export class Engine {
  static create(options?: EngineOptions): Promise<Engine>;
  onInfo: ((info: SearchInfo) => void) | null;
  readonly options: EngineOption[] | null;
  configure(options: EngineOptions): Promise<void>;
  position(fen?: string, moves?: string[]): Promise<void>;
  newGame(): Promise<void>;
  search(limits?: Limits): Promise<SearchResult>;
  stop(): Promise<SearchResult | null>;
  terminate(): void;
}
