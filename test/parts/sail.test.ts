import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { initKernel } from '../../src/geometry/kernel.js';
import { mast } from '../../src/parts/mast.js';
import { DEFAULTS, sail } from '../../src/parts/sail.js';
import { fitHoleMm, INTERFACES } from '../../src/standard.js';
import { parseStl } from '../../src/mesh/stl.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

/** Trapezoid area times the edge and crown thicknesses: the panel's volume lies between them. */
const panelArea = (): number => ((DEFAULTS.widthMm + 0.85 * DEFAULTS.widthMm) / 2) * DEFAULTS.heightMm;

describe('sail', () => {
  for (const damaged of [false, true]) {
    it(`${damaged ? 'damaged' : 'whole'}: one watertight body lying flat, within its panel's volume bounds`, () => {
      const { topology } = buildAndInspect(() => sail({ damaged }));
      expect(topology.watertight).toBe(true);
      expect(topology.bodies).toBe(1);
      expect(topology.bounds.min[2]).toBeCloseTo(0, 5);
      const width = topology.bounds.max[0] - topology.bounds.min[0];
      expect(width).toBeLessThanOrEqual(DEFAULTS.widthMm + 1e-3);
      expect(width).toBeGreaterThan(DEFAULTS.widthMm * (damaged ? 0.9 : 0.999)); // the rag takes the foot's corners
      const tabs = 2 * 8 * 9 * DEFAULTS.loopLengthMm; // generous box round both loop tabs
      expect(topology.volumeMm3).toBeGreaterThan(panelArea() * DEFAULTS.edgeThicknessMm * (damaged ? 0.8 : 1));
      expect(topology.volumeMm3).toBeLessThan(panelArea() * DEFAULTS.billowThicknessMm + tabs);
    });
  }

  it('the torn sail has less material than the whole one', () => {
    const whole = buildAndInspect(() => sail()).topology.volumeMm3;
    const torn = buildAndInspect(() => sail({ damaged: true })).topology.volumeMm3;
    expect(torn).toBeLessThan(whole * 0.95);
  });

  it('the tattered sail is frayed, not torn: less than the whole sail, more than the torn one', () => {
    const v = (o: Parameters<typeof sail>[0]): number => buildAndInspect(() => sail(o)).topology.volumeMm3;
    const [whole, tattered, torn] = [v({}), v({ tattered: true }), v({ damaged: true })];
    expect(tattered).toBeLessThan(whole * 0.99);
    expect(tattered).toBeGreaterThan(torn);
    const { topology } = buildAndInspect(() => sail({ tattered: true }));
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
  });

  it("bends to a yard that reaches past the head's corners, lying on the bed under the head", () => {
    const { bytes } = buildAndInspect(() => sail());
    const p = parseStl(bytes).positions;
    let reach = 0;
    // On the bed along the head (the top 2 mm of the sail): the yard's ends.
    const top = Math.max(...Array.from({ length: p.length / 3 }, (_, k) => p[3 * k + 1]!));
    for (let k = 0; k < p.length; k += 3)
      if (p[k + 2]! < 0.01 && p[k + 1]! > top - DEFAULTS.loopLengthMm - 2) reach = Math.max(reach, Math.abs(p[k]!));
    expect(reach).toBeCloseTo((0.85 * DEFAULTS.widthMm) / 2 + DEFAULTS.yardOverhangMm, 3);
  });

  it('has two open loops on one axis, along the mast, sized for the pole', () => {
    for (const damaged of [false, true]) {
      const { features } = buildAndInspect(() => sail({ damaged }));
      expect(features.map((f) => f.feature.kind)).toEqual(['sail-loop', 'sail-loop']);
      const hole = fitHoleMm(INTERFACES.mastPole.diameterMm, 'sliding', DEFAULTS.clearanceMm);
      for (const f of features) {
        expect(f.ok, f.feature.id).toBe(true);
        expect(Math.abs(f.measured.minMm - hole)).toBeLessThan(0.05);
      }
      const [a, b] = features as [(typeof features)[0], (typeof features)[0]];
      expect(a.feature.axis[1]).toBeCloseTo(-b.feature.axis[1], 9);
      expect(a.feature.positionMm[0]).toBeCloseTo(b.feature.positionMm[0], 6);
      expect(a.feature.positionMm[2]).toBeCloseTo(b.feature.positionMm[2], 6);
    }
  });

  it('slides over the mast pole with twice the sliding clearance, for any clearance', () => {
    const pole = buildAndInspect(() => mast()).features.find((f) => f.feature.kind === 'mast-pole')!;
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.6, noNaN: true }), fc.boolean(), (c, damaged) => {
        const { topology, features } = buildAndInspect(() => sail({ clearanceMm: c, damaged }));
        expect(topology.watertight).toBe(true);
        expect(topology.bodies).toBe(1);
        for (const f of features) {
          expect(f.ok).toBe(true);
          expect(Math.abs(f.measured.minMm - pole.measured.maxMm - 2 * c)).toBeLessThan(0.05);
        }
      }),
      { numRuns: 6 },
    );
  });

  it('rejects a non-boolean damaged flag, naming the field', () => {
    expect(() => buildAndInspect(() => sail({ damaged: 'yes' as unknown as boolean }))).toThrow(
      /damaged = "yes" .*true or false/,
    );
  });
});
