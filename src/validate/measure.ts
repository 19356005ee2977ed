/**
 * Measurements the validator takes on rebuilt solids, beyond src/mesh/probe.ts: a peg's size seen from
 * outside, a part's thickness along an axis, wall thickness around a hole, and a wheel's rolling
 * perimeter. All by ray casting on the mesh; none of them reads the parameters that built it.
 */
import { rayHitsMm, type Solid } from '../geometry/kernel.js';
import type { Feature } from '../geometry/part.js';
import { add, onCircle, type Vec3 } from '../geometry/vec3.js';
import { featureFrame } from '../mesh/probe.js';
import { stretchedBand } from '../parts/wheel.js';
import type { BandSpec } from '../standard.js';

const FAR_MM = 1000;

/** The middle of a feature: half its depth in from a hole's mouth, or out from a peg's root. */
export function featureMiddle(f: Feature): Vec3 {
  return add(f.positionMm, featureFrame(f).w, ((f.role === 'hole' ? -1 : 1) * f.depthMm) / 2);
}

/**
 * Extent of the material along a line through `p` in direction `dir` that lies within `nearMm` of `p`
 * (default: anywhere on the line): from the first surface of the first such stretch of material to the
 * last surface of the last.
 */
export function extentNear(solid: Solid, p: Vec3, dir: Vec3, nearMm = Infinity): number {
  const hits = rayHitsMm(solid, add(p, dir, -FAR_MM), add(p, dir, FAR_MM)).map((t) => t - FAR_MM);
  let lo = Infinity,
    hi = -Infinity;
  for (let i = 0; i + 1 < hits.length; i += 2) {
    const a = hits[i]!,
      b = hits[i + 1]!;
    if (b < -nearMm || a > nearMm) continue;
    lo = Math.min(lo, a);
    hi = Math.max(hi, b);
  }
  return hi > lo ? hi - lo : 0;
}

/**
 * A peg's cross-section seen from outside, the largest at 15 %, 50 % and 85 % of its length (what must pass
 * through the hole; a wheel's rim is wider than its band groove): for round pegs the circle it sweeps
 * turning about its axis, twice its farthest reach from the axis in 16 directions (a peg with a flat, or a
 * stub whose underside is a vee, still needs its full diameter of room), for rect pegs the two sides,
 * smaller first.
 */
export function pegSectionMm(solid: Solid, f: Feature): number[] {
  const { u, v, w } = featureFrame(f);
  // Only material within 1.5 × the declared half-size counts: a row of pegs on one plate is not one peg.
  const nearMm = 0.75 * (f.size.shape === 'round' ? f.size.diameterMm : Math.max(f.size.widthMm, f.size.heightMm));
  const extent = (p: Vec3, d: Vec3): number => extentNear(solid, p, d, nearMm);
  // The farthest surface out from the axis along a ray within nearMm.
  const reach = (p: Vec3, d: Vec3): number => Math.max(0, ...rayHitsMm(solid, p, add(p, d, nearMm)));
  const sections = [0.15, 0.5, 0.85].map((t) => {
    const c = add(f.positionMm, w, t * f.depthMm);
    if (f.size.shape === 'rect') {
      // Lines through the middle and off it: a block with a slot through its centre still shows its sides.
      const { widthMm, heightMm } = f.size;
      const widest = (d: Vec3, across: Vec3, sideMm: number): number =>
        Math.max(...[0, -0.4, -0.2, 0.2, 0.4].map((k) => extent(add(c, across, k * sideMm), d)));
      return [widest(u, v, heightMm), widest(v, u, widthMm)].sort((a, b) => a - b);
    }
    return [2 * Math.max(...Array.from({ length: 16 }, (_, i) => reach(c, onCircle(u, v, (i * Math.PI) / 8))))];
  });
  return sections[0]!.map((_, i) => Math.max(...sections.map((s) => s[i]!)));
}

/**
 * A part's thickness along a feature's axis: the largest material extent along lines parallel to the
 * axis at `radiusFraction` of the feature's radius, in 8 directions (a sunk mark or an axle stub at the
 * centre does not change it).
 */
export function thicknessAlongAxisMm(solid: Solid, f: Feature, radiusFraction: number): number {
  const { u, v, w } = featureFrame(f);
  const r = (f.size.shape === 'round' ? f.size.diameterMm : Math.min(f.size.widthMm, f.size.heightMm)) / 2;
  const c = featureMiddle(f);
  return Math.max(
    ...Array.from({ length: 8 }, (_, i) =>
      extentNear(solid, add(c, onCircle(u, v, (i * Math.PI) / 4), r * radiusFraction), w),
    ),
  );
}

/**
 * The thinnest wall around a hole: from its axis at mid-depth, rays in 16 directions across it; each
 * leaves the hole at the wall, and the wall is the material up to the next surface (the outside or
 * another hole). Rays that leave the hole and never meet material again (an open side) are skipped.
 */
export function thinnestWallMm(solid: Solid, f: Feature): { wallMm: number; at: Vec3 } | null {
  const { u, v } = featureFrame(f);
  const c = featureMiddle(f);
  let best: { wallMm: number; at: Vec3 } | null = null;
  for (let i = 0; i < 16; i++) {
    const dir = onCircle(u, v, (i * Math.PI) / 8);
    // An annular hole's rays leave its core first.
    const hits = rayHitsMm(solid, c, add(c, dir, FAR_MM)).slice(
      f.size.shape === 'round' && f.size.coreDiameterMm !== undefined ? 1 : 0,
    );
    if (hits.length < 2) continue;
    const wall = hits[1]! - hits[0]!;
    if (!best || wall < best.wallMm) best = { wallMm: wall, at: add(c, dir, hits[0]!) };
  }
  return best;
}

/** The convex hull of 2D points, counter-clockwise (Andrew's monotone chain). */
export function convexHull2d(points: readonly (readonly [number, number])[]): [number, number][] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: readonly number[], a: readonly number[], b: readonly number[]): number =>
    (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);
  const half = (pts: typeof p): typeof p => {
    const h: typeof p = [];
    for (const q of pts) {
      while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, q) <= 0) h.pop();
      h.push(q);
    }
    return h.slice(0, -1);
  };
  return [...half(p), ...half([...p].reverse())].map((q) => [q[0], q[1]]);
}

/** Perimeter of the convex hull of 2D points. */
export function convexPerimeterMm(points: readonly (readonly [number, number])[]): number {
  const hull = convexHull2d(points);
  let perimeter = 0;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!,
      b = hull[(i + 1) % hull.length]!;
    perimeter += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return perimeter;
}

/** Rays per revolution when tracing a wheel's profile: 0.5° apart, so chords lose under 0.001 %. */
const PROFILE_RAYS = 720;

/**
 * Distance a wheel rolls per revolution, from its mesh: the section at mid-width (the band's groove) is
 * traced by rays from a point inside it, and the band wraps that section, stretched to the section's convex
 * perimeter; its cord thins to c′ (src/parts/wheel.ts stretchedBand, volume conserved), so the rolling
 * surface is the section grown by c′. A rolling convex profile covers its perimeter per turn, and the band
 * spans the flat spot, so the distance is the convex hull's perimeter of the section plus 2π·c′.
 * `rim` is the wheel's rim feature (a peg along the wheel's axis, depth = its width).
 */
export function rollingPerimeterMm(
  solid: Solid,
  rim: Feature,
  band: Pick<BandSpec, 'innerDiameterMm' | 'crossSectionMm'>,
): { perimeterMm: number; sectionPerimeterMm: number; cordMm: number } {
  const { u, v } = featureFrame(rim);
  const mid = featureMiddle(rim);
  // Start from the middle of the section's extent along u and v: inside a convex section, whatever the flat.
  const span = (d: Vec3): number => {
    const hits = rayHitsMm(solid, add(mid, d, -FAR_MM), add(mid, d, FAR_MM));
    return hits.length ? (hits[0]! + hits[hits.length - 1]!) / 2 - FAR_MM : 0;
  };
  const centre = add(add(mid, u, span(u)), v, span(v));
  const points: [number, number][] = [];
  for (let i = 0; i < PROFILE_RAYS; i++) {
    const t = (2 * Math.PI * i) / PROFILE_RAYS;
    const hits = rayHitsMm(solid, centre, add(centre, onCircle(u, v, t), FAR_MM));
    if (hits.length) points.push([Math.cos(t) * hits[hits.length - 1]!, Math.sin(t) * hits[hits.length - 1]!]);
  }
  const sectionPerimeterMm = convexPerimeterMm(points);
  const cordMm = stretchedBand(band, sectionPerimeterMm).crossSectionMm;
  return { perimeterMm: sectionPerimeterMm + 2 * Math.PI * cordMm, sectionPerimeterMm, cordMm };
}
