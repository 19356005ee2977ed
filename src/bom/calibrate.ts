/**
 * Fitting `CALIBRATION` (src/bom/estimate.ts) to a real slicer. Each sample is one distinct part at one
 * print setting, analysed, with what the slicer reported for one copy. The fit minimises the sum of
 * squared relative errors over the parts, each part counted once: every BOM row shows a part's own grams
 * and minutes, so each should be right, and a part every set shares (the coins) must not outweigh the
 * rest. The per-set bound of BRIEF §5 is then checked on the sets, not fitted to them.
 * - grams are linear in `volumeFactor`, so it has a closed form;
 * - minutes are linear in `layerOverheadS` for a given `moveTimeFactor` (closed form, held at 0 or more),
 *   and piecewise linear in `moveTimeFactor` through the minimum-layer-time stretch, so that one is
 *   searched on a fine grid.
 * Pure: bench/slicer-calibration.ts feeds it PrusaSlicer's figures.
 */
import { PRINT_DEFAULTS } from '../standard.js';
import { calibratedSeconds, type Calibration, type PrintAnalysis, type PrintSettings } from './estimate.js';

/** The prints the calibration is fitted and checked at: the rulebook's "0.2 or 0.16 mm" layers, 15 % infill. */
export const CALIBRATION_PRINTS: readonly PrintSettings[] = [0.2, 0.16].map((layerHeightMm) => ({
  layerHeightMm,
  lineWidthMm: PRINT_DEFAULTS.lineWidthMm,
  perimeters: PRINT_DEFAULTS.perimeters,
  topLayers: PRINT_DEFAULTS.topLayers,
  bottomLayers: PRINT_DEFAULTS.bottomLayers,
  infillFraction: PRINT_DEFAULTS.infillFraction,
}));

/** Grams and minutes of a print, as a slicer or the estimate reports them. */
export interface PrintFigures {
  grams: number;
  minutes: number;
}

export interface PartSample {
  analysis: PrintAnalysis;
  densityGPerCm3: number;
  /** The slicer's figures for one copy. */
  slicer: PrintFigures;
}

/** Range and step of the `moveTimeFactor` search: wide enough for any sane model, finer than it matters. */
export const MOVE_TIME_FACTOR_SEARCH = { min: 0.5, max: 2.5, step: 0.001 } as const;

/** The calibration that best fits the parts' slicer figures (least squares on relative errors). */
export function fitCalibration(parts: readonly PartSample[]): Calibration {
  if (parts.length === 0) throw new Error('fitCalibration needs at least one part');
  // k minimises Σ (k·r − 1)² over r = uncalibrated estimate ÷ slicer.
  const ratios = parts.map(
    (p) =>
      ((p.analysis.wallsMm3 + p.analysis.skinsMm3 + p.analysis.infillMm3) * p.densityGPerCm3) / 1000 / p.slicer.grams,
  );
  const volumeFactor = ratios.reduce((a, r) => a + r, 0) / ratios.reduce((a, r) => a + r * r, 0);

  const slicerS = parts.map((p) => p.slicer.minutes * 60);
  let best = { error: Infinity, moveTimeFactor: 1, layerOverheadS: 0 };
  const { min, max, step } = MOVE_TIME_FACTOR_SEARCH;
  for (let n = 0; n <= Math.round((max - min) / step); n++) {
    const moveTimeFactor = min + n * step;
    const movesS = parts.map((p) => calibratedSeconds(p.analysis, { volumeFactor, moveTimeFactor, layerOverheadS: 0 }));
    // o minimises Σ ((A + o·L − T) / T)²: o = Σ (L/T)·(T − A)/T ÷ Σ (L/T)².
    let num = 0,
      den = 0;
    parts.forEach((p, i) => {
      const l = p.analysis.layers / slicerS[i]!;
      num += (l * (slicerS[i]! - movesS[i]!)) / slicerS[i]!;
      den += l * l;
    });
    const layerOverheadS = Math.max(0, num / den);
    const error = parts.reduce(
      (a, p, i) => a + ((movesS[i]! + layerOverheadS * p.analysis.layers - slicerS[i]!) / slicerS[i]!) ** 2,
      0,
    );
    if (error < best.error) best = { error, moveTimeFactor, layerOverheadS };
  }
  return { volumeFactor, moveTimeFactor: best.moveTimeFactor, layerOverheadS: best.layerOverheadS };
}
