import { beforeAll, describe, expect, it } from 'vitest';
import { buildBom, cachedEstimates, countSpools, estimateJobs, spoolKey, type Bom } from '../../src/bom/bom.js';
import { partPrint } from '../../src/bom/part-print.js';
import { csvField, formatBomCsv, formatBomJson, formatBomMarkdown, formatBomTable } from '../../src/bom/format.js';
import { TABLE_MAX_COLUMNS } from '../../src/table.js';
import { estimatePrint, type PrintSettings } from '../../src/bom/estimate.js';
import { planBom } from '../../src/bom/quantities.js';
import type { Faction } from '../../src/faction/types.js';
import { defaultSettings } from '../../src/generate/index.js';
import { boxMesh, fleetsOf, memoryCache, parseCsv, shippedFactions } from './helpers.js';

const PRINT: PrintSettings = {
  layerHeightMm: 0.2,
  lineWidthMm: 0.45,
  perimeters: 2,
  topLayers: 5,
  bottomLayers: 4,
  infillFraction: 0.15,
};
/** Stand-in meshes: a box per file, its size from the path, so rows differ. */
const meshOf = (path: string): ReturnType<typeof boxMesh> =>
  boxMesh(10 + (path.length % 7) * 5, 10 + (path.length % 3) * 5, 4 + (path.length % 5) * 2);

let all: Faction[];
let bom: Bom;
let plan: ReturnType<typeof planBom>;
beforeAll(async () => {
  all = await shippedFactions();
  plan = planBom({ mode: 'group', fleets: fleetsOf([...all, all[0]!, all[1]!]), settings: defaultSettings() });
  bom = buildBom({ plan, print: PRINT, mesh: meshOf, pricePerKg: 24.5 });
});

describe('the bill of materials', () => {
  it('multiplies each part estimate by its quantity and adds up by colour and material', () => {
    for (const r of bom.rows) {
      // The file the plan prints for the row: a faction's own (hull, cargo, its sails) or the shared one.
      const line = plan.lines.find((l) => l.part === r.part && (l.faction ?? 'shared') === r.faction)!;
      // At the part's own settings from the settings table: the cannons solid.
      const { settings } = partPrint(PRINT, { part: r.part, material: r.material, brim: false });
      expect(r.print).toEqual(settings);
      if (r.part === 'cannon') expect(r.print.infillFraction).toBe(1);
      const est = estimatePrint(meshOf(line.path), settings, 1.24);
      expect(r.gramsEach).toBeCloseTo(est.grams, 9);
      expect(r.gramsTotal).toBeCloseTo(est.grams * r.quantity, 9);
      expect(r.minutesTotal).toBeCloseTo(est.minutes * r.quantity, 9);
    }
    const t = bom.totals;
    expect(t.grams).toBeCloseTo(
      bom.rows.reduce((s, r) => s + r.gramsTotal, 0),
      6,
    );
    expect(t.byColor.reduce((s, c) => s + c.grams, 0)).toBeCloseTo(t.grams, 6);
    expect(t.byMaterial.reduce((s, m) => s + m.minutes, 0)).toBeCloseTo(t.minutes, 6);
    expect(t.spools).toBe(t.byColor.reduce((s, c) => s + c.spools, 0));
    expect(t.cost).toBeCloseTo((t.grams / 1000) * 24.5, 9);
    expect(t.spoolsCost).toBeCloseTo(t.spools * 24.5, 9);
  });

  it('takes each estimate from the part cache once stored there: the same bill, no mesh read again', async () => {
    const stored = new Map<string, Uint8Array>();
    const cache = memoryCache(stored);
    const sha = (path: string): string => `sha-of-${path}`;
    const first = await cachedEstimates(plan, PRINT, sha, meshOf, cache);
    expect(stored.size).toBe(estimateJobs(plan, PRINT).length);
    const read: string[] = [];
    const again = await cachedEstimates(plan, PRINT, sha, (path) => (read.push(path), meshOf(path)), cache);
    expect(read).toEqual([]);
    expect(again).toEqual(first);
    expect(
      buildBom({
        plan,
        print: PRINT,
        mesh: () => {
          throw new Error('no mesh needed');
        },
        pricePerKg: 24.5,
        estimates: again,
      }),
    ).toEqual(bom);
    // A changed file (its sha256) or code version is estimated afresh.
    await cachedEstimates(
      plan,
      PRINT,
      (path) => `changed-${path}`,
      (path) => (read.push(path), meshOf(path)),
      cache,
    );
    expect(read.length).toBe(estimateJobs(plan, PRINT).length);
  });

  it('gives each colour whole spools and prints "any" from the leftovers first', () => {
    const spools = countSpools([
      { color: 'black', material: 'pla', grams: 1200 },
      { color: 'white', material: 'pla', grams: 300 },
      { color: 'any', material: 'pla', grams: 1400 },
      { color: 'any', material: 'petg', grams: 10 },
    ]);
    // black 2 spools (800 g left), white 1 (700 g left): 1500 g of leftovers covers the 1400 g of "any".
    expect(spools).toEqual([2, 1, 0, 1]);
    // Owned spools: one black of the two is bought, no white; a red one the groups do not use feeds "any".
    const owned = new Map([
      [spoolKey('black', 'pla'), 1],
      [spoolKey('white', 'pla'), 1],
      [spoolKey('red', 'pla'), 1],
    ]);
    const groups = [
      { color: 'black', material: 'pla', grams: 1200 },
      { color: 'white', material: 'pla', grams: 300 },
      { color: 'any', material: 'pla', grams: 2400 },
    ];
    // Left: black 800, white 700, red 1000: 2500 g covers the 2400 g of "any".
    expect(countSpools(groups, owned)).toEqual([1, 0, 0]);
    expect(countSpools(groups)).toEqual([2, 1, 1]);
  });
});

describe('formats', () => {
  it('fits the terminal table in 100 columns', () => {
    const text = formatBomTable(bom);
    for (const l of text.split('\n')) expect([...l].length).toBeLessThanOrEqual(TABLE_MAX_COLUMNS);
    expect(text).toMatch(/^part +faction +qty +colour +material +g each +g total +min each +min total$/m);
    expect(text).toContain('Not printed, to buy:');
    expect(text).toMatch(/spools/);
  });

  it('writes print time as hours and minutes, rounding 59.6 min up to the next hour', () => {
    const text = formatBomTable({ ...bom, totals: { ...bom.totals, minutes: 539.6 } });
    expect(text).toMatch(/^Total: .*, 9 h 00 min of printing/m);
  });

  it('writes CSV that parses back to the rows, quoting what needs it', () => {
    const rows = parseCsv(formatBomCsv(bom));
    expect(rows[0]).toEqual([
      'part',
      'faction',
      'quantity',
      'color',
      'material',
      'gramsEach',
      'gramsTotal',
      'minutesEach',
      'minutesTotal',
      'file',
    ]);
    expect(rows).toHaveLength(bom.rows.length + 1);
    bom.rows.forEach((r, i) => {
      const [part, faction, quantity, color, material, , gramsTotal, , , file] = rows[i + 1]!;
      expect([part, faction, Number(quantity), color, material, file]).toEqual([
        r.part,
        r.faction,
        r.quantity,
        r.color,
        r.material,
        r.file,
      ]);
      expect(Number(gramsTotal)).toBeCloseTo(r.gramsTotal, 1);
    });
    expect(csvField('sea "green", bright')).toBe('"sea ""green"", bright"');
    expect(parseCsv(`${csvField('a,"b"\nc')},x\r\n`)).toEqual([['a,"b"\nc', 'x']]);
  });

  it('writes well-formed Markdown tables', () => {
    const md = formatBomMarkdown(bom);
    const tables = md
      .split('\n\n')
      .map((b) => b.split('\n'))
      .filter((ls) => ls[0]!.startsWith('|'));
    expect(tables).toHaveLength(3);
    for (const t of tables) {
      const cols = (l: string): number => l.replace(/\\\|/g, '').split('|').length;
      expect(t[1]).toMatch(/^\| (---:?)( \| ---:?)* \|$/);
      for (const l of t) expect(cols(l)).toBe(cols(t[0]!));
    }
    expect(tables[0]!).toHaveLength(bom.rows.length + 3);
  });

  it('writes the JSON shape the issue asks for', () => {
    const data = JSON.parse(formatBomJson(bom)) as Record<string, unknown> & {
      rows: Record<string, unknown>[];
      totals: Record<string, unknown>;
      notPrinted: unknown[];
    };
    expect(data).toMatchObject({ players: 9, mode: 'group' });
    for (const r of data.rows) {
      for (const k of ['part', 'faction', 'color', 'material']) expect(typeof r[k]).toBe('string');
      for (const k of ['quantity', 'gramsEach', 'gramsTotal', 'minutesEach', 'minutesTotal'])
        expect(typeof r[k]).toBe('number');
    }
    for (const k of ['grams', 'minutes', 'spools', 'cost']) expect(typeof data.totals[k]).toBe('number');
    expect(Array.isArray(data.totals.byColor)).toBe(true);
    expect(data.notPrinted).toEqual([
      { item: 'draw bag (any small cloth pouch)', quantity: 1 },
      {
        item: 'rubber band: O-ring AS568-014 (12.42 mm ID × 1.78 mm cord), one per movement wheel',
        quantity: bom.rows.filter((r) => r.part === 'wheel').reduce((s, r) => s + r.quantity, 0),
      },
      { item: expect.stringMatching(/^M10 steel washer, ISO 7089/), quantity: expect.any(Number) },
    ]);
  });
});
