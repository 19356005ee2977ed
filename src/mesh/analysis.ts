/**
 * What an indexed triangle mesh is made of, from the mesh alone (no kernel): which triangles meet at each
 * edge, each triangle's corners, normal, area and centre, and the mesh's bounds. The mesh checks
 * (./topology.ts), the print estimate, the overhang analysis and the assembly's masses build on these; the
 * signed volume and its moments are `meshMoments` (geometry/mass.ts, a layer down, beside the moments of
 * the boxes and prisms the cannon's layout is made of).
 */
import type { BoundsMm, MeshData } from '../geometry/kernel.js';
import { norm, triangleNormal, unit, vertexAt, type Vec3 } from '../geometry/vec3.js';

/** One number per undirected edge between vertices `a` and `b` of a mesh with `vertexCount` vertices. */
export const edgeKey = (a: number, b: number, vertexCount: number): number =>
  a < b ? a * vertexCount + b : b * vertexCount + a;

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

/** Which triangles meet at each edge. Every edge of a closed 2-manifold has two half-edges, running opposite ways. */
export interface EdgeAdjacency {
  /** The half-edges on the edge between vertices `a` and `b` (either way round), in triangle order. */
  halfEdges(a: number, b: number): readonly number[];
  /** The triangles on that edge, in order (one twice if it uses the edge twice). */
  triangles(a: number, b: number): number[];
  /** Every edge's half-edges, once per edge, in the order the edges first appear in the triangle list. */
  edges(): IterableIterator<readonly number[]>;
}

/** The edges of the triangles `include` accepts (by default, every triangle). */
export function edgeAdjacency(mesh: MeshData, include: (triangle: number) => boolean = () => true): EdgeAdjacency {
  const t = mesh.triangles,
    nv = mesh.positions.length / 3;
  const byEdge = new Map<number, number[]>();
  for (let h = 0; h < t.length; h++) {
    if (!include(triangleOf(h))) continue;
    const key = edgeKey(t[h]!, t[nextHalfEdge(h)]!, nv);
    const list = byEdge.get(key);
    if (list) list.push(h);
    else byEdge.set(key, [h]);
  }
  const halfEdges = (a: number, b: number): readonly number[] => byEdge.get(edgeKey(a, b, nv)) ?? [];
  return { halfEdges, triangles: (a, b) => halfEdges(a, b).map(triangleOf), edges: () => byEdge.values() };
}

/** Each triangle's neighbours across the edges exactly two triangles share (every edge of a closed 2-manifold). */
export function triangleNeighbours(adjacency: EdgeAdjacency, triangleCount: number): number[][] {
  const out: number[][] = Array.from({ length: triangleCount }, () => []);
  for (const list of adjacency.edges())
    if (list.length === 2) {
      const f = triangleOf(list[0]!),
        g = triangleOf(list[1]!);
      out[f]!.push(g);
      out[g]!.push(f);
    }
  return out;
}

/** Each triangle's area, mm². */
export function triangleAreasMm2(mesh: MeshData): Float64Array {
  const out = new Float64Array(mesh.triangles.length / 3);
  for (let f = 0; f < out.length; f++) out[f] = norm(triangleNormal(...triangleCorners(mesh, f))) / 2;
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

/** Each triangle's unit normal, area and centroid. */
export function facets(mesh: MeshData): Facets {
  const areasMm2 = triangleAreasMm2(mesh);
  const out: Facets = {
    normals: new Float64Array(3 * areasMm2.length),
    areasMm2,
    centroidsMm: new Float64Array(3 * areasMm2.length),
  };
  for (let f = 0; f < areasMm2.length; f++) {
    const [a, b, c] = triangleCorners(mesh, f);
    if (areasMm2[f]! > 0) out.normals.set(unit(triangleNormal(a, b, c)), 3 * f);
    for (let k = 0; k < 3; k++) out.centroidsMm[3 * f + k] = (a[k]! + b[k]! + c[k]!) / 3;
  }
  return out;
}

/** The axis-aligned box round every vertex (infinite, inside out, for a mesh with none). */
export function meshBounds(mesh: MeshData): BoundsMm {
  const p = mesh.positions;
  const min = [Infinity, Infinity, Infinity],
    max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i += 3)
    for (let j = 0; j < 3; j++) {
      const v = p[i + j]!;
      if (v < min[j]!) min[j] = v;
      if (v > max[j]!) max[j] = v;
    }
  return { min: [min[0]!, min[1]!, min[2]!], max: [max[0]!, max[1]!, max[2]!] };
}
