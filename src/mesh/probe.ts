/**
 * Probing a real solid where a feature says something is: is there open space of the stated size, is it
 * reachable from outside, how wide is it really. Used by part tests and by the validator, on solids
 * rebuilt from exported STL bytes (`fromMesh(parseStl(bytes))`), never on the parameters that made them.
 */
import { rayHitsMm, type Solid } from '../geometry/kernel.js';
import type { Feature } from '../geometry/part.js';
import { rayTreeHitsMm } from '../geometry/ray-tree.js';
import { add, cross, onCircle, unit, type Vec3 } from '../geometry/vec3.js';

/** A ray direction that is not parallel to any axis-aligned face or typical facet, to avoid edge hits. */
const SKEW: Vec3 = unit([0.5773, 0.5812, 0.5735]);
const FAR_MM = 2000;

/**
 * Is the point inside the solid? Parity of surface crossings along a skewed ray, through the solid's ray
 * tree: a probe asks this of a few hundred points of one hull.
 */
export function isInside(solid: Solid, p: Vec3): boolean {
  return rayTreeHitsMm(solid.rayTree(), p, add(p, SKEW, FAR_MM)).length % 2 === 1;
}

/** The feature's local frame: w along the axis, u across (the width axis for rect features), v = w × u. */
export function featureFrame(f: Feature): { u: Vec3; v: Vec3; w: Vec3 } {
  const w = unit(f.axis);
  let u: Vec3;
  if (f.size.shape === 'rect') u = unit(f.size.widthAxis);
  else {
    const helper: Vec3 = Math.abs(w[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0];
    u = unit(cross(helper, w));
  }
  return { u, v: unit(cross(w, u)), w };
}

/** Points spread over the feature's cross-section (shrunk by `marginMm`) at 15 %, 50 % and 85 % of its depth. */
export function samplePoints(f: Feature, marginMm: number): Vec3[] {
  const { u, v, w } = featureFrame(f);
  const offsets: [number, number][] = [];
  if (f.size.shape === 'round') {
    const r = f.size.diameterMm / 2 - marginMm;
    const core = f.size.coreDiameterMm;
    // Round the axis, or round the core halfway out to the wall.
    const rings = core === undefined ? [r] : [core / 2 + marginMm, (core / 2 + f.size.diameterMm / 2) / 2, r];
    if (core === undefined) offsets.push([0, 0]);
    for (const q of rings)
      for (let i = 0; i < 8; i++) offsets.push([q * Math.cos((i * Math.PI) / 4), q * Math.sin((i * Math.PI) / 4)]);
  } else {
    const a = f.size.widthMm / 2 - marginMm,
      b = f.size.heightMm / 2 - marginMm;
    // A bevelled corner is sampled inside its 45° face: the corner point moved in by half the bevel each way.
    const k = (f.size.cornerChamferMm ?? 0) / 2;
    for (const [x, y] of [
      [0, 0],
      [a - k, b - k],
      [k - a, b - k],
      [a - k, k - b],
      [k - a, k - b],
      [a, 0],
      [-a, 0],
      [0, b],
      [0, -b],
    ] as const)
      offsets.push([x, y]);
  }
  const sign = f.role === 'hole' ? -1 : 1; // holes run inward (−axis), pegs outward (+axis)
  const depths = f.depthMm > 0 ? [0.15, 0.5, 0.85].map((t) => t * f.depthMm) : [0];
  const pts: Vec3[] = [];
  for (const d of depths) for (const [x, y] of offsets) pts.push(add(add(add(f.positionMm, w, sign * d), u, x), v, y));
  return pts;
}

export interface ProbeResult {
  /** Hole: every sample point is open space and the mouth is reachable. Peg: every sample point is material. */
  ok: boolean;
  /** Sample points that disagree with the feature. */
  wrongPoints: Vec3[];
  /** Holes only: a ray from the hole's centre out through its mouth escapes without hitting the part. */
  reachable: boolean;
}

/**
 * Checks a feature against the solid. `marginMm` keeps samples off the nominal wall (default 0.05 mm, a
 * quarter of the smallest clearance), so a hole undersized by more than the margin is caught.
 */
export function probeFeature(solid: Solid, f: Feature, marginMm = 0.05): ProbeResult {
  const wrongPoints = samplePoints(f, marginMm).filter((p) => isInside(solid, p) === (f.role === 'hole'));
  let reachable = true;
  if (f.role === 'hole') {
    // From the middle of the hole, or of an annular hole's ring.
    const core = f.size.shape === 'round' ? f.size.coreDiameterMm : undefined;
    const ring = core === undefined || f.size.shape !== 'round' ? 0 : (core + f.size.diameterMm) / 4;
    const start = add(add(f.positionMm, f.axis, -f.depthMm / 2), featureFrame(f).u, ring);
    reachable = rayTreeHitsMm(solid.rayTree(), start, add(start, f.axis, FAR_MM)).length === 0;
  }
  return { ok: wrongPoints.length === 0 && reachable, wrongPoints, reachable };
}

/** Chords across a feature: round features give the smallest and largest of 8; rect ones width × height too. */
export interface MeasuredSize {
  minMm: number;
  maxMm: number;
  /** Rect features only (NaN for round). */
  widthMm: number;
  heightMm: number;
}

/**
 * Measures a feature's real size at mid-depth by casting rays from its axis to the first surface.
 * Works for holes (rays leave open space and meet the wall) and pegs (rays leave material and meet the
 * skin). For a fit, compare the hole's `minMm` with the peg's `maxMm` (a peg with a flat has a small min).
 */
export function measureFeature(solid: Solid, f: Feature): MeasuredSize {
  const { u, v, w } = featureFrame(f);
  const centre = add(f.positionMm, w, (f.role === 'hole' ? -1 : 1) * (f.depthMm / 2));
  // An annular hole's rays start in its core: the wall is the second surface they meet.
  const first = f.size.shape === 'round' && f.size.coreDiameterMm !== undefined ? 1 : 0;
  const reach = (dir: Vec3): number => {
    const hits = rayHitsMm(solid, centre, add(centre, dir, FAR_MM));
    return hits[first] ?? Infinity;
  };
  if (f.size.shape === 'round') {
    const chords: number[] = [];
    for (let i = 0; i < 8; i++) {
      const t = (i * Math.PI) / 8;
      const dir = unit(onCircle(u, v, t));
      chords.push(reach(dir) + reach([-dir[0], -dir[1], -dir[2]]));
    }
    return { minMm: Math.min(...chords), maxMm: Math.max(...chords), widthMm: NaN, heightMm: NaN };
  }
  const widthMm = reach(u) + reach([-u[0], -u[1], -u[2]]);
  const heightMm = reach(v) + reach([-v[0], -v[1], -v[2]]);
  return { minMm: Math.min(widthMm, heightMm), maxMm: Math.max(widthMm, heightMm), widthMm, heightMm };
}
