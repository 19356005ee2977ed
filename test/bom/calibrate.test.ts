import { describe, expect, it } from 'vitest';
import { CALIBRATION_PRINTS, fitCalibration, type PartSample } from '../../src/bom/calibrate.js';
import { analysePrint, calibrate, calibratedSeconds, type Calibration } from '../../src/bom/estimate.js';
import { boxMesh } from './helpers.js';

/** Boxes from a coin to a hull, so some layers are stretched to the minimum layer time and some not. */
const BOXES: [number, number, number][] = [
  [20, 20, 2.4],
  [8, 8, 8],
  [5, 5, 40],
  [40, 30, 20],
  [90, 40, 25],
  [60, 60, 6],
];

describe('calibration', () => {
  it('scales move time, adds the per-layer overhead, and leaves stretched layers at their minimum', () => {
    const a = analysePrint(boxMesh(90, 40, 25), CALIBRATION_PRINTS[0]!);
    const unit: Calibration = { volumeFactor: 1, moveTimeFactor: 1, layerOverheadS: 0 };
    expect(a.moveS.every((m, i) => m > a.stretchedS[i]!)).toBe(true);
    expect(calibratedSeconds(a, { ...unit, moveTimeFactor: 2 })).toBeCloseTo(2 * calibratedSeconds(a, unit), 6);
    expect(calibratedSeconds(a, { ...unit, layerOverheadS: 0.5 })).toBeCloseTo(
      calibratedSeconds(a, unit) + 0.5 * a.layers,
      6,
    );
    expect(calibrate(a, 1.24, { ...unit, volumeFactor: 1.1 }).grams).toBeCloseTo(
      1.1 * calibrate(a, 1.24, unit).grams,
      9,
    );
    // However fast the moves, each layer still waits for its stretch (the minimum layer time where the
    // minimum speed allows it).
    const tiny = analysePrint(boxMesh(8, 8, 4), CALIBRATION_PRINTS[0]!);
    expect(calibratedSeconds(tiny, { ...unit, moveTimeFactor: 1e-9 })).toBeCloseTo(
      tiny.stretchedS.reduce((s, x) => s + x, 0),
      6,
    );
    expect(tiny.stretchedS.every((s) => s > 0)).toBe(true);
  });

  it('recovers the constants that made the figures it is fitted to', () => {
    const truth: Calibration = { volumeFactor: 1.08, moveTimeFactor: 1.21, layerOverheadS: 0.4 };
    const samples: PartSample[] = CALIBRATION_PRINTS.flatMap((print) =>
      BOXES.map(([x, y, z]) => {
        const analysis = analysePrint(boxMesh(x, y, z), print);
        const { grams, minutes } = calibrate(analysis, 1.24, truth);
        return { analysis, densityGPerCm3: 1.24, slicer: { grams, minutes } };
      }),
    );
    const fit = fitCalibration(samples);
    expect(fit.volumeFactor).toBeCloseTo(truth.volumeFactor, 9);
    expect(fit.moveTimeFactor).toBeCloseTo(truth.moveTimeFactor, 3);
    expect(fit.layerOverheadS).toBeCloseTo(truth.layerOverheadS, 2);
  });

  it('fits the least-squares compromise when no constants fit every part', () => {
    const a = analysePrint(boxMesh(40, 30, 20), CALIBRATION_PRINTS[0]!);
    const b = analysePrint(boxMesh(90, 40, 25), CALIBRATION_PRINTS[0]!);
    const raw = (x: typeof a): number =>
      calibrate(x, 1, { volumeFactor: 1, moveTimeFactor: 1, layerOverheadS: 0 }).grams;
    // One part 10 % over, the other 10 % under the model: k minimises (k/1.1 − 1)² + (k/0.9 − 1)².
    const fit = fitCalibration([
      { analysis: a, densityGPerCm3: 1, slicer: { grams: raw(a) * 1.1, minutes: 10 } },
      { analysis: b, densityGPerCm3: 1, slicer: { grams: raw(b) * 0.9, minutes: 20 } },
    ]);
    const [r1, r2] = [1 / 1.1, 1 / 0.9];
    expect(fit.volumeFactor).toBeCloseTo((r1 + r2) / (r1 * r1 + r2 * r2), 9);
    expect(() => fitCalibration([])).toThrow(/at least one part/);
  });
});
