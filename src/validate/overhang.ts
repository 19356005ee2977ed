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
  const vz = (i: number): number => p[3 * i + 2]!;
  const bounds = meshBounds(mesh);
  const bedZ = bounds.min[2],
    topZ = bounds.max[2];
  const { normals, areasMm2: area, centroidsMm } = facets(mesh);
  const nz = (f: number): number => normals[3 * f + 2]!;
  const centroid = (f: number): Vec3 => vertexAt(centroidsMm, f);
  const moments = meshMoments(mesh);

  const minZ = (f: number): number => Math.min(vz(t[3 * f]!), vz(t[3 * f + 1]!), vz(t[3 * f + 2]!));

  // Footprint: area, outline (edges with one bed face) and hull. Flags per triangle, not sets: the
  // analysis runs on every part.
  const bed = bedFaces(mesh, bedZ, normals);
  const { edgeOf, counts } = edgeNumbers(mesh);
  const { firstHalf, secondHalf, secondOn, bedHalves } = edgeHalves(t, edgeOf, counts.length, bed);
  /** The first triangle but `f` on the edge of `f`'s half-edge `h`, or -1. */
  const across = (f: number, h: number): number => {
    const g = triangleOf(firstHalf[edgeOf[h]!]!);
    return g !== f ? g : secondOn[edgeOf[h]!]!;
  };
  const neighbours = neighboursOf(n, counts, firstHalf, secondHalf);
  const { start, list } = neighbours;
  let footArea = 0,
    perimeter = 0;
  const footPoints: [number, number][] = [];
  for (let f = 0; f < n; f++) {
    if (!bed[f]) continue;
    footArea += area[f]!;
    for (let k = 0; k < 3; k++) {
      const a = t[3 * f + k]!,
        b = t[3 * f + ((k + 1) % 3)]!;
      footPoints.push([p[3 * a]!, p[3 * a + 1]!]);
      // No other bed face on the edge: its bed half-edges are all this face's.
      const e = edgeOf[3 * f + k]!;
      const own = Number(edgeOf[3 * f] === e) + Number(edgeOf[3 * f + 1] === e) + Number(edgeOf[3 * f + 2] === e);
      if (bedHalves[e] === own) perimeter += Math.hypot(p[3 * b]! - p[3 * a]!, p[3 * b + 1]! - p[3 * a + 1]!);
    }
  }

  const limitNz = -Math.sin(((limits.overhangDeg + ANGLE_TOLERANCE_DEG) * Math.PI) / 180);
  const overhangs: Overhang[] = [];
  const angleOf = (f: number): number => (Math.asin(Math.min(1, -nz(f))) * 180) / Math.PI;
  const push = (f: number): void =>
    void overhangs.push({ triangle: f, areaMm2: area[f]!, angleDeg: angleOf(f), centroid: centroid(f), minZ: minZ(f) });

  // Flat ceilings: grouped into regions, each bridged or not as a whole.
  const ceiling = (f: number): boolean => nz(f) < -LEVEL_NZ && !bed[f];
  const centroidZ = (f: number): number => centroidsMm[3 * f + 2]!;
  const seen = new Uint8Array(n);
  for (let f = 0; f < n; f++) {
    if (!ceiling(f) || seen[f]) continue;
    const z = centroidZ(f);
    const region: number[] = [];
    const stack = [f];
    seen[f] = 1;
    while (stack.length) {
      const g = stack.pop()!;
      region.push(g);
      for (let q = start[g]!; q < start[g + 1]!; q++) {
        const h = list[q]!;
        if (!seen[h] && ceiling(h) && Math.abs(centroidZ(h) - z) < ON_BED_MM) {
          seen[h] = 1;
          stack.push(h);
        }
      }
    }
    if (!bridged(region)) region.forEach(push);
  }
  for (let f = 0; f < n; f++) if (nz(f) < limitNz && !seen[f] && !bed[f]) push(f);

  /** Whether one bridge direction spans the whole ceiling between supported edges within the limit. */
  function bridged(region: number[]): boolean {
    const inRegion = new Set(region);
    const z = centroid(region[0]!)[2];
    const boundary: { a: V2; b: V2; supported: boolean; wallAbove: boolean }[] = [];
    for (const f of region)
      for (let k = 0; k < 3; k++) {
        const a = t[3 * f + k]!,
          b = t[3 * f + ((k + 1) % 3)]!;
        const other = across(f, 3 * f + k);
        if (other < 0 || inRegion.has(other)) continue;
        // Material under the edge: the face across it goes down from it.
        const third = [0, 1, 2].map((j) => t[3 * other + j]!).find((v) => v !== a && v !== b)!;
        boundary.push({
          a: [p[3 * a]!, p[3 * a + 1]!],
          b: [p[3 * b]!, p[3 * b + 1]!],
          supported: vz(third) < z - ON_BED_MM,
          wallAbove: vz(third) > z + ON_BED_MM && Math.abs(nz(other)) < WALL_NZ,
        });
      }
    const free = boundary.filter((e) => !e.supported);
    // A free edge that bends where it meets a wall going up (a slot's roof ending where a curved side cuts
    // it) PrusaSlicer does not bridge. A step at the bed (a hole's flare, a chamfer's ledge) is the first
    // layers' business (print/first-layer).
    if (z > bedZ + STRAIGHT_ABOVE_BED_MM && !straightRuns(free.filter((e) => e.wallAbove))) return false;
    // Each free edge's box grown by a line width (and a hair over rounding): a point outside it is farther
    // than a line from the edge, so only points inside are measured (most points are far from most edges).
    const reachMm = limits.lineWidthMm + 1e-9;
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
        if (segmentDistance(o, free[i]!.a, free[i]!.b) <= limits.lineWidthMm) return false;
      }
      return true;
    };
    const samples: V2[] = [];
    for (const f of region) {
      const cx = centroidsMm[3 * f]!,
        cy = centroidsMm[3 * f + 1]!;
      for (let k = -1; k < 3; k++) {
        const o: V2 = k < 0 ? [cx, cy] : [(p[3 * t[3 * f + k]!]! + cx) / 2, (p[3 * t[3 * f + k]! + 1]! + cy) / 2];
        if (clearOfFreeEdges(o)) samples.push(o);
      }
    }
    const directions: V2[] = Array.from({ length: BRIDGE_DIRECTIONS }, (_, i) => [
      Math.cos((i * Math.PI) / BRIDGE_DIRECTIONS),
      Math.sin((i * Math.PI) / BRIDGE_DIRECTIONS),
    ]);
    for (const e of boundary)
      if (e.supported) {
        const l = Math.hypot(e.b[0] - e.a[0], e.b[1] - e.a[1]);
        if (l > 0) directions.push([-(e.b[1] - e.a[1]) / l, (e.b[0] - e.a[0]) / l]);
      }
    // The boundary's edges as start points and vectors, for the rays below (the bridge test's hot loop).
    const nb = boundary.length;
    const ax = new Float64Array(nb),
      ay = new Float64Array(nb),
      ex = new Float64Array(nb),
      ey = new Float64Array(nb);
    boundary.forEach((e, i) => {
      ax[i] = e.a[0];
      ay[i] = e.a[1];
      ex[i] = e.b[0] - e.a[0];
      ey[i] = e.b[1] - e.a[1];
    });
    // Whether the line through o along d meets a supported boundary edge first on both sides, within the
    // bridge limit. One pass casts both rays: along −d the ray parameter is −s and u the same, exactly.
    const spans = (o: V2, d: V2): boolean => {
      let ahead = Infinity,
        aheadSupported = false,
        behind = Infinity,
        behindSupported = false;
      for (let i = 0; i < nb; i++) {
        const den = d[0] * ey[i]! - d[1] * ex[i]!;
        if (Math.abs(den) < 1e-12) continue;
        const wx = ax[i]! - o[0],
          wy = ay[i]! - o[1];
        const s = (wx * ey[i]! - wy * ex[i]!) / den;
        const u = (wx * d[1] - wy * d[0]) / den;
        if (!(u >= -1e-9 && u <= 1 + 1e-9)) continue;
        if (s > 1e-9 && s < ahead) [ahead, aheadSupported] = [s, boundary[i]!.supported];
        if (-s > 1e-9 && -s < behind) [behind, behindSupported] = [-s, boundary[i]!.supported];
      }
      return aheadSupported && behindSupported && ahead + behind <= limits.bridgeMm;
    };
    return directions.some((d) => samples.every((o) => spans(o, d)));
  }

  // A place smaller than one line's footprint (a sliver where two faces meet) prints as whatever is beside it.
  const significant = placesOf(neighbours, overhangs)
    .filter((pl) => pl.areaMm2 >= limits.lineWidthMm ** 2)
    .flatMap((pl) => pl.faces)
    .sort((x, y) => x.triangle - y.triangle);
  return {
    bedZ,
    heightMm: topZ - bedZ,
    footprint: {
      areaMm2: footArea,
      perimeterMm: perimeter,
      hull: footPoints.length >= 3 ? convexHull2d(footPoints) : footPoints,
    },
    centroid: moments.volumeMm3 !== 0 ? centroidMm(moments) : [0, 0, 0],
    volumeMm3: moments.volumeMm3,
    overhangs: significant,
    neighbours,
  };
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
