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
import { planPlates } from '../../src/bom/print-plan.js';
import { planBom, resolveMode, type BomMode } from '../../src/bom/quantities.js';
import type { Faction } from '../../src/faction/types.js';
import { defaultSettings, generateParts } from '../../src/generate/index.js';
import { parseStl } from '../../src/mesh/stl.js';
import { PRINTERS } from '../../src/standard.js';
import { boxMesh, shippedFactions } from './helpers.js';

const PRINT: PrintSettings = { layerHeightMm: 0.2, lineWidthMm: 0.45, perimeters: 2, topLayers: 5, bottomLayers: 4, infillFraction: 0.15 };
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
const NO_THUMBNAIL = async (): Promise<null> => null;

describe('the print plan', () => {
  it('puts on plates exactly the copies bom counts, for 2–20 players in every mode', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 20 }), fc.constantFrom<BomMode>('default', 'group', 'armada'), fc.integer({ min: 0, max: 6 }), async (players, asked, shift) => {
        // The asked mode where the player count allows it (default 2–6, group 6–20), else the count's own.
        const fits = asked === 'armada' || (asked === 'default' ? players <= 6 : players >= 6);
        const mode = fits ? asked : resolveMode(players, undefined).mode;
        // Armada: each player fields two factions' ships; otherwise one set each, dealt with repeats.
        const fleets = Array.from({ length: players }, (_, i) => {
          const f = all[(i + shift) % all.length]!;
          const g = all[(i + shift + 1) % all.length]!;
          return { player: `p${i + 1}`, ships: mode === 'armada' ? [{ faction: f, count: 2 }, { faction: g, count: 2 }] : [{ faction: f, count: f.card.ships }] };
        });
        const plan = planBom({ mode, fleets, settings: defaultSettings() });
        const meshOf = (path: string) => boxMesh(8 + (path.length % 9) * 6, 8 + (path.length % 4) * 7, 5);
        const bom = buildBom({ plan, print: PRINT, mesh: meshOf, pricePerKg: null });
        const printPlan = await planPlates(bom, meshOf, GENERIC, NO_THUMBNAIL);
        const wanted = bom.rows.reduce((n, r) => n + r.quantity, 0);
        const onPlates = printPlan.plates.reduce((n, p) => n + p.objects.reduce((m, o) => m + o.count, 0), 0);
        expect(onPlates).toBe(wanted);
        expect(printPlan.plates.reduce((n, p) => n + copiesIn(p.bytes), 0)).toBe(wanted);
        // Per object name, the plates' counts are the rows' counts.
        const byName = new Map<string, number>();
        for (const p of printPlan.plates) for (const o of p.objects) byName.set(o.name, (byName.get(o.name) ?? 0) + o.count);
        const fromRows = new Map<string, number>();
        for (const r of bom.rows) {
          const name = r.file.startsWith('shared/') ? (r.part.startsWith('coin-') ? `coin: ${r.part.slice(5)}` : r.part) : `${r.file.split('/')[0]} ${r.part}`;
          fromRows.set(name, (fromRows.get(name) ?? 0) + r.quantity);
        }
        expect(byName).toEqual(fromRows);
      }),
      { numRuns: 25 },
    );
  });

  it.each([2, 4, 6])('packs a %i-player table of the real parts within one plate per colour of the area bound, on both beds', async (players) => {
    const fleets = Array.from({ length: players }, (_, i) => ({ player: `p${i + 1}`, ships: [{ faction: all[i % all.length]!, count: all[i % all.length]!.card.ships }] }));
    const settings = defaultSettings();
    const plan = planBom({ mode: 'default', fleets, settings });
    const used = all.filter((f) => fleets.some((fl) => fl.ships[0]!.faction.id === f.id));
    const files = await generateParts({ factions: used, settings, jobs: 1 });
    const meshes = new Map(files.map((f) => [f.path, parseStl(f.bytes)]));
    const bom = buildBom({ plan, print: PRINT, mesh: (p) => meshes.get(p)!, pricePerKg: null });
    for (const printer of [GENERIC, MINI]) {
      const printPlan = await planPlates(bom, (p) => meshes.get(p)!, printer, NO_THUMBNAIL);
      const groups = new Set(printPlan.plates.map((p) => `${p.color}\0${p.material}`)).size;
      expect(printPlan.plates.length, printer.id).toBeLessThanOrEqual(printPlan.lowerBound + groups);
    }
  }, 120_000);

  it('loads "any" parts on the spool with the most left, and every other plate on its own colour', async () => {
    const fleets = all.slice(0, 3).map((f, i) => ({ player: `p${i + 1}`, ships: [{ faction: f, count: f.card.ships }] }));
    const plan = planBom({ mode: 'default', fleets, settings: defaultSettings() });
    const meshOf = (path: string) => boxMesh(10 + (path.length % 5) * 4, 12, 6);
    const bom = buildBom({ plan, print: PRINT, mesh: meshOf, pricePerKg: null });
    const printPlan = await planPlates(bom, meshOf, GENERIC, NO_THUMBNAIL);
    const left = bom.totals.byColor.filter((c) => c.color !== 'any' && c.material === 'pla').map((c) => ({ color: c.color, left: c.spools * 1000 - c.grams }));
    const most = left.sort((a, b) => b.left - a.left)[0]!.color;
    expect(printPlan.plates.some((p) => p.color === 'any')).toBe(true);
    for (const p of printPlan.plates) expect(p.spool, p.file).toBe(p.color === 'any' ? most : p.color);
  });
});
