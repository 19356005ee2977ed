/**
 * A full printed island: a lobed landmass that slopes up from the table like a beach, carrying the
 * island topper's puck and features (cannon slots all round, flag holes on top) on its crown. The
 * outline comes from a seed, so the same seed always makes the same island. Printed flat side down.
 */
import { cylinder, polygon, union, type Vec2 } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { MIN_FEATURE_MM } from '../standard.js';
import { cutInto } from './cutters.js';
import { checkTopperOptions, DEFAULTS as TOPPER_DEFAULTS, topperCuts, topperHeightMm, type IslandTopperOptions } from './island-topper.js';
import { checkOption, checkRange, mergeOptions } from './options.js';
import { createRandom } from './random.js';

export interface IslandOptions extends IslandTopperOptions {
  /** Seed of the outline (a whole number). Default 1. */
  seed: number;
  /** Mean radius of the landmass at the waterline. Default 55 mm. */
  landRadiusMm: number;
  /** Height of the beach slope the puck stands on. Default 5 mm. */
  landHeightMm: number;
}

export const DEFAULTS: IslandOptions = {
  ...TOPPER_DEFAULTS,
  seed: 1,
  landRadiusMm: 55,
  landHeightMm: 5,
};

/** Lobes of the outline: a few low harmonics with seeded amplitudes and phases. */
const LOBES = [2, 3, 5] as const;
const OUTLINE_POINTS = 96;
/** The landmass's top is its waterline outline scaled by this: a sloping beach. */
const TOP_SCALE = 0.7;

/** The landmass outline at the waterline: radius R·(1 + Σ aₖ·sin(kθ + φₖ)), Σ|aₖ| ≤ 0.24. */
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
  checkOption('island', 'seed', o.seed, Number.isInteger(o.seed) && o.seed >= 0 && o.seed <= 0xffffffff, 'a whole number from 0 to 4294967295');
  checkRange('island', 'landHeightMm', o.landHeightMm, 2, 20);
  // The narrowest lobe (0.76·R) tapered to its top (×0.7) must still hold the puck with a wall to spare.
  checkRange('island', 'landRadiusMm', o.landRadiusMm, Math.ceil((o.radiusMm + MIN_FEATURE_MM) / (0.76 * TOP_SCALE)), 100);

  const land = polygon(outline(o.seed, o.landRadiusMm)).extrude(o.landHeightMm, TOP_SCALE);
  const top = o.landHeightMm + topperHeightMm(o.clearanceMm);
  // The puck starts inside the landmass, not on the bed: coplanar bottoms would leave slivers in the union.
  const puck = cylinder(top - o.landHeightMm / 2, o.radiusMm).translate([0, 0, o.landHeightMm / 2]);
  return layOnBed(cutInto(union([land, puck]), topperCuts(o, o.landHeightMm, top)));
}
