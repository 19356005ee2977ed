/**
 * Mesh checks that do not trust the kernel: computed from an indexed triangle mesh (e.g. parsed from the
 * exported STL bytes), the way admesh and slicers see it.
 */
import type { BoundsMm, MeshData } from '../geometry/kernel.js';
import { meshMoments } from '../geometry/mass.js';
import { edgeNumbers, halfEdgeEnds, meshBounds, triangleAreasMm2 } from './analysis.js';

export interface TopologyReport {
  triangles: number;
  vertices: number;
  /** Edges used by exactly one triangle (holes in the surface). */
  openEdges: number;
  /** Edges used by more than two triangles. */
  nonManifoldEdges: number;
  /** Edges whose two triangles traverse them in the same direction (inconsistent orientation). */
  backwardsEdges: number;
  /** Triangles with a repeated vertex or zero area. */
  degenerateTriangles: number;
  /** Connected components (bodies) by shared edges: two shells that only touch at a corner are two. */
  bodies: number;
  /**
   * Bodies of no volume (under ZERO_VOLUME_MM3 either way): a closed film left where a cut ended flush
   * with a face. Every edge of it is paired, so admesh and the edge counts pass it; a slicer prints
   * nothing or a stray wall there.
   */
  zeroVolumeShells: number;
  /** Signed volume (positive when the normals point outward). */
  volumeMm3: number;
  surfaceAreaMm2: number;
  bounds: BoundsMm;
  /** True when closed, 2-manifold, consistently oriented, non-degenerate, of positive volume and with no zero-volume shell. */
  watertight: boolean;
}

/**
 * A body's volume under which it is a film, not a solid: a thousandth of a cubic millimetre, thirty times
 * under the least a printer lays (a line 0.4 mm wide, 0.2 mm high and 0.4 mm long, 0.032 mm³).
 */
export const ZERO_VOLUME_MM3 = 1e-3;

/** Volume (signed; positive for outward normals), surface area and bounds of a triangle mesh. */
export function measureMesh(mesh: MeshData): { volumeMm3: number; surfaceAreaMm2: number; bounds: BoundsMm } {
  return measureWith(mesh, triangleAreasMm2(mesh));
}

/** measureMesh, the triangles' areas given. */
function measureWith(
  mesh: MeshData,
  areasMm2: Float64Array,
): { volumeMm3: number; surfaceAreaMm2: number; bounds: BoundsMm } {
  return { volumeMm3: meshMoments(mesh).volumeMm3, surfaceAreaMm2: sum(areasMm2), bounds: meshBounds(mesh) };
}

/** The sum of `xs`, in order. Its own function, returning as its loop ends (see checkTopology's loops). */
function sum(xs: Float64Array): number {
  let total = 0;
  for (const x of xs) total += x;
  return total;
}

export function checkTopology(mesh: MeshData): TopologyReport {
  const { positions: p, triangles: t } = mesh;
  const nTri = t.length / 3;
  const nVert = p.length / 3;
  const areasMm2 = triangleAreasMm2(mesh);
  const degenerate = degenerateTriangles(t, areasMm2);
  // Per edge, the half-edges running along it from its lower vertex and back to it (a triangle with a
  // repeated vertex runs both ways along its edge from that vertex to itself).
  const { edgeOf, counts } = edgeNumbers(mesh);
  const fwd = new Int32Array(counts.length),
    rev = new Int32Array(counts.length);
  countDirections(t, edgeOf, fwd, rev);
  // Open, non-manifold and backwards edges.
  const faults = new Int32Array(3);
  edgeFaults(fwd, rev, faults);
  const open = faults[0]!,
    nonManifold = faults[1]!,
    backwards = faults[2]!;
  const shells = shellVolumesMm3(mesh);
  const bodies = shells.length;
  const zeroVolumeShells = shells.filter((v) => Math.abs(v) < ZERO_VOLUME_MM3).length;
  const { volumeMm3, surfaceAreaMm2, bounds } = measureWith(mesh, areasMm2);
  return {
    triangles: nTri,
    vertices: nVert,
    openEdges: open,
    nonManifoldEdges: nonManifold,
    backwardsEdges: backwards,
    degenerateTriangles: degenerate,
    bodies,
    zeroVolumeShells,
    volumeMm3,
    surfaceAreaMm2,
    bounds,
    watertight:
      nTri > 0 &&
      open === 0 &&
      nonManifold === 0 &&
      backwards === 0 &&
      degenerate === 0 &&
      zeroVolumeShells === 0 &&
      volumeMm3 > 0,
  };
}

/*
 * checkTopology's loops are functions of their own that return as their loops end: in a cold thread a
 * loop's optimised code is compiled while it first runs, and code after the loop, not yet run then, threw
 * that code away on every call.
 */

/** Triangles with a repeated vertex or zero area. */
function degenerateTriangles(t: ArrayLike<number>, areasMm2: Float64Array): number {
  let degenerate = 0;
  for (let i = 0; i < areasMm2.length; i++) {
    const a = t[i * 3]!,
      b = t[i * 3 + 1]!,
      c = t[i * 3 + 2]!;
    if (a === b || b === c || a === c || areasMm2[i] === 0) degenerate++;
  }
  return degenerate;
}

/** Per edge, its half-edges running from its lower vertex (`fwd`) and back to it (`rev`). */
function countDirections(t: ArrayLike<number>, edgeOf: Int32Array, fwd: Int32Array, rev: Int32Array): void {
  for (let h = 0; h < t.length; h++) {
    const [from, to] = halfEdgeEnds(t, h);
    if (from <= to) fwd[edgeOf[h]!]!++;
    if (to <= from) rev[edgeOf[h]!]!++;
  }
}

/** The open, non-manifold and backwards edges, counted into faults[0], [1] and [2]. */
function edgeFaults(fwd: Int32Array, rev: Int32Array, faults: Int32Array): void {
  for (let e = 0; e < fwd.length; e++) {
    const total = fwd[e]! + rev[e]!;
    if (total === 1) faults[0]!++;
    else if (total > 2) faults[1]!++;
    else if (fwd[e] !== 1 || rev[e] !== 1) faults[2]!++;
  }
}

/** Each body's signed volume: triangles joined by the edges they share (union-find), volumes summed per body. */
function shellVolumesMm3(mesh: MeshData): number[] {
  const nTri = mesh.triangles.length / 3;
  const parent = new Int32Array(nTri).map((_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  // Each half-edge joined to its edge's first (the partition, hence every body's sum, is the same in any order).
  const { edgeOf, counts } = edgeNumbers(mesh);
  const firstOf = new Int32Array(counts.length).fill(-1);
  for (let h = 0; h < edgeOf.length; h++) {
    const e = edgeOf[h]!;
    if (firstOf[e]! < 0) firstOf[e] = h;
    parent[find(Math.floor(h / 3))] = find(Math.floor(firstOf[e]! / 3));
  }
  const volumes = new Map<number, number>();
  const p = mesh.positions,
    t = mesh.triangles;
  for (let f = 0; f < nTri; f++) {
    // dot(a, cross(b, c)) / 6 of the corners a, b, c, written out (no vectors made per triangle).
    const a = 3 * t[3 * f]!,
      b = 3 * t[3 * f + 1]!,
      c = 3 * t[3 * f + 2]!;
    const x = p[b + 1]! * p[c + 2]! - p[b + 2]! * p[c + 1]!,
      y = p[b + 2]! * p[c]! - p[b]! * p[c + 2]!,
      z = p[b]! * p[c + 1]! - p[b + 1]! * p[c]!;
    const root = find(f);
    volumes.set(root, (volumes.get(root) ?? 0) + (p[a]! * x + p[a + 1]! * y + p[a + 2]! * z) / 6);
  }
  return [...volumes.values()];
}
