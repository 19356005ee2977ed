/**
 * How a mesh prints as it lies (its exported frame, the bed at its lowest point), the way a slicer sees it:
 * which downward faces need support, what stands on the bed, and where the mass is. Pure: from an indexed
 * triangle mesh (shared vertices, as the kernel gives it), no kernel calls.
 *
 * A downward face needs support when it overhangs more than the printer's limit (angle from vertical:
 * 0° a wall, 90° a ceiling), unless it lies on the bed, or it is a flat ceiling that a bridge spans: every
 * point of it (but the last line width along a free edge, printed as the bridge's perimeter) lies on a
 * straight line, in one direction for the whole ceiling, between two edges that have material under them (a
 * wall going down), no longer than the bridge limit, and each run of its free edges is straight. The roof of
 * a sideways slot in a flat face is such a bridge; in a curved one it is not (PrusaSlicer supports it); nor
 * is a shelf (its free edges have nothing under them).
 */
import type { MeshData } from '../geometry/kernel.js';
import { centroidMm, meshMoments } from '../geometry/mass.js';
import { vertexAt, type Vec3 } from '../geometry/vec3.js';
import { edgeNumbers, facets, meshBounds, runningTotals, triangleOf } from '../mesh/analysis.js';
import { convexHull2d } from './measure.js';

export interface OverhangLimits {
  /** Steepest overhang printed without support, degrees from vertical. */
  overhangDeg: number;
  /** Longest bridge printed without support, mm. */
  bridgeMm: number;
  /**
   * The printer's line width: a ceiling's outermost line, along a free edge, is the bridge's own perimeter,
   * so points of a ceiling within one line of a free edge need not lie on a bridge themselves.
   */
  lineWidthMm: number;
}

/** A downward face that needs support. */
export interface Overhang {
  triangle: number;
  areaMm2: number;
  /** Degrees from vertical: 90 is a ceiling. */
  angleDeg: number;
  centroid: Vec3;
  minZ: number;
}

export interface OverhangAnalysis {
  /** The bed: the mesh's lowest z. */
  bedZ: number;
  heightMm: number;
  /** Faces lying on the bed: their area, the length of their outline and its convex hull (x, y). */
  footprint: { areaMm2: number; perimeterMm: number; hull: [number, number][] };
  /** Centre of the volume (uniform density). */
  centroid: Vec3;
  volumeMm3: number;
  /**
   * Every face that needs support (not on the bed, not bridged), each with its triangle index; places
   * (faces joined by edges) smaller than a line width squared are left out.
   */
  overhangs: Overhang[];
  /** Triangles sharing an edge with each triangle (for grouping overhangs into places). */
  neighbours: Neighbours;
}

/** Faces this close to the bed plane lie on it; ceilings within this much of level are flat. */
const ON_BED_MM = 1e-3;
const LEVEL_NZ = 0.9999;
/** Facets of a surface modelled at exactly the limit (a 45° chamfer or teardrop) compute a hair over it. */
export const ANGLE_TOLERANCE_DEG = 0.5;
/** Bridge directions tried per ceiling: every 15°, plus square to each supported edge. */
const BRIDGE_DIRECTIONS = 12;

type V2 = readonly [number, number];

/** Triangles sharing an edge with each triangle: triangle f's are `list` from `start[f]` up to `start[f + 1]`. */
export interface Neighbours {
  start: Int32Array;
  list: Int32Array;
}

/**
 * The loops over every triangle, edge or half-edge below are functions of their own, each returning as its
 * loop ends: in a cold thread a loop's optimised code is compiled while it first runs, and code after the
 * loop, not yet run then, threw that code away on every call (three times per analysis).
 */

/** Per triangle, 1 where it lies on the bed (all three corners within ON_BED_MM of it, facing down). */
function bedFaces({ positions: p, triangles: t }: MeshData, bedZ: number, normals: Float64Array): Uint8Array {
  const n = t.length / 3;
  const bed = new Uint8Array(n);
  for (let f = 0; f < n; f++)
    bed[f] =
      p[3 * t[3 * f]! + 2]! <= bedZ + ON_BED_MM &&
      p[3 * t[3 * f + 1]! + 2]! <= bedZ + ON_BED_MM &&
      p[3 * t[3 * f + 2]! + 2]! <= bedZ + ON_BED_MM &&
      normals[3 * f + 2]! < -LEVEL_NZ
        ? 1
        : 0;
  return bed;
}

/**
 * Per edge (edgeNumbers): its first two half-edges, the first triangle on it after its first that is another
 * (in triangle order), and its half-edges on bed faces; read per half-edge without a list made per look-up.
 */
function edgeHalves(
  t: ArrayLike<number>,
  edgeOf: Int32Array,
  edges: number,
  bed: Uint8Array,
): { firstHalf: Int32Array; secondHalf: Int32Array; secondOn: Int32Array; bedHalves: Int32Array } {
  const halves = {
    firstHalf: new Int32Array(edges).fill(-1),
    secondHalf: new Int32Array(edges).fill(-1),
    secondOn: new Int32Array(edges).fill(-1),
    bedHalves: new Int32Array(edges),
  };
  const { firstHalf, secondHalf, secondOn, bedHalves } = halves;
  for (let h = 0; h < t.length; h++) {
    const e = edgeOf[h]!,
      f = triangleOf(h);
    if (firstHalf[e]! < 0) firstHalf[e] = h;
    else {
      if (secondHalf[e]! < 0) secondHalf[e] = h;
      if (secondOn[e]! < 0 && f !== triangleOf(firstHalf[e]!)) secondOn[e] = f;
    }
    bedHalves[e]! += bed[f]!;
  }
  return halves;
}

/**
 * Each of the `n` triangles' neighbours across the edges exactly two half-edges share, by edge and then in
 * the edge's order, in one list rather than an array each.
 */
function neighboursOf(n: number, counts: readonly number[], firstHalf: Int32Array, secondHalf: Int32Array): Neighbours {
  const start = new Int32Array(n + 1);
  countNeighbours(counts, firstHalf, secondHalf, start);
  runningTotals(start);
  const list = new Int32Array(start[n]!);
  listNeighbours(counts, firstHalf, secondHalf, start.slice(0, n), list);
  return { start, list };
}

/** Each triangle's neighbour count into start[triangle + 1]. */
function countNeighbours(
  counts: readonly number[],
  firstHalf: Int32Array,
  secondHalf: Int32Array,
  start: Int32Array,
): void {
  for (let e = 0; e < counts.length; e++)
    if (counts[e] === 2) {
      start[triangleOf(firstHalf[e]!) + 1]!++;
      start[triangleOf(secondHalf[e]!) + 1]!++;
    }
}

/** Each triangle's neighbours into `list`, from `filled[triangle]` (its start) on. */
function listNeighbours(
  counts: readonly number[],
  firstHalf: Int32Array,
  secondHalf: Int32Array,
  filled: Int32Array,
  list: Int32Array,
): void {
  for (let e = 0; e < counts.length; e++)
    if (counts[e] === 2) {
      const f = triangleOf(firstHalf[e]!),
        g = triangleOf(secondHalf[e]!);
      list[filled[f]!++] = g;
      list[filled[g]!++] = f;
    }
}

/** Analyses the mesh as it lies. */
export function analyseOverhangs(mesh: MeshData, limits: OverhangLimits): OverhangAnalysis {
  const { positions: p, triangles: t } = mesh;
  const n = t.length / 3;
  const bounds = meshBounds(mesh);
  const bedZ = bounds.min[2],
    topZ = bounds.max[2];
  const { normals, areasMm2: area, centroidsMm } = facets(mesh);
  const moments = meshMoments(mesh);

  // Footprint: area, outline (edges with one bed face) and hull. Flags per triangle, not sets: the
  // analysis runs on every part.
  const bed = bedFaces(mesh, bedZ, normals);
  const { edgeOf, counts } = edgeNumbers(mesh);
  const { firstHalf, secondHalf, secondOn, bedHalves } = edgeHalves(t, edgeOf, counts.length, bed);
  const neighbours = neighboursOf(n, counts, firstHalf, secondHalf);
  const footprint = footprintOf(mesh, bed, area, edgeOf, bedHalves);

  // Flat ceilings: grouped into regions, each bridged or not as a whole; then the other steep faces.
  const seen = new Uint8Array(n);
  const surface: Surface = { p, t, normals, centroidsMm, edgeOf, firstHalf, secondOn, bedZ, limits };
  const faces: number[] = [];
  for (const region of ceilingRegions(normals, bed, centroidsMm, neighbours, seen))
    if (!bridged(surface, region)) faces.push(...region);
  steepFaces(normals, seen, bed, -Math.sin(((limits.overhangDeg + ANGLE_TOLERANCE_DEG) * Math.PI) / 180), faces);
  const overhangs = faces.map((f): Overhang => ({
    triangle: f,
    areaMm2: area[f]!,
    angleDeg: (Math.asin(Math.min(1, -normals[3 * f + 2]!)) * 180) / Math.PI,
    centroid: vertexAt(centroidsMm, f),
    minZ: Math.min(p[3 * t[3 * f]! + 2]!, p[3 * t[3 * f + 1]! + 2]!, p[3 * t[3 * f + 2]! + 2]!),
  }));

  // A place smaller than one line's footprint (a sliver where two faces meet) prints as whatever is beside it.
  const significant = placesOf(neighbours, overhangs)
    .filter((pl) => pl.areaMm2 >= limits.lineWidthMm ** 2)
    .flatMap((pl) => pl.faces)
    .sort((x, y) => x.triangle - y.triangle);
  return {
    bedZ,
    heightMm: topZ - bedZ,
    footprint: {
      areaMm2: footprint.areaMm2,
      perimeterMm: footprint.perimeterMm,
      hull: footprint.points.length >= 3 ? convexHull2d(footprint.points) : footprint.points,
    },
    centroid: moments.volumeMm3 !== 0 ? centroidMm(moments) : [0, 0, 0],
    volumeMm3: moments.volumeMm3,
    overhangs: significant,
    neighbours,
  };
}

/** The bed faces' area, the length of their outline (edges with no other bed face) and their corners (x, y). */
function footprintOf(
  { positions: p, triangles: t }: MeshData,
  bed: Uint8Array,
  area: Float64Array,
  edgeOf: Int32Array,
  bedHalves: Int32Array,
): { areaMm2: number; perimeterMm: number; points: [number, number][] } {
  let areaMm2 = 0,
    perimeterMm = 0;
  const points: [number, number][] = [];
  for (let f = 0; f < bed.length; f++) {
    if (!bed[f]) continue;
    areaMm2 += area[f]!;
    for (let k = 0; k < 3; k++) {
      const a = t[3 * f + k]!,
        b = t[3 * f + ((k + 1) % 3)]!;
      points.push([p[3 * a]!, p[3 * a + 1]!]);
      // No other bed face on the edge: its bed half-edges are all this face's.
      const e = edgeOf[3 * f + k]!;
      const own = Number(edgeOf[3 * f] === e) + Number(edgeOf[3 * f + 1] === e) + Number(edgeOf[3 * f + 2] === e);
      if (bedHalves[e] === own) perimeterMm += Math.hypot(p[3 * b]! - p[3 * a]!, p[3 * b + 1]! - p[3 * a + 1]!);
    }
  }
  return { areaMm2, perimeterMm, points };
}

/** Whether triangle f is a flat ceiling off the bed. */
const isCeiling = (normals: Float64Array, bed: Uint8Array, f: number): boolean =>
  normals[3 * f + 2]! < -LEVEL_NZ && !bed[f];

/**
 * The flat ceilings off the bed, joined by edges into regions at one height (each in the order it was
 * reached), marking their faces in `seen`.
 */
function ceilingRegions(
  normals: Float64Array,
  bed: Uint8Array,
  centroidsMm: Float64Array,
  { start, list }: Neighbours,
  seen: Uint8Array,
): number[][] {
  const regions: number[][] = [];
  for (let f = 0; f < bed.length; f++) {
    if (!isCeiling(normals, bed, f) || seen[f]) continue;
    const z = centroidsMm[3 * f + 2]!;
    const region: number[] = [];
    const stack = [f];
    seen[f] = 1;
    while (stack.length) {
      const g = stack.pop()!;
      region.push(g);
      for (let q = start[g]!; q < start[g + 1]!; q++) {
        const h = list[q]!;
        if (!seen[h] && isCeiling(normals, bed, h) && Math.abs(centroidsMm[3 * h + 2]! - z) < ON_BED_MM) {
          seen[h] = 1;
          stack.push(h);
        }
      }
    }
    regions.push(region);
  }
  return regions;
}

/** Appends to `faces` every face steeper than `limitNz` (its normal's z below it) neither seen nor on the bed. */
function steepFaces(normals: Float64Array, seen: Uint8Array, bed: Uint8Array, limitNz: number, faces: number[]): void {
  for (let f = 0; f < seen.length; f++) if (normals[3 * f + 2]! < limitNz && !seen[f] && !bed[f]) faces.push(f);
}

/** What the bridge test reads of the mesh and its analysis. */
interface Surface {
  p: ArrayLike<number>;
  t: ArrayLike<number>;
  normals: Float64Array;
  centroidsMm: Float64Array;
  edgeOf: Int32Array;
  firstHalf: Int32Array;
  secondOn: Int32Array;
  bedZ: number;
  limits: OverhangLimits;
}

/** Whether one bridge direction spans the whole ceiling between supported edges within the limit. */
function bridged(s: Surface, region: readonly number[]): boolean {
  const { p, t, normals, edgeOf, firstHalf, secondOn, limits } = s;
  const vz = (i: number): number => p[3 * i + 2]!;
  const inRegion = new Set(region);
  const z = s.centroidsMm[3 * region[0]! + 2]!;
  const boundary: { a: V2; b: V2; supported: boolean; wallAbove: boolean }[] = [];
  for (const f of region)
    for (let k = 0; k < 3; k++) {
      const a = t[3 * f + k]!,
        b = t[3 * f + ((k + 1) % 3)]!;
      // The first triangle but f on the edge.
      const e = edgeOf[3 * f + k]!;
      const first = triangleOf(firstHalf[e]!);
      const other = first !== f ? first : secondOn[e]!;
      if (other < 0 || inRegion.has(other)) continue;
      // Material under the edge: the face across it goes down from it.
      const third = thirdCorner(t, other, a, b);
      boundary.push({
        a: [p[3 * a]!, p[3 * a + 1]!],
        b: [p[3 * b]!, p[3 * b + 1]!],
        supported: vz(third) < z - ON_BED_MM,
        wallAbove: vz(third) > z + ON_BED_MM && Math.abs(normals[3 * other + 2]!) < WALL_NZ,
      });
    }
  const free = boundary.filter((e) => !e.supported);
  // A free edge that bends where it meets a wall going up (a slot's roof ending where a curved side cuts
  // it) PrusaSlicer does not bridge. A step at the bed (a hole's flare, a chamfer's ledge) is the first
  // layers' business (print/first-layer).
  if (z > s.bedZ + STRAIGHT_ABOVE_BED_MM && !straightRuns(free.filter((e) => e.wallAbove))) return false;
  const samples = clearSamples(s, region, free);
  const directions: V2[] = Array.from({ length: BRIDGE_DIRECTIONS }, (_, i) => [
    Math.cos((i * Math.PI) / BRIDGE_DIRECTIONS),
    Math.sin((i * Math.PI) / BRIDGE_DIRECTIONS),
  ]);
  for (const e of boundary)
    if (e.supported) {
      const l = Math.hypot(e.b[0] - e.a[0], e.b[1] - e.a[1]);
      if (l > 0) directions.push([-(e.b[1] - e.a[1]) / l, (e.b[0] - e.a[0]) / l]);
    }
  // The boundary's edges as start points and vectors, for the rays (the bridge test's hot loop).
  const edges: Edges = {
    ax: Float64Array.from(boundary, (e) => e.a[0]),
    ay: Float64Array.from(boundary, (e) => e.a[1]),
    ex: Float64Array.from(boundary, (e) => e.b[0] - e.a[0]),
    ey: Float64Array.from(boundary, (e) => e.b[1] - e.a[1]),
    supported: Uint8Array.from(boundary, (e) => (e.supported ? 1 : 0)),
  };
  return directions.some((d) => spansAll(edges, samples, d, limits.bridgeMm));
}

/** The first corner of triangle f that is neither vertex a nor b; -1 for none (no vertex, so no height). */
function thirdCorner(t: ArrayLike<number>, f: number, a: number, b: number): number {
  for (let j = 0; j < 3; j++) {
    const v = t[3 * f + j]!;
    if (v !== a && v !== b) return v;
  }
  return -1;
}

/**
 * The points the bridges must span: each face's centroid and the midpoints from it to its corners (x y
 * pairs), but those within a line width of a free edge (the bridge's perimeter prints them).
 */
function clearSamples(s: Surface, region: readonly number[], free: readonly { a: V2; b: V2 }[]): Float64Array {
  const { p, t, centroidsMm } = s;
  const lineMm = s.limits.lineWidthMm;
  // Each free edge's box grown by a line width (and a hair over rounding): a point outside it is farther
  // than a line from the edge, so only points inside are measured (most points are far from most edges).
  const reachMm = lineMm + 1e-9;
  const near = new Float64Array(4 * free.length);
  free.forEach((e, i) => {
    near.set(
      [
        Math.min(e.a[0], e.b[0]) - reachMm,
        Math.min(e.a[1], e.b[1]) - reachMm,
        Math.max(e.a[0], e.b[0]) + reachMm,
        Math.max(e.a[1], e.b[1]) + reachMm,
      ],
      4 * i,
    );
  });
  const clearOfFreeEdges = (o: V2): boolean => {
    for (let i = 0; i < free.length; i++) {
      if (o[0] < near[4 * i]! || o[1] < near[4 * i + 1]! || o[0] > near[4 * i + 2]! || o[1] > near[4 * i + 3]!)
        continue;
      if (segmentDistance(o, free[i]!.a, free[i]!.b) <= lineMm) return false;
    }
    return true;
  };
  const samples: number[] = [];
  for (const f of region) {
    const cx = centroidsMm[3 * f]!,
      cy = centroidsMm[3 * f + 1]!;
    for (let k = -1; k < 3; k++) {
      const o: V2 = k < 0 ? [cx, cy] : [(p[3 * t[3 * f + k]!]! + cx) / 2, (p[3 * t[3 * f + k]! + 1]! + cy) / 2];
      if (clearOfFreeEdges(o)) samples.push(o[0], o[1]);
    }
  }
  return Float64Array.from(samples);
}

/** A ceiling's boundary edges: start points, vectors, and 1 where material is under the edge. */
interface Edges {
  ax: Float64Array;
  ay: Float64Array;
  ex: Float64Array;
  ey: Float64Array;
  supported: Uint8Array;
}

/** Whether every sample (x y pairs) lies on a bridge along d: spans for each, in order, until one fails. */
function spansAll(edges: Edges, samples: Float64Array, d: V2, bridgeMm: number): boolean {
  for (let i = 0; i < samples.length; i += 2)
    if (!spans(edges, samples[i]!, samples[i + 1]!, d[0], d[1], bridgeMm)) return false;
  return true;
}

/**
 * Whether the line through (ox, oy) along (dx, dy) meets a supported boundary edge first on both sides,
 * within the bridge limit. One pass casts both rays: along −d the ray parameter is −s and u the same, exactly.
 */
function spans(edges: Edges, ox: number, oy: number, dx: number, dy: number, bridgeMm: number): boolean {
  const { ax, ay, ex, ey, supported } = edges;
  let ahead = Infinity,
    aheadSupported = 0,
    behind = Infinity,
    behindSupported = 0;
  for (let i = 0; i < ax.length; i++) {
    const den = dx * ey[i]! - dy * ex[i]!;
    if (Math.abs(den) < 1e-12) continue;
    const wx = ax[i]! - ox,
      wy = ay[i]! - oy;
    const s = (wx * ey[i]! - wy * ex[i]!) / den;
    const u = (wx * dy - wy * dx) / den;
    if (!(u >= -1e-9 && u <= 1 + 1e-9)) continue;
    if (s > 1e-9 && s < ahead) {
      ahead = s;
      aheadSupported = supported[i]!;
    }
    if (-s > 1e-9 && -s < behind) {
      behind = -s;
      behindSupported = supported[i]!;
    }
  }
  return aheadSupported === 1 && behindSupported === 1 && ahead + behind <= bridgeMm;
}

/**
 * How far a free edge may stray from straight and still end a bridge: a ten-thousandth of a millimetre,
 * single precision's reach at these sizes. PrusaSlicer supports a slot's roof whose mouth bends by 0.002 mm
 * (a side bowed 0.03 mm over 40 mm, across the slot's 8.4 mm), so any bend counts.
 */
const STRAIGHT_MM = 1e-4;
/** Ceilings lower than this over the bed are steps of a first-layer chamfer or flare, not bridges: print/first-layer's. */
const STRAIGHT_ABOVE_BED_MM = 1;
/** A face within 30° of vertical is a wall. */
const WALL_NZ = 0.5;

/**
 * Whether every run of joined free edges is straight (within STRAIGHT_MM of the line through its ends).
 * PrusaSlicer 2.5 bridges a slot's flat roof that ends on a straight edge, and supports the same roof where
 * the edge follows a side bowed by as little as 0.03 mm (test/validate/supports.slow.test.ts).
 */
function straightRuns(edges: readonly { a: V2; b: V2 }[]): boolean {
  const key = (p: V2): string => `${p[0].toFixed(4)},${p[1].toFixed(4)}`;
  const at = new Map<string, number[]>();
  edges.forEach((e, i) => [e.a, e.b].forEach((p) => at.set(key(p), [...(at.get(key(p)) ?? []), i])));
  const seen = new Set<number>();
  for (let i = 0; i < edges.length; i++) {
    if (seen.has(i)) continue;
    const run: number[] = [];
    const stack = [i];
    seen.add(i);
    while (stack.length) {
      const j = stack.pop()!;
      run.push(j);
      for (const p of [edges[j]!.a, edges[j]!.b])
        for (const k of at.get(key(p)) ?? [])
          if (!seen.has(k)) {
            seen.add(k);
            stack.push(k);
          }
    }
    const pts = run.flatMap((j) => [edges[j]!.a, edges[j]!.b]);
    // The run's two farthest-apart points, and every point's distance from the line through them.
    let a = pts[0]!,
      b = pts[0]!,
      far = 0;
    for (const p of pts)
      for (const q of pts) {
        const d = Math.hypot(p[0] - q[0], p[1] - q[1]);
        if (d > far) [a, b, far] = [p, q, d];
      }
    if (far < 1e-9) continue;
    if (pts.some((p) => Math.abs((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / far > STRAIGHT_MM))
      return false;
  }
  return true;
}

/** Distance from point o to the segment ab. */
function segmentDistance(o: V2, a: V2, b: V2): number {
  const ex = b[0] - a[0],
    ey = b[1] - a[1];
  const l2 = ex * ex + ey * ey;
  const s = l2 > 0 ? Math.max(0, Math.min(1, ((o[0] - a[0]) * ex + (o[1] - a[1]) * ey) / l2)) : 0;
  return Math.hypot(o[0] - a[0] - s * ex, o[1] - a[1] - s * ey);
}

export interface OverhangPlace {
  areaMm2: number;
  /** The steepest face's angle. */
  angleDeg: number;
  /** The centroid of its largest face. */
  at: Vec3;
  faces: Overhang[];
}

/** Overhangs grouped into places (connected by shared edges), largest first. */
function placesOf(neighbours: Neighbours, overhangs: readonly Overhang[]): OverhangPlace[] {
  const byTriangle = new Map(overhangs.map((o) => [o.triangle, o]));
  const seen = new Set<number>();
  const places: OverhangPlace[] = [];
  for (const o of overhangs) {
    if (seen.has(o.triangle)) continue;
    const faces: Overhang[] = [];
    const stack = [o.triangle];
    seen.add(o.triangle);
    while (stack.length) {
      const f = byTriangle.get(stack.pop()!)!;
      faces.push(f);
      for (let q = neighbours.start[f.triangle]!; q < neighbours.start[f.triangle + 1]!; q++) {
        const g = neighbours.list[q]!;
        if (byTriangle.has(g) && !seen.has(g)) {
          seen.add(g);
          stack.push(g);
        }
      }
    }
    const biggest = faces.reduce((x, y) => (y.areaMm2 > x.areaMm2 ? y : x));
    places.push({
      areaMm2: faces.reduce((s, f) => s + f.areaMm2, 0),
      angleDeg: Math.max(...faces.map((f) => f.angleDeg)),
      at: biggest.centroid,
      faces,
    });
  }
  return places.sort((x, y) => y.areaMm2 - x.areaMm2);
}

/** The analysis's overhangs (or some of them) grouped into places, largest first. */
export function overhangPlaces(a: OverhangAnalysis, overhangs: readonly Overhang[] = a.overhangs): OverhangPlace[] {
  return placesOf(a.neighbours, overhangs);
}

/**
 * How far the centre of mass may lean before it passes the footprint's nearest edge, degrees (negative:
 * it is outside already). The footprint is its convex hull, grown by `growMm` (a brim).
 */
export function tippingAngleDeg(a: OverhangAnalysis, growMm = 0): number {
  const h = a.footprint.hull;
  if (h.length < 3) return -90;
  const [cx, cy, cz] = a.centroid;
  let inside = Infinity;
  for (let i = 0; i < h.length; i++) {
    const [x0, y0] = h[i]!,
      [x1, y1] = h[(i + 1) % h.length]!;
    const l = Math.hypot(x1 - x0, y1 - y0);
    // Counter-clockwise hull: the inside is to the left of each edge.
    if (l > 0) inside = Math.min(inside, ((x1 - x0) * (cy - y0) - (y1 - y0) * (cx - x0)) / l);
  }
  return (Math.atan2(inside + growMm, cz - a.bedZ) * 180) / Math.PI;
}
