/**
 * Assembly: the wheel is retained in its carriage (the rulebook: "difficult to remove once installed").
 *
 * Measured on the two meshes placed as assembled: the wheel's mesh is turned and moved so its stub axles
 * (its `axle` features) lie on the carriage's bearing axis, centred between the bearings. It is cut at its
 * faces into three pieces: the two stubs, which are convex, and the body. For each direction of a set
 * (the 26 of a cube's faces, edges and corners, which hold any axis-aligned slot, and 64 spread evenly
 * over the sphere) each piece is swept along a straight path out past both parts: the sweep of a convex
 * piece is exactly the hull of its start and end, and the body's hull only adds the band's own groove,
 * which the band fills anyway. A sweep that meets no carriage material is a way out. Where a sweep does
 * meet material, the overlap's extent along the axle is how far that material must give (a snap tongue
 * bend, or a rigid wall break) for the wheel to pass; along a direction the wheel is held by the largest
 * of its pieces' overlaps, and it is retained by the least of those over every direction: the measured
 * throat interference, which must lie in SNAP_RETENTION_MM.
 */
import { hull3d, type Solid } from '../../geometry/kernel.js';
import { applyPoint, type Feature, type Mat4 } from '../../geometry/part.js';
import { add, cross, dot, neg, norm, scale, sub, unit, type Vec3 } from '../../geometry/vec3.js';
import { SNAP_RETENTION_MM } from '../../standard.js';
import type { Context, Rule } from '../types.js';

const mid = (a: Vec3, b: Vec3): Vec3 => scale(add(a, b), 0.5);

/** Stubs are cut off this far beyond the wheel's faces (a stub loses nothing that reaches a bearing). */
const CUT_BEYOND_FACE_MM = 0.02;

/** Overlaps smaller than this (mm³) are facet noise where surfaces touch, not material in the way. */
const TOUCH_MM3 = 1e-3;

/** Row-major 3×3 rotation taking unit vector `from` onto unit vector `to` (Rodrigues). */
function rotationBetween(from: Vec3, to: Vec3): number[] {
  const v = cross(from, to);
  const c = dot(from, to);
  if (c < -1 + 1e-9) {
    // Opposite: a half turn about any axis perpendicular to `from`.
    const p = unit(Math.abs(from[0]) < 0.9 ? cross(from, [1, 0, 0]) : cross(from, [0, 1, 0]));
    return [0, 1, 2].flatMap((i) => [0, 1, 2].map((j) => 2 * p[i]! * p[j]! - (i === j ? 1 : 0)));
  }
  const k = 1 / (1 + c);
  const [x, y, z] = v;
  return [
    c + x * x * k,
    x * y * k - z,
    x * z * k + y,
    x * y * k + z,
    c + y * y * k,
    y * z * k - x,
    x * z * k - y,
    y * z * k + x,
    c + z * z * k,
  ];
}

const apply3 = (r: number[], p: Vec3): Vec3 => [
  r[0]! * p[0] + r[1]! * p[1] + r[2]! * p[2],
  r[3]! * p[0] + r[4]! * p[1] + r[5]! * p[2],
  r[6]! * p[0] + r[7]! * p[1] + r[8]! * p[2],
];

/** Column-major 4×4 of x ↦ r·(x − from) + to. */
function placement(r: number[], from: Vec3, to: Vec3): Mat4 {
  const t = sub(to, apply3(r, from));
  return [r[0]!, r[3]!, r[6]!, 0, r[1]!, r[4]!, r[7]!, 0, r[2]!, r[5]!, r[8]!, 0, t[0], t[1], t[2], 1];
}

/**
 * The directions every wheel is tried along: the cube's 26, its 6 faces first (where a slot usually runs,
 * so the least retention is found early and the rest stop at their first blocking piece), then 64 on a
 * Fibonacci sphere.
 */
export const ESCAPE_DIRECTIONS: readonly Vec3[] = (() => {
  const out: Vec3[] = [];
  const cube: Vec3[] = [];
  for (const x of [-1, 0, 1])
    for (const y of [-1, 0, 1]) for (const z of [-1, 0, 1]) if (x || y || z) cube.push([x, y, z]);
  const faces = (v: Vec3): number => Math.abs(v[0]) + Math.abs(v[1]) + Math.abs(v[2]);
  for (const v of cube.sort((a, b) => faces(a) - faces(b))) out.push(unit(v));
  const n = 64,
    golden = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < n; i++) {
    const z = 1 - (2 * i + 1) / n,
      r = Math.sqrt(1 - z * z);
    out.push([r * Math.cos(golden * i), r * Math.sin(golden * i), z]);
  }
  return out;
})();

export interface WheelRetention {
  /** Wheel and carriage overlap where they are placed (mm³): they do not fit, so retention is not measured. */
  restOverlapMm3: number;
  /** The least, over every direction, of how far material must give along the axle for the wheel to pass. */
  retentionMm: number;
  /** The direction that least holds it (where it would leave first). */
  direction: Vec3;
}

/** The features the rule places by: the wheel's two stub axles and the carriage's two bearings. */
function pairOf(features: readonly Feature[], kind: 'axle' | 'bearing'): [Feature, Feature] | null {
  const found = features.filter((f) => f.kind === kind);
  return found.length === 2 ? [found[0]!, found[1]!] : null;
}

/**
 * Places the wheel's mesh in the carriage's by their features and measures what holds it (see the file's
 * comment). Null when either part lacks the features to place it by.
 */
export function measureWheelRetention(
  wheel: Solid,
  wheelFeatures: readonly Feature[],
  carriage: Solid,
  carriageFeatures: readonly Feature[],
): WheelRetention | null {
  const axles = pairOf(wheelFeatures, 'axle');
  const bearings = pairOf(carriageFeatures, 'bearing');
  if (!axles || !bearings) return null;
  const [a1, a2] = axles;
  const wheelAxis = unit(sub(a2.positionMm, a1.positionMm));
  const bearingAxis = unit(sub(bearings[0].positionMm, bearings[1].positionMm));
  // The wheel is the same at both ends: turn it the shorter way onto the bearing axis.
  const target = dot(wheelAxis, bearingAxis) >= 0 ? bearingAxis : neg(bearingAxis);
  const r = rotationBetween(wheelAxis, target);
  const m = placement(r, mid(a1.positionMm, a2.positionMm), mid(bearings[0].positionMm, bearings[1].positionMm));
  const placed = wheel.transform(m);
  const restOverlapMm3 = placed.intersect(carriage).volumeMm3();
  if (restOverlapMm3 > TOUCH_MM3) return { restOverlapMm3, retentionMm: 0, direction: [0, 0, 0] };

  // The stubs beyond each face (each axle's root, its axis pointing out), and the body between.
  const face = (f: Feature): { n: Vec3; offset: number } => {
    const n = apply3(r, f.axis);
    return { n, offset: dot(n, applyPoint(m, f.positionMm)) };
  };
  // Cut a hair beyond each face, so no piece keeps a face lying in its cutting plane.
  const f1 = face(a1),
    f2 = face(a2);
  f1.offset += CUT_BEYOND_FACE_MM;
  f2.offset += CUT_BEYOND_FACE_MM;
  const pieces = [
    placed.trimByPlane(f1.n, f1.offset),
    placed.trimByPlane(f2.n, f2.offset),
    placed.trimByPlane(neg(f1.n), -f1.offset).trimByPlane(neg(f2.n), -f2.offset),
  ].filter((p) => !p.isEmpty());
  // Far enough that every piece ends clear of the carriage.
  const size = (s: Solid): number => {
    const b = s.bounds();
    return norm(sub(b.max, b.min));
  };
  const travelMm = size(placed) + size(carriage);
  // Overlap measured along the axle: turn the axle onto z and read the overlap's z extent.
  const toZ = rotationBetween(bearingAxis, [0, 0, 1]);
  const axial: Mat4 = placement(toZ, [0, 0, 0], [0, 0, 0]);
  let best: { retentionMm: number; direction: Vec3 } = { retentionMm: Infinity, direction: [0, 0, 0] };
  for (const d of ESCAPE_DIRECTIONS) {
    let held = 0;
    for (const piece of pieces) {
      const overlap = hull3d([piece, piece.translate(scale(d, travelMm))]).intersect(carriage);
      if (overlap.volumeMm3() <= TOUCH_MM3) continue;
      const b = overlap.transform(axial).bounds();
      held = Math.max(held, b.max[2] - b.min[2]);
      if (held >= best.retentionMm) break; // this direction already holds at least as well as the best
    }
    if (held < best.retentionMm) best = { retentionMm: held, direction: d };
  }
  return { restOverlapMm3, ...best };
}

const r2 = (x: number): number => Math.round(x * 100) / 100;
const dirText = (d: Vec3): string => `(${d.map((v) => r2(v) + 0).join(', ')})`;

export const wheelRetained: Rule = {
  id: 'assembly/wheel-retained',
  title: `the wheel placed in its carriage cannot leave its bearings along any straight path without ${SNAP_RETENTION_MM.min}–${SNAP_RETENTION_MM.max} mm of throat interference giving way`,
  check(ctx: Context, report) {
    const wheelFile = ctx.file('wheel');
    const carriageFile = ctx.file('carriage');
    if (!wheelFile || !carriageFile || !ctx.checked.includes(carriageFile)) return;
    const wheel = ctx.solid(wheelFile);
    const carriage = ctx.solid(carriageFile);
    if (!wheel || !carriage) return;
    const m = measureWheelRetention(wheel, wheelFile.features, carriage, carriageFile.features);
    if (!m) return;
    const { min, max } = SNAP_RETENTION_MM;
    const at = { faction: null, part: 'carriage' };
    if (m.restOverlapMm3 > TOUCH_MM3) {
      report({
        ...at,
        message: `the wheel (${wheelFile.path}) placed on the bearings of ${carriageFile.path} overlaps it by ${r2(m.restOverlapMm3)} mm³: it does not fit, so it cannot turn or be held`,
        expected: 'no overlap at rest',
        measured: `${r2(m.restOverlapMm3)} mm³`,
        hint: "size the carriage for the wheel it carries (carriage clickDistanceMm and band as the wheel's)",
      });
      return;
    }
    if (m.retentionMm < min) {
      const free = m.retentionMm === 0;
      report({
        ...at,
        message: free
          ? `the wheel leaves ${carriageFile.path} along ${dirText(m.direction)} without touching it: lifting the ship drops the wheel`
          : `the wheel leaves ${carriageFile.path} along ${dirText(m.direction)} past a throat of ${r2(m.retentionMm)} mm per side, under the ${min} mm a printed snap keeps`,
        expected: `≥ ${min} mm`,
        measured: r2(m.retentionMm),
        hint: 'close the bearings below the axle with a snap throat (src/parts/carriage.ts) or another retainer',
      });
    } else if (m.retentionMm > max) {
      report({
        ...at,
        severity: 'warning',
        message: `the wheel is held in ${carriageFile.path} by ${r2(m.retentionMm)} mm of material per side at the least (along ${dirText(m.direction)}), more than the ${max} mm a snap tongue bends through within its strain limit: check the wheel can be put in without breaking it`,
        expected: `≤ ${max} mm`,
        measured: r2(m.retentionMm),
        hint: 'make the throat shallower (INTERFACES.carriage.snapInterferenceMm) or the tongue longer',
      });
    }
  },
};

export const ASSEMBLY_WHEEL_RULES: readonly Rule[] = [wheelRetained];
