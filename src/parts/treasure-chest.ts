/**
 * A treasure chest token for a square-grid game (Rigadoon's four chests, games/rigadoon): a strapped box
 * with a flat lid, low and flat-topped because a ship that runs aground parks on top of it (rules,
 * "Running Ships aground"). Straps and the lid's seam are engraved; the seam's roof slopes
 * PRINTABILITY.undersideDeg from vertical (a flat-roofed groove round a wall gets PrusaSlicer's support).
 */
import { box, hull3d, rect, union, type Solid } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { DEFAULT_BED_CHAMFER_MM, MIN_FEATURE_MM, UNDERSIDE_RUN_PER_MM } from '../standard.js';
import { extrudeConvexWithBedChamfer } from './chamfer.js';
import { checkRange, mergeOptions } from './options.js';

export interface TreasureChestOptions {
  /** Default 16 mm. */
  widthMm: number;
  /** Default 11 mm. */
  depthMm: number;
  /** Default 7 mm. */
  heightMm: number;
  /** Depth of the engraved straps, seam and lock. Default 0.4 mm (two layers; a line width on the sides). */
  engraveDepthMm: number;
  /** 45° chamfer round the bottom edge. Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

export const DEFAULTS: TreasureChestOptions = {
  widthMm: 16,
  depthMm: 11,
  heightMm: 7,
  engraveDepthMm: 0.4,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

/** Builds the chest standing on its bottom. No features: nothing mates with it. */
export function treasureChest(options?: Partial<TreasureChestOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('treasure-chest', 'widthMm', o.widthMm, 8, 60);
  checkRange('treasure-chest', 'depthMm', o.depthMm, 6, 60);
  checkRange('treasure-chest', 'heightMm', o.heightMm, 4, 40);
  checkRange('treasure-chest', 'engraveDepthMm', o.engraveDepthMm, 0.2, 1);
  checkRange('treasure-chest', 'bedChamferMm', o.bedChamferMm, 0, 0.6);
  const w = o.widthMm,
    d = o.depthMm,
    h = o.heightMm,
    e = o.engraveDepthMm,
    c = o.bedChamferMm;
  const body = extrudeConvexWithBedChamfer(rect(w, d), h, c);
  const band = MIN_FEATURE_MM;
  const lidSeam = h * 0.62;
  // The lid's seam all round: a slab less the frustum from the box shrunk by the depth at the seam's floor
  // to the full box where its roof meets the wall.
  const rise = e / UNDERSIDE_RUN_PER_MM;
  const cuts: Solid[] = [
    box([w + 2, d + 2, rise], false)
      .translate([-w / 2 - 1, -d / 2 - 1, lidSeam])
      .subtract(
        hull3d([
          rect(w - 2 * e, d - 2 * e)
            .extrude(0.01)
            .translate([0, 0, lidSeam - 0.005]),
          rect(w, d)
            .extrude(0.01)
            .translate([0, 0, lidSeam + rise]),
        ]),
      ),
  ];
  // Two straps over the lid and down the front and back.
  for (const x of [-w / 4, w / 4]) {
    const strap = box([band, d + 2, h + 2], true).translate([x, 0, h / 2]);
    cuts.push(strap.subtract(box([band + 1, d - 2 * e, h * 2], true).translate([x, 0, h - e - h])));
  }
  return layOnBed({ solid: body.subtract(union(cuts)), features: [] });
}
