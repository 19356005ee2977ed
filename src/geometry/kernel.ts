/**
 * The geometry kernel: the one small interface every part builder models with.
 *
 * Booleans, extrusions, revolutions and hulls run on manifold-3d (WASM), which guarantees closed,
 * consistently oriented 2-manifold output and is 15–40× faster than @jscad/modeling's CSG here
 * (DEVELOPERS.md). JSCAD stays as vocabulary where it is better than anything we would write: its
 * Hershey vector font (`text`). Builders never import manifold-3d; swapping the kernel means rewriting
 * this file only.
 *
 * Memory: manifold objects live in the WASM heap and are not garbage-collected. Every object made here
 * is recorded in the current arena and freed when `withArena` returns, so a builder never calls delete.
 */
import Module from 'manifold-3d';
import type { CrossSection, Manifold, ManifoldToplevel, Mesh } from 'manifold-3d';
// @jscad/modeling is CommonJS: Node's ESM loader only gives it a default export.
import jscadText from '@jscad/modeling/src/text/index.js';
import { rayTree, type RayTree } from './ray-tree.js';
import { norm, sub, triangleNormal, vertexAt, type Vec3 } from './vec3.js';

const { vectorText } = jscadText;

export type Vec2 = readonly [number, number];
/** Re-exported: builders take their vector type with the kernel calls that use it. */
export type { Vec3 };

/** Triangle mesh as plain arrays: float32 positions (x,y,z per vertex) and vertex indices (3 per triangle). */
export interface MeshData {
  positions: Float32Array;
  triangles: Uint32Array;
}

export interface BoundsMm {
  min: Vec3;
  max: Vec3;
}

/**
 * Facet size for curved surfaces: an edge no longer than 0.5 mm (below the 0.45 mm line width's effect on
 * a print), between 16 and 128 segments, rounded to a multiple of 4 so quarter-symmetric parts stay so.
 */
const MAX_CURVE_EDGE_MM = 0.5;
export function circleSegments(radiusMm: number): number {
  const n = Math.ceil((2 * Math.PI * radiusMm) / MAX_CURVE_EDGE_MM);
  return Math.min(128, Math.max(16, Math.ceil(n / 4) * 4));
}

let wasm: ManifoldToplevel | null = null;
let arena: { delete(): void }[] | null = null;

/** Loads the WASM kernel once per process (about 100 ms). Builders may only run after it resolves. */
export async function initKernel(): Promise<void> {
  if (wasm) return;
  const m = await Module();
  m.setup();
  wasm = m;
}

function k(): ManifoldToplevel {
  if (!wasm) throw new Error('geometry kernel used before initKernel() resolved');
  return wasm;
}

function track<T extends { delete(): void }>(obj: T): T {
  if (!arena) throw new Error('geometry kernel used outside withArena()');
  arena.push(obj);
  return obj;
}

/** Runs `fn` with a fresh arena; every kernel object made inside is freed afterwards. Return plain data. */
export function withArena<T>(fn: () => T): T {
  if (arena) return fn(); // nested: the outer arena frees
  arena = [];
  try {
    return fn();
  } finally {
    for (const o of arena) o.delete();
    arena = null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// 2D

/** A 2D region (polygons with holes) in the XY plane, in millimetres. */
export class Profile {
  /** @internal */
  readonly cs: CrossSection;
  /** @internal */
  constructor(cs: CrossSection) {
    this.cs = track(cs);
  }
  union(...others: Profile[]): Profile {
    return new Profile(k().CrossSection.union([this.cs, ...others.map((o) => o.cs)]));
  }
  subtract(...others: Profile[]): Profile {
    if (others.length === 0) return this;
    return new Profile(k().CrossSection.difference([this.cs, ...others.map((o) => o.cs)]));
  }
  intersect(other: Profile): Profile {
    return new Profile(this.cs.intersect(other.cs));
  }
  translate(x: number, y: number): Profile {
    return new Profile(this.cs.translate([x, y]));
  }
  rotate(angleDeg: number): Profile {
    return new Profile(this.cs.rotate(angleDeg));
  }
  scale(sx: number, sy = sx): Profile {
    return new Profile(this.cs.scale([sx, sy]));
  }
  mirror(axis: Vec2): Profile {
    return new Profile(this.cs.mirror([axis[0], axis[1]]));
  }
  /** Grows (positive) or shrinks (negative) the outline by `deltaMm`, with round corners. */
  offset(deltaMm: number): Profile {
    return new Profile(this.cs.offset(deltaMm, 'Round', 2, circleSegments(Math.abs(deltaMm))));
  }
  /** Drops vertices closer than `epsilonMm` to their neighbours, or to the line through them. */
  simplify(epsilonMm: number): Profile {
    return new Profile(this.cs.simplify(epsilonMm));
  }
  hull(): Profile {
    return new Profile(this.cs.hull());
  }
  areaMm2(): number {
    return this.cs.area();
  }
  /** The outline as closed rings (outer boundaries and holes), each a list of points. */
  rings(): Vec2[][] {
    return this.cs.toPolygons().map((ring) => ring.map((p) => [p[0], p[1]] as Vec2));
  }
  bounds(): { min: Vec2; max: Vec2 } {
    const b = this.cs.bounds();
    return { min: [b.min[0], b.min[1]], max: [b.max[0], b.max[1]] };
  }
  /** Extrudes along +Z from z = 0; `scaleTop` tapers the top face (1 = straight walls). */
  extrude(heightMm: number, scaleTop: number | Vec2 = 1): Solid {
    const s: [number, number] = typeof scaleTop === 'number' ? [scaleTop, scaleTop] : [scaleTop[0], scaleTop[1]];
    return new Solid(this.cs.extrude(heightMm, 0, 0, s));
  }
  /** Revolves the part of the profile at x ≥ 0 about the Y axis, which becomes the Z axis. */
  revolve(angleDeg = 360, segments?: number): Solid {
    const b = this.cs.bounds();
    return new Solid(this.cs.revolve(segments ?? circleSegments(b.max[0]), angleDeg));
  }
}

/** A filled polygon, its corners in either order (nonzero winding: a clockwise ring fills as a counter-clockwise one). */
export function polygon(points: readonly Vec2[]): Profile {
  return new Profile(new (k().CrossSection)([points.map((p) => [p[0], p[1]] as [number, number])], 'NonZero'));
}
export function rect(widthMm: number, heightMm: number, center = true): Profile {
  return new Profile(k().CrossSection.square([widthMm, heightMm], center));
}
export function circle(radiusMm: number, segments = circleSegments(radiusMm)): Profile {
  return new Profile(k().CrossSection.circle(radiusMm, segments));
}
export function hull2d(profiles: readonly Profile[]): Profile {
  return new Profile(k().CrossSection.hull(profiles.map((p) => p.cs)));
}

/** vectorText's `height` is its em size, not the cap height: measure the cap height of "H" once. */
let capRatio = 0;
function capHeightPerUnit(): number {
  if (capRatio === 0) {
    const ys = (vectorText({ height: 1, input: 'H' }) as [number, number][][]).flat().map((p) => p[1]);
    capRatio = Math.max(...ys) - Math.min(...ys);
  }
  return capRatio;
}

/**
 * Single-line text in JSCAD's Hershey vector font, stroked to `strokeMm` wide (at least two line widths so
 * it survives slicing), with cap height `heightMm`, centred on the origin.
 */
export function text(input: string, heightMm: number, strokeMm: number): Profile {
  const { united, centre } = hersheyStrokes(input, heightMm, strokeMm);
  return united.translate(centre[0], centre[1]);
}

/**
 * `text`'s strokes before their union, each convex (a capsule round one segment of the font's lines, or a
 * dot), placed as in `text`: for cuts made one convex piece at a time.
 */
export function textStrokes(input: string, heightMm: number, strokeMm: number): Profile[] {
  const { strokes, centre } = hersheyStrokes(input, heightMm, strokeMm);
  return strokes.map((s) => s.translate(centre[0], centre[1]));
}

/** The strokes as the font places them, their union, and the shift that centres it on the origin. */
function hersheyStrokes(
  input: string,
  heightMm: number,
  strokeMm: number,
): { strokes: Profile[]; united: Profile; centre: Vec2 } {
  const lines = vectorText({ height: heightMm / capHeightPerUnit(), input, align: 'center' }) as [number, number][][];
  const strokes: Profile[] = [];
  const r = strokeMm / 2;
  const seg = circleSegments(r);
  for (const line of lines) {
    for (let i = 0; i + 1 < line.length; i++) {
      const a = line[i]!;
      const b = line[i + 1]!;
      strokes.push(hull2d([circle(r, seg).translate(a[0], a[1]), circle(r, seg).translate(b[0], b[1])]));
    }
    if (line.length === 1) strokes.push(circle(r, seg).translate(line[0]![0], line[0]![1]));
  }
  if (strokes.length === 0) throw new Error(`text "${input}" has no strokes`);
  const united = new Profile(k().CrossSection.union(strokes.map((s) => s.cs)));
  const bb = united.bounds();
  return { strokes, united, centre: [-(bb.min[0] + bb.max[0]) / 2, -(bb.min[1] + bb.max[1]) / 2] };
}

// ---------------------------------------------------------------------------------------------------------
// 3D

/** A closed solid in millimetres. Immutable: every operation returns a new solid. */
export class Solid {
  /** @internal */
  readonly m: Manifold;
  /** Built on first use (rayTree), kept for the solid's life. */
  private rays: RayTree | undefined;
  /** Copied out of the kernel on first use (toMesh), kept for the solid's life. */
  private mesh: MeshData | undefined;
  /** @internal */
  constructor(m: Manifold) {
    this.m = track(m);
  }
  /** A tree over the solid's mesh for casting many rays at it (./ray-tree.ts), built once. */
  rayTree(): RayTree {
    return (this.rays ??= rayTree(this.toMesh()));
  }
  union(...others: Solid[]): Solid {
    if (others.length === 0) return this;
    return new Solid(k().Manifold.union([this.m, ...others.map((o) => o.m)]));
  }
  subtract(...others: Solid[]): Solid {
    if (others.length === 0) return this;
    return new Solid(k().Manifold.difference([this.m, ...others.map((o) => o.m)]));
  }
  intersect(other: Solid): Solid {
    return new Solid(this.m.intersect(other.m));
  }
  translate(v: Vec3): Solid {
    return new Solid(this.m.translate([v[0], v[1], v[2]]));
  }
  /** Rotates about X, then Y, then Z, in degrees, about the origin. */
  rotate(anglesDeg: Vec3): Solid {
    return new Solid(this.m.rotate([anglesDeg[0], anglesDeg[1], anglesDeg[2]]));
  }
  scale(v: Vec3 | number): Solid {
    return new Solid(this.m.scale(typeof v === 'number' ? v : [v[0], v[1], v[2]]));
  }
  mirror(normal: Vec3): Solid {
    return new Solid(this.m.mirror([normal[0], normal[1], normal[2]]));
  }
  /** Applies a column-major 4×4 affine matrix (as gl-matrix and manifold use). */
  transform(mat: readonly number[]): Solid {
    return new Solid(this.m.transform(mat as unknown as Parameters<Manifold['transform']>[0]));
  }
  /** Keeps the part where n̂·p ≥ offset, n̂ the unit normal: the offset is a distance along it, whatever n's length. */
  trimByPlane(normal: Vec3, offsetMm: number): Solid {
    return new Solid(this.m.trimByPlane([normal[0], normal[1], normal[2]], offsetMm));
  }
  hull(): Solid {
    return new Solid(this.m.hull());
  }
  volumeMm3(): number {
    return this.m.volume();
  }
  surfaceAreaMm2(): number {
    return this.m.surfaceArea();
  }
  /** The least distance between this solid's surface and `other`'s, up to `searchMm` (returned when they are farther apart); 0 where they touch or overlap. */
  gapMm(other: Solid, searchMm: number): number {
    return this.m.minGap(other.m, searchMm);
  }
  isEmpty(): boolean {
    return this.m.isEmpty();
  }
  /** Number of separate bodies. */
  bodyCount(): number {
    return this.bodies().length;
  }
  /** The separate bodies, each a solid of its own. */
  bodies(): Solid[] {
    return this.m.decompose().map((p) => new Solid(p));
  }
  bounds(): BoundsMm {
    const b = this.m.boundingBox();
    return { min: [b.min[0], b.min[1], b.min[2]], max: [b.max[0], b.max[1], b.max[2]] };
  }
  /** The cross-section at height z, e.g. to measure a wall. */
  sliceAt(zMm: number): Profile {
    return new Profile(this.m.slice(zMm));
  }
  /**
   * The solid's indexed triangle mesh, copied out of the kernel once: the overhang analysis, the ray tree
   * and the print estimate of one solid share it (and what they cache by mesh). Read it, do not write it.
   */
  toMesh(): MeshData {
    return (this.mesh ??= meshOf(this.m));
  }
}

/**
 * A manifold's positions and triangles. getMesh copies them out of the kernel's memory into arrays of
 * their own, so those are kept as they are (positions picked out when there are other properties).
 */
function meshOf(m: Manifold): MeshData {
  const mesh = m.getMesh();
  const numProp = mesh.numProp;
  const n = mesh.vertProperties.length / numProp;
  let positions: Float32Array;
  if (numProp === 3) positions = mesh.vertProperties;
  else {
    positions = new Float32Array(n * 3);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < 3; j++) positions[i * 3 + j] = mesh.vertProperties[i * numProp + j]!;
  }
  return { positions, triangles: mesh.triVerts };
}

/** Axis-aligned box of size [x, y, z]; centred on the origin, or with its minimum corner there. */
export function box(size: Vec3, center = true): Solid {
  return new Solid(k().Manifold.cube([size[0], size[1], size[2]], center));
}
/** Cylinder (or cone, if `topRadiusMm` differs) along +Z from z = 0, or centred on z = 0. */
export function cylinder(
  heightMm: number,
  radiusMm: number,
  topRadiusMm = radiusMm,
  center = false,
  segments?: number,
): Solid {
  const n = segments ?? circleSegments(Math.max(radiusMm, topRadiusMm));
  return new Solid(k().Manifold.cylinder(heightMm, radiusMm, topRadiusMm, n, center));
}
export function sphere(radiusMm: number, segments = circleSegments(radiusMm)): Solid {
  return new Solid(k().Manifold.sphere(radiusMm, segments));
}
/** Convex hull of solids and points. */
export function hull3d(items: readonly (Solid | Vec3)[]): Solid {
  return new Solid(k().Manifold.hull(items.map((i) => (i instanceof Solid ? i.m : [i[0], i[1], i[2]]))));
}
export function union(solids: readonly Solid[]): Solid {
  if (solids.length === 0) throw new Error('union of nothing');
  return new Solid(k().Manifold.union(solids.map((s) => s.m)));
}
/** A solid from a closed triangle mesh (e.g. a parsed STL); throws if the mesh is not a closed manifold. */
export function fromMesh(mesh: MeshData): Solid {
  const M = k();
  const m = new M.Mesh({ numProp: 3, vertProperties: mesh.positions, triVerts: mesh.triangles });
  // merge() changes nothing on a mesh without open edges (an exported part, welded as parsed), where it cost
  // about a fifth of the import: a mesh the kernel refuses as given is welded and imported again.
  const solid = asGiven(M, m) ?? (m.merge(), new M.Manifold(m));
  const status = solid.status();
  if (status !== 'NoError') {
    solid.delete();
    throw new Error(`mesh is not a closed manifold (${status})`);
  }
  return new Solid(solid);
}

/** The kernel's manifold of `m` as it is, or null where it refuses it. */
function asGiven(M: ManifoldToplevel, m: Mesh): Manifold | null {
  try {
    const solid = new M.Manifold(m);
    if (solid.status() === 'NoError') return solid;
    solid.delete();
  } catch {
    // Refused: not a manifold as given.
  }
  return null;
}

/**
 * A convex profile swept along an open path in the XY plane: each profile point (w, z) sits w out along the
 * path's normal (to its left, mitred at the corners so every straight run is offset exactly) at height z,
 * and the two ends are closed flat. Built as a mesh, with no boolean: a groove round a hull's side is one.
 */
export function sweep(path: readonly Vec2[], profile: readonly Vec2[]): Solid {
  const n = path.length,
    p = profile.length;
  if (n < 2 || p < 3) throw new Error('sweep: a path of two points and a profile of three at least');
  const normal = (a: Vec2, b: Vec2): Vec2 => {
    const dx = b[0] - a[0],
      dy = b[1] - a[1],
      l = Math.hypot(dx, dy);
    return [-dy / l, dx / l];
  };
  const positions = new Float32Array(n * p * 3);
  for (let i = 0; i < n; i++) {
    const na = i > 0 ? normal(path[i - 1]!, path[i]!) : null,
      nb = i < n - 1 ? normal(path[i]!, path[i + 1]!) : null;
    let m: Vec2 = na && nb ? [na[0] + nb[0], na[1] + nb[1]] : (na ?? nb)!;
    if (na && nb) {
      const s = 1 + na[0] * nb[0] + na[1] * nb[1];
      m = [m[0] / s, m[1] / s];
    }
    for (let j = 0; j < p; j++) {
      const [w, z] = profile[j]!;
      positions.set([path[i]![0] + w * m[0], path[i]![1] + w * m[1], z], (i * p + j) * 3);
    }
  }
  const tris: number[] = [];
  const v = (i: number, j: number): number => i * p + (j % p);
  for (let i = 0; i + 1 < n; i++)
    for (let j = 0; j < p; j++) tris.push(v(i, j), v(i + 1, j), v(i + 1, j + 1), v(i, j), v(i + 1, j + 1), v(i, j + 1));
  for (let j = 1; j + 1 < p; j++) tris.push(v(0, 0), v(0, j), v(0, j + 1), v(n - 1, 0), v(n - 1, j + 1), v(n - 1, j));
  // These faces point out of the sweep when the profile runs clockwise in (w, z), the path's left and up
  // making a right-handed frame with it; a counter-clockwise profile turns every triangle (one import, not two).
  let twiceArea = 0;
  for (let j = 0; j < p; j++) {
    const [w0, z0] = profile[j]!,
      [w1, z1] = profile[(j + 1) % p]!;
    twiceArea += w0 * z1 - w1 * z0;
  }
  if (twiceArea > 0) for (let t = 0; t < tris.length; t += 3) [tris[t + 1], tris[t + 2]] = [tris[t + 2]!, tris[t + 1]!];
  const solid = fromMesh({ positions, triangles: Uint32Array.from(tris) });
  if (solid.volumeMm3() < 0) throw new Error('sweep: inside out (the path folds back on itself)');
  return solid;
}

/**
 * The solid as it will be written: when its single-precision mesh has a zero-area triangle (booleans that
 * meet near-coincident edges leave slivers that rounding to float flattens), the solid is rebuilt from that
 * mesh, which the kernel's import cleans (it collapses and swaps degenerate triangles away); otherwise the
 * solid itself. The check is one pass over the triangles; the rebuild is rare.
 */
export function withoutSlivers(solid: Solid): Solid {
  const flat = (mesh: MeshData): boolean => {
    const p = mesh.positions,
      t = mesh.triangles;
    for (let i = 0; i < t.length; i += 3) {
      const n = triangleNormal(vertexAt(p, t[i]!), vertexAt(p, t[i + 1]!), vertexAt(p, t[i + 2]!));
      if (n[0] === 0 && n[1] === 0 && n[2] === 0) return true;
    }
    return false;
  };
  let mesh = solid.toMesh();
  if (!flat(mesh)) return solid;
  // Rebuilt from its own mesh, its needles flipped away, then with slivers under a micrometre collapsed where the import left any.
  let out = fromMesh(flipNeedles(mesh));
  mesh = out.toMesh();
  if (flat(mesh)) out = new Solid(out.m.simplify(1e-3));
  return out;
}

/**
 * The mesh with each needle flipped away: a zero-area triangle whose corner lies on its longest edge (where a
 * surface touches a face along a line that meets the face's edge, as a hull's side on a slot boss's face,
 * the booleans leave one, and single precision puts its corner on the edge; simplify does not collapse it,
 * its edges being long). The needle and the triangle across its long edge become two triangles from that
 * corner to the other's far corner, covering the same surface.
 */
function flipNeedles(mesh: MeshData): MeshData {
  const p = mesh.positions,
    t = Uint32Array.from(mesh.triangles);
  const at = (v: number): Vec3 => vertexAt(p, v);
  const edgeOwner = new Map<string, number>();
  for (let f = 0; f < t.length / 3; f++)
    for (let k = 0; k < 3; k++) edgeOwner.set(`${t[3 * f + k]},${t[3 * f + ((k + 1) % 3)]}`, f);
  for (let f = 0; f < t.length / 3; f++) {
    const v = [t[3 * f]!, t[3 * f + 1]!, t[3 * f + 2]!];
    const n = triangleNormal(at(v[0]!), at(v[1]!), at(v[2]!));
    if (n[0] !== 0 || n[1] !== 0 || n[2] !== 0) continue;
    // The longest edge a→b, and the corner c on it.
    let k = 0;
    for (let j = 1; j < 3; j++)
      if (norm(sub(at(v[(j + 1) % 3]!), at(v[j]!))) > norm(sub(at(v[(k + 1) % 3]!), at(v[k]!)))) k = j;
    const a = v[k]!,
      b = v[(k + 1) % 3]!,
      c = v[(k + 2) % 3]!;
    const g = edgeOwner.get(`${b},${a}`);
    if (g === undefined) continue;
    const d = [t[3 * g]!, t[3 * g + 1]!, t[3 * g + 2]!].find((x) => x !== a && x !== b)!;
    const m = triangleNormal(at(c), at(a), at(d)),
      q = triangleNormal(at(c), at(d), at(b));
    if ((m[0] === 0 && m[1] === 0 && m[2] === 0) || (q[0] === 0 && q[1] === 0 && q[2] === 0)) continue;
    t.set([c, a, d], 3 * f);
    t.set([c, d, b], 3 * g);
    for (const [x, y, h] of [
      [c, a, f],
      [a, d, f],
      [d, c, f],
      [c, d, g],
      [d, b, g],
      [b, c, g],
    ] as const)
      edgeOwner.set(`${x},${y}`, h);
    edgeOwner.delete(`${a},${b}`);
    edgeOwner.delete(`${b},${a}`);
  }
  return { positions: p, triangles: t };
}

/** Distance along a ray from `origin` to `end` to every surface crossing, nearest first. */
export function rayHitsMm(solid: Solid, origin: Vec3, end: Vec3): number[] {
  const hits = solid.m.rayCast([origin[0], origin[1], origin[2]], [end[0], end[1], end[2]]);
  return hits.map((h) => norm(sub(h.position, origin))).sort((a, b) => a - b);
}
