/**
 * Coins: the seven coin types of the rulebook's 20-coin set, each a disc that stands on edge in the hull's
 * coin slot (cutters.coinSlot), with its icon (./coin-icons.ts) on its face. Printed face up: the top
 * face's field is sunk inside a rim and the icon stands in it to the full thickness, so nothing rises
 * above the disc the slot fits. The face on the bed is left plain: a sunk field there would have to be
 * bridged, and a sunk icon would cut the disc's axis, where the fit rules probe the coin's material. */
import { circle, cylinder } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { COIN_SET, type CoinId } from '../rules/rulebook.js';
import { DEFAULT_BED_CHAMFER_MM, INTERFACES, MIN_FEATURE_MM } from '../standard.js';
import { chamferFitsAtBed } from './chamfer.js';
import { coinIcon, ICON_RADIUS_MM } from './coin-icons.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface CoinOptions {
  /** Which coin: one of COIN_SET's ids. Default 'brace'. */
  type: CoinId;
  /** Width of the rim standing round the top face's sunk field. Default 1.2 mm (over MIN_FEATURE_MM). */
  rimMm: number;
  /** 45° chamfer round the face on the bed, against the printer's elephant's foot. Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

export const DEFAULTS: CoinOptions = {
  type: 'brace',
  rimMm: 1.2,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

/** Builds a coin lying flat, face up. Feature: `coin` (peg, round, the disc's diameter, depth = its thickness). */
export function coin(options?: Partial<CoinOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  const ids = COIN_SET.map((c) => c.id as string);
  checkOption('coin', 'type', o.type, ids.includes(o.type), `one of ${ids.join(', ')}`);
  const { diameterMm, thicknessMm, reliefMm } = INTERFACES.coin;
  // The rim leaves the field at least a stroke's room round the icon.
  checkRange('coin', 'rimMm', o.rimMm, MIN_FEATURE_MM, diameterMm / 2 - ICON_RADIUS_MM - MIN_FEATURE_MM);
  checkRange('coin', 'bedChamferMm', o.bedChamferMm, 0, INTERFACES.coin.reliefMm);

  const icon = coinIcon(o.type);
  const cut = (profile: ReturnType<typeof circle>) => profile.extrude(reliefMm + 0.5);
  const field = cut(circle(diameterMm / 2 - o.rimMm).subtract(icon));
  const solid = cylinder(thicknessMm, diameterMm / 2).subtract(field.translate([0, 0, thicknessMm - reliefMm]));
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
