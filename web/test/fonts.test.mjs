// The board's glyphs come from the page's own font (fonts/xiangqi-glyphs.woff2):
// Chromium run with a fontconfig that has only DejaVu (no CJK font) draws
// the pieces as with the system's fonts, not as empty boxes. Three pictures
// of the same pieces are compared: the normal fontconfig, DejaVu only, and
// DejaVu only with the page's font withheld (the boxes).
//
// CHROMIUM overrides the browser's path (default /usr/bin/chromium);
// DEJAVU the folder of the DejaVu fonts (default /usr/share/fonts/truetype/dejavu).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';
import { serve } from '../scripts/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const shots = process.env.XIANGQI_SCREENSHOTS ?? join(repo, 'target', 'web-screenshots');
const dejavu = process.env.DEJAVU ?? '/usr/share/fonts/truetype/dejavu';

let server;
const browsers = [];

before(async () => {
  server = await serve(repo);
  mkdirSync(shots, { recursive: true });
});

after(async () => {
  for (const b of browsers) await b.close();
  await server?.close();
});

async function launch(env) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  browsers.push(browser);
  return browser;
}

/** The RGBA pixels of the board's top rows (Black's pieces) and the river, as drawn in `browser`. */
async function boardPixels(browser, name, withFont = true) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  if (!withFont) await page.route('**/*.woff2', (r) => r.abort());
  await page.goto(`${server.url}/web/`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  await page.evaluate(() => document.fonts.ready);
  const svg = page.locator('#board svg');
  const png = await svg.screenshot({ path: join(shots, `${name}.png`) });
  // Decoded in the page itself (no image library needed here).
  const pixels = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return Array.from(ctx.getImageData(0, 0, c.width, c.height).data);
  }, png.toString('base64'));
  await page.close();
  return pixels;
}

/** The share of pixels that differ strongly (a channel by more than 96 of 255): ink where the other has none. */
function difference(a, b) {
  assert.equal(a.length, b.length);
  let strong = 0;
  for (let i = 0; i < a.length; i += 4) {
    const d = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]));
    if (d > 96) strong++;
  }
  return strong / (a.length / 4);
}

test('pieces and river are drawn with the page font, with or without CJK fonts installed', async () => {
  assert.ok(existsSync(dejavu), `no DejaVu fonts in ${dejavu}`);
  const dir = mkdtempSync(join(tmpdir(), 'xiangqi-fonts-'));
  const conf = join(dir, 'fonts.conf');
  writeFileSync(conf, `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${dejavu}</dir>
  <cachedir>${join(dir, 'cache')}</cachedir>
</fontconfig>
`);
  const system = await boardPixels(await launch({}), 'fonts-system');
  const bare = await launch({ FONTCONFIG_FILE: conf });
  const dejavuOnly = await boardPixels(bare, 'fonts-dejavu-only');
  const boxes = await boardPixels(bare, 'fonts-dejavu-only-no-webfont', false);
  const same = difference(system, dejavuOnly);
  const tofu = difference(boxes, dejavuOnly);
  // The boxes differ from the glyphs; with the page font, fonts installed or not make no difference.
  // (Anti-aliasing may differ a little between the two fontconfigs.)
  console.log(`strongly differing pixels: system vs DejaVu-only ${same}, boxes vs glyphs ${tofu}`);
  assert.ok(tofu > 0.01, `the boxes look like the glyphs (${tofu})`);
  assert.ok(same < tofu / 10, `DejaVu-only differs from the system fonts: ${same} (boxes: ${tofu})`);
});
