/** Test shapes: an outline raised into a closed prism mesh, so the packers see what a part's STL gives them. */
import type { MeshData } from '../../src/geometry/kernel.js';

/**
 * The prism over `outline` (counter-clockwise, mm) from z = 0 to `heightMm`. The caps are fans from
 * outline[fanFrom], which must see every other corner (any corner of a convex outline; the inner corner of an L).
 */
export function prism(outline: readonly (readonly [number, number])[], heightMm = 3, fanFrom = 0): MeshData {
  const n = outline.length;
  const positions = new Float32Array(
    outline.flatMap(([x, y]) => [x, y, 0]).concat(outline.flatMap(([x, y]) => [x, y, heightMm])),
  );
  const tris: number[] = [];
  for (let k = 1; k < n - 1; k++) {
    const [a, b, c] = [fanFrom, (fanFrom + k) % n, (fanFrom + k + 1) % n];
    tris.push(a, c, b, n + a, n + b, n + c);
  }
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    tris.push(i, j, n + j, i, n + j, n + i);
  }
  return { positions, triangles: new Uint32Array(tris) };
}

export const rectangle = (w: number, d: number): [number, number][] => [
  [0, 0],
  [w, 0],
  [w, d],
  [0, d],
];
export const disc = (r: number, sides = 32): [number, number][] =>
  Array.from({ length: sides }, (_, i) => [
    r * Math.cos((2 * Math.PI * i) / sides),
    r * Math.sin((2 * Math.PI * i) / sides),
  ]);
export const wedge = (w: number, d: number): [number, number][] => [
  [0, 0],
  [w, 0],
  [0, d],
];
/** An L of arms `t` thick; its inner corner (index 3) sees every corner. */
export const ell = (w: number, d: number, t: number): [number, number][] => [
  [0, 0],
  [w, 0],
  [w, t],
  [t, t],
  [t, d],
  [0, d],
];
