/**
 * First-layer chamfers. The first layer squashes out past a part's outline by the printer's elephant's foot
 * (PrinterProfile.elephantFootMm): it swells a peg and closes a hole wherever they meet the bed, and eats the
 * fit's clearance. One rule per mating surface: every declared fit that reaches the bed is cut back there by
 * `chamferMm` at 45°, so the squashed layer comes out at the fit's size.
 *
 * - a hole standing on the bed (its axis vertical) is flared: its outline `chamferMm` larger at the bed, and
 *   a core standing in it (a ballast pocket's boss) bevelled as a peg;
 * - a peg standing on the bed is bevelled: its outline `chamferMm` smaller at the bed;
 * - a square peg lying on a flat side (the cannon's plug) has both edges along the bed bevelled at 45°;
 * - a round peg lying on its side (a mast) keeps its upper half and stands on a strip `chamferMm` inside
 *   where its outline meets the bed, with straight faces from the strip's edges up to its axis (no steeper
 *   than 45° while the axis is no higher above the bed than its radius times cos 45° plus the strip's offset).
 *
 * Other fits that reach the bed (a hole lying on its side) are not cut here; print/bed-chamfer reports them.
 */
import {
  circleSegments,
  cylinder,
  hull3d,
  polygon,
  union,
  type Profile,
  type Solid,
  type Vec2,
} from '../geometry/kernel.js';
import type { Feature, Part } from '../geometry/part.js';
import { add, type Vec3 } from '../geometry/vec3.js';
import { featureFrame } from '../mesh/probe.js';

/** Cutters reach this far past the surfaces they cut, so no skin is left. */
const OVERSHOOT_MM = 0.05;

/** The corners of a rect feature's outline grown by `growMm`, at height z. */
function rectCorners(f: Feature & { size: { shape: 'rect' } }, growMm: number, z: number): Vec3[] {
  const { u, v } = featureFrame(f);
  const a = f.size.widthMm / 2 + growMm,
    b = f.size.heightMm / 2 + growMm;
  return [
    [a, b],
    [-a, b],
    [-a, -b],
    [a, -b],
  ].map(([x, y]) => {
    const p = add(add(f.positionMm, u, x!), v, y!);
    return [p[0], p[1], z];
  });
}

/** A vertical feature's outline grown by g0 at z0 and by g1 at z1, straight between (same facets as the fit). */
function frustum(f: Feature, z0: number, g0: number, z1: number, g1: number): Solid {
  if (f.size.shape === 'round') {
    const r = f.size.diameterMm / 2;
    return cylinder(z1 - z0, r + g0, r + g1, false, circleSegments(r)).translate([
      f.positionMm[0],
      f.positionMm[1],
      z0,
    ]);
  }
  return hull3d([
    ...rectCorners(f as Feature & { size: { shape: 'rect' } }, g0, z0),
    ...rectCorners(f as Feature & { size: { shape: 'rect' } }, g1, z1),
  ]);
}

/** The cutter that chamfers one fit at the bed, or null when it does not reach the bed (or is not cut here). */
function chamferCut(f: Feature, bedZ: number, c: number): Solid | null {
  const { w } = featureFrame(f);
  const sign = f.role === 'hole' ? -1 : 1;
  const e = OVERSHOOT_MM;
  if (Math.abs(w[2]) > 0.99) {
    const zlo = Math.min(f.positionMm[2], f.positionMm[2] + sign * f.depthMm * w[2]);
    if (zlo > bedZ + 1e-3) return null;
    // A hole: flared from c + e wider just under the bed to its own size c above it; a core standing in it
    // (a boss) is bevelled as a peg, not cut away (that would leave it a ceiling just off the bed).
    if (f.role === 'hole') {
      const flare = frustum(f, bedZ - e, c + e, bedZ + c, 0);
      const core = f.size.shape === 'round' ? f.size.coreDiameterMm : undefined;
      if (core === undefined) return flare;
      const r = core / 2,
        [x, y] = f.positionMm;
      const boss = cylinder(c + e, r - c - e, r, false, circleSegments(r))
        .translate([x, y, bedZ - e])
        .union(cylinder(2 * e, r, r, false, circleSegments(r)).translate([x, y, bedZ + c - e]));
      return flare.subtract(boss);
    }
    // A peg: the ring between its outline and the bevel, from just under the bed to c above it. A round one
    // is its section revolved with the fit's facets: the two frustums' difference without its boolean (two
    // 128-gon caps cut into each other, a third of a coin's build).
    if (f.size.shape === 'round') {
      const r = f.size.diameterMm / 2;
      const section: Vec2[] = [
        [r - c - e, bedZ - e],
        [r + e, bedZ - e],
        [r + e, bedZ + c],
        [r, bedZ + c],
      ];
      return polygon(section).revolve(360, circleSegments(r)).translate([f.positionMm[0], f.positionMm[1], 0]);
    }
    return frustum(f, bedZ - e, e, bedZ + c, e).subtract(frustum(f, bedZ - e, -(c + e), bedZ + c, 0));
  }
  if (Math.abs(w[2]) > 0.01 || f.role !== 'peg') return null;
  if (f.size.shape === 'rect') return lyingRectBevel(f as Feature & { size: { shape: 'rect' } }, bedZ, c);
  const r = f.size.diameterMm / 2;
  const a = f.positionMm[2] - bedZ;
  if (a >= r) return null;
  const stripMm = Math.sqrt(r * r - a * a) - c;
  if (stripMm <= 0)
    throw new Error(`chamfer: ${f.id} meets the bed along less than ${2 * c} mm; nothing would be left under it`);
  const across: Vec3 = [-w[1], w[0], 0];
  // The peg's envelope along its axis from s0 to s1, radius given (grown a hair so facets are cut cleanly).
  const along = (radiusMm: number, s0: number, s1: number): Solid => {
    const o = add(f.positionMm, w, s0);
    const m = [across[0], across[1], 0, 0, 0, 0, 1, 0, w[0], w[1], 0, 0, o[0], o[1], o[2], 1];
    return cylinder(s1 - s0, radiusMm, radiusMm, false, circleSegments(r)).transform(m);
  };
  const lower = along(r + e, 0, f.depthMm).trimByPlane([0, 0, -1], -f.positionMm[2]);
  // What is kept runs on past both ends, so the ends of the cut meet its faces away from where they fan out.
  const strip = [-1, f.depthMm + 1].flatMap((t) => {
    const p = add(f.positionMm, w, t);
    return [1, -1].map((s): Vec3 => [p[0] + across[0] * s * stripMm, p[1] + across[1] * s * stripMm, bedZ - e]);
  });
  const keep = hull3d([along(r + e, -1, f.depthMm + 1).trimByPlane([0, 0, 1], f.positionMm[2]), ...strip]);
  return lower.subtract(keep);
}

/**
 * A square peg lying on a flat side (the cannon's plug): both edges along the bed bevelled at 45° by c, the
 * bevel running from the peg's root to past its tip. Null when its lowest side is not on the bed.
 */
function lyingRectBevel(f: Feature & { size: { shape: 'rect' } }, bedZ: number, c: number): Solid | null {
  const { u, v, w } = featureFrame(f);
  // The side that stands up, and the half size across the bed.
  const upright = Math.abs(u[2]) > Math.abs(v[2]);
  const halfUpMm = (upright ? f.size.widthMm : f.size.heightMm) / 2;
  const halfAcrossMm = (upright ? f.size.heightMm : f.size.widthMm) / 2;
  if (f.positionMm[2] - halfUpMm > bedZ + 1e-3) return null;
  const across: Vec3 = [-w[1], w[0], 0];
  const e = OVERSHOOT_MM;
  return union(
    [1, -1].map((side) => {
      // The triangle under the 45° line through (halfAcross − c, bed) and (halfAcross, bed + c), overshooting.
      const tri: [number, number][] = [
        [halfAcrossMm - c - e, bedZ - e],
        [halfAcrossMm + e, bedZ - e],
        [halfAcrossMm + e, bedZ + c + e],
      ];
      return hull3d(
        [0, f.depthMm + 1].flatMap((t) => {
          const p = add(f.positionMm, w, t);
          return tri.map(([a, z]): Vec3 => [p[0] + across[0] * side * a, p[1] + across[1] * side * a, z]);
        }),
      );
    }),
  );
}

/**
 * Chamfers every fit of the part that meets the bed (the part lying as it prints, its lowest point the bed)
 * by `chamferMm`. Features are unchanged: they state the fit's nominal size, which the chamfer restores.
 */
export function chamferFitsAtBed(part: Part, chamferMm: number): Part {
  if (chamferMm <= 0) return part;
  const bedZ = part.solid.bounds().min[2];
  const cuts = part.features.flatMap((f) => chamferCut(f, bedZ, chamferMm) ?? []);
  return cuts.length ? { solid: part.solid.subtract(union(cuts)), features: part.features } : part;
}

/**
 * A flat piece cut from its outline, `heightMm` tall, with its whole bottom edge chamfered at 45° by
 * `chamferMm` in two steps (the outline `chamferMm` in at the bed, half that from half way up, whole from
 * `chamferMm` up): every fit on its edges (a jigsaw key, its keyway) then meets the bed chamfered, as
 * chamferFitsAtBed would cut them, and so does the plain edge. Board tiles and ruler segments.
 */
export function extrudeWithBedChamfer(outline: Profile, heightMm: number, chamferMm: number): Solid {
  const c = chamferMm;
  if (c <= 0) return outline.extrude(heightMm);
  // Each step overlaps the next by a hair so the union is one body.
  const over = 0.01;
  return outline
    .extrude(heightMm - c)
    .translate([0, 0, c])
    .union(
      outline.offset(-c).extrude(c / 2 + over),
      outline
        .offset(-c / 2)
        .extrude(c / 2 + over)
        .translate([0, 0, c / 2]),
    );
}

/**
 * The same for a convex outline, bevelled exactly at 45°: the hull of the outline inset by `chamferMm` at
 * the bed and the whole outline from `chamferMm` up. Token ships, ship bases, chests.
 */
export function extrudeConvexWithBedChamfer(outline: Profile, heightMm: number, chamferMm: number): Solid {
  if (chamferMm <= 0) return outline.extrude(heightMm);
  return hull3d([
    outline.offset(-chamferMm).extrude(0.01),
    outline.extrude(heightMm - chamferMm).translate([0, 0, chamferMm]),
  ]);
}
