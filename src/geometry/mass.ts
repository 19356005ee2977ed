/**
 * Mass properties of solids at unit density: volume, first moments and second moments about the origin
 * (∫x dV, ∫x² dV, …, in mm³, mm⁴, mm⁵). Exact for boxes, prisms and closed triangle meshes, so a builder's
 * layout and the mesh it exports can be compared, and a mesh weighed, without a kernel.
 */
import type { MeshData } from './kernel.js';
import { add, type Vec3 } from './vec3.js';

export interface Moments {
  volumeMm3: number;
  /** ∫x dV, ∫y dV, ∫z dV. */
  first: Vec3;
  /** ∫x² dV, ∫y² dV, ∫z² dV. */
  second: Vec3;
}

export const NO_MOMENTS: Moments = { volumeMm3: 0, first: [0, 0, 0], second: [0, 0, 0] };

/** ∫ over [a, b] of t^n dt, for n = 0, 1, 2. */
const powerIntegral = (a: number, b: number, n: 0 | 1 | 2): number => (b ** (n + 1) - a ** (n + 1)) / (n + 1);

/** An axis-aligned box from corner `lo` to corner `hi`. */
export function boxMoments(lo: Vec3, hi: Vec3): Moments {
  const len = [0, 1, 2].map((i) => powerIntegral(lo[i]!, hi[i]!, 0));
  const volumeMm3 = len[0]! * len[1]! * len[2]!;
  const first = [0, 1, 2].map((i) => (volumeMm3 / len[i]!) * powerIntegral(lo[i]!, hi[i]!, 1)) as unknown as Vec3;
  const second = [0, 1, 2].map((i) => (volumeMm3 / len[i]!) * powerIntegral(lo[i]!, hi[i]!, 2)) as unknown as Vec3;
  return { volumeMm3, first, second };
}

/**
 * A prism: a simple polygon in the XZ plane (points (x, z), either winding) swept along Y from y0 to y1.
 * Polygon integrals by Green's theorem over the edges.
 */
export function prismXzMoments(outline: readonly (readonly [number, number])[], y0: number, y1: number): Moments {
  let a = 0,
    ax = 0,
    az = 0,
    axx = 0,
    azz = 0;
  outline.forEach(([x0, z0], i) => {
    const [x1, z1] = outline[(i + 1) % outline.length]!;
    const cross = x0 * z1 - x1 * z0;
    a += cross / 2;
    ax += ((x0 + x1) * cross) / 6;
    az += ((z0 + z1) * cross) / 6;
    axx += ((x0 * x0 + x0 * x1 + x1 * x1) * cross) / 12;
    azz += ((z0 * z0 + z0 * z1 + z1 * z1) * cross) / 12;
  });
  const sign = Math.sign(a);
  const w = y1 - y0;
  const area = sign * a;
  return {
    volumeMm3: area * w,
    first: [sign * ax * w, area * powerIntegral(y0, y1, 1), sign * az * w],
    second: [sign * axx * w, area * powerIntegral(y0, y1, 2), sign * azz * w],
  };
}

/** a + sign·b: the moments of a union of disjoint pieces (sign 1) or of a piece with a part removed (−1). */
export function addMoments(a: Moments, b: Moments, sign: 1 | -1 = 1): Moments {
  return {
    volumeMm3: a.volumeMm3 + sign * b.volumeMm3,
    first: add(a.first, b.first, sign),
    second: add(a.second, b.second, sign),
  };
}

export const sumMoments = (parts: readonly Moments[]): Moments =>
  parts.reduce((acc, m) => addMoments(acc, m), NO_MOMENTS);

export const centroidMm = (m: Moments): Vec3 => [
  m.first[0] / m.volumeMm3,
  m.first[1] / m.volumeMm3,
  m.first[2] / m.volumeMm3,
];

/** ∫((x − x̄)² + (y − ȳ)²) dV: the polar second moment about the vertical axis through the centroid, mm⁵. */
export function polarAboutZThroughCentroidMm5(m: Moments): number {
  const c = centroidMm(m);
  return m.second[0] - m.volumeMm3 * c[0] ** 2 + (m.second[1] - m.volumeMm3 * c[1] ** 2);
}

/** ∫((x − x̄)² + (z − z̄)²) dV: the polar second moment about the axis along Y through the centroid, mm⁵. */
export function polarAboutYThroughCentroidMm5(m: Moments): number {
  const c = centroidMm(m);
  return m.second[0] - m.volumeMm3 * c[0] ** 2 + (m.second[2] - m.volumeMm3 * c[2] ** 2);
}

/**
 * A closed, consistently oriented triangle mesh (outward normals): each triangle spans a tetrahedron with
 * the origin; their signed integrals add up to the solid's (divergence theorem).
 */
export function meshMoments(mesh: MeshData): Moments {
  let m = momentsOf.get(mesh);
  if (!m) momentsOf.set(mesh, (m = integrate(mesh)));
  return m;
}

/** Each mesh's moments, kept for its life: the overhang analysis and the printed centre of one solid share them. */
const momentsOf = new WeakMap<MeshData, Moments>();

/** meshMoments, computed: dot(a, cross(b, c)) and the sums written out in scalars, in the same order of operations. */
function integrate(mesh: MeshData): Moments {
  const p = mesh.positions;
  const t = mesh.triangles;
  let v = 0,
    f0 = 0,
    f1 = 0,
    f2 = 0,
    s0 = 0,
    s1 = 0,
    s2 = 0;
  const second = (u0: number, u1: number, u2: number): number =>
    u0 * u0 + u1 * u1 + u2 * u2 + u0 * u1 + u0 * u2 + u1 * u2;
  for (let i = 0; i < t.length; i += 3) {
    const a = 3 * t[i]!,
      b = 3 * t[i + 1]!,
      c = 3 * t[i + 2]!;
    const ax = p[a]!,
      ay = p[a + 1]!,
      az = p[a + 2]!,
      bx = p[b]!,
      by = p[b + 1]!,
      bz = p[b + 2]!,
      cx = p[c]!,
      cy = p[c + 1]!,
      cz = p[c + 2]!;
    // The signed volume of the tetrahedron (origin, a, b, c).
    const vol = (ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx)) / 6;
    v += vol;
    f0 += (vol * (ax + bx + cx)) / 4;
    s0 += (vol * second(ax, bx, cx)) / 10;
    f1 += (vol * (ay + by + cy)) / 4;
    s1 += (vol * second(ay, by, cy)) / 10;
    f2 += (vol * (az + bz + cz)) / 4;
    s2 += (vol * second(az, bz, cz)) / 10;
  }
  return { volumeMm3: v, first: [f0, f1, f2], second: [s0, s1, s2] };
}
