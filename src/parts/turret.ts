/**
 * The Industry's turret fitting (BRIEF §1, §3): an armoured drum carrying one cannon slot, turning on a
 * round pivot in the hull's turret seat. Printed roof down, pivot up: the roof is flat, its edge
 * chamfered at 45°, and the slot runs level so its ceiling is a short bridge.
 *
 * The slot opens through a flat cut on the drum's side, so a cannon sits square against it.
 */
import { circle, cylinder } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { CLEARANCE_RANGE_MM, DEFAULT_CLEARANCE_MM, HULL, INTERFACES } from '../standard.js';
import { cannonSlot, cutInto, FACING, placeCut } from './cutters.js';
import { checkRange, mergeOptions } from './options.js';

export interface TurretOptions {
  /** Sliding clearance per mating surface (the pivot takes the rotating class). Default DEFAULT_CLEARANCE_MM (0.20 mm). */
  clearanceMm: number;
  /** Drum diameter. Default 24 mm. */
  drumDiameterMm: number;
  /** Drum height. Default 13 mm (the 8 mm plug's slot with walls of about 2 mm above and below). */
  drumHeightMm: number;
  /** 45° chamfer round the roof's edge, kept a wall short of the slot. Default 1.2 mm. */
  roofChamferMm: number;
  /** Armour around the slot's mouth, measured across the flat. Default 2 mm. */
  slotWallMm: number;
}

export const DEFAULTS: TurretOptions = {
  clearanceMm: DEFAULT_CLEARANCE_MM,
  drumDiameterMm: 24,
  drumHeightMm: 13,
  roofChamferMm: 1.2,
  slotWallMm: 2,
};

/** Builds the turret, roof on the bed and pivot up. Features: `turret-pivot` (peg), `cannon-slot` (hole). */
export function turret(options?: Partial<TurretOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('turret', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('turret', 'slotWallMm', o.slotWallMm, HULL.minWallMm, 5);
  const slot = cannonSlot('cannon-slot', o.clearanceMm);
  if (slot.feature.size.shape !== 'rect') throw new Error('cannon slot is square');
  const slotSide = slot.feature.size.widthMm;
  const pivot = INTERFACES.turretPivot;
  checkRange('turret', 'drumHeightMm', o.drumHeightMm, slotSide + 2 * o.slotWallMm, 40);
  checkRange('turret', 'roofChamferMm', o.roofChamferMm, 0, o.drumHeightMm / 2 - slotSide / 2 - HULL.minWallMm);
  // The flat must leave the slot its depth plus a wall before the far side of the drum.
  const minDiameter = 2 * Math.hypot(slotSide / 2 + o.slotWallMm, slot.feature.depthMm / 2 + HULL.minWallMm);
  checkRange('turret', 'drumDiameterMm', o.drumDiameterMm, Math.max(minDiameter, pivot.diameterMm + 2 * HULL.minWallMm), 60);

  const r = o.drumDiameterMm / 2;
  const c = o.roofChamferMm;
  let drum = cylinder(o.drumHeightMm - c, r).translate([0, 0, c]);
  if (c > 0) drum = drum.union(circle(r - c).extrude(c, r / (r - c)));
  // Flat face for the slot's mouth, where the drum is as wide as the slot plus its walls.
  const flatX = Math.sqrt(r * r - (slotSide / 2 + o.slotWallMm) ** 2);
  drum = drum.trimByPlane([-1, 0, 0], -flatX);
  const body = drum.union(cylinder(pivot.lengthMm + 0.01, pivot.diameterMm / 2).translate([0, 0, o.drumHeightMm - 0.01]));
  const part = cutInto(body, [placeCut(slot, [flatX, 0, o.drumHeightMm / 2], FACING['+x'])], [
    {
      id: 'turret-pivot',
      kind: 'turret-pivot',
      role: 'peg',
      positionMm: [0, 0, o.drumHeightMm],
      axis: [0, 0, 1],
      size: { shape: 'round', diameterMm: pivot.diameterMm },
      depthMm: pivot.lengthMm,
      mating: 'rotating',
    },
  ]);
  return layOnBed(part);
}
