/**
 * Coins: the seven coin types of the rulebook's 20-coin set, each a disc that stands on edge in the hull's
 * coin slot (cutters.coinSlot), with its two letters sunk into both faces. The marking is sunk, not
 * raised, because the slot fits the disc's thickness; it is stroked at least two line widths wide so it
 * survives slicing, and the bottom face carries the letters mirrored so they read the right way round.
 */
import { cylinder, text, union } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { COIN_SET, type CoinId } from '../rules/rulebook.js';
import { DEFAULT_BED_CHAMFER_MM, INTERFACES, MIN_FEATURE_MM } from '../standard.js';
import { chamferFitsAtBed } from './chamfer.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

/** Two letters per coin type, from its rulebook name. */
export const COIN_MARKS: Readonly<Record<CoinId, string>> = {
  brace: 'BR',
  signal: 'SG',
  'full-sail': 'FS',
  evasive: 'EV',
  gunner: 'GN',
  repair: 'RP',
  boarding: 'BD',
};

export interface CoinOptions {
  /** Which coin: one of COIN_SET's ids. Default 'brace'. */
  type: CoinId;
  /** Cap height of the letters. Default 7 mm (two letters fit inside the 20 mm disc with a margin). */
  letterHeightMm: number;
  /** Stroke width of the letters. Default 1.0 mm (≥ MIN_FEATURE_MM, two 0.45 mm lines). */
  strokeMm: number;
  /** 45° chamfer round the face on the bed, against the printer's elephant's foot. Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

export const DEFAULTS: CoinOptions = {
  type: 'brace',
  letterHeightMm: 7,
  strokeMm: 1.0,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

/** Builds a coin lying flat. Feature: `coin` (peg, round, the disc's diameter, depth = its thickness). */
export function coin(options?: Partial<CoinOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  const ids = COIN_SET.map((c) => c.id as string);
  checkOption('coin', 'type', o.type, ids.includes(o.type), `one of ${ids.join(', ')}`);
  checkRange('coin', 'strokeMm', o.strokeMm, MIN_FEATURE_MM, 2);
  checkRange('coin', 'letterHeightMm', o.letterHeightMm, 4, 10);
  checkRange('coin', 'bedChamferMm', o.bedChamferMm, 0, INTERFACES.coin.reliefMm);
  const { diameterMm, thicknessMm, reliefMm } = INTERFACES.coin;

  // A hair's inward offset re-cleans the stroked outline, and dropping vertices within a micrometre of
  // their neighbours finishes it: where two strokes end on one point (the V of "EV") the union leaves
  // vertices too close to survive float32 export as distinct points (about 1 stroke width in 150 did).
  const marks = text(COIN_MARKS[o.type], o.letterHeightMm, o.strokeMm + 0.02).offset(-0.01).simplify(1e-3);
  const b = marks.bounds();
  checkOption('coin', 'letterHeightMm', o.letterHeightMm, Math.hypot(b.max[0] - b.min[0], b.max[1] - b.min[1]) / 2 < diameterMm / 2 - MIN_FEATURE_MM, 'letters that fit inside the disc with a rim');
  const engrave = marks.extrude(reliefMm + 0.5);
  const solid = cylinder(thicknessMm, diameterMm / 2).subtract(
    union([engrave.translate([0, 0, thicknessMm - reliefMm]), engrave.mirror([1, 0, 0]).translate([0, 0, -0.5])]),
  );
  const part = layOnBed({
    solid,
    features: [
      {
        id: 'coin',
        kind: 'coin',
        role: 'peg',
        positionMm: [0, 0, 0],
        axis: [0, 0, 1],
        size: { shape: 'round', diameterMm },
        depthMm: thicknessMm,
        mating: 'sliding',
      },
    ],
  });
  return chamferFitsAtBed(part, o.bedChamferMm);
}
