import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, withArena, type Vec3 } from '../../src/geometry/kernel.js';
import type { Feature } from '../../src/geometry/part.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { measureFeature } from '../../src/mesh/probe.js';
import { rayHitsMm } from '../../src/geometry/kernel.js';
import { carriage } from '../../src/parts/carriage.js';
import { clickDistanceMm, DEFAULTS, wheel, wheelRadiiMm, wheelRollingRadiusMm } from '../../src/parts/wheel.js';
import { CLICK_DISTANCE_MM, clearanceMm, DEFAULT_CLEARANCE_MM, INTERFACES } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

/** Area of a disc of radius r with the segment beyond a chord at distance d from the centre cut off. */
const flattenedArea = (r: number, d: number): number => Math.PI * r * r - (r * r * Math.acos(d / r) - d * Math.sqrt(r * r - d * d));

describe('wheel', () => {
  const radii = wheelRadiiMm(DEFAULTS);
  const W = INTERFACES.wheel.widthMm;
  const flange = (W - INTERFACES.band.widthMm) / 2;
  const axle = INTERFACES.axle;

  it('solves its rolling radius from the click distance (BRIEF §3), and back', () => {
    fc.assert(
      fc.property(fc.double({ min: 25, max: 100, noNaN: true }), fc.double({ min: 5, max: 40, noNaN: true }), (click, alpha) => {
        expect(clickDistanceMm(wheelRollingRadiusMm(click, alpha), alpha)).toBeCloseTo(click, 9);
      }),
      { numRuns: 8 },
    );
    // With no flat the perimeter is a circle's.
    expect(clickDistanceMm(10, 0)).toBeCloseTo(20 * Math.PI, 9);
  });

  it('is one watertight body standing on its flat, with the volume and size of its disc, flanges and stubs', () => {
    const { topology } = buildAndInspect(() => wheel());
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    const b = topology.bounds;
    expect(b.min[2]).toBeCloseTo(0, 6);
    // Standing on the rim's flat: the centre is at the flat's chord distance, the top at the rim.
    const centreZ = radii.rimMm - radii.flatInsetMm;
    expect(b.max[2]).toBeCloseTo(centreZ + radii.rimMm, 2);
    expect(b.max[0] - b.min[0]).toBeCloseTo(2 * radii.rimMm, 2);
    expect(b.max[1] - b.min[1]).toBeCloseTo(W + 2 * axle.stubLengthMm, 4);
    const expected =
      flattenedArea(radii.grooveMm, radii.grooveMm - radii.flatInsetMm) * W +
      2 * (flattenedArea(radii.rimMm, radii.rimMm - radii.flatInsetMm) - flattenedArea(radii.grooveMm, radii.grooveMm - radii.flatInsetMm)) * flange +
      2 * Math.PI * (axle.diameterMm / 2) ** 2 * axle.stubLengthMm;
    expect(topology.volumeMm3).toBeGreaterThan(expected * 0.99); // facets lose a little
    expect(topology.volumeMm3).toBeLessThan(expected);
  });

  it('declares two axle stubs and the rim; the axles probe as material of the axle diameter', () => {
    const { features } = buildAndInspect(() => wheel());
    expect(features.map((f) => f.feature.kind).sort()).toEqual(['axle', 'axle', 'wheel-rim']);
    for (const f of features.filter((x) => x.feature.kind === 'axle')) {
      expect(f.ok).toBe(true);
      expect(Math.abs(f.measured.maxMm - axle.diameterMm)).toBeLessThan(0.05);
      expect(f.feature.depthMm).toBe(axle.stubLengthMm);
    }
  });

  it('has a rim whose only gaps are the band groove and the flat, and whose measured radius gives the click distance', () => {
    const { bytes, features } = buildAndInspect(() => wheel());
    const rim = features.find((f) => f.feature.kind === 'wheel-rim')!;
    expect(rim.feature.depthMm).toBe(W);
    expect(rim.feature.size).toEqual({ shape: 'round', diameterMm: 2 * radii.rimMm });
    // The probe samples the whole width at the rim: points in the groove, or under the bed (the flat), are open by design.
    for (const p of rim.wrongPoints) {
      const t = dot(sub(p, rim.feature.positionMm), rim.feature.axis);
      const inGroove = t > flange - 1e-6 && t < W - flange + 1e-6;
      expect(inGroove || p[2] < 0).toBe(true);
    }
    // Measure the rim on each flange (the groove's middle would measure the groove bottom).
    const measured = withArena(() => {
      const solid = solidFromStl(bytes);
      const onFlange = (start: number): Feature => ({
        ...rim.feature,
        positionMm: [0, 1, 2].map((i) => rim.feature.positionMm[i]! + rim.feature.axis[i]! * start) as unknown as Vec3,
        depthMm: flange,
      });
      return [measureFeature(solid, onFlange(0)), measureFeature(solid, onFlange(W - flange))];
    });
    for (const m of measured) {
      expect(Math.abs(m.maxMm - 2 * radii.rimMm)).toBeLessThan(0.05);
      const click = clickDistanceMm(m.maxMm / 2 + INTERFACES.band.proudMm, DEFAULTS.flatHalfAngleDeg);
      expect(Math.abs(click / CLICK_DISTANCE_MM - 1)).toBeLessThan(0.005);
    }
  });

  it('mates with the carriage as measured on both exported parts: axle in bearing, wheel in fork gap', () => {
    const w = buildAndInspect(() => wheel());
    const axleMm = Math.max(...w.features.filter((f) => f.feature.kind === 'axle').map((f) => f.measured.maxMm));
    // The wheel's width, by a ray along the axle through a flange (the exported axle runs along Y).
    const rim = w.features.find((f) => f.feature.kind === 'wheel-rim')!.feature;
    const [cx, , cz] = rim.positionMm;
    const widthMm = withArena(() => {
      const hits = rayHitsMm(solidFromStl(w.bytes), [cx + radii.grooveMm - 1, -50, cz], [cx + radii.grooveMm - 1, 50, cz]);
      return hits[1]! - hits[0]!;
    });
    expect(widthMm).toBeCloseTo(W, 4);
    const wb = w.topology.bounds;
    const stubMm = (wb.max[1] - wb.min[1] - widthMm) / 2;
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.6, noNaN: true }), (c) => {
        const k = buildAndInspect(() => carriage({ clearanceMm: c }));
        const gap = 2 * clearanceMm('rotating', c);
        for (const b of k.features.filter((f) => f.feature.kind === 'bearing')) expect(Math.abs(b.measured.minMm - axleMm - gap)).toBeLessThan(0.05);
        const fork = k.features.find((f) => f.feature.kind === 'fork-gap')!.measured;
        expect(Math.abs(fork.heightMm - widthMm - gap)).toBeLessThan(0.05);
        // The band-wrapped wheel turns in the fork's length with a rotating gap at each end.
        expect(Math.abs(fork.widthMm - 2 * radii.rollingMm - gap)).toBeLessThan(0.05);
        // Each stub crosses its side gap into the bearing and ends inside the cheek, short of the hull's slot wall.
        const kb = k.topology.bounds;
        const cheekMm = (kb.max[1] - kb.min[1] - fork.heightMm) / 2;
        const sideGapMm = (fork.heightMm - widthMm) / 2;
        expect(stubMm).toBeGreaterThan(sideGapMm + 0.5);
        expect(stubMm).toBeLessThan(sideGapMm + cheekMm - 0.05);
      }),
      { numRuns: 8, examples: [[DEFAULT_CLEARANCE_MM]] },
    );
  });

  it('stays one watertight body across click distances and flat angles', () => {
    fc.assert(
      fc.property(fc.double({ min: 40, max: 70, noNaN: true }), fc.double({ min: 10, max: 30, noNaN: true }), (click, alpha) => {
        const { topology } = buildAndInspect(() => wheel({ clickDistanceMm: click, flatHalfAngleDeg: alpha }));
        expect(topology.watertight).toBe(true);
        expect(topology.bodies).toBe(1);
        const r = wheelRollingRadiusMm(click, alpha) - INTERFACES.band.proudMm;
        expect(topology.bounds.max[0] - topology.bounds.min[0]).toBeCloseTo(2 * r, 1);
      }),
      { numRuns: 8 },
    );
  });

  it('rejects a flat angle outside 5–40° with the field named', () => {
    expect(() => wheel({ flatHalfAngleDeg: 60 })).toThrow(/flatHalfAngleDeg = 60 .*5 to 40/);
  });
});
