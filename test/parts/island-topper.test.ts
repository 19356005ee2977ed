import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../src/geometry/kernel.js';
import { DEFAULTS, islandTopper, TOP_CHAMFER_MM, topperHeightMm } from '../../src/parts/island-topper.js';
import { clearanceMm, DEFAULT_CLEARANCE_MM, fitDepthMm, fitHoleMm, HULL, INTERFACES } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const c = DEFAULT_CLEARANCE_MM;

describe('island topper', () => {
  it('is a watertight single puck on the bed, less its slots and flag holes', () => {
    const { topology } = buildAndInspect(() => islandTopper());
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    const h = topperHeightMm(c);
    const b = topology.bounds;
    expect(b.min[2]).toBeCloseTo(0, 6);
    expect(b.max[2]).toBeCloseTo(h, 6);
    expect(b.max[0] - b.min[0]).toBeCloseTo(2 * DEFAULTS.radiusMm, 2);
    const slot = fitHoleMm(INTERFACES.cannonPlug.sideMm, 'sliding', c);
    const flag = fitHoleMm(INTERFACES.mastPeg.diameterMm, 'sliding', c);
    // The chamfer ring: a right triangle of legs TOP_CHAMFER_MM revolved about its centroid (Pappus).
    const chamfer = 2 * Math.PI * (DEFAULTS.radiusMm - TOP_CHAMFER_MM / 3) * (TOP_CHAMFER_MM ** 2 / 2);
    const expected =
      Math.PI * DEFAULTS.radiusMm ** 2 * h -
      chamfer -
      DEFAULTS.cannonSlots * slot * slot * fitDepthMm(INTERFACES.cannonPlug.lengthMm, 'sliding', c) -
      DEFAULTS.flagHoles * Math.PI * (flag / 2) ** 2 * fitDepthMm(INTERFACES.mastPeg.lengthMm, 'sliding', c);
    // The slots' mouths are flat on a round wall, so they take a little less than their full depth.
    expect(topology.volumeMm3).toBeGreaterThan(expected * 0.998);
    expect(topology.volumeMm3).toBeLessThan(expected * 1.01);
  });

  it('has eight cannon slots facing all round and three flag holes, each open and of its declared size', () => {
    const { features } = buildAndInspect(() => islandTopper());
    const slots = features.filter((f) => f.feature.kind === 'cannon-slot');
    const flags = features.filter((f) => f.feature.kind === 'flag-hole');
    expect(slots).toHaveLength(8);
    expect(flags).toHaveLength(3);
    slots.forEach((s, i) => {
      expect(s.ok, s.feature.id).toBe(true);
      expect(s.reachable, `${s.feature.id}: a ray out of the mouth escapes`).toBe(true);
      if (s.feature.size.shape !== 'rect') throw new Error('rect');
      expect(Math.abs(s.measured.widthMm - s.feature.size.widthMm)).toBeLessThan(0.05);
      expect(Math.abs(s.measured.heightMm - s.feature.size.heightMm)).toBeLessThan(0.05);
      // Cannon plug vs slot: one sliding gap per side.
      expect(s.feature.size.widthMm - INTERFACES.cannonPlug.sideMm).toBeCloseTo(2 * clearanceMm('sliding', c), 9);
      // Facing out, horizontal, every 45°, at the hull's slot height.
      const a = (i * Math.PI) / 4;
      expect(s.feature.axis[0]).toBeCloseTo(Math.cos(a), 9);
      expect(s.feature.axis[1]).toBeCloseTo(Math.sin(a), 9);
      expect(s.feature.axis[2]).toBeCloseTo(0, 9);
      expect(s.feature.positionMm[2]).toBeCloseTo(HULL.cannonSlotCentreHeightMm, 9);
      // Outward: the mouth lies along its own axis from the puck's centre.
      expect(s.feature.positionMm[0] * s.feature.axis[0] + s.feature.positionMm[1] * s.feature.axis[1]).toBeCloseTo(
        DEFAULTS.radiusMm,
        6,
      );
    });
    // Eight distinct directions.
    const dirs = new Set(slots.map((s) => s.feature.axis.map((x) => x.toFixed(3)).join(',')));
    expect(dirs.size).toBe(8);
    for (const f of flags) {
      expect(f.ok, f.feature.id).toBe(true);
      if (f.feature.size.shape !== 'round') throw new Error('round');
      expect(Math.abs(f.measured.minMm - f.feature.size.diameterMm)).toBeLessThan(0.05);
      // Mast peg vs flag hole: one sliding gap per side.
      expect(f.feature.size.diameterMm - INTERFACES.mastPeg.diameterMm).toBeCloseTo(2 * clearanceMm('sliding', c), 9);
      expect(f.feature.axis).toEqual([0, 0, 1]);
    }
  });

  it('keeps every feature open across clearances and slot counts', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.6, noNaN: true }), fc.integer({ min: 1, max: 8 }), (cl, n) => {
        const { topology, features } = buildAndInspect(() => islandTopper({ clearanceMm: cl, cannonSlots: n }));
        expect(topology.watertight).toBe(true);
        expect(topology.bodies).toBe(1);
        expect(features).toHaveLength(n + DEFAULTS.flagHoles);
        for (const f of features) expect(f.ok, f.feature.id).toBe(true);
      }),
      { numRuns: 8 },
    );
  });

  it('rejects more slots than fit round the puck', () => {
    expect(() => islandTopper({ radiusMm: 18, cannonSlots: 12 })).toThrow(/cannonSlots = 12 .*at most as many slots/);
  });
});
