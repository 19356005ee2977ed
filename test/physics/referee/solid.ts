/**
 * Issue 27's whole-part referee: a 3-D solid finite-element model of the exported cannon (its STL, nothing
 * of the builder's layout or the solver's parameters), held as it is used, by its plug in the hull's slot.
 *
 * Method
 * - Voxels: the STL is sampled by ray parity along X, 2×2 rays per (y, z) column; each voxel's stiffness and
 *   mass are scaled by the fraction of it inside (so walls between grid planes keep their thickness). The grid is
 *   aligned so that the arm's two X faces, its root plane (y = rootY) and its bottom and top (Z) are grid
 *   planes: at least 3 voxels through the arm's thickness and none over 0.6 mm (hx = t/n), hz = the arm's
 *   root height / a whole number, hy about the same. The moving assembly (arm, tip block, pad, pusher: the body freed by a cut just under the
 *   arm's root, as ./measure.ts finds it) keeps nodes of its own: where it passes the frame closer than a
 *   voxel (the pusher's slot, the catch) the two are not welded; they share nodes only on the root plane.
 *   Voxels not joined by faces to the plug's body are dropped (counted).
 * - Elements: 8-node bricks with incompatible modes (./fe.ts), isotropic, E = the material's E_xy, ν = 0.35
 *   (a typical figure for PLA/PETG/ABS; not on the data sheets). Linear, small strain, static.
 * - Held by the plug (the case that matters): the slot is taken as bonded to the plug's four side faces (±Y,
 *   ±Z) over its length in the slot (X below the frame's back face, found on the mesh where the section
 *   across X grows beyond the plug's square); its end face is free. A real slot with clearance is softer:
 *   this is the stiffest the hull can hold it.
 * - Clamped at the arm's root (the old assumption, for the ratio): every frame node held.
 * - Thumb: 1 N along −X spread over the pad's front (+X) face by face area where no fixed material stands
 *   within 3 mm in front of it (the barrel's rear face hides the rest from a thumb); its compliance is the work-
 *   conjugate (load-weighted) X displacement. The draw point is the pad's top front corner beside the catch.
 *   The draw force is the one that moves the draw point by the measured draw (as ./shoot.ts does).
 * - Barrel: rigid-body fit (translation at the centroid and small rotation) of the frame's nodes within
 *   4 mm of the muzzle. Arm root: the root plane's mean X displacement and its section's rotation about Z.
 * - Root spring for the beam referee (`rootSprings`): the held thumb compliance over the clamped one, as the
 *   root's turn. (A 2×2 fit of the root's shift and turn from two loads was tried: on a stiff frame the root
 *   plane's own give in its block swamps it, and it came out far from symmetric.)
 * - Modes (held by the plug): lumped mass, the material's density (solid print), the ball's mass lumped on
 *   the pusher's front face nodes (it rides the pusher to neutral), subspace iteration.
 * - Lateral launch: the drawn state (held, draw force at the thumb) released with no velocity, superposed
 *   on the lowest modes; the barrel's lateral (Y) speed over the stroke (the first quarter period of the
 *   lowest mode, while the pusher drives the ball) against the given ball speed: angle = atan(v_y / v).
 *   Also the brief's cruder figure: the barrel's static lateral displacement at the draw × the angular
 *   frequency of the mode that moves the barrel sideways most. Both ignore the ball's own motion in the bore
 *   and the modes above the ones computed.
 *
 * Shared with the solver (src/physics): E_xy and density of the material (src/materials.ts), printed solid;
 * ν = 0.35 (the solver's POISSON_RATIO, for the arm's twist); linear elasticity; the draw as a static pull at
 * the pad; the thumb on the pad's front where nothing fixed stands close in front. Not shared: everything
 * else: the geometry as exported (root block, spine, plug, barrel, pad and pusher as solids, no beam
 * idealisation, no rigid tip block, no torsion formula, no O'Donnell root), the support (the plug in its slot
 * instead of a clamped root), the thumb as a spread load.
 * Units: mm, N, MPa, tonnes (so that K/M is s⁻²).
 */
import { fromMesh, withArena, type MeshData } from '../../../src/geometry/kernel.js';
import type { Feature } from '../../../src/geometry/part.js';
import { parseStl } from '../../../src/mesh/stl.js';
import { turnSpring, type RootSpring } from './dynamics.js';
import {
  assembleStiffness,
  brickStiffness,
  dotProduct,
  lowestModes,
  multigridSolver,
  type GridNodes,
  type Solver,
} from './fe.js';
import { measureCannon, type MeasuredCannon } from './measure.js';
import { bodies, boundsOf, lineIntervals, massProperties, section } from './mesh.js';

export type Vec3 = [number, number, number];

/** ν for every material: PLA 0.33–0.36, PETG 0.38, ABS 0.35 (typical figures; an assumption of the referee). */
export const POISSON = 0.35;

/** The thumb presses the pad's front where nothing fixed stands within this in front of it. */
const THUMB_CLEARANCE_MM = 3;

/**
 * A voxel grid: cell (i, j, k) spans origin + (i, j, k)·h … + h. Label per cell: 0 empty, 1 frame, 2 moving;
 * `fill`: the fraction of the cell inside the solid.
 */
export interface VoxelGrid {
  origin: Vec3;
  h: Vec3;
  dims: [number, number, number];
  label: Uint8Array;
  fill: Float64Array;
}

/** Cells filled less than this are left out. */
const MIN_FILL = 0.1;

/**
 * Samples `mesh` by rays along X, 2×2 per (y, z) column; a cell's fill is the mean length of the rays inside
 * it over hx, so a wall that falls between grid planes keeps its thickness (a cell half in it is half as stiff
 * and heavy) instead of snapping to a whole number of cells. A cell is moving (2) where the `moving` body
 * fills the most of it.
 */
export function voxelise(
  mesh: MeshData,
  origin: Vec3,
  h: Vec3,
  dims: [number, number, number],
  moving?: MeshData,
): VoxelGrid {
  const [nx, ny, nz] = dims;
  const fill = new Float64Array(nx * ny * nz),
    fillMoving = new Float64Array(nx * ny * nz);
  const sample = (m: MeshData, into: Float64Array): void => {
    for (let k = 0; k < nz; k++)
      for (let j = 0; j < ny; j++)
        for (const [dy, dz] of [
          [0.25, 0.25],
          [0.75, 0.25],
          [0.25, 0.75],
          [0.75, 0.75],
        ] as const) {
          const y = origin[1] + (j + dy) * h[1],
            z = origin[2] + (k + dz) * h[2];
          for (const [a, b] of lineIntervals(m, 0, y, z)) {
            const i0 = Math.max(0, Math.floor((a - origin[0]) / h[0])),
              i1 = Math.min(nx - 1, Math.floor((b - origin[0]) / h[0]));
            for (let i = i0; i <= i1; i++) {
              const lo = origin[0] + i * h[0];
              into[(k * ny + j) * nx + i]! += Math.max(0, Math.min(b, lo + h[0]) - Math.max(a, lo)) / (4 * h[0]);
            }
          }
        }
  };
  sample(mesh, fill);
  if (moving) sample(moving, fillMoving);
  const label = Uint8Array.from(fill, (f, c) => (f < MIN_FILL ? 0 : fillMoving[c]! > f / 2 ? 2 : 1));
  return { origin, h, dims, label, fill: fill.map((f) => Math.min(1, f)) };
}

/** The voxels as elements: nodes per label, shared between frame and moving voxels only on the node plane j = rootJ. */
export interface VoxelModel {
  grid: VoxelGrid;
  nodes: GridNodes;
  /** 8 node ids per element (local corner a = ix + 2·iy + 4·iz). */
  elements: Int32Array;
  /** The cell of each element. */
  cell: Int32Array;
  /** Node id at grid node (i, j, k) of label 0 (frame) or 1 (moving), or −1. */
  nodeAt(i: number, j: number, k: number, label: number): number;
  position(node: number): Vec3;
  /** Cells dropped for not being joined by faces to the body containing `seed`. */
  dropped: number;
}

/**
 * Elements from the labelled cells. Two cells are joined across a face when they have the same label, or when
 * a moving cell lies just under the root plane and a frame cell just over it. Only the cells so joined to
 * `seedCell` are kept.
 */
export function modelOf(grid: VoxelGrid, seedCell: number, rootJ = -1): VoxelModel {
  const [nx, ny, nz] = grid.dims;
  const { label } = grid;
  // a below b on `across`; a moving cell just under the root plane joins the frame cell over it
  const joined = (a: number, b: number, across: 'x' | 'y' | 'z', lower: number): boolean =>
    label[a] === label[b] || (across === 'y' && lower + 1 === rootJ && label[a] === 2 && label[b] === 1);
  const keep = new Uint8Array(label.length);
  if (!label[seedCell]) throw new Error('the seed cell is empty');
  const stack = [seedCell];
  keep[seedCell] = 1;
  while (stack.length) {
    const c = stack.pop()!;
    const i = c % nx,
      j = Math.floor(c / nx) % ny,
      k = Math.floor(c / (nx * ny));
    const visit = (d: number, ok: boolean): void => {
      if (ok && label[d] && !keep[d]) {
        keep[d] = 1;
        stack.push(d);
      }
    };
    if (i > 0) visit(c - 1, joined(c - 1, c, 'x', i - 1));
    if (i < nx - 1) visit(c + 1, joined(c, c + 1, 'x', i));
    if (j > 0) visit(c - nx, joined(c - nx, c, 'y', j - 1));
    if (j < ny - 1) visit(c + nx, joined(c, c + nx, 'y', j));
    if (k > 0) visit(c - nx * ny, joined(c - nx * ny, c, 'z', k - 1));
    if (k < nz - 1) visit(c + nx * ny, joined(c, c + nx * ny, 'z', k));
  }
  const [NX, NY] = [nx + 1, ny + 1];
  const lookup = new Int32Array(NX * NY * (nz + 1) * 2).fill(-1);
  const gi: number[] = [],
    gj: number[] = [],
    gk: number[] = [],
    nl: number[] = [];
  const elements: number[] = [],
    cells: number[] = [];
  let dropped = 0;
  for (let c = 0; c < label.length; c++) {
    if (!label[c]) continue;
    if (!keep[c]) {
      dropped++;
      continue;
    }
    const i = c % nx,
      j = Math.floor(c / nx) % ny,
      k = Math.floor(c / (nx * ny));
    for (let a = 0; a < 8; a++) {
      const [p, q, r] = [i + (a & 1), j + ((a >> 1) & 1), k + ((a >> 2) & 1)];
      const l = label[c] === 2 && q !== rootJ ? 1 : 0;
      const key = ((r * NY + q) * NX + p) * 2 + l;
      if (lookup[key]! < 0) {
        lookup[key] = gi.length;
        (gi.push(p), gj.push(q), gk.push(r), nl.push(l));
      }
      elements.push(lookup[key]!);
    }
    cells.push(c);
  }
  const nodes: GridNodes = {
    n: gi.length,
    gi: Int32Array.from(gi),
    gj: Int32Array.from(gj),
    gk: Int32Array.from(gk),
    label: Uint8Array.from(nl),
  };
  return {
    grid,
    nodes,
    elements: Int32Array.from(elements),
    cell: Int32Array.from(cells),
    nodeAt: (i, j, k, l) =>
      i < 0 || j < 0 || k < 0 || i > nx || j > ny || k > nz ? -1 : lookup[((k * NY + j) * NX + i) * 2 + l]!,
    position: (v) => [
      grid.origin[0] + nodes.gi[v]! * grid.h[0],
      grid.origin[1] + nodes.gj[v]! * grid.h[1],
      grid.origin[2] + nodes.gk[v]! * grid.h[2],
    ],
    dropped,
  };
}

/** A static model: the stiffness, held nodes and its multigrid CG. */
export interface Statics {
  model: VoxelModel;
  fixed: Uint8Array;
  solver: Solver;
  /** Solves for the loads (3 per node); returns displacements and CG iterations. */
  solve(load: Float64Array): { u: Float64Array; iterations: number };
}

export function statics(model: VoxelModel, modulusMPa: number, fixed: Uint8Array, poisson = POISSON): Statics {
  const ke = brickStiffness(model.grid.h, modulusMPa, poisson);
  const a = assembleStiffness(
    model.nodes,
    model.elements,
    ke,
    fixed,
    Float64Array.from(model.cell, (c) => model.grid.fill[c]!),
  );
  const solver = multigridSolver(model.nodes, a, fixed);
  return {
    model,
    fixed,
    solver,
    solve(load) {
      const b = Float64Array.from(load);
      for (let v = 0; v < model.nodes.n; v++) if (fixed[v]) b.fill(0, v * 3, v * 3 + 3);
      const { x, iterations } = solver.solve(b, 1e-8);
      return { u: x, iterations };
    },
  };
}

/** Lumped mass (tonnes) per freedom: density (g/cm³) × voxel volume shared by its 8 nodes; none on held nodes. */
export function lumpedMass(model: VoxelModel, densityGPerCm3: number, fixed: Uint8Array): Float64Array {
  const m = new Float64Array(model.nodes.n * 3);
  const share = (densityGPerCm3 * 1e-9 * model.grid.h[0] * model.grid.h[1] * model.grid.h[2]) / 8;
  model.elements.forEach((v, q) => {
    for (let c = 0; c < 3; c++) m[v * 3 + c]! += share * model.grid.fill[model.cell[q >> 3]!]!;
  });
  for (let v = 0; v < model.nodes.n; v++) if (fixed[v]) m.fill(0, v * 3, v * 3 + 3);
  return m;
}

/** Rigid-body fit of the displacements of `nodes`: translation at their centroid and small rotation (rad). */
export function rigidFit(
  model: VoxelModel,
  u: Float64Array,
  nodes: readonly number[],
): { centroid: Vec3; translation: Vec3; rotation: Vec3 } {
  const c: Vec3 = [0, 0, 0],
    t: Vec3 = [0, 0, 0];
  for (const v of nodes) {
    const p = model.position(v);
    for (let d = 0; d < 3; d++) {
      c[d]! += p[d]! / nodes.length;
      t[d]! += u[v * 3 + d]! / nodes.length;
    }
  }
  // Σ [r]ₓᵀ[r]ₓ θ = Σ r × (u − t)
  const a = new Float64Array(9),
    b = [0, 0, 0];
  for (const v of nodes) {
    const p = model.position(v);
    const r = [p[0] - c[0], p[1] - c[1], p[2] - c[2]] as const;
    const w = [u[v * 3]! - t[0], u[v * 3 + 1]! - t[1], u[v * 3 + 2]! - t[2]] as const;
    const rr = r[0] ** 2 + r[1] ** 2 + r[2] ** 2;
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) a[i * 3 + j]! += (i === j ? rr : 0) - r[i]! * r[j]!;
    b[0]! += r[1] * w[2] - r[2] * w[1];
    b[1]! += r[2] * w[0] - r[0] * w[2];
    b[2]! += r[0] * w[1] - r[1] * w[0];
  }
  return { centroid: c, translation: t, rotation: solve3(a, b) };
}

function solve3(a: Float64Array, b: number[]): Vec3 {
  const det = (m: number[]): number =>
    m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
    m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
    m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
  const m = Array.from(a);
  const d = det(m);
  return [0, 1, 2].map((col) => det(m.map((x, idx) => (idx % 3 === col ? b[Math.floor(idx / 3)]! : x))) / d) as Vec3;
}

// ---------------------------------------------------------------------------------------------------------
// The cannon

export interface SolidOptions {
  modulusMPa: number;
  densityGPerCm3: number;
  ballDiameterMm: number;
  ballMassG: number;
  /** The ball's speed along the bore at launch, for the lateral launch angle. */
  ballSpeedMps: number;
  /**
   * The largest voxel edge (default 0.6 mm: the frame's 3–4 mm walls then converge within 1 %), and voxels
   * through the arm's thickness (default: at least 3, and as many as keep hx ≤ sizeMm).
   */
  sizeMm?: number;
  throughThickness?: number;
  /** Lowest modes held by the plug (default 3; 0 skips modes and the launch estimate). */
  modes?: number;
}

/** One support's answer; compliances per newton of thumb force (mm/N). */
export interface SupportCase {
  thumbMmPerN: number;
  drawPointMmPerN: number;
  /** The force at the pad's centre that moves the draw point back by the measured draw. */
  drawForceN: number;
  iterations: number;
  solveS: number;
}

export interface HeldCase extends SupportCase {
  /** Under the drawn load: the barrel's rigid motion (mm, rad) and the arm root's X shift (mm) and rotation about Z (rad). */
  barrel: { translationMm: Vec3; rotationRad: Vec3 };
  root: { shiftMm: number; rotationRad: number };
  /** The pusher's front face (load-weighted) lateral (Y) shift at the draw. */
  pusherLateralMm: number;
}

export interface SolidReferee {
  measured: MeasuredCannon;
  grid: { hMm: Vec3; voxels: number; dropped: number; nodes: number; buildS: number };
  held: HeldCase;
  clamped: SupportCase;
  /** Thumb stiffness held by the plug ÷ clamped at the root. */
  ratio: number;
  modes?: {
    hz: number[];
    /** Per mode: barrel's lateral (Y) motion per unit modal amplitude, and the mode's share of the drawn state. */
    barrelLateral: number[];
    participation: number[];
    /** Subspace iterations, and the time they took. */
    iterations: number;
    solveS: number;
  };
  launch?: {
    /** Peak barrel lateral speed during the stroke (modal superposition) and the angle it throws the ball aside. */
    lateralSpeedMps: number;
    angleDeg: number;
    strokeS: number;
    /** The brief's estimate: static barrel lateral shift at the draw × the barrel-swaying mode's ω. */
    simpleLateralSpeedMps: number;
    simpleAngleDeg: number;
  };
}

/** The body freed by cutting the cannon just under the arm's root (./measure.ts's moving assembly). */
function movingBody(mesh: MeshData, rootY: number): MeshData {
  return withArena(() => {
    const all = boundsOf(mesh);
    const cut = fromMesh(mesh)
      .trimByPlane([0, -1, 0], -(rootY - 0.01))
      .toMesh();
    const freed = bodies(cut).filter((b) => {
      const bb = boundsOf(b);
      return bb.min[0] > all.min[0] + 1e-3 && bb.max[0] < all.max[0] - 1e-3 && massProperties(b).volumeMm3 > 1;
    });
    if (freed.length !== 1) throw new Error(`cutting under the arm's root frees ${freed.length} bodies, expected 1`);
    const b = freed[0]!;
    return { positions: Float32Array.from(b.positions), triangles: Uint32Array.from(b.triangles) };
  });
}

/** The frame's back face: coming forward from the plug's end, where the section across X outgrows the plug's. */
function plugOf(mesh: MeshData): { backX: number; yRange: [number, number]; zRange: [number, number] } {
  const b = boundsOf(mesh);
  const plug = section(mesh, 0, b.min[0] + 0.25);
  if (!plug) throw new Error('no plug at the back');
  const grown = (x: number): boolean => (section(mesh, 0, x)?.areaMm2 ?? 0) > plug.areaMm2 * 1.02;
  let lo = b.min[0] + 0.25,
    hi = lo;
  while (!grown(hi)) {
    lo = hi;
    hi += 0.5;
    if (hi > b.max[0]) throw new Error('the plug never meets a frame');
  }
  while (hi - lo > 1e-4) {
    const m = (lo + hi) / 2;
    if (grown(m)) hi = m;
    else lo = m;
  }
  // Across X the section's (u, v) are (y, z).
  return { backX: hi, yRange: plug.uRange, zRange: plug.vRange };
}

const MUZZLE_REGION_MM = 4;

export function refereeSolid(stl: Uint8Array, features: readonly Feature[], o: SolidOptions): SolidReferee {
  const t0 = performance.now();
  const measured = measureCannon(stl, o.ballDiameterMm, features);
  const mesh = parseStl(stl);
  const all = boundsOf(mesh);
  const arm = measured.arm;
  const moving = movingBody(mesh, arm.rootY);
  const root = section(moving, 1, arm.rootY - 0.05);
  const mid = section(moving, 1, arm.rootY - arm.lengthMm / 2);
  if (!root || !mid) throw new Error('no arm section');
  const plug = plugOf(mesh);

  // The grid: X planes on the arm's faces, a Y plane on its root, Z planes on its bottom and top at the root.
  const size = o.sizeMm ?? 0.6;
  const thickness = mid.uRange[1] - mid.uRange[0];
  const through = o.throughThickness ?? Math.max(3, Math.ceil(thickness / size - 1e-6));
  const hx = thickness / through;
  const armHeight = root.vRange[1] - root.vRange[0];
  const hz = armHeight / Math.max(1, Math.round(armHeight / size));
  const hy = size;
  const below = (at: number, min: number, step: number): number => at - Math.ceil((at - min) / step - 1e-9) * step;
  const origin: Vec3 = [
    below(mid.uRange[0], all.min[0], hx),
    below(arm.rootY, all.min[1], hy),
    below(root.vRange[0], all.min[2], hz),
  ];
  const dims: [number, number, number] = [0, 1, 2].map((d) =>
    Math.ceil((all.max[d]! - origin[d]!) / [hx, hy, hz][d]! - 1e-9),
  ) as [number, number, number];
  const grid = voxelise(mesh, origin, [hx, hy, hz], dims, moving);
  const rootJ = Math.round((arm.rootY - origin[1]) / hy);
  const [nx, ny] = dims;
  const cellOf = (p: Vec3): number => {
    const [i, j, k] = [0, 1, 2].map((d) => Math.floor((p[d]! - origin[d]!) / [hx, hy, hz][d]!));
    return (k! * ny + j!) * nx + i!;
  };
  const model = modelOf(
    grid,
    cellOf([all.min[0] + 0.5 * hx, (plug.yRange[0] + plug.yRange[1]) / 2, (plug.zRange[0] + plug.zRange[1]) / 2]),
    rootJ,
  );
  const { nodes } = model;
  const cellIndex = (c: number): [number, number, number] => [
    c % nx,
    Math.floor(c / nx) % ny,
    Math.floor(c / (nx * ny)),
  ];
  const lab = (i: number, j: number, k: number): number =>
    i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= dims[2] ? 0 : grid.label[(k * ny + j) * nx + i]!;

  // Held by the plug: nodes of the plug cells' open ±Y, ±Z faces.
  const held = new Uint8Array(nodes.n);
  for (let e = 0; e < model.cell.length; e++) {
    const [i, j, k] = cellIndex(model.cell[e]!);
    // Inside the plug's square too: a cell straddling the frame's back face may lie on the frame beside the plug.
    const [y, z] = [origin[1] + (j + 0.5) * hy, origin[2] + (k + 0.5) * hz];
    if (
      origin[0] + (i + 0.5) * hx >= plug.backX ||
      y < plug.yRange[0] ||
      y > plug.yRange[1] ||
      z < plug.zRange[0] ||
      z > plug.zRange[1]
    )
      continue;
    const faces: [number, number, number, number][] = [
      [1, -1, 0, 0],
      [1, 1, 0, 1],
      [2, 0, -1, 0],
      [2, 0, 1, 1],
    ];
    for (const [axis, dj, dk, side] of faces) {
      if (lab(i, j + dj, k + dk)) continue;
      for (let a = 0; a < 8; a++)
        if ((axis === 1 ? (a >> 1) & 1 : (a >> 2) & 1) === side) held[model.elements[e * 8 + a]!] = 1;
    }
  }
  // Clamped at the root: every frame node.
  const clamped = Uint8Array.from(nodes.label, (l) => (l === 0 ? 1 : 0));

  // Loads: unit force along −X over moving +X faces near a plane, weighted by face area.
  const faceLoad = (x: number, yRange: [number, number], clearAheadMm = 0): Float64Array => {
    const ahead = Math.ceil(clearAheadMm / hx);
    const f = new Float64Array(nodes.n * 3);
    let total = 0;
    for (let e = 0; e < model.cell.length; e++) {
      const [i, j, k] = cellIndex(model.cell[e]!);
      if (grid.label[model.cell[e]!] !== 2 || lab(i + 1, j, k) === 2) continue;
      const y = origin[1] + (j + 0.5) * hy;
      // The face's cell may be the one holding the plane or, if that one is nearly empty and left out, the one before.
      if (Math.abs(origin[0] + (i + 1) * hx - x) > hx || y < yRange[0] || y > yRange[1]) continue;
      // Where fixed material stands close in front (the barrel's rear face), a thumb cannot press.
      if (Array.from({ length: ahead }, (_, d) => lab(i + 1 + d, j, k)).includes(1)) continue;
      for (let a = 1; a < 8; a += 2) f[model.elements[e * 8 + a]! * 3]! -= 1;
      total += 4;
    }
    if (total === 0) throw new Error(`no moving face near x = ${x}`);
    return f.map((v) => v / total);
  };
  const pad = measured.pad;
  const thumb = faceLoad(pad.frontX, pad.yRange, THUMB_CLEARANCE_MM);
  const pusherY = arm.rootY - measured.pusher.contactFromRootMm;
  const pusher = faceLoad(measured.pusher.frontX, [pusherY - 10, pusherY + 10]);
  const drawAt: Vec3 = [pad.frontX, arm.rootY - pad.catchEdgeFromRootMm, pad.topZ];
  let drawNode = -1,
    best = Infinity;
  for (let v = 0; v < nodes.n; v++) {
    if (nodes.label[v] !== 1) continue;
    const p = model.position(v);
    const d = Math.hypot(p[0] - drawAt[0], p[1] - drawAt[1], p[2] - drawAt[2]);
    if (d < best) [best, drawNode] = [d, v];
  }
  const muzzle = Array.from({ length: nodes.n }, (_, v) => v).filter(
    (v) => nodes.label[v] === 0 && !held[v] && model.position(v)[0] >= all.max[0] - MUZZLE_REGION_MM,
  );
  // The root plane's nodes in the arm's section (shared by moving cells).
  const rootNodes = [
    ...new Set(
      Array.from({ length: model.cell.length }, (_, e) => e)
        .filter((e) => grid.label[model.cell[e]!] === 2)
        .flatMap((e) => Array.from(model.elements.subarray(e * 8, e * 8 + 8)))
        .filter((v) => nodes.gj[v] === rootJ),
    ),
  ];
  const buildS = (performance.now() - t0) / 1000;

  const caseOf = (s: Statics): { c: SupportCase; thumbU: Float64Array } => {
    const t = performance.now();
    const a = s.solve(thumb);
    const solveS = (performance.now() - t) / 1000;
    const drawPointMmPerN = -a.u[drawNode * 3]!;
    return {
      c: {
        thumbMmPerN: dotProduct(thumb, a.u),
        drawPointMmPerN,
        drawForceN: measured.catch.drawMm / drawPointMmPerN,
        iterations: a.iterations,
        solveS,
      },
      thumbU: a.u,
    };
  };
  const heldStatics = statics(model, o.modulusMPa, held);
  const h = caseOf(heldStatics);
  const c = caseOf(statics(model, o.modulusMPa, clamped));

  // The root's (shift, rotation) per load case; rotation about Z as the arm's slope dw/ds (s = rootY − y).
  const rootMotion = (u: Float64Array): [number, number] => {
    const xs = rootNodes.map((v) => model.position(v)[0]);
    const xm = xs.reduce((s, x) => s + x, 0) / xs.length;
    let w = 0,
      num = 0,
      den = 0;
    rootNodes.forEach((v, i) => {
      w += u[v * 3]! / rootNodes.length;
      num += (xs[i]! - xm) * u[v * 3 + 1]!;
      den += (xs[i]! - xm) ** 2;
    });
    return [w, num / den];
  };
  const [w1, p1] = rootMotion(h.thumbU);

  const drawForceN = h.c.drawForceN;
  const barrel = rigidFit(model, h.thumbU, muzzle);
  const heldCase: HeldCase = {
    ...h.c,
    barrel: {
      translationMm: barrel.translation.map((x) => x * drawForceN) as Vec3,
      rotationRad: barrel.rotation.map((x) => x * drawForceN) as Vec3,
    },
    root: { shiftMm: w1 * drawForceN, rotationRad: p1 * drawForceN },
    pusherLateralMm: -drawForceN * pusher.reduce((s, f, d) => (d % 3 === 0 ? s + f * h.thumbU[d + 1]! : s), 0),
  };

  const result: SolidReferee = {
    measured,
    grid: { hMm: [hx, hy, hz], voxels: model.cell.length, dropped: model.dropped, nodes: nodes.n, buildS },
    held: heldCase,
    clamped: c.c,
    ratio: c.c.thumbMmPerN / h.c.thumbMmPerN,
  };

  const count = o.modes ?? 3;
  if (count > 0) {
    const t = performance.now();
    const mass = lumpedMass(model, o.densityGPerCm3, held);
    // The ball rides the pusher: its mass on the pusher's front face nodes, by the face load's weights.
    const ballT = o.ballMassG * 1e-6;
    for (let d = 0; d < pusher.length; d += 3)
      if (pusher[d]! !== 0) for (let q = 0; q < 3; q++) mass[d + q]! += -pusher[d]! * ballT;
    const modes = lowestModes(heldStatics.solver, mass, count);
    // The drawn state (held): u0 = F·(thumb response); its modal amplitudes φᵢᵀ·M·u0.
    const u0 = h.thumbU.map((x) => x * drawForceN);
    const participation = modes.shapes.map((s) => s.reduce((acc, x, d) => acc + x * mass[d]! * u0[d]!, 0));
    const barrelLateral = modes.shapes.map((s) => rigidFit(model, s, muzzle).translation[1]);
    const omega = modes.omega;
    // The stroke: the pusher returns to neutral a quarter period of the lowest mode after release.
    const strokeS = Math.PI / (2 * omega[0]!);
    let peak = 0;
    for (let q = 0; q <= 200; q++) {
      const time = (q / 200) * strokeS;
      const v = omega.reduce((s, w, i) => s - barrelLateral[i]! * participation[i]! * w * Math.sin(w * time), 0);
      peak = Math.max(peak, Math.abs(v));
    }
    const lateralSpeedMps = peak * 1e-3;
    const sway = barrelLateral.reduce((bi, x, i) => (Math.abs(x) > Math.abs(barrelLateral[bi]!) ? i : bi), 0);
    const simpleLateralSpeedMps = Math.abs(heldCase.barrel.translationMm[1]) * omega[sway]! * 1e-3;
    const deg = (v: number): number => (Math.atan(v / o.ballSpeedMps) * 180) / Math.PI;
    result.modes = {
      hz: omega.map((w) => w / (2 * Math.PI)),
      barrelLateral,
      participation,
      iterations: modes.iterations,
      solveS: (performance.now() - t) / 1000,
    };
    result.launch = {
      lateralSpeedMps,
      angleDeg: deg(lateralSpeedMps),
      strokeS,
      simpleLateralSpeedMps,
      simpleAngleDeg: deg(simpleLateralSpeedMps),
    };
  }
  return result;
}

/**
 * The frame as a spring at the arm's root for ./dynamics.ts's Beam (`rootStiffness`, SI): the held solve's thumb
 * compliance over the clamped one's, taken as the root turning (the frame's bending and the root's give in
 * its block, which turn it; the root's shift is small beside them). Null when the frame adds nothing
 * measurable.
 */
export function rootSprings(r: SolidReferee): RootSpring | null {
  const extraMmPerN = r.held.thumbMmPerN - r.clamped.thumbMmPerN;
  if (extraMmPerN <= 0) return null;
  const thumbM = r.measured.pad.centreFromRootMm / 1000;
  // θ = M/k with M = F·a: the thumb moves a·θ = F·a²/k.
  return turnSpring((thumbM * thumbM) / (extraMmPerN / 1000), thumbM);
}
