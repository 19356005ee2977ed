import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { measureArcGauge } from '../../src/mesh/measure.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { DEFAULTS, fireArcGauge, MAX_FOOTPRINT_MM, type FireArcGaugeOptions } from '../../src/parts/fire-arc-gauge.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

/** The gauge as exported, measured at mid-height (src/mesh/measure.ts, as validate's arc-angle check measures it). */
function measureGauge(o: Partial<FireArcGaugeOptions>): {
  toEdges: number[];
  cornerOffLineMm: number;
  triangles: number;
  footprintMm: number;
  watertight: boolean;
  bodies: number;
} {
  const { bytes, topology } = buildAndInspect(() => fireArcGauge(o));
  return withArena(() => {
    const m = measureArcGauge(solidFromStl(bytes), o.lipMm ?? DEFAULTS.lipMm);
    expect(m).not.toBeNull();
    const b = topology.bounds;
    const footprintMm = Math.max(b.max[0] - b.min[0], b.max[1] - b.min[1]);
    return {
      toEdges: m!.toEdgesDeg,
      cornerOffLineMm: m!.cornerOffLineMm,
      triangles: topology.triangles,
      footprintMm,
      watertight: topology.watertight,
      bodies: topology.bodies,
    };
  });
}

describe('fireArcGauge', () => {
  it('default: one watertight plate whose long edge runs at 45° to both notch edges (135° on their far side), on the line through the corner', () => {
    const m = measureGauge({});
    expect(m.watertight).toBe(true);
    expect(m.bodies).toBe(1);
    // Measured from the corner along the base's edges, the arc line leaves at 135°: 45° to the edges' lines beyond the corner.
    for (const a of m.toEdges) {
      expect(Math.abs(a - 135)).toBeLessThan(0.2);
      expect(Math.abs(180 - a - 45)).toBeLessThan(0.2);
    }
    expect(m.cornerOffLineMm).toBeLessThan(0.1);
    expect(m.footprintMm).toBeLessThanOrEqual(MAX_FOOTPRINT_MM);
  });

  it('any angle from 10° to 80°: the edge at that angle to one base edge and its complement to the other', () => {
    fc.assert(
      fc.property(fc.double({ min: 10, max: 80, noNaN: true }), (angle) => {
        const m = measureGauge({ angleDeg: angle });
        expect(m.watertight).toBe(true);
        expect(m.bodies).toBe(1);
        // The lip along y = 0 comes first round the ring, then the one along x = 0.
        expect(Math.abs(180 - m.toEdges[0]! - angle)).toBeLessThan(0.2);
        expect(Math.abs(180 - m.toEdges[1]! - (90 - angle))).toBeLessThan(0.2);
        expect(m.cornerOffLineMm).toBeLessThan(0.1);
      }),
      { numRuns: 4 },
    );
  });

  it('rejects bad options, naming the field and the valid range', () => {
    const bad: [Partial<FireArcGaugeOptions>, RegExp][] = [
      [{ angleDeg: 5 }, /angleDeg = 5 .*from 10 to 80 deg/],
      [{ lengthMm: 300 }, /lengthMm = 300 .*from \d+(\.\d+)? to \d+(\.\d+)? mm/],
      [{ lengthMm: 10 }, /lengthMm = 10 .*from/],
      [{ widthMm: 2 }, /widthMm = 2 .*from 10 to 40 mm/],
      [{ lipMm: 100 }, /lipMm = 100 .*from 5 to 40 mm/],
      [{ thicknessMm: Number.NaN }, /thicknessMm .*from 1.5 to 6 mm/],
    ];
    for (const [options, message] of bad) {
      expect(() => withArena(() => fireArcGauge(options))).toThrow(InputError);
      expect(() => withArena(() => fireArcGauge(options))).toThrow(message);
    }
  });
});
