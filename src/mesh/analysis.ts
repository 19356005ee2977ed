/**
 * What an indexed triangle mesh is made of, from the mesh alone (no kernel): which triangles meet at each
 * edge, each triangle's corners, normal, area and centre, and the mesh's bounds. The mesh checks
 * (./topology.ts), the print estimate, the overhang analysis and the assembly's masses build on these; the
 * signed volume and its moments are `meshMoments` (geometry/mass.ts, a layer down, beside the moments of
 * the boxes and prisms the cannon's layout is made of).
 */
import type { BoundsMm, MeshData } from '../geometry/kernel.js';
import { vertexAt, type Vec3 } from '../geometry/vec3.js';

/** Half-edge `h` = 3 × triangle + corner runs from that corner's vertex to the next corner's. */
export const triangleOf = (h: number): number => Math.floor(h / 3);

/** The half-edge after `h` round its triangle: the one starting where `h` ends. */
const nextHalfEdge = (h: number): number => h - (h % 3) + ((h + 1) % 3);

/** The vertices half-edge `h` runs from and to. */
export function halfEdgeEnds(triangles: ArrayLike<number>, h: number): [number, number] {
  return [triangles[h]!, triangles[nextHalfEdge(h)]!];
}

/** The triangle's three corners, in its winding order. */
export function triangleCorners(mesh: MeshData, triangle: number): [Vec3, Vec3, Vec3] {
  const p = mesh.positions,
    t = mesh.triangles;
  return [vertexAt(p, t[3 * triangle]!), vertexAt(p, t[3 * triangle + 1]!), vertexAt(p, t[3 * triangle + 2]!)];
}

/** Each half-edge's edge number (edgeNumbers). */
export interface EdgeNumbers {
  /** Per half-edge, its edge's number; -1 for a triangle left out. */
  edgeOf: Int32Array;
  /** Per edge, how many half-edges lie on it. */
  counts: number[];
  /** The number of the edge from vertex `lo` to vertex `hi` > `lo`, or -1 for none. */
  edgeAt(lo: number, hi: number): number;
}

/** Every triangle's edge numbers, by mesh: the overhang analysis and the print estimate of one mesh share them. */
const numbered = new WeakMap<MeshData, EdgeNumbers>();

/**
 * Every half-edge's edge, numbered 0, 1, … as the edges first appear in the triangle list (-1 for a
 * triangle `include` leaves out), and how many half-edges each edge has. Each edge is found among the
 * edges at its lower vertex (a few; no hash of every edge): typed arrays, not an array per edge (the mesh
 * checks and the print estimate run this on every file). Without `include`, kept for the mesh's life.
 */
export function edgeNumbers(mesh: MeshData, include?: (triangle: number) => boolean): EdgeNumbers {
  if (include) return numberEdges(mesh, include);
  let all = numbered.get(mesh);
  if (!all) numbered.set(mesh, (all = numberEdges(mesh)));
  return all;
}

function numberEdges(mesh: MeshData, include?: (triangle: number) => boolean): EdgeNumbers {
  const t = mesh.triangles,
    nv = mesh.positions.length / 3;
  // Each half-edge's lower and upper vertex; -1 for a triangle left out.
  const lower = new Int32Array(t.length).fill(-1),
    upper = new Int32Array(t.length);
  const slotStart = new Int32Array(nv + 1);
  sortEnds(t, include, lower, upper, slotStart);
  runningTotals(slotStart);
  // Per vertex, the edges found so far that it is the lower end of: their upper ends and numbers.
  const slots = {
    start: slotStart,
    used: new Int32Array(nv),
    upper: new Int32Array(slotStart[nv]!),
    edge: new Int32Array(slotStart[nv]!),
  };
  const edgeAt = (lo: number, hi: number): number => {
    for (let s = slots.start[lo]!; s < slots.start[lo]! + slots.used[lo]!; s++)
      if (slots.upper[s] === hi) return slots.edge[s]!;
    return -1;
  };
  const edgeOf = new Int32Array(t.length).fill(-1);
  const counts: number[] = [];
  numberHalfEdges(lower, upper, edgeAt, slots, edgeOf, counts);
  return { edgeOf, counts, edgeAt };
}

/*
 * numberEdges' loops are functions of their own that return as their loops end: in a cold thread a loop's
 * optimised code is compiled while it first runs, and code after the loop, not yet run then, threw that code
 * away on every call.
 */

/** Each half-edge's lower and upper vertex into `lower` and `upper`, and each vertex's count as a lower end into slotStart[vertex + 1]. */
function sortEnds(
  t: ArrayLike<number>,
  include: ((triangle: number) => boolean) | undefined,
  lower: Int32Array,
  upper: Int32Array,
  slotStart: Int32Array,
): void {
  for (let f = 0; f < t.length / 3; f++) {
    // No callback per triangle for the whole mesh: the estimate and the mesh checks number every file's edges.
    if (include && !include(f)) continue;
    for (let h = 3 * f; h < 3 * f + 3; h++) {
      const a = t[h]!,
        b = t[nextHalfEdge(h)]!;
      lower[h] = Math.min(a, b);
      upper[h] = Math.max(a, b);
      slotStart[lower[h]! + 1]!++;
    }
  }
}

/** Each half-edge's edge number into `edgeOf`, each new edge added to `slots` and `counts`. */
function numberHalfEdges(
  lower: Int32Array,
  upper: Int32Array,
  edgeAt: (lo: number, hi: number) => number,
  slots: { start: Int32Array; used: Int32Array; upper: Int32Array; edge: Int32Array },
  edgeOf: Int32Array,
  counts: number[],
): void {
  for (let h = 0; h < lower.length; h++) {
    const lo = lower[h]!,
      hi = upper[h]!;
    if (lo < 0) continue;
    let e = edgeAt(lo, hi);
    if (e < 0) {
      e = counts.push(0) - 1;
      const s = slots.start[lo]! + slots.used[lo]!++;
      slots.upper[s] = hi;
      slots.edge[s] = e;
    }
    edgeOf[h] = e;
    counts[e]!++;
  }
}

/** Each entry of `a` made the sum of it and those before it. */
export function runningTotals(a: Int32Array): void {
  for (let i = 1; i < a.length; i++) a[i]! += a[i - 1]!;
}

/**
 * Each triangle's normal twice its area long, x y z per triangle: triangleNormal's (b − a) × (c − a), in
 * the same order of operations, for every triangle in one pass (the mesh checks read it per triangle).
 */
export function triangleNormals(mesh: MeshData): Float64Array {
  const p = mesh.positions,
    t = mesh.triangles;
  const out = new Float64Array(t.length);
  for (let f = 0; f < t.length; f += 3) {
    const a = 3 * t[f]!,
      b = 3 * t[f + 1]!,
      c = 3 * t[f + 2]!;
    const ux = p[b]! - p[a]!,
      uy = p[b + 1]! - p[a + 1]!,
      uz = p[b + 2]! - p[a + 2]!,
      vx = p[c]! - p[a]!,
      vy = p[c + 1]! - p[a + 1]!,
      vz = p[c + 2]! - p[a + 2]!;
    out[f] = uy * vz - uz * vy;
    out[f + 1] = uz * vx - ux * vz;
    out[f + 2] = ux * vy - uy * vx;
  }
  return out;
}

/** Each triangle's area, mm² (from its `triangleNormals`, when given). */
export function triangleAreasMm2(mesh: MeshData, normals = triangleNormals(mesh)): Float64Array {
  const out = new Float64Array(mesh.triangles.length / 3);
  for (let f = 0; f < out.length; f++)
    out[f] = Math.hypot(normals[3 * f]!, normals[3 * f + 1]!, normals[3 * f + 2]!) / 2;
  return out;
}

/** Per-triangle geometry, x y z per triangle for the vectors (read one with `vertexAt(normals, triangle)`). */
export interface Facets {
  /** Unit normal, outward for an outward-wound mesh; 0, 0, 0 for a triangle of zero area. */
  normals: Float64Array;
  areasMm2: Float64Array;
  /** The mean of the corners. */
  centroidsMm: Float64Array;
}

/** Each mesh's facets, kept for its life: the overhang analysis and the printed centre of one solid share them. */
const facetsOf = new WeakMap<MeshData, Facets>();

/** Each triangle's unit normal, area and centroid (read them, do not write: they are kept per mesh). */
export function facets(mesh: MeshData): Facets {
  let all = facetsOf.get(mesh);
  if (!all) facetsOf.set(mesh, (all = measureFacets(mesh)));
  return all;
}

function measureFacets(mesh: MeshData): Facets {
  const t = mesh.triangles;
  const normals = triangleNormals(mesh);
  const areasMm2 = triangleAreasMm2(mesh, normals);
  const centroidsMm = new Float64Array(t.length);
  unitNormalsAndCentroids(mesh, normals, areasMm2, centroidsMm);
  return { normals, areasMm2, centroidsMm };
}

/**
 * Each triangle's normal (`normals`, twice its area long) scaled to unit length, and its centroid into
 * `centroidsMm`. Its own function, returning as its loop ends (see numberEdges' loops).
 */
function unitNormalsAndCentroids(
  { positions: p, triangles: t }: MeshData,
  normals: Float64Array,
  areasMm2: Float64Array,
  centroidsMm: Float64Array,
): void {
  for (let f = 0; f < areasMm2.length; f++) {
    // Scaled to unit length as `unit` does, each component over the length; left 0 for no area.
    const length = 2 * areasMm2[f]!;
    for (let k = 0; k < 3; k++) {
      normals[3 * f + k] = areasMm2[f]! > 0 ? normals[3 * f + k]! / length : 0;
      centroidsMm[3 * f + k] = (p[3 * t[3 * f]! + k]! + p[3 * t[3 * f + 1]! + k]! + p[3 * t[3 * f + 2]! + k]!) / 3;
    }
  }
}

/** The axis-aligned box round every vertex (infinite, inside out, for a mesh with none). */
export function meshBounds(mesh: MeshData): BoundsMm {
  // Min x y z, max x y z, kept in a typed array as the loop runs (see numberEdges' loops).
  const box = Float64Array.of(Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity);
  growBox(mesh.positions, box);
  return { min: [box[0]!, box[1]!, box[2]!], max: [box[3]!, box[4]!, box[5]!] };
}

/** `box` (min x y z, max x y z) grown to hold every point of `p` (x y z each). */
function growBox(p: ArrayLike<number>, box: Float64Array): void {
  for (let i = 0; i < p.length; i += 3)
    for (let j = 0; j < 3; j++) {
      const v = p[i + j]!;
      if (v < box[j]!) box[j] = v;
      if (v > box[j + 3]!) box[j + 3] = v;
    }
}
