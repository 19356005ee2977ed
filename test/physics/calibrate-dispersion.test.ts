import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/random.js';
import { fitCalibration } from '../../src/physics/calibrate.js';
import { dispersion } from '../../src/physics/dispersion.js';
import { shoot } from '../../src/physics/solver.js';
import { solveCannon } from '../../src/physics/tune.js';
import { wearEstimate, WEAR_MAX_SHOTS } from '../../src/physics/wear.js';

describe('calibration from practice shots', () => {
  it('recovers a known energy factor from synthetic shots with print scatter', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('petg', 'pa', 'pc', 'abs'),
        fc.double({ min: 0.4, max: 1.0, noNaN: true }),
        fc.double({ min: 0.7, max: 1.3, noNaN: true }),
        fc.integer({ min: 1, max: 1000 }),
        (materialId, r, trueFactor, seed) => {
          const tuned = solveCannon({ materialId, targetRangeM: r });
          // This printer's cannons really launch with trueFactor × the modelled energy, ± 2 % per shot.
          const printer = { ...tuned.setup, calibrationFactor: trueFactor };
          const rnd = createRandom(seed);
          const shots = Array.from(
            { length: 8 },
            () =>
              shoot(printer, tuned.arm, {
                modulusFactor: 1 + rnd.range(-0.02, 0.02),
                ballMassFactor: 1,
                tipMassFactor: 1,
                elevationOffsetRad: 0,
                frictionCoefficient: null,
              }).rangeM,
          );
          const fit = fitCalibration(tuned, shots);
          expect(fit.factor / trueFactor).toBeCloseTo(1, 1);
          expect(Math.abs(fit.factor / trueFactor - 1)).toBeLessThan(0.02);
          expect(fit.previousFactor).toBe(1);
          expect(fit.shots).toBe(8);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('is exact for noiseless shots, and builds on the factor already in use', () => {
    const tuned = solveCannon({ materialId: 'pc', targetRangeM: 0.8, calibrationFactor: 0.9 });
    const truth = { ...tuned.setup, calibrationFactor: 0.75 };
    const r = shoot(truth, tuned.arm).rangeM;
    const fit = fitCalibration(tuned, [r, r, r]);
    expect(fit.previousFactor).toBe(0.9);
    expect(fit.factor).toBeCloseTo(0.75, 5);
    expect(fit.meanMeasuredM).toBeCloseTo(r, 12);
    // Re-solved with the fitted factor, the design shoots the target on that printer.
    const corrected = solveCannon({ materialId: 'pc', targetRangeM: 0.8, calibrationFactor: fit.factor });
    expect(shoot(truth, corrected.arm).rangeM / 0.8).toBeCloseTo(1, 2);
  });
});

describe('dispersion (seeded Monte Carlo)', () => {
  const sol = solveCannon({ materialId: 'petg', targetRangeM: 0.6 });

  it('same seed, same percentiles; another seed moves them only a little', () => {
    const a = dispersion(sol, 2000, 7);
    expect(dispersion(sol, 2000, 7)).toEqual(a);
    const b = dispersion(sol, 2000, 8);
    expect(b).not.toEqual(a);
    expect(b.p50RangeM / a.p50RangeM).toBeCloseTo(1, 2);
  });

  it('P10 < P50 < P90 around the nominal range, a band of a few per cent each way', () => {
    const d = dispersion(sol, 4000, 1);
    expect(d.p10RangeM).toBeLessThan(d.p50RangeM);
    expect(d.p50RangeM).toBeLessThan(d.p90RangeM);
    expect(d.p50RangeM / sol.shot.rangeM).toBeCloseTo(1, 1);
    // E ± 10 % alone moves the energy by ± 10 %: the P10–P90 band is wider than 5 % and narrower than 40 %.
    expect((d.p90RangeM - d.p10RangeM) / d.p50RangeM).toBeGreaterThan(0.05);
    expect((d.p90RangeM - d.p10RangeM) / d.p50RangeM).toBeLessThan(0.4);
  });
});

describe('wear estimate', () => {
  it('N = 316 × (limit / peak strain)^10, flagged as an estimate', () => {
    const sol = solveCannon({ materialId: 'pa', targetRangeM: 0.6 });
    const w = wearEstimate(sol);
    const expected = 10 ** 2.5 * (sol.setup.strainLimit / sol.shot.state.peakStrain) ** 10;
    expect(w.shots).toBe(Math.min(WEAR_MAX_SHOTS, +expected.toPrecision(2)));
    expect(w.estimate).toBe(true);
    expect(w.fatigueStressRatio).toBeCloseTo((2.2e9 * sol.shot.state.peakStrain) / 52e6, 2);
  });

  it('an arm at its strain limit lasts hundreds of shots, and the solver keeps its designs well clear of it', () => {
    const sol = solveCannon({ materialId: 'pla', targetRangeM: 0.6096 });
    const atLimit = { ...sol, shot: { ...sol.shot, state: { ...sol.shot.state, peakStrain: sol.setup.strainLimit } } };
    expect(wearEstimate(atLimit).shots).toBeGreaterThan(300);
    expect(wearEstimate(atLimit).shots).toBeLessThan(500);
    expect(sol.margins.strain).toBeLessThan(0.9);
    expect(wearEstimate(sol).shots).toBeGreaterThan(1000);
  });
});
