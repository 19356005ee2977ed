/**
 * A click dial: a disc that turns on a dial base's snap pivot (./dial-base.ts) and stops at each of its
 * labels. Its labels are engraved round the top face, each reading upright when it stands under the
 * base's pointer (+Y); under each, a dimple in the face on the bed takes the base's detent nub, so the
 * dial clicks into every stop (GAME_INTERFACES.detent). The bore takes the pivot with the rotating fit.
 *
 * Printed face up: the dimples are shallow holes in the first layers, bridged over by the layers above;
 * they and the bore are flared where they meet the bed, against the elephant's foot.
 * Shared by every game that turns a dial to a value: Ships of the Line's stat tracker (0–7) and Kingdom
 * Fleets' maneuver selector (its templates' ids).
 */
import { circle, cylinder, text, union, type Solid } from '../geometry/kernel.js';
import type { Feature, Part } from '../geometry/part.js';
import {
  DEFAULT_BED_CHAMFER_MM,
  DEFAULT_CLEARANCE_MM,
  fitHoleMm,
  GAME_INTERFACES,
  CLEARANCE_RANGE_MM,
  MIN_FEATURE_MM,
  clearanceMm,
} from '../standard.js';
import { chamferFitsAtBed } from './chamfer.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface DialOptions {
  /** What each stop shows, clockwise from the pointer. Default '0'…'7' (8 stops, 45° apart). */
  labels: string[];
  /** Default 46 mm. */
  diameterMm: number;
  /** Default 3 mm. */
  thicknessMm: number;
  /** Radius of the detent circle, where the base's nub and the dial's dimples meet. Default 12 mm. */
  detentRadiusMm: number;
  /** Cap height of the engraved labels. Default 6 mm. */
  labelHeightMm: number;
  /** Default 0.6 mm (three layers). */
  engraveDepthMm: number;
  /** The printer's sliding clearance; the bore and dimples take the rotating fit from it. Default DEFAULT_CLEARANCE_MM. */
  clearanceMm: number;
  /** The bore and the dimples meet the bed: flared by this against the elephant's foot (chamfer.ts). Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

export const DEFAULTS: DialOptions = {
  labels: ['0', '1', '2', '3', '4', '5', '6', '7'],
  diameterMm: 46,
  thicknessMm: 3,
  detentRadiusMm: 12,
  labelHeightMm: 6,
  engraveDepthMm: 0.6,
  clearanceMm: DEFAULT_CLEARANCE_MM,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

/** Stroke of the engraved labels: two line widths and a little over, so they survive slicing. */
export const LABEL_STROKE_MM = MIN_FEATURE_MM + 0.1;

/** Angle of stop `i` of `n`, degrees counter-clockwise from +X: stop 0 at the pointer (+Y), the rest clockwise. */
const stopAngleDeg = (i: number, n: number): number => 90 - (i * 360) / n;

/** The nub's height over the base's top: the dial's axial play on the pivot plus the click's engagement. */
export const nubHeightMm = (slidingClearanceMm: number): number =>
  clearanceMm('rotating', slidingClearanceMm) + GAME_INTERFACES.detent.engagementMm;

/** Builds a dial lying face up, centred on its bore. Features: `dial-bore` (hole), `detent-dimple-<i>` (holes). */
export function dial(options?: Partial<DialOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  const n = o.labels.length;
  checkOption(
    'dial',
    'labels',
    o.labels,
    Array.isArray(o.labels) &&
      n >= 2 &&
      n <= 16 &&
      o.labels.every((l) => typeof l === 'string' && /^[ -~]{1,4}$/.test(l)),
    '2 to 16 labels of 1–4 printable characters each',
  );
  checkRange('dial', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  const boreMm = fitHoleMm(GAME_INTERFACES.dialPivot.diameterMm, 'rotating', o.clearanceMm);
  const dimpleMm = fitHoleMm(GAME_INTERFACES.detent.nubDiameterMm, 'rotating', o.clearanceMm);
  const dimpleDepthMm = nubHeightMm(o.clearanceMm) + clearanceMm('rotating', o.clearanceMm);
  checkRange('dial', 'thicknessMm', o.thicknessMm, dimpleDepthMm + 4 * 0.2 + o.engraveDepthMm, 8);
  checkRange('dial', 'engraveDepthMm', o.engraveDepthMm, 0.4, 1.2);
  checkRange('dial', 'bedChamferMm', o.bedChamferMm, 0, 0.5);
  checkRange('dial', 'labelHeightMm', o.labelHeightMm, 3, 12);
  // The dimples keep a wall of MIN_FEATURE_MM from the bore; the labels sit outside them.
  checkRange('dial', 'detentRadiusMm', o.detentRadiusMm, boreMm / 2 + dimpleMm / 2 + MIN_FEATURE_MM, 60);
  // Each stop's arc on the detent circle holds its dimple and a wall.
  checkOption(
    'dial',
    'labels',
    o.labels,
    (2 * Math.PI * o.detentRadiusMm) / n >= dimpleMm + MIN_FEATURE_MM,
    `at most ${Math.floor((2 * Math.PI * o.detentRadiusMm) / (dimpleMm + MIN_FEATURE_MM))} labels on a ${o.detentRadiusMm} mm detent circle`,
  );
  const labelRadiusMm = o.detentRadiusMm + dimpleMm / 2 + MIN_FEATURE_MM + o.labelHeightMm / 2;
  checkRange('dial', 'diameterMm', o.diameterMm, 2 * (labelRadiusMm + o.labelHeightMm / 2 + MIN_FEATURE_MM), 120);

  const r = o.diameterMm / 2,
    t = o.thicknessMm;
  const cuts: Solid[] = [cylinder(t + 1, boreMm / 2).translate([0, 0, -0.5])];
  const features: Feature[] = [
    {
      id: 'dial-bore',
      kind: 'dial-bore',
      role: 'hole',
      positionMm: [0, 0, t],
      axis: [0, 0, 1],
      size: { shape: 'round', diameterMm: boreMm },
      depthMm: t,
      mating: 'rotating',
    },
  ];
  const engraved: Solid[] = [];
  o.labels.forEach((label, i) => {
    const a = (stopAngleDeg(i, n) * Math.PI) / 180;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    // A label reads upright at the pointer: turned so its top faces out along the radius.
    const upright = text(label, o.labelHeightMm, LABEL_STROKE_MM);
    // Neighbouring labels stand a chord apart, centre to centre: each keeps half a letter's height clear
    // of the next, so "S1" and "S2" read as two labels, not "S1S2".
    const { min, max } = upright.bounds(),
      room = 2 * labelRadiusMm * Math.sin(Math.PI / n) - o.labelHeightMm / 2;
    checkOption(
      'dial',
      `labels[${i}]`,
      label,
      max[0] - min[0] <= room,
      `a label at most ${room.toFixed(1)} mm wide at ${o.labelHeightMm} mm tall, half a letter clear of its neighbours ${(360 / n).toFixed(1)}° round (it is ${(max[0] - min[0]).toFixed(1)} mm): shorten it, lower labelHeightMm or widen detentRadiusMm`,
    );
    const glyph = upright.rotate(stopAngleDeg(i, n) - 90);
    engraved.push(
      glyph
        .translate(labelRadiusMm * c, labelRadiusMm * s)
        .extrude(o.engraveDepthMm + 0.5)
        .translate([0, 0, t - o.engraveDepthMm]),
    );
    const at = [o.detentRadiusMm * c, o.detentRadiusMm * s] as const;
    cuts.push(cylinder(dimpleDepthMm + 0.5, dimpleMm / 2).translate([at[0], at[1], -0.5]));
    features.push({
      id: `detent-dimple-${i}`,
      kind: 'detent-dimple',
      role: 'hole',
      positionMm: [at[0], at[1], 0],
      axis: [0, 0, -1],
      size: { shape: 'round', diameterMm: dimpleMm },
      depthMm: dimpleDepthMm,
      mating: 'rotating',
    });
  });
  const disc = circle(r).extrude(t);
  return chamferFitsAtBed({ solid: disc.subtract(union([...cuts, ...engraved])), features }, o.bedChamferMm);
}
