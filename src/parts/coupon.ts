/**
 * Fit-test coupon: finds the printer's sliding clearance (the value to pass as --clearance). A plate with
 * a row of holes for the mast peg's nominal diameter, each with one clearance from a stepped range and
 * the value embossed beside it, and a row of nominal mast pegs. Try a real mast in each hole, or print
 * two coupons and press one onto the other turned over: peg i then enters hole i. The smallest value that
 * slides freely is your clearance.
 */
import { box, cylinder, text, union } from '../geometry/kernel.js';
import { layOnBed, type Feature, type Part } from '../geometry/part.js';
import { CLEARANCE_RANGE_MM, fitHoleMm, INTERFACES, MIN_FEATURE_MM } from '../standard.js';
import { cutInto, mastSocket, placeCut, type Cut } from './cutters.js';
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
}

export const DEFAULTS: CouponOptions = {
  fromClearanceMm: 0.05,
  toClearanceMm: 0.4,
  stepMm: 0.05,
  plateThicknessMm: 4,
  labelHeightMm: 3,
  labelStrokeMm: MIN_FEATURE_MM,
  labelReliefMm: INTERFACES.coin.reliefMm,
};

/** The clearances a coupon steps through, rounded to 1 µm so 0.05·3 prints as 0.15. */
export function couponClearancesMm(o: Pick<CouponOptions, 'fromClearanceMm' | 'toClearanceMm' | 'stepMm'>): number[] {
  const n = Math.floor((o.toClearanceMm - o.fromClearanceMm) / o.stepMm + 1e-9) + 1;
  return Array.from({ length: n }, (_, i) => Math.round((o.fromClearanceMm + i * o.stepMm) * 1000) / 1000);
}

/** Builds the coupon flat on the bed. Features: `coupon-hole-<i>` and `coupon-peg-<i>`, i from 1. */
export function coupon(options?: Partial<CouponOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('coupon', 'fromClearanceMm', o.fromClearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('coupon', 'toClearanceMm', o.toClearanceMm, o.fromClearanceMm, CLEARANCE_RANGE_MM.max);
  checkRange('coupon', 'stepMm', o.stepMm, 0.01, 0.5);
  // No thicker than the mast peg is long, so the mast socket's cutter always runs right through.
  checkRange('coupon', 'plateThicknessMm', o.plateThicknessMm, 2, INTERFACES.mastPeg.lengthMm);
  checkRange('coupon', 'labelHeightMm', o.labelHeightMm, 2, 8);
  checkRange('coupon', 'labelStrokeMm', o.labelStrokeMm, MIN_FEATURE_MM, 2);
  checkRange('coupon', 'labelReliefMm', o.labelReliefMm, 0.2, 2);
  const values = couponClearancesMm(o);
  checkOption('coupon', 'stepMm', o.stepMm, values.length <= 16, 'at most 16 steps between fromClearanceMm and toClearanceMm');
  // Labels print two decimals, so every value must be whole hundredths or its label would round.
  const hundredths = (x: number): boolean => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6;
  checkOption('coupon', 'fromClearanceMm', o.fromClearanceMm, hundredths(o.fromClearanceMm), 'whole hundredths of a millimetre (the embossed values have two decimals)');
  checkOption('coupon', 'stepMm', o.stepMm, hundredths(o.stepMm), 'whole hundredths of a millimetre (the embossed values have two decimals)');

  const peg = INTERFACES.mastPeg;
  const T = o.plateThicknessMm;
  const labels = values.map((c) => text(c.toFixed(2), o.labelHeightMm, o.labelStrokeMm));
  const labelWidthMm = Math.max(...labels.map((l) => l.bounds().max[0] - l.bounds().min[0]));
  const biggestHoleMm = fitHoleMm(peg.diameterMm, 'sliding', values[values.length - 1]!);
  // A cap height of space between neighbouring labels keeps the values apart to the eye.
  const pitchMm = Math.max(labelWidthMm + o.labelHeightMm, biggestHoleMm + 2 * MIN_FEATURE_MM);
  const marginMm = pitchMm / 2;
  // Rows along Y: holes, labels, pegs, each row a pitch apart so nothing crowds.
  const holeY = pitchMm, pegY = -pitchMm;
  const widthMm = values.length * pitchMm;
  const depthMm = 2 * pitchMm + 2 * marginMm;
  const xAt = (i: number): number => (i - (values.length - 1) / 2) * pitchMm;

  const plate = box([widthMm, depthMm, T], false).translate([-widthMm / 2, -depthMm / 2, 0]);
  const raised = union([
    plate,
    // One 2D union and one extrusion for all labels: far cheaper than a 3D union per label.
    labels.map((l, i) => l.translate(xAt(i), 0)).reduce((all, l) => all.union(l)).extrude(o.labelReliefMm + 0.01).translate([0, 0, T - 0.01]),
    ...values.map((_, i) => cylinder(peg.lengthMm + 0.01, peg.diameterMm / 2).translate([xAt(i), pegY, T - 0.01])),
  ]);
  // Hole i is the hull's own mast socket cut at clearance i, so what fits here fits there. The plate is no
  // thicker than the socket is deep, so the hole runs through; the feature states the plate's thickness.
  const holes: Cut[] = values.map((c, i) => {
    const cut = placeCut(mastSocket(`coupon-hole-${i + 1}`, c), [xAt(i), holeY, T]);
    return { ...cut, feature: { ...cut.feature, kind: 'coupon-hole', depthMm: T } };
  });
  const pegs: Feature[] = values.map((_, i) => ({
    id: `coupon-peg-${i + 1}`,
    kind: 'coupon-peg',
    role: 'peg',
    positionMm: [xAt(i), pegY, T],
    axis: [0, 0, 1],
    size: { shape: 'round', diameterMm: peg.diameterMm },
    depthMm: peg.lengthMm,
    mating: 'sliding',
  }));
  return layOnBed(cutInto(raised, holes, pegs));
}
