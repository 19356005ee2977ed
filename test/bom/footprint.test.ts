/** Footprints cover their part's shadow at every turn, and measure its area to within a cell along the outline. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meshFootprint, quarterTurn } from '../../src/bom/footprint.js';
import { disc, ell, prism, rectangle, wedge } from '../helpers/prism.js';

const CELL_MM = 0.5;
const polygonArea = (o: readonly (readonly [number, number])[]): number =>
  Math.abs(o.reduce((s, [x, y], i) => s + x * o[(i + 1) % o.length]![1] - o[(i + 1) % o.length]![0] * y, 0)) / 2;
const perimeter = (o: readonly (readonly [number, number])[]): number =>
  o.reduce((s, [x, y], i) => s + Math.hypot(o[(i + 1) % o.length]![0] - x, o[(i + 1) % o.length]![1] - y), 0);

/** Points spread over the outline's inside: the corners, the edges' midpoints and points pulled toward a corner that sees them all. */
function samples(o: readonly (readonly [number, number])[], from: number): [number, number][] {
  const [cx, cy] = o[from]!;
  const out: [number, number][] = [];
  for (let i = 0; i < o.length; i++) {
    const [ax, ay] = o[i]!,
      [bx, by] = o[(i + 1) % o.length]!;
    for (const t of [0, 0.25, 0.5, 0.75])
      for (const k of [1, 0.7, 0.3]) out.push([cx + (ax + t * (bx - ax) - cx) * k, cy + (ay + t * (by - ay) - cy) * k]);
  }
  return out;
}

describe('meshFootprint', () => {
  it("covers every point of the part's shadow at each quarter turn, and measures its area", () => {
    const outline = fc.oneof(
      fc
        .record({ w: fc.double({ min: 2, max: 90, noNaN: true }), d: fc.double({ min: 2, max: 90, noNaN: true }) })
        .map(({ w, d }) => ({ o: rectangle(w, d), from: 0 })),
      fc.double({ min: 2, max: 30, noNaN: true }).map((r) => ({ o: disc(r, 40), from: 0 })),
      fc
        .record({ w: fc.double({ min: 3, max: 90, noNaN: true }), d: fc.double({ min: 3, max: 90, noNaN: true }) })
        .map(({ w, d }) => ({ o: wedge(w, d), from: 0 })),
      fc
        .record({
          w: fc.double({ min: 12, max: 90, noNaN: true }),
          d: fc.double({ min: 12, max: 90, noNaN: true }),
          t: fc.double({ min: 2, max: 10, noNaN: true }),
        })
        .map(({ w, d, t }) => ({ o: ell(w, d, t), from: 3 })),
    );
    fc.assert(
      fc.property(
        outline,
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.double({ min: -50, max: 50, noNaN: true }),
        ({ o, from }, dx, dy) => {
          // As the mesh holds them: float32.
          const moved = o.map(([x, y]) => [Math.fround(x + dx), Math.fround(y + dy)] as [number, number]);
          const f = meshFootprint(prism(moved, 2, from), CELL_MM);
          // Within a cell along the outline.
          expect(Math.abs(f.areaMm2 - polygonArea(moved))).toBeLessThanOrEqual(perimeter(moved) * CELL_MM + 0.01);
          f.turns.forEach((mask, q) => {
            const turned = moved.map(([x, y]) => quarterTurn(q, x, y));
            const [x0, y0] = [Math.min(...turned.map((p) => p[0])), Math.min(...turned.map((p) => p[1]))];
            // The turned box's corner sits `offset` into the mask.
            for (const [sx, sy] of samples(moved, from)) {
              const [tx, ty] = quarterTurn(q, sx, sy);
              const i = Math.min(mask.widthCells - 1, Math.max(0, Math.floor((tx - x0 + mask.offsetXMm) / CELL_MM)));
              const j = Math.min(mask.depthCells - 1, Math.max(0, Math.floor((ty - y0 + mask.offsetYMm) / CELL_MM)));
              expect(mask.cells[j * mask.widthCells + i], `turn ${q}, point ${sx}, ${sy}`).toBe(1);
            }
            expect(mask.offsetXMm).toBeGreaterThanOrEqual(0);
            expect(mask.offsetXMm).toBeLessThan(CELL_MM);
          });
          expect([f.turns[1].widthCells, f.turns[1].depthCells]).toEqual([
            f.turns[0].depthCells,
            f.turns[0].widthCells,
          ]);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('sets no cell a rectangle does not touch', () => {
    const f = meshFootprint(prism(rectangle(10, 4)), CELL_MM);
    expect(f.turns[0]).toMatchObject({ widthCells: 20, depthCells: 8 });
    expect(f.turns[0].cells.every((c) => c === 1)).toBe(true);
    expect(f.areaMm2).toBe(40);
    const d = meshFootprint(prism(disc(10, 64)), CELL_MM);
    // A disc leaves its box's corners empty.
    expect(d.turns[0].cells[0]).toBe(0);
    expect(d.areaMm2).toBeCloseTo(Math.PI * 100, -1);
  });
});
