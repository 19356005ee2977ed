import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, rayHitsMm, withArena, type Vec3 } from '../../src/geometry/kernel.js';
import { isInside } from '../../src/mesh/probe.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { carriage, carriageAxleHeightMm } from '../../src/parts/carriage.js';
import { carriageOuterMm, wheelSlot } from '../../src/parts/cutters.js';
import { wheelRollingRadiusMm } from '../../src/parts/wheel.js';
import { CLICK_DISTANCE_MM, clearanceMm, DEFAULT_CLEARANCE_MM, fitHoleMm, INTERFACES } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const c = DEFAULT_CLEARANCE_MM;
const outer = carriageOuterMm(c);
const r = wheelRollingRadiusMm(CLICK_DISTANCE_MM, INTERFACES.wheel.flatHalfAngleDeg);

describe('carriage', () => {
  it('is a watertight single block of carriageOuterMm lying flat, with the gap and bearings taken out', () => {
    const { topology } = buildAndInspect(() => carriage());
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    const b = topology.bounds;
    expect(b.min[2]).toBeCloseTo(0, 6);
    expect(b.max[0] - b.min[0]).toBeCloseTo(outer.lengthMm, 4);
    expect(b.max[1] - b.min[1]).toBeCloseTo(outer.widthMm, 4);
    expect(b.max[2] - b.min[2]).toBeCloseTo(outer.heightMm, 4);
    const gap = fitHoleMm(2 * r, 'rotating', c) * fitHoleMm(INTERFACES.wheel.widthMm, 'rotating', c) * outer.heightMm;
    const bearing = fitHoleMm(INTERFACES.axle.diameterMm, 'rotating', c);
    const holes = 2 * INTERFACES.carriage.cheekMm * (Math.PI * (bearing / 2) ** 2 / 2 + bearing * carriageAxleHeightMm(CLICK_DISTANCE_MM));
    const expected = outer.lengthMm * outer.widthMm * outer.heightMm - gap - holes;
    expect(topology.volumeMm3).toBeGreaterThan(expected * 0.995);
    expect(topology.volumeMm3).toBeLessThan(expected * 1.005);
  });

  it('has a fork gap and two bearings that probe open and measure their declared sizes', () => {
    const { features } = buildAndInspect(() => carriage());
    const byKind = (k: string) => features.filter((f) => f.feature.kind === k);
    const [gap] = byKind('fork-gap');
    expect(gap!.ok).toBe(true);
    expect(gap!.feature.size.shape).toBe('rect');
    if (gap!.feature.size.shape !== 'rect') return;
    expect(Math.abs(gap!.measured.widthMm - gap!.feature.size.widthMm)).toBeLessThan(0.05);
    expect(Math.abs(gap!.measured.heightMm - gap!.feature.size.heightMm)).toBeLessThan(0.05);
    // Wheel rim (band included) vs fork gap: a rotating gap each side, in length and width.
    expect(gap!.feature.size.widthMm - 2 * r).toBeCloseTo(2 * clearanceMm('rotating', c), 9);
    expect(gap!.feature.size.heightMm - INTERFACES.wheel.widthMm).toBeCloseTo(2 * clearanceMm('rotating', c), 9);
    const bearings = byKind('bearing');
    expect(bearings).toHaveLength(2);
    for (const b of bearings) {
      expect(b.ok).toBe(true);
      if (b.feature.size.shape !== 'round') throw new Error('round');
      expect(Math.abs(b.measured.minMm - b.feature.size.diameterMm)).toBeLessThan(0.05);
      // Axle vs bearing: two rotating gaps across the diameter.
      expect(b.feature.size.diameterMm - INTERFACES.axle.diameterMm).toBeCloseTo(2 * clearanceMm('rotating', c), 9);
    }
  });

  it('stands the wheel wheelProudMm below its bottom face', () => {
    const part = withArena(() => carriage().features);
    const b = part.find((f) => f.kind === 'bearing')!;
    expect(b.positionMm[2] - r).toBeCloseTo(-INTERFACES.carriage.wheelProudMm, 6);
  });

  it('presses into the hull wheel slot: slot minus block is one press gap per side', () => {
    withArena(() => {
      const block = carriage().features.find((f) => f.kind === 'carriage-block')!;
      const slot = wheelSlot('s', c).feature;
      if (block.size.shape !== 'rect' || slot.size.shape !== 'rect') throw new Error('rect');
      expect(slot.size.widthMm - block.size.widthMm).toBeCloseTo(2 * clearanceMm('press', c), 9);
      expect(slot.size.heightMm - block.size.heightMm).toBeCloseTo(2 * clearanceMm('press', c), 9);
      // The block is hollow (the fork), so measure its outside from outside: rays in from beyond each face.
      const { bytes } = buildAndInspect(() => carriage());
      const solid = solidFromStl(bytes);
      const z = block.positionMm[2] + block.depthMm * 0.9;
      const inward = (from: Vec3, to: Vec3): number => rayHitsMm(solid, from, to)[0]!;
      const L = 100 - inward([-50, 3, z], [50, 3, z]) - inward([50, 3, z], [-50, 3, z]);
      const W = 100 - inward([5, -50, z], [5, 50, z]) - inward([5, 50, z], [5, -50, z]);
      expect(Math.abs(L - block.size.widthMm)).toBeLessThan(0.05);
      expect(Math.abs(W - block.size.heightMm)).toBeLessThan(0.05);
      expect(isInside(solid, [outer.lengthMm / 2 - 0.5, 0, z])).toBe(true);
    });
  });

  it('keeps every feature open across clearances', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.6, noNaN: true }), (cl) => {
        const { topology, features } = buildAndInspect(() => carriage({ clearanceMm: cl }));
        expect(topology.watertight).toBe(true);
        expect(topology.bodies).toBe(1);
        for (const f of features.filter((x) => x.feature.role === 'hole')) expect(f.ok).toBe(true);
      }),
      { numRuns: 8 },
    );
  });

  it('rejects a clearance out of range with the field named', () => {
    expect(() => carriage({ clearanceMm: 1 })).toThrow(/clearanceMm = 1 .*0.05 to 0.6 mm/);
  });
});
