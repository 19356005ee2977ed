import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  cross,
  dot,
  hypot2,
  hypot3,
  neg,
  norm,
  onCircle,
  scale,
  sub,
  triangleNormal,
  unit,
  vertexAt,
  type Vec3,
} from '../../src/geometry/vec3.js';

const coord = fc.double({ min: -1e3, max: 1e3, noNaN: true });
const vec = fc.tuple(coord, coord, coord) as fc.Arbitrary<Vec3>;
/** Relative closeness for sums of products of coordinates up to 1e3. */
const near = (a: number, b: number, scaleOf = 1): void =>
  expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, scaleOf));

describe('vec3', () => {
  it('add, sub, scale and neg are the componentwise sums', () => {
    fc.assert(
      fc.property(vec, vec, coord, (a, b, s) => {
        expect(add(a, b)).toEqual([a[0] + b[0], a[1] + b[1], a[2] + b[2]]);
        expect(add(a, b, s)).toEqual([a[0] + b[0] * s, a[1] + b[1] * s, a[2] + b[2] * s]);
        expect(sub(a, b)).toEqual([a[0] - b[0], a[1] - b[1], a[2] - b[2]]);
        expect(scale(a, s)).toEqual([a[0] * s, a[1] * s, a[2] * s]);
        expect(neg(a)).toEqual([-a[0], -a[1], -a[2]]);
        expect(add(a, b, -1)).toEqual(sub(a, b));
      }),
    );
  });

  it('cross is perpendicular to both, anticommutative, and |a × b|² + (a · b)² = |a|²|b|²', () => {
    fc.assert(
      fc.property(vec, vec, (a, b) => {
        const c = cross(a, b);
        const big = norm(a) ** 2 * norm(b) ** 2;
        near(dot(c, a), 0, norm(c) * norm(a));
        near(dot(c, b), 0, norm(c) * norm(b));
        cross(b, a).forEach((x, k) => expect(x === -c[k]!).toBe(true));
        near(norm(c) ** 2 + dot(a, b) ** 2, big, big);
      }),
    );
    expect(cross([1, 0, 0], [0, 1, 0])).toEqual([0, 0, 1]); // right-handed
  });

  it('unit has length 1 along the vector; norm is the length', () => {
    fc.assert(
      fc.property(vec, (a) => {
        fc.pre(norm(a) > 1e-6);
        const u = unit(a);
        near(norm(u), 1);
        near(dot(u, a), norm(a), norm(a));
      }),
    );
    expect(norm([3, 4, 12])).toBe(13);
    expect(unit([0, 0, 0]).every(Number.isNaN)).toBe(true);
  });

  it('onCircle turns from u toward v by the angle, keeping unit length in an orthonormal pair', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), (t) => {
        const p = onCircle([1, 0, 0], [0, 0, 1], t);
        near(norm(p), 1);
        near(Math.atan2(p[2], p[0]), Math.atan2(Math.sin(t), Math.cos(t)), 10);
      }),
    );
  });

  it('vertexAt reads the i-th x, y, z of a flat array', () => {
    const xyz = new Float32Array([1, 2, 3, 4.5, 5.5, 6.5]);
    expect(vertexAt(xyz, 1)).toEqual([4.5, 5.5, 6.5]);
    expect(vertexAt([7, 8, 9], 0)).toEqual([7, 8, 9]);
  });

  it('triangleNormal: twice the area long, out of the counter-clockwise side, zero for corners in a line', () => {
    fc.assert(
      fc.property(vec, vec, vec, (a, b, c) => {
        const n = triangleNormal(a, b, c);
        // Heron-free area check: the same normal from any corner, reversed by the other winding.
        const scaleOf = norm(sub(b, a)) * norm(sub(c, a)) + 1;
        triangleNormal(b, c, a).forEach((x, k) => near(x, n[k]!, scaleOf));
        expect(
          triangleNormal(a, c, b)
            .map((x, k) => x + n[k]!)
            .every((x) => Math.abs(x) <= 1e-9 * scaleOf),
        ).toBe(true);
      }),
    );
    expect(triangleNormal([0, 0, 0], [2, 0, 0], [0, 3, 0])).toEqual([0, 0, 6]);
    expect(norm(triangleNormal([0, 0, 0], [1, 1, 1], [2, 2, 2]))).toBe(0);
  });
});

describe('hypot2 and hypot3', () => {
  it('hypot2 is Math.hypot bit for bit: any doubles, the edge cases, and the float32 differences the contours measure', () => {
    const same = (x: number, y: number): boolean => Object.is(hypot2(x, y), Math.hypot(x, y));
    fc.assert(fc.property(fc.double(), fc.double(), same), { numRuns: 20000 });
    const f32 = fc.float({ min: -500, max: 500, noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(f32, f32, f32, f32, (x0, y0, x1, y1) => same(x1 - x0, y1 - y0)),
      { numRuns: 20000 },
    );
    for (const [x, y] of [
      [0, -0],
      [-0, -0],
      [NaN, Infinity],
      [-Infinity, NaN],
      [NaN, 0],
      [1e308, 1e308],
      [5e-324, 5e-324],
      [3, 4],
    ] as const)
      expect(same(x, y)).toBe(true);
    expect(hypot2(3, 4)).toBe(5);
  });

  it("takes a normal's length, and a pixel's distance from a stroke, as Math.hypot does, to the last bit", () => {
    const x = fc.oneof(fc.double(), fc.double({ min: -1e3, max: 1e3 }), fc.constantFrom(0, -0, 1e-300, 1e300));
    fc.assert(
      fc.property(x, x, x, (a, b, c) => {
        expect(Object.is(hypot3(a, b, c), Math.hypot(a, b, c))).toBe(true);
        expect(Object.is(hypot2(a, b), Math.hypot(a, b))).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });
});
