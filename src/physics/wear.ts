/**
 * Wear: shots before the arm's range falls noticeably. A MODEL ESTIMATE, flagged as such wherever it is
 * shown: no source measures printed flex arms. The designer notes say a cannon "loses tension after
 * hundreds of shots"; the materials' repeated-flex strains are the limits a design is held to, so we
 * anchor there and scale with a Basquin-type power law in the peak strain:
 *
 *   N = N_limit · (ε_limit / ε_peak)^m,  N_limit = 10^2.5 (≈ 316, "hundreds"), m = 10
 *
 * m = 10 is the reciprocal of a Basquin exponent b ≈ −0.1, typical of unfilled thermoplastics [E].
 * Separately, BRIEF §4's fatigue rule (peak stress near 0.3–0.4 × σ_xy for 10³–10⁴ cycles) is checked
 * and reported: `fatigueStressRatio` is the peak stress over σ_xy.
 */
import { FATIGUE_STRESS_FRACTION } from '../materials.js';
import { mpaToPa } from '../units.js';
import type { Solution } from './solver.js';

export const WEAR_SHOTS_AT_LIMIT = 10 ** 2.5;
export const WEAR_EXPONENT = 10;
/** Above this the estimate says nothing useful: reported as "more than". */
export const WEAR_MAX_SHOTS = 1e6;

export interface Wear {
  /** Shots before the range falls noticeably, two significant figures, at most WEAR_MAX_SHOTS. */
  shots: number;
  /** Peak stress at the root over the tensile strength σ_xy. */
  fatigueStressRatio: number;
  /** Whether that stress is within BRIEF §4's band for 10³–10⁴ shots (≤ FATIGUE_STRESS_FRACTION.max). */
  withinFatigueBand: boolean;
  /** Always true: this is a model estimate, not a measurement. */
  estimate: true;
  model: string;
}

export function wearEstimate(sol: Solution): Wear {
  const raw = WEAR_SHOTS_AT_LIMIT * (sol.setup.strainLimit / sol.shot.state.peakStrain) ** WEAR_EXPONENT;
  const stressRatio =
    (sol.setup.modulusPa * sol.shot.state.peakStrain) / mpaToPa(sol.setup.material.tensileStrengthXyMPa.value);
  return {
    shots: Math.min(WEAR_MAX_SHOTS, +raw.toPrecision(2)),
    fatigueStressRatio: +stressRatio.toPrecision(3),
    withinFatigueBand: stressRatio <= FATIGUE_STRESS_FRACTION.max,
    estimate: true,
    model: `N = ${Math.round(WEAR_SHOTS_AT_LIMIT)} × (strain limit / peak strain)^${WEAR_EXPONENT}, anchored on "hundreds of shots" at the repeated-flex limit [E]`,
  };
}
