/**
 * Rays against a triangle mesh through a bounding-volume tree over its triangles: made once per mesh, it
 * answers each ray in about log(triangles) box tests, where the kernel's own ray cast tests every triangle
 * whose box meets the ray's box (a long skewed ray's box holds the whole mesh). For the many rays the
 * validator casts at one part: parity of a point, a hole's way out.
 *
 * Each triangle test is watertight (Woop, Benthin and Wald, "Watertight ray/triangle intersection", JCGT
 * 2013): the ray is sheared to run along +z and every corner projected once, so the two triangles on an edge
 * compute its edge function from the same numbers with opposite signs. A ray exactly through an edge or a
 * corner where the surface crosses it counts once, by the direction the shared edges run in projection
 * (the top-left rule of rasterisers); where it only grazes the surface (a fold of the projection), twice or
 * not at all. So the parity of the hits of a closed mesh says inside or out. Which of twice or not at all
 * a graze gives is this rule's own: the kernel's symbolic perturbation may choose the other, so a ray laid
 * along a mesh's own grid (an axis through vertices) may list a graze the kernel does not.
 */
import type { Vec3 } from './vec3.js';

/**
 * The tree, and the triangles' corners in the order its leaves hold them. It is split as rays need it: a
 * node is split when a ray first meets its box (a probe's few hundred rays meet a tenth of a hull's boxes),
 * the same split as a tree built whole, so a ray tests the same triangles.
 */
export interface RayTree {
  /** Per node: min x y z, max x y z. */
  readonly boxes: Float64Array;
  /** Per node: its triangles' centres' min x y z, max x y z (times three), where to split it. */
  readonly centres: Float64Array;
  /** Per node: a leaf's or an unsplit node's first triangle, or an inner node's first child (its second is next). */
  readonly first: Int32Array;
  /** Per node: a leaf's triangle count; 0 for an inner node; minus the count for a node not split yet. */
  readonly count: Int32Array;
  /** Per triangle in leaf order: its corners' x y z, nine numbers, written as its leaf is made. */
  readonly corners: Float64Array;
  /** The triangles (their indexes) in leaf order, as far as the tree is split. */
  readonly order: Int32Array;
  /** Per triangle: its box (min x y z, max x y z) and its centre (times three). */
  readonly tbox: Float64Array;
  readonly centre: Float64Array;
  readonly mesh: Mesh;
  /** Nodes made so far. */
  nodes: number;
}

/** A range's bounds (measure) before its first triangle: every least +Infinity, every greatest -Infinity. */
const NO_BOUNDS = Float64Array.from({ length: 12 }, (_, i) => (i % 6 < 3 ? Infinity : -Infinity));

/** Triangles per leaf at most. */
const LEAF_SIZE = 4;
/** Boxes are grown by this (mm) so that rounding in the slab test never drops a triangle the ray touches. */
const PAD_MM = 1e-6;

type Mesh = { positions: ArrayLike<number>; triangles: ArrayLike<number> };

/**
 * The tree over an indexed triangle mesh (x y z per vertex, three vertices per triangle): its root, split as
 * rays meet it. Its loops are functions of their own, with nothing after the loop that reads feedback: a
 * cold thread compiles a loop's optimised code while the loop first runs, and code after it, not yet run
 * then, threw that code away at the end of each call (measure and build did so some 1000 times each per
 * validate thread).
 */
export function rayTree(mesh: Mesh): RayTree {
  const n = mesh.triangles.length / 3;
  const maxNodes = Math.max(1, 2 * n - 1);
  const tree: RayTree = {
    boxes: new Float64Array(6 * maxNodes),
    centres: new Float64Array(6 * maxNodes),
    first: new Int32Array(maxNodes),
    count: new Int32Array(maxNodes),
    corners: new Float64Array(9 * n),
    order: new Int32Array(n).map((_, i) => i),
    tbox: new Float64Array(6 * n),
    centre: new Float64Array(3 * n),
    mesh,
    nodes: 0,
  };
  measureTriangles(mesh, tree.tbox, tree.centre);
  if (n > 0) makeNode(tree, 0, n);
  return tree;
}

/** Each triangle's box (min x y z, max x y z) into `tbox`, and its centre times three into `centre`. */
function measureTriangles({ positions: p, triangles: t }: Mesh, tbox: Float64Array, centre: Float64Array): void {
  for (let f = 0; f < t.length / 3; f++)
    for (let k = 0; k < 3; k++) {
      const a = p[3 * t[3 * f]! + k]!,
        b = p[3 * t[3 * f + 1]! + k]!,
        c = p[3 * t[3 * f + 2]! + k]!;
      tbox[6 * f + k] = Math.min(a, b, c);
      tbox[6 * f + k + 3] = Math.max(a, b, c);
      centre[3 * f + k] = a + b + c;
    }
}

/**
 * A node for the triangles order[lo..hi): its box and its centres' box, and a leaf (its corners written)
 * when it holds few triangles or their centres coincide, else a node to split when a ray meets it.
 */
function makeNode(tree: RayTree, lo: number, hi: number): number {
  const node = tree.nodes++;
  const bounds = measure(tree.order, tree.tbox, tree.centre, lo, hi);
  for (let k = 0; k < 3; k++) {
    tree.boxes[6 * node + k] = bounds[k]! - PAD_MM;
    tree.boxes[6 * node + k + 3] = bounds[k + 3]! + PAD_MM;
    tree.centres[6 * node + k] = bounds[k + 6]!;
    tree.centres[6 * node + k + 3] = bounds[k + 9]!;
  }
  tree.first[node] = lo;
  if (hi - lo <= LEAF_SIZE || extent(tree.centres, node, splitAxis(tree.centres, node)) === 0) {
    tree.count[node] = hi - lo;
    leafCorners(tree.mesh, tree.order, lo, hi, tree.corners);
  } else tree.count[node] = lo - hi;
  return node;
}

/** The extent of a node's centres along an axis. */
const extent = (centres: Float64Array, node: number, k: number): number =>
  centres[6 * node + k + 3]! - centres[6 * node + k]!;

/** The axis along which a node's centres spread most (the first of equals). */
function splitAxis(centres: Float64Array, node: number): number {
  let axis = 0;
  for (let k = 1; k < 3; k++) if (extent(centres, node, k) > extent(centres, node, axis)) axis = k;
  return axis;
}

/**
 * Splits a node not split yet at the middle of its centres' extent (the middle of its range when that
 * leaves one side empty) into two new nodes.
 */
function split(tree: RayTree, node: number): void {
  const lo = tree.first[node]!,
    hi = lo - tree.count[node]!;
  const axis = splitAxis(tree.centres, node);
  const middle = (tree.centres[6 * node + axis]! + tree.centres[6 * node + axis + 3]!) / 2;
  const i = partition(tree.order, tree.centre, lo, hi, axis, middle);
  const at = i === lo || i === hi ? (lo + hi) >> 1 : i;
  tree.first[node] = makeNode(tree, lo, at);
  makeNode(tree, at, hi);
  tree.count[node] = 0;
}

/** Scratch for measure: one range's bounds at a time. */
const bounds = new Float64Array(12);

/**
 * The box of the triangles order[lo..hi) and their centres' box (min x y z, max x y z each), in a scratch
 * array read before the next call, kept there as the range is scanned: kept in locals and stored after the
 * loop, they still threw the loop's optimised code away on some hundred calls per cold thread.
 */
function measure(order: Int32Array, tbox: Float64Array, centre: Float64Array, lo: number, hi: number): Float64Array {
  bounds.set(NO_BOUNDS);
  for (let i = lo; i < hi; i++) {
    const b = 6 * order[i]!,
      c = b / 2;
    for (let k = 0; k < 3; k++) {
      bounds[k] = Math.min(bounds[k]!, tbox[b + k]!);
      bounds[k + 3] = Math.max(bounds[k + 3]!, tbox[b + k + 3]!);
      bounds[k + 6] = Math.min(bounds[k + 6]!, centre[c + k]!);
      bounds[k + 9] = Math.max(bounds[k + 9]!, centre[c + k]!);
    }
  }
  return bounds;
}

/**
 * Sorts order[lo..hi) so the triangles whose centre lies below `middle` on `axis` come first; returns where
 * the others start.
 */
function partition(
  order: Int32Array,
  centre: Float64Array,
  lo: number,
  hi: number,
  axis: number,
  middle: number,
): number {
  let i = lo,
    j = hi - 1;
  while (i <= j) {
    if (centre[3 * order[i]! + axis]! < middle) i++;
    else {
      const s = order[i]!;
      order[i] = order[j]!;
      order[j--] = s;
    }
  }
  return i;
}

/** The corners of the triangles order[lo..hi), nine numbers each, into `corners` at their place in the order. */
function leafCorners(
  { positions: p, triangles: t }: Mesh,
  order: Int32Array,
  lo: number,
  hi: number,
  corners: Float64Array,
): void {
  for (let i = lo; i < hi; i++)
    for (let c = 0; c < 3; c++)
      for (let k = 0; k < 3; k++) corners[9 * i + 3 * c + k] = p[3 * t[3 * order[i]! + c]! + k]!;
}

/** Distance along the segment from `origin` to `end` to every triangle it crosses, nearest first. */
export function rayTreeHitsMm(tree: RayTree, origin: Vec3, end: Vec3): number[] {
  const { boxes, first, count, corners } = tree;
  const hits: number[] = [];
  if (tree.nodes === 0) return hits;
  const [ox, oy, oz] = origin;
  const dx = end[0] - ox,
    dy = end[1] - oy,
    dz = end[2] - oz;
  const lengthMm = Math.hypot(dx, dy, dz);
  if (lengthMm === 0) return hits;
  // Shear so the ray runs along +z: kz its longest axis, kx and ky swapped when it runs backwards (keeps
  // each triangle's winding).
  const d = Float64Array.of(dx, dy, dz);
  const kz =
    Math.abs(dx) >= Math.abs(dy) ? (Math.abs(dx) >= Math.abs(dz) ? 0 : 2) : Math.abs(dy) >= Math.abs(dz) ? 1 : 2;
  const forward = d[kz]! > 0;
  const kx = forward ? (kz + 1) % 3 : (kz + 2) % 3,
    ky = forward ? (kz + 2) % 3 : (kz + 1) % 3;
  const dkz = d[kz]!,
    sx = d[kx]! / dkz,
    sy = d[ky]! / dkz;
  const o = Float64Array.of(ox, oy, oz);
  const okx = o[kx]!,
    oky = o[ky]!,
    okz = o[kz]!;
  const inverse = Float64Array.of(1 / dx, 1 / dy, 1 / dz);
  const stack = [0];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!meetsBox(boxes, 6 * node, o, d, inverse)) continue;
    if (count[node]! < 0) split(tree, node);
    if (count[node] === 0) {
      stack.push(first[node]! + 1, first[node]!);
      continue;
    }
    for (let i = first[node]!, end = i + count[node]!; i < end; i++) {
      const c = 9 * i;
      const az = corners[c + kz]! - okz,
        bz = corners[c + 3 + kz]! - okz,
        cz = corners[c + 6 + kz]! - okz;
      const ax = corners[c + kx]! - okx - sx * az,
        ay = corners[c + ky]! - oky - sy * az;
      const bx = corners[c + 3 + kx]! - okx - sx * bz,
        by = corners[c + 3 + ky]! - oky - sy * bz;
      const cx = corners[c + 6 + kx]! - okx - sx * cz,
        cy = corners[c + 6 + ky]! - oky - sy * cz;
      // Edge functions of b→c, c→a and a→b.
      const u = cx * by - cy * bx,
        v = ax * cy - ay * cx,
        w = bx * ay - by * ax;
      const det = u + v + w;
      if (det === 0) continue;
      if (det > 0 ? u < 0 || v < 0 || w < 0 : u > 0 || v > 0 || w > 0) continue;
      // A crossing on an edge goes to the triangle that owns it (the one where it runs the owned way
      // round, as a counter-clockwise triangle): one of two that meet there, both or none of two that
      // fold back over each other (an edge the ray only grazes).
      const ccw = det > 0;
      if (
        (u === 0 && owns(bx, by, cx, cy) !== ccw) ||
        (v === 0 && owns(cx, cy, ax, ay) !== ccw) ||
        (w === 0 && owns(ax, ay, bx, by) !== ccw)
      )
        continue;
      // The crossing's height over the origin along kz, as a share of the segment's.
      const s = (u * az + v * bz + w * cz) / (det * dkz);
      if (s >= 0 && s <= 1) hits.push(s * lengthMm);
    }
  }
  return hits.sort((a, b) => a - b);
}

/**
 * Whether the segment from `o` along `d` (0 ≤ s ≤ 1; `inverse` is 1 / d) meets the box at boxes[b..b + 6):
 * the slab test, an axis at a time, narrowing the segment's near and far ends; not where the segment does
 * not move along an axis and `o` is not between the box's faces on it.
 */
function meetsBox(boxes: Float64Array, b: number, o: Float64Array, d: Float64Array, inverse: Float64Array): boolean {
  let near = 0,
    far = 1;
  for (let k = 0; k < 3; k++) {
    const lo = boxes[b + k]!,
      hi = boxes[b + k + 3]!;
    if (d[k] === 0) {
      if (o[k]! < lo || o[k]! > hi) return false;
      continue;
    }
    const s0 = (lo - o[k]!) * inverse[k]!,
      s1 = (hi - o[k]!) * inverse[k]!;
    near = Math.max(near, Math.min(s0, s1));
    far = Math.min(far, Math.max(s0, s1));
  }
  return !(near > far);
}

/**
 * Whether a ray through the edge from (px, py) to (qx, qy) in projection hits a counter-clockwise triangle
 * that runs along it this way round (a clockwise one: the other way round). Of two triangles on an edge,
 * which run it opposite ways, exactly one when they lie either side of it; of a fan round a corner,
 * exactly one (the one where the edges' directions pass out of this half-plane).
 */
function owns(px: number, py: number, qx: number, qy: number): boolean {
  return qy > py || (qy === py && qx > px);
}
