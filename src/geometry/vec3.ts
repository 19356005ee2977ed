/**
 * Three-vectors as plain immutable tuples, and the handful of operations the parts, the mesh analysis and
 * the validator share. JSCAD's `maths/vec3` writes into an `out` argument; these return new tuples, so
 * they compose in expressions. Each is written in one order of operations, which the exported meshes'
 * bytes depend on: change one and the STL files change.
 */

export type Vec3 = readonly [number, number, number];

/** a + s·b: the point `s` along direction `b` from `a` (s defaults to 1: the sum). */
export const add = (a: Vec3, b: Vec3, s = 1): Vec3 => [a[0] + b[0] * s, a[1] + b[1] * s, a[2] + b[2] * s];

/** a − b. */
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

/** s·a. */
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];

/** −a. */
export const neg = (a: Vec3): Vec3 => [-a[0], -a[1], -a[2]];

/** a · b. */
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** a × b (right-handed). */
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/** |a|. */
export const norm = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);

/** a scaled to unit length (each component divided by |a|; a zero vector gives NaNs). */
export const unit = (a: Vec3): Vec3 => {
  const n = norm(a);
  return [a[0] / n, a[1] / n, a[2] / n];
};

/** cos t·u + sin t·v: the direction at `angleRad` from `u` toward `v`, round the circle they span. */
export const onCircle = (u: Vec3, v: Vec3, angleRad: number): Vec3 =>
  add(scale(u, Math.cos(angleRad)), v, Math.sin(angleRad));

/** The `i`th point of a flat x, y, z array (a mesh's positions). */
export const vertexAt = (xyz: ArrayLike<number>, i: number): Vec3 => [xyz[3 * i]!, xyz[3 * i + 1]!, xyz[3 * i + 2]!];

/**
 * (b − a) × (c − a): the triangle's normal, twice its area long, pointing out of the side from which its
 * corners run counter-clockwise (a zero vector when they are in a line).
 */
export const triangleNormal = (a: Vec3, b: Vec3, c: Vec3): Vec3 => cross(sub(b, a), sub(c, a));

/**
 * `Math.hypot(x, y, z)` to the last bit: V8's own arithmetic (each scaled by the largest, the squares
 * Kahan-summed) written out, without the array the builtin allocates per call (src/builtins/math.tq): a guide's pictures take the
 * length of a million normals, and the builtin was a tenth of the renderer's drawFaces in a profile. Tests
 * hold both to `Math.hypot`, so an engine that rounds otherwise is caught there, not in the pictures.
 */
export function hypot3(x: number, y: number, z: number): number {
  const a = Math.abs(x),
    b = Math.abs(y),
    c = Math.abs(z);
  const max = Math.max(a, b, c);
  if (max === 0 || max === Infinity || Number.isNaN(max)) return Math.hypot(x, y, z);
  const p = a / max,
    q = b / max,
    r = c / max;
  // The first square goes in exactly: the compensation starts at the second.
  const pq = p * p + q * q;
  const compensation = pq - p * p - q * q;
  return Math.sqrt(pq + (r * r - compensation)) * max;
}

/**
 * `Math.hypot(x, y)` to the last bit, as hypot3 (for two, the compensation is nothing): a label's
 * antialiased edge takes one per pixel, the print estimate one per contour segment (about 4× faster).
 */
export function hypot2(x: number, y: number): number {
  const a = Math.abs(x),
    b = Math.abs(y);
  const max = Math.max(a, b);
  if (max === 0 || max === Infinity || Number.isNaN(max)) return Math.hypot(x, y);
  const p = a / max,
    q = b / max;
  return Math.sqrt(p * p + q * q) * max;
}
