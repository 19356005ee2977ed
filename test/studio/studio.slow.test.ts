/**
 * The studio in a real browser (issue 29): Debian's headless Chromium, driven by playwright-core (which
 * downloads nothing), opens `shipwright studio` on a new faction file, edits a card value and sees
 * validate's finding appear and go, moves a cannon slot and sees the model redrawn (the canvas's pixels
 * differ), puts a slot where it does not fit and sees the layout problem at its line, then writes the STLs,
 * the plates and the cards with its buttons and checks them on disk (each STL and plate a closed mesh, the
 * cards' PDF read back by pdftotext). Its screenshots are the README's (docs/studio*.png). Skipped, saying
 * why, where Chromium is not installed (.ci/run installs it, and poppler-utils for pdftotext). A slow test:
 * `npm run test:slow`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStl } from '../../src/mesh/stl.js';
import { checkTopology } from '../../src/mesh/topology.js';
import { runBuilt } from '../helpers/cli.js';
import { read3mf } from '../helpers/threemf.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/shipwright.js');
const DOCS = join(ROOT, 'docs');

/** Starts `shipwright studio` and resolves with it and the URL it prints. */
function startStudio(args: readonly string[], cwd: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'studio', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /studio: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => reject(new Error(`studio exited ${code} before listening: ${err}`)));
  });
}

/** Replaces the first `from` in the editor by `to`, typed at the keyboard, and waits for the page's next check. */
async function edit(page: Page, from: string, to: string): Promise<void> {
  const before = Number(await page.locator('body').getAttribute('data-checked'));
  await page.evaluate(
    ([f, t]) => {
      const area = document.getElementById('text') as HTMLTextAreaElement;
      const at = area.value.indexOf(f!);
      if (at < 0) throw new Error(`"${f}" is not in the editor`);
      area.focus();
      area.setSelectionRange(at, at + f!.length);
      return t;
    },
    [from, to],
  );
  await page.keyboard.type(to);
  // Until the page has drawn a check of the text as typed (one started mid-word does not count) and none is to come.
  await page.waitForFunction(
    (n) => Number(document.body.dataset.checked) > n && document.body.dataset.pending === '0',
    before,
    { timeout: 120_000 },
  );
}

const canvasPixels = (page: Page): Promise<string> =>
  page.evaluate(() => (document.getElementById('model') as HTMLCanvasElement).toDataURL('image/png'));
const findingRules = (page: Page): Promise<string[]> => page.locator('#findings li .where').allTextContents();

describe('shipwright studio in headless Chromium', () => {
  const name =
    'edits a card value and a slot, shows the finding come and go, the model and the layout problem change, and writes the STLs, plates and cards';
  let dir = '';
  let studio: { child: ChildProcess; url: string } | null = null;
  let browser: Browser | null = null;

  beforeAll(async () => {
    if (!CHROMIUM) return;
    dir = mkdtempSync(join(tmpdir(), 'shipwright-studio-'));
    const made = await runBuilt(['new-faction', 'Test Fleet', '--out', dir]);
    expect(made.code, made.err).toBe(0);
    studio = await startStudio([join(dir, 'test-fleet.yaml'), '--out', join(dir, 'out')], dir);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--ignore-gpu-blocklist'],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    studio?.child.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!CHROMIUM)(
    CHROMIUM ? name : `${name} (skipped: no Chromium; Debian: apt-get install chromium)`,
    async () => {
      const page = await browser!.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // Everything the page loads comes from the studio itself: no request leaves 127.0.0.1.
      const elsewhere: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(studio!.url) && !r.url().startsWith('data:')) elsewhere.push(r.url());
      });
      await page.goto(studio!.url);
      // The first check builds every part (the part cache may be cold).
      await page.waitForFunction(() => Number(document.body.dataset.checked) >= 1, null, { timeout: 300_000 });
      await page.waitForTimeout(500);
      expect(await page.locator('#status').textContent()).toMatch(/test-fleet: clean/);
      expect(await page.locator('#card svg').count()).toBe(1);
      expect(await page.locator('#deck-map').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await page.screenshot({ path: join(DOCS, 'studio.png') });
      const first = await canvasPixels(page);

      // A card value: four fittings on the card, three sockets on the model.
      await edit(page, 'fittings: 3', 'fittings: 4');
      expect((await findingRules(page)).some((w) => w.startsWith('card/fitting-sockets'))).toBe(true);
      await page.screenshot({ path: join(DOCS, 'studio-finding.png') });
      const cardEditMs = await page.evaluate(() =>
        Number(/checked in (\d+) ms/.exec(document.getElementById('status')!.textContent!)?.[1]),
      );
      await edit(page, 'fittings: 4', 'fittings: 3');
      expect((await findingRules(page)).some((w) => w.startsWith('card/fitting-sockets'))).toBe(false);
      expect(await page.locator('#findings li.none').count()).toBe(1);

      // A slot position: the port slot moved 6 mm aft; the hull is rebuilt and drawn anew.
      await edit(page, 'facing: port, at: 6mm', 'facing: port, at: 0mm');
      await page.waitForTimeout(500);
      expect(await page.locator('#status').textContent()).toMatch(/clean/);
      const moved = await canvasPixels(page);
      expect(moved).not.toBe(first);

      // A slot where the side curves away: the layout problem at its line, with the nearest place that fits.
      await edit(page, 'facing: port, at: 0mm', 'facing: port, at: 36mm');
      const problems = await page.locator('#problems li').allTextContents();
      const line =
        (await page.evaluate(() =>
          (document.getElementById('text') as HTMLTextAreaElement).value
            .split('\n')
            .findIndex((l) => l.includes('at: 36mm')),
        )) + 1;
      expect(
        problems.some((p) => p.includes(`line ${line}:`) && /port cannon slot .*nearest place that fits/.test(p)),
      ).toBe(true);
      await page.screenshot({ path: join(DOCS, 'studio-layout.png') });
      await edit(page, 'facing: port, at: 36mm', 'facing: port, at: 6mm');
      expect(
        await page.locator('#problems li.none').count(),
        (await page.locator('#problems li').allTextContents()).join('\n'),
      ).toBe(1);

      // Write the STLs with the keyboard: focus the button, press Enter.
      await page.focus('#write-stl');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.body.dataset.wrote === 'stl', null, { timeout: 300_000 });
      expect(await page.locator('#status').textContent()).toMatch(/wrote stl/);
      const hull = join(dir, 'out', 'test-fleet', 'hull.stl');
      expect(existsSync(hull)).toBe(true);
      const report = checkTopology(parseStl(readFileSync(hull)));
      expect(report.watertight).toBe(true);
      expect(report.bodies).toBe(1);
      expect(existsSync(join(dir, 'out', 'shared', 'cannon.stl'))).toBe(true);
      expect(existsSync(join(dir, 'out', 'manifest.json'))).toBe(true);
      // The file written is the one in the editor, saved: back at 6 mm.
      expect(readFileSync(join(dir, 'test-fleet.yaml'), 'utf8')).toContain('facing: port, at: 6mm');

      // Write the plates with the mouse: print's plates for a 2-player table of the faction, each a 3MF whose
      // every object is a closed mesh; the test ship's plate holds the faction's hull.
      await page.click('#write-plates');
      await page.waitForFunction(() => document.body.dataset.wrote === 'plates', null, { timeout: 300_000 });
      expect(await page.locator('#status').textContent(), (await page.locator('#log').textContent()) ?? '').toMatch(
        /wrote plates/,
      );
      const plates = readdirSync(join(dir, 'out', 'plates')).filter((f) => f.endsWith('.3mf'));
      expect(plates.length).toBeGreaterThan(1);
      const testShip = plates.find((f) => f.includes('test-ship-test-fleet'));
      expect(testShip, plates.join(', ')).toBeDefined();
      for (const plate of plates) {
        const model = read3mf(readFileSync(join(dir, 'out', 'plates', plate)));
        expect(model.objects.length, plate).toBeGreaterThan(0);
        for (const o of model.objects) {
          const mesh = {
            positions: new Float32Array(o.vertices.flat()),
            triangles: new Uint32Array(o.triangles.flat()),
          };
          expect(checkTopology(mesh).watertight, `${plate}: ${o.name}`).toBe(true);
        }
      }
      const shipPlate = read3mf(readFileSync(join(dir, 'out', 'plates', testShip!)));
      expect(
        shipPlate.objects.some((o) => /hull/.test(o.name)),
        shipPlate.objects.map((o) => o.name).join(', '),
      ).toBe(true);
      expect(readFileSync(join(dir, 'out', 'print-plan.md'), 'utf8')).toContain(testShip!);

      // Write the cards with the keyboard: a PDF whose text (pdftotext, poppler) has the faction's card.
      await page.focus('#write-cards');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.body.dataset.wrote === 'cards', null, { timeout: 300_000 });
      expect(await page.locator('#status').textContent(), (await page.locator('#log').textContent()) ?? '').toMatch(
        /wrote cards/,
      );
      const pdf = join(dir, 'out', 'cards.pdf');
      expect((await PDFDocument.load(readFileSync(pdf))).getPageCount()).toBeGreaterThan(0);
      const words = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
      expect(words).toMatch(/^Test Fleet$/m);
      expect(words).toMatch(/Cannon slots: 2/);

      expect(errors).toEqual([]);
      expect(elsewhere).toEqual([]);
      // The figure the issue asks for: a card-only edit checked in well under a second (printed, not timed as a pass mark).
      console.log(`studio: a card-only edit checked in ${cardEditMs} ms`);
    },
    900_000,
  );
});
