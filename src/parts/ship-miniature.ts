/**
 * A ship miniature for a game that stands its ships on bases (Kingdom Fleets, games/kingdom-fleets): the
 * faction hull builder's lofted hull (src/parts/hull.ts, any of its styles) with a row of mast sockets on
 * its deck and none of Cannons & Coastlines' gameplay holes (no cannon, coin or wheel slot: Kingdom
 * Fleets fires by the card's arcs and dice, and moves by templates), and a socket in its bottom that
 * presses onto the peg of its base (ship-base.ts with `mount: 'peg'`), so the base the rules measure from
 * carries the ship and the ship can be lifted off to lay a template.
 *
 * Both sockets are cutters.mastSocket: the base's peg is the mast's peg (INTERFACES.mastPeg), so a bare
 * mast stands on a base too. Printed upright, flat bottom on the bed; the bottom socket's mouth is
 * flared against the elephant's foot (chamfer.ts) as the hull's other bed holes are.
 */
import { HULL_STYLES, SURFACES, type FactionModel, type HullStyle, type Surface } from '../faction/types.js';
import { layOnBed, type Part } from '../geometry/part.js';
import {
  CLEARANCE_RANGE_MM,
  DEFAULT_BED_CHAMFER_MM,
  DEFAULT_CLEARANCE_MM,
  fitDepthMm,
  HULL,
  INTERFACES,
} from '../standard.js';
import { chamferFitsAtBed } from './chamfer.js';
import { cutInto, mastSocket, placeCut } from './cutters.js';
import { DEFAULTS as HULL_DEFAULTS, hull } from './hull.js';
import { DEFAULTS as MAST } from './mast.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface ShipMiniatureOptions {
  /** The hull's style (hull-styles/styles.ts). Default 'galleon'. */
  style: HullStyle;
  /** Bow to stern. Default 74 mm (on a medium base, 40 × 80 mm). */
  lengthMm: number;
  /** Default 24 mm. */
  beamMm: number;
  /** Keel to deck. Default 18 mm. */
  heightMm: number;
  /** Mast sockets along the keel line, evenly about the middle of the deck. Default 2. */
  masts: number;
  /** The hull's surface relief (hull-styles/surface.ts; planks cost a second a hull to build). Default 'plain'. */
  surface: Surface;
  /** A rail along the gunwale (hull-styles/ornaments.ts). Default true. */
  rail: boolean;
  /** Sliding clearance of the sockets. Default DEFAULT_CLEARANCE_MM. */
  clearanceMm: number;
  /** Flare on the bottom socket's mouth. Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

export const DEFAULTS: ShipMiniatureOptions = {
  style: 'galleon',
  lengthMm: 74,
  beamMm: 24,
  heightMm: 18,
  masts: 2,
  surface: 'plain',
  rail: true,
  clearanceMm: DEFAULT_CLEARANCE_MM,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

/** Masts stand this far apart at most (a sail's width and a little: sail.ts DEFAULTS.widthMm 30 mm). */
const MAX_MAST_PITCH_MM = 32;
/** The masts' row spans at most this share of the length, clear of the castles at the ends. */
const MAST_ROW_SHARE = 0.45;
/** Floor between the bottom socket's roof and a deck socket's floor over it. */
const MIN_FLOOR_MM = 1.2;

/**
 * Builds the miniature upright, bow along +X. Features: `mast-socket-<i>` (deck holes) and `base-socket`
 * (a mast socket opening on the bed, at the middle of the hull's footprint).
 * @throws InputError when the hull's layout does not fit (hull.ts names the field).
 */
export function shipMiniature(options?: Partial<ShipMiniatureOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  const P = 'ship-miniature';
  checkOption(
    P,
    'style',
    o.style,
    (HULL_STYLES as readonly string[]).includes(o.style),
    `one of ${HULL_STYLES.join(', ')}`,
  );
  checkOption(
    P,
    'surface',
    o.surface,
    (SURFACES as readonly string[]).includes(o.surface),
    `one of ${SURFACES.join(', ')}`,
  );
  checkOption(P, 'rail', o.rail, typeof o.rail === 'boolean', 'true or false');
  checkRange(P, 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange(P, 'masts', o.masts, 1, 4, 'masts');
  checkOption(P, 'masts', o.masts, Number.isInteger(o.masts), 'a whole number of masts');
  // Two sockets one over the other (a mast above the base's peg) keep a floor between them.
  const socketDepth = fitDepthMm(INTERFACES.mastPeg.lengthMm, 'sliding', o.clearanceMm);
  checkRange(P, 'heightMm', o.heightMm, Math.max(HULL.minHeightMm, 2 * socketDepth + MIN_FLOOR_MM), 60);
  checkRange(P, 'lengthMm', o.lengthMm, 30, 200);
  checkRange(P, 'beamMm', o.beamMm, 15, Math.min(100, o.lengthMm / 1.5));
  checkRange(P, 'bedChamferMm', o.bedChamferMm, 0, 0.4);
  const pitch = Math.min(MAX_MAST_PITCH_MM, (o.lengthMm * MAST_ROW_SHARE) / Math.max(1, o.masts - 1));
  checkOption(
    P,
    'masts',
    o.masts,
    o.masts === 1 || pitch >= MAST.collarDiameterMm + 1.5,
    `few enough that the masts' ${MAST.collarDiameterMm} mm collars stand apart on ${o.lengthMm} mm of deck`,
  );
  const model: FactionModel = {
    ...HULL_DEFAULTS.model,
    hull: { style: o.style, lengthMm: o.lengthMm, beamMm: o.beamMm, heightMm: o.heightMm },
    fittings: Array.from({ length: o.masts }, (_, i) => ({
      kind: 'mast' as const,
      xMm: (i - (o.masts - 1) / 2) * pitch,
      yMm: 0,
    })),
    cannonSlots: [],
    coinSlot: null,
    wheelSlot: null,
    ballast: null,
    look: { ...HULL_DEFAULTS.model.look, surface: o.surface, ornaments: o.rail ? [{ kind: 'rail' }] : [] },
  };
  const body = hull({ model, clearanceMm: o.clearanceMm, bedChamferMm: o.bedChamferMm });
  // The bottom socket at the middle of the footprint's length, on the keel line (where the masts stand:
  // a proa's float moves the footprint's middle off it), opening downward onto the base's peg.
  const b = body.solid.bounds();
  const centre: [number, number, number] = [
    (b.min[0] + b.max[0]) / 2,
    body.features.find((f) => f.kind === 'mast-socket')!.positionMm[1],
    b.min[2],
  ];
  const withSocket = cutInto(
    body.solid,
    [placeCut(mastSocket('base-socket', o.clearanceMm), centre, [180, 0, 0])],
    body.features,
  );
  return layOnBed(chamferFitsAtBed(withSocket, o.bedChamferMm));
}
