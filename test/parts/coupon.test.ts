import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { coupon, couponClearancesMm, DEFAULTS } from '../../src/parts/coupon.js';
import { CLEARANCE_RANGE_MM, clearanceMm, fitHoleMm, INTERFACES, MIN_FEATURE_MM } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const peg = INTERFACES.mastPeg;

describe('coupon', () => {
  it('steps 0.05 to 0.40 mm in 0.05 mm steps by default', () => {
    expect(couponClearancesMm(DEFAULTS)).toEqual([0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4]);
  });

  it('is a watertight single plate on the bed, with a hole and a peg per clearance', () => {
    const { topology, features } = buildAndInspect(() => coupon());
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    const b = topology.bounds;
    expect(b.min[2]).toBeCloseTo(0, 6);
    expect(b.max[2]).toBeCloseTo(DEFAULTS.plateThicknessMm + peg.lengthMm, 4);
    expect(b.max[0] - b.min[0]).toBeLessThan(220);
    const n = couponClearancesMm(DEFAULTS).length;
    const plate = (b.max[0] - b.min[0]) * (b.max[1] - b.min[1]) * DEFAULTS.plateThicknessMm;
    const pegs = n * Math.PI * (peg.diameterMm / 2) ** 2 * peg.lengthMm;
    const holes = couponClearancesMm(DEFAULTS).reduce((s, c) => s + Math.PI * (fitHoleMm(peg.diameterMm, 'sliding', c) / 2) ** 2 * DEFAULTS.plateThicknessMm, 0);
    const expected = plate + pegs - holes; // plus the embossed labels, a little
    expect(topology.volumeMm3).toBeGreaterThan(expected * 0.995);
    expect(topology.volumeMm3).toBeLessThan(expected * 1.03);
    expect(features.filter((f) => f.feature.kind === 'coupon-hole')).toHaveLength(n);
    expect(features.filter((f) => f.feature.kind === 'coupon-peg')).toHaveLength(n);
  });

  it('every hole and peg probes ok and measures its declared size; hole i is the mast peg plus clearance i', () => {
    const { features } = buildAndInspect(() => coupon());
    const values = couponClearancesMm(DEFAULTS);
    for (const f of features) {
      expect(f.ok, f.feature.id).toBe(true);
      if (f.feature.size.shape !== 'round') throw new Error('round');
      const measured = f.feature.role === 'hole' ? f.measured.minMm : f.measured.maxMm;
      expect(Math.abs(measured - f.feature.size.diameterMm), f.feature.id).toBeLessThan(0.05);
    }
    values.forEach((c, i) => {
      const hole = features.find((f) => f.feature.id === `coupon-hole-${i + 1}`)!.feature;
      const p = features.find((f) => f.feature.id === `coupon-peg-${i + 1}`)!.feature;
      if (hole.size.shape !== 'round' || p.size.shape !== 'round') throw new Error('round');
      expect(p.size.diameterMm).toBe(peg.diameterMm);
      expect(hole.size.diameterMm - p.size.diameterMm).toBeCloseTo(2 * clearanceMm('sliding', c), 9);
      // Turned over onto a second coupon (y → −y), peg i lands on hole i.
      expect(hole.positionMm[0]).toBeCloseTo(p.positionMm[0], 9);
      expect(hole.positionMm[1]).toBeCloseTo(-p.positionMm[1], 9);
    });
  });

  it('embosses each value in printable strokes: the section just above the plate is the pegs plus the labels', () => {
    withArena(() => {
      const { bytes } = buildAndInspect(() => coupon());
      const n = couponClearancesMm(DEFAULTS).length;
      const section = solidFromStl(bytes).sliceAt(DEFAULTS.plateThicknessMm + DEFAULTS.labelReliefMm / 2);
      const labels = section.areaMm2() - n * Math.PI * (peg.diameterMm / 2) ** 2;
      expect(labels).toBeGreaterThan(n * 8); // "0.05" at 3 mm cap height in 0.9 mm strokes is about 15 mm²
      const half = MIN_FEATURE_MM / 2 - 0.02;
      expect(section.offset(-half).offset(half).areaMm2()).toBeGreaterThan(section.areaMm2() * 0.9);
    });
  });

  it('stays one watertight body with every feature open over other ranges', () => {
    fc.assert(
      // Up to 0.05·(6 + 6) = 0.60 mm, the top of CLEARANCE_RANGE_MM.
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (from, steps) => {
        const o = { fromClearanceMm: from / 20, toClearanceMm: (from + steps) / 20, stepMm: 0.05 };
        const { topology, features } = buildAndInspect(() => coupon(o));
        expect(topology.watertight).toBe(true);
        expect(topology.bodies).toBe(1);
        expect(features).toHaveLength(2 * (steps + 1));
        for (const f of features) expect(f.ok).toBe(true);
      }),
      { numRuns: 8 },
    );
  });

  it('hole diameters step by exactly twice the step, and the hole count matches the range', () => {
    withArena(() => {
      for (const o of [DEFAULTS, { ...DEFAULTS, fromClearanceMm: 0.1, toClearanceMm: 0.6, stepMm: 0.1 }]) {
        const holes = coupon(o).features.filter((f) => f.kind === 'coupon-hole');
        expect(holes).toHaveLength(Math.round((o.toClearanceMm - o.fromClearanceMm) / o.stepMm) + 1);
        const d = holes.map((f) => (f.size.shape === 'round' ? f.size.diameterMm : NaN));
        for (let i = 1; i < d.length; i++) expect(d[i]! - d[i - 1]!).toBeCloseTo(2 * o.stepMm, 9);
        expect(d[0]).toBeCloseTo(fitHoleMm(peg.diameterMm, 'sliding', o.fromClearanceMm), 9);
      }
    });
  });

  it('rejects a range that runs backwards or leaves CLEARANCE_RANGE_MM, and a plate thicker than the peg is long', () => {
    const { min, max } = CLEARANCE_RANGE_MM;
    expect(() => coupon({ fromClearanceMm: 0.3, toClearanceMm: 0.1 })).toThrow(new RegExp(`toClearanceMm = 0.1 .*0.3 to ${max} mm`));
    expect(() => coupon({ fromClearanceMm: 0.01 })).toThrow(new RegExp(`fromClearanceMm = 0.01 .*${min} to ${max} mm`));
    expect(() => coupon({ toClearanceMm: 0.8 })).toThrow(/toClearanceMm = 0.8/);
    expect(() => coupon({ plateThicknessMm: peg.lengthMm + 1 })).toThrow(/plateThicknessMm/);
    // Labels have two decimals: a value they would round is refused.
    expect(() => coupon({ stepMm: 0.025 })).toThrow(/stepMm = 0.025 .*whole hundredths/);
    expect(() => coupon({ fromClearanceMm: 0.055 })).toThrow(/fromClearanceMm = 0.055 .*whole hundredths/);
  });
});
