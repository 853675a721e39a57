// The page: a game against the engine (or between two people) on the
// library's SVG board, over the npm package xiangqi-wasm. The game is a
// tree: records of any format open in it (a library as a list of games),
// any move of the list can be shown, and a move played where the line goes
// on starts a variation.

import { Board, Game, Tablebase, readGamesReport, writeGames, XiangqiError } from 'xiangqi-wasm';
import { Engine } from 'xiangqi-wasm/engine';

const $ = (id) => document.getElementById(id);
const FILES = 'abcdefghi';

const state = {
  /** The game tree, and the node shown (its board is `board`). */
  game: Game.fromBoard(new Board()),
  node: null,
  board: new Board(),
  /** The games of the record opened last (a library has many). */
  library: [],
  /** Whether the game came from a record (its tags are kept on export). */
  loaded: false,
  /** "red", "black" or "both" (no engine). */
  human: 'red',
  flipped: false,
  /** The selected square ("h2"), or null. */
  selected: null,
  /** A hint's move (ICCS), drawn as an arrow until the next move. */
  hint: null,
  /** A search running for the engine's move or a hint. */
  thinking: false,
  /** Bumped by every new game and undo: a search started before answers nothing. */
  epoch: 0,
};

let engine = null;

function engineSide() {
  return state.human === 'both' ? null : state.human === 'red' ? 'black' : 'red';
}

function showError(text) {
  $('error').textContent = text;
}

/** The square under a click, or null: from the SVG's viewBox, whose points are `step` apart. */
function squareAt(svg, clientX, clientY) {
  const ctm = svg.getScreenCTM();
  if (!ctm) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
  const vb = svg.viewBox.baseVal;
  const step = vb.height - vb.width; // 10 rows and 9 columns of points
  const margin = (vb.width - 8 * step) / 2;
  const col = Math.round((p.x - margin) / step);
  const row = Math.round((p.y - margin) / step);
  if (col < 0 || col > 8 || row < 0 || row > 9) return null;
  const dx = p.x - (margin + col * step);
  const dy = p.y - (margin + row * step);
  if (Math.hypot(dx, dy) > step * 0.5) return null;
  const file = state.flipped ? 8 - col : col;
  const rank = state.flipped ? row : 9 - row;
  return FILES[file] + rank;
}

function isOwnPiece(square) {
  const piece = state.board.pieceAt(square);
  if (!piece) return false;
  const red = piece === piece.toUpperCase();
  return (state.board.turn === 'red') === red;
}

function humanToMove() {
  return !state.board.isGameOver() && (state.human === 'both' || state.human === state.board.turn);
}

/** The endgame tables loaded (a `Tablebase`), or null. */
let tables = null;

/** The tables' verdict on a board for the side to move, in moves ('' outside the tables). */
function tablebaseWords(b) {
  const wdl = tables?.probeWdl(b);
  if (wdl === null || wdl === undefined) return '';
  if (wdl === 0) return 'Tablebase: draw';
  const plies = Math.abs(tables.probeDtm(b));
  const side = b.turn === 'red' ? 'Red' : 'Black';
  return wdl > 0
    ? `Tablebase: ${side} to move, win in ${(plies + 1) / 2}`
    : `Tablebase: ${side} to move, loss in ${plies / 2}`;
}

/** Loads endgame tables from `.xqtb` files (adding to those loaded). */
async function openTables(files) {
  const names = [];
  for (const file of files) {
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      names.push(tables ? tables.add(bytes) : (tables = Tablebase.fromBytes(bytes)).materials[0]);
    } catch (e) {
      showError(`${file.name}: ${e instanceof XiangqiError ? e.message : e}`);
    }
  }
  if (tables) $('tables-info').textContent = `${tables.materials.length} table${tables.materials.length === 1 ? '' : 's'}: ${tables.materials.join(' ')}`;
  if (names.length) render();
}

function render() {
  const b = state.board;
  // The selected piece gets a ring, its legal targets a highlight.
  const highlights = state.selected ? b.movesFrom(state.selected).map((m) => m.slice(2)) : [];
  const boardEl = $('board');
  boardEl.innerHTML = b.svg({
    flipped: state.flipped,
    highlights,
    arrows: state.hint ? [state.hint] : [],
    rings: state.selected ? [state.selected] : [],
    letters: $('pieces').value === 'letters',
    size: 540,
  });
  boardEl.classList.toggle('selected', state.selected !== null);
  boardEl.dataset.fen = b.fen();
  boardEl.dataset.ply = String(b.ply());

  const status = $('status');
  const outcome = b.outcome();
  if (outcome) {
    status.dataset.state = 'over';
    status.textContent = verdictWords(outcome);
  } else {
    status.dataset.state = state.thinking ? 'thinking' : 'playing';
    const side = b.turn === 'red' ? 'Red' : 'Black';
    let text = `${side} to move${b.isCheck() ? ' — check!' : ''}`;
    if (state.thinking) text += ' (engine thinking…)';
    status.textContent = text;
  }

  $('tablebase').textContent = tablebaseWords(b);

  renderMoves();
  $('comment').textContent = state.node.comment();

  const parent = state.node.parent();
  $('undo').disabled = !parent;
  parent?.free();
  $('hint').disabled = !engine || state.thinking || !humanToMove();
}

/** Handles of the move list's nodes, by id (freed at the next render). */
let listed = new Map();

/** The move list: the tree, variations indented under the move they replace, comments under their move. */
function renderMoves() {
  const notation = $('notation').value;
  const old = listed;
  listed = new Map();
  const list = $('moves');
  list.replaceChildren();
  const currentId = state.node.id();
  const [, turn, , , fullmove] = state.game.startFen().split(' ');
  const start = { black: turn === 'b', full: Math.max(1, Number(fullmove) || 1) };

  // One move's span, numbered where a number is due.
  const moveSpan = (node, parent, numbered) => {
    const frag = document.createDocumentFragment();
    // Numbered as the game does: from the start's side and move number.
    const k = node.ply() - 1 + (start.black ? 1 : 0);
    const red = k % 2 === 0;
    if (red || numbered) {
      const num = document.createElement('span');
      num.className = 'num';
      const full = start.full + Math.floor(k / 2);
      num.textContent = red ? `${full}.` : `${full}…`;
      frag.append(num);
    }
    const span = document.createElement('span');
    const id = node.id();
    span.className = id === currentId ? 'move current' : 'move';
    span.dataset.node = String(id);
    span.dataset.move = node.move();
    span.textContent = node.san(notation) + nagText(node.nags());
    listed.set(id, node);
    frag.append(span);
    return frag;
  };

  // The line from `start` (a node whose parent is `parent`) to its end,
  // into `box`; alternatives to a move open an indented block after it.
  const line = (start, parent, box, numbered) => {
    let node = start;
    let prev = parent;
    let numberNext = numbered;
    while (node) {
      box.append(moveSpan(node, prev, numberNext), ' ');
      numberNext = false;
      const comment = node.comment();
      if (comment) {
        const c = document.createElement('div');
        c.className = 'comment';
        c.textContent = comment;
        box.append(c);
        numberNext = true;
      }
      // The alternatives to `node`, when it is its parent's main continuation.
      if (!node.startsVariation()) {
        for (const alt of prev.variations().slice(1)) {
          const v = document.createElement('div');
          v.className = 'variation';
          box.append(v);
          line(alt, prev, v, true);
          numberNext = true;
        }
      }
      const next = node.next();
      prev = node;
      node = next;
    }
  };
  const root = state.game.root();
  const first = root.next();
  if (first) line(first, root, list, true);
  else list.textContent = '—';
  listed.set(root.id(), root);
  for (const [id, n] of old) if (!listed.has(id) || listed.get(id) !== n) { if (n !== state.node) n.free(); }
  list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

const NAGS = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };
function nagText(nags) {
  return nags.map((n) => NAGS[n] ?? ` $${n}`).join('');
}

/** Shows a node of the game: its board, the engine's hint cleared. */
function goTo(node) {
  if (!node) return;
  state.node = node;
  state.board.free();
  state.board = node.board();
  state.selected = null;
  state.hint = null;
  render();
}

/** The sibling `step` places away from the node shown (a variation of the same move), if any. */
function sibling(step) {
  const parent = state.node.parent();
  if (!parent) return null;
  const kids = parent.variations();
  const at = kids.findIndex((k) => k.equals(state.node));
  return kids[at + step] ?? null;
}

function onKey(ev) {
  if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement || ev.target instanceof HTMLTextAreaElement) return;
  const to = {
    ArrowLeft: () => state.node.parent(),
    ArrowRight: () => state.node.next(),
    ArrowUp: () => sibling(-1),
    ArrowDown: () => sibling(1),
    Home: () => state.game.root(),
    End: () => { let n = state.node; for (let m = n.next(); m; m = m.next()) n = m; return n; },
  }[ev.key];
  if (!to) return;
  ev.preventDefault();
  stopThinking().then(() => goTo(to()));
}

function onMovesClick(ev) {
  const span = ev.target.closest('.move');
  if (!span) return;
  const node = listed.get(Number(span.dataset.node));
  if (!node) return;
  listed.delete(Number(span.dataset.node));
  stopThinking().then(() => goTo(node));
}

/** Opens the games of a record's bytes: the first shown, a library's others listed. */
function openRecord(bytes, name) {
  let report;
  try {
    report = readGamesReport(bytes);
  } catch (e) {
    showError(e instanceof XiangqiError ? `${name}: ${e.message}` : String(e));
    return;
  }
  if (report.games.length === 0) {
    showError(`${name}: no game in the file`);
    return;
  }
  for (const g of state.library) if (g !== state.game) g.free();
  state.library = report.games;
  const select = $('games');
  select.replaceChildren();
  report.games.forEach((g, i) => {
    const t = g.tags;
    const o = document.createElement('option');
    o.value = String(i);
    const who = [t.Red, t.Black].filter((x) => x && x !== '?').join(' – ');
    o.textContent = `${i + 1}. ${[t.Event, who].filter((x) => x && x !== '?').join(': ') || 'game'} (${g.moves.length} plies)`;
    select.append(o);
  });
  $('games-label').hidden = report.games.length < 2;
  const skipped = report.warnings.length ? `, ${report.warnings.length} skipped` : '';
  $('file-info').textContent = `${name}: ${report.format.toUpperCase()}, ${report.games.length} game${report.games.length === 1 ? '' : 's'}${skipped}`;
  showError('');
  pickGame(0);
}

async function pickGame(i) {
  await stopThinking();
  state.game = state.library[i];
  state.loaded = true;
  // A record is studied, not played against the engine.
  $('side').value = 'both';
  state.human = 'both';
  state.flipped = false;
  $('pgn').value = '';
  goTo(state.game.root());
}

async function openFile(file) {
  if (!file) return;
  openRecord(new Uint8Array(await file.arrayBuffer()), file.name);
}

/** The verdict in words, the library's sentence after a headline. */
function verdictWords(o) {
  const reason = {
    checkmate: 'checkmate',
    stalemate: 'no legal move (a loss in xiangqi)',
    perpetual_check: 'perpetual check',
    perpetual_chase: 'perpetual chase',
    repetition: 'repetition',
    move_limit: 'the move limit',
    insufficient_material: 'insufficient material',
  }[o.reason] ?? o.reason;
  const head = o.winner ? `${o.winner === 'red' ? 'Red' : 'Black'} wins by ${reason}` : `Draw by ${reason}`;
  return `${head}. ${o.text}`;
}

/** Plays a move at the node shown: its node when the tree has it, else a new variation (or the line's continuation). */
function play(move) {
  goTo(state.node.addVariation(move));
  maybeEngineMove();
}

function onBoardClick(ev) {
  const svg = $('board').querySelector('svg');
  if (!svg || !humanToMove() || state.thinking) return;
  const sq = squareAt(svg, ev.clientX, ev.clientY);
  if (sq && state.selected) {
    const move = state.selected + sq;
    if (state.board.movesFrom(state.selected).includes(move)) {
      play(move);
      return;
    }
  }
  state.selected = sq && isOwnPiece(sq) && sq !== state.selected ? sq : null;
  render();
}

function levelOptions() {
  const level = $('level').value;
  return level === 'full'
    ? { UCI_LimitStrength: false, 'Skill Level': 20 }
    : { UCI_LimitStrength: true, UCI_Elo: Number(level) };
}

async function search(limits, options = levelOptions()) {
  const epoch = state.epoch;
  state.thinking = true;
  render();
  try {
    await engine.configure({ ...options, OwnBook: true });
    await engine.position(state.board.startFen(), state.board.moveStack());
    const result = await engine.search(limits);
    return epoch === state.epoch ? result : null;
  } finally {
    if (epoch === state.epoch) state.thinking = false;
  }
}

async function maybeEngineMove() {
  if (!engine || state.board.isGameOver() || state.board.turn !== engineSide() || !state.node.isEnd()) return;
  try {
    const result = await search({ movetime: Number($('movetime').value) });
    if (result && result.bestMove && state.node.isEnd()) play(result.bestMove);
  } catch (e) {
    showError(`engine: ${e.message}`);
  }
  render();
}

async function hint() {
  if (!engine || state.thinking || !humanToMove()) return;
  try {
    // A hint at full strength, whatever the engine's level.
    const result = await search({ movetime: 500 }, { UCI_LimitStrength: false, 'Skill Level': 20 });
    if (result && result.bestMove) state.hint = result.bestMove;
  } catch (e) {
    showError(`engine: ${e.message}`);
  }
  render();
}

async function stopThinking() {
  state.epoch++;
  if (state.thinking && engine) await engine.stop();
  state.thinking = false;
}

async function undo() {
  await stopThinking();
  let node = state.node.parent() ?? state.node;
  // Back to a position where the person is to move.
  if (engineSide() && node.board().turn === engineSide() && node.parent()) node = node.parent();
  showError('');
  goTo(node);
}

async function newGame() {
  await stopThinking();
  const fen = ($('fen').value || $('study').value).trim();
  let board;
  try {
    board = fen ? new Board(fen) : new Board();
  } catch (e) {
    showError(e instanceof XiangqiError ? `Bad FEN: ${e.message}` : String(e));
    return;
  }
  state.game = Game.fromBoard(board);
  board.free();
  state.loaded = false;
  state.library = [];
  $('games-label').hidden = true;
  $('file-info').textContent = '';
  state.node = state.game.root();
  state.board.free();
  state.board = state.node.board();
  state.human = $('side').value;
  state.flipped = state.human === 'black';
  state.selected = null;
  state.hint = null;
  showError('');
  $('pgn').value = '';
  $('download').hidden = true;
  render();
  maybeEngineMove();
}

function exportPgn() {
  const date = new Date().toISOString().slice(0, 10).replaceAll('-', '.');
  const side = engineSide();
  let game = state.game.copy();
  if (!state.loaded) {
    const names = { red: 'Player', black: 'Player' };
    if (side) names[side] = `xiangqi-wasm (${$('level').selectedOptions[0].textContent})`;
    for (const [k, v] of [['Event', 'Casual game'], ['Date', date], ['Red', names.red], ['Black', names.black]]) {
      const next = game.withTag(k, v);
      game.free();
      game = next;
    }
  }
  const notation = $('notation').value;
  // The whole tree: every variation and comment.
  const text = writeGames([game], 'pgn', notation);
  game.free();
  $('pgn').value = text;
  const link = $('download');
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
  link.hidden = false;
}

async function main() {
  $('board').addEventListener('click', onBoardClick);
  $('undo').addEventListener('click', undo);
  $('hint').addEventListener('click', hint);
  $('flip').addEventListener('click', () => { state.flipped = !state.flipped; render(); });
  $('new').addEventListener('click', newGame);
  $('notation').addEventListener('change', render);
  $('pieces').addEventListener('change', render);
  $('export').addEventListener('click', exportPgn);
  $('study').addEventListener('change', () => { $('fen').value = $('study').value; });
  $('level').addEventListener('change', () => render());
  $('moves').addEventListener('click', onMovesClick);
  document.addEventListener('keydown', onKey);
  $('file').addEventListener('change', () => openFile($('file').files[0]));
  $('games').addEventListener('change', () => pickGame(Number($('games').value)));
  $('tables').addEventListener('change', () => openTables([...$('tables').files]));
  document.addEventListener('dragover', (ev) => { ev.preventDefault(); document.body.classList.add('dragging'); });
  document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
  document.addEventListener('drop', (ev) => {
    ev.preventDefault();
    document.body.classList.remove('dragging');
    const dropped = [...(ev.dataTransfer?.files ?? [])];
    if (dropped.length && dropped.every((f) => f.name.endsWith('.xqtb'))) {
      openTables(dropped);
      return;
    }
    openFile(ev.dataTransfer?.files?.[0]);
  });
  state.node = state.game.root();
  render();
  engine = await Engine.create();
  engine.onInfo = (info) => {
    const pv = info.pv.slice(0, 6).join(' ');
    $('engine-info').textContent = `depth ${info.depth}, ${info.score.mate !== undefined ? `mate ${info.score.mate}` : `${info.score.cp} cp`}, ${info.nodes} nodes: ${pv}`;
  };
  render();
  // The board's own font (the pieces' characters), loaded before the page says it is ready.
  await document.fonts.load('32px "Xiangqi Glyphs"', '帥將').catch(() => {});
  document.body.dataset.ready = 'true';
  maybeEngineMove();
}

main().catch((e) => {
  showError(String(e));
  throw e;
});
