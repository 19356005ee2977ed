/**
 * The base one or more click dials (./dial.ts) turn on: a plate with, per dial, a split snap pivot, a
 * detent nub under the dial's detent circle at the pointer, an engraved pointer beyond the dial's rim,
 * and an engraved title under it (Ships of the Line's HULL, RIGGING, CREW).
 *
 * The pivot is a pin of GAME_INTERFACES.dialPivot's diameter rising through the dial with the rotating
 * clearance as axial play, then a barbed head `retentionMm` wider in radius than the dial's bore, with an
 * underside PRINTABILITY.undersideDeg from vertical (it prints without support, where PrusaSlicer supports
 * a 45° one, and cams the prongs in when the dial is pulled off hard) and a 45° lead-in above. A slot PRINT_IN_PLACE_GAP_MM wide splits pin and head into two prongs that flex in as the
 * bore passes the barb. The nub stands `nubHeightMm` tall, so a dial held down by the head must lift
 * GAME_INTERFACES.detent.engagementMm to leave a stop.
 */
import { box, polygon, sphere, text, union, type Solid } from '../geometry/kernel.js';
import type { Feature, Part } from '../geometry/part.js';
import {
  clearanceMm,
  CLEARANCE_RANGE_MM,
  fitHoleMm,
  GAME_INTERFACES,
  MIN_FEATURE_MM,
  PRINT_IN_PLACE_GAP_MM,
  UNDERSIDE_RUN_PER_MM,
} from '../standard.js';
import { DEFAULTS as DIAL, LABEL_STROKE_MM, nubHeightMm } from './dial.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface DialBaseOptions {
  /** Titles engraved under each dial, one per dial, left to right. Default ['HULL', 'RIGGING', 'CREW']. */
  titles: string[];
  /** The dials' diameter, thickness and detent radius: the dial's own (dial.ts DEFAULTS) unless both are given the same. */
  dialDiameterMm: number;
  dialThicknessMm: number;
  detentRadiusMm: number;
  /** Plate thickness. Default 3 mm. */
  plateThicknessMm: number;
  /** Air between two dials' rims, and round the plate's edge. Default 4 mm. */
  marginMm: number;
  /** Cap height of the titles. Default 5 mm. */
  titleHeightMm: number;
  /** Default 0.6 mm. */
  engraveDepthMm: number;
  /** The printer's sliding clearance; the pivot's play and barb come from it. Default the dial's. */
  clearanceMm: number;
}

export const DEFAULTS: DialBaseOptions = {
  titles: ['HULL', 'RIGGING', 'CREW'],
  dialDiameterMm: DIAL.diameterMm,
  dialThicknessMm: DIAL.thicknessMm,
  detentRadiusMm: DIAL.detentRadiusMm,
  plateThicknessMm: 3,
  marginMm: 4,
  titleHeightMm: 5,
  engraveDepthMm: 0.6,
  clearanceMm: DIAL.clearanceMm,
};

/** Pointer triangle beyond the dial's rim: its height along the radius. */
const POINTER_MM = 4;

/**
 * The pivot's profile (radius by height above the plate's top), as built: the shaft, the barb's underside
 * out to `barbRadiusMm` (reaching the bore's radius at `contactZMm`), a band, then the 45° lead-in. The validator measures the mesh.
 */
function pivotGeometry(
  dialThicknessMm: number,
  slidingClearanceMm: number,
): { shaftRadiusMm: number; boreRadiusMm: number; barbRadiusMm: number; contactZMm: number } {
  const p = GAME_INTERFACES.dialPivot;
  const shaftRadiusMm = p.diameterMm / 2;
  const boreRadiusMm = fitHoleMm(p.diameterMm, 'rotating', slidingClearanceMm) / 2;
  const barbRadiusMm = boreRadiusMm + p.retentionMm;
  // The underside reaches the bore's radius one axial play above the dial's top face: that is where it holds the dial.
  const contactZMm = dialThicknessMm + clearanceMm('rotating', slidingClearanceMm);
  return { shaftRadiusMm, boreRadiusMm, barbRadiusMm, contactZMm };
}

/** Builds the base lying flat, dials along +X. Features per dial i: `dial-pivot-<i>`, `detent-nub-<i>` (pegs). */
export function dialBase(options?: Partial<DialBaseOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  const n = o.titles.length;
  checkOption(
    'dial-base',
    'titles',
    o.titles,
    Array.isArray(o.titles) &&
      n >= 1 &&
      n <= 4 &&
      o.titles.every((s) => typeof s === 'string' && /^[ -~]{0,10}$/.test(s)),
    '1 to 4 titles (one per dial) of up to 10 printable characters, "" for none',
  );
  checkRange('dial-base', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('dial-base', 'plateThicknessMm', o.plateThicknessMm, 2, 8);
  checkRange('dial-base', 'marginMm', o.marginMm, MIN_FEATURE_MM * 2, 20);
  checkRange('dial-base', 'titleHeightMm', o.titleHeightMm, 3, 12);
  checkRange('dial-base', 'engraveDepthMm', o.engraveDepthMm, 0.4, Math.min(1.2, o.plateThicknessMm / 2));
  checkRange('dial-base', 'dialThicknessMm', o.dialThicknessMm, 1.5, 8);
  checkRange('dial-base', 'dialDiameterMm', o.dialDiameterMm, 20, 120);
  const nubD = GAME_INTERFACES.detent.nubDiameterMm;
  const g = pivotGeometry(o.dialThicknessMm, o.clearanceMm);
  checkRange(
    'dial-base',
    'detentRadiusMm',
    o.detentRadiusMm,
    g.boreRadiusMm + nubD / 2 + MIN_FEATURE_MM,
    o.dialDiameterMm / 2 - nubD,
  );

  const R = o.dialDiameterMm / 2,
    pitch = o.dialDiameterMm + o.marginMm;
  const titleBand = o.titles.some((s) => s.trim() !== '') ? o.titleHeightMm + o.marginMm : 0;
  const widthMm = n * pitch + o.marginMm;
  const depthMm = o.marginMm + titleBand + o.dialDiameterMm + POINTER_MM + o.marginMm;
  const y0 = -depthMm / 2 + o.marginMm + titleBand + R; // the pivots' row
  const top = o.plateThicknessMm;
  const plate = box([widthMm, depthMm, top], false).translate([-widthMm / 2, -depthMm / 2, 0]);

  const adds: Solid[] = [],
    cuts: Solid[] = [],
    features: Feature[] = [];
  const h = nubHeightMm(o.clearanceMm);
  const rho = ((nubD / 2) ** 2 + h ** 2) / (2 * h); // the nub is a spherical cap nubD across, h tall
  for (let i = 0; i < n; i++) {
    const x = -widthMm / 2 + o.marginMm + R + i * pitch;
    adds.push(pivot(g, top).translate([x, y0, 0]));
    adds.push(
      sphere(rho, 48)
        .translate([x, y0 + o.detentRadiusMm, top + h - rho])
        .intersect(
          box([nubD + 1, nubD + 1, h + 1], false).translate([
            x - nubD / 2 - 0.5,
            y0 + o.detentRadiusMm - nubD / 2 - 0.5,
            top - 0.01,
          ]),
        ),
    );
    features.push(
      {
        id: `dial-pivot-${i}`,
        kind: 'dial-pivot',
        role: 'peg',
        positionMm: [x, y0, top],
        axis: [0, 0, 1],
        size: { shape: 'round', diameterMm: 2 * g.shaftRadiusMm },
        depthMm: o.dialThicknessMm,
        mating: 'rotating',
      },
      {
        id: `detent-nub-${i}`,
        kind: 'detent-nub',
        role: 'peg',
        positionMm: [x, y0 + o.detentRadiusMm, top],
        axis: [0, 0, 1],
        size: { shape: 'round', diameterMm: nubD },
        depthMm: h,
        mating: 'rotating',
      },
    );
    const tip = y0 + R + 1;
    cuts.push(
      polygon([
        [x, tip],
        [x + POINTER_MM / 2, tip + POINTER_MM],
        [x - POINTER_MM / 2, tip + POINTER_MM],
      ])
        .extrude(o.engraveDepthMm + 0.5)
        .translate([0, 0, top - o.engraveDepthMm]),
    );
    const title = o.titles[i]!.trim();
    if (title)
      cuts.push(
        text(title, o.titleHeightMm, LABEL_STROKE_MM)
          .translate(x, y0 - R - o.marginMm / 2 - o.titleHeightMm / 2)
          .extrude(o.engraveDepthMm + 0.5)
          .translate([0, 0, top - o.engraveDepthMm]),
      );
    checkOption(
      'dial-base',
      `titles[${i}]`,
      o.titles[i],
      !title || text(title, o.titleHeightMm, LABEL_STROKE_MM).bounds().max[0] * 2 <= pitch - o.marginMm,
      `a title no wider than its dial (${o.dialDiameterMm} mm at ${o.titleHeightMm} mm tall)`,
    );
  }
  const solid = union([plate, ...adds]).subtract(union(cuts));
  return { solid, features };
}

/** One split snap pivot standing on the plate's top at the origin. */
function pivot(g: ReturnType<typeof pivotGeometry>, plateTopMm: number): Solid {
  const { shaftRadiusMm: rs, barbRadiusMm: rb, boreRadiusMm: rbore, contactZMm } = g;
  const z0 = plateTopMm;
  const underside = contactZMm - (rbore - rs) / UNDERSIDE_RUN_PER_MM; // where the underside leaves the shaft
  const bandMm = 0.4;
  const leadTop = rs - 1.2; // the lead-in's top radius
  const zBarb = underside + (rb - rs) / UNDERSIDE_RUN_PER_MM;
  const profile = polygon([
    [0, -0.01],
    [rs, -0.01],
    [rs, underside],
    [rb, zBarb],
    [rb, zBarb + bandMm],
    [leadTop, zBarb + bandMm + (rb - leadTop)],
    [0, zBarb + bandMm + (rb - leadTop)],
  ]);
  const pin = profile.revolve(360, 48).translate([0, 0, z0]);
  const slot = box([2 * rb + 2, PRINT_IN_PLACE_GAP_MM, zBarb + bandMm + rb + 1], false).translate([
    -rb - 1,
    -PRINT_IN_PLACE_GAP_MM / 2,
    z0 + 0.6,
  ]);
  return pin.subtract(slot);
}
