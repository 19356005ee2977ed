/**
 * The Industry's turret fitting (BRIEF §1, §3): an armoured drum carrying one cannon slot, turning on a
 * round pivot in the hull's turret seat. Printed roof down, pivot up: the roof is flat, its edge
 * chamfered at 45°, and the slot runs level so its ceiling is a short bridge.
 *
 * The rulebook's turret "can fire any direction", so the drum stands its slot high enough that the loaded
 * cannon, whose 25 mm tall body reaches about 50 mm from the pivot, turns all round over everything else on
 * the deck: `slotAboveDeckMm` puts the cannon's underside over the cargo (12 mm above the deck), the bow
 * cannon and the funnel; the mast stands beyond the cannon's reach (assembly/turret-sweep measures both).
 *
 * The slot opens through a flat cut on the drum's side, so a cannon sits square against it. A cannon hangs
 * its mass well outside the drum, so the drum carries a stack of steel ballast washers (BALLAST_WASHER) on
 * the pivot's axis: loaded, the turret's centre of mass stays over its drum and it stands on the deck
 * instead of leaning on its pivot's clearance. The washers sit low, in a pocket in the drum's face on the
 * deck, round the pivot: they slide over the pivot and press onto the boss at its root (the boss grips
 * their hole, ballastPocket), and the pocket opens upward as the turret prints, so it needs no bridge.
 */
import { circle, cylinder, hull3d, type Vec3 } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import {
  CLEARANCE_RANGE_MM,
  DEFAULT_BED_CHAMFER_MM,
  DEFAULT_CLEARANCE_MM,
  HULL,
  INTERFACES,
  PRINTABILITY,
  TURRET,
} from '../standard.js';
import { chamferFitsAtBed } from './chamfer.js';
import { ballastCeilingRiseMm, ballastPocket, cannonSlot, cutInto, FACING, placeCut } from './cutters.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface TurretOptions {
  /** Sliding clearance per mating surface (the pivot takes the rotating class). Default DEFAULT_CLEARANCE_MM (0.20 mm). */
  clearanceMm: number;
  /** Drum diameter. Default 24 mm. */
  drumDiameterMm: number;
  /** Drum height. Default 23.5 mm: the slot over the deck, half the slot and a wall over it at the widest clearance, and the roof's chamfer. */
  drumHeightMm: number;
  /**
   * Height of the slot's centre above the drum's face on the deck. Default 17.5 mm: the cannon's underside
   * (half the 8 mm plug below the slot's centre) 13.5 mm over the deck, 1.5 mm over the Industry's cargo
   * (12 mm tall over the deck), its bow cannon (11.1 mm) and funnel (9 mm), so the loaded turret turns over them.
   */
  slotAboveDeckMm: number;
  /** 45° chamfer round the roof's edge, kept a wall short of the slot. Default 0.4 mm. */
  roofChamferMm: number;
  /** Armour around the slot's mouth, measured across the flat. Default 2 mm. */
  slotWallMm: number;
  /** Ballast washers in the drum's face on the deck, round the pivot (0 for none). Default TURRET.ballastWashers (3, 10.7 g). */
  ballastWashers: number;
  /** Bevel on the roof's edge where it meets the bed, against the printer's elephant's foot (chamfer.ts): no fit reaches the bed, so it only bounds the option. Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

export const DEFAULTS: TurretOptions = {
  clearanceMm: DEFAULT_CLEARANCE_MM,
  drumDiameterMm: 24,
  drumHeightMm: 23.5,
  slotAboveDeckMm: 17.5,
  roofChamferMm: 0.4,
  slotWallMm: 2,
  ballastWashers: TURRET.ballastWashers,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

/** Builds the turret, roof on the bed and pivot up. Features: `turret-pivot` (peg), `cannon-slot` (hole), `ballast-pocket` (hole round the pivot's root, when ballasted). */
export function turret(options?: Partial<TurretOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('turret', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('turret', 'slotWallMm', o.slotWallMm, HULL.minWallMm, 5);
  checkRange('turret', 'bedChamferMm', o.bedChamferMm, 0, 0.4);
  checkOption(
    'turret',
    'ballastWashers',
    o.ballastWashers,
    Number.isInteger(o.ballastWashers) && o.ballastWashers >= 0 && o.ballastWashers <= 6,
    'a whole number of washers from 0 to 6',
  );
  const slot = cannonSlot('cannon-slot', o.clearanceMm);
  if (slot.feature.size.shape !== 'rect') throw new Error('cannon slot is square');
  const slotSide = slot.feature.size.widthMm;
  const pivot = INTERFACES.turretPivot;
  const pocket = o.ballastWashers > 0 ? ballastPocket('ballast-pocket', o.ballastWashers, o.clearanceMm) : null;
  // The pocket's height over the deck face: the washer stack and the lean at its floor (the cutter's ceiling).
  const pocketDepthMm = pocket ? pocket.feature.depthMm + ballastCeilingRiseMm(o.clearanceMm) : 0;
  const pocketRadiusMm = pocket && pocket.feature.size.shape === 'round' ? pocket.feature.size.diameterMm / 2 : 0;
  // Deck side of the slot: the ballast pocket and a wall, or a wall.
  checkRange(
    'turret',
    'slotAboveDeckMm',
    o.slotAboveDeckMm,
    slotSide / 2 + Math.max(o.slotWallMm, pocket ? pocketDepthMm + HULL.minWallMm : 0),
    30,
  );
  checkRange(
    'turret',
    'drumHeightMm',
    o.drumHeightMm,
    o.slotAboveDeckMm + slotSide / 2 + o.roofChamferMm + HULL.minWallMm,
    40,
  );
  checkRange(
    'turret',
    'roofChamferMm',
    o.roofChamferMm,
    0,
    o.drumHeightMm - o.slotAboveDeckMm - slotSide / 2 - HULL.minWallMm,
  );
  // The flat must leave the slot its depth plus a wall before the far side of the drum; the deck face, a wall round the pocket.
  const minDiameter =
    2 *
    Math.max(
      Math.hypot(slotSide / 2 + o.slotWallMm, slot.feature.depthMm / 2 + HULL.minWallMm),
      pocketRadiusMm + HULL.minWallMm,
    );
  checkRange(
    'turret',
    'drumDiameterMm',
    o.drumDiameterMm,
    Math.max(minDiameter, pivot.diameterMm + 2 * HULL.minWallMm),
    60,
  );

  const r = o.drumDiameterMm / 2;
  const c = o.roofChamferMm;
  const H = o.drumHeightMm;
  let drum = cylinder(H - c, r).translate([0, 0, c]);
  if (c > 0) drum = drum.union(circle(r - c).extrude(c, r / (r - c)));
  // Flat face for the slot's mouth, where the drum is as wide as the slot plus its walls; from the roof down
  // to where the drum's wall, coming back out from it at PRINTABILITY.undersideDeg (so it prints without
  // support), leaves a wall round the ballast pocket in the deck face.
  const flatX = Math.sqrt(r * r - (slotSide / 2 + o.slotWallMm) ** 2);
  const flatToMm = pocket ? H - pocketDepthMm - HULL.minWallMm - Math.max(0, pocketRadiusMm - flatX) : H + 1;
  const out = r + 1 - flatX;
  const rise = out / Math.tan((PRINTABILITY.undersideDeg * Math.PI) / 180);
  const flat = (
    [
      [flatX, -1],
      [r + 1, -1],
      [r + 1, flatToMm + rise],
      [flatX, flatToMm],
    ] as const
  ).flatMap(([x, z]): Vec3[] => [
    [x, -r - 1, z],
    [x, r + 1, z],
  ]);
  drum = drum.subtract(hull3d(flat));
  const body = drum.union(cylinder(pivot.lengthMm + 0.01, pivot.diameterMm / 2).translate([0, 0, H - 0.01]));
  const cuts = [
    placeCut(slot, [flatX, 0, H - o.slotAboveDeckMm], FACING['+x']),
    ...(pocket ? [placeCut(pocket, [0, 0, H], FACING.up)] : []),
  ];
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
