/**
 * Paper flag holder as a pennant staff (BRIEF §3, issue 16): a sleeve that slides over the mast's top
 * tenon and carries the masthead's top, a round platform with a low rail; above it a staff, and beside the
 * staff a clip whose slot holds a paper flag. Printed upright, bore mouth on the bed: the platform's
 * underside is a cone from the sleeve, the staff and clip stand on the platform, and where the clip reaches
 * past it a bracket runs down to the sleeve, both at PRINTABILITY.undersideDeg.
 *
 * `sleeve` is shared with the printed flag (flag.ts): both slide over the same tenon.
 */
import { box, cylinder, hull3d, union, type Solid, type Vec3 } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import {
  CLEARANCE_RANGE_MM,
  DEFAULT_BED_CHAMFER_MM,
  DEFAULT_CLEARANCE_MM,
  fitDepthMm,
  fitHoleMm,
  INTERFACES,
  MIN_FEATURE_MM,
  PRINT_DEFAULTS,
  UNDERSIDE_RUN_PER_MM,
} from '../standard.js';
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
    bore: placeCut(
      roundHole('sleeve', 'sleeve', boreMm, fitDepthMm(t.lengthMm, 'sliding', clearanceMm), 'sliding'),
      [0, 0, 0],
      FACING.down,
    ),
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
  /** The masthead's top: the platform's diameter. Default 11 mm. */
  topDiameterMm: number;
  /** The staff's diameter and how far it stands above the clip. Default 2.4 mm and 1.5 mm. */
  staffDiameterMm: number;
  staffAboveClipMm: number;
  /** 45° flare of the sleeve's mouth on the bed, against the printer's elephant's foot. Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

export const DEFAULTS: FlagHolderOptions = {
  clearanceMm: DEFAULT_CLEARANCE_MM,
  slotDepthMm: 5,
  clipWallMm: 1.2,
  topDiameterMm: 11,
  staffDiameterMm: 2.4,
  staffAboveClipMm: 1.5,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

/** The top's deck and its rail (ours): five layers thick, a rail two line widths wide and five layers tall. */
const TOP = {
  deckMm: 5 * PRINT_DEFAULTS.layerHeightMm,
  railWidthMm: MIN_FEATURE_MM,
  railHeightMm: 5 * PRINT_DEFAULTS.layerHeightMm,
} as const;

/** Builds a flag holder standing on its bore's mouth. Features: `sleeve` and `paper-slot` (holes). */
export function flagHolder(options?: Partial<FlagHolderOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('flag-holder', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('flag-holder', 'slotDepthMm', o.slotDepthMm, 2, 10);
  checkRange('flag-holder', 'clipWallMm', o.clipWallMm, MIN_FEATURE_MM, 3);
  checkRange('flag-holder', 'bedChamferMm', o.bedChamferMm, 0, 0.5);
  const f = INTERFACES.flagHolder;
  checkRange('flag-holder', 'topDiameterMm', o.topDiameterMm, f.sleeveOuterMm + 2 * TOP.railWidthMm, 20);
  checkRange('flag-holder', 'staffDiameterMm', o.staffDiameterMm, MIN_FEATURE_MM * 2, f.sleeveOuterMm);
  checkRange('flag-holder', 'staffAboveClipMm', o.staffAboveClipMm, 0, 10);

  const s = sleeve(o.clearanceMm);
  const R = o.topDiameterMm / 2;
  // The top: a cone out from the sleeve's wall to the platform's edge at PRINTABILITY.undersideDeg, the deck
  // on it, a rail round it.
  const flare = R - s.outerRadiusMm,
    steep = UNDERSIDE_RUN_PER_MM;
  const zDeck = f.sleeveLengthMm,
    zCone = zDeck - flare / steep;
  const top = union([
    cylinder(flare / steep, s.outerRadiusMm, R).translate([0, 0, zCone]),
    cylinder(TOP.deckMm, R).translate([0, 0, zDeck]),
    cylinder(TOP.railHeightMm, R)
      .subtract(cylinder(TOP.railHeightMm + 1, R - TOP.railWidthMm).translate([0, 0, -0.5]))
      .translate([0, 0, zDeck + TOP.deckMm - 0.01]),
  ]);
  // The clip: a blade standing on the deck beside the staff, on +X, the paper slot cut into it from its outer face.
  const zClip = zDeck + TOP.deckMm - 0.01;
  const clipWidthMm = f.paperSlotMm + 2 * o.clipWallMm;
  const clipHeightMm = f.paperSlotHeightMm + 2 * o.clipWallMm;
  const r = o.staffDiameterMm / 2;
  const clipStartX = r - MIN_FEATURE_MM / 2; // reaches into the staff so they fuse
  const clipOuterX = r + o.slotDepthMm + MIN_FEATURE_MM;
  const clip = box([clipOuterX - clipStartX, clipWidthMm, clipHeightMm], false).translate([
    clipStartX,
    -clipWidthMm / 2,
    zClip,
  ]);
  // Where the clip reaches past the top, a bracket under it runs down to the sleeve at PRINTABILITY.undersideDeg.
  const sw = s.outerRadiusMm - MIN_FEATURE_MM / 2;
  const bracket = hull3d(
    [-1, 1].flatMap(
      (y) =>
        [
          [sw, (y * clipWidthMm) / 2, zClip - (clipOuterX - sw) / steep],
          [sw, (y * clipWidthMm) / 2, zClip + 0.01],
          [clipOuterX, (y * clipWidthMm) / 2, zClip + 0.01],
        ] as Vec3[],
    ),
  );
  // The staff, a little taller than the clip, its tip a 45° cone.
  const staffMm = clipHeightMm + o.staffAboveClipMm;
  const staff = cylinder(staffMm, r)
    .union(cylinder(r, r, 0).translate([0, 0, staffMm]))
    .translate([0, 0, zClip]);
  // rectHole: width along local X (turned to run up the clip), height along local Y (across it).
  const slot = placeCut(
    rectHole('paper-slot', 'paper-slot', f.paperSlotHeightMm, f.paperSlotMm, o.slotDepthMm, 'sliding'),
    [clipOuterX, 0, zClip + clipHeightMm / 2],
    FACING['+x'],
  );
  return chamferFitsAtBed(
    layOnBed(cutInto(union([s.body, top, clip, bracket, staff]), [s.bore, slot])),
    o.bedChamferMm,
  );
}
