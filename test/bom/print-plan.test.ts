/**
 * One plan: for every table the rulebook plays (2–20 players, each mode, repeats and armada lists), the
 * plates hold exactly the copies the bill of materials counts, file by file; and with the real parts, a
 * few plates over the area bound at most.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { buildBom } from '../../src/bom/bom.js';
import type { PrintSettings } from '../../src/bom/estimate.js';
import { cachedPlanPlates, planPlates, platesOn } from '../../src/bom/print-plan.js';
import { planBom, resolveMode, type BomMode } from '../../src/bom/quantities.js';
import type { Faction } from '../../src/faction/types.js';
import { defaultSettings, generateParts } from '../../src/generate/index.js';
import { parseStl } from '../../src/mesh/stl.js';
import { PRINT_PLATE, PRINTABILITY, PRINTERS } from '../../src/standard.js';
import { shadowGap, shadowOf } from '../helpers/shadow.js';
import { place, read3mf } from '../helpers/threemf.js';
import { boxMesh, fleetsOf, memoryCache, shippedFactions } from './helpers.js';

const PRINT: PrintSettings = {
  layerHeightMm: 0.2,
  lineWidthMm: 0.45,
  perimeters: 2,
  topLayers: 5,
  bottomLayers: 4,
  infillFraction: 0.15,
};
const GENERIC = PRINTERS.find((p) => p.id === 'generic-220')!;
const MINI = PRINTERS.find((p) => p.id === 'prusa-mini')!;

/** Copies of each object on each plate, counted from the 3MF's build items. */
function copiesIn(bytes: Uint8Array): number {
  const xml = new TextDecoder().decode(unzipSync(bytes)['3D/3dmodel.model']!);
  return (xml.match(/<item /g) ?? []).length;
}

let all: Faction[];
beforeAll(async () => {
  all = await shippedFactions();
});

/** These tests count and pack; the thumbnails are tested with the CLI. */
const NO_THUMBNAIL = platesOn(null, null, { thumbnails: false });

describe('the print plan', () => {
  it('puts on plates exactly the copies bom counts, for 2–20 players in every mode', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 20 }),
        fc.constantFrom<BomMode>('default', 'group', 'armada'),
        fc.integer({ min: 0, max: 6 }),
        async (players, asked, shift) => {
          // The asked mode where the player count allows it (default 2–6, group 6–20), else the count's own.
          const fits = asked === 'armada' || (asked === 'default' ? players <= 6 : players >= 6);
          const mode = fits ? asked : resolveMode(players, undefined).mode;
          // Armada: each player fields two factions' ships; otherwise one set each, dealt with repeats.
          const fleets = Array.from({ length: players }, (_, i) => {
            const f = all[(i + shift) % all.length]!;
            const g = all[(i + shift + 1) % all.length]!;
            return {
              player: `p${i + 1}`,
              ships:
                mode === 'armada'
                  ? [
                      { faction: f, count: 2 },
                      { faction: g, count: 2 },
                    ]
                  : [{ faction: f, count: f.card.ships }],
            };
          });
          const plan = planBom({ mode, fleets, settings: defaultSettings() });
          const meshOf = (path: string) => boxMesh(8 + (path.length % 9) * 6, 8 + (path.length % 4) * 7, 5);
          const bom = buildBom({ plan, print: PRINT, mesh: meshOf, pricePerKg: null });
          const printPlan = await planPlates(bom, meshOf, GENERIC, NO_THUMBNAIL);
          // The test ship comes first, one of each part of the first player's faction; the table after it.
          const table = printPlan.plates.filter((p) => p.step === 'table');
          expect(
            printPlan.plates.slice(0, printPlan.plates.length - table.length).every((p) => p.step === 'test-ship'),
          ).toBe(true);
          const wanted = bom.rows.reduce((n, r) => n + r.quantity, 0);
          const onPlates = table.reduce((n, p) => n + p.objects.reduce((m, o) => m + o.count, 0), 0);
          expect(onPlates).toBe(wanted);
          expect(table.reduce((n, p) => n + copiesIn(p.bytes), 0)).toBe(wanted);
          // Per object name, the plates' counts are the rows' counts.
          const byName = new Map<string, number>();
          for (const p of table) for (const o of p.objects) byName.set(o.name, (byName.get(o.name) ?? 0) + o.count);
          const fromRows = new Map<string, number>();
          for (const r of bom.rows) {
            const name = r.file.startsWith('shared/')
              ? r.part.startsWith('coin-')
                ? `coin: ${r.part.slice(5)}`
                : r.part
              : `${r.file.split('/')[0]} ${r.part}`;
            fromRows.set(name, (fromRows.get(name) ?? 0) + r.quantity);
          }
          expect(byName).toEqual(fromRows);
        },
      ),
      { numRuns: 25 },
    );
  });

  it.each([2, 6])(
    'packs a %i-player table of the real parts within one plate per colour of the area bound, on both beds',
    async (players) => {
      const fleets = Array.from({ length: players }, (_, i) => ({
        player: `p${i + 1}`,
        ships: [{ faction: all[i % all.length]!, count: all[i % all.length]!.card.ships }],
      }));
      const settings = defaultSettings();
      const plan = planBom({ mode: 'default', fleets, settings });
      const used = all.filter((f) => fleets.some((fl) => fl.ships[0]!.faction.id === f.id));
      const files = await generateParts({ factions: used, settings, jobs: 1 });
      const meshes = new Map(files.map((f) => [f.path, parseStl(f.bytes)]));
      const bom = buildBom({ plan, print: PRINT, mesh: (p) => meshes.get(p)!, pricePerKg: null });
      for (const printer of [GENERIC, MINI]) {
        const printPlan = await planPlates(bom, (p) => meshes.get(p)!, printer, NO_THUMBNAIL);
        const table = printPlan.plates.filter((p) => p.step === 'table');
        const groups = new Set(table.map((p) => `${p.color}\0${p.material}`)).size;
        expect(table.length, printer.id).toBeLessThanOrEqual(printPlan.lowerBound + groups);
      }
    },
    120_000,
  );

  it('loads "any" parts on the spool with the most left, and every other plate on its own colour', async () => {
    const fleets = all
      .slice(0, 3)
      .map((f, i) => ({ player: `p${i + 1}`, ships: [{ faction: f, count: f.card.ships }] }));
    const plan = planBom({ mode: 'default', fleets, settings: defaultSettings() });
    const meshOf = (path: string) => boxMesh(10 + (path.length % 5) * 4, 12, 6);
    const bom = buildBom({ plan, print: PRINT, mesh: meshOf, pricePerKg: null });
    const printPlan = await planPlates(bom, meshOf, GENERIC, NO_THUMBNAIL);
    const left = bom.totals.byColor
      .filter((c) => c.color !== 'any' && c.material === 'pla')
      .map((c) => ({ color: c.color, left: c.spools * 1000 - c.grams }));
    const most = left.sort((a, b) => b.left - a.left)[0]!.color;
    expect(printPlan.plates.some((p) => p.color === 'any')).toBe(true);
    for (const p of printPlan.plates) expect(p.spool, p.file).toBe(p.color === 'any' ? most : p.color);
  });

  it('keeps the plan in the part cache: the same plan again with no mesh read, a changed file planned afresh', async () => {
    const cache = memoryCache();
    const plan = planBom({ mode: 'default', fleets: fleetsOf(all.slice(0, 2)), settings: defaultSettings() });
    const meshOf = (path: string) => boxMesh(8 + (path.length % 7) * 3, 10, 5);
    const bom = buildBom({ plan, print: PRINT, mesh: meshOf, pricePerKg: null });
    const files = [...new Set(bom.rows.map((r) => r.file))].map((path) => ({ path, sha256: `sha-of-${path}` }));
    const first = await cachedPlanPlates(cache, files, bom, meshOf, GENERIC);
    const read: string[] = [];
    const reading = (path: string) => (read.push(path), meshOf(path));
    expect(await cachedPlanPlates(cache, files, bom, reading, GENERIC)).toEqual(first);
    expect(read).toEqual([]);
    await cachedPlanPlates(cache, [{ ...files[0]!, sha256: 'changed' }, ...files.slice(1)], bom, reading, GENERIC);
    expect(read.length).toBeGreaterThan(0);
  });

  it("buys no spool of the colours the user has, for any table: two factions' colours owned, none of them bought", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 0, max: 6 }), async (players, shift) => {
        const fleets = Array.from({ length: players }, (_, i) => ({
          player: `p${i + 1}`,
          ships: [{ faction: all[(i + shift) % all.length]!, count: all[(i + shift) % all.length]!.card.ships }],
        }));
        const plan = planBom({ mode: 'default', fleets, settings: defaultSettings() });
        const meshOf = (path: string) => boxMesh(8 + (path.length % 9) * 6, 8 + (path.length % 4) * 7, 5);
        const bom = buildBom({ plan, print: PRINT, mesh: meshOf, pricePerKg: null });
        const colours = [...new Set(fleets.map((f) => f.ships[0]!.faction.card.color))].slice(0, 2);
        const bare = await planPlates(bom, meshOf, GENERIC, NO_THUMBNAIL);
        const owned = await planPlates(bom, meshOf, GENERIC, NO_THUMBNAIL, {
          have: colours.map((color) => ({ color, material: 'pla' })),
        });
        for (const c of colours) {
          // The table needs them (so the bare plan buys them), and owning them buys none.
          expect(bare.spools.find((s) => s.color === c)!.buy).toBeGreaterThan(0);
          expect(owned.spools.find((s) => s.color === c)).toMatchObject({ have: 1, buy: 0 });
        }
        // Everything else is bought as before, and the plates are the same.
        for (const s of owned.spools.filter((x) => !colours.includes(x.color) && x.color !== 'any'))
          expect(s.buy).toBe(bare.spools.find((x) => x.color === s.color)!.buy);
        expect(owned.plates.map((p) => p.objects)).toEqual(bare.plates.map((p) => p.objects));
        // The printer changes filament once per spool loaded, no more.
        expect(owned.filamentChanges).toBe(new Set(owned.plates.map((p) => `${p.spool}\0${p.material}`)).size - 1);
      }),
      { numRuns: 8 },
    );
  });

  it("shows a hex faction colour as written, in the plate and in the slicer's filament colour", async () => {
    const hex = { ...all[0]!, card: { ...all[0]!.card, color: '#2a5d8f' } };
    const plan = planBom({
      mode: 'default',
      fleets: [hex, all[1]!].map((f, i) => ({ player: `p${i + 1}`, ships: [{ faction: f, count: f.card.ships }] })),
      settings: defaultSettings(),
    });
    const meshOf = () => boxMesh(12, 14, 6);
    const bom = buildBom({ plan, print: PRINT, mesh: meshOf, pricePerKg: null });
    const plate = (await planPlates(bom, meshOf, GENERIC, NO_THUMBNAIL)).plates.find((p) => p.color === '#2a5d8f')!;
    expect(plate.spoolHex).toBe('#2A5D8F');
    const files = unzipSync(plate.bytes);
    expect(new TextDecoder().decode(files['3D/3dmodel.model']!)).toMatch(/displaycolor="#2A5D8FFF"/);
    expect(new TextDecoder().decode(files['Metadata/Slic3r_PE.config']!)).toMatch(/^; filament_colour = #2A5D8F$/m);
  });

  it("packs brim parts with their brim's width and the gap round them, and gives them the brim in the plate", async () => {
    const plan = planBom({
      mode: 'default',
      fleets: all.slice(0, 2).map((f, i) => ({ player: `p${i + 1}`, ships: [{ faction: f, count: f.card.ships }] })),
      settings: defaultSettings(),
    });
    const meshOf = (path: string) => boxMesh(6 + (path.length % 5), 7, 9);
    const brim = (path: string): boolean => /cannonball|wheel|flag-holder/.test(path);
    const bom = buildBom({ plan, print: PRINT, mesh: meshOf, brim, pricePerKg: null });
    const printPlan = await planPlates(bom, meshOf, GENERIC, NO_THUMBNAIL, { brim });
    const brimMm = PRINTABILITY.brimWidthMm;
    let pairs = 0;
    for (const p of printPlan.plates) {
      const model = read3mf(p.bytes);
      const width = (objectId: number): number =>
        brim(p.objects.find((o) => o.name === model.objects.find((x) => x.id === objectId)!.name)!.file) ? brimMm : 0;
      const shadows = model.items.map((item) => {
        const o = model.objects.find((x) => x.id === item.objectId)!;
        return {
          brim: width(item.objectId),
          shadow: shadowOf(
            o.vertices.map((v) => place(item.transform, v)),
            o.triangles,
          ),
        };
      });
      for (let i = 0; i < shadows.length; i++)
        for (let j = i + 1; j < shadows.length; j++) {
          const apart = PRINT_PLATE.gapMm + shadows[i]!.brim + shadows[j]!.brim;
          if (shadows[i]!.brim + shadows[j]!.brim > 0) pairs++;
          expect(shadowGap(shadows[i]!.shadow, shadows[j]!.shadow, apart), p.file).toBeGreaterThanOrEqual(apart - 1e-3);
        }
      // The brim on the bed too: the edge less the brim.
      for (const { brim: b, shadow } of shadows)
        expect(shadow.box.x0 - b).toBeGreaterThanOrEqual(PRINT_PLATE.edgeMm - 1e-3);
      for (const o of p.objects) expect(o.print.brimWidthMm ?? 0, o.name).toBe(brim(o.file) ? brimMm : 0);
    }
    expect(pairs).toBeGreaterThan(10);
    // The bill prices the brims: a ball with one weighs more than without.
    const bare = buildBom({ plan, print: PRINT, mesh: meshOf, pricePerKg: null });
    const ball = (b: typeof bom): number => b.rows.find((r) => r.part === 'cannonball')!.gramsEach;
    expect(ball(bom)).toBeGreaterThan(ball(bare));
  });
});
