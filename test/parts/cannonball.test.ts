import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../src/geometry/kernel.js';
import { cannonball, DEFAULTS } from '../../src/parts/cannonball.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

describe('cannonball', () => {
  it('is a watertight single body lying on its flat, with the volume of a truncated sphere', () => {
    const r = DEFAULTS.diameterMm / 2;
    const h = DEFAULTS.flatDepthMm;
    const { topology } = buildAndInspect(() => cannonball());
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    expect(topology.bounds.min[2]).toBeCloseTo(0, 6);
    expect(topology.bounds.max[2]).toBeCloseTo(DEFAULTS.diameterMm - h, 2);
    const cap = (Math.PI * h * h * (3 * r - h)) / 3;
    const expected = (4 / 3) * Math.PI * r ** 3 - cap;
    expect(topology.volumeMm3).toBeGreaterThan(expected * 0.98); // facets lose a little
    expect(topology.volumeMm3).toBeLessThan(expected);
  });

  it('declares its equator, and the equator measures the nominal diameter', () => {
    const { features } = buildAndInspect(() => cannonball());
    expect(features).toHaveLength(1);
    expect(features[0]!.ok).toBe(true);
    expect(features[0]!.measured.maxMm).toBeGreaterThan(DEFAULTS.diameterMm - 0.05);
    expect(features[0]!.measured.maxMm).toBeLessThanOrEqual(DEFAULTS.diameterMm + 1e-3);
  });

  it('stays watertight across diameters and flats', () => {
    fc.assert(
      // Flats the builder accepts: up to a quarter of the diameter, and under the radius less 1 mm (a 4 mm ball's flat stays under 1 mm).
      fc.property(fc.double({ min: 4, max: 20, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (d, t) => {
        const { topology } = buildAndInspect(() => cannonball({ diameterMm: d, flatDepthMm: t * Math.min(1, d / 4, d / 2 - 1 - 1e-3) }));
        expect(topology.watertight).toBe(true);
      }),
      { numRuns: 15 },
    );
  });

  it('rejects a diameter outside 4–20 mm with the field named', () => {
    expect(() => buildAndInspect(() => cannonball({ diameterMm: -1 }))).toThrow(/diameterMm = -1 .*4 to 20 mm/);
  });
});
