import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, withArena, type Vec3 } from '../../src/geometry/kernel.js';
import type { Feature } from '../../src/geometry/part.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { measureFeature } from '../../src/mesh/probe.js';
import { rayHitsMm } from '../../src/geometry/kernel.js';
import { carriage } from '../../src/parts/carriage.js';
import {
  bandIdForStretchMm,
  clickDistanceMm,
  DEFAULTS,
  fittingBandIdMm,
  grooveWidthMm,
  stretchedBand,
  wheel,
  wheelRadiiMm,
  wheelRollingRadiusMm,
} from '../../src/parts/wheel.js';
import {
  BAND_STRETCH_RANGE,
  CLICK_DISTANCE_MM,
  clearanceMm,
  DEFAULT_BAND,
  DEFAULT_CLEARANCE_MM,
  INTERFACES,
  type BandSpec,
} from '../../src/standard.js';
import { pegSectionMm } from '../../src/validate/measure.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

/** A band of cord `cordMm` that stretches `stretch` on the wheel for this click and flat. */
function bandFor(click: number, alpha: number, cordMm: number, stretch = 0.03): BandSpec {
  const band: BandSpec = { ...DEFAULT_BAND, name: 'test band', crossSectionMm: cordMm };
  return {
    ...band,
    innerDiameterMm: bandIdForStretchMm({ clickDistanceMm: click, flatHalfAngleDeg: alpha, band }, stretch),
  };
}

/** Area under a half-width w(y) from y0 to y1, both sides (midpoint rule, fine steps). */
const areaOf = (w: (y: number) => number, y0: number, y1: number, n = 20000): number => {
  let a = 0;
  for (let i = 0; i < n; i++) a += 2 * Math.max(0, w(y0 + ((i + 0.5) * (y1 - y0)) / n));
  return (a * (y1 - y0)) / n;
};
const circleHalf = (r: number, y: number): number => Math.sqrt(Math.max(0, r * r - y * y));
/** The groove's keeled section, flat fd below the centre: the circle, and below 45° the tangent x·cos 45° + y·sin 45° = r (y < 0). */
const keelArea = (r: number, fd: number): number =>
  areaOf((y) => (y < -r * Math.SQRT1_2 ? Math.SQRT2 * r + y : circleHalf(r, y)), -fd, r);
/** A flange's section: the circle with its flat fd below, inside 45° lines rising from s either side of the flat's middle. */
const flangeArea = (r: number, fd: number, s: number): number =>
  areaOf((y) => Math.min(circleHalf(r, y), s + y + fd), -fd, r);

describe('wheel', () => {
  const radii = wheelRadiiMm(DEFAULTS);
  const W = INTERFACES.wheel.widthMm;
  const flange = (W - grooveWidthMm(DEFAULT_BAND)) / 2;
  const axle = INTERFACES.axle;

  it('solves its rolling radius from the click distance (BRIEF §3), and back', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 25, max: 100, noNaN: true }),
        fc.double({ min: 5, max: 40, noNaN: true }),
        (click, alpha) => {
          expect(clickDistanceMm(wheelRollingRadiusMm(click, alpha), alpha)).toBeCloseTo(click, 9);
        },
      ),
      { numRuns: 8 },
    );
    // A flat whose ends reach 45° below the centre needs no keel: BRIEF §3's r·(2π − 2α) + 2r·sin α.
    const a = (50 * Math.PI) / 180;
    expect(clickDistanceMm(10, 50)).toBeCloseTo(10 * (2 * Math.PI - 2 * a + 2 * Math.sin(a)), 9);
    // A smaller flat's keel adds the tangents' length over the arc they replace: more than the circle-with-flat.
    const b = (20 * Math.PI) / 180;
    expect(clickDistanceMm(10, 20)).toBeGreaterThan(10 * (2 * Math.PI - 2 * b + 2 * Math.sin(b)));
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
    const fdRim = radii.rimMm - radii.flatInsetMm;
    const groove = keelArea(radii.grooveMm, radii.grooveMm - radii.flatInsetMm);
    const rim = flangeArea(radii.rimMm, fdRim, circleHalf(radii.rimMm, fdRim) - DEFAULTS.bedChamferMm);
    // Stubs: at most a half disc over the inscribed right-angled vee (the vee leans 35° and its keel rises, so less).
    const stub = (Math.PI / 2 + 1) * (axle.diameterMm / 2) ** 2;
    const expected = groove * W + 2 * (rim - groove) * flange + 2 * stub * axle.stubLengthMm;
    expect(topology.volumeMm3).toBeGreaterThan(expected * 0.99); // facets lose a little
    expect(topology.volumeMm3).toBeLessThan(expected);
  });

  it('declares two axle stubs and the rim; the axles probe as material of the axle diameter', () => {
    const { features } = buildAndInspect(() => wheel());
    expect(features.map((f) => f.feature.kind).sort()).toEqual(['axle', 'axle', 'wheel-rim']);
    const { bytes } = buildAndInspect(() => wheel());
    for (const f of features.filter((x) => x.feature.kind === 'axle')) {
      // Solid over the axle: the vee under it leans 35° from vertical, so its sides meet the circle 20° over
      // the axle, and the probe's samples level with the axle and under it lie outside it.
      const r = axle.diameterMm / 2;
      for (const p of f.wrongPoints)
        expect(p[2]).toBeLessThan(f.feature.positionMm[2] + r * Math.sin((20 * Math.PI) / 180));
      // Turning, it sweeps the axle's full circle: the bearing's fit is measured on that.
      expect(
        Math.abs(withArena(() => pegSectionMm(solidFromStl(bytes), f.feature))[0]! - axle.diameterMm),
      ).toBeLessThan(0.05);
      expect(f.feature.depthMm).toBe(axle.stubLengthMm);
    }
  });

  it('has a rim whose only gaps are the band groove and the flat, and whose measured radius gives the click distance', () => {
    const { bytes, features } = buildAndInspect(() => wheel());
    const rim = features.find((f) => f.feature.kind === 'wheel-rim')!;
    expect(rim.feature.depthMm).toBe(W);
    expect(rim.feature.size).toEqual({ shape: 'round', diameterMm: 2 * radii.rimMm });
    // The probe samples the whole width at the rim: points in the groove, under the bed (the flat), or outside
    // the 45° lines the flanges rise along from the bed are open by design.
    const fdRim = radii.rimMm - radii.flatInsetMm;
    const s = circleHalf(radii.rimMm, fdRim) - DEFAULTS.bedChamferMm;
    for (const p of rim.wrongPoints) {
      const q = sub(p, rim.feature.positionMm);
      const t = dot(q, rim.feature.axis);
      const inGroove = t > flange - 1e-6 && t < W - flange + 1e-6;
      const acrossMm = Math.hypot(q[0] - t * rim.feature.axis[0], q[1] - t * rim.feature.axis[1]);
      expect(inGroove || p[2] < 0 || acrossMm > s + p[2] - 1e-6).toBe(true);
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
      // The band's outer face stands proudMm over the rim: BRIEF §3's circle-with-a-flat from that radius.
      const click = clickDistanceMm(m.maxMm / 2 + INTERFACES.band.proudMm, DEFAULTS.flatHalfAngleDeg);
      expect(Math.abs(click / CLICK_DISTANCE_MM - 1)).toBeLessThan(0.005);
    }
  });

  it('mates with the carriage as measured on both exported parts: axle in bearing, wheel in fork gap', () => {
    const w = buildAndInspect(() => wheel());
    // The circle each stub sweeps as the wheel turns (its vee leaves it narrower across than that).
    const axleMm = Math.max(
      ...w.features
        .filter((f) => f.feature.kind === 'axle')
        .map((f) => withArena(() => pegSectionMm(solidFromStl(w.bytes), f.feature))[0]!),
    );
    // The wheel's width, by a ray along the axle through a flange (the exported axle runs along Y).
    const rim = w.features.find((f) => f.feature.kind === 'wheel-rim')!.feature;
    const [cx, , cz] = rim.positionMm;
    const widthMm = withArena(() => {
      const hits = rayHitsMm(
        solidFromStl(w.bytes),
        [cx + radii.grooveMm - 1, -50, cz],
        [cx + radii.grooveMm - 1, 50, cz],
      );
      return hits[1]! - hits[0]!;
    });
    expect(widthMm).toBeCloseTo(W, 4);
    const wb = w.topology.bounds;
    const stubMm = (wb.max[1] - wb.min[1] - widthMm) / 2;
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.6, noNaN: true }), (c) => {
        const k = buildAndInspect(() => carriage({ clearanceMm: c }));
        const gap = 2 * clearanceMm('rotating', c);
        for (const b of k.features.filter((f) => f.feature.kind === 'bearing'))
          expect(Math.abs(b.measured.minMm - axleMm - gap)).toBeLessThan(0.05);
        const fork = k.features.find((f) => f.feature.kind === 'fork-gap')!.measured;
        expect(Math.abs(fork.heightMm - widthMm - gap)).toBeLessThan(0.05);
        // The band-wrapped wheel turns in the fork's length, at its reach over the keel, with a rotating gap at each end.
        expect(Math.abs(fork.widthMm - 2 * radii.reachMm - gap)).toBeLessThan(0.05);
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

  it('stays one watertight body across click distances and flat angles, each with a band that fits it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 40, max: 70, noNaN: true }),
        fc.double({ min: 10, max: 30, noNaN: true }),
        (click, alpha) => {
          const band = bandFor(click, alpha, DEFAULT_BAND.crossSectionMm);
          const { topology } = buildAndInspect(() => wheel({ clickDistanceMm: click, flatHalfAngleDeg: alpha, band }));
          expect(topology.watertight).toBe(true);
          expect(topology.bodies).toBe(1);
          const r = wheelRadiiMm({ clickDistanceMm: click, flatHalfAngleDeg: alpha, band }).rimMm;
          expect(topology.bounds.max[0] - topology.bounds.min[0]).toBeCloseTo(2 * r, 1);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('stretches its band by the volume-conserving model: thinner when stretched, volume kept, click exact', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 2.5, noNaN: true }),
        fc.double({ min: 0.01, max: 0.15, noNaN: true }),
        (cord, stretch) => {
          const band = bandFor(CLICK_DISTANCE_MM, DEFAULTS.flatHalfAngleDeg, cord, stretch);
          const o = { ...DEFAULTS, band };
          const radii = wheelRadiiMm(o);
          const inner = radii.grooveMm * clickDistanceMm(1, DEFAULTS.flatHalfAngleDeg);
          const c = radii.band.crossSectionMm;
          expect(c ** 2 * (inner + Math.PI * c)).toBeCloseTo(cord ** 2 * Math.PI * (band.innerDiameterMm + cord), 6);
          expect(c).toBeLessThan(cord);
          expect(radii.band.stretch).toBeCloseTo(stretch, 6);
          // One revolution: the groove section's convex perimeter plus 2π × the stretched cord.
          expect(inner + 2 * Math.PI * c).toBeCloseTo(CLICK_DISTANCE_MM, 9);
          expect(radii.rollingMm - radii.rimMm).toBeCloseTo(INTERFACES.band.proudMm, 9);
        },
      ),
      { numRuns: 50 },
    );
    // Relaxed, the band keeps its cord.
    expect(stretchedBand(DEFAULT_BAND, Math.PI * DEFAULT_BAND.innerDiameterMm).crossSectionMm).toBeCloseTo(
      DEFAULT_BAND.crossSectionMm,
      9,
    );
  });

  it('wears the default AS568-014 O-ring at 1–5 % stretch, its groove deep enough to hold the cord', () => {
    const r = wheelRadiiMm(DEFAULTS);
    expect(r.band.stretch).toBeGreaterThan(0.01);
    expect(r.band.stretch).toBeLessThan(0.05);
    // More than half the cord sits in the groove.
    expect(r.rimMm - r.grooveMm).toBeGreaterThan(r.band.crossSectionMm / 2);
    // The groove measured on the mesh: the flange-to-flange width at the groove bottom takes the cord.
    const { bytes, features } = buildAndInspect(() => wheel());
    const rim = features.find((f) => f.feature.kind === 'wheel-rim')!.feature;
    const [cx, , cz] = rim.positionMm;
    const hits = withArena(() =>
      rayHitsMm(solidFromStl(bytes), [cx + r.grooveMm + 0.3, -50, cz], [cx + r.grooveMm + 0.3, 50, cz]),
    );
    expect(hits[2]! - hits[1]!).toBeCloseTo(grooveWidthMm(DEFAULT_BAND), 3);
    expect(hits[2]! - hits[1]!).toBeGreaterThan(DEFAULT_BAND.crossSectionMm);
  });

  it('rejects a band that would hang loose or overstretch, naming the inner diameters that fit', () => {
    const loose: BandSpec = { ...DEFAULT_BAND, name: 'AS568-015', innerDiameterMm: 14.0 };
    const ids = fittingBandIdMm({ ...DEFAULTS, band: loose });
    expect(() => wheel({ band: loose })).toThrow(
      new RegExp(
        `band.innerDiameterMm = 14 .*AS568-015 would stretch -.*from ${ids.min.toFixed(2)} to ${ids.max.toFixed(2)} mm`,
      ),
    );
    expect(() => wheel({ band: { ...DEFAULT_BAND, innerDiameterMm: 9 } })).toThrow(/stretch/);
    expect(() => wheel({ band: { ...DEFAULT_BAND, crossSectionMm: 5 } })).toThrow(/band.crossSectionMm = 5 .*0.8 to/);
    expect(BAND_STRETCH_RANGE.min).toBeLessThan(BAND_STRETCH_RANGE.max);
  });

  it('rejects a flat angle outside 5–40° with the field named', () => {
    expect(() => wheel({ flatHalfAngleDeg: 60 })).toThrow(/flatHalfAngleDeg = 60 .*5 to 40/);
  });
});
