/**
 * Cargo fitting: a stack of crates on a square peg that fits the hull's cargo socket (BRIEF §3).
 *
 * Printed upside down — crates on the bed, peg up — so nothing overhangs: the crates are one block with
 * straight sides, their seams sunk into the sides (roofed at PRINTABILITY.grooveRoofDeg), and the in-use
 * top edge (on the bed) chamfered at 45°.
 */
import { box, rect } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { INTERFACES, MIN_FEATURE_MM, PRINTABILITY } from '../standard.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface CargoOptions {
  /** Side of one crate; the stack is 2 × 2 crates in plan. Default 6 mm. */
  crateMm: number;
  /** Crate levels in the stack. Default 2. */
  levels: number;
  /**
   * Width and depth of the sunk seams between crates. Default 0.9 mm (two line widths) wide, 0.6 mm deep. A
   * level seam's roof slopes out at PRINTABILITY.grooveRoofDeg (a flat one would be a 0.6 mm shelf printed
   * in the air), so it stands taller than this where its depth needs.
   */
  seamWidthMm: number;
  seamDepthMm: number;
  /**
   * 45° chamfer on the stack's top edge (on the bed when printed). Default 0.4 mm, two layers: PrusaSlicer
   * 2.5's automatic supports put a ring of support under a deeper one growing from the bed.
   */
  chamferMm: number;
}

export const DEFAULTS: CargoOptions = {
  crateMm: 6,
  levels: 2,
  seamWidthMm: MIN_FEATURE_MM,
  seamDepthMm: 0.6,
  chamferMm: 0.4,
};

/** Builds a cargo stack, crates down and peg up. Feature: `cargo-peg` (peg). */
export function cargo(options?: Partial<CargoOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  const peg = INTERFACES.cargoPeg;
  checkRange('cargo', 'crateMm', o.crateMm, peg.sideMm / 2 + MIN_FEATURE_MM, 20);
  checkOption('cargo', 'levels', o.levels, Number.isInteger(o.levels) && o.levels >= 1 && o.levels <= 4, 'a whole number from 1 to 4');
  checkRange('cargo', 'seamWidthMm', o.seamWidthMm, MIN_FEATURE_MM, o.crateMm / 3);
  checkRange('cargo', 'seamDepthMm', o.seamDepthMm, 0.2, Math.min(o.crateMm / 4, o.seamWidthMm - 0.3));
  checkRange('cargo', 'chamferMm', o.chamferMm, 0, o.crateMm / 4);

  const side = 2 * o.crateMm;
  const height = o.levels * o.crateMm;
  // Plan: a square with a seam notch at the middle of each side, where the crates meet.
  const notches = [0, 90, 180, 270].map((a) => rect(o.seamWidthMm, 2 * o.seamDepthMm).translate(0, side / 2).rotate(a));
  const plan = rect(side, side).subtract(...notches);
  // The chamfer: a plain square growing at 45° over chamferMm, then the notched block above it.
  const c = o.chamferMm;
  const base = c > 0 ? [rect(side - 2 * c, side - 2 * c).extrude(c, side / (side - 2 * c))] : [];
  let crates = plan.extrude(height - c).translate([0, 0, c]);
  if (base.length) crates = crates.union(...base);
  // Horizontal seams between levels: a ring sunk into the sides, its floor level and its roof sloping back
  // out at PRINTABILITY.grooveRoofDeg from vertical over the seam's depth (taller than seamWidthMm where it must be).
  const d = o.seamDepthMm;
  // The roof runs on a hair past the sides, so it crosses them instead of ending on them, and the seam sinks
  // a hair deeper than the notches, so their backs do not lie in one plane.
  const past = 0.1, inner = side - 2 * (d + past), run = d + 2 * past;
  const rise = run / Math.tan((PRINTABILITY.grooveRoofDeg * Math.PI) / 180);
  const ringMm = Math.max(o.seamWidthMm + past, rise + past);
  const core = rect(inner, inner).extrude(ringMm - rise).union(rect(inner, inner).extrude(rise, (inner + 2 * run) / inner).translate([0, 0, ringMm - rise]));
  const ring = rect(side + 2, side + 2).extrude(ringMm).subtract(core);
  const seams = Array.from({ length: o.levels - 1 }, (_, i) => ring.translate([0, 0, (i + 1) * o.crateMm - o.seamWidthMm / 2]));
  if (seams.length) crates = crates.subtract(...seams);
  const solid = crates.union(box([peg.sideMm, peg.sideMm, peg.lengthMm + 0.01], false).translate([-peg.sideMm / 2, -peg.sideMm / 2, height - 0.01]));
  return layOnBed({
    solid,
    features: [
      {
        id: 'cargo-peg',
        kind: 'cargo-peg',
        role: 'peg',
        positionMm: [0, 0, height],
        axis: [0, 0, 1],
        size: { shape: 'rect', widthMm: peg.sideMm, heightMm: peg.sideMm, widthAxis: [1, 0, 0] },
        depthMm: peg.lengthMm,
        mating: 'sliding',
      },
    ],
  });
}
