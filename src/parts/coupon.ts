/**
 * Fit-test coupon: tests the fits as they print, to find the printer's sliding clearance (the value to pass
 * as --clearance). A plate with one column per clearance of a stepped range, the value embossed at the
 * column's head, and in each column, front to back:
 * - a round peg and a square peg, standing (the mast peg's and the cargo peg's nominal sizes);
 * - a round hole (the hull's own mast socket) and a square hole (its cargo socket) cut at that clearance;
 * - a square hole cut with the carriage's press fit at that clearance (a quarter of its gap): the cargo
 *   peg should need a firm push, as the carriage does into the hull.
 * Along the front: a tongue cut free on three sides by the
 * print-in-place gap (PRINT_IN_PLACE_GAP_MM, embossed beside it), which must come off the bed loose and
 * flex, as the carriage's snap tongues and the cannon's arm must; and, out of the right edge, a round peg
 * lying on its side with the mast's flat (the mast prints lying down, so its peg is the one that matters),
 * to try in the round holes.
 * Every fit that meets the bed (the holes run through the plate; the lying peg stands on its flat) is cut
 * back by the printer's elephant's foot (chamfer.ts), as the parts' own fits are, so it tests them as they print.
 * Try real parts in the holes, or print two coupons and press one onto the other turned over: round peg i
 * then enters round hole i and square peg i square hole i. The smallest value that slides freely is your
 * clearance.
 */
import { box, cylinder, text, union, type Profile, type Solid } from '../geometry/kernel.js';
import { layOnBed, type Feature, type Part } from '../geometry/part.js';
import {
  CLEARANCE_RANGE_MM,
  DEFAULT_BED_CHAMFER_MM,
  fitHoleMm,
  INTERFACES,
  MIN_FEATURE_MM,
  PRINT_IN_PLACE_GAP_MM,
} from '../standard.js';
import { chamferFitsAtBed } from './chamfer.js';
import { cargoSocket, cutInto, mastSocket, placeCut, rectHole, type Cut } from './cutters.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface CouponOptions {
  /** First clearance tried. Default 0.05 mm. */
  fromClearanceMm: number;
  /** Last clearance tried. Default 0.40 mm. */
  toClearanceMm: number;
  /** Step between clearances. Default 0.05 mm. */
  stepMm: number;
  /** Plate thickness; the holes go through it. Default 4 mm. */
  plateThicknessMm: number;
  /** Cap height of the embossed values. Default 3 mm. */
  labelHeightMm: number;
  /** Stroke of the embossed values. Default 0.9 mm (MIN_FEATURE_MM). */
  labelStrokeMm: number;
  /** Height the values stand above the plate. Default INTERFACES.coin.reliefMm (0.6 mm, three layers). */
  labelReliefMm: number;
  /** First-layer chamfer on the fits that meet the bed, against the printer's elephant's foot (chamfer.ts). Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

/** The print-in-place tongue's length: a short cantilever a finger can flex once it comes off loose. */
const TONGUE_LENGTH_MM = 12;

export const DEFAULTS: CouponOptions = {
  fromClearanceMm: 0.05,
  toClearanceMm: 0.4,
  stepMm: 0.05,
  plateThicknessMm: 4,
  labelHeightMm: 3,
  labelStrokeMm: MIN_FEATURE_MM,
  labelReliefMm: INTERFACES.coin.reliefMm,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

/** The clearances a coupon steps through, rounded to 1 µm so 0.05·3 prints as 0.15. */
export function couponClearancesMm(o: Pick<CouponOptions, 'fromClearanceMm' | 'toClearanceMm' | 'stepMm'>): number[] {
  const n = Math.floor((o.toClearanceMm - o.fromClearanceMm) / o.stepMm + 1e-9) + 1;
  return Array.from({ length: n }, (_, i) => Math.round((o.fromClearanceMm + i * o.stepMm) * 1000) / 1000);
}

/**
 * Builds the coupon flat on the bed. Features, i from 1: `coupon-hole-<i>` (round, sliding),
 * `coupon-square-hole-<i>` (sliding), `coupon-press-hole-<i>` (press), `coupon-peg-<i>` (round),
 * `coupon-square-peg-<i>`, and `coupon-lying-peg` (round, its axis in the bed plane).
 */
export function coupon(options?: Partial<CouponOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('coupon', 'fromClearanceMm', o.fromClearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('coupon', 'toClearanceMm', o.toClearanceMm, o.fromClearanceMm, CLEARANCE_RANGE_MM.max);
  checkRange('coupon', 'stepMm', o.stepMm, 0.01, 0.5);
  // No thicker than the shorter peg is long, so the sockets' cutters always run right through.
  checkRange(
    'coupon',
    'plateThicknessMm',
    o.plateThicknessMm,
    2,
    Math.min(INTERFACES.mastPeg.lengthMm, INTERFACES.cargoPeg.lengthMm),
  );
  checkRange('coupon', 'labelHeightMm', o.labelHeightMm, 2, 8);
  checkRange('coupon', 'labelStrokeMm', o.labelStrokeMm, MIN_FEATURE_MM, 2);
  checkRange('coupon', 'labelReliefMm', o.labelReliefMm, 0.2, 2);
  checkRange('coupon', 'bedChamferMm', o.bedChamferMm, 0, 0.4);
  const values = couponClearancesMm(o);
  checkOption(
    'coupon',
    'stepMm',
    o.stepMm,
    values.length <= 16,
    'at most 16 steps between fromClearanceMm and toClearanceMm',
  );
  // Labels print two decimals, so every value must be whole hundredths or its label would round.
  const hundredths = (x: number): boolean => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6;
  checkOption(
    'coupon',
    'fromClearanceMm',
    o.fromClearanceMm,
    hundredths(o.fromClearanceMm),
    'whole hundredths of a millimetre (the embossed values have two decimals)',
  );
  checkOption(
    'coupon',
    'stepMm',
    o.stepMm,
    hundredths(o.stepMm),
    'whole hundredths of a millimetre (the embossed values have two decimals)',
  );

  const peg = INTERFACES.mastPeg;
  const square = INTERFACES.cargoPeg;
  const T = o.plateThicknessMm;
  const gapMm = PRINT_IN_PLACE_GAP_MM;
  const labels = values.map((c) => text(c.toFixed(2), o.labelHeightMm, o.labelStrokeMm));
  const gapLabel = text(gapMm.toFixed(2), o.labelHeightMm, o.labelStrokeMm);
  const widthOf = (l: Profile): number => l.bounds().max[0] - l.bounds().min[0];
  const labelWidthMm = Math.max(...labels.map(widthOf));
  const last = values[values.length - 1]!;
  const biggestHoleMm = Math.max(fitHoleMm(peg.diameterMm, 'sliding', last), fitHoleMm(square.sideMm, 'sliding', last));
  // A cap height of space between neighbouring labels keeps the values apart to the eye.
  const pitchMm = Math.max(labelWidthMm + o.labelHeightMm, biggestHoleMm + 2 * MIN_FEATURE_MM);
  const marginMm = pitchMm / 2;
  // Rows along Y, a pitch apart: labels at 0; holes behind (+), the pegs that enter them mirrored in front
  // (−), so a second coupon turned over lands peg on hole; the front strip holds the lying peg and the tongue.
  const row = { round: 1, square: 2, press: 3, strip: -3 } as const;
  // The strip: the tongue from the left margin, its gap's value, then a margin; as wide as the columns or wider.
  const tongueLMm = TONGUE_LENGTH_MM;
  const stripMm = 2 * marginMm + tongueLMm + gapMm + MIN_FEATURE_MM + o.labelHeightMm / 2 + widthOf(gapLabel);
  const widthMm = Math.max(values.length * pitchMm, stripMm);
  const depthMm = 6 * pitchMm + 2 * marginMm;
  const xAt = (i: number): number => (i - (values.length - 1) / 2) * pitchMm;

  // The tongue: 4 line widths short of a pitch wide, rooted in the plate at the left margin.
  const tongueWMm = pitchMm - 2 * gapMm - 2 * MIN_FEATURE_MM;
  const tongueX0 = -widthMm / 2 + marginMm,
    stripY = row.strip * pitchMm;
  const slit = (x0: number, x1: number, y0: number, y1: number): Solid =>
    box([x1 - x0, y1 - y0, T + 2], false).translate([x0, y0, -1]);
  const tongueCut = union([
    slit(tongueX0, tongueX0 + tongueLMm + gapMm, stripY + tongueWMm / 2, stripY + tongueWMm / 2 + gapMm),
    slit(tongueX0, tongueX0 + tongueLMm + gapMm, stripY - tongueWMm / 2 - gapMm, stripY - tongueWMm / 2),
    slit(
      tongueX0 + tongueLMm,
      tongueX0 + tongueLMm + gapMm,
      stripY - tongueWMm / 2 - gapMm,
      stripY + tongueWMm / 2 + gapMm,
    ),
  ]);
  const gapLabelX = tongueX0 + tongueLMm + gapMm + MIN_FEATURE_MM + o.labelHeightMm / 2 + widthOf(gapLabel) / 2;
  // The lying peg: the mast peg on its side, its flat on the bed, sticking out of the right edge in the strip
  // (out of a side, so the rows stay mirrored about the middle for the turned-over test).
  const rightX = widthMm / 2;
  const lyingAxisZ = peg.diameterMm / 2 - peg.flatDepthMm;
  const lying = cylinder(peg.lengthMm + 0.01, peg.diameterMm / 2)
    .rotate([0, 90, 0])
    .translate([rightX - 0.01, stripY, lyingAxisZ])
    .trimByPlane([0, 0, 1], 0);

  const plate = box([widthMm, depthMm, T], false).translate([-widthMm / 2, -depthMm / 2, 0]);
  const raised = union([
    plate.subtract(tongueCut),
    // One 2D union and one extrusion for all labels: far cheaper than a 3D union per label.
    [...labels.map((l, i) => l.translate(xAt(i), 0)), gapLabel.translate(gapLabelX, stripY)]
      .reduce((all, l) => all.union(l))
      .extrude(o.labelReliefMm + 0.01)
      .translate([0, 0, T - 0.01]),
    ...values.map((_, i) =>
      cylinder(peg.lengthMm + 0.01, peg.diameterMm / 2).translate([xAt(i), -row.round * pitchMm, T - 0.01]),
    ),
    ...values.map((_, i) =>
      box([square.sideMm, square.sideMm, square.lengthMm + 0.01], false).translate([
        xAt(i) - square.sideMm / 2,
        -row.square * pitchMm - square.sideMm / 2,
        T - 0.01,
      ]),
    ),
    lying,
  ]);
  // Hole i is the hull's own socket cut at clearance i, so what fits here fits there. The plate is no
  // thicker than a socket is deep, so the holes run through; the features state the plate's thickness.
  const through = (cut: Cut, x: number, y: number, id: string): Cut => {
    const placed = placeCut(cut, [x, y, T]);
    return { ...placed, feature: { ...placed.feature, id, kind: 'coupon-hole', depthMm: T } };
  };
  const pressSideMm = (c: number): number => fitHoleMm(square.sideMm, 'press', c);
  const holes: Cut[] = values.flatMap((c, i) => [
    through(mastSocket(`coupon-hole-${i + 1}`, c), xAt(i), row.round * pitchMm, `coupon-hole-${i + 1}`),
    through(cargoSocket(`coupon-square-hole-${i + 1}`, c), xAt(i), row.square * pitchMm, `coupon-square-hole-${i + 1}`),
    through(
      rectHole('coupon-hole', `coupon-press-hole-${i + 1}`, pressSideMm(c), pressSideMm(c), T, 'press'),
      xAt(i),
      row.press * pitchMm,
      `coupon-press-hole-${i + 1}`,
    ),
  ]);
  const pegs: Feature[] = values.flatMap((_, i): Feature[] => [
    {
      id: `coupon-peg-${i + 1}`,
      kind: 'coupon-peg',
      role: 'peg',
      positionMm: [xAt(i), -row.round * pitchMm, T],
      axis: [0, 0, 1],
      size: { shape: 'round', diameterMm: peg.diameterMm },
      depthMm: peg.lengthMm,
      mating: 'sliding',
    },
    {
      id: `coupon-square-peg-${i + 1}`,
      kind: 'coupon-peg',
      role: 'peg',
      positionMm: [xAt(i), -row.square * pitchMm, T],
      axis: [0, 0, 1],
      size: { shape: 'rect', widthMm: square.sideMm, heightMm: square.sideMm, widthAxis: [1, 0, 0] },
      depthMm: square.lengthMm,
      mating: 'sliding',
    },
  ]);
  const lyingPeg: Feature = {
    id: 'coupon-lying-peg',
    kind: 'coupon-peg',
    role: 'peg',
    positionMm: [rightX, stripY, lyingAxisZ],
    axis: [1, 0, 0],
    size: { shape: 'round', diameterMm: peg.diameterMm },
    depthMm: peg.lengthMm,
    mating: 'sliding',
  };
  return chamferFitsAtBed(layOnBed(cutInto(raised, holes, [...pegs, lyingPeg])), o.bedChamferMm);
}
