/**
 * Per-printer calibration from practice shots (BRIEF §4: brands differ by 10–25 %; the rulebook asks
 * players to fire a few). The player prints the arm tuned for a range and measures where the balls land.
 * Each carry is inverted through the flight model to the launch speed that produced it; the factor on
 * the launch energy is then f = f₀ · mean(v_i²) / v_pred², where v_pred is the speed the design was
 * predicted to launch at with the factor f₀ already in use. It absorbs everything that scales the
 * energy: the brand's modulus, the tip block's real mass, friction in the bore.
 */
import { speedForRangeMps } from './flight.js';
import { launchOf, type Solution } from './solver.js';

export interface Calibration {
  /** The new factor on the launch energy (measured over predicted). */
  factor: number;
  /** The factor the tuned design was predicted with. */
  previousFactor: number;
  shots: number;
  meanMeasuredM: number;
  predictedRangeM: number;
}

export function fitCalibration(tuned: Solution, measuredRangesM: readonly number[]): Calibration {
  if (measuredRangesM.length === 0) throw new RangeError('fitCalibration needs at least one measured shot');
  const launch = launchOf(tuned.setup, tuned.shot.asPrinted);
  const meanSquareSpeed =
    measuredRangesM.reduce((sum, r) => sum + speedForRangeMps(launch, r) ** 2, 0) / measuredRangesM.length;
  const previousFactor = tuned.setup.calibrationFactor;
  return {
    factor: (previousFactor * meanSquareSpeed) / tuned.shot.launchSpeedMps ** 2,
    previousFactor,
    shots: measuredRangesM.length,
    meanMeasuredM: measuredRangesM.reduce((a, b) => a + b, 0) / measuredRangesM.length,
    predictedRangeM: tuned.shot.rangeM,
  };
}
