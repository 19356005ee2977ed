import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packPlates, type PlateItem } from '../../src/bom/plates.js';

const SPACING = { gapMm: 3, edgeMm: 5 };

describe('packPlates', () => {
  it('places every copy once, inside the bed less its edge, no two footprints closer than the gap', () => {
    const item = fc.record({
      key: fc.stringMatching(/^[a-z]{1,6}$/),
      widthMm: fc.integer({ min: 4, max: 120 }),
      depthMm: fc.integer({ min: 4, max: 90 }),
      count: fc.integer({ min: 1, max: 12 }),
      group: fc.constantFrom('corsairs', 'shared', 'sun-fleet'),
    });
    fc.assert(
      fc.property(fc.uniqueArray(item, { minLength: 1, maxLength: 8, selector: (i) => i.key }), fc.constantFrom([180, 180], [220, 220], [256, 256]), (items: PlateItem[], [bx, by]) => {
        const { plates, lowerBound } = packPlates(items, bx!, by!, SPACING);
        expect(plates.length).toBeGreaterThanOrEqual(lowerBound);
        const placed = new Map<string, number>();
        for (const plate of plates) {
          const boxes = plate.map((c) => {
            const it = items.find((i) => i.key === c.key)!;
            placed.set(c.key, (placed.get(c.key) ?? 0) + 1);
            const [w, d] = c.rotated ? [it.depthMm, it.widthMm] : [it.widthMm, it.depthMm];
            return { x0: c.xMm, y0: c.yMm, x1: c.xMm + w, y1: c.yMm + d };
          });
          for (const b of boxes) {
            expect(b.x0).toBeGreaterThanOrEqual(SPACING.edgeMm - 1e-9);
            expect(b.y0).toBeGreaterThanOrEqual(SPACING.edgeMm - 1e-9);
            expect(b.x1).toBeLessThanOrEqual(bx! - SPACING.edgeMm + 1e-9);
            expect(b.y1).toBeLessThanOrEqual(by! - SPACING.edgeMm + 1e-9);
          }
          for (let i = 0; i < boxes.length; i++)
            for (let j = i + 1; j < boxes.length; j++) {
              const [a, b] = [boxes[i]!, boxes[j]!];
              const apart = a.x1 + SPACING.gapMm <= b.x0 + 1e-9 || b.x1 + SPACING.gapMm <= a.x0 + 1e-9 || a.y1 + SPACING.gapMm <= b.y0 + 1e-9 || b.y1 + SPACING.gapMm <= a.y0 + 1e-9;
              expect(apart).toBe(true);
            }
        }
        for (const it of items) expect(placed.get(it.key)).toBe(it.count);
      }),
      { numRuns: 60 },
    );
  });

  it('needs one plate for forty coins on a 220 mm bed, and says the area bound', () => {
    const { plates, lowerBound } = packPlates([{ key: 'coin', widthMm: 25, depthMm: 25, count: 40 }], 220, 220, SPACING);
    expect(lowerBound).toBe(1);
    expect(plates).toHaveLength(1);
  });

  it("keeps a faction's parts on their own plates when that costs no plate, and never costs one", () => {
    const groupsOn = (plates: { key: string }[][]): number => plates.reduce((sum, p) => sum + new Set(p.map((c) => c.key.split('/')[0])).size, 0);
    const ungrouped = (its: PlateItem[]): PlateItem[] => its.map(({ group: _, ...i }) => i);
    // Two plates' worth either way: each faction gets its own.
    const big = [
      { key: 'corsairs/hull', widthMm: 200, depthMm: 90, count: 2, group: 'corsairs' },
      { key: 'sun-fleet/hull', widthMm: 200, depthMm: 90, count: 1, group: 'sun-fleet' },
      { key: 'corsairs/cargo', widthMm: 12, depthMm: 12, count: 6, group: 'corsairs' },
      { key: 'sun-fleet/cargo', widthMm: 40, depthMm: 30, count: 5, group: 'sun-fleet' },
    ];
    const apart = packPlates(big, 220, 220, SPACING).plates;
    expect(apart).toHaveLength(packPlates(ungrouped(big), 220, 220, SPACING).plates.length);
    expect(apart).toHaveLength(2);
    expect(groupsOn(apart)).toBe(2);
    // One plate holds everything: sharing it beats a plate per faction.
    const small = big.map((i) => ({ ...i, widthMm: i.widthMm / 4, depthMm: i.depthMm / 4 }));
    expect(packPlates(small, 220, 220, SPACING).plates).toHaveLength(1);
    fc.assert(
      fc.property(fc.array(fc.record({ w: fc.integer({ min: 5, max: 150 }), d: fc.integer({ min: 5, max: 100 }), n: fc.integer({ min: 1, max: 8 }), g: fc.integer({ min: 0, max: 3 }) }), { minLength: 1, maxLength: 8 }), (raw) => {
        const its = raw.map((r, i) => ({ key: `g${r.g}/k${i}`, widthMm: r.w, depthMm: r.d, count: r.n, group: `g${r.g}` }));
        const grouped = packPlates(its, 220, 220, SPACING).plates;
        const free = packPlates(ungrouped(its), 220, 220, SPACING).plates;
        expect(grouped.length).toBeLessThanOrEqual(free.length);
        if (grouped.length === free.length) expect(groupsOn(grouped)).toBeLessThanOrEqual(groupsOn(free));
      }),
      { numRuns: 60 },
    );
  });
});
