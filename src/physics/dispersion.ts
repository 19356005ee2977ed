/**
 * How far apart two printed copies of one design shoot (the dispersion): a seeded Monte Carlo over
 * the print tolerances, each drawn uniformly within its band. Same seed, same percentiles.
 */
import { createRandom } from '../parts/random.js';
import { PRINT_DEFAULTS } from '../standard.js';
import { mmToM } from '../units.js';
import { RELEASE_TOLERANCE_MM, shoot, THICKNESS_TOLERANCE_LINE_FRACTION, type Solution } from './solver.js';

/** Tolerance bands (ours, [E]; BRIEF §4 and the issue): E ± 10 %, ball mass ± 5 %. */
export const MODULUS_TOLERANCE_FRACTION = 0.1;
export const BALL_MASS_TOLERANCE_FRACTION = 0.05;
/** Samples per estimate: the P10/P90 move by well under 0.5 % between seeds at this count. */
export const DISPERSION_SAMPLES = 10_000;
export const DISPERSION_SEED = 1;

export interface Dispersion {
  p10RangeM: number;
  p50RangeM: number;
  p90RangeM: number;
  samples: number;
  seed: number;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/**
 * P10/P50/P90 range of copies of `sol` printed with thickness ± THICKNESS_TOLERANCE_LINE_FRACTION of a
 * line width, release point ± RELEASE_TOLERANCE_MM, modulus ± 10 % and ball mass ± 5 %.
 */
export function dispersion(sol: Solution, samples = DISPERSION_SAMPLES, seed = DISPERSION_SEED): Dispersion {
  const rnd = createRandom(seed);
  const dh = mmToM(THICKNESS_TOLERANCE_LINE_FRACTION * PRINT_DEFAULTS.lineWidthMm);
  const dd = mmToM(RELEASE_TOLERANCE_MM);
  const ranges = new Float64Array(samples);
  for (let i = 0; i < samples; i++) {
    const arm = {
      lengthM: sol.arm.lengthM,
      thicknessM: sol.arm.thicknessM + rnd.range(-dh, dh),
      releaseDeflectionM: sol.arm.releaseDeflectionM + rnd.range(-dd, dd),
    };
    const variation = {
      modulusFactor: 1 + rnd.range(-MODULUS_TOLERANCE_FRACTION, MODULUS_TOLERANCE_FRACTION),
      ballMassFactor: 1 + rnd.range(-BALL_MASS_TOLERANCE_FRACTION, BALL_MASS_TOLERANCE_FRACTION),
    };
    ranges[i] = shoot(sol.setup, arm, variation).rangeM;
  }
  ranges.sort();
  return { p10RangeM: percentile(ranges, 0.1), p50RangeM: percentile(ranges, 0.5), p90RangeM: percentile(ranges, 0.9), samples, seed };
}
