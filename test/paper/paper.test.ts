/**
 * The paper: pages as the cards command lays them out, from parts generated here. Referees that share
 * nothing with the layout: the flag holder's slot measured from its STL's own vertices; pdfinfo
 * (poppler) reading the PDF when it is installed; the SVG checked as XML by a tag matcher.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import type { Faction } from '../../src/faction/types.js';
import { defaultSettings, generateParts, type GeneratedFile } from '../../src/generate/index.js';
import { parseStl } from '../../src/mesh/stl.js';
import { CARD } from '../../src/paper/cards.js';
import { paperPages } from '../../src/paper/index.js';
import { PAPER, pagesPdf, pageSvg, type Page, type Shape } from '../../src/paper/page.js';
import { textStrokes } from '../../src/render/font.js';
import { clearanceMm, displayColor, INTERFACES, PAPER_THICKNESS_MM } from '../../src/standard.js';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../../src/faction/loader.js';

let factions: Faction[];
let files: GeneratedFile[];
const settings = defaultSettings();

beforeAll(async () => {
  factions = await loadFactions(DEFAULT_FACTIONS_DIR);
  files = await generateParts({ factions, settings, jobs: 1 });
}, 120_000);

/** The slot as the STL's vertices give it: the points on its walls (|y| within the gap, inside the clip). */
function slotFromVertices(): { widthMm: number; thicknessMm: number } {
  const holder = files.find((f) => f.part === 'flag-holder')!;
  const slot = holder.features.find((f) => f.kind === 'paper-slot')!;
  const p = parseStl(holder.bytes).positions;
  const ys: number[] = [],
    zs: number[] = [];
  for (let v = 0; v < p.length; v += 3) {
    const [x, y, z] = [p[v]!, p[v + 1]!, p[v + 2]!];
    // The slot's corners at its mouth, within half a millimetre of its mid-plane (the clip's own faces
    // stand its wall, 1.2 mm, further out; the masthead's top, under the clip, reaches no further out).
    if (x <= slot.positionMm[0] + 0.01 && x >= slot.positionMm[0] - 0.5 && Math.abs(y) < 0.5) (ys.push(y), zs.push(z));
  }
  return { widthMm: Math.max(...zs) - Math.min(...zs), thicknessMm: Math.max(...ys) - Math.min(...ys) };
}

const boxOf = (s: Shape): { x0: number; y0: number; x1: number; y1: number } => {
  const pts =
    s.kind === 'text'
      ? textStrokes(s.text, s.capMm)
          .strokes.flat()
          .map(([x, y]) => [s.xMm + x, s.yMm - y] as const)
      : s.rings.flat();
  const half = s.kind === 'text' ? (s.capMm / 20) * (s.weight ?? 1) : 0;
  return {
    x0: Math.min(...pts.map((q) => q[0])) - half,
    x1: Math.max(...pts.map((q) => q[0])) + half,
    y0: Math.min(...pts.map((q) => q[1])) - half,
    y1: Math.max(...pts.map((q) => q[1])) + half,
  };
};

describe('cards', () => {
  it('lays out the cards nine to a page, then the flags, then the quick reference, on A4 and Letter', async () => {
    for (const paper of ['a4', 'letter'] as const) {
      const { pages } = await paperPages({ factions, files, settings, paper });
      const cardPages = Math.ceil(factions.length / 9);
      // Flags: one in each faction's colour for every flag holder its set prints (9–12), on pages of their own.
      const holder = files.find((f) => f.part === 'flag-holder')!;
      const flagPages = pages.slice(cardPages, -1);
      expect(flagPages.length).toBeGreaterThanOrEqual(1);
      const panels = flagPages
        .flatMap((p) => p.shapes)
        .filter((x) => x.kind === 'path' && x.fillHex !== null && x.rings.length === 2);
      for (const f of factions) {
        const count = holder.quantity.perSet[f.id]!;
        expect(count, f.id).toBeGreaterThanOrEqual(f.card.ships + 7);
        expect(
          panels.filter((x) => x.kind === 'path' && x.fillHex === displayColor(f.card.color)),
          f.id,
        ).toHaveLength(count);
      }
      for (const p of pages) expect([p.widthMm, p.heightMm]).toEqual([PAPER[paper].widthMm, PAPER[paper].heightMm]);
      // Nothing drawn off the paper.
      for (const p of pages)
        for (const s of p.shapes) {
          const b = boxOf(s);
          expect(b.x0 >= 0 && b.y0 >= 0 && b.x1 <= p.widthMm && b.y1 <= p.heightMm, JSON.stringify(b)).toBe(true);
        }
    }
  });

  it("keeps every card's text inside its card", async () => {
    const { pages } = await paperPages({ factions, files, settings, paper: 'a4' });
    const cards = pages[0]!;
    const [cols] = [3];
    const x = (cards.widthMm - cols * CARD.widthMm) / 2,
      y = (cards.heightMm - 3 * CARD.heightMm) / 2;
    const texts = cards.shapes.filter((s) => s.kind === 'text');
    expect(texts.length).toBeGreaterThan(factions.length * 8);
    for (const t of texts) {
      const b = boxOf(t);
      const col = Math.floor((b.x0 - x) / CARD.widthMm),
        row = Math.floor((b.y0 - y) / CARD.heightMm);
      const [cx, cy] = [x + col * CARD.widthMm, y + row * CARD.heightMm];
      expect(
        b.x1 <= cx + CARD.widthMm - 1 && b.y1 <= cy + CARD.heightMm - 1 && b.x0 >= cx + 1 && b.y0 >= cy + 1,
        `${(t as { text: string }).text} ${JSON.stringify(b)}`,
      ).toBe(true);
    }
  });

  it('refuses text that does not fit, naming the file and the field', async () => {
    const long = {
      ...factions[0]!,
      card: { ...factions[0]!.card, ability: { name: 'Plunder', text: 'word '.repeat(80) } },
    };
    const err = await paperPages({ factions: [long], files, settings, paper: 'a4' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(/card\.ability\.text.*room for \d+/s);
    expect((err as InputError).message).toContain(factions[0]!.sourceFile);
    const wide = { ...factions[0]!, name: 'The Most Honourable Company of Merchant Adventurers' };
    expect(
      String(await paperPages({ factions: [wide], files, settings, paper: 'a4' }).catch((e: unknown) => e)),
    ).toMatch(/name/);
  });

  it('sizes the flag tab to the slot measured on the mesh, less the sliding clearance each side; two layers of paper go in', async () => {
    const slot = slotFromVertices();
    for (const clearance of [0.1, 0.2, 0.3]) {
      const { pages } = await paperPages({
        factions,
        files,
        settings: { ...settings, clearanceMm: clearance },
        paper: 'a4',
      });
      // The tab's width where it folds: the first flag's cut outline on the flag page (the 12-corner
      // closed path), cut along its fold (the dashed line's x).
      const flagsPage = pages[Math.ceil(factions.length / 9)]!.shapes;
      const cut = flagsPage.find(
        (x) => x.kind === 'path' && x.closed && x.rings[0]!.length === 12 && x.fillHex === null,
      ) as Extract<Shape, { kind: 'path' }>;
      const fold = flagsPage.find((x) => x.kind === 'path' && x.dashMm) as Extract<Shape, { kind: 'path' }>;
      const foldX = fold.rings[0]![0]![0];
      const outline = cut.rings[0]!.map(([x, y]) => [x - foldX, y] as const);
      const crossings = outline.flatMap((a, i) => {
        const b = outline[(i + 1) % outline.length]!;
        return a[0] < 0 !== b[0] < 0 ? [a[1] + ((b[1] - a[1]) * (0 - a[0])) / (b[0] - a[0])] : [];
      });
      const tab = Math.max(...crossings) - Math.min(...crossings);
      const want = slot.widthMm - 2 * clearanceMm('sliding', clearance);
      expect(Math.abs(tab - want), `clearance ${clearance}`).toBeLessThan(0.05);
      expect(2 * PAPER_THICKNESS_MM).toBeLessThanOrEqual(slot.thicknessMm);
    }
    // The slot the generated files were built for (settings.clearanceMm) is the one measured.
    expect(Math.abs(slot.widthMm - INTERFACES.flagHolder.paperSlotHeightMm)).toBeLessThan(0.05);
  });
});

describe('serializers', () => {
  let pages: Page[];
  beforeAll(async () => {
    pages = (await paperPages({ factions, files, settings, paper: 'letter' })).pages;
  });

  it('writes a PDF that a reader opens with every page at its size, the same bytes twice', async () => {
    const pdf = await pagesPdf(pages, 'test');
    expect(Buffer.from(pdf).equals(Buffer.from(await pagesPdf(pages, 'test')))).toBe(true);
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    let info: string | null = null;
    try {
      const path = join(await mkdtemp(join(tmpdir(), 'sw-pdf-')), 'cards.pdf');
      await writeFile(path, pdf);
      info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
    } catch {
      info = null; // poppler-utils not installed: the bytes' header is checked above
    }
    if (info) {
      expect(info).toMatch(new RegExp(`Pages:\\s+${pages.length}\\b`));
      expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
      expect(info).not.toMatch(/CreationDate/);
    }
  });

  it('writes each page as well-formed SVG in millimetres', () => {
    for (const p of pages) {
      const svg = pageSvg(p);
      expect(svg).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="215.9mm" height="279.4mm"/,
      );
      // Every tag closes in order, every attribute is quoted, no stray ampersands.
      const stack: string[] = [];
      for (const m of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<&]*")*)\s*(\/?)>/g)) {
        if (m[1]) expect(stack.pop()).toBe(m[2]);
        else if (!m[4]) stack.push(m[2]!);
      }
      expect(stack).toEqual([]);
      expect(
        svg
          .replace(/<\?xml[^>]*\?>/, '')
          .replace(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<&]*")*)\s*(\/?)>/g, '')
          .trim(),
      ).toBe('');
    }
  });
});
