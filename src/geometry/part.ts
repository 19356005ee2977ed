/**
 * What every part builder returns: a solid plus its feature manifest. A feature is a place where another
 * part mates (a hole, or a peg that goes into one), stated in the part's own exported frame so the
 * validator can probe the real mesh there.
 */
import type { MatingClass } from '../standard.js';
import type { BoundsMm, Solid } from './kernel.js';
import { unit, type Vec3 } from './vec3.js';

export type FeatureKind =
  // holes
  | 'mast-socket'
  | 'cargo-socket'
  | 'turret-seat'
  | 'cannon-slot'
  | 'coin-slot'
  | 'wheel-slot'
  | 'flag-hole'
  | 'bore'
  | 'bearing'
  | 'fork-gap'
  | 'sleeve'
  | 'sail-loop'
  | 'paper-slot'
  | 'coupon-hole'
  | 'ballast-pocket'
  | 'dial-bore'
  | 'detent-dimple'
  | 'keyway'
  | 'card-bay'
  // pegs and other male surfaces
  | 'mast-peg'
  | 'mast-pole'
  | 'mast-tenon'
  | 'cargo-peg'
  | 'turret-pivot'
  | 'cannon-plug'
  | 'axle'
  | 'ball'
  | 'coin'
  | 'wheel-rim'
  | 'carriage-block'
  | 'coupon-peg'
  | 'dial-pivot'
  | 'detent-nub'
  | 'key';

/** Round: `diameterMm`. Square and rect: `widthMm` along `widthAxis`, `heightMm` along axis × widthAxis. */
export type FeatureSize =
  /** `coreDiameterMm`: a core left standing on the axis through the hole's depth (an annular hole, e.g. a ballast pocket round its boss). */
  | { shape: 'round'; diameterMm: number; coreDiameterMm?: number }
  /** `cornerChamferMm`: corners bevelled at 45° by this much (a first-layer chamfer, chamfer.ts); the fit is across the flats. */
  | { shape: 'rect'; widthMm: number; heightMm: number; widthAxis: Vec3; cornerChamferMm?: number };

export interface Feature {
  /** Unique within the part, e.g. `mast-socket-1`. */
  id: string;
  kind: FeatureKind;
  /** A hole is open space in the part; a peg is material standing out of it. */
  role: 'hole' | 'peg';
  /**
   * Holes: centre of the mouth, the hole running from there along −axis for `depthMm`.
   * Pegs: centre of the root, the peg running along +axis for `depthMm` to its tip.
   */
  positionMm: Vec3;
  /** Unit vector: out of the hole's mouth, or from a peg's root to its tip. */
  axis: Vec3;
  size: FeatureSize;
  depthMm: number;
  mating: MatingClass;
}

export interface Part {
  solid: Solid;
  features: Feature[];
}

// ---------------------------------------------------------------------------------------------------------
// Moving a part moves its features with it: one transform, applied to both.

/** Column-major 4×4 affine matrix, as manifold and gl-matrix use. */
export type Mat4 = readonly number[];

export function translation(v: Vec3): Mat4 {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, v[0], v[1], v[2], 1];
}

/** Rotation about X, then Y, then Z (degrees), matching `Solid.rotate`. */
export function rotation(anglesDeg: Vec3): Mat4 {
  const [ax, ay, az] = anglesDeg.map((a) => (a * Math.PI) / 180) as [number, number, number];
  const cx = exactCos(ax),
    sx = exactSin(ax),
    cy = exactCos(ay),
    sy = exactSin(ay),
    cz = exactCos(az),
    sz = exactSin(az);
  // R = Rz · Ry · Rx, written column by column.
  return [
    cz * cy,
    sz * cy,
    -sy,
    0,
    cz * sy * sx - sz * cx,
    sz * sy * sx + cz * cx,
    cy * sx,
    0,
    cz * sy * cx + sz * sx,
    sz * sy * cx - cz * sx,
    cy * cx,
    0,
    0,
    0,
    0,
    1,
  ];
}

// Multiples of 90° give exact 0 and ±1, so print-orientation turns keep axis-aligned faces axis-aligned.
function exactCos(r: number): number {
  const q = r / (Math.PI / 2);
  return Math.abs(q - Math.round(q)) < 1e-12 ? [1, 0, -1, 0][((Math.round(q) % 4) + 4) % 4]! : Math.cos(r);
}
function exactSin(r: number): number {
  const q = r / (Math.PI / 2);
  return Math.abs(q - Math.round(q)) < 1e-12 ? [0, 1, 0, -1][((Math.round(q) % 4) + 4) % 4]! : Math.sin(r);
}

/** a · b (apply b first). */
export function compose(a: Mat4, b: Mat4): Mat4 {
  const out: number[] = [];
  for (let c = 0; c < 4; c++)
    for (let r = 0; r < 4; r++) {
      let sum = 0;
      for (let i = 0; i < 4; i++) sum += a[i * 4 + r]! * b[c * 4 + i]!;
      out[c * 4 + r] = sum;
    }
  return out;
}

export function applyPoint(m: Mat4, p: Vec3): Vec3 {
  return [
    m[0]! * p[0] + m[4]! * p[1] + m[8]! * p[2] + m[12]!,
    m[1]! * p[0] + m[5]! * p[1] + m[9]! * p[2] + m[13]!,
    m[2]! * p[0] + m[6]! * p[1] + m[10]! * p[2] + m[14]!,
  ];
}

export function applyDirection(m: Mat4, d: Vec3): Vec3 {
  return unit([
    m[0]! * d[0] + m[4]! * d[1] + m[8]! * d[2],
    m[1]! * d[0] + m[5]! * d[1] + m[9]! * d[2],
    m[2]! * d[0] + m[6]! * d[1] + m[10]! * d[2],
  ]);
}

function transformFeature(m: Mat4, f: Feature): Feature {
  const size: FeatureSize =
    f.size.shape === 'round' ? f.size : { ...f.size, widthAxis: applyDirection(m, f.size.widthAxis) };
  return { ...f, positionMm: applyPoint(m, f.positionMm), axis: applyDirection(m, f.axis), size };
}

export function transformPart(part: Part, m: Mat4): Part {
  return { solid: part.solid.transform(m), features: part.features.map((f) => transformFeature(m, f)) };
}

/**
 * Puts a part in its print orientation: rotates it (degrees about X, Y, Z), then moves it so it rests on
 * z = 0 and is centred on the bed's origin in X and Y.
 */
export function layOnBed(part: Part, anglesDeg: Vec3 = [0, 0, 0]): Part {
  const turned = transformPart(part, rotation(anglesDeg));
  const b = turned.solid.bounds();
  return transformPart(turned, translation([-(b.min[0] + b.max[0]) / 2, -(b.min[1] + b.max[1]) / 2, -b.min[2]]));
}

/** Rounds feature numbers to 1 µm so manifests are stable across platforms' last-bit float noise. */
export function roundFeature(f: Feature): Feature {
  const r = (x: number): number => Math.round(x * 1000) / 1000 + 0;
  const rv = (v: Vec3): Vec3 => [r(v[0]), r(v[1]), r(v[2])];
  const size: FeatureSize =
    f.size.shape === 'round'
      ? {
          shape: 'round',
          diameterMm: r(f.size.diameterMm),
          ...(f.size.coreDiameterMm === undefined ? {} : { coreDiameterMm: r(f.size.coreDiameterMm) }),
        }
      : {
          shape: 'rect',
          widthMm: r(f.size.widthMm),
          heightMm: r(f.size.heightMm),
          widthAxis: rv(f.size.widthAxis),
          ...(f.size.cornerChamferMm === undefined ? {} : { cornerChamferMm: r(f.size.cornerChamferMm) }),
        };
  return { ...f, positionMm: rv(f.positionMm), axis: rv(f.axis), size, depthMm: r(f.depthMm) };
}

/**
 * The box (mm, the part's coordinates) holding a feature: the hole from its mouth down to its depth, or
 * the peg from its root to its tip, its section's half-diagonal around that axis, grown by `marginMm`.
 */
export function featureBoxMm(f: Feature, marginMm = 1): BoundsMm {
  const reach = f.size.shape === 'round' ? f.size.diameterMm / 2 : Math.hypot(f.size.widthMm, f.size.heightMm) / 2;
  const sign = f.role === 'hole' ? -1 : 1;
  const end = f.positionMm.map((p, k) => p + sign * f.axis[k]! * f.depthMm);
  const min = [0, 1, 2].map((k) => Math.min(f.positionMm[k]!, end[k]!) - reach - marginMm) as unknown as Vec3;
  const max = [0, 1, 2].map((k) => Math.max(f.positionMm[k]!, end[k]!) + reach + marginMm) as unknown as Vec3;
  return { min, max };
}
