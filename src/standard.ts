/**
 * Every standard dimension and tolerance of Shipwright has its home here, each with where it came from
 * (the model of gridfinity-rebuilt-openscad's standard.scad). Part builders read these; they never invent
 * a mating size of their own, so the two halves of every mating pair come from the same number.
 *
 * Sizes of interfaces are NOMINAL: the size of the male part. The female part is made larger by
 * `fitHoleMm`, the one clearance rule applied per mating surface (the model of BOSL2's `$slop`).
 */
import { MM_PER_INCH } from './units.js';

// ---------------------------------------------------------------------------------------------------------
// Print settings

/** Nozzle, line width and layer height: BRIEF §3 global settings; 15 % infill: rulebook "The Print List". */
export const PRINT_DEFAULTS = {
  nozzleMm: 0.4,
  lineWidthMm: 0.45,
  layerHeightMm: 0.2,
  infillFraction: 0.15,
  /** Walls (perimeters) and top/bottom skin layers: PrusaSlicer's defaults for a 0.4 mm nozzle profile. */
  perimeters: 2,
  topLayers: 5,
  bottomLayers: 4,
} as const;

/** Thinnest wall or embossed detail that slices reliably: two line widths (BRIEF §6). */
export const MIN_FEATURE_MM = 2 * PRINT_DEFAULTS.lineWidthMm;

// ---------------------------------------------------------------------------------------------------------
// Clearance: one rule per mating surface

/**
 * How two parts meet. `sliding` and `rotating` are BRIEF §3's two classes. `press` (carriage into hull)
 * is ours: a quarter of the sliding gap, the usual interference-free press fit for FDM parts.
 */
export type MatingClass = 'press' | 'sliding' | 'rotating';

/** BRIEF §3: 0.20 mm per mating surface for sliding fits. `--clearance` overrides this value. */
export const DEFAULT_CLEARANCE_MM = 0.2;

/** Each class's gap as a multiple of the printer's sliding clearance (0.30/0.20 = 1.5 for rotating, BRIEF §3). */
export const CLEARANCE_RATIO: Readonly<Record<MatingClass, number>> = { press: 0.25, sliding: 1, rotating: 1.5 };

/** Accepted range for `--clearance`: below 0.05 mm nothing fits on an FDM printer; above 0.6 mm pegs rattle. */
export const CLEARANCE_RANGE_MM = { min: 0.05, max: 0.6 } as const;

/** The gap per mating surface for a class, given the printer's sliding clearance. */
export function clearanceMm(cls: MatingClass, slidingClearanceMm: number): number {
  return CLEARANCE_RATIO[cls] * slidingClearanceMm;
}

/** The size of a hole (diameter or width) that takes a male part of `nominalMm`: a gap on both sides. */
export function fitHoleMm(nominalMm: number, cls: MatingClass, slidingClearanceMm: number): number {
  return nominalMm + 2 * clearanceMm(cls, slidingClearanceMm);
}

/** The depth of a blind hole that takes a peg of `pegLengthMm`: one gap at the bottom. */
export function fitDepthMm(pegLengthMm: number, cls: MatingClass, slidingClearanceMm: number): number {
  return pegLengthMm + clearanceMm(cls, slidingClearanceMm);
}

// ---------------------------------------------------------------------------------------------------------
// Game scale (rulebook v0.3)

/** One click of movement: BRIEF §3 "click distance 2.0 in". */
export const CLICK_DISTANCE_MM = 2.0 * MM_PER_INCH;

/** Cannonball diameter: BRIEF §3. */
export const CANNONBALL_DIAMETER_MM = 8;

// ---------------------------------------------------------------------------------------------------------
// Mating interfaces (nominal = male size). Ours, chosen for a 0.4 mm nozzle: every wall around them is
// at least MIN_FEATURE_MM and every peg at least 6 line widths across so it does not snap.

export const INTERFACES = {
  /** Mast peg ↔ hull mast socket and island flag hole (sliding). Round; a flat is cut for printing lying down. */
  mastPeg: { diameterMm: 5, lengthMm: 6, flatDepthMm: 0.6 },
  /** Mast pole ↔ sail loops (sliding). */
  mastPole: { diameterMm: 4, lengthMm: 50 },
  /** Mast top tenon ↔ flag-holder sleeve (sliding). */
  mastTenon: { diameterMm: 3, lengthMm: 5 },
  /** Cargo peg ↔ cargo socket (sliding). Square. */
  cargoPeg: { sideMm: 5, lengthMm: 5 },
  /** Turret pivot ↔ turret seat (rotating). */
  turretPivot: { diameterMm: 10, lengthMm: 4 },
  /** Cannon plug ↔ every cannon slot (sliding). Square, so the cannon cannot roll in its slot. */
  cannonPlug: { sideMm: 8, lengthMm: 8 },
  /** Cannonball ↔ cannon bore (rotating: the ball must roll out freely). Flat for bed adhesion: 0.4 mm deep. */
  cannonball: { diameterMm: CANNONBALL_DIAMETER_MM, flatDepthMm: 0.4 },
  /**
   * Wheel axle ↔ carriage bearing (rotating). A stub crosses the fork's side gap (up to 0.9 mm at the widest
   * clearance) into the 2 mm cheek and must end inside it, or it rubs the hull's wheel-slot wall: 1.9 mm
   * leaves 0.18 mm to spare at the tightest clearance (0.05 mm) and 1 mm in the bearing at the loosest.
   */
  axle: { diameterMm: 3, stubLengthMm: 1.9 },
  /**
   * Thin rubber band around the wheel rim (BRIEF §1). 1.0 mm radial thickness once stretched is our estimate
   * for a standard #16 office band; it sits in a groove so only `proudMm` stands above the rim.
   */
  band: { thicknessMm: 1.0, widthMm: 3.0, proudMm: 0.4 },
  /** Wheel ↔ carriage fork gap (rotating): the wheel's width. */
  wheel: { widthMm: 6, flatHalfAngleDeg: 20 },
  /** Carriage ↔ hull slot (press). Outer block of the carriage. */
  carriage: { cheekMm: 2.0, lengthMm: 22, heightMm: 14.5, wheelProudMm: 2.5 },
  /** Coin ↔ hull coin slot (sliding). Coins stand on edge in the slot. */
  coin: { diameterMm: 20, thicknessMm: 2.4, reliefMm: 0.6, slotDepthMm: 12 },
  /** Flag-holder sleeve; paper slot (paper is 0.1 mm; the slot is wide enough to thread by hand). */
  flagHolder: { sleeveOuterMm: 6.4, sleeveLengthMm: 8, paperSlotMm: 0.6, paperSlotHeightMm: 14 },
} as const;

/**
 * Ballast: flat steel washers, ISO 7089 (normal series, product grade A; the same sizes as DIN 125-A), size
 * M10: hole d1 10.5 mm (its smallest; up to 10.77), outside d2 20 mm (its largest; down to 19.48),
 * thickness h 2 mm (1.8 to 2.2). Steel, 7.85 g/cm³ (EN 10025 structural steel). One washer's mass from its
 * nominal dimensions: π/4 · (20² − 10.5²) · 2 mm³ × 7.85 g/cm³ = 3.57 g. Sold everywhere, by the hundred.
 */
export const BALLAST_WASHER = {
  name: 'M10 steel washer, ISO 7089, 20 × 10.5 × 2 mm',
  holeMinMm: 10.5,
  outsideMaxMm: 20,
  thicknessMm: 2,
  thicknessMaxMm: 2.2,
  densityGPerCm3: 7.85,
} as const;

/** One ballast washer's mass from its nominal dimensions (BALLAST_WASHER), grams. */
export function washerGrams(): number {
  const w = BALLAST_WASHER;
  return ((Math.PI / 4) * (w.outsideMaxMm ** 2 - w.holeMinMm ** 2) * w.thicknessMm * w.densityGPerCm3) / 1000;
}

// ---------------------------------------------------------------------------------------------------------
// Hull and cannon geometry shared by several parts and the solver (ours)

export const HULL = {
  /** Height of a hull cannon slot's centre above the flat bottom; hulls are at least 16 mm tall. */
  cannonSlotCentreHeightMm: 7,
  /** Hulls must be at least this tall: the wheel carriage (14.5 mm) plus a 1.5 mm roof. */
  minHeightMm: 16,
  /** Material kept between any two features and between a feature and the outside: two line widths. */
  minWallMm: MIN_FEATURE_MM,
} as const;

/**
 * The Industry's turret (src/parts/turret.ts): ballast washers under its roof. A loaded turret carries a
 * 8.5 g cannon whose centre of mass sits about 25 mm off its pivot, outside its 24 mm drum; three washers
 * (10.7 g) on the pivot's axis bring the loaded centre of mass about 3 mm inside the drum's face.
 */
export const TURRET = { ballastWashers: 3 } as const;

/**
 * The cannon. `generate` and `shipwright tune` size its flex arm with the spring solver (src/physics/); the
 * builder's own defaults (a uniform 30 mm arm 3 line widths thick, drawn 4 mm) are a shape for tests, not a
 * tuned design: use the solver's.
 */
export const CANNON = {
  armLengthMm: 30,
  armLengthRangeMm: { min: 20, max: 45 },
  /** Arm width = its height on the bed: a whole number of 0.2 mm layers. */
  armWidthMm: 6,
  /**
   * Narrowest arm tip a taper may reach: 10 layers of 0.2 mm. Thinner, a 1–2 line arm is a ribbon that twists
   * out of its bending plane under an off-centre thumb.
   */
  armTipWidthMinMm: 2,
  /**
   * A tapered arm stays at least this many times taller than it is thick: a section flatter than that is
   * stiffer in the bed plane than across it only by (width/thickness)², and a thumb pressing down on the pad
   * would bend it across its layers (print/arm-orientation).
   */
  armMinAspect: 1.5,
  defaultArmThicknessMm: 3 * PRINT_DEFAULTS.lineWidthMm,
  releaseDeflectionMm: 4,
  /**
   * Bore elevation above the slot's axis: the builder's steepest, CANNON_LIMITS.elevationMaxDeg. From a
   * launch 18 mm above the table a lob carries further than a flat shot, and the tip block takes most of
   * the spring's energy (the solver, `shipwright tune`), so every degree counts: a PLA cannon tuned for
   * 24 in uses about 80 % of its strain limit at 30°, 84 % at 25°, and PLA's reach grows from 0.84 m to
   * about 1 m.
   */
  elevationDeg: 30,
  /** The bore's axis sits this far above the slot's centre line (the plug is below the barrel). */
  boreAboveSlotCentreMm: 6,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Printers

export interface PrinterProfile {
  id: string;
  name: string;
  bedXMm: number;
  bedYMm: number;
  maxZMm: number;
  /** Where the size came from. */
  source: string;
}

export const DEFAULT_PRINTER_ID = 'generic-220';

/** Build volumes from the makers' published specifications. */
export const PRINTERS: readonly PrinterProfile[] = [
  { id: 'generic-220', name: 'Generic 220 mm bed', bedXMm: 220, bedYMm: 220, maxZMm: 250, source: 'BRIEF §3 default' },
  { id: 'ender3', name: 'Creality Ender-3 V2', bedXMm: 220, bedYMm: 220, maxZMm: 250, source: 'Creality Ender-3 V2 spec sheet' },
  { id: 'prusa-mk4', name: 'Original Prusa MK4', bedXMm: 250, bedYMm: 210, maxZMm: 220, source: 'Prusa Research MK4 specifications' },
  { id: 'prusa-mini', name: 'Original Prusa MINI+', bedXMm: 180, bedYMm: 180, maxZMm: 180, source: 'Prusa Research MINI+ specifications' },
  { id: 'bambu-x1c', name: 'Bambu Lab X1 Carbon', bedXMm: 256, bedYMm: 256, maxZMm: 256, source: 'Bambu Lab X1C specifications' },
  { id: 'bambu-a1-mini', name: 'Bambu Lab A1 mini', bedXMm: 180, bedYMm: 180, maxZMm: 180, source: 'Bambu Lab A1 mini specifications' },
  { id: 'voron-350', name: 'Voron 2.4 (350)', bedXMm: 350, bedYMm: 350, maxZMm: 340, source: 'Voron Design 2.4 build guide' },
];

/**
 * Limits of the cannon spring solver (`shipwright tune`). Thumb force: BRIEF §4 "thumb force ≤ about 30 N".
 * Arm thickness 2–12 line widths, release deflection from 1 mm to 0.4 × arm length, elevation up to 30°
 * and balls up to 12 mm: the ranges the cannon builder (src/parts/cannon.ts) accepts, so every solved
 * design can be printed.
 */
export const CANNON_LIMITS = {
  thumbForceN: 30,
  armThicknessLines: { min: 2, max: 12 },
  releaseDeflectionMinMm: 1,
  releaseDeflectionMaxRatio: 0.4,
  elevationMaxDeg: 30,
  ballDiameterMaxMm: 12,
} as const;
