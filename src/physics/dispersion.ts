/**
 * How far apart two printed copies of one design shoot: a seeded Monte Carlo over what printing varies,
 * each drawn uniformly within its band, and each term's own swing (the other terms nominal), so the report
 * can say which one dominates. Same seed, same percentiles.
 */
import { BORE_FRICTION } from '../materials.js';
import { createRandom } from '../random.js';
import { PRINT_DEFAULTS } from '../standard.js';
import { degToRad, mmToM } from '../units.js';
import { shoot, type Arm, type Solution, type Variation } from './solver.js';

/**
 * Tolerance bands (ours, [E]): the arm's thickness ± a tenth of a line width and the catch's release point
 * ± 0.1 mm (extrusion width and the catch's printed edge), modulus ± 10 % within one brand, ball mass ± 5 %
 * (its shell), the bore's elevation ± 1° (a layer's step on a 12 mm barrel, and the plug's play in its
 * slot), the tip block's mass ± 5 % (a solid print still under- or over-extrudes), bore friction over its
 * whole 0.2–0.4 band.
 */
export const TOLERANCES = {
  thicknessLineFraction: 0.1,
  releaseMm: 0.1,
  modulusFraction: 0.1,
  ballMassFraction: 0.05,
  elevationDeg: 1,
  tipMassFraction: 0.05,
} as const;

/** Samples per estimate: the P10/P90 move by well under 0.5 % between seeds at this count. */
export const DISPERSION_SAMPLES = 10_000;
export const DISPERSION_SEED = 1;

export type DispersionTerm = 'thickness' | 'release' | 'modulus' | 'ballMass' | 'elevation' | 'tipMass' | 'friction';

export interface Dispersion {
  p10RangeM: number;
  p50RangeM: number;
  p90RangeM: number;
  samples: number;
  seed: number;
  /** Each term's swing alone: the range at the top of its band minus at the bottom, largest first. */
  terms: { term: DispersionTerm; swingM: number }[];
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** A copy of the design with every term at u ∈ [−1, 1] of its band (0: nominal). */
function copyAt(sol: Solution, u: Record<DispersionTerm, number>): { arm: Arm; variation: Variation } {
  const t = TOLERANCES;
  const frictionHalf = (BORE_FRICTION.max - BORE_FRICTION.min) / 2;
  return {
    arm: {
      ...sol.arm,
      thicknessM: sol.arm.thicknessM + u.thickness * mmToM(t.thicknessLineFraction * PRINT_DEFAULTS.lineWidthMm),
      releaseDeflectionM: sol.arm.releaseDeflectionM + u.release * mmToM(t.releaseMm),
    },
    variation: {
      modulusFactor: 1 + u.modulus * t.modulusFraction,
      ballMassFactor: 1 + u.ballMass * t.ballMassFraction,
      tipMassFactor: 1 + u.tipMass * t.tipMassFraction,
      elevationOffsetRad: u.elevation * degToRad(t.elevationDeg),
      frictionCoefficient: sol.setup.frictionCoefficient + u.friction * frictionHalf,
    },
  };
}

const TERMS: readonly DispersionTerm[] = [
  'thickness',
  'release',
  'modulus',
  'ballMass',
  'elevation',
  'tipMass',
  'friction',
];
const nominal = (): Record<DispersionTerm, number> => ({
  thickness: 0,
  release: 0,
  modulus: 0,
  ballMass: 0,
  elevation: 0,
  tipMass: 0,
  friction: 0,
});

/** P10/P50/P90 range of printed copies of `sol`, every term within its TOLERANCES band, and each term's swing. */
export function dispersion(sol: Solution, samples = DISPERSION_SAMPLES, seed = DISPERSION_SEED): Dispersion {
  const rnd = createRandom(seed);
  const rangeAt = (u: Record<DispersionTerm, number>): number => {
    const c = copyAt(sol, u);
    // A copy is printed from the same file: its layout is the design's; only what printing varies differs.
    return shoot(sol.setup, c.arm, c.variation, sol.shot.asPrinted).rangeM;
  };
  const ranges = new Float64Array(samples);
  for (let i = 0; i < samples; i++) {
    const u = nominal();
    for (const term of TERMS) u[term] = rnd.range(-1, 1);
    ranges[i] = rangeAt(u);
  }
  ranges.sort();
  const terms = TERMS.map((term) => ({
    term,
    swingM: Math.abs(rangeAt({ ...nominal(), [term]: 1 }) - rangeAt({ ...nominal(), [term]: -1 })),
  }));
  terms.sort((a, b) => b.swingM - a.swingM);
  return {
    p10RangeM: percentile(ranges, 0.1),
    p50RangeM: percentile(ranges, 0.5),
    p90RangeM: percentile(ranges, 0.9),
    samples,
    seed,
    terms,
  };
}
