import { beforeAll, describe, expect, it } from 'vitest';
import { box, circleSegments, cylinder, initKernel, rayHitsMm, text, withArena } from '../../src/geometry/kernel.js';

beforeAll(initKernel);

describe('kernel', () => {
  it('subtracts a through-hole: volume, bounds and ray crossings', () => {
    const r = withArena(() => {
      const b = box([20, 20, 10]).subtract(cylinder(20, 3, 3, true));
      return { v: b.volumeMm3(), bb: b.bounds(), hits: rayHitsMm(b, [-20, 0, 0], [20, 0, 0]), bodies: b.bodyCount() };
    });
    const hole = Math.PI * 9 * 10;
    expect(r.v).toBeGreaterThan(4000 - hole - 5);
    expect(r.v).toBeLessThan(4000 - hole + 5);
    expect(r.bb.min).toEqual([-10, -10, -5]);
    // A ray along X through the hole crosses the outer wall, the hole wall, the hole wall, the outer wall.
    expect(r.hits).toHaveLength(4);
    expect(r.hits[0]).toBeCloseTo(10, 5);
    expect(r.hits[1]).toBeCloseTo(17, 1);
    expect(r.bodies).toBe(1);
  });

  it('strokes vector text into a region at least the stroke wide', () => {
    const { area, h } = withArena(() => { const p = text('I', 5, 0.9); const b = p.bounds(); return { area: p.areaMm2(), h: b.max[1] - b.min[1] }; });
    expect(h).toBeCloseTo(5.9, 1); // cap height plus the stroke's round caps
    // An "I" is one 5 mm stroke: about 5 × 0.9 plus round caps.
    expect(area).toBeGreaterThan(4.5);
    expect(area).toBeLessThan(6.5);
  });

  it('facets curves with edges no longer than 0.5 mm, in multiples of 4', () => {
    for (const r of [0.5, 2, 4, 10, 40]) {
      const n = circleSegments(r);
      expect(n % 4).toBe(0);
      expect(n).toBeGreaterThanOrEqual(16);
      if (n < 128) expect((2 * Math.PI * r) / n).toBeLessThanOrEqual(0.5);
    }
  });

  it('refuses to model outside an arena', () => {
    expect(() => box([1, 1, 1])).toThrow(/withArena/);
  });
});
