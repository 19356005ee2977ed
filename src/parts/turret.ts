/**
 * The Industry's turret fitting (BRIEF §1, §3): an armoured drum carrying one cannon slot, turning on a
 * round pivot in the hull's turret seat. Printed roof down, pivot up: the roof is flat, its edge
 * chamfered at 45°, and the slot runs level so its ceiling is a short bridge.
 *
 * The slot opens through a flat cut on the drum's side, so a cannon sits square against it. A cannon hangs
 * its mass well outside the drum, so the drum carries a stack of steel ballast washers (BALLAST_WASHER) in
 * a pocket under its roof, on the pivot's axis: loaded, the turret's centre of mass stays over its drum and
 * it stands on the deck instead of leaning on its pivot's clearance. The pocket opens on the roof, the face
 * that prints on the bed, around a boss the washers press onto.
 */
import { box, circle, cylinder } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { CLEARANCE_RANGE_MM, DEFAULT_BED_CHAMFER_MM, DEFAULT_CLEARANCE_MM, HULL, INTERFACES, TURRET } from '../standard.js';
import { chamferFitsAtBed } from './chamfer.js';
import { ballastCeilingRiseMm, ballastPocket, cannonSlot, cutInto, FACING, placeCut } from './cutters.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface TurretOptions {
  /** Sliding clearance per mating surface (the pivot takes the rotating class). Default DEFAULT_CLEARANCE_MM (0.20 mm). */
  clearanceMm: number;
  /** Drum diameter. Default 24 mm. */
  drumDiameterMm: number;
  /** Drum height. Default 21.5 mm: the slot with its armour, a wall, and the ballast pocket (its washers and its ceiling's rise) under the roof, at the widest clearance. */
  drumHeightMm: number;
  /** Height of the slot's centre above the drum's face on the deck. Default 6.6 mm: half the slot and its armour at the widest clearance (CLEARANCE_RANGE_MM). */
  slotAboveDeckMm: number;
  /** 45° chamfer round the roof's edge, kept a wall short of the slot and the ballast pocket. Default 0.4 mm. */
  roofChamferMm: number;
  /** Armour around the slot's mouth, measured across the flat. Default 2 mm. */
  slotWallMm: number;
  /** Ballast washers under the roof (0 for none). Default TURRET.ballastWashers (3, 10.7 g). */
  ballastWashers: number;
  /** Flare on the ballast pocket's mouth on the bed, against the printer's elephant's foot (chamfer.ts). Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

export const DEFAULTS: TurretOptions = {
  clearanceMm: DEFAULT_CLEARANCE_MM,
  drumDiameterMm: 24,
  drumHeightMm: 21.5,
  slotAboveDeckMm: 6.6,
  roofChamferMm: 0.4,
  slotWallMm: 2,
  ballastWashers: TURRET.ballastWashers,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

/** Builds the turret, roof on the bed and pivot up. Features: `turret-pivot` (peg), `cannon-slot` (hole), `ballast-pocket` (hole, when ballasted). */
export function turret(options?: Partial<TurretOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('turret', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('turret', 'slotWallMm', o.slotWallMm, HULL.minWallMm, 5);
  checkRange('turret', 'bedChamferMm', o.bedChamferMm, 0, 0.4);
  checkOption('turret', 'ballastWashers', o.ballastWashers, Number.isInteger(o.ballastWashers) && o.ballastWashers >= 0 && o.ballastWashers <= 6, 'a whole number of washers from 0 to 6');
  const slot = cannonSlot('cannon-slot', o.clearanceMm);
  if (slot.feature.size.shape !== 'rect') throw new Error('cannon slot is square');
  const slotSide = slot.feature.size.widthMm;
  const pivot = INTERFACES.turretPivot;
  const pocket = o.ballastWashers > 0 ? ballastPocket('ballast-pocket', o.ballastWashers, o.clearanceMm) : null;
  // The pocket's height: the washer stack and the ceiling's rise over it.
  const pocketDepthMm = pocket ? pocket.feature.depthMm + ballastCeilingRiseMm(o.clearanceMm) : 0;
  const pocketRadiusMm = pocket && pocket.feature.size.shape === 'round' ? pocket.feature.size.diameterMm / 2 : 0;
  checkRange('turret', 'slotAboveDeckMm', o.slotAboveDeckMm, slotSide / 2 + o.slotWallMm, 30);
  // Roof side of the slot: the roof's chamfer or the ballast pocket, and a wall.
  const underSlotMm = Math.max(o.roofChamferMm, pocketDepthMm) + HULL.minWallMm;
  checkRange('turret', 'drumHeightMm', o.drumHeightMm, o.slotAboveDeckMm + slotSide / 2 + underSlotMm, 40);
  checkRange('turret', 'roofChamferMm', o.roofChamferMm, 0, o.drumHeightMm - o.slotAboveDeckMm - slotSide / 2 - HULL.minWallMm);
  // The flat must leave the slot its depth plus a wall before the far side of the drum; the roof, a wall round the pocket.
  const minDiameter = 2 * Math.max(Math.hypot(slotSide / 2 + o.slotWallMm, slot.feature.depthMm / 2 + HULL.minWallMm), pocketRadiusMm + o.roofChamferMm + HULL.minWallMm);
  checkRange('turret', 'drumDiameterMm', o.drumDiameterMm, Math.max(minDiameter, pivot.diameterMm + 2 * HULL.minWallMm), 60);

  const r = o.drumDiameterMm / 2;
  const c = o.roofChamferMm;
  const H = o.drumHeightMm;
  let drum = cylinder(H - c, r).translate([0, 0, c]);
  if (c > 0) drum = drum.union(circle(r - c).extrude(c, r / (r - c)));
  // Flat face for the slot's mouth, where the drum is as wide as the slot plus its walls; it stops a wall
  // short of the ballast pocket under the roof, which keeps the drum's full round wall.
  const flatX = Math.sqrt(r * r - (slotSide / 2 + o.slotWallMm) ** 2);
  const flatFromMm = pocket ? pocketDepthMm + HULL.minWallMm : 0;
  drum = drum.subtract(box([r, o.drumDiameterMm + 2, H - flatFromMm + 1], false).translate([flatX, -r - 1, flatFromMm]));
  const body = drum.union(cylinder(pivot.lengthMm + 0.01, pivot.diameterMm / 2).translate([0, 0, H - 0.01]));
  const cuts = [placeCut(slot, [flatX, 0, H - o.slotAboveDeckMm], FACING['+x']), ...(pocket ? [placeCut(pocket, [0, 0, 0], FACING.down)] : [])];
  const part = cutInto(body, cuts, [
    {
      id: 'turret-pivot',
      kind: 'turret-pivot',
      role: 'peg',
      positionMm: [0, 0, H],
      axis: [0, 0, 1],
      size: { shape: 'round', diameterMm: pivot.diameterMm },
      depthMm: pivot.lengthMm,
      mating: 'rotating',
    },
  ]);
  return chamferFitsAtBed(layOnBed(part), o.bedChamferMm);
}
