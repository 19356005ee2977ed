/**
 * Measurements the game packs' rules take on exported meshes (never on the parameters that built them):
 * a click dial's stops, its snap pivot's hold and its detent's click, and the engraved marks along a line.
 * Each takes solids rebuilt from STL bytes and the features the builder declared (where to look).
 */
import { box, rayHitsMm, type Solid, type Vec2 } from '../geometry/kernel.js';
import type { Feature } from '../geometry/part.js';
import { measureFeature } from './probe.js';

const FAR_MM = 1000;

/** Height of the surface at (x, y): the first hit of a ray coming down from far above, or null over air. */
export function surfaceZMm(solid: Solid, x: number, y: number): number | null {
  const top = solid.bounds().max[2] + 1;
  const hits = rayHitsMm(solid, [x, y, top], [x, y, top - FAR_MM]);
  return hits.length ? top - hits[0]! : null;
}

/** A peg standing up from a face (a detent nub): its top's height over the face beside it. */
export function pegHeightMm(solid: Solid, f: Feature): number {
  const [x, y, z] = f.positionMm;
  const onTop = surfaceZMm(solid, x, y);
  const r = f.size.shape === 'round' ? f.size.diameterMm / 2 : Math.max(f.size.widthMm, f.size.heightMm) / 2;
  // The face beside it, a peg's radius and a millimetre off on its four sides (the lowest, in case one side meets other relief).
  const beside = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ]
    .map(([dx, dy]) => surfaceZMm(solid, x + dx! * (r + 1), y + dy! * (r + 1)) ?? -Infinity)
    .filter((v) => Math.abs(v - z) < 0.5);
  if (onTop === null || beside.length === 0) return 0;
  return onTop - Math.min(...beside);
}

/** A hole sunk into the face on the bed (a dial's dimple): how deep, from the bed up, at its centre. */
export function bedHoleDepthMm(solid: Solid, f: Feature): number {
  const [x, y] = f.positionMm;
  const bottom = solid.bounds().min[2];
  const hits = rayHitsMm(solid, [x, y, bottom - 1], [x, y, bottom - 1 + FAR_MM]);
  return hits.length ? hits[0]! - 1 : 0;
}

/** Radius of a vertical pin (cut out alone) at height z: its slice's reach along ±Y from its axis at `y` (a split pin's slot runs along X). */
function pinRadiusAtMm(pin: Solid, y: number, z: number): number {
  const section = pin.sliceAt(z);
  if (section.areaMm2() === 0) return 0;
  const bb = section.bounds();
  return Math.min(bb.max[1] - y, y - bb.min[1]);
}

export interface PivotMeasure {
  /** The dial's bore, measured (its smallest chord / 2). */
  boreRadiusMm: number;
  /** The pin's shaft, where the dial turns on it. */
  shaftRadiusMm: number;
  /** The head's barb at its widest. */
  barbRadiusMm: number;
  /** Radial play of the dial on its shaft: bore − shaft. */
  radialPlayMm: number;
  /** How far the barb stands over the bore's edge: what the prongs must flex in by to let the dial on or off. */
  retentionMm: number;
  /** How far the dial lifts before its bore's top edge meets the barb's underside (negative: the barb is inside the dial: it does not go on). */
  axialPlayMm: number;
  /** The dial's thickness (its mesh's height). */
  dialThicknessMm: number;
}

/**
 * A dial on its base's pivot, both measured: the bore on the dial's mesh, the pin's radius by height on the
 * base's mesh (slices), the dial's thickness from its mesh. The dial sits on the plate's top, `pivot`'s root.
 */
export function measurePivot(base: Solid, pivot: Feature, dial: Solid, bore: Feature): PivotMeasure {
  const boreRadiusMm = measureFeature(dial, bore).minMm / 2;
  const db = dial.bounds();
  const dialThicknessMm = db.max[2] - db.min[2];
  const [x, y, top] = pivot.positionMm;
  // The pin alone, cut out of the base once (a column a millimetre wider than the bore, above the plate):
  // each height below is then measured on it, not on the whole base with its nub, titles and other pins.
  const reach = boreRadiusMm + 1;
  const pin = base.intersect(
    box([2 * reach, 2 * reach, base.bounds().max[2] - top + 1], false).translate([x - reach, y - reach, top + 0.01]),
  );
  const at = (z: number): number => pinRadiusAtMm(pin, y, z);
  const shaftRadiusMm = at(top + dialThicknessMm / 2);
  // Up the pin from just over its root: the barb's widest, and the first height where it reaches the bore's
  // radius (below the dial's top face when the barb sits inside a dial too thick for it: negative play).
  let barbRadiusMm = 0,
    contactZ = Infinity;
  for (let z = top + 0.3; z < pin.bounds().max[2]; z += 0.02) {
    const r = at(z);
    barbRadiusMm = Math.max(barbRadiusMm, r);
    if (r >= boreRadiusMm && contactZ === Infinity) contactZ = z;
  }
  return {
    boreRadiusMm,
    shaftRadiusMm,
    barbRadiusMm,
    radialPlayMm: boreRadiusMm - shaftRadiusMm,
    retentionMm: barbRadiusMm - boreRadiusMm,
    axialPlayMm: contactZ - (top + dialThicknessMm),
    dialThicknessMm,
  };
}

/** Centres of the engraved grooves crossed by a line at height z from `from` to `to` (distances along it, mm). */
export function grooveCentresMm(
  solid: Solid,
  from: readonly [number, number],
  to: readonly [number, number],
  z: number,
): number[] {
  const hits = rayHitsMm(solid, [from[0], from[1], z], [to[0], to[1], z]);
  // The ray starts outside the part: hits alternate entering and leaving material; grooves are the gaps
  // between a leave and the next entry.
  const centres: number[] = [];
  for (let i = 1; i + 1 < hits.length; i += 2) centres.push((hits[i]! + hits[i + 1]!) / 2);
  return centres;
}

/** A straight run of a slice's ring: from a to b. */
export interface Run {
  a: Vec2;
  b: Vec2;
  lengthMm: number;
}

/** A ring's straight runs: consecutive segments within 0.01° of one direction merged (slicing splits a wall's edge at its triangles). */
export function straightRuns(ring: readonly Vec2[]): Run[] {
  const dir = (p: Vec2, q: Vec2): number => Math.atan2(q[1] - p[1], q[0] - p[0]);
  const n = ring.length;
  const keep = ring.filter((v, i) => {
    const p = ring[(i + n - 1) % n]!,
      q = ring[(i + 1) % n]!;
    let turn = Math.abs(dir(v, q) - dir(p, v));
    if (turn > Math.PI) turn = 2 * Math.PI - turn;
    return turn > (0.01 * Math.PI) / 180;
  });
  return keep.map((a, i) => {
    const b = keep[(i + 1) % keep.length]!;
    return { a, b, lengthMm: Math.hypot(b[0] - a[0], b[1] - a[1]) };
  });
}

const unit2 = (p: Vec2, q: Vec2): Vec2 => {
  const l = Math.hypot(q[0] - p[0], q[1] - p[1]);
  return [(q[0] - p[0]) / l, (q[1] - p[1]) / l];
};
const angleBetweenDeg = (u: Vec2, v: Vec2): number =>
  (Math.acos(Math.max(-1, Math.min(1, u[0] * v[0] + u[1] * v[1]))) * 180) / Math.PI;

/**
 * A movement template measured at mid-height (its slice's one ring): its rear and front edges (the runs of
 * the strip's width that turn sharply into both neighbours), the turn between them, and the centreline's
 * length as the arc through their midpoints turning by that much. Null when the slice is not one strip.
 */
export function measureTemplate(solid: Solid, widthMm: number): { turnDeg: number; centrelineMm: number } | null {
  const b = solid.bounds();
  const rings = solid.sliceAt((b.min[2] + b.max[2]) / 2).rings();
  if (rings.length !== 1) return null;
  const rs = straightRuns(rings[0]!);
  const dir = (r: Run): number => Math.atan2(r.b[1] - r.a[1], r.b[0] - r.a[0]);
  const turnInto = (p: Run, q: Run): number => Math.abs(Math.sin(dir(q) - dir(p)));
  const ends = rs.filter(
    (r, i) =>
      Math.abs(r.lengthMm - widthMm) < 0.05 &&
      turnInto(rs[(i + rs.length - 1) % rs.length]!, r) > Math.SQRT1_2 &&
      turnInto(r, rs[(i + 1) % rs.length]!) > Math.SQRT1_2,
  );
  if (ends.length !== 2) return null;
  const [u, v] = ends.map((r) => [(r.b[0] - r.a[0]) / r.lengthMm, (r.b[1] - r.a[1]) / r.lengthMm] as Vec2) as [
    Vec2,
    Vec2,
  ];
  const turn = Math.acos(Math.min(1, Math.abs(u[0] * v[0] + u[1] * v[1])));
  const [m1, m2] = ends.map((r) => [(r.a[0] + r.b[0]) / 2, (r.a[1] + r.b[1]) / 2] as Vec2) as [Vec2, Vec2];
  const chord = Math.hypot(m2[0] - m1[0], m2[1] - m1[1]);
  return {
    turnDeg: (turn * 180) / Math.PI,
    centrelineMm: turn < 1e-9 ? chord : (chord * (turn / 2)) / Math.sin(turn / 2),
  };
}

/**
 * A fire-arc gauge measured at mid-height: the notch's corner (where two runs of the lips' length meet
 * square), the long edge nearest it, the angles from the long edge (pointing away from the corner) to each
 * notch edge (pointing from the corner along the base), and the corner's distance from the edge's line.
 * Null when the slice has no such notch.
 */
export function measureArcGauge(solid: Solid, lipMm: number): { toEdgesDeg: number[]; cornerOffLineMm: number } | null {
  const bb = solid.bounds();
  const rings = solid.sliceAt((bb.min[2] + bb.max[2]) / 2).rings();
  if (rings.length !== 1) return null;
  const rs = straightRuns(rings[0]!);
  const k = rs.findIndex((r, i) => {
    const next = rs[(i + 1) % rs.length]!;
    return (
      Math.abs(r.lengthMm - lipMm) < 0.05 &&
      Math.abs(next.lengthMm - lipMm) < 0.05 &&
      Math.abs(angleBetweenDeg(unit2(r.a, r.b), unit2(next.a, next.b)) - 90) < 1
    );
  });
  if (k < 0) return null;
  const into = rs[k]!,
    outOf = rs[(k + 1) % rs.length]!;
  const corner = into.b;
  // The arm's two long sides are the longest runs; the arc's edge is the one that starts near the corner.
  const longest = Math.max(...rs.map((r) => r.lengthMm));
  const near = (r: Run): number =>
    Math.min(Math.hypot(r.a[0] - corner[0], r.a[1] - corner[1]), Math.hypot(r.b[0] - corner[0], r.b[1] - corner[1]));
  const long = rs.filter((r) => r.lengthMm > longest / 2).reduce((m, r) => (near(r) < near(m) ? r : m));
  const far =
    Math.hypot(long.a[0] - corner[0], long.a[1] - corner[1]) > Math.hypot(long.b[0] - corner[0], long.b[1] - corner[1])
      ? long.a
      : long.b;
  const u = unit2(corner, far);
  const e = unit2(long.a, long.b);
  return {
    toEdgesDeg: [unit2(corner, into.a), unit2(corner, outOf.b)].map((v) => angleBetweenDeg(u, v)),
    cornerOffLineMm: Math.abs((corner[0] - long.a[0]) * e[1] - (corner[1] - long.a[1]) * e[0]),
  };
}
