/**
 * Paper flag holder: a sleeve that slides over the mast's top tenon, with a clip on its side whose slot
 * holds a paper flag (BRIEF §3). Printed upright, bore mouth on the bed.
 *
 * `sleeve` is shared with the printed flag (flag.ts): both slide over the same tenon.
 */
import { box, cylinder, type Solid } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { CLEARANCE_RANGE_MM, DEFAULT_BED_CHAMFER_MM, DEFAULT_CLEARANCE_MM, fitDepthMm, fitHoleMm, INTERFACES, MIN_FEATURE_MM } from '../standard.js';
import { chamferFitsAtBed } from './chamfer.js';
import { cutInto, FACING, placeCut, rectHole, roundHole, type Cut } from './cutters.js';
import { checkRange, mergeOptions } from './options.js';

/**
 * The sleeve over the mast tenon: INTERFACES.flagHolder's outer size and length, bored for the tenon with
 * the sliding clearance. Along +Z from z = 0; the bore opens downward at z = 0.
 */
export function sleeve(clearanceMm: number): { body: Solid; bore: Cut; outerRadiusMm: number; boreRadiusMm: number } {
  const t = INTERFACES.mastTenon;
  const h = INTERFACES.flagHolder;
  const boreMm = fitHoleMm(t.diameterMm, 'sliding', clearanceMm);
  return {
    body: cylinder(h.sleeveLengthMm, h.sleeveOuterMm / 2),
    bore: placeCut(roundHole('sleeve', 'sleeve', boreMm, fitDepthMm(t.lengthMm, 'sliding', clearanceMm), 'sliding'), [0, 0, 0], FACING.down),
    outerRadiusMm: h.sleeveOuterMm / 2,
    boreRadiusMm: boreMm / 2,
  };
}

export interface FlagHolderOptions {
  /** Sliding clearance per mating surface. Default: DEFAULT_CLEARANCE_MM (0.20 mm, BRIEF §3). */
  clearanceMm: number;
  /** How far the paper slot reaches into the clip. Default 5 mm. */
  slotDepthMm: number;
  /** Wall of the clip around the paper slot. Default 1.2 mm (above two line widths, stiff enough to grip). */
  clipWallMm: number;
  /** 45° flare of the sleeve's mouth on the bed, against the printer's elephant's foot. Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

export const DEFAULTS: FlagHolderOptions = {
  clearanceMm: DEFAULT_CLEARANCE_MM,
  slotDepthMm: 5,
  clipWallMm: 1.2,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

/** Builds a flag holder standing on its bore's mouth. Features: `sleeve` and `paper-slot` (holes). */
export function flagHolder(options?: Partial<FlagHolderOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('flag-holder', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('flag-holder', 'slotDepthMm', o.slotDepthMm, 2, 10);
  checkRange('flag-holder', 'clipWallMm', o.clipWallMm, MIN_FEATURE_MM, 3);
  checkRange('flag-holder', 'bedChamferMm', o.bedChamferMm, 0, 0.5);

  const f = INTERFACES.flagHolder;
  const s = sleeve(o.clearanceMm);
  // The clip: a block on the sleeve's +X side, the paper slot cut into it from its outer face.
  const clipWidthMm = f.paperSlotMm + 2 * o.clipWallMm;
  const clipHeightMm = f.paperSlotHeightMm + 2 * o.clipWallMm;
  const clipStartX = s.outerRadiusMm - MIN_FEATURE_MM; // overlaps the sleeve's wall so they fuse
  const clipOuterX = s.outerRadiusMm + o.slotDepthMm + MIN_FEATURE_MM;
  const clip = box([clipOuterX - clipStartX, clipWidthMm, clipHeightMm], false).translate([clipStartX, -clipWidthMm / 2, 0]);
  // rectHole: width along local X (turned to run up the clip), height along local Y (across it).
  const slot = placeCut(rectHole('paper-slot', 'paper-slot', f.paperSlotHeightMm, f.paperSlotMm, o.slotDepthMm, 'sliding'), [clipOuterX, 0, clipHeightMm / 2], FACING['+x']);
  return chamferFitsAtBed(layOnBed(cutInto(s.body.union(clip), [s.bore, slot])), o.bedChamferMm);
}
