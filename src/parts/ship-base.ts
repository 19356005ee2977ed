/**
 * A ship's base for a miniatures game that measures from its base (Kingdom Fleets, games/kingdom-fleets:
 * templates are laid against its front edge, fire arcs run from its corners). A flat plate of the size
 * category's footprint, with a mast socket at its centre that takes the same mast or model peg as every
 * other hull (cutters.mastSocket), or (`mount: 'peg'`) that peg standing on it for a ship miniature's
 * bottom socket (ship-miniature.ts), an engraved arrow toward the bow and the category's mark at the stern.
 *
 * The edges are where the rules measure, so they stay square and full height; only the bottom edge has
 * the bed chamfer, which is under the plate's measured outline.
 */
import { cylinder, polygon, rect, text, union } from '../geometry/kernel.js';
import { layOnBed, type Feature, type Part } from '../geometry/part.js';
import {
  CLEARANCE_RANGE_MM,
  DEFAULT_BED_CHAMFER_MM,
  DEFAULT_CLEARANCE_MM,
  INTERFACES,
  MIN_FEATURE_MM,
} from '../standard.js';
import { cutInto, mastSocket, placeCut } from './cutters.js';
import { extrudeConvexWithBedChamfer } from './chamfer.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface ShipBaseOptions {
  /** Across the ship. Default 40 mm. */
  widthMm: number;
  /** Bow to stern. Default 80 mm. */
  lengthMm: number;
  /** Default 8 mm: the mast socket's depth and a floor under it. */
  thicknessMm: number;
  /** The size category's mark, engraved at the stern (e.g. 'M'). Default 'M'. */
  label: string;
  /** Depth of the engraved arrow and mark. Default 0.6 mm. */
  engraveDepthMm: number;
  /** Sliding clearance of the mast socket. Default DEFAULT_CLEARANCE_MM. */
  clearanceMm: number;
  /** Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
  /** What stands at the centre: a mast `socket`, or a mast's `peg` for a miniature's bottom socket. Default 'socket'. */
  mount: 'socket' | 'peg';
}

const MOUNTS = ['socket', 'peg'] as const;
/** The peg's tip is chamfered to find the socket, as the mast's (mast.ts DEFAULTS.tipChamferMm). */
const PEG_TIP_CHAMFER_MM = 0.4;

export const DEFAULTS: ShipBaseOptions = {
  widthMm: 40,
  lengthMm: 80,
  thicknessMm: 8,
  label: 'M',
  engraveDepthMm: 0.6,
  clearanceMm: DEFAULT_CLEARANCE_MM,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
  mount: 'socket',
};

/** Builds the base flat on the bed, bow along +Y. Feature at the centre: `mast-socket` (hole), or `base-peg` (a mast peg). */
export function shipBase(options?: Partial<ShipBaseOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('ship-base', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('ship-base', 'widthMm', o.widthMm, 20, 200);
  checkRange('ship-base', 'lengthMm', o.lengthMm, o.widthMm, 210);
  checkRange('ship-base', 'thicknessMm', o.thicknessMm, INTERFACES.mastPeg.lengthMm + o.clearanceMm + 1.2, 20);
  checkRange('ship-base', 'engraveDepthMm', o.engraveDepthMm, 0.4, 1.2);
  checkRange('ship-base', 'bedChamferMm', o.bedChamferMm, 0, 0.6);
  checkOption(
    'ship-base',
    'mount',
    o.mount,
    (MOUNTS as readonly string[]).includes(o.mount),
    `one of ${MOUNTS.join(', ')}`,
  );
  checkOption(
    'ship-base',
    'label',
    o.label,
    typeof o.label === 'string' && /^[ -~]{1,3}$/.test(o.label),
    '1 to 3 printable characters',
  );
  const w = o.widthMm,
    l = o.lengthMm,
    t = o.thicknessMm,
    c = o.bedChamferMm;
  const plate = extrudeConvexWithBedChamfer(rect(w, l), t, c);
  const stroke = MIN_FEATURE_MM + 0.1;
  const markH = Math.min(w * 0.3, 10);
  // Between the socket and each end: the arrow toward the bow, the mark toward the stern.
  const reach = l / 2 - INTERFACES.mastPeg.diameterMm;
  const arrowLen = Math.min(reach - 4, w * 0.5);
  const ay = INTERFACES.mastPeg.diameterMm + 2;
  const arrow = polygon([
    [0, ay + arrowLen],
    [arrowLen * 0.35, ay + arrowLen * 0.55],
    [stroke / 2, ay + arrowLen * 0.55],
    [stroke / 2, ay],
    [-stroke / 2, ay],
    [-stroke / 2, ay + arrowLen * 0.55],
    [-arrowLen * 0.35, ay + arrowLen * 0.55],
  ]);
  const mark = text(o.label, markH, stroke).translate(0, -(INTERFACES.mastPeg.diameterMm + 2 + markH / 2 + 1));
  const engraved = arrow
    .union(mark)
    .extrude(o.engraveDepthMm + 0.5)
    .translate([0, 0, t - o.engraveDepthMm]);
  if (o.mount === 'socket')
    return layOnBed(cutInto(plate.subtract(engraved), [placeCut(mastSocket('mast-socket', o.clearanceMm), [0, 0, t])]));
  // The mast's peg, nominal size (the socket takes the clearance), standing from a hair inside the plate.
  const p = INTERFACES.mastPeg,
    r = p.diameterMm / 2,
    tip = PEG_TIP_CHAMFER_MM;
  const peg = union([
    cylinder(p.lengthMm - tip + 0.01, r).translate([0, 0, t - 0.01]),
    cylinder(tip, r, r - tip).translate([0, 0, t + p.lengthMm - tip]),
  ]);
  const feature: Feature = {
    id: 'base-peg',
    kind: 'mast-peg',
    role: 'peg',
    positionMm: [0, 0, t],
    axis: [0, 0, 1],
    size: { shape: 'round', diameterMm: p.diameterMm },
    depthMm: p.lengthMm,
    mating: 'sliding',
  };
  return layOnBed({ solid: union([plate.subtract(engraved), peg]), features: [feature] });
}
