/**
 * Raw triangle-mesh tools for the referee (test/physics/referee.test.ts): plane sections, lines through the
 * solid, connected bodies and exact mass properties of a closed, consistently oriented mesh. Written here
 * rather than taken from src/ so the referee measures the exported STL with nothing of the product's own.
 * Millimetres throughout.
 */
import type { MeshData } from '../../../src/geometry/kernel.js';

export type Axis = 0 | 1 | 2;
export type P3 = [number, number, number];

/** The in-plane coordinates (u, v) of a section across `axis`: across X (y, z), across Y (x, z), across Z (x, y). */
export const PLANE_AXES: Readonly<Record<Axis, readonly [Axis, Axis]>> = { 0: [1, 2], 1: [0, 2], 2: [0, 1] };

export interface Bounds3 {
  min: P3;
  max: P3;
}

export function boundsOf(mesh: MeshData): Bounds3 {
  const min: P3 = [Infinity, Infinity, Infinity];
  const max: P3 = [-Infinity, -Infinity, -Infinity];
  const used = new Uint8Array(mesh.positions.length / 3);
  for (const v of mesh.triangles) used[v] = 1;
  for (let v = 0; v < used.length; v++) {
    if (!used[v]) continue;
    for (let a = 0; a < 3; a++) {
      const x = mesh.positions[v * 3 + a]!;
      if (x < min[a]!) min[a] = x;
      if (x > max[a]!) max[a] = x;
    }
  }
  return { min, max };
}

/** A plane would otherwise pass exactly through vertices (float32 coordinates are often round): move it off them. */
function offVertices(mesh: MeshData, axis: Axis, c: number): number {
  const p = mesh.positions;
  for (let tries = 0; tries < 20; tries++) {
    let clear = true;
    for (let v = axis; v < p.length; v += 3) {
      if (Math.abs(p[v]! - c) < 1e-7) {
        clear = false;
        break;
      }
    }
    if (clear) return c;
    c += 3.1e-6;
  }
  throw new Error(`section at ${c} keeps meeting vertices`);
}

/** A closed section loop: flat [u0, v0, u1, v1, …] in the plane's coordinates (PLANE_AXES). */
export type Loop = number[];

/**
 * The loops where the plane p[axis] = c cuts the mesh. Every crossing point is named by the mesh edge it lies
 * on, and each triangle joins two of them, so loops chain without tolerances.
 */
export function sectionLoops(mesh: MeshData, axis: Axis, c: number): Loop[] {
  const cc = offVertices(mesh, axis, c);
  const [ua, va] = PLANE_AXES[axis];
  const p = mesh.positions;
  const t = mesh.triangles;
  const nv = p.length / 3;
  const point = new Map<number, [number, number]>();
  const links = new Map<number, number[]>();
  const crossing = (a: number, b: number): number => {
    const key = Math.min(a, b) * nv + Math.max(a, b);
    if (!point.has(key)) {
      const da = p[a * 3 + axis]! - cc,
        db = p[b * 3 + axis]! - cc;
      const f = da / (da - db);
      point.set(key, [
        p[a * 3 + ua]! + f * (p[b * 3 + ua]! - p[a * 3 + ua]!),
        p[a * 3 + va]! + f * (p[b * 3 + va]! - p[a * 3 + va]!),
      ]);
    }
    return key;
  };
  const link = (k1: number, k2: number): void => {
    (links.get(k1) ?? links.set(k1, []).get(k1)!).push(k2);
    (links.get(k2) ?? links.set(k2, []).get(k2)!).push(k1);
  };
  for (let i = 0; i < t.length; i += 3) {
    const v = [t[i]!, t[i + 1]!, t[i + 2]!];
    const above = v.map((x) => p[x * 3 + axis]! > cc);
    if (above[0] === above[1] && above[1] === above[2]) continue;
    const keys: number[] = [];
    for (let e = 0; e < 3; e++) if (above[e] !== above[(e + 1) % 3]) keys.push(crossing(v[e]!, v[(e + 1) % 3]!));
    link(keys[0]!, keys[1]!);
  }
  const loops: Loop[] = [];
  const seen = new Set<number>();
  for (const start of links.keys()) {
    if (seen.has(start)) continue;
    const loop: Loop = [];
    let prev = -1;
    let cur = start;
    for (;;) {
      seen.add(cur);
      const [u, w] = point.get(cur)!;
      loop.push(u, w);
      const n = links.get(cur)!;
      if (n.length !== 2)
        throw new Error(`section crossing on ${n.length} triangles: the mesh is not a closed 2-manifold`);
      const next = n[0] === prev ? n[1]! : n[0]!;
      prev = cur;
      cur = next;
      if (cur === start) break;
    }
    loops.push(loop);
  }
  return loops;
}

/** Area integrals of a polygon (signed by its winding): ∫dA, ∫u dA, ∫v dA, ∫u² dA, ∫v² dA, ∫uv dA. */
function loopIntegrals(l: Loop): [number, number, number, number, number, number] {
  let a = 0,
    su = 0,
    sv = 0,
    suu = 0,
    svv = 0,
    suv = 0;
  const n = l.length / 2;
  for (let i = 0; i < n; i++) {
    const u0 = l[2 * i]!,
      v0 = l[2 * i + 1]!;
    const j = (i + 1) % n;
    const u1 = l[2 * j]!,
      v1 = l[2 * j + 1]!;
    const cr = u0 * v1 - u1 * v0;
    a += cr;
    su += (u0 + u1) * cr;
    sv += (v0 + v1) * cr;
    suu += (u0 * u0 + u0 * u1 + u1 * u1) * cr;
    svv += (v0 * v0 + v0 * v1 + v1 * v1) * cr;
    suv += (u0 * v1 + 2 * u0 * v0 + 2 * u1 * v1 + u1 * v0) * cr;
  }
  return [a / 2, su / 6, sv / 6, suu / 12, svv / 12, suv / 24];
}

export function pointInLoop(l: Loop, u: number, v: number): boolean {
  let inside = false;
  const n = l.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ui = l[2 * i]!,
      vi = l[2 * i + 1]!,
      uj = l[2 * j]!,
      vj = l[2 * j + 1]!;
    if (vi > v !== vj > v && u < ((uj - ui) * (v - vi)) / (vj - vi) + ui) inside = !inside;
  }
  return inside;
}

/** A section: its loops, which of them are holes, and its area properties (holes subtracted). */
export interface Section {
  loops: Loop[];
  holes: boolean[];
  areaMm2: number;
  /** Centroid (u, v). */
  centroid: [number, number];
  /** Second moments about the centroid: ∫(u−ū)² dA and ∫(v−v̄)² dA. */
  iuuMm4: number;
  ivvMm4: number;
  /** Extent of the material along u and v. */
  uRange: [number, number];
  vRange: [number, number];
}

/** The section of the mesh by the plane p[axis] = c, or null where the plane misses it. */
export function section(mesh: MeshData, axis: Axis, c: number): Section | null {
  const loops = sectionLoops(mesh, axis, c);
  return sectionOf(loops);
}

export function sectionOf(loops: Loop[]): Section | null {
  if (loops.length === 0) return null;
  // A loop inside an odd number of others is a hole.
  const holes = loops.map((l, i) => loops.filter((o, j) => j !== i && pointInLoop(o, l[0]!, l[1]!)).length % 2 === 1);
  const s = [0, 0, 0, 0, 0, 0];
  const uRange: [number, number] = [Infinity, -Infinity];
  const vRange: [number, number] = [Infinity, -Infinity];
  loops.forEach((l, i) => {
    const g = loopIntegrals(l);
    const sign = Math.sign(g[0]) * (holes[i] ? -1 : 1);
    for (let k = 0; k < 6; k++) s[k]! += sign * g[k]!;
    for (let k = 0; k < l.length; k += 2) {
      uRange[0] = Math.min(uRange[0], l[k]!);
      uRange[1] = Math.max(uRange[1], l[k]!);
      vRange[0] = Math.min(vRange[0], l[k + 1]!);
      vRange[1] = Math.max(vRange[1], l[k + 1]!);
    }
  });
  const [a, su, sv, suu, svv] = s as [number, number, number, number, number, number];
  const cu = su / a,
    cv = sv / a;
  return {
    loops,
    holes,
    areaMm2: a,
    centroid: [cu, cv],
    iuuMm4: suu - a * cu * cu,
    ivvMm4: svv - a * cv * cv,
    uRange,
    vRange,
  };
}

/** The centroid of one loop, as a region (the hole's own centre for a hole). */
export function loopCentroid(l: Loop): [number, number] {
  const [a, su, sv] = loopIntegrals(l);
  return [su / a, sv / a];
}

/**
 * The stretches of a line along `axis` through (u, v) that lie inside the mesh (parity of its crossings),
 * as [from, to] pairs along the axis, in order.
 */
export function lineIntervals(mesh: MeshData, axis: Axis, u: number, v: number): [number, number][] {
  const [ua, va] = PLANE_AXES[axis];
  const p = mesh.positions;
  const t = mesh.triangles;
  // A line through an edge or a vertex would count it twice or not at all: try again slightly aside.
  for (let attempt = 0; attempt < 8; attempt++) {
    const uu = u + attempt * 1.37e-6,
      vv = v + attempt * 2.11e-6;
    const hits: number[] = [];
    let grazing = false;
    for (let i = 0; i < t.length && !grazing; i += 3) {
      const a = t[i]! * 3,
        b = t[i + 1]! * 3,
        c = t[i + 2]! * 3;
      const au = p[a + ua]! - uu,
        av = p[a + va]! - vv;
      const bu = p[b + ua]! - uu,
        bv = p[b + va]! - vv;
      const cu = p[c + ua]! - uu,
        cv = p[c + va]! - vv;
      const w0 = bu * cv - bv * cu,
        w1 = cu * av - cv * au,
        w2 = au * bv - av * bu;
      if ((w0 > 0 || w1 > 0 || w2 > 0) && (w0 < 0 || w1 < 0 || w2 < 0)) continue;
      const sum = w0 + w1 + w2;
      if (sum === 0) continue; // triangle edge-on to the line
      if (w0 === 0 || w1 === 0 || w2 === 0) {
        grazing = true;
        break;
      }
      hits.push((w0 * p[a + axis]! + w1 * p[b + axis]! + w2 * p[c + axis]!) / sum);
    }
    if (grazing || hits.length % 2 === 1) continue;
    hits.sort((x, y) => x - y);
    const out: [number, number][] = [];
    for (let k = 0; k < hits.length; k += 2) out.push([hits[k]!, hits[k + 1]!]);
    return out;
  }
  throw new Error(`line along axis ${axis} through (${u}, ${v}) keeps grazing the mesh`);
}

export function pointInside(mesh: MeshData, q: P3): boolean {
  return lineIntervals(mesh, 2, q[0], q[1]).some(([a, b]) => q[2] > a && q[2] < b);
}

/** The mesh's separate bodies (triangles joined through shared vertices), each as a mesh on the same positions. */
export function bodies(mesh: MeshData): MeshData[] {
  const parent = new Int32Array(mesh.positions.length / 3).map((_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  const t = mesh.triangles;
  for (let i = 0; i < t.length; i += 3) {
    const r = find(t[i]!);
    parent[find(t[i + 1]!)] = r;
    parent[find(t[i + 2]!)] = find(r);
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < t.length; i += 3) {
    const r = find(t[i]!);
    const g = groups.get(r) ?? groups.set(r, []).get(r)!;
    g.push(t[i]!, t[i + 1]!, t[i + 2]!);
  }
  return [...groups.values()].map((tris) => ({ positions: mesh.positions, triangles: Uint32Array.from(tris) }));
}

/** Volume, centroid and second moments of a closed mesh (divergence theorem, exact for the mesh). */
export interface MassProperties {
  volumeMm3: number;
  centroidMm: P3;
  /** ∫(x−x̄)² dV, ∫(y−ȳ)² dV, ∫(z−z̄)² dV, ∫(x−x̄)(y−ȳ) dV about the centroid. */
  xxMm5: number;
  yyMm5: number;
  zzMm5: number;
  xyMm5: number;
}

export function massProperties(mesh: MeshData): MassProperties {
  const p = mesh.positions;
  const t = mesh.triangles;
  // Tetrahedra from a point near the mesh keep the sums well conditioned.
  const o: P3 = [p[t[0]! * 3]!, p[t[0]! * 3 + 1]!, p[t[0]! * 3 + 2]!];
  let vol = 0;
  const s1 = [0, 0, 0];
  const s2 = [0, 0, 0, 0]; // xx, yy, zz, xy
  for (let i = 0; i < t.length; i += 3) {
    const a = [0, 1, 2].map((k) => p[t[i]! * 3 + k]! - o[k]!) as P3;
    const b = [0, 1, 2].map((k) => p[t[i + 1]! * 3 + k]! - o[k]!) as P3;
    const c = [0, 1, 2].map((k) => p[t[i + 2]! * 3 + k]! - o[k]!) as P3;
    const v =
      (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) /
      6;
    vol += v;
    for (let k = 0; k < 3; k++) s1[k]! += (v * (a[k]! + b[k]! + c[k]!)) / 4;
    // ∫x_i x_j over the tetrahedron (o, a, b, c) = V/20·(Σ a_i a_j + (Σ a_i)(Σ a_j)).
    const second = (i2: number, j2: number): number =>
      (v / 20) *
      (a[i2]! * a[j2]! + b[i2]! * b[j2]! + c[i2]! * c[j2]! + (a[i2]! + b[i2]! + c[i2]!) * (a[j2]! + b[j2]! + c[j2]!));
    s2[0]! += second(0, 0);
    s2[1]! += second(1, 1);
    s2[2]! += second(2, 2);
    s2[3]! += second(0, 1);
  }
  const cx = s1[0]! / vol,
    cy = s1[1]! / vol,
    cz = s1[2]! / vol;
  return {
    volumeMm3: vol,
    centroidMm: [cx + o[0], cy + o[1], cz + o[2]],
    xxMm5: s2[0]! - vol * cx * cx,
    yyMm5: s2[1]! - vol * cy * cy,
    zzMm5: s2[2]! - vol * cz * cz,
    xyMm5: s2[3]! - vol * cx * cy,
  };
}
