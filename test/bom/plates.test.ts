/**
 * The packers, refereed by exact geometry: each placed copy's outline is turned and moved as the plate says,
 * and the distance between outlines is measured on the polygons the test built (./helpers/shadow.ts), not
 * on the cells the packer used.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meshFootprint, quarterTurn } from '../../src/bom/footprint.js';
import { nestPlates } from '../../src/bom/nest.js';
import { packPlates, type PlacedCopy, type PlateItem } from '../../src/bom/plates.js';
import type { MeshData } from '../../src/geometry/kernel.js';
import { disc, ell, prism, rectangle, wedge } from '../helpers/prism.js';
import { shadowGap, shadowOf } from '../helpers/shadow.js';

const SPACING = { gapMm: 3, edgeMm: 5 };
const CELL_MM = 0.5;

interface Shape {
  key: string;
  mesh: MeshData;
  count: number;
  group?: string;
}

const item = (s: Shape): PlateItem => ({
  key: s.key,
  footprint: meshFootprint(s.mesh, CELL_MM),
  count: s.count,
  ...(s.group ? { group: s.group } : {}),
});

/** The copy's mesh as the plate puts it: turned, its turned box's corner at (x, y). */
function placed(mesh: MeshData, c: PlacedCopy): number[][] {
  const pts: number[][] = [];
  for (let v = 0; v < mesh.positions.length; v += 3)
    pts.push([...quarterTurn(c.quarter, mesh.positions[v]!, mesh.positions[v + 1]!), mesh.positions[v + 2]!]);
  const [x0, y0] = [Math.min(...pts.map((p) => p[0]!)), Math.min(...pts.map((p) => p[1]!))];
  return pts.map(([x, y, z]) => [x! - x0 + c.xMm, y! - y0 + c.yMm, z!]);
}

/** Checks a packing against the shapes: every copy once, inside the bed less its edge, no two closer than the gap. */
function referee(shapes: readonly Shape[], plates: PlacedCopy[][], bedXMm: number, bedYMm: number): void {
  const placedCount = new Map<string, number>();
  for (const plate of plates) {
    const shadows = plate.map((c) => {
      const s = shapes.find((x) => x.key === c.key)!;
      placedCount.set(c.key, (placedCount.get(c.key) ?? 0) + 1);
      const tris: number[][] = [];
      for (let t = 0; t < s.mesh.triangles.length; t += 3) tris.push([...s.mesh.triangles.subarray(t, t + 3)]);
      return shadowOf(placed(s.mesh, c), tris);
    });
    for (const { box } of shadows) {
      expect(box.x0).toBeGreaterThanOrEqual(SPACING.edgeMm - 1e-6);
      expect(box.y0).toBeGreaterThanOrEqual(SPACING.edgeMm - 1e-6);
      expect(box.x1).toBeLessThanOrEqual(bedXMm - SPACING.edgeMm + 1e-6);
      expect(box.y1).toBeLessThanOrEqual(bedYMm - SPACING.edgeMm + 1e-6);
    }
    for (let i = 0; i < shadows.length; i++)
      for (let j = i + 1; j < shadows.length; j++)
        expect(
          shadowGap(shadows[i]!, shadows[j]!, SPACING.gapMm),
          `${plate[i]!.key} and ${plate[j]!.key}`,
        ).toBeGreaterThanOrEqual(SPACING.gapMm - 1e-4);
  }
  for (const s of shapes) expect(placedCount.get(s.key)).toBe(s.count);
}

const shape = fc.oneof(
  fc
    .record({ w: fc.integer({ min: 4, max: 120 }), d: fc.integer({ min: 4, max: 90 }) })
    .map(({ w, d }) => prism(rectangle(w, d))),
  fc.integer({ min: 3, max: 40 }).map((r) => prism(disc(r))),
  fc
    .record({ w: fc.integer({ min: 6, max: 100 }), d: fc.integer({ min: 6, max: 80 }) })
    .map(({ w, d }) => prism(wedge(w, d))),
  fc
    .record({
      w: fc.integer({ min: 12, max: 100 }),
      d: fc.integer({ min: 12, max: 80 }),
      t: fc.integer({ min: 3, max: 10 }),
    })
    .map(({ w, d, t }) => prism(ell(w, d, t), 3, 3)),
);

describe('packPlates', () => {
  it('places every copy once, inside the bed less its edge, no two outlines closer than the gap', () => {
    const shapes = fc.uniqueArray(
      fc.record({
        key: fc.stringMatching(/^[a-z]{1,6}$/),
        mesh: shape,
        count: fc.integer({ min: 1, max: 10 }),
        group: fc.constantFrom('corsairs', 'shared', 'sun-fleet'),
      }),
      { minLength: 1, maxLength: 6, selector: (i) => i.key },
    );
    fc.assert(
      fc.property(shapes, fc.constantFrom([180, 180], [220, 220], [256, 256]), (ss, [bx, by]) => {
        const { plates, lowerBound } = packPlates(ss.map(item), bx!, by!, SPACING);
        expect(plates.length).toBeGreaterThanOrEqual(lowerBound);
        referee(ss, plates, bx!, by!);
      }),
      { numRuns: 40 },
    );
  });

  it('nests by outlines alone: every copy once, inside, no two closer than the gap', () => {
    const shapes = fc.uniqueArray(
      fc.record({ key: fc.stringMatching(/^[a-z]{1,6}$/), mesh: shape, count: fc.integer({ min: 1, max: 10 }) }),
      { minLength: 1, maxLength: 6, selector: (i) => i.key },
    );
    fc.assert(
      fc.property(shapes, (ss) => {
        const plates = nestPlates([ss.map(item)], 180 - 2 * SPACING.edgeMm, 180 - 2 * SPACING.edgeMm, SPACING.gapMm)!;
        referee(
          ss,
          plates.map((p) => p.map((c) => ({ ...c, xMm: c.xMm + SPACING.edgeMm, yMm: c.yMm + SPACING.edgeMm }))),
          180,
          180,
        );
      }),
      { numRuns: 30 },
    );
  });

  it('nests coins by their outlines where their boxes need a plate more', () => {
    // 20 mm coins, 3 mm apart: boxes of 23 mm fit 7 × 7 = 49 on 170 mm; staggered rows fit 7 + 6 + 7 … in 8 rows.
    const coins = [{ key: 'coin', mesh: prism(disc(10, 48)), count: 52 }];
    const packing = packPlates(coins.map(item), 180, 180, SPACING);
    expect(packing.packer).toBe('outlines');
    expect(packing.plates).toHaveLength(1);
    expect(packing.lowerBound).toBe(1);
    referee(coins, packing.plates, 180, 180);
  });

  it('keeps boxes where outlines save nothing: rectangles', () => {
    const bricks = [{ key: 'brick', mesh: prism(rectangle(40, 20)), count: 30 }];
    const packing = packPlates(bricks.map(item), 220, 220, SPACING);
    expect(packing.packer).toBe('boxes');
    referee(bricks, packing.plates, 220, 220);
  });

  it("keeps a faction's parts on their own plates when that costs no plate, and never costs one", () => {
    const groupsOn = (plates: { key: string }[][]): number =>
      plates.reduce((sum, p) => sum + new Set(p.map((c) => c.key.split('/')[0])).size, 0);
    const ungrouped = (its: PlateItem[]): PlateItem[] => its.map(({ group: _, ...i }) => i);
    // Two plates' worth either way: each faction gets its own.
    const big = [
      { key: 'corsairs/hull', mesh: prism(rectangle(200, 90)), count: 2, group: 'corsairs' },
      { key: 'sun-fleet/hull', mesh: prism(rectangle(200, 90)), count: 1, group: 'sun-fleet' },
      { key: 'corsairs/cargo', mesh: prism(rectangle(12, 12)), count: 6, group: 'corsairs' },
      { key: 'sun-fleet/cargo', mesh: prism(rectangle(40, 30)), count: 5, group: 'sun-fleet' },
    ];
    const apart = packPlates(big.map(item), 220, 220, SPACING).plates;
    expect(apart).toHaveLength(packPlates(ungrouped(big.map(item)), 220, 220, SPACING).plates.length);
    expect(apart).toHaveLength(2);
    expect(groupsOn(apart)).toBe(2);
    // One plate holds everything: sharing it beats a plate per faction.
    const small = [
      { key: 'corsairs/hull', mesh: prism(rectangle(50, 22)), count: 2, group: 'corsairs' },
      { key: 'sun-fleet/hull', mesh: prism(rectangle(50, 22)), count: 1, group: 'sun-fleet' },
    ];
    expect(packPlates(small.map(item), 220, 220, SPACING).plates).toHaveLength(1);
    fc.assert(
      fc.property(
        fc.array(fc.record({ mesh: shape, n: fc.integer({ min: 1, max: 8 }), g: fc.integer({ min: 0, max: 3 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        (raw) => {
          const its = raw.map((r, i) => item({ key: `g${r.g}/k${i}`, mesh: r.mesh, count: r.n, group: `g${r.g}` }));
          const grouped = packPlates(its, 220, 220, SPACING).plates;
          const free = packPlates(ungrouped(its), 220, 220, SPACING).plates;
          // Grouping never costs a plate. (Fewer groups per plate is not promised against any packing: a
          // packing that reaches the area bound is kept without trying the others.)
          expect(grouped.length).toBeLessThanOrEqual(free.length);
        },
      ),
      { numRuns: 20 },
    );
  });
});
