/**
 * Mesh checks that do not trust the kernel: computed from an indexed triangle mesh (e.g. parsed from the
 * exported STL bytes), the way admesh and slicers see it.
 */
import type { BoundsMm, MeshData } from '../geometry/kernel.js';

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
  /** Connected components (bodies) by shared edges. */
  bodies: number;
  /** Signed volume (positive when the normals point outward). */
  volumeMm3: number;
  surfaceAreaMm2: number;
  bounds: BoundsMm;
  /** True when closed, 2-manifold, consistently oriented, non-degenerate and of positive volume. */
  watertight: boolean;
}

/** Volume (signed; positive for outward normals), surface area and bounds of a triangle mesh. */
export function measureMesh(mesh: MeshData): { volumeMm3: number; surfaceAreaMm2: number; bounds: BoundsMm } {
  const { positions: p, triangles: t } = mesh;
  let volume = 0;
  let area = 0;
  for (let i = 0; i < t.length; i += 3) {
    const a = t[i]! * 3, b = t[i + 1]! * 3, c = t[i + 2]! * 3;
    const ax = p[a]!, ay = p[a + 1]!, az = p[a + 2]!, bx = p[b]!, by = p[b + 1]!, bz = p[b + 2]!, cx = p[c]!, cy = p[c + 1]!, cz = p[c + 2]!;
    const ux = bx - ax, uy = by - ay, uz = bz - az, vx = cx - ax, vy = cy - ay, vz = cz - az;
    area += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
    volume += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
  }
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i += 3)
    for (let j = 0; j < 3; j++) {
      const v = p[i + j]!;
      if (v < min[j]!) min[j] = v;
      if (v > max[j]!) max[j] = v;
    }
  return { volumeMm3: volume, surfaceAreaMm2: area, bounds: { min: [min[0]!, min[1]!, min[2]!], max: [max[0]!, max[1]!, max[2]!] } };
}

export function checkTopology(mesh: MeshData): TopologyReport {
  const { positions: p, triangles: t } = mesh;
  const nTri = t.length / 3;
  const nVert = p.length / 3;
  // Directed edge a→b counted with key a*nVert+b; an undirected edge appears once in each direction.
  const directed = new Map<number, number>();
  let degenerate = 0;
  for (let i = 0; i < nTri; i++) {
    const a = t[i * 3]!, b = t[i * 3 + 1]!, c = t[i * 3 + 2]!;
    const ux = p[b * 3]! - p[a * 3]!, uy = p[b * 3 + 1]! - p[a * 3 + 1]!, uz = p[b * 3 + 2]! - p[a * 3 + 2]!;
    const vx = p[c * 3]! - p[a * 3]!, vy = p[c * 3 + 1]! - p[a * 3 + 1]!, vz = p[c * 3 + 2]! - p[a * 3 + 2]!;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    if (a === b || b === c || a === c || Math.hypot(nx, ny, nz) === 0) degenerate++;
    for (const [u, w] of [[a, b], [b, c], [c, a]] as const) {
      const key = u * nVert + w;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  let open = 0, nonManifold = 0, backwards = 0;
  const seen = new Set<number>();
  for (const key of directed.keys()) {
    const u = Math.floor(key / nVert), w = key % nVert;
    const lo = Math.min(u, w), hi = Math.max(u, w);
    const ukey = lo * nVert + hi;
    if (seen.has(ukey)) continue;
    seen.add(ukey);
    const fwd = directed.get(lo * nVert + hi) ?? 0;
    const rev = directed.get(hi * nVert + lo) ?? 0;
    const total = fwd + rev;
    if (total === 1) open++;
    else if (total > 2) nonManifold++;
    else if (fwd !== 1 || rev !== 1) backwards++;
  }
  const bodies = countBodies(t, nVert);
  const { volumeMm3, surfaceAreaMm2, bounds } = measureMesh(mesh);
  return {
    triangles: nTri,
    vertices: nVert,
    openEdges: open,
    nonManifoldEdges: nonManifold,
    backwardsEdges: backwards,
    degenerateTriangles: degenerate,
    bodies,
    volumeMm3,
    surfaceAreaMm2,
    bounds,
    watertight: nTri > 0 && open === 0 && nonManifold === 0 && backwards === 0 && degenerate === 0 && volumeMm3 > 0,
  };
}

/** Union-find over vertices joined by triangles. */
function countBodies(t: Uint32Array, nVert: number): number {
  const parent = new Int32Array(nVert).map((_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  const used = new Uint8Array(nVert);
  for (let i = 0; i < t.length; i += 3) {
    const a = find(t[i]!), b = find(t[i + 1]!), c = find(t[i + 2]!);
    used[t[i]!] = used[t[i + 1]!] = used[t[i + 2]!] = 1;
    parent[b] = a;
    parent[find(c)] = a;
  }
  const roots = new Set<number>();
  for (let i = 0; i < nVert; i++) if (used[i]) roots.add(find(i));
  return roots.size;
}
