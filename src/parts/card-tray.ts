/**
 * A tray of card bays for card games (games/cannonades: a player's stand of four face-down ship cards,
 * and the table's discard tray; games/ships-of-the-line: none). Each bay is a card's size plus the
 * sliding clearance on every side, `stackMm` deep for the cards it holds, with a finger notch through
 * its front wall down to the floor so a card (or the stack) can be slid out or flipped over.
 *
 * Printed floor down; the walls are straight, the notches open to the top, so nothing overhangs.
 */
import { box, cylinder, union, type Solid } from '../geometry/kernel.js';
import type { Feature, Part } from '../geometry/part.js';
import { CARD_SIZES, CLEARANCE_RANGE_MM, DEFAULT_CLEARANCE_MM, fitHoleMm, MIN_FEATURE_MM } from '../standard.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface CardTrayOptions {
  /**
   * The card's short side. Default 66 mm, a sleeved card (CARD_SIZES.sleeved: a standard sleeve's outside),
   * so a bay takes a US poker card (63.5 mm) bare or sleeved; the rules do not give their cards' size.
   */
  cardWidthMm: number;
  /** The card's long side. Default 91 mm (a sleeved card; a US poker card is 88.9 mm). */
  cardLengthMm: number;
  /** Bays across (along the card's width) and down (along its length). Default 2 × 2. */
  columns: number;
  rows: number;
  /** Depth of each bay: the cards it holds, stacked. Default 2 mm. */
  stackMm: number;
  /** Default 1.6 mm. */
  floorMm: number;
  /** Walls round and between the bays. Default 2 mm. */
  wallMm: number;
  /** Finger notch diameter, through the front wall of each bay. Default 20 mm. */
  notchMm: number;
  /** The printer's sliding clearance: every bay is the card plus it on each side. Default DEFAULT_CLEARANCE_MM. */
  clearanceMm: number;
}

export const DEFAULTS: CardTrayOptions = {
  cardWidthMm: CARD_SIZES.sleeved.widthMm,
  cardLengthMm: CARD_SIZES.sleeved.lengthMm,
  columns: 2,
  rows: 2,
  stackMm: 2,
  floorMm: 1.6,
  wallMm: 2,
  notchMm: 20,
  clearanceMm: DEFAULT_CLEARANCE_MM,
};

/** A tray's bays and outside, from its options (a lid that fits over it reads the same numbers). */
export function trayOutside(o: CardTrayOptions): {
  bayWidthMm: number;
  bayLengthMm: number;
  widthMm: number;
  lengthMm: number;
  heightMm: number;
} {
  const bayWidthMm = fitHoleMm(o.cardWidthMm, 'sliding', o.clearanceMm),
    bayLengthMm = fitHoleMm(o.cardLengthMm, 'sliding', o.clearanceMm);
  return {
    bayWidthMm,
    bayLengthMm,
    widthMm: o.columns * bayWidthMm + (o.columns + 1) * o.wallMm,
    lengthMm: o.rows * bayLengthMm + (o.rows + 1) * o.wallMm,
    heightMm: o.floorMm + o.stackMm,
  };
}

/**
 * Checks a tray's options, for the tray (`part` card-tray) and for the lid made to fit over it (tray-lid):
 * the lid is the tray's outside, so it takes only what a tray takes.
 */
export function checkTrayOptions(part: string, o: CardTrayOptions): void {
  checkRange(part, 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange(part, 'cardWidthMm', o.cardWidthMm, 30, 150);
  checkRange(part, 'cardLengthMm', o.cardLengthMm, o.cardWidthMm, 200);
  for (const k of ['columns', 'rows'] as const)
    checkOption(part, k, o[k], Number.isInteger(o[k]) && o[k] >= 1 && o[k] <= 4, 'a whole number of bays from 1 to 4');
  checkRange(part, 'stackMm', o.stackMm, 0.5, 60);
  checkRange(part, 'floorMm', o.floorMm, 0.8, 5);
  checkRange(part, 'wallMm', o.wallMm, MIN_FEATURE_MM, 10);
  checkRange(part, 'notchMm', o.notchMm, 8, o.cardWidthMm * 0.6);
}

/** Builds the tray on its floor. Features: `card-bay-<i>` (rect holes, the card's width along X). */
export function cardTray(options?: Partial<CardTrayOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkTrayOptions('card-tray', o);
  const { bayWidthMm: bw, bayLengthMm: bl, widthMm: W, lengthMm: L, heightMm: H } = trayOutside(o);
  const cuts: Solid[] = [],
    features: Feature[] = [];
  for (let r = 0; r < o.rows; r++) {
    for (let c = 0; c < o.columns; c++) {
      const x = -W / 2 + o.wallMm + bw / 2 + c * (bw + o.wallMm),
        y = -L / 2 + o.wallMm + bl / 2 + r * (bl + o.wallMm);
      cuts.push(box([bw, bl, o.stackMm + 1], false).translate([x - bw / 2, y - bl / 2, o.floorMm]));
      // The notch: a round cut through the bay's front wall (−Y), its bottom at the floor, and straight up
      // from its middle to the top, so a tray deeper than the notch's radius (a deck box) has no arch of
      // wall over it to print in the air.
      const rn = o.notchMm / 2,
        y0 = y - bl / 2 - o.wallMm - 1;
      cuts.push(
        cylinder(o.wallMm + 2, rn)
          .rotate([-90, 0, 0])
          .translate([x, y0, o.floorMm + rn]),
      );
      if (o.floorMm + rn < H)
        cuts.push(
          box([o.notchMm, o.wallMm + 2, H - o.floorMm - rn + 1], false).translate([x - rn, y0, o.floorMm + rn]),
        );
      features.push({
        id: `card-bay-${r * o.columns + c}`,
        kind: 'card-bay',
        role: 'hole',
        positionMm: [x, y, H],
        axis: [0, 0, 1],
        size: { shape: 'rect', widthMm: bw, heightMm: bl, widthAxis: [1, 0, 0] },
        depthMm: o.stackMm,
        mating: 'sliding',
      });
    }
  }
  return {
    solid: box([W, L, H], false)
      .translate([-W / 2, -L / 2, 0])
      .subtract(union(cuts)),
    features,
  };
}
