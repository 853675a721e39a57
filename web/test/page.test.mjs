// The page in a real browser: Playwright (playwright-core from npm) drives
// Debian's Chromium headless; the page is served on 127.0.0.1 by the static
// server this test starts. Needs `npm run build` in ../wasm first.
//
// CHROMIUM overrides the browser's path (default /usr/bin/chromium);
// XIANGQI_SCREENSHOTS the folder for the screenshots (default
// ../target/web-screenshots).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { Board, Tablebase, readGames, writeGames } from '../../wasm/index.js';
import { serve } from '../scripts/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const shots = process.env.XIANGQI_SCREENSHOTS ?? join(repo, 'target', 'web-screenshots');

let server;
let browser;

before(async () => {
  server = await serve(repo);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
    timeout: 60_000,
  });
  mkdirSync(shots, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** A page on the site, with every console error and page error collected. */
async function open(viewport = { width: 1200, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  await page.goto(`${server.url}/web/`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  return { page, errors };
}

/** Clicks the point of a square, found from the drawing's own viewBox. */
async function clickSquare(page, square, flipped = false) {
  const { x, y } = await page.evaluate(([sq, flip]) => {
    const svg = document.querySelector('#board svg');
    svg.scrollIntoView({ block: 'nearest' });
    const r = svg.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    const step = vb.height - vb.width;
    const margin = (vb.width - 8 * step) / 2;
    const file = 'abcdefghi'.indexOf(sq[0]);
    const rank = Number(sq[1]);
    const col = flip ? 8 - file : file;
    const row = flip ? rank : 9 - rank;
    return {
      x: r.left + ((margin + col * step) * r.width) / vb.width,
      y: r.top + ((margin + row * step) * r.height) / vb.height,
    };
  }, [square, flipped]);
  await page.mouse.click(x, y);
}

// A composed mate in two (the black advisor on e9 stands where no game can
// put it): 1. horse f8-d7 check, the advisor must block on f8, 2. chariot
// f2 takes it, mate. The key, the defence and the mate are each the only one.
const STUDY = { fen: '4ak3/1P3N3/9/9/9/9/9/5R3/9/3K5 w - - 0 1', line: ['f8d7', 'e9f8', 'f2f8'] };

const boardState = (page) => page.$eval('#board', (b) => ({ fen: b.dataset.fen, ply: Number(b.dataset.ply) }));

async function playByClicks(page, move) {
  await clickSquare(page, move.slice(0, 2));
  await clickSquare(page, move.slice(2, 4));
}

test('three moves by clicking, each answered by the engine; an illegal click changes nothing', async () => {
  const { page, errors } = await open();
  await page.selectOption('#movetime', '300');
  await page.selectOption('#level', '1000');
  // Moves to try in order; each turn plays the first legal one.
  const wishes = ['h2e2', 'b0c2', 'h0g2', 'i0h0', 'a0a1', 'c3c4', 'g3g4'];
  for (let n = 1; n <= 3; n++) {
    const { fen, ply } = await boardState(page);
    assert.equal(ply, 2 * (n - 1));
    const legal = new Board(fen).legalMoves();
    const move = wishes.find((m) => legal.includes(m));
    await playByClicks(page, move);
    // The move is played, and the engine answers (from its book at first:
    // at once).
    await page.waitForFunction((p) => Number(document.querySelector('#board').dataset.ply) >= p, 2 * n - 1);
    await page.waitForFunction((p) => Number(document.querySelector('#board').dataset.ply) === p, 2 * n, { timeout: 30_000 });
    assert.equal(await page.locator('#moves .move').count(), 2 * n);
  }
  assert.match(await page.textContent('#status'), /Red to move/);
  assert.match(await page.textContent('#engine-info'), /depth \d+/);

  // An illegal click: select a red piece, click where it cannot go.
  const before = await boardState(page);
  const b = new Board(before.fen);
  const [from] = b.legalMoves().map((m) => m.slice(0, 2)).filter((s) => s !== 'e0');
  const target = ['e5', 'a9', 'e9', 'i5', 'e7'].find((t) => !b.legalMoves().includes(from + t));
  await clickSquare(page, from);
  assert.equal(await page.locator('#board svg .highlight:not(.last-move):not(.check)').count() > 1, true);
  await clickSquare(page, target);
  await clickSquare(page, 'e5'); // an empty point with nothing selected
  await clickSquare(page, 'a9'); // the opponent's piece
  await page.waitForTimeout(200);
  assert.deepEqual(await boardState(page), before);
  assert.match(await page.textContent('#status'), /Red to move/);

  // Undo takes back the engine's move and the player's.
  await page.click('#undo');
  await page.waitForFunction((p) => Number(document.querySelector('#board').dataset.ply) === p, before.ply - 2);

  // A hint: the engine's move drawn as an arrow.
  await page.click('#hint');
  await page.waitForSelector('#board svg .arrow', { timeout: 30_000 });

  // PGN export.
  await page.click('#export');
  const pgn = await page.inputValue('#pgn');
  assert.match(pgn, /\[Red "Player"\]/);
  assert.match(pgn, /1\. /);

  await page.screenshot({ path: join(shots, 'game.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a mate-in-two study loaded from FEN is played to the verdict', async () => {
  const { page, errors } = await open();
  await page.fill('#fen', STUDY.fen);
  await page.selectOption('#side', 'red');
  await page.click('#new');
  await page.waitForFunction((f) => document.querySelector('#board').dataset.fen === f, STUDY.fen);
  await playByClicks(page, STUDY.line[0]);
  // The engine finds Black's only move.
  await page.waitForFunction(() => Number(document.querySelector('#board').dataset.ply) === 2, null, { timeout: 30_000 });
  const { fen } = await boardState(page);
  const expected = new Board(STUDY.fen);
  expected.push(STUDY.line[0]);
  expected.push(STUDY.line[1]);
  assert.equal(fen, expected.fen());
  await playByClicks(page, STUDY.line[2]);
  await page.waitForSelector('#status[data-state="over"]');
  const status = await page.textContent('#status');
  assert.match(status, /Red wins by checkmate/);
  assert.equal((await boardState(page)).ply, 3);
  // The move list shows the three moves in Chinese.
  assert.equal(await page.locator('#moves .move').count(), 3);
  assert.match(await page.textContent('#moves'), /马四退六/);
  await page.screenshot({ path: join(shots, 'study.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a bad FEN is refused in words; the page fits a phone', async () => {
  const { page, errors } = await open({ width: 375, height: 740 });
  const before = await boardState(page);
  await page.fill('#fen', 'this is not a position');
  await page.click('#new');
  assert.match(await page.textContent('#error'), /Bad FEN/);
  assert.deepEqual(await boardState(page), before);
  // No sideways scrolling at a phone's width, and the board fills it.
  const { scroll, board } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    board: document.querySelector('#board svg').getBoundingClientRect().width,
  }));
  assert.ok(scroll <= 375, `page is ${scroll} px wide`);
  assert.ok(board >= 340, `board is ${board} px wide`);
  // A move by tapping works at this size too.
  await playByClicks(page, 'h2e2');
  await page.waitForFunction(() => Number(document.querySelector('#board').dataset.ply) >= 1);
  await page.screenshot({ path: join(shots, 'phone.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('an XQF record with a variation opens; a variation move is shown, stepped through, and extended', async () => {
  const { page, errors } = await open();
  // The XQF is the package's own, from a PGN with a variation and a comment.
  const pgn = '[Event "Variation"]\n\n1. h2e2 h9g7 (1... b9c7 2. h0g2 {side line}) 2. h0g2 i9h9 *\n';
  const [game] = readGames(pgn);
  const xqf = writeGames([game], 'xqf');
  await page.setInputFiles('#file', { name: 'variation.xqf', mimeType: 'application/octet-stream', buffer: Buffer.from(xqf) });
  await page.waitForFunction(() => /XQF, 1 game/.test(document.querySelector('#file-info').textContent));
  assert.equal((await boardState(page)).ply, 0);
  // The tree: the main line, the variation indented, its comment shown.
  assert.equal(await page.locator('#moves .move').count(), 6);
  assert.equal(await page.locator('#moves .variation .move').count(), 2);
  assert.match(await page.textContent('#moves .variation .comment'), /side line/);
  // Click the variation's first move: its position is shown.
  await page.click('#moves .variation .move[data-move="b9c7"]');
  const after = (moves) => { const b = new Board(); for (const m of moves) b.push(m); return b.fen(); };
  assert.deepEqual(await boardState(page), { fen: after(['h2e2', 'b9c7']), ply: 2 });
  // Right steps along the variation, left back, up/down between the variations.
  await page.keyboard.press('ArrowRight');
  assert.equal((await boardState(page)).fen, after(['h2e2', 'b9c7', 'h0g2']));
  assert.match(await page.textContent('#comment'), /side line/);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  assert.equal((await boardState(page)).fen, after(['h2e2', 'h9g7']));
  await page.keyboard.press('ArrowDown');
  assert.equal((await boardState(page)).fen, after(['h2e2', 'b9c7']));
  // A new move on the board starts a variation beside the record's.
  await playByClicks(page, 'b0c2');
  assert.equal((await boardState(page)).fen, after(['h2e2', 'b9c7', 'b0c2']));
  assert.equal(await page.locator('#moves .variation .variation .move[data-move="b0c2"]').count(), 1);
  // The engine analyses the position shown.
  await page.click('#hint');
  await page.waitForSelector('#board svg .arrow', { timeout: 30_000 });
  // Export: the PGN keeps the record's tags and both variations.
  await page.selectOption('#notation', 'iccs');
  await page.click('#export');
  const text = await page.inputValue('#pgn');
  assert.match(text, /\[Event "Variation"\]/);
  const [back] = readGames(text);
  assert.deepEqual(back.moves, ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  const side = back.root().next().variations()[1];
  assert.equal(side.move(), 'b9c7');
  assert.deepEqual(side.variations().map((n) => n.move()), ['h0g2', 'b0c2']);
  await page.screenshot({ path: join(shots, 'record.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a PGN of two games dropped on the page opens as a list to pick from', async () => {
  const { page, errors } = await open();
  const text = '[Event "One"]\n\n1. h2e2 h9g7 *\n\n[Event "Two"]\n\n1. c3c4 b9c7 2. b0c2 *\n\n[Event "Bad"]\n\n1. a0a5 *\n';
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], 'two.pgn', { type: 'application/x-chess-pgn' }));
    document.querySelector('#moves').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, text);
  await page.waitForFunction(() => /PGN, 2 games, 1 skipped/.test(document.querySelector('#file-info').textContent));
  assert.equal(await page.isVisible('#games'), true);
  assert.deepEqual(await page.locator('#games option').allTextContents(), ['1. One (2 plies)', '2. Two (3 plies)']);
  await page.selectOption('#games', '1');
  await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 3);
  await page.keyboard.press('End');
  const b = new Board();
  for (const m of ['c3c4', 'b9c7', 'b0c2']) b.push(m);
  assert.deepEqual(await boardState(page), { fen: b.fen(), ply: 3 });
  await page.keyboard.press('Home');
  assert.equal((await boardState(page)).ply, 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('endgame tables loaded from a file give the verdict under the board', async () => {
  const { page, errors } = await open();
  // A soldier across the river beats a bare king (a known endgame fact);
  // the number of moves is the table's, read here through the library.
  const fen = '3k5/9/9/9/4P4/9/9/9/9/5K3 w';
  const kpk = readFileSync(join(repo, 'wasm', 'test', 'data', 'kpk.xqtb'));
  const dtm = Tablebase.fromBytes(new Uint8Array(kpk)).probeDtm(new Board(fen));
  assert.ok(dtm > 0);
  await page.selectOption('#side', 'both');
  await page.fill('#fen', fen);
  await page.click('#new');
  await page.waitForFunction((f) => document.querySelector('#board').dataset.fen.startsWith(f), fen);
  assert.equal(await page.textContent('#tablebase'), '');
  await page.setInputFiles('#tables', { name: 'kpk.xqtb', mimeType: 'application/octet-stream', buffer: kpk });
  await page.waitForFunction(() => /1 table: kpk/.test(document.querySelector('#tables-info').textContent));
  assert.equal(await page.textContent('#tablebase'), `Tablebase: Red to move, win in ${(dtm + 1) / 2}`);
  // After a soldier move Black, to move, loses.
  await playByClicks(page, 'e5e6');
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '1');
  assert.match(await page.textContent('#tablebase'), /^Tablebase: Black to move, loss in \d+$/);
  assert.deepEqual(errors, []);
  await page.close();
});
