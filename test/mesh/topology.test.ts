import { describe, expect, it } from 'vitest';
import type { MeshData } from '../../src/geometry/kernel.js';
import { checkTopology } from '../../src/mesh/topology.js';
import { prism, rectangle } from '../helpers/prism.js';

/** The mesh with its triangle list changed. */
const withTriangles = (mesh: MeshData, triangles: number[]): MeshData => ({
  positions: mesh.positions,
  triangles: new Uint32Array(triangles),
});

describe('checkTopology', () => {
  const block = prism(rectangle(4, 3), 2);
  const tris = [...block.triangles];

  it('passes a closed, outward block: counts, volume, area, bounds, one body', () => {
    const t = checkTopology(block);
    expect(t).toMatchObject({
      triangles: 12,
      vertices: 8,
      openEdges: 0,
      nonManifoldEdges: 0,
      backwardsEdges: 0,
      degenerateTriangles: 0,
      bodies: 1,
      watertight: true,
    });
    expect(t.volumeMm3).toBeCloseTo(24, 9);
    expect(t.surfaceAreaMm2).toBeCloseTo(2 * (12 + 8 + 6), 9);
    expect(t.bounds).toEqual({ min: [0, 0, 0], max: [4, 3, 2] });
  });

  it('a missing triangle leaves three open edges', () => {
    const t = checkTopology(withTriangles(block, tris.slice(3)));
    expect(t.openEdges).toBe(3);
    expect(t.watertight).toBe(false);
  });

  it('a turned triangle runs its three edges the same way as its neighbours', () => {
    const turned = [...tris];
    [turned[1], turned[2]] = [turned[2]!, turned[1]!];
    const t = checkTopology(withTriangles(block, turned));
    expect(t.backwardsEdges).toBe(3);
    expect(t.openEdges + t.nonManifoldEdges).toBe(0);
    expect(t.watertight).toBe(false);
  });

  it('a triangle given twice makes its edges non-manifold', () => {
    const t = checkTopology(withTriangles(block, [...tris, ...tris.slice(0, 3)]));
    expect(t.nonManifoldEdges).toBe(3);
    expect(t.watertight).toBe(false);
  });

  it('turned inside out: every edge still pairs, but the volume is negative', () => {
    const inside: number[] = [];
    for (let i = 0; i < tris.length; i += 3) inside.push(tris[i]!, tris[i + 2]!, tris[i + 1]!);
    const t = checkTopology(withTriangles(block, inside));
    expect(t.backwardsEdges + t.openEdges + t.nonManifoldEdges).toBe(0);
    expect(t.volumeMm3).toBeCloseTo(-24, 9);
    expect(t.watertight).toBe(false);
  });

  it('a triangle with a repeated vertex is degenerate; two separate blocks are two bodies', () => {
    const t = checkTopology(withTriangles(block, [...tris, 0, 0, 1]));
    expect(t.degenerateTriangles).toBe(1);
    expect(t.watertight).toBe(false);
    const other = prism(rectangle(1, 1), 1);
    const pair: MeshData = {
      positions: new Float32Array([
        ...block.positions,
        ...[...other.positions].map((v, i) => (i % 3 === 0 ? v + 10 : v)),
      ]),
      triangles: new Uint32Array([...tris, ...[...other.triangles].map((v) => v + 8)]),
    };
    const two = checkTopology(pair);
    expect(two.bodies).toBe(2);
    expect(two.watertight).toBe(true);
    expect(two.volumeMm3).toBeCloseTo(25, 9);
  });

  it('a film of no volume touching the block at a corner is a shell of its own, and not watertight (admesh pairs every edge of it)', () => {
    // A tetrahedron flattened into the block's end face x = 4 (the mast's film was one), sharing only the corner (4, 0, 0).
    const n = block.positions.length / 3;
    const corner = [0, 1, 2, 3, 4, 5, 6, 7].find(
      (v) => block.positions[3 * v] === 4 && block.positions[3 * v + 1] === 0 && block.positions[3 * v + 2] === 0,
    )!;
    const [a, b, c, d] = [corner, n, n + 1, n + 2];
    const mesh: MeshData = {
      positions: new Float32Array([...block.positions, 4, -1, 0, 4, -1, 1, 4, -0.3, 0.4]),
      triangles: new Uint32Array([...tris, a, b, c, a, c, d, a, d, b, b, d, c]),
    };
    const t = checkTopology(mesh);
    expect(t.openEdges + t.nonManifoldEdges + t.backwardsEdges + t.degenerateTriangles).toBe(0);
    expect(t.volumeMm3).toBeCloseTo(24, 6);
    expect(t.bodies).toBe(2);
    expect(t.zeroVolumeShells).toBe(1);
    expect(t.watertight).toBe(false);
    expect(checkTopology(block).zeroVolumeShells).toBe(0);
  });
});
