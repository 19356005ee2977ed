import { describe, expect, it } from 'vitest';
import { cannon } from '../../src/parts/cannon.js';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { cannonOptionsFor, describeSolution, solveCannon, tuneCannon } from '../../src/physics/tune.js';

describe('tuneCannon', () => {
  const r = tuneCannon({ materialId: 'petg', targetRangeM: 0.6096 }, { dispersionSamples: 2000 });

  it('reports the design consistently: energy under the ceiling, prediction on target, units as named', () => {
    expect(r.material).toBe('petg');
    expect(r.targetRangeM).toBe(0.6096);
    expect(Math.abs(r.predictedRangeM / r.targetRangeM - 1)).toBeLessThanOrEqual(0.01);
    expect(r.storedEnergyJ).toBeLessThanOrEqual(r.energyCeilingJ);
    expect(r.energyHeadroom).toBeCloseTo(r.storedEnergyJ / r.energyCeilingJ, 2);
    expect(r.peakStrain).toBeLessThanOrEqual(r.strainLimit);
    expect(r.arm.thicknessMm).toBeCloseTo(r.arm.thicknessLines * 0.45, 9);
    // ½mv² = f·η·U
    expect((0.5 * (r.ball.massG / 1000) * r.launchSpeedMps ** 2) / (r.efficiency * r.storedEnergyJ)).toBeCloseTo(1, 2);
    // PETG arm, L × h with its width tapering from root to tip: mass = 1.27 g/cm³ × L × h × (b_root + b_tip)/2.
    expect(r.arm.massG).toBeCloseTo(
      (1.27e-3 * r.arm.lengthMm * r.arm.thicknessMm * (r.arm.widthMm + r.arm.tipWidthMm)) / 2,
      2,
    );
    expect(r.asPrinted.taper).toEqual({ rootWidthMm: r.arm.widthMm, tipWidthMm: r.arm.tipWidthMm });
    expect(r.asPrinted.drawMm).toBeCloseTo(r.arm.releaseDeflectionMm, 3);
    expect(r.asPrinted.drawPointFromRootMm).toBeGreaterThan(r.arm.lengthMm);
    expect(r.asPrinted.pusherFromRootMm).toBeGreaterThan(r.arm.lengthMm);
    expect(r.asPrinted.pusherFromRootMm).toBeLessThan(r.asPrinted.thumbPointFromRootMm);
    expect(r.asPrinted.thumbPointFromRootMm).toBeLessThan(r.asPrinted.drawPointFromRootMm);
    expect(r.limitUse).toBeLessThanOrEqual(1);
    expect(r.dispersion.terms).toHaveLength(7);
    expect(r.dispersion.dominantTerm).toBe(r.dispersion.terms[0]!.term);
    expect(r.dispersion.p10RangeM).toBeLessThan(r.dispersion.p90RangeM);
    expect(r.dispersion.samples).toBe(2000);
  });

  it('flags every estimate: material values, wear, tip block, missing calibration', () => {
    const w = r.warnings.join('\n');
    expect(w).toContain('PETG repeated-flex strain 1.75 %, hysteresis loss 5 %: estimates [E]');
    expect(w).toMatch(/wear: (about|more than) [\d,]+ shots before the range falls noticeably; a model estimate \[E\]/);
    expect(r.wear.estimate).toBe(true);
    expect(w).toContain('tip block mass');
    expect(w).toContain('not calibrated');
    expect(
      tuneCannon(
        { materialId: 'petg', targetRangeM: 0.6096, calibrationFactor: 0.9 },
        { dispersionSamples: 100 },
      ).warnings.join('\n'),
    ).not.toContain('not calibrated');
  });

  it("says a compliant ball's shot is outside the model, and how far off an outside check found it", () => {
    const tpu = tuneCannon(
      { materialId: 'petg', targetRangeM: 0.6096, ballMaterialId: 'tpu-95a' },
      { dispersionSamples: 100 },
    ).warnings.join('\n');
    expect(tpu).toMatch(/TPU 95A ball: it gives under the pusher, leaves it and is struck again.*9 % to 23 % further/);
    expect(r.warnings.join('\n')).not.toContain('struck again');
  });

  it('is deterministic: same request, same JSON', () => {
    expect(JSON.stringify(tuneCannon({ materialId: 'petg', targetRangeM: 0.6096 }, { dispersionSamples: 2000 }))).toBe(
      JSON.stringify(r),
    );
  });

  it('the cannon builder makes the tuned cannon with the solved arm', async () => {
    const sol = solveCannon({ materialId: 'pc', targetRangeM: 1.2, elevationDeg: 15 });
    const o = cannonOptionsFor(sol);
    expect(describeSolution(sol, { dispersionSamples: 10 }).arm.thicknessMm).toBeCloseTo(o.armThicknessMm, 9);
    expect(o.elevationDeg).toBeCloseTo(15, 9);
    await initKernel();
    const volume = withArena(() => cannon(o).solid.volumeMm3());
    expect(volume).toBeGreaterThan(1000);
  });
});
