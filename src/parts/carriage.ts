/**
 * Wheel carriage: a block pressed up into the hull's wheel slot, with a fork gap through it for the wheel
 * and a bearing hole in each cheek for the wheel's stub axles. Each bearing is reached by a slot from
 * the bottom face as wide as the bearing, so the wheel (whose stubs are wider than the gap) drops in
 * from below; the ship's weight then holds the axle up in the bearing. Printed as used, bottom face down.
 */
import { box, union } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { CLEARANCE_RANGE_MM, CLICK_DISTANCE_MM, DEFAULT_CLEARANCE_MM, fitHoleMm, INTERFACES, MIN_FEATURE_MM } from '../standard.js';
import { carriageOuterMm, FACING, placeCut, rectHole, roundHole, type Cut } from './cutters.js';
import { checkOption, checkRange, mergeOptions } from './options.js';
import { wheelRollingRadiusMm } from './wheel.js';

export interface CarriageOptions {
  /** Printer's sliding clearance per mating surface. Default DEFAULT_CLEARANCE_MM (0.20 mm). */
  clearanceMm: number;
  /** The wheel's click distance, so the fork fits the wheel built with it. Default CLICK_DISTANCE_MM. */
  clickDistanceMm: number;
}

export const DEFAULTS: CarriageOptions = {
  clearanceMm: DEFAULT_CLEARANCE_MM,
  clickDistanceMm: CLICK_DISTANCE_MM,
};

/** Height of the axle's centre above the carriage's bottom face: the wheel stands wheelProudMm below it. */
export function carriageAxleHeightMm(clickMm: number): number {
  return wheelRollingRadiusMm(clickMm, INTERFACES.wheel.flatHalfAngleDeg) - INTERFACES.carriage.wheelProudMm;
}

/**
 * Builds the carriage bottom-face down. Features: `carriage-block` (peg, rect, the press-fit outside),
 * `fork-gap` (hole, rect; open top and bottom, declared from the top face down to just above the bearings), `bearing-1`, `bearing-2` (holes through the cheeks).
 */
export function carriage(options?: Partial<CarriageOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('carriage', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('carriage', 'clickDistanceMm', o.clickDistanceMm, 30, 120);
  const outer = carriageOuterMm(o.clearanceMm);
  const rollingMm = wheelRollingRadiusMm(o.clickDistanceMm, INTERFACES.wheel.flatHalfAngleDeg);
  const gapWidthMm = fitHoleMm(INTERFACES.wheel.widthMm, 'rotating', o.clearanceMm);
  const gapLengthMm = fitHoleMm(2 * rollingMm, 'rotating', o.clearanceMm);
  const bearingMm = fitHoleMm(INTERFACES.axle.diameterMm, 'rotating', o.clearanceMm);
  const axleZ = carriageAxleHeightMm(o.clickDistanceMm);
  const cheekMm = INTERFACES.carriage.cheekMm;
  checkOption('carriage', 'clickDistanceMm', o.clickDistanceMm, gapLengthMm <= outer.lengthMm - 2 * MIN_FEATURE_MM, `a wheel that fits a ${outer.lengthMm} mm carriage`);
  checkOption('carriage', 'clickDistanceMm', o.clickDistanceMm, axleZ + rollingMm <= outer.heightMm, 'a wheel whose top stays inside the carriage');

  const body = box([outer.lengthMm, outer.widthMm, outer.heightMm], false).translate([-outer.lengthMm / 2, -outer.widthMm / 2, 0]);
  // Cutters overshoot; the features state the real depths (the block's height, a cheek's thickness).
  const forkCut = placeCut(rectHole('fork-gap', 'fork-gap', gapLengthMm, gapWidthMm, outer.heightMm + 1, 'rotating'), [0, 0, outer.heightMm]);
  const bearing = (id: string, side: 1 | -1): Cut => {
    const cut = placeCut(roundHole('bearing', id, bearingMm, cheekMm + 0.5, 'rotating'), [0, (side * outer.widthMm) / 2, axleZ], side > 0 ? FACING['+y'] : FACING['-y']);
    return { ...cut, feature: { ...cut.feature, depthMm: cheekMm } };
  };
  // The fork-gap feature states the gap above the bearings, where it is closed all round and measurable.
  const forkDepthMm = outer.heightMm - (axleZ + bearingMm / 2) - MIN_FEATURE_MM;
  const cuts = [{ ...forkCut, feature: { ...forkCut.feature, depthMm: forkDepthMm } }, bearing('bearing-1', 1), bearing('bearing-2', -1)];
  const entrySlots = box([bearingMm, outer.widthMm + 2, axleZ + 1], false).translate([-bearingMm / 2, -outer.widthMm / 2 - 1, -1]);
  const solid = body.subtract(union([...cuts.map((c) => c.solid), entrySlots]));
  return layOnBed({
    solid,
    features: [
      ...cuts.map((c) => c.feature),
      {
        id: 'carriage-block',
        kind: 'carriage-block',
        role: 'peg',
        positionMm: [0, 0, 0],
        axis: [0, 0, 1],
        size: { shape: 'rect', widthMm: outer.lengthMm, heightMm: outer.widthMm, widthAxis: [1, 0, 0] },
        depthMm: outer.heightMm,
        mating: 'press',
      },
    ],
  });
}
