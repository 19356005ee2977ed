/**
 * The lid that closes a card tray into a box (games/ships-of-the-line: the 56-card deck box is a one-bay
 * tray, card-tray.ts, under this lid): a cap whose inside is the tray's outside plus the sliding
 * clearance on every side, `overlapMm` deep, so it slides down over the tray's walls until its ceiling
 * rests on their rim. Both sizes come from the same options (card-tray.ts `trayOutside`).
 *
 * Printed ceiling down, walls up: nothing overhangs.
 */
import { box } from '../geometry/kernel.js';
import type { Part } from '../geometry/part.js';
import { fitHoleMm } from '../standard.js';
import { checkTrayOptions, DEFAULTS as TRAY, trayOutside, type CardTrayOptions } from './card-tray.js';
import { checkRange, mergeOptions } from './options.js';

export interface TrayLidOptions extends CardTrayOptions {
  /** How far the lid's walls come down over the tray's. Default 12 mm. */
  overlapMm: number;
  /** The lid's ceiling. Default 1.6 mm. */
  ceilingMm: number;
}

/** By default the lid of a one-bay deck box 19 mm deep (56 cards of 0.32 mm and a millimetre over). */
export const DEFAULTS: TrayLidOptions = { ...TRAY, columns: 1, rows: 1, stackMm: 19, overlapMm: 12, ceilingMm: 1.6 };

/** Builds the lid ceiling down. Feature: `card-bay` (its inside, the hole the tray goes into; rect, sliding). */
export function trayLid(options?: Partial<TrayLidOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  // The tray it closes, checked as the tray is (a lid of NaN cards or −1 bays is no lid).
  checkTrayOptions('tray-lid', o);
  const tray = trayOutside(o);
  checkRange('tray-lid', 'overlapMm', o.overlapMm, 3, tray.heightMm);
  checkRange('tray-lid', 'ceilingMm', o.ceilingMm, 0.8, 5);
  const iw = fitHoleMm(tray.widthMm, 'sliding', o.clearanceMm),
    il = fitHoleMm(tray.lengthMm, 'sliding', o.clearanceMm);
  const W = iw + 2 * o.wallMm,
    L = il + 2 * o.wallMm,
    H = o.ceilingMm + o.overlapMm;
  const solid = box([W, L, H], false)
    .translate([-W / 2, -L / 2, 0])
    .subtract(box([iw, il, o.overlapMm + 1], false).translate([-iw / 2, -il / 2, o.ceilingMm]));
  return {
    solid,
    features: [
      {
        id: 'card-bay',
        kind: 'card-bay',
        role: 'hole',
        positionMm: [0, 0, H],
        axis: [0, 0, 1],
        size: { shape: 'rect', widthMm: iw, heightMm: il, widthAxis: [1, 0, 0] },
        depthMm: o.overlapMm,
        mating: 'sliding',
      },
    ],
  };
}
