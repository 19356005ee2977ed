/**
 * Island topper: a puck that turns a household object (a mug, a tin) into an island. Cannon slots open
 * all round its side wall and flag holes in its top take a mast peg. Printed flat side down; the flat
 * underside sits on the object. `topperPuck` and `topperCuts` make the body and place the features; the
 * full island reuses both.
 */
import { box, polygon, union, type Solid } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import {
  CLEARANCE_RANGE_MM,
  DEFAULT_CLEARANCE_MM,
  fitDepthMm,
  fitHoleMm,
  HULL,
  INTERFACES,
  MIN_FEATURE_MM,
  PRINTABILITY,
} from '../standard.js';
import { cannonSlot, cutInto, mastSocket, placeCut, portBoss, type Cut } from './cutters.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface IslandTopperOptions {
  /** Printer's sliding clearance per mating surface. Default DEFAULT_CLEARANCE_MM (0.20 mm). */
  clearanceMm: number;
  /** Puck radius. Default 35 mm: 70 mm across, wide enough to sit on a mug or a tin. */
  radiusMm: number;
  /**
   * Cannon slots, evenly spaced round the side. Default 8 (every 45°): on the printer's axes and diagonals,
   * whose flat roofs PrusaSlicer 2.5 bridges at every clearance; at every 60° it supported, by chance, one
   * slot or several (which, and whether, changed with the clearance, the island's seed or a turn of 0.5°).
   */
  cannonSlots: number;
  /** Flag holes in the top, on a circle round the centre. Default 3. */
  flagHoles: number;
}

export const DEFAULTS: IslandTopperOptions = {
  clearanceMm: DEFAULT_CLEARANCE_MM,
  radiusMm: 35,
  cannonSlots: 8,
  flagHoles: 3,
};

/** Puck height: a cannon slot's centre at the hull's slot height plus the slot's half-width and a roof. */
export function topperHeightMm(clearanceMm: number): number {
  return (
    HULL.cannonSlotCentreHeightMm +
    fitHoleMm(INTERFACES.cannonPlug.sideMm, 'sliding', clearanceMm) / 2 +
    2 * MIN_FEATURE_MM
  );
}

/**
 * 45° chamfer on the puck's top edge (ours): softens the rim and prints without overhang. It stays inside
 * the 2·MIN_FEATURE_MM roof that `topperHeightMm` leaves above the slots, so no slot breaks into it.
 */
export const TOP_CHAMFER_MM = 1.5;

/** The puck from `bottomMm` to `topMm`, chamfered round its top edge. */
export function topperPuck(radiusMm: number, bottomMm: number, topMm: number): Solid {
  const c = TOP_CHAMFER_MM;
  return polygon([
    [0, bottomMm],
    [radiusMm, bottomMm],
    [radiusMm, topMm - c],
    [radiusMm - c, topMm],
    [0, topMm],
  ]).revolve();
}

/** Radius of the circle the flag holes sit on: halfway between the centre and the slots' inner ends. */
function flagCircleMm(o: IslandTopperOptions): number {
  return o.flagHoles === 1
    ? 0
    : (o.radiusMm - fitDepthMm(INTERFACES.cannonPlug.lengthMm, 'sliding', o.clearanceMm)) / 2;
}

/** Checks the topper options (shared with the island, which names itself in the messages). */
export function checkTopperOptions(part: string, o: IslandTopperOptions): void {
  checkRange(part, 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange(part, 'radiusMm', o.radiusMm, 18, 60);
  checkOption(
    part,
    'cannonSlots',
    o.cannonSlots,
    Number.isInteger(o.cannonSlots) && o.cannonSlots >= 1 && o.cannonSlots <= 12,
    'a whole number from 1 to 12',
  );
  checkOption(
    part,
    'flagHoles',
    o.flagHoles,
    Number.isInteger(o.flagHoles) && o.flagHoles >= 1 && o.flagHoles <= 6,
    'a whole number from 1 to 6',
  );
  const slotW = fitHoleMm(INTERFACES.cannonPlug.sideMm, 'sliding', o.clearanceMm);
  const inner = o.radiusMm - fitDepthMm(INTERFACES.cannonPlug.lengthMm, 'sliding', o.clearanceMm);
  // Neighbouring slots' inner corners must keep a wall between them.
  const between = 2 * inner * Math.sin(Math.PI / o.cannonSlots) - slotW;
  checkOption(
    part,
    'cannonSlots',
    o.cannonSlots,
    o.cannonSlots === 1 || between >= MIN_FEATURE_MM,
    `at most as many slots as fit round a ${o.radiusMm} mm puck with ${MIN_FEATURE_MM} mm between them`,
  );
  const hole = fitHoleMm(INTERFACES.mastPeg.diameterMm, 'sliding', o.clearanceMm);
  const ring = flagCircleMm(o);
  const spacing = o.flagHoles === 1 ? Infinity : 2 * ring * Math.sin(Math.PI / o.flagHoles) - hole;
  checkOption(
    part,
    'flagHoles',
    o.flagHoles,
    spacing >= MIN_FEATURE_MM && ring + hole / 2 + MIN_FEATURE_MM <= inner,
    'as many flag holes as fit inside the slots with walls between them',
  );
}

/**
 * The topper's cuts for a puck whose bottom is at `floorMm` and top at `topMm`: cannon slots facing out
 * every 360°/n (the first along +X), slot centres HULL.cannonSlotCentreHeightMm above the floor; flag
 * holes from the top, on a circle between the slots.
 */
export function topperCuts(o: IslandTopperOptions, floorMm: number, topMm: number): Cut[] {
  const cuts: Cut[] = [];
  const zSlot = floorMm + HULL.cannonSlotCentreHeightMm;
  for (let i = 0; i < o.cannonSlots; i++) {
    const a = (360 * i) / o.cannonSlots;
    const t = (a * Math.PI) / 180;
    // The cutter's +Z turned to +X, then round Z by a.
    cuts.push(
      placeCut(
        cannonSlot(`cannon-slot-${i + 1}`, o.clearanceMm),
        [o.radiusMm * Math.cos(t), o.radiusMm * Math.sin(t), zSlot],
        [0, 90, a],
      ),
    );
  }
  const ring = flagCircleMm(o);
  for (let i = 0; i < o.flagHoles; i++) {
    const t = ((360 * (i + 0.5)) / o.flagHoles) * (Math.PI / 180);
    cuts.push(
      placeCut(mastSocket(`flag-hole-${i + 1}`, o.clearanceMm, 'flag-hole'), [
        ring * Math.cos(t),
        ring * Math.sin(t),
        topMm,
      ]),
    );
  }
  return cuts;
}

/**
 * The flat bosses round the cannon slots' mouths for a puck whose bottom is at `floorMm` and top at `topMm`
 * (PRINTABILITY.portBoss): each slot opens on a flat face tangent to the round wall, so its roof ends
 * straight and prints as a bridge; no higher than the puck's top.
 */
export function topperBosses(o: IslandTopperOptions, floorMm: number, topMm: number): Solid[] {
  const half = fitHoleMm(INTERFACES.cannonPlug.sideMm, 'sliding', o.clearanceMm) / 2 + PRINTABILITY.portBoss.marginMm;
  // Past the round wall's innermost point behind the face.
  const inMm = o.radiusMm - Math.sqrt(o.radiusMm ** 2 - half ** 2) + PRINTABILITY.portBoss.fuseMm;
  const cap = box([4 * o.radiusMm, 4 * o.radiusMm, topMm - floorMm], false).translate([
    -2 * o.radiusMm,
    -2 * o.radiusMm,
    floorMm,
  ]);
  return topperCuts(o, floorMm, topMm)
    .filter((c) => c.feature.kind === 'cannon-slot')
    .map((c) => portBoss(c.feature, inMm).intersect(cap));
}
/** Builds the topper flat side down. Features: `cannon-slot-<i>`, `flag-hole-<i>` (holes). */
export function islandTopper(options?: Partial<IslandTopperOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkTopperOptions('islandTopper', o);
  const h = topperHeightMm(o.clearanceMm);
  return layOnBed(cutInto(union([topperPuck(o.radiusMm, 0, h), ...topperBosses(o, 0, h)]), topperCuts(o, 0, h)));
}
