import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, rayHitsMm, withArena } from '../../src/geometry/kernel.js';
import { isInside } from '../../src/mesh/probe.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { coupon, couponClearancesMm, DEFAULTS } from '../../src/parts/coupon.js';
import {
  CLEARANCE_RANGE_MM,
  clearanceMm,
  fitHoleMm,
  INTERFACES,
  MIN_FEATURE_MM,
  PRINT_IN_PLACE_GAP_MM,
} from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const peg = INTERFACES.mastPeg;
const square = INTERFACES.cargoPeg;
/** Area of a disc of radius r with the segment beyond a chord at distance d from the centre cut off. */
const flattenedArea = (r: number, d: number): number =>
  Math.PI * r * r - (r * r * Math.acos(d / r) - d * Math.sqrt(r * r - d * d));

describe('coupon', () => {
  it('steps 0.05 to 0.40 mm in 0.05 mm steps by default', () => {
    expect(couponClearancesMm(DEFAULTS)).toEqual([0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4]);
  });

  it('is a watertight single plate on the bed, with round, square and press holes, pegs per clearance, a lying peg and a tongue', () => {
    const { topology, features } = buildAndInspect(() => coupon());
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    const b = topology.bounds;
    expect(b.min[2]).toBeCloseTo(0, 6);
    expect(b.max[2]).toBeCloseTo(DEFAULTS.plateThicknessMm + peg.lengthMm, 4);
    expect(b.max[0] - b.min[0]).toBeLessThan(220);
    expect(b.max[1] - b.min[1]).toBeLessThan(220);
    const values = couponClearancesMm(DEFAULTS);
    const n = values.length;
    const T = DEFAULTS.plateThicknessMm;
    // The plate is the box less the lying peg that stands out of its right edge.
    const plate = (b.max[0] - b.min[0] - peg.lengthMm) * (b.max[1] - b.min[1]) * T;
    const pegs = n * (Math.PI * (peg.diameterMm / 2) ** 2 * peg.lengthMm + square.sideMm ** 2 * square.lengthMm);
    const lying = flattenedArea(peg.diameterMm / 2, peg.diameterMm / 2 - peg.flatDepthMm) * peg.lengthMm;
    const holes = values.reduce(
      (s, c) =>
        s +
        (Math.PI * (fitHoleMm(peg.diameterMm, 'sliding', c) / 2) ** 2 +
          fitHoleMm(square.sideMm, 'sliding', c) ** 2 +
          fitHoleMm(square.sideMm, 'press', c) ** 2) *
          T,
      0,
    );
    const f = features.map((x) => x.feature);
    expect(f).toHaveLength(5 * n + 1);
    const expected = plate + pegs + lying - holes; // less the tongue's slits, plus the embossed labels
    expect(topology.volumeMm3).toBeGreaterThan(expected * 0.97);
    expect(topology.volumeMm3).toBeLessThan(expected * 1.03);
    const ids = (prefix: RegExp): number => f.filter((x) => prefix.test(x.id)).length;
    expect(ids(/^coupon-hole-\d+$/)).toBe(n);
    expect(ids(/^coupon-square-hole-\d+$/)).toBe(n);
    expect(ids(/^coupon-press-hole-\d+$/)).toBe(n);
    expect(ids(/^coupon-peg-\d+$/)).toBe(n);
    expect(ids(/^coupon-square-peg-\d+$/)).toBe(n);
    expect(ids(/^coupon-lying-peg$/)).toBe(1);
  });

  it('every hole and peg probes ok and measures its declared size; each hole is its nominal peg plus its class at clearance i', () => {
    const { features } = buildAndInspect(() => coupon());
    const values = couponClearancesMm(DEFAULTS);
    for (const f of features) {
      if (f.feature.id === 'coupon-lying-peg') {
        // On its side with the mast's flat and bed chamfer (chamfer.ts): only samples below the axis, straight
        // down and 45° either side (three at each of three depths), may be open.
        expect(f.wrongPoints.length).toBeLessThanOrEqual(9);
        for (const p of f.wrongPoints) expect(p[2]).toBeLessThan(f.feature.positionMm[2]);
        expect(Math.abs(f.measured.maxMm - peg.diameterMm)).toBeLessThan(0.05);
        continue;
      }
      expect(f.ok, f.feature.id).toBe(true);
      const size = f.feature.size;
      if (size.shape === 'round') {
        const measured = f.feature.role === 'hole' ? f.measured.minMm : f.measured.maxMm;
        expect(Math.abs(measured - size.diameterMm), f.feature.id).toBeLessThan(0.05);
      } else {
        expect(Math.abs(f.measured.widthMm - size.widthMm), f.feature.id).toBeLessThan(0.05);
        expect(Math.abs(f.measured.heightMm - size.heightMm), f.feature.id).toBeLessThan(0.05);
      }
    }
    const byId = (id: string) => features.find((f) => f.feature.id === id)!.feature;
    const sizeOf = (id: string): number => {
      const s = byId(id).size;
      return s.shape === 'round' ? s.diameterMm : s.widthMm;
    };
    values.forEach((c, i) => {
      const k = i + 1;
      expect(sizeOf(`coupon-peg-${k}`)).toBe(peg.diameterMm);
      expect(sizeOf(`coupon-square-peg-${k}`)).toBe(square.sideMm);
      expect(sizeOf(`coupon-hole-${k}`) - peg.diameterMm).toBeCloseTo(2 * clearanceMm('sliding', c), 9);
      expect(sizeOf(`coupon-square-hole-${k}`) - square.sideMm).toBeCloseTo(2 * clearanceMm('sliding', c), 9);
      // The carriage's press fit at this clearance, tried with the square peg.
      expect(sizeOf(`coupon-press-hole-${k}`) - square.sideMm).toBeCloseTo(2 * clearanceMm('press', c), 9);
      expect(byId(`coupon-press-hole-${k}`).mating).toBe('press');
      // Turned over onto a second coupon (y → −y), each peg lands on its hole.
      for (const [hole, p] of [
        [`coupon-hole-${k}`, `coupon-peg-${k}`],
        [`coupon-square-hole-${k}`, `coupon-square-peg-${k}`],
      ] as const) {
        expect(byId(hole).positionMm[0]).toBeCloseTo(byId(p).positionMm[0], 9);
        expect(byId(hole).positionMm[1]).toBeCloseTo(-byId(p).positionMm[1], 9);
      }
    });
    const lying = byId('coupon-lying-peg');
    expect(lying.axis[2]).toBe(0);
  });

  it('cuts a tongue free on three sides by the print-in-place gap, joined to the plate at its root', () => {
    const { bytes } = buildAndInspect(() => coupon());
    withArena(() => {
      const solid = solidFromStl(bytes);
      const z = DEFAULTS.plateThicknessMm / 2;
      const b = solid.bounds();
      // The tongue's row: from the left edge, material (plate and tongue, one piece at the root) then the end
      // slit, one print-in-place gap wide; across the tongue, the gap either side of it.
      const rowHits = (y: number): number[] => rayHitsMm(solid, [b.min[0] - 1, y, z], [b.max[0] + 1, y, z]);
      const tongueY = [...Array(400).keys()]
        .map((i) => b.min[1] + i * 0.1)
        .find((y) => {
          const h = rowHits(y);
          return h.length >= 4 && h[1]! - h[0]! > 10 && Math.abs(h[2]! - h[1]! - PRINT_IN_PLACE_GAP_MM) < 0.01;
        });
      expect(tongueY).toBeDefined();
      const xMid = b.min[0] + rowHits(tongueY!)[1]! / 2;
      const across = rayHitsMm(solid, [xMid, b.min[1] - 1, z], [xMid, b.max[1] + 1, z]);
      const gaps = across
        .slice(1, -1)
        .flatMap((t, i, a) => (i % 2 === 0 && a[i + 1] !== undefined ? [a[i + 1]! - t] : []));
      expect(gaps.filter((g) => Math.abs(g - PRINT_IN_PLACE_GAP_MM) < 0.01)).toHaveLength(2);
      // At its root the tongue is plate: the point beside the slits, at the left edge, is material.
      expect(isInside(solid, [b.min[0] + 0.5, tongueY!, z])).toBe(true);
    });
  });

  it('embosses each value in printable strokes: the section just above the plate is the pegs plus the labels', () => {
    withArena(() => {
      const { bytes } = buildAndInspect(() => coupon());
      const n = couponClearancesMm(DEFAULTS).length;
      const section = solidFromStl(bytes).sliceAt(DEFAULTS.plateThicknessMm + DEFAULTS.labelReliefMm / 2);
      const labels = section.areaMm2() - n * (Math.PI * (peg.diameterMm / 2) ** 2 + square.sideMm ** 2);
      // n clearances and the gap's "1.00": "0.05" at 3 mm cap height in 0.9 mm strokes is about 15 mm².
      expect(labels).toBeGreaterThan((n + 1) * 8);
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
        expect(features).toHaveLength(5 * (steps + 1) + 1);
        for (const f of features) if (f.feature.id !== 'coupon-lying-peg') expect(f.ok).toBe(true);
      }),
      { numRuns: 8 },
    );
  });

  it('hole diameters step by exactly twice the step, and the hole count matches the range', () => {
    withArena(() => {
      for (const o of [DEFAULTS, { ...DEFAULTS, fromClearanceMm: 0.1, toClearanceMm: 0.6, stepMm: 0.1 }]) {
        const holes = coupon(o).features.filter((f) => /^coupon-hole-/.test(f.id));
        expect(holes).toHaveLength(Math.round((o.toClearanceMm - o.fromClearanceMm) / o.stepMm) + 1);
        const d = holes.map((f) => (f.size.shape === 'round' ? f.size.diameterMm : NaN));
        for (let i = 1; i < d.length; i++) expect(d[i]! - d[i - 1]!).toBeCloseTo(2 * o.stepMm, 9);
        expect(d[0]).toBeCloseTo(fitHoleMm(peg.diameterMm, 'sliding', o.fromClearanceMm), 9);
      }
    });
  });

  it("flares every hole where it meets the bed by the printer's elephant's foot, as the parts' own fits are", () => {
    for (const bedChamferMm of [0, 0.2]) {
      const { bytes, features } = buildAndInspect(() => coupon({ bedChamferMm }));
      withArena(() => {
        const solid = solidFromStl(bytes);
        // From each hole's axis, the wall's distance just above the bed against mid-plate: the flare.
        const wallMm = (p: readonly number[], z: number): number =>
          rayHitsMm(solid, [p[0]!, p[1]!, z], [p[0]! + 50, p[1]!, z])[0]!;
        const holes = features.filter((f) => f.feature.role === 'hole');
        expect(holes).toHaveLength(3 * couponClearancesMm(DEFAULTS).length);
        for (const h of holes) {
          const flare =
            wallMm(h.feature.positionMm, 0.01) - wallMm(h.feature.positionMm, DEFAULTS.plateThicknessMm / 2);
          expect(Math.abs(flare - bedChamferMm), h.feature.id).toBeLessThan(0.03);
        }
      });
    }
  });

  it('rejects a range that runs backwards or leaves CLEARANCE_RANGE_MM, and a plate thicker than the peg is long', () => {
    const { min, max } = CLEARANCE_RANGE_MM;
    expect(() => coupon({ fromClearanceMm: 0.3, toClearanceMm: 0.1 })).toThrow(
      new RegExp(`toClearanceMm = 0.1 .*0.3 to ${max} mm`),
    );
    expect(() => coupon({ fromClearanceMm: 0.01 })).toThrow(new RegExp(`fromClearanceMm = 0.01 .*${min} to ${max} mm`));
    expect(() => coupon({ toClearanceMm: 0.8 })).toThrow(/toClearanceMm = 0.8/);
    expect(() => coupon({ plateThicknessMm: peg.lengthMm + 1 })).toThrow(/plateThicknessMm/);
    // Labels have two decimals: a value they would round is refused.
    expect(() => coupon({ stepMm: 0.025 })).toThrow(/stepMm = 0.025 .*whole hundredths/);
    expect(() => coupon({ fromClearanceMm: 0.055 })).toThrow(/fromClearanceMm = 0.055 .*whole hundredths/);
  });
});
