/** The printability rules (print/supports, first-layer, bed-chamfer, sideways-holes, flex-fillets): each catches its fixture and is quiet on a good one. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFactionFile } from '../../src/faction/loader.js';
import { box, cylinder, hull3d, initKernel, withArena, type Solid } from '../../src/geometry/kernel.js';
import type { Feature } from '../../src/geometry/part.js';
import { defaultSettings, generateParts } from '../../src/generate/index.js';
import { tunedCannon } from '../../src/generate/catalog.js';
import { serializeStl } from '../../src/mesh/stl.js';
import { cannon } from '../../src/parts/cannon.js';
import { chamferFitsAtBed } from '../../src/parts/chamfer.js';
import { cutInto, FACING, placeCut, roundHole, teardrop } from '../../src/parts/cutters.js';
import { PRINTABILITY, PRINTERS } from '../../src/standard.js';
import { PRINTABILITY_RULES } from '../../src/validate/rules/printability.js';
import type { Finding, MeshFile } from '../../src/validate/types.js';
import { checkFiles } from '../../src/validate/validate.js';

beforeAll(initKernel);

const file = (part: string, make: () => { solid: Solid; features?: Feature[] }, brim = false): MeshFile =>
  withArena(() => {
    const p = make();
    return {
      path: `shared/${part}.stl`,
      part,
      faction: null,
      bytes: serializeStl(p.solid.toMesh(), part),
      features: p.features ?? [],
      brim: { brim, reason: brim ? 'test' : null },
    };
  });
const check = (files: MeshFile[], settings = defaultSettings()): Promise<Finding[]> =>
  checkFiles(files, { factions: [], settings, rules: PRINTABILITY_RULES });
const rules = async (...files: MeshFile[]): Promise<string[]> =>
  [...new Set((await check(files)).map((f) => f.rule))].sort();

/** A 20 mm block standing on the bed, with its corner at the origin. */
const block = (): Solid => box([20, 20, 10], false);

describe('print/supports', () => {
  it('a box with a shelf sticking out 8 mm needs supports; the box alone does not', async () => {
    const shelf = file('rock', () => ({ solid: block().union(box([8, 20, 3], false).translate([20, 0, 7])) }));
    const findings = await check([shelf]);
    expect(findings.map((f) => f.rule)).toEqual(['print/supports']);
    expect(findings[0]!.measured).toBe('160 mm²');
    expect(findings[0]!.message).toMatch(/up to 90°/);
    expect(await rules(file('rock', () => ({ solid: block() })))).toEqual([]);
  });

  it('a slot through the side bridges 8 mm but not 12 mm; supports in a declared hole are reported as filling it', async () => {
    // A 4 mm tall slot right through the block along Y, its mouth on the y = 0 face.
    const slot = (widthMm: number): MeshFile =>
      file('rock', () => ({
        solid: block().subtract(box([widthMm, 22, 4], false).translate([10 - widthMm / 2, -1, 3])),
        features: [
          {
            id: 'slot',
            kind: 'cannon-slot',
            role: 'hole',
            positionMm: [10, 0, 5],
            axis: [0, -1, 0],
            size: { shape: 'rect', widthMm, heightMm: 4, widthAxis: [1, 0, 0] },
            depthMm: 20,
            mating: 'sliding',
          },
        ],
      }));
    expect(await rules(slot(8))).toEqual([]);
    const findings = await check([slot(12)]);
    // The 12 mm roof is a sideways hole whose roof does not print, too.
    expect(findings.map((f) => f.rule)).toEqual(['print/sideways-holes', 'print/supports', 'print/supports']);
    expect(findings.some((f) => /would fill slot/.test(f.message))).toBe(true);
  });
});

describe('print/sideways-holes', () => {
  const withHole = (drop: boolean): MeshFile =>
    file('rock', () => {
      const cut = placeCut(roundHole('sail-loop', 'loop', 4.4, 20, 'sliding'), [10, 20, 5], FACING['+y']);
      return cutInto(block(), [drop ? teardrop(cut) : cut]);
    });
  it('a round hole lying on its side has a roof that sags (and supports would fill it); a teardrop is quiet', async () => {
    expect(await rules(withHole(false))).toEqual(['print/sideways-holes', 'print/supports']);
    expect(await rules(withHole(true))).toEqual([]);
  });
});

describe('print/bed-chamfer', () => {
  const disc = (): { solid: Solid; features: Feature[] } => ({
    solid: cylinder(2.4, 10),
    features: [
      {
        id: 'coin',
        kind: 'coin',
        role: 'peg',
        positionMm: [0, 0, 0],
        axis: [0, 0, 1],
        size: { shape: 'round', diameterMm: 20 },
        depthMm: 2.4,
        mating: 'sliding',
      },
    ],
  });
  // A bare sleeve is tall for its footprint: it prints with a brim, as the plan's flag holder does.
  const sleeve = (): { solid: Solid; features: Feature[] } =>
    cutInto(cylinder(8, 3.2), [placeCut(roundHole('sleeve', 'sleeve', 3.4, 5, 'sliding'), [0, 0, 0], FACING.down)]);

  it('a peg and a hole on the bed without a chamfer swell and close; chamferFitsAtBed makes both right for each printer', async () => {
    const findings = await check([file('coin-brace', disc), file('flag-holder', sleeve, true)]);
    expect(findings.map((f) => `${f.rule} ${f.part} ${f.measured}`)).toEqual([
      'print/bed-chamfer coin-brace 0',
      'print/bed-chamfer flag-holder 0',
    ]);
    for (const printer of ['generic-220', 'bambu-x1c'] as const) {
      const settings = { ...defaultSettings(), printer: PRINTERS.find((p) => p.id === printer)! };
      const c = settings.printer.elephantFootMm;
      expect(
        await check(
          [
            file('coin-brace', () => chamferFitsAtBed(disc(), c)),
            file('flag-holder', () => chamferFitsAtBed(sleeve(), c), true),
          ],
          settings,
        ),
      ).toEqual([]);
      // Half the foot is not enough.
      expect(
        (await check([file('coin-brace', () => chamferFitsAtBed(disc(), c / 2))], settings)).map((f) => f.rule),
      ).toEqual(['print/bed-chamfer']);
    }
  });
});

describe('print/first-layer', () => {
  it('a 4 mm post 20 mm tall lets go of the bed unless the plan gives it a brim', async () => {
    const post = (brim: boolean): MeshFile => file('rock', () => ({ solid: box([4, 4, 20], false) }), brim);
    const findings = await check([post(false)]);
    expect(findings.map((f) => f.rule)).toEqual(['print/first-layer']);
    expect(findings[0]!.message).toMatch(/on 16 mm² of first layer .* no brim/);
    expect(await rules(post(true))).toEqual([]);
  });

  it('a face overhanging 60° right at the bed curls up; the same part stood on its wide end is quiet', async () => {
    // A frustum 10 mm across at the bed, widening at 60° from vertical over its first 2 mm.
    const rise = 2,
      grow = rise * Math.tan((60 * Math.PI) / 180);
    const flare = (): Solid =>
      hull3d([
        box([10, 10, 0.01]).translate([0, 0, 0.005]),
        box([10 + 2 * grow, 10 + 2 * grow, 0.01]).translate([0, 0, rise - 0.005]),
      ]);
    const findings = await check([file('rock', () => ({ solid: flare() }))]);
    expect(findings.map((f) => f.rule)).toEqual(['print/first-layer']);
    expect(findings[0]!.measured).toBe('60°');
    expect(await rules(file('rock', () => ({ solid: flare().mirror([0, 0, 1]) })))).toEqual([]);
  });
});

describe('print/flex-fillets', () => {
  const settings = defaultSettings();
  const o = { clearanceMm: settings.clearanceMm, ...tunedCannon(settings) };
  it("the cannon's root fillets pass; the same cannon built with square root corners is caught", async () => {
    const rootRule = [PRINTABILITY_RULES.find((r) => r.id === 'print/flex-fillets')!];
    const run = async (f: MeshFile): Promise<Finding[]> => checkFiles([f], { factions: [], settings, rules: rootRule });
    expect(await run(file('cannon', () => cannon(o)))).toEqual([]);
    const sharp = file('cannon', () => cannon({ ...o, rootFilletMm: 0 }));
    expect((await run(sharp)).map((f) => `${f.rule} ${f.measured}`)).toEqual(['print/flex-fillets 0']);
    expect(PRINTABILITY.minFlexFilletMm).toBeLessThan(0.9);
  });
});

describe('the parts this slice fixed', () => {
  // The turret left this list when it took a ballast pocket (issue 15, open in test/cli/validate.test.ts).
  const MINE = [
    'mast',
    'sail',
    'sail-damaged',
    'cargo',
    'flag-holder',
    'flag',
    'cannonball',
    'island-topper',
    'island',
    'rock',
    'reef',
  ];
  it.each([0.1, 0.2, 0.3])(
    'pass every printability rule at a clearance of %s mm',
    async (clearanceMm) => {
      const clean = await loadFactionFile('factions/the-industry.yaml');
      const settings = { ...defaultSettings(), clearanceMm };
      const files = await generateParts({ factions: [clean], settings, cache: null, jobs: 1 });
      const mine = files.filter((f) => MINE.includes(f.part) || f.part.startsWith('coin-'));
      expect(mine.length).toBe(MINE.length + 7);
      const findings = await checkFiles(mine, { factions: [], settings, rules: PRINTABILITY_RULES });
      expect(findings.map((f) => `${f.rule} ${f.part}: ${f.message}`)).toEqual([]);
    },
    120_000,
  );
});
