import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { box, cylinder, initKernel, withArena, type MeshData } from '../../src/geometry/kernel.js';
import { meshMoments } from '../../src/geometry/mass.js';
import { dot, norm, sub, vertexAt } from '../../src/geometry/vec3.js';
import {
  edgeNumbers,
  facets,
  halfEdgeEnds,
  meshBounds,
  triangleAreasMm2,
  triangleCorners,
  triangleOf,
} from '../../src/mesh/analysis.js';
import { checkTopology, measureMesh } from '../../src/mesh/topology.js';
import { prism, rectangle } from '../helpers/prism.js';

beforeAll(initKernel);

/** A holed block as the kernel exports it: many triangles, one closed body, a known volume. */
const block = (): MeshData =>
  withArena(() =>
    box([20, 12, 6], false)
      .subtract(cylinder(10, 3, 3, false, 24).translate([10, 6, -2]))
      .toMesh(),
  );

describe('mesh analysis', () => {
  it('edgeNumbers names an undirected edge: two half-edges share a number exactly when they join the same vertex pair, either way', () => {
    const corner = fc.nat(9);
    const triangle = fc.tuple(corner, corner, corner).filter(([a, b, c]) => a !== b && b !== c && c !== a);
    fc.assert(
      fc.property(fc.array(triangle, { minLength: 1, maxLength: 12 }), (list) => {
        const triangles = Uint32Array.from(list.flat());
        const { edgeOf, counts, edgeAt } = edgeNumbers({ positions: new Float32Array(30), triangles });
        const pair = (h: number): string => [...halfEdgeEnds(triangles, h)].sort().join();
        for (let h = 0; h < triangles.length; h++) {
          const [a, b] = halfEdgeEnds(triangles, h);
          expect(edgeAt(Math.min(a, b), Math.max(a, b))).toBe(edgeOf[h]);
          for (let g = 0; g < triangles.length; g++) expect(edgeOf[h] === edgeOf[g]).toBe(pair(h) === pair(g));
        }
        expect(counts.reduce((s, c) => s + c, 0)).toBe(triangles.length);
        expect(new Set(edgeOf).size).toBe(counts.length);
      }),
    );
  });

  it('half-edges run round their triangle in its winding', () => {
    const t = [4, 7, 9, 1, 2, 3];
    expect([0, 1, 2].map((h) => halfEdgeEnds(t, h))).toEqual([
      [4, 7],
      [7, 9],
      [9, 4],
    ]);
    expect(halfEdgeEnds(t, 5)).toEqual([3, 1]);
    expect([0, 2, 3, 5].map(triangleOf)).toEqual([0, 0, 1, 1]);
  });

  it('edgeNumbers: on a closed mesh every edge has two half-edges running opposite ways, V − E + F = 2', () => {
    const mesh = block();
    const { edgeOf, counts, edgeAt } = edgeNumbers(mesh);
    const byEdge = counts.map(() => [] as number[]);
    edgeOf.forEach((e, h) => byEdge[e]!.push(h));
    for (const list of byEdge) {
      expect(list).toHaveLength(2);
      const [a, b] = halfEdgeEnds(mesh.triangles, list[0]!),
        [c, d] = halfEdgeEnds(mesh.triangles, list[1]!);
      expect([c, d]).toEqual([b, a]);
      expect(edgeAt(Math.min(a, b), Math.max(a, b))).toBe(edgeOf[list[0]!]);
    }
    const faces = mesh.triangles.length / 3,
      vertices = mesh.positions.length / 3;
    expect(counts.length).toBe((3 * faces) / 2);
    // A block with one through hole: a torus, Euler characteristic 0.
    expect(vertices - counts.length + faces).toBe(0);
    expect(edgeAt(0, 0)).toBe(-1);
  });

  it('edgeNumbers over some triangles sees only their edges', () => {
    const mesh = prism(rectangle(4, 2));
    const bottom = (f: number): boolean => triangleCorners(mesh, f).every((c) => c[2] === 0);
    const { edgeOf, counts } = edgeNumbers(mesh, bottom);
    const numbered = [...edgeOf.keys()].filter((h) => edgeOf[h]! >= 0);
    expect(numbered.length).toBe(6); // the two bottom triangles
    expect(counts.reduce((s, c) => s + c, 0)).toBe(6);
    expect(numbered.every((h) => bottom(triangleOf(h)))).toBe(true);
  });

  it('facets: areas add up to the surface, normals are unit and outward, centroids inside their triangle', () => {
    const mesh = block();
    const { normals, areasMm2, centroidsMm } = facets(mesh);
    const n = mesh.triangles.length / 3;
    expect(areasMm2).toHaveLength(n);
    // The block's faces less the hole's 24-gon at top and bottom, plus the hole's wall.
    const holeArea = (24 * 9 * Math.sin((2 * Math.PI) / 24)) / 2,
      holePerimeter = 24 * 2 * 3 * Math.sin(Math.PI / 24);
    const expected = 2 * (20 * 12 - holeArea) + 2 * (20 * 6 + 12 * 6) + holePerimeter * 6;
    expect(areasMm2.reduce((s, a) => s + a, 0)).toBeCloseTo(expected, 3);
    for (let f = 0; f < n; f++) {
      const normal = vertexAt(normals, f),
        c = vertexAt(centroidsMm, f);
      expect(norm(normal)).toBeCloseTo(1, 9);
      const [a, b, d] = triangleCorners(mesh, f);
      // The centroid is the corners' mean; a point just outside along the normal is outside the block or in the hole.
      [0, 1, 2].forEach((k) => expect(c[k]).toBeCloseTo((a[k]! + b[k]! + d[k]!) / 3, 9));
      const out = [c[0] + normal[0] * 0.01, c[1] + normal[1] * 0.01, c[2] + normal[2] * 0.01] as const;
      const inBlock = out[0] > 0 && out[0] < 20 && out[1] > 0 && out[1] < 12 && out[2] > 0 && out[2] < 6;
      const inHole = Math.hypot(out[0] - 10, out[1] - 6) < 3 * Math.cos(Math.PI / 24);
      expect(!inBlock || inHole, `triangle ${f}`).toBe(true);
      expect(dot(normal, sub(a, b))).toBeCloseTo(0, 6);
    }
  });

  it('facets and triangleAreasMm2: a triangle of zero area has zero area and a zero normal', () => {
    const mesh: MeshData = {
      positions: new Float32Array([0, 0, 0, 1, 1, 1, 2, 2, 2]),
      triangles: new Uint32Array([0, 1, 2]),
    };
    const { normals, areasMm2 } = facets(mesh);
    expect(areasMm2[0]).toBe(0);
    expect([...triangleAreasMm2(mesh)]).toEqual([0]);
    expect([...normals]).toEqual([0, 0, 0]);
  });

  it('meshBounds: the box round the vertices', () => {
    const b = meshBounds(block());
    expect(b).toEqual({ min: [0, 0, 0], max: [20, 12, 6] });
    expect(meshBounds({ positions: new Float32Array(), triangles: new Uint32Array() }).min[0]).toBe(Infinity);
  });

  it('measureMesh agrees with the moments and the facets', () => {
    const mesh = block();
    const m = measureMesh(mesh);
    expect(m.volumeMm3).toBe(meshMoments(mesh).volumeMm3);
    expect(m.surfaceAreaMm2).toBeCloseTo(
      triangleAreasMm2(mesh).reduce((s, a) => s + a, 0),
      9,
    );
    expect(facets(mesh).areasMm2).toEqual(triangleAreasMm2(mesh));
    expect(m.bounds).toEqual(meshBounds(mesh));
    expect(checkTopology(mesh).watertight).toBe(true);
  });
});
