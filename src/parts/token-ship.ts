/**
 * A token ship for a square-grid game (Rigadoon, games/rigadoon): a small hull that sits inside one
 * space, with a row of mast sockets along its keel line that take the same mast as every other hull
 * (cutters.mastSocket: INTERFACES.mastPeg with the sliding fit), and a raised stern deck so its heading
 * reads at a glance.
 *
 * Printed deck up, flat on the bed; the bottom edge is chamfered against the elephant's foot.
 */
import { box, polygon, union, type Vec2 } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import {
  CLEARANCE_RANGE_MM,
  DEFAULT_BED_CHAMFER_MM,
  DEFAULT_CLEARANCE_MM,
  fitHoleMm,
  INTERFACES,
  MIN_FEATURE_MM,
} from '../standard.js';
import { cutInto, mastSocket, placeCut } from './cutters.js';
import { extrudeConvexWithBedChamfer } from './chamfer.js';
import { DEFAULTS as MAST } from './mast.js';
import { checkRange, mergeOptions } from './options.js';

export interface TokenShipOptions {
  /** Bow to stern. Default 34 mm. */
  lengthMm: number;
  /** Default 14 mm. */
  beamMm: number;
  /** Keel to main deck. Default 8 mm (the socket's depth and a floor under it). */
  heightMm: number;
  /** Mast sockets, evenly along the keel line. Default 3. */
  masts: number;
  /** How far the stern deck stands above the main deck. Default 2 mm. */
  sternRiseMm: number;
  /** Sliding clearance of the mast sockets. Default DEFAULT_CLEARANCE_MM. */
  clearanceMm: number;
  /** 45° chamfer round the bottom edge. Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

export const DEFAULTS: TokenShipOptions = {
  lengthMm: 34,
  beamMm: 14,
  heightMm: 8,
  masts: 3,
  sternRiseMm: 2,
  clearanceMm: DEFAULT_CLEARANCE_MM,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

/** Gap between two neighbouring masts' collars, so each seats on the deck by itself. */
const COLLAR_GAP_MM = 1.5;
/** The mast's collar (mast.ts DEFAULTS), which rests on the deck: what the socket pitch must clear. */
const COLLAR_MM = MAST.collarDiameterMm;

/** Builds the ship lying on its keel, bow along +X. Features: `mast-socket-<i>` (holes). */
export function tokenShip(options?: Partial<TokenShipOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  const peg = INTERFACES.mastPeg;
  checkRange('token-ship', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('token-ship', 'masts', o.masts, 1, 5, 'masts');
  const holeMm = fitHoleMm(peg.diameterMm, 'sliding', o.clearanceMm);
  checkRange(
    'token-ship',
    'beamMm',
    o.beamMm,
    Math.max(holeMm + 2 * MIN_FEATURE_MM + 2, COLLAR_MM + 2 * MIN_FEATURE_MM + 1),
    60,
  );
  checkRange('token-ship', 'heightMm', o.heightMm, peg.lengthMm + o.clearanceMm + 1.2, 30);
  const pitch = COLLAR_MM + COLLAR_GAP_MM;
  // The masts' collars stand between the stern deck (a sixth of the length) and the place in the bow
  // (its last quarter, an ellipse) where the deck narrows to a collar and a wall either side.
  const bowReach = Math.sqrt(Math.max(0, 1 - ((COLLAR_MM / 2 + MIN_FEATURE_MM) / (o.beamMm / 2)) ** 2));
  const minLength = ((o.masts - 1) * pitch + COLLAR_MM) / (1 - 1 / 6 - 1 / 4 + bowReach / 4);
  checkRange('token-ship', 'lengthMm', o.lengthMm, minLength, 200);
  checkRange('token-ship', 'sternRiseMm', o.sternRiseMm, 0, 10);
  checkRange('token-ship', 'bedChamferMm', o.bedChamferMm, 0, 0.6);

  // Lengths to the micrometre: below it a length is float noise, and noise a picometre off a round length left
  // a sliver face (lengthMm 45 + 4.5e-11 exported non-manifold).
  const L = Math.round(o.lengthMm * 1000) / 1000,
    B = o.beamMm / 2;
  const bowStart = L / 2 - L / 4;
  // Sides parallel to a quarter from the bow, then a quarter ellipse to the stem, sampled by angle so its
  // tip is round: a sharp polygon tip would let the bed chamfer's inset outline fall back steeper than 45°.
  const bow: Vec2[] = Array.from({ length: 17 }, (_, i) => {
    const phi = (i * Math.PI) / 32;
    return [bowStart + (L / 2 - bowStart) * Math.sin(phi), B * Math.cos(phi)] as Vec2;
  });
  const outline = polygon([
    [-L / 2, -B],
    ...bow.map(([x, y]) => [x, -y] as Vec2),
    ...bow.slice(0, -1).reverse(),
    [-L / 2, B],
  ]);
  const hull = extrudeConvexWithBedChamfer(outline, o.heightMm, o.bedChamferMm);
  const sternLength = L / 6;
  // The stern deck is the hull's own outline raised and cut off a sixth from the stern, so its sides are the
  // hull's sides exactly: a box laid along them left slivers where the two differed by float noise (lengthMm
  // 45.0005 exported 5 non-manifold edges).
  const stern = outline
    .extrude(o.sternRiseMm + 0.01)
    .translate([0, 0, o.heightMm - 0.01])
    .intersect(
      box([sternLength + 1, 2 * B + 2, o.sternRiseMm + 1], false).translate([-L / 2 - 1, -B - 1, o.heightMm - 0.5]),
    );
  const body = o.sternRiseMm > 0 ? union([hull, stern]) : hull;
  // Sockets centred between the stern deck's front and where the bow has narrowed to a collar's width.
  const x0 = -L / 2 + sternLength,
    x1 = bowStart + (L / 2 - bowStart) * bowReach;
  const mid = (x0 + x1) / 2;
  const cuts = Array.from({ length: o.masts }, (_, i) =>
    placeCut(mastSocket(`mast-socket-${i}`, o.clearanceMm), [mid + (i - (o.masts - 1) / 2) * pitch, 0, o.heightMm]),
  );
  return layOnBed(cutInto(body, cuts));
}
