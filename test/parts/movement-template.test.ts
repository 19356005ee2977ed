import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { measureTemplate as measureShape } from '../../src/mesh/measure.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { DEFAULTS, movementTemplate, type MovementTemplateOptions } from '../../src/parts/movement-template.js';
import { MM_PER_INCH } from '../../src/units.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

/**
 * The template as exported, measured at mid-height (src/mesh/measure.ts, as validate's maneuvers check
 * measures it): the turn between its rear and front edges and its centreline's length; and its area over
 * its width at the bed, which shows the chords' shortfall.
 */
function measureTemplate(o: Partial<MovementTemplateOptions>): {
  turnDeg: number;
  centrelineMm: number;
  areaOverWidthMm: number;
  triangles: number;
  watertight: boolean;
  bodies: number;
  footprintMm: number;
} {
  const { bytes, topology } = buildAndInspect(() => movementTemplate(o));
  const w = o.widthMm ?? DEFAULTS.widthMm;
  return withArena(() => {
    const solid = solidFromStl(bytes);
    const areaOverWidthMm = solid.sliceAt(0.1).areaMm2() / w;
    const m = measureShape(solid, w);
    expect(m).not.toBeNull();
    const b = topology.bounds;
    const footprintMm = Math.max(b.max[0] - b.min[0], b.max[1] - b.min[1]);
    return {
      ...m!,
      areaOverWidthMm,
      triangles: topology.triangles,
      watertight: topology.watertight,
      bodies: topology.bodies,
      footprintMm,
    };
  });
}

function check(o: Partial<MovementTemplateOptions>): ReturnType<typeof measureTemplate> {
  const m = measureTemplate(o);
  const lengthMm = (o.lengthIn ?? DEFAULTS.lengthIn) * MM_PER_INCH;
  expect(m.watertight).toBe(true);
  expect(m.bodies).toBe(1);
  expect(Math.abs(m.turnDeg - (o.turnDeg ?? DEFAULTS.turnDeg))).toBeLessThan(0.5);
  expect(Math.abs(m.centrelineMm - lengthMm) / lengthMm).toBeLessThan(0.01);
  expect(Math.abs(m.areaOverWidthMm - lengthMm)).toBeLessThan(0.2);
  expect(m.footprintMm).toBeLessThanOrEqual(DEFAULTS.maxFootprintMm);
  return m;
}

describe('movementTemplate', () => {
  it('default: a straight 3 in strip, its rear and front edges parallel and 3 in apart along the centreline', () => {
    check({});
  });

  it('a 45° turn over 3 in and the tightest and widest cases', () => {
    for (const o of [
      { id: 'T45-3', turnDeg: 45 },
      { id: 'T90-1', lengthIn: 1, turnDeg: 90 },
      { id: 'T90-8', lengthIn: 8, turnDeg: 90 },
      { id: 'S8', lengthIn: 8 },
    ]) {
      check(o);
    }
  });

  it('any length from 1 to 8 in and turn from 0° to 90°', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 8, noNaN: true }),
        fc.oneof(fc.constant(0), fc.double({ min: 0, max: 90, noNaN: true })),
        (lengthIn, turnDeg) => {
          check({ id: 'X', lengthIn, turnDeg });
        },
      ),
      { numRuns: 6 },
    );
  });

  it('engraves the id and the length and turn on the top face only', () => {
    withArena(() => {
      const { bytes } = buildAndInspect(() => movementTemplate({ id: 'T45-3', turnDeg: 45 }));
      const solid = solidFromStl(bytes);
      const t = DEFAULTS.thicknessMm,
        d = DEFAULTS.engraveDepthMm;
      const engraved = solid.sliceAt(t - d - 0.1).areaMm2() - solid.sliceAt(t - d / 2).areaMm2();
      expect(engraved).toBeGreaterThan(60);
      expect(solid.sliceAt(t - d - 0.1).areaMm2()).toBeCloseTo(solid.sliceAt(0.1).areaMm2(), 3);
    });
  });

  it('rejects bad options, naming the field and the valid range', () => {
    const bad: [Partial<MovementTemplateOptions>, RegExp][] = [
      [{ lengthIn: 9 }, /lengthIn = 9 .*maxFootprintMm \(210 mm.*at most 8\.\d+ in/],
      [{ lengthIn: 0.5 }, /lengthIn = 0.5 .*from 1 to 24 in/],
      [{ turnDeg: 120 }, /turnDeg = 120 .*from 0 to 90 deg/],
      [{ id: '' }, /id = "" .*1 to 8 printable/],
      [{ lengthIn: 1, turnDeg: 90, widthMm: 40 }, /widthMm = 40 .*from 10 to 30\.\d+ mm/],
      [{ engraveDepthMm: 3 }, /engraveDepthMm = 3 .*from 0.2 to 1.4 mm/],
    ];
    for (const [options, message] of bad) {
      expect(() => withArena(() => movementTemplate(options))).toThrow(InputError);
      expect(() => withArena(() => movementTemplate(options))).toThrow(message);
    }
  });
});
