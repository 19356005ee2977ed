import { beforeAll, describe, expect, it } from 'vitest';
import { circleSegments, cylinder, initKernel, withArena } from '../../src/geometry/kernel.js';
import type { Feature } from '../../src/geometry/part.js';
import { chamferFitsAtBed } from '../../src/parts/chamfer.js';

beforeAll(initKernel);

describe('chamferFitsAtBed', () => {
  it('bevels a round peg standing on the bed by exactly its ring: the fit’s facets, c in at the bed, whole from c up', () => {
    const r = 6,
      h = 3,
      c = 0.3,
      n = circleSegments(r);
    const peg: Feature = {
      id: 'peg',
      kind: 'coin',
      role: 'peg',
      positionMm: [2, -1, 0],
      axis: [0, 0, 1],
      size: { shape: 'round', diameterMm: 2 * r },
      depthMm: h,
      mating: 'sliding',
    };
    withArena(() => {
      const solid = cylinder(h, r).translate([2, -1, 0]);
      const bevelled = chamferFitsAtBed({ solid, features: [peg] }, c).solid;
      // An n-gon of circumradius ρ has area k·ρ²; the bevel's section grows from r − c at the bed to r at c.
      const k = (n / 2) * Math.sin((2 * Math.PI) / n);
      const ringMm3 = k * (r ** 2 * c - (r ** 3 - (r - c) ** 3) / 3);
      expect(bevelled.volumeMm3()).toBeCloseTo(solid.volumeMm3() - ringMm3, 6);
      expect(bevelled.bounds()).toEqual(solid.bounds());
      expect(bevelled.bodyCount()).toBe(1);
      // At the bed the outline is the fit's n-gon c smaller: its facets, not a finer or coarser circle.
      expect(bevelled.sliceAt(1e-4).areaMm2()).toBeCloseTo(k * (r - c + 1e-4) ** 2, 5);
      expect(bevelled.sliceAt(c + 1e-3).areaMm2()).toBeCloseTo(k * r ** 2, 6);
    });
  });
});
