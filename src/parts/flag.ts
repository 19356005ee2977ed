/**
 * Printed flag (optional, BRIEF §3): the flag holder's sleeve with a solid waving flag on its side. Printed
 * flat: the flag lies on the bed and the sleeve beside it is cut flat by the same plane, as deep as leaves
 * MIN_FEATURE_MM of wall under the bore. The sleeve lies on its side, so its bore is a teardrop and its
 * outside stands on a 45° keel down to the bed (the round underside would overhang up to 90° at the bed).
 */
import { hull3d, polygon, type Vec2 } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { CLEARANCE_RANGE_MM, DEFAULT_CLEARANCE_MM, INTERFACES, MIN_FEATURE_MM } from '../standard.js';
import { cutInto, teardrop } from './cutters.js';
import { sleeve } from './flag-holder.js';
import { checkRange, mergeOptions } from './options.js';

export interface FlagOptions {
  /** Sliding clearance per mating surface. Default: DEFAULT_CLEARANCE_MM (0.20 mm, BRIEF §3). */
  clearanceMm: number;
  /** From the sleeve to the flag's fly end. Default 22 mm. */
  lengthMm: number;
  /** Hoist: the flag's height along the sleeve. Default 14 mm. */
  heightMm: number;
  /** Flag thickness on the bed. Default 1.2 mm (six 0.2 mm layers). */
  thicknessMm: number;
  /** Amplitude of the wave in the flag's edges. Default 1.5 mm. */
  waveMm: number;
}

export const DEFAULTS: FlagOptions = {
  clearanceMm: DEFAULT_CLEARANCE_MM,
  lengthMm: 22,
  heightMm: 14,
  thicknessMm: 1.2,
  waveMm: 1.5,
};

/** Builds a printed flag lying on its face. Feature: `sleeve` (hole). */
export function flag(options?: Partial<FlagOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('flag', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('flag', 'lengthMm', o.lengthMm, 8, 60);
  checkRange('flag', 'heightMm', o.heightMm, 6, 40);
  checkRange('flag', 'thicknessMm', o.thicknessMm, MIN_FEATURE_MM, 3);
  checkRange('flag', 'waveMm', o.waveMm, 0, o.heightMm / 5);

  const s = sleeve(o.clearanceMm);
  // Bed plane at y = −bedY: as deep into the sleeve as leaves a wall under the bore, never past its side.
  const bedY = Math.min(s.boreRadiusMm + MIN_FEATURE_MM, s.outerRadiusMm - 0.2);

  // The flag in the sleeve's XZ plane (x out from the sleeve, z along it), its edges waving one and a
  // half times along its length, the fly end cut in a swallowtail.
  const x0 = s.outerRadiusMm - MIN_FEATURE_MM;
  const x1 = s.outerRadiusMm + o.lengthMm;
  const wave = (x: number): number =>
    o.waveMm * Math.sin((3 * Math.PI * (x - x0)) / (x1 - x0)) * ((x - x0) / (x1 - x0));
  const n = 24;
  const bottom: Vec2[] = [];
  const top: Vec2[] = [];
  for (let i = 0; i <= n; i++) {
    const x = x0 + ((x1 - x0) * i) / n;
    bottom.push([x, wave(x) + o.waveMm]);
    top.push([x, wave(x) + o.waveMm + o.heightMm]);
  }
  const tail: Vec2 = [x1 - o.lengthMm * 0.2, wave(x1) + o.waveMm + o.heightMm / 2];
  const outline = polygon([...bottom, tail, ...top.reverse()]);
  // Extrude across the thickness (+Z), turn it into the sleeve's XZ plane (+Z → −Y), and set it on the bed.
  const panel = outline
    .extrude(o.thicknessMm)
    .rotate([90, 0, 0])
    .translate([0, o.thicknessMm - bedY, 0]);
  // The keel: the sleeve's 45° tangents run down to the bed plane, which they meet bedY either side of the
  // axis (the tangent points sit at ±r·cos 45° on both axes). The flag frame's up (out of the bed) is +Y.
  const length = INTERFACES.flagHolder.sleeveLengthMm;
  const keel = hull3d([
    s.body,
    ...[0, length].flatMap((z) => [-1, 1].map((x): [number, number, number] => [x * bedY, -bedY, z])),
  ]);
  const body = keel.union(panel).trimByPlane([0, 1, 0], -bedY);
  return layOnBed(cutInto(body, [teardrop(s.bore, [0, 1, 0])]), [90, 0, 0]);
}
