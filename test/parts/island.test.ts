import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, withArena, type Vec3 } from '../../src/geometry/kernel.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { isInside } from '../../src/mesh/probe.js';
import { DEFAULTS, island } from '../../src/parts/island.js';
import { islandTopper, topperHeightMm } from '../../src/parts/island-topper.js';
import { clearanceMm, DEFAULT_CLEARANCE_MM, HULL, INTERFACES, MIN_FEATURE_MM } from '../../src/standard.js';
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

  it('stands the puck on a flat terrace that only falls away outward, so a cannon in any slot sits clear', () => {
    const { bytes, features } = buildAndInspect(() => island());
    withArena(() => {
      const solid = solidFromStl(bytes);
      const h = DEFAULTS.landHeightMm;
      // The puck's axis: the mean of its evenly spaced slot mouths (the bed centres the outline's bounds instead).
      const slots = features.filter((x) => x.feature.kind === 'cannon-slot').map((x) => x.feature.positionMm);
      const centre = [0, 1].map((k) => slots.reduce((sum, p) => sum + p[k]!, 0) / slots.length) as [number, number];
      const at = (rMm: number, a: number, z: number): Vec3 => [
        centre[0] + rMm * Math.cos(a),
        centre[1] + rMm * Math.sin(a),
        z,
      ];
      for (let i = 0; i < 36; i++) {
        const a = (i * Math.PI) / 18;
        // Just outside the puck: land up to the terrace, open air above it.
        expect(isInside(solid, at(DEFAULTS.radiusMm + MIN_FEATURE_MM / 2, a, h - 0.1))).toBe(true);
        expect(isInside(solid, at(DEFAULTS.radiusMm + MIN_FEATURE_MM / 2, a, h + 0.1))).toBe(false);
        // Further out the land is never higher than the terrace.
        for (const r of [45, 55, 65]) expect(isInside(solid, at(r, a, h + 0.1))).toBe(false);
      }
      // Every slot's floor is the hull's slot height above the terrace, as on a ship.
      for (const f of features.filter((x) => x.feature.kind === 'cannon-slot'))
        expect(f.feature.positionMm[2] - h).toBeCloseTo(HULL.cannonSlotCentreHeightMm, 9);
    });
  });

  it('fits the bed at its largest, and rejects a landmass too small to hold the puck or too big for the bed', () => {
    const maxR = Math.floor(220 / (2 * 1.24));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const { topology } = buildAndInspect(() => island({ seed, landRadiusMm: maxR }));
        const b = topology.bounds;
        expect(b.max[0] - b.min[0]).toBeLessThanOrEqual(220);
        expect(b.max[1] - b.min[1]).toBeLessThanOrEqual(220);
      }),
      { numRuns: 4 },
    );
    expect(() => island({ landRadiusMm: 30 })).toThrow(new RegExp(`landRadiusMm = 30 .*to ${maxR} mm`));
    expect(() => island({ landRadiusMm: maxR + 1 })).toThrow(new RegExp(`landRadiusMm = ${maxR + 1} `));
  });
});
