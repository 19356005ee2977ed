import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rayTree, rayTreeHitsMm } from '../../src/geometry/ray-tree.js';
import { add, cross, dot, norm, sub, type Vec3 } from '../../src/geometry/vec3.js';
import { boxMesh } from '../bom/helpers.js';

/** Generic coordinates, without the zeros and ends fast-check favours: no ray lies in a face's plane. */
const coord = fc.noBias(fc.integer({ min: -5_000_000, max: 5_000_000 })).map((i) => i / 100_000);
const point = fc.tuple(coord, coord, coord);

/** Möller and Trumbore's test against every triangle in turn: the brute force the tree must agree with. */
function bruteHitsMm(positions: readonly number[], triangles: readonly number[], o: Vec3, e: Vec3): number[] {
  const d = sub(e, o);
  const at = (v: number): Vec3 => [positions[3 * v]!, positions[3 * v + 1]!, positions[3 * v + 2]!];
  const hits: number[] = [];
  for (let f = 0; f < triangles.length; f += 3) {
    const a = at(triangles[f]!),
      b = at(triangles[f + 1]!),
      c = at(triangles[f + 2]!);
    const e1 = sub(b, a),
      e2 = sub(c, a);
    const p = cross(d, e2);
    const det = dot(e1, p);
    if (det === 0) continue;
    const s = sub(o, a);
    const u = dot(s, p) / det;
    const q = cross(s, e1);
    const v = dot(d, q) / det;
    const t = dot(e2, q) / det;
    if (u >= 0 && v >= 0 && u + v <= 1 && t >= 0 && t <= 1) hits.push(t * norm(d));
  }
  return hits.sort((x, y) => x - y);
}

/**
 * A closed double pyramid: a ring of `n` corners of radius `r` round the z axis at z = 0, turned by
 * `turnRad`, and apexes on the axis at +`up` and −`down`. Every face meets one apex, so a ray along the axis
 * passes exactly through two corners where n faces meet.
 */
function bipyramid(n: number, r: number, up: number, down: number, turnRad: number) {
  const positions = [0, 0, up, 0, 0, -down];
  for (let i = 0; i < n; i++) {
    const a = turnRad + (2 * Math.PI * i) / n;
    positions.push(r * Math.cos(a), r * Math.sin(a), 0);
  }
  const triangles: number[] = [];
  for (let i = 0; i < n; i++) {
    const j = 2 + i,
      k = 2 + ((i + 1) % n);
    triangles.push(0, j, k, 1, k, j);
  }
  return { positions: Float32Array.from(positions), triangles: Uint32Array.from(triangles) };
}

describe('ray tree', () => {
  it('finds the crossings testing every triangle finds, nearest first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(point, point, point), { minLength: 1, maxLength: 60 }),
        point,
        point,
        (tris, o, e) => {
          const positions = tris.flatMap(([a, b, c]) => [...a, ...b, ...c]);
          const triangles = positions.map((_, i) => i).filter((i) => i < positions.length / 3);
          const tree = rayTree({ positions, triangles });
          const got = rayTreeHitsMm(tree, o, e);
          const want = bruteHitsMm(positions, triangles, o, e);
          // Generic triangles and rays: a crossing within 1e-9 of a triangle's edge is as good as either answer.
          expect(got.length).toBe(want.length);
          got.forEach((h, i) => expect(h).toBeCloseTo(want[i]!, 6));
          expect(got).toEqual([...got].sort((x, y) => x - y));
        },
      ),
    );
  });

  it('gives the same crossings to rays cast one after another at one tree, split as they meet it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(point, point, point), { minLength: 1, maxLength: 60 }),
        fc.array(fc.tuple(point, point), { minLength: 2, maxLength: 6 }),
        (tris, rays) => {
          const positions = tris.flatMap(([a, b, c]) => [...a, ...b, ...c]);
          const triangles = positions.map((_, i) => i).filter((i) => i < positions.length / 3);
          const tree = rayTree({ positions, triangles });
          for (const [o, e] of rays) {
            const got = rayTreeHitsMm(tree, o, e);
            const want = bruteHitsMm(positions, triangles, o, e);
            expect(got.length).toBe(want.length);
            got.forEach((h, i) => expect(h).toBeCloseTo(want[i]!, 6));
          }
        },
      ),
    );
  });

  it('counts a ray through shared edges and corners once, and one grazing a corner twice or not at all', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 16 }),
        fc.double({ min: 1, max: 30, noNaN: true }),
        fc.double({ min: 1, max: 30, noNaN: true }),
        fc.double({ min: 1, max: 30, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.boolean(),
        (n, r, up, down, turn, upward) => {
          const tree = rayTree(bipyramid(n, r, up, down, turn));
          const [from, to]: [Vec3, Vec3] = [
            [0, 0, -100],
            [0, 0, 100],
          ];
          // Through both apexes, where n faces meet, either way.
          expect(rayTreeHitsMm(tree, upward ? from : to, upward ? to : from)).toHaveLength(2);
          // From the centre out: through one apex.
          expect(rayTreeHitsMm(tree, [0, 0, 0], upward ? to : from)).toHaveLength(1);
          // Along x through the ring's corner or edge at angle 0, and along y: in and out once each.
          expect(rayTreeHitsMm(tree, [-100, 0, 0], [100, 0, 0])).toHaveLength(2);
          expect(rayTreeHitsMm(tree, [0, -100, 0], [0, 100, 0])).toHaveLength(2);
          // Grazing the ring's corner at angle 0 from outside, along y and along z: twice or not at all.
          const m = bipyramid(n, r, up, down, 0);
          const x = m.positions[6]!;
          expect(rayTreeHitsMm(rayTree(m), [x, -100, 0], [x, 100, 0]).length % 2).toBe(0);
          expect(rayTreeHitsMm(rayTree(m), [x, 0, -100], [x, 0, 100]).length % 2).toBe(0);
        },
      ),
    );
  });

  it('says inside or out by the parity of the crossings, for points off the surface', () => {
    // The unit cube as two triangles a face: axis rays through a face's middle cross its diagonal.
    const tree = rayTree(boxMesh(1, 1, 1));
    const offSurface = fc
      .double({ min: -0.5, max: 1.5, noNaN: true })
      .filter((x) => Math.abs(x) > 1e-3 && Math.abs(x - 1) > 1e-3);
    const inside = (x: number): boolean => x > 0 && x < 1;
    fc.assert(
      fc.property(
        fc.tuple(offSurface, offSurface, offSurface),
        fc.constantFrom<Vec3>([1, 0, 0], [0, -1, 0], [0, 0, 1], [0.57, 0.58, 0.59]),
        (p, d) => {
          const hits = rayTreeHitsMm(tree, p, add(p, d, 100));
          expect(hits.length % 2 === 1).toBe(p.every(inside));
        },
      ),
    );
    // Along z through the middle of the top and bottom faces, on their diagonals.
    expect(rayTreeHitsMm(tree, [0.5, 0.5, -1], [0.5, 0.5, 2])).toEqual([1, 2]);
  });

  it('finds nothing for an empty mesh or a segment of no length', () => {
    expect(rayTreeHitsMm(rayTree({ positions: [], triangles: [] }), [0, 0, 0], [1, 1, 1])).toEqual([]);
    const tree = rayTree(bipyramid(4, 1, 1, 1, 0));
    expect(rayTreeHitsMm(tree, [0, 0, 0.5], [0, 0, 0.5])).toEqual([]);
  });
});
