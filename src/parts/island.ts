/**
 * A full printed island: a lobed landmass stepped like a hill (a low beach, then a steeper hill up to a
 * flat terrace), carrying the island topper's puck and features (cannon slots all round, flag holes on
 * top) on the terrace. A cannon in a slot stands as it does on a hull (slot centre 7 mm above the surface
 * below it), and the land only falls away outward, so nothing blocks it. The outline comes from a seed,
 * so the same seed always makes the same island. Printed flat side down.
 */
import { polygon, union, type Vec2 } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { DEFAULT_PRINTER_ID, MIN_FEATURE_MM, PRINTERS } from '../standard.js';
import { cutInto } from './cutters.js';
import {
  checkTopperOptions,
  DEFAULTS as TOPPER_DEFAULTS,
  topperBosses,
  topperCuts,
  topperHeightMm,
  topperPuck,
  type IslandTopperOptions,
} from './island-topper.js';
import { checkOption, checkRange, mergeOptions } from './options.js';
import { createRandom } from '../random.js';

export interface IslandOptions extends IslandTopperOptions {
  /** Seed of the outline (a whole number). Default 1. */
  seed: number;
  /** Mean radius of the landmass at the waterline. Default 68 mm (about 136 mm across). */
  landRadiusMm: number;
  /** Height of the terrace the puck stands on, above the table. Default 8 mm. */
  landHeightMm: number;
}

export const DEFAULTS: IslandOptions = {
  ...TOPPER_DEFAULTS,
  seed: 1,
  landRadiusMm: 68,
  landHeightMm: 8,
};

/** Lobes of the outline: a few low harmonics with seeded amplitudes and phases. */
const LOBES = [2, 3, 5] as const;
const OUTLINE_POINTS = 96;
/** Most the lobes swing the outline from its mean radius: three amplitudes of at most 0.08. */
const MAX_LOBE = 0.24;
/**
 * The two tiers, as scales of the waterline outline: the beach runs from the outline (×1) to ×0.9 over
 * the lower BEACH_FRACTION of the land's height; the hill rises from ×HILL_SCALE to the terrace (×TOP_SCALE).
 */
const BEACH_TOP_SCALE = 0.9;
const BEACH_FRACTION = 0.35;
const HILL_SCALE = 0.85;
const TOP_SCALE = 0.7;

/** The largest island that fits the default printer's bed at the widest lobes. */
const bed = PRINTERS.find((p) => p.id === DEFAULT_PRINTER_ID)!;
const MAX_LAND_RADIUS_MM = Math.floor(Math.min(bed.bedXMm, bed.bedYMm) / (2 * (1 + MAX_LOBE)));

/** The landmass outline at the waterline: radius R·(1 + Σ aₖ·sin(kθ + φₖ)), Σ|aₖ| ≤ MAX_LOBE. */
function outline(seed: number, radiusMm: number): Vec2[] {
  const random = createRandom(seed);
  const waves = LOBES.map((k) => ({ k, a: random.range(0.03, 0.08), phase: random.range(0, 2 * Math.PI) }));
  return Array.from({ length: OUTLINE_POINTS }, (_, i) => {
    const t = (2 * Math.PI * i) / OUTLINE_POINTS;
    const r = radiusMm * (1 + waves.reduce((s, w) => s + w.a * Math.sin(w.k * t + w.phase), 0));
    return [r * Math.cos(t), r * Math.sin(t)] as Vec2;
  });
}

/** Builds the island. Features: the topper's `cannon-slot-<i>` and `flag-hole-<i>` (holes). */
export function island(options?: Partial<IslandOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkTopperOptions('island', o);
  checkOption(
    'island',
    'seed',
    o.seed,
    Number.isInteger(o.seed) && o.seed >= 0 && o.seed <= 0xffffffff,
    'a whole number from 0 to 4294967295',
  );
  checkRange('island', 'landHeightMm', o.landHeightMm, 2, 20);
  // The narrowest lobe (1 − MAX_LOBE)·R at the terrace (×TOP_SCALE) must still hold the puck with a wall to spare.
  const minLandMm = Math.ceil((o.radiusMm + MIN_FEATURE_MM) / ((1 - MAX_LOBE) * TOP_SCALE));
  checkRange('island', 'landRadiusMm', o.landRadiusMm, minLandMm, MAX_LAND_RADIUS_MM);

  const shore = polygon(outline(o.seed, o.landRadiusMm));
  const h = o.landHeightMm;
  const beach = shore.extrude(h * BEACH_FRACTION, BEACH_TOP_SCALE);
  // Hill and puck start inside the tier below, not on its face: coplanar faces would leave slivers in the union.
  const hillBottom = (h * BEACH_FRACTION) / 2;
  const hill = shore
    .scale(HILL_SCALE)
    .extrude(h - hillBottom, TOP_SCALE / HILL_SCALE)
    .translate([0, 0, hillBottom]);
  const top = h + topperHeightMm(o.clearanceMm);
  const puck = topperPuck(o.radiusMm, h / 2, top);
  return layOnBed(cutInto(union([beach, hill, puck, ...topperBosses(o, h, top)]), topperCuts(o, h, top)));
}
