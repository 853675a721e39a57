// The page: a game against the engine (or between two people) on the
// library's SVG board, over the npm package xiangqi-wasm.

import { Board, Game, writeGames, XiangqiError } from 'xiangqi-wasm';
import { Engine } from 'xiangqi-wasm/engine';

const $ = (id) => document.getElementById(id);
const FILES = 'abcdefghi';

const state = {
  board: new Board(),
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

  const notation = $('notation').value;
  const texts = b.moveTexts(notation);
  const list = $('moves');
  list.replaceChildren();
  // Number the moves as the game does: a game from a FEN with Black to
  // move starts with Black's half of a move.
  const blackFirst = b.startFen().split(' ')[1] === 'b';
  const cells = blackFirst ? ['…', ...texts] : texts;
  for (let i = 0; i < cells.length; i += 2) {
    const li = document.createElement('li');
    for (let j = i; j < Math.min(i + 2, cells.length); j++) {
      const span = document.createElement('span');
      span.textContent = cells[j];
      if (j === cells.length - 1 && texts.length > 0) span.className = 'last';
      li.append(span);
    }
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;

  $('undo').disabled = b.ply() === 0;
  $('hint').disabled = !engine || state.thinking || !humanToMove();
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

function play(move) {
  state.board.push(move);
  state.selected = null;
  state.hint = null;
  render();
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
  if (!engine || state.board.isGameOver() || state.board.turn !== engineSide()) return;
  try {
    const result = await search({ movetime: Number($('movetime').value) });
    if (result && result.bestMove) play(result.bestMove);
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
  const b = state.board;
  b.pop();
  // Back to a position where the person is to move.
  if (engineSide() && b.turn === engineSide() && b.ply() > 0) b.pop();
  state.selected = null;
  state.hint = null;
  showError('');
  render();
  maybeEngineMove();
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
  state.board.free();
  state.board = board;
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
  let game = Game.fromBoard(state.board).withTag('Event', 'Casual game').withTag('Date', date);
  const names = { red: 'Player', black: 'Player' };
  if (side) names[side] = `xiangqi-wasm (${$('level').selectedOptions[0].textContent})`;
  game = game.withTag('Red', names.red).withTag('Black', names.black);
  const notation = $('notation').value === 'chinese' ? 'chinese' : $('notation').value;
  const text = writeGames([game], notation);
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
  render();
  engine = await Engine.create();
  engine.onInfo = (info) => {
    const pv = info.pv.slice(0, 6).join(' ');
    $('engine-info').textContent = `depth ${info.depth}, ${info.score.mate !== undefined ? `mate ${info.score.mate}` : `${info.score.cp} cp`}, ${info.nodes} nodes: ${pv}`;
  };
  render();
  document.body.dataset.ready = 'true';
  maybeEngineMove();
}

main().catch((e) => {
  showError(String(e));
  throw e;
});
