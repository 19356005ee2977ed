import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { DEFAULTS, island } from '../../src/parts/island.js';
import { islandTopper, topperHeightMm } from '../../src/parts/island-topper.js';
import { clearanceMm, DEFAULT_CLEARANCE_MM, INTERFACES } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const c = DEFAULT_CLEARANCE_MM;

describe('island', () => {
  it('is one watertight body on the bed, a lobed landmass about its radius carrying the puck', () => {
    const { topology } = buildAndInspect(() => island());
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    const b = topology.bounds;
    expect(b.min[2]).toBeCloseTo(0, 6);
    expect(b.max[2]).toBeCloseTo(DEFAULTS.landHeightMm + topperHeightMm(c), 6);
    // Lobes swing the outline by at most ±24 % of the mean radius.
    for (const axis of [0, 1]) {
      const span = b.max[axis]! - b.min[axis]!;
      expect(span).toBeGreaterThan(2 * 0.76 * DEFAULTS.landRadiusMm);
      expect(span).toBeLessThan(Math.min(220, 2 * 1.24 * DEFAULTS.landRadiusMm));
    }
    const puck = Math.PI * DEFAULTS.radiusMm ** 2 * topperHeightMm(c);
    const land = Math.PI * DEFAULTS.landRadiusMm ** 2 * DEFAULTS.landHeightMm;
    expect(topology.volumeMm3).toBeGreaterThan(puck * 0.9 + land * 0.76 ** 2 * 0.7 ** 2);
    expect(topology.volumeMm3).toBeLessThan(puck + land * 1.24 ** 2);
  });

  it("carries the topper's features, raised by the landmass, every one open and of its declared size", () => {
    const { features } = buildAndInspect(() => island());
    const topper = withArena(() => islandTopper({ clearanceMm: c }).features);
    expect(features.map((f) => f.feature.id)).toEqual(topper.map((f) => f.id));
    features.forEach((f, i) => {
      const t = topper[i]!;
      expect(f.ok, f.feature.id).toBe(true);
      expect(f.feature.size).toEqual(t.size);
      expect(f.feature.axis).toEqual(t.axis);
      // Same place relative to the puck: raised by the landmass (both parts are centred on the bed, the
      // island on its outline's bounds, so compare heights and the features' spacing).
      expect(f.feature.positionMm[2] - t.positionMm[2]).toBeCloseTo(DEFAULTS.landHeightMm, 6);
      const measured = f.feature.size.shape === 'round' ? f.measured.minMm : f.measured.widthMm;
      const declared = f.feature.size.shape === 'round' ? f.feature.size.diameterMm : f.feature.size.widthMm;
      expect(Math.abs(measured - declared), f.feature.id).toBeLessThan(0.05);
    });
    const slot = features.find((f) => f.feature.kind === 'cannon-slot')!.feature;
    if (slot.size.shape !== 'rect') throw new Error('rect');
    expect(slot.size.widthMm - INTERFACES.cannonPlug.sideMm).toBeCloseTo(2 * clearanceMm('sliding', c), 9);
  });

  it('is the same bytes for the same seed and differs between seeds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const a = buildAndInspect(() => island({ seed }));
        const again = buildAndInspect(() => island({ seed }));
        const other = buildAndInspect(() => island({ seed: (seed + 1) >>> 0 }));
        expect(Buffer.from(again.bytes).equals(Buffer.from(a.bytes))).toBe(true);
        expect(Buffer.from(other.bytes).equals(Buffer.from(a.bytes))).toBe(false);
        expect(a.topology.watertight).toBe(true);
        expect(a.topology.bodies).toBe(1);
        for (const f of a.features) expect(f.ok, f.feature.id).toBe(true);
      }),
      { numRuns: 8 },
    );
  });

  it('rejects a landmass too small to hold the puck', () => {
    expect(() => island({ landRadiusMm: 30 })).toThrow(/landRadiusMm = 30 .*to 100 mm/);
  });
});
