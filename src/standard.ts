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

/**
 * PrusaSlicer's `solid_infill_below_area` (2.5's built-in default, `prusa-slicer --help-fff`): an island whose
 * infill region is smaller than this, mm², is filled solid, so a ball of up to about 11 mm prints solid.
 */
export const SOLID_INFILL_BELOW_AREA_MM2 = 70;

/**
 * How a ball in a rubber-like filament prints: three walls and no infill (the rulebook's print list: "TPU
 * with three walls and no infill bounces less"). The solver weighs such a ball with these.
 */
export const ELASTOMER_BALL_PRINT = { ...PRINT_DEFAULTS, perimeters: 3, infillFraction: 0 } as const;

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
  /**
   * Cannonball ↔ cannon bore (rotating: the ball must roll out freely). A flat for bed adhesion
   * `flatDepthMm` above the sphere's bottom, two layers, and from the flat's rim a cone rising at `coneDeg`
   * from vertical to where it meets the sphere again (src/physics/ball.ts `ballShape`): a chord of the
   * sphere, so nothing lies outside the 8 mm sphere (the ball passes the bore whichever way it turns) and the
   * ball stands 7.6 mm tall on a 3.5 mm flat, with 94 % of the sphere's volume (issue 27: it was 6.6 mm on
   * a 1.4 mm flat, 91 %). `coneDeg` is ours, under PRINTABILITY.overhangDeg: PrusaSlicer 2.5's automatic
   * supports at their 44° threshold (npm run test:slow) put support under a 45° cone on 10, 16 and 20 mm
   * balls, and under a 40° or 42° one on no ball of 4–20 mm at 0.2 or 0.16 mm layers. The print plan adds a brim.
   */
  cannonball: { diameterMm: CANNONBALL_DIAMETER_MM, flatDepthMm: 2 * PRINT_DEFAULTS.layerHeightMm, coneDeg: 40 },
  /**
   * Wheel axle ↔ carriage bearing (rotating). A stub crosses the fork's side gap (0.15–0.45 mm at clearances
   * 0.1–0.3 mm, 0.9 mm at the widest) into the 2 mm cheek and ends inside it, short of the hull's slot wall.
   * 1.5 mm reaches 1.05–1.35 mm into the bearing at 0.1–0.3 mm and leaves the snap's retaining lip, the
   * cheek behind the throat (src/parts/carriage.ts), at least two line widths thick at those clearances.
   */
  axle: { diameterMm: 3, stubLengthMm: 1.5 },
  /**
   * The rubber band's seat (BRIEF §1): the band's outer face stands `proudMm` above the wheel's flanges, so
   * only the band touches the table. The band itself is a BandSpec (DEFAULT_BAND below, or the profile's).
   */
  band: { proudMm: 0.4 },
  /** Wheel ↔ carriage fork gap (rotating): the wheel's width. */
  wheel: { widthMm: 6, flatHalfAngleDeg: 20 },
  /**
   * Carriage ↔ hull slot (press). Outer block of the carriage. The wheel stands `wheelProudMm` below it,
   * or more for a wheel so large (recalibrated, calibrate-wheel) that its reach (the band over its keel's
   * corners, src/parts/wheel.ts) would pass closer than `wheelTopGapMm` to the carriage's top, under the
   * hull's slot roof: a line width of air and a little over. Each cheek's bearing sits on a snap tongue
   * (src/parts/carriage.ts): the stub passes a throat `snapInterferenceMm` narrower than it reaches, on a
   * tongue thinned to `hingeMm` (two line widths, printed as solid perimeters) near its root: the tongue runs
   * the block's full height, and so thin its hinge's face stays clear of the block's top bevel.
   *
   * Below the hull the carriage stands on as a foot, `footWidthMm` across (a flange either side of the block,
   * under the hull's bottom), down to just over the table when the wheel is parked on its flat, so a ship
   * leaning under a side cannon settles on the foot's corners rather than tipping about the band's 2 mm cord
   * (assembly/stands). 18 mm (ours) is about the narrowest shipped hull's bottom at its wheel (the proa's). A parked ship
   * pitches bow-down onto its skid about the flat's leading edge (the wheel lifts the stern), which lowers
   * the foot's front edge: the foot is cut so that edge stays `footGapMm` over the table for any pitch up to
   * `footPitchMaxDeg` (the shipped hulls pitch 1.6–2.4°). `footGapMm` (ours) is 0: at that steepest pitch
   * the front edge meets the table, and at the shipped hulls' pitches it stands 0.01–0.15 mm off it, so a
   * parked ship stands on band, foot and skid rather than heeling onto the foot under a side cannon (issue
   * 28: with 0.1 mm the Corsairs heeled 1.2°). It never holds the band off the table (a pushed ship would
   * slide, not roll its clicks): parked on the flat, the band touches by construction, and once the wheel
   * rolls off its flat the stern rises by the flat's inset (about 0.4 mm), so the foot never drags.
   */
  carriage: {
    cheekMm: 2.0,
    lengthMm: 22,
    heightMm: 14.5,
    wheelProudMm: 2.5,
    wheelTopGapMm: 0.5,
    snapInterferenceMm: 0.25,
    hingeMm: 2 * PRINT_DEFAULTS.lineWidthMm,
    footWidthMm: 18,
    footGapMm: 0,
    footPitchMaxDeg: 2.5,
  },
  /** Coin ↔ hull coin slot (sliding). Coins stand on edge in the slot. */
  coin: { diameterMm: 20, thicknessMm: 2.4, reliefMm: 0.6, slotDepthMm: 12 },
  /**
   * Flag-holder sleeve; paper slot (paper is 0.1 mm; the slot is wide enough to thread by hand), 8 mm tall so
   * the holder shows 17 mm over the mast's tenon, two thirds of the 26 mm sail (a 14 mm slot made it a block
   * as tall as the sail, issue 28).
   */
  flagHolder: { sleeveOuterMm: 6.4, sleeveLengthMm: 8, paperSlotMm: 0.6, paperSlotHeightMm: 8 },
} as const;

/**
 * Game-pack interfaces (games/*, src/games): ours, chosen for a 0.4 mm nozzle like the ones above.
 *
 * `key`: the jigsaw key that joins board tiles and range-ruler segments edge to edge (a round knob on a
 * neck, the neck narrower than the knob so the joint cannot pull apart in the plane). Sliding fit: the
 * keyway is the key's outline grown by the sliding clearance (src/parts/key-joint.ts). Neck 5 mm (11 line
 * widths), knob 8 mm, reach 10 mm: the neck runs 2.9 mm straight before the knob swells past it, so the
 * knob (3 mm wider) cannot pull back through the keyway's mouth.
 *
 * `dialPivot`: the split snap pin a click dial turns on (src/parts/dial-base.ts) ↔ the dial's bore
 * (rotating). Its head stands `retentionMm` proud of the bore's radius, within SNAP_RETENTION_MM, and the
 * slot between its two prongs is PRINT_IN_PLACE_GAP_MM wide so they print apart and flex in.
 *
 * `detent`: the nub on a dial base (peg) ↔ the dimples under the dial (holes). The nub stands the dial's
 * axial play plus `engagementMm` tall, so a dial held down by the pivot's head must lift
 * `engagementMm`, within SNAP_RETENTION_MM, to leave a stop: that is the click.
 */
export const GAME_INTERFACES = {
  key: { neckWidthMm: 5, knobDiameterMm: 8, reachMm: 10 },
  dialPivot: { diameterMm: 6, retentionMm: 0.2 },
  detent: { nubDiameterMm: 2.4, engagementMm: 0.2 },
} as const;

/**
 * How much a snap-in wheel bearing must hold, as the throat interference per side that the validator
 * measures (assembly/wheel-retained). Below 0.15 mm, a third of a line width and about what FDM's
 * dimensional spread on a small feature eats, a throat may print as none; above 0.28 mm the carriage's
 * tongue (3 line widths at its hinge, under a 45° top) strains past PLA's nominal repeated-flex limit (0.9 %,
 * src/materials.ts) each time a wheel is snapped in, at the tightest clearance (carriageSnap, src/parts/carriage.ts).
 */
export const SNAP_RETENTION_MM = { min: 0.15, max: 0.28 } as const;

/**
 * Gap between parts printed in place that must come off the bed apart (the carriage's snap tongues, the
 * fit coupon's print-in-place test): 1.0 mm, which a 0.4 mm nozzle does not bridge and which sagging
 * bridge roads do not close. The same value as the cannon's own motion gap (src/parts/cannon.ts keeps
 * its copy private).
 */
export const PRINT_IN_PLACE_GAP_MM = 1.0;

// ---------------------------------------------------------------------------------------------------------
// The rubber band (the wheel's tyre)

/** A rubber band as bought: an O-ring, named by its standard size. */
export interface BandSpec {
  /** The size as sold, e.g. `AS568-014`. */
  name: string;
  /** Inner diameter, relaxed. */
  innerDiameterMm: number;
  /** Cross-section (cord) diameter, relaxed. */
  crossSectionMm: number;
  /** Where the size comes from. */
  source: string;
}

/**
 * The default band: an AS568-014 O-ring (SAE AS568, dash number 014: 0.489 in ID × 0.070 in cross-section,
 * 12.42 ± 0.13 mm × 1.78 ± 0.08 mm), sold everywhere in NBR-70. On the 2-inch-click wheel's groove it
 * stretches about 2 %, inside the few per cent O-ring glands are designed for, so it grips without ageing.
 */
export const DEFAULT_BAND: BandSpec = {
  name: 'AS568-014',
  innerDiameterMm: 12.42,
  crossSectionMm: 1.78,
  source: 'SAE AS568 dash 014 (0.489 in × 0.070 in)',
};

/**
 * Stretch of a band's inner circumference on the wheel's groove that Shipwright accepts (ours): at least 1 %
 * so it grips the groove through the ID's ±1 % tolerance; at most 15 %, where the volume model thins the
 * cord by 6 %. Static seals are designed to about 5 % for a long life (O-ring gland practice); a tyre that
 * can be replaced for pennies may take more, which is what lets one ring size serve a recalibrated wheel.
 */
export const BAND_STRETCH_RANGE = { min: 0.01, max: 0.15 } as const;

/** A wheel's measured roll over its designed roll (calibrate-wheel) that Shipwright accepts as a correction. */
export const WHEEL_ROLL_FACTOR_RANGE = { min: 0.8, max: 1.25 } as const;

/**
 * Ballast: flat steel washers, ISO 7089 (normal series, product grade A; the same sizes as DIN 125-A), size
 * M10: hole d1 10.5 mm H13, so 10.50 to 10.77 mm (ISO 7089:2000 table 1: d1 min 10.50, max 10.77; H13 on
 * 10.5 mm is +0.27, ISO 286-2), outside d2 20 mm (its largest; down to 19.48), thickness h 2 mm (1.8 to
 * 2.2). Steel, 7.85 g/cm³ (EN 10025 structural steel). One washer's mass from its nominal dimensions:
 * π/4 · (20² − 10.5²) · 2 mm³ × 7.85 g/cm³ = 3.57 g. Sold everywhere, by the hundred.
 */
export const BALLAST_WASHER = {
  name: 'M10 steel washer, ISO 7089, 20 × 10.5 × 2 mm',
  holeMinMm: 10.5,
  holeMaxMm: 10.77,
  outsideMaxMm: 20,
  thicknessMm: 2,
  thicknessMaxMm: 2.2,
  densityGPerCm3: 7.85,
} as const;

/**
 * How much the printed boss in a ballast pocket (src/parts/cutters.ts ballastPocket) must overlap a washer's
 * hole, per side, so the washers press on and stay: a steel hole does not give as a printed one does, so the
 * boss must be larger than the largest hole ISO 7089 allows (at least `min`, the 0.01 mm a faceted circle's
 * flats lose, validate's fit tolerance), and overlap the smallest by no more than `max`, two-thirds of the
 * outer perimeter's 0.45 mm road, which the washer's edge crushes or shaves as it goes on, leaving the inner
 * perimeter whole (ours).
 */
export const WASHER_GRIP_MM = { min: 0.01, max: 0.3 } as const;

/**
 * The boss the ballast washers press onto: the washer's largest hole (BALLAST_WASHER.holeMaxMm) with the
 * press class's gap at the printer's clearance taken as interference on each side, so it grips every washer
 * the standard allows by 0.25 × the clearance (0.05 mm at 0.2 mm) on the largest hole and that plus 0.135 mm
 * on the smallest, within WASHER_GRIP_MM for every accepted clearance (0.0125–0.285 mm at 0.05–0.6 mm).
 */
export function washerBossMm(slidingClearanceMm: number): number {
  return BALLAST_WASHER.holeMaxMm + 2 * clearanceMm('press', slidingClearanceMm);
}

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
 * Surface detail (issue 16): sizes from the print settings (PRINT_DEFAULTS), so every line survives slicing
 * at a 0.4 mm nozzle and 0.2 mm layers and none is finer than what prints.
 */
export const DETAIL = {
  /**
   * A groove across a side wall (planks, stone courses, a port's frame): three layers tall, since one or two
   * merge into the layer lines, and sunk two-thirds of a line width, a step the outer perimeter shows but
   * that leaves every wall of HULL.minWallMm more than a line thick. Its roof slopes back out at
   * PRINTABILITY.grooveRoofDeg, so it never needs support.
   */
  sideGrooveHeightMm: 3 * PRINT_DEFAULTS.layerHeightMm,
  sideGrooveDepthMm: (2 / 3) * PRINT_DEFAULTS.lineWidthMm,
  /** A groove running up a side wall (a stone's joint, a plate's seam): a line and a half wide, as deep as a side groove. */
  sideJointWidthMm: 1.5 * PRINT_DEFAULTS.lineWidthMm,
  /** A groove in a top face (deck planks): a line and a half wide, so the top infill leaves it open, two layers deep. */
  topGrooveWidthMm: 1.5 * PRINT_DEFAULTS.lineWidthMm,
  topGrooveDepthMm: 2 * PRINT_DEFAULTS.layerHeightMm,
  /** Raised detail on a side (rivets): proud by a line width, its underside at 45° or steeper. */
  reliefMm: PRINT_DEFAULTS.lineWidthMm,
  /** Keep-out around every declared feature and fitting seat: detail never reaches a probed surface. */
  featureMarginMm: 1.5,
  /** Pitches (ours, read off 1:300 ship models: a strake every 2–3 mm, ashlar courses a little taller). */
  plankPitchMm: 2.4,
  deckPlankPitchMm: 2.6,
  stoneCourseMm: 3,
  stoneBlockMm: 7,
  ironPlateMm: 12,
  rivetPitchMm: 3,
} as const;

/**
 * Most triangles one exported part may have (ours): 40 000 is a 2 MB binary STL, which PrusaSlicer loads and
 * slices in well under a second and a 4-player print plan packs into 3MF files of a few megabytes. The
 * detailed hulls use about half of it (test/parts/hull-styles/surface.test.ts checks every part against it).
 */
export const TRIANGLE_BUDGET = 40_000;

/**
 * The Industry's turret (src/parts/turret.ts): ballast washers in its face on the deck, round its pivot. A loaded turret carries a
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
  /**
   * How far the first layer squashes out past the part's outline (elephant's foot): the slicers' own
   * compensation for the printer. Every fit that meets the bed gets a chamfer at least this big.
   */
  elephantFootMm: number;
  /** Where the size and the elephant's foot came from. */
  source: string;
}

export const DEFAULT_PRINTER_ID = 'generic-220';

/**
 * Build volumes from the makers' published specifications. Elephant's foot: PrusaSlicer's
 * `elefant_foot_compensation` in its Prusa Research printer profiles is 0.2 mm; Bambu Studio's BBL process
 * profiles (fdm_process_single_0.20.json) set 0.15 mm. Printers whose slicer profile we have not read take
 * PrusaSlicer's 0.2 mm [E].
 */
export const PRINTERS: readonly PrinterProfile[] = [
  {
    id: 'generic-220',
    name: 'Generic 220 mm bed',
    bedXMm: 220,
    bedYMm: 220,
    maxZMm: 250,
    elephantFootMm: 0.2,
    source:
      "a common 220 mm class bed (Ender-3 size), the default when no printer is named; elephant's foot [E] as PrusaSlicer's Prusa profiles",
  },
  {
    id: 'ender3',
    name: 'Creality Ender-3 V2',
    bedXMm: 220,
    bedYMm: 220,
    maxZMm: 250,
    elephantFootMm: 0.2,
    source: "Creality Ender-3 V2 spec sheet; elephant's foot [E] as PrusaSlicer's Prusa profiles",
  },
  {
    id: 'prusa-mk4',
    name: 'Original Prusa MK4',
    bedXMm: 250,
    bedYMm: 210,
    maxZMm: 220,
    elephantFootMm: 0.2,
    source: 'Prusa Research MK4 specifications; PrusaSlicer PrusaResearch.ini elefant_foot_compensation',
  },
  {
    id: 'prusa-mini',
    name: 'Original Prusa MINI+',
    bedXMm: 180,
    bedYMm: 180,
    maxZMm: 180,
    elephantFootMm: 0.2,
    source: 'Prusa Research MINI+ specifications; PrusaSlicer PrusaResearch.ini elefant_foot_compensation',
  },
  {
    id: 'bambu-x1c',
    name: 'Bambu Lab X1 Carbon',
    bedXMm: 256,
    bedYMm: 256,
    maxZMm: 256,
    elephantFootMm: 0.15,
    source: 'Bambu Lab X1C specifications; Bambu Studio BBL process profiles elefant_foot_compensation',
  },
  {
    id: 'bambu-a1-mini',
    name: 'Bambu Lab A1 mini',
    bedXMm: 180,
    bedYMm: 180,
    maxZMm: 180,
    elephantFootMm: 0.15,
    source: 'Bambu Lab A1 mini specifications; Bambu Studio BBL process profiles elefant_foot_compensation',
  },
  {
    id: 'voron-350',
    name: 'Voron 2.4 (350)',
    bedXMm: 350,
    bedYMm: 350,
    maxZMm: 340,
    elephantFootMm: 0.2,
    source: "Voron Design 2.4 build guide; elephant's foot [E] as PrusaSlicer's Prusa profiles",
  },
];

/** The default printer's elephant's foot: the bed chamfer parts get when built without a printer. */
export const DEFAULT_BED_CHAMFER_MM = PRINTERS.find((p) => p.id === DEFAULT_PRINTER_ID)!.elephantFootMm;

// ---------------------------------------------------------------------------------------------------------
// Print plates (`shipwright print`)

export const PRINT_PLATE = {
  /** Between parts on a plate: PrusaSlicer's default arrange distance (`min_object_distance`, 6 mm). */
  gapMm: 6,
  /** From the bed's edge: room for the clips and the purge line most printers draw along the front. */
  edgeMm: 5,
  /**
   * Footprint cells for outline nesting: half a millimetre, a little over a 0.4 mm nozzle's line. Outlines
   * are rounded out to whole cells, so parts nest up to a cell further apart than the gap, never closer.
   */
  cellMm: 0.5,
} as const;

/**
 * The colour vocabulary: every colour name the rulebook's print list and the faction cards use, and the
 * common names a player might write, each with the shade print plates show it in (3MF base materials,
 * sRGB; our choice of a representative shade). The rulebook's mast and cargo "Wood/Brown" is one colour,
 * `wood-brown`. A card colour outside this list is a validate warning (card/colour).
 */
export const PRINT_COLORS: Readonly<Record<string, string>> = {
  // The rulebook's print list
  'wood-brown': '#8B5A2B',
  black: '#1A1A1A',
  white: '#F2F2F2',
  gunmetal: '#4A5059',
  'neon green': '#39FF14',
  orange: '#FF7F11',
  sand: '#D8C18F',
  grey: '#8C8C8C',
  green: '#3A7D44',
  gold: '#D4A62A',
  'blue-grey': '#5B7083',
  // The shipped faction cards
  'deep-purple': '#4B2A6B',
  terracotta: '#C0623B',
  teal: '#1F8A85',
  // Common names
  red: '#B3261E',
  blue: '#1F4E9C',
  navy: '#1B2A49',
  purple: '#6A3D9A',
  yellow: '#F2C318',
  pink: '#E58FB0',
  silver: '#B8BCC2',
  bronze: '#A0692E',
  ivory: '#F3EBD3',
};
/** Paper for printed flags and cards: 80 g/m² office paper is 0.1 mm thick (ISO 536 grammage, typical caliper). */
export const PAPER_THICKNESS_MM = 0.1;

/**
 * Playing cards and their sleeves, mm. `poker` 63 × 88: the Cannons & Coastlines faction cards (the size
 * trading-card games print). `usPoker` 63.5 × 88.9: 2.5 × 3.5 in, the US poker card and the paper cards the
 * game packs print (`cards --game`). `sleeved`: the outside of a "standard" card sleeve, sold as 66 × 91 mm
 * (Ultra PRO and Dragon Shield "Standard" size), for a card of either size; its thickness, a 0.32 mm card
 * (a playing card's usual caliper, ~0.30–0.32 mm) between two sleeve walls of 0.13 mm, the thickest sold
 * (Dragon Shield Matte, 130 µm a side). A card tray's default bay takes a sleeved card, so it takes both.
 */
export const CARD_SIZES = {
  poker: { widthMm: 63, lengthMm: 88, thicknessMm: 0.32 },
  usPoker: { widthMm: 63.5, lengthMm: 88.9, thicknessMm: 0.32 },
  sleeved: { widthMm: 66, lengthMm: 91, thicknessMm: 0.32 + 2 * 0.13 },
} as const;

/** A colour written as sRGB hex, `#rrggbb` (a faction card may name its colour so). */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** How a colour shows on screen: a hex colour as written, a name's sRGB value, or mid grey for a name not in PRINT_COLORS ("any" included). */
export function displayColor(name: string): string {
  if (HEX_COLOR.test(name)) return name.toUpperCase();
  return PRINT_COLORS[name] ?? '#808080';
}

/** The vocabulary's name nearest to a colour (straight-line distance in sRGB), to say what a hex colour is: `#1b2a4a` → navy. */
export function nearestColorName(color: string): string {
  const rgb = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const [r, g, b] = rgb(displayColor(color));
  let best = '',
    bestD = Infinity;
  for (const [name, hex] of Object.entries(PRINT_COLORS)) {
    const [r2, g2, b2] = rgb(hex);
    const d = (r! - r2!) ** 2 + (g! - g2!) ** 2 + (b! - b2!) ** 2;
    if (d < bestD) ((best = name), (bestD = d));
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// Printability (the print/... rules of `validate`, and the parts built to pass them)

export const PRINTABILITY = {
  /**
   * Steepest overhang, degrees from vertical, that prints without support: the usual FDM rule (the Cura
   * settings guide's "Support" article designs for printers that print 45° without sagging; PrusaSlicer's
   * and Cura's support thresholds sit at 45–55°).
   */
  overhangDeg: 45,
  /**
   * Steepest roof, degrees from vertical, of a groove or slit cut into a side (a crate's seam, the slit over
   * a snap tongue): PrusaSlicer 2.5's automatic supports (threshold 44°) put support under a 40–45° roof
   * there, though not under the same slope on an outside face; at 35° they print nothing (npm run test:slow).
   */
  grooveRoofDeg: 35,
  /**
   * Steepest slope, degrees from vertical, of an outside underside taller than two layers (a chest's lid, a
   * funnel's band, the masthead's cone, a ram): PrusaSlicer 2.5's automatic supports at their 44° threshold
   * put support under a 45° face that tall (npm run test:slow); at the groove roof's 35° they do not.
   */
  undersideDeg: 35,
  /** Longest unsupported bridge: OrcaSlicer's and Bambu Studio's `max_bridge_length` default, 10 mm. */
  bridgeMm: 10,
  /**
   * The flat boss round a slot's mouth in a side that curves (a hull's side in plan, the island topper's
   * round wall), so the slot's roof ends on a straight edge under a flat face: PrusaSlicer 2.5 (automatic
   * supports at 45°, bridges unsupported) supports the flat roof of a slot whose mouth follows a side bowed
   * by as little as 0.03 mm, and not the same roof ending on a flat face (npm run test:slow, test blocks). The
   * face reaches `marginMm` past the slot's sides (flush with them it is supported; at 0.9 mm nothing is on a
   * 20–60 mm round, but on two of the hulls at 1.2 mm; at the port frame's DETAIL.featureMarginMm, 1.5 mm,
   * on none) and stands `lintelMm` over its roof (flush with the roof it is supported). It reaches back
   * `fuseMm` past the side's innermost point behind its face, so it fuses with the wall.
   */
  portBoss: { marginMm: DETAIL.featureMarginMm, lintelMm: 3 * PRINT_DEFAULTS.layerHeightMm, fuseMm: 0.5 },
  /**
   * Height above the bed within which an overhang curls up under the nozzle (issue 15: hull bilges at
   * 60–76° right at the bed): five 0.2 mm layers [E].
   */
  firstLayerBandMm: 1,
  /**
   * First-layer area per millimetre of height a part needs to stay stuck while the nozzle drags over its
   * top (ours [E]: the 8 mm ball on a 9 mm² flat, the wheel on 16 mm² and a 16 mm flag holder on 39 mm² fail;
   * cargo and carriage, about 7 mm² per mm, pass).
   */
  minFootprintPerHeightMm: 3,
  /**
   * How far the centre of mass may lean before it leaves the footprint (ours [E]): under 25° a tall part
   * rocks on its first layer as the nozzle knocks its top.
   */
  minTippingDeg: 25,
  /** Brim the print plan asks for where a part fails either of the two above: PrusaSlicer users' usual 5 mm [E]. */
  brimWidthMm: 5,
  /** Least inside-corner radius at a flex arm's root (a sharp corner concentrates the bending stress): one line width. */
  minFlexFilletMm: PRINT_DEFAULTS.lineWidthMm,
} as const;

const RAD = Math.PI / 180;
/** How far a groove's roof rises over `depthMm` of depth, sloping back out at PRINTABILITY.grooveRoofDeg. */
export const grooveRoofRiseMm = (depthMm: number): number => depthMm / Math.tan(PRINTABILITY.grooveRoofDeg * RAD);
/** How far an underside leaning PRINTABILITY.undersideDeg from vertical reaches out per mm it falls. */
export const UNDERSIDE_RUN_PER_MM = Math.tan(PRINTABILITY.undersideDeg * RAD);

/**
 * Limits of the cannon spring solver (`shipwright tune`). Thumb force: BRIEF §4 "thumb force ≤ about 30 N".
 * Arm thickness 2–12 line widths, release deflection from 1 mm to 0.4 × arm length, elevation up to 30°
 * and balls up to 12 mm: the ranges the cannon builder (src/parts/cannon.ts) checks its options against,
 * so every solved design can be printed.
 */
export const CANNON_LIMITS = {
  thumbForceN: 30,
  armThicknessLines: { min: 2, max: 12 },
  releaseDeflectionMinMm: 1,
  releaseDeflectionMaxRatio: 0.4,
  elevationMaxDeg: 30,
  ballDiameterMaxMm: 12,
} as const;
