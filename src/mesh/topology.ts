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

export function checkTopology(mesh: MeshData): TopologyReport {
  const { positions: p, triangles: t } = mesh;
  const nTri = t.length / 3;
  const nVert = p.length / 3;
  // Directed edge a→b counted with key a*nVert+b; an undirected edge appears once in each direction.
  const directed = new Map<number, number>();
  let degenerate = 0;
  let volume = 0;
  let area = 0;
  for (let i = 0; i < nTri; i++) {
    const a = t[i * 3]!, b = t[i * 3 + 1]!, c = t[i * 3 + 2]!;
    const ax = p[a * 3]!, ay = p[a * 3 + 1]!, az = p[a * 3 + 2]!;
    const bx = p[b * 3]!, by = p[b * 3 + 1]!, bz = p[b * 3 + 2]!;
    const cx = p[c * 3]!, cy = p[c * 3 + 1]!, cz = p[c * 3 + 2]!;
    const ux = bx - ax, uy = by - ay, uz = bz - az, vx = cx - ax, vy = cy - ay, vz = cz - az;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const twiceArea = Math.hypot(nx, ny, nz);
    if (a === b || b === c || a === c || twiceArea === 0) degenerate++;
    area += twiceArea / 2;
    volume += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
    for (const [u, w] of [[a, b], [b, c], [c, a]] as const) {
      const key = u * nVert + w;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  let open = 0, nonManifold = 0, backwards = 0;
  const seen = new Set<number>();
  for (const [key, count] of directed) {
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
    void count;
  }
  const bodies = countBodies(t, nVert);
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < nVert; i++) for (let j = 0; j < 3; j++) {
    const v = p[i * 3 + j]!;
    if (v < min[j]!) min[j] = v;
    if (v > max[j]!) max[j] = v;
  }
  return {
    triangles: nTri,
    vertices: nVert,
    openEdges: open,
    nonManifoldEdges: nonManifold,
    backwardsEdges: backwards,
    degenerateTriangles: degenerate,
    bodies,
    volumeMm3: volume,
    surfaceAreaMm2: area,
    bounds: { min: [min[0]!, min[1]!, min[2]!], max: [max[0]!, max[1]!, max[2]!] },
    watertight: nTri > 0 && open === 0 && nonManifold === 0 && backwards === 0 && degenerate === 0 && volume > 0,
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
