import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InfeasibleError } from '../../src/errors.js';
import { MATERIAL_IDS } from '../../src/materials.js';
import { cannonArmGeometry } from '../../src/parts/cannon.js';
import { armThicknessesM, reachM, resolveSetup, shoot, solve, type Arm } from '../../src/physics/solver.js';
import { cannonOptionsFor, solveCannon } from '../../src/physics/tune.js';
import { CANNON, CANNON_LIMITS, PRINT_DEFAULTS } from '../../src/standard.js';
import { mmToM } from '../../src/units.js';

const material = fc.constantFrom(...MATERIAL_IDS);
const rangeM = fc.double({ min: 0.3, max: 1.5, noNaN: true });

/** Solves, or undefined when the request is infeasible (any other error fails the test). */
function trySolve(materialId: string, targetRangeM: number) {
  try {
    return solveCannon({ materialId, targetRangeM });
  } catch (e) {
    if (e instanceof InfeasibleError) return undefined;
    throw e;
  }
}

/** The printed design: the cannon builder's options back in SI, with a freshly resolved setup. */
function printedShot(materialId: string, sol: NonNullable<ReturnType<typeof trySolve>>) {
  const o = cannonOptionsFor(sol);
  const arm: Arm = { lengthM: mmToM(o.armLengthMm), thicknessM: mmToM(o.armThicknessMm), releaseDeflectionM: mmToM(o.releaseDeflectionMm) };
  return shoot(resolveSetup({ materialId, targetRangeM: 0, elevationDeg: o.elevationDeg, ballDiameterMm: o.ballDiameterMm }), arm);
}

describe('forward model', () => {
  const arm = fc.record({
    materialId: material,
    lengthMm: fc.integer({ min: CANNON.armLengthRangeMm.min, max: CANNON.armLengthRangeMm.max }),
    lines: fc.integer({ min: CANNON_LIMITS.armThicknessLines.min, max: CANNON_LIMITS.armThicknessLines.max - 1 }),
    deflectionRatio: fc.double({ min: 0.05, max: 0.35, noNaN: true }),
    step: fc.double({ min: 0.002, max: 0.05, noNaN: true }),
  });
  const armOf = (lengthMm: number, lines: number, ratio: number): Arm => ({
    lengthM: mmToM(lengthMm),
    thicknessM: mmToM(lines * PRINT_DEFAULTS.lineWidthMm),
    releaseDeflectionM: mmToM(ratio * lengthMm),
  });

  it('range grows with the release deflection', () => {
    fc.assert(
      fc.property(arm, ({ materialId, lengthMm, lines, deflectionRatio, step }) => {
        const s = resolveSetup({ materialId, targetRangeM: 1 });
        expect(shoot(s, armOf(lengthMm, lines, deflectionRatio + step)).rangeM).toBeGreaterThan(shoot(s, armOf(lengthMm, lines, deflectionRatio)).rangeM);
      }),
    );
  });

  it('range grows with the arm thickness (one more line width) at the same deflection', () => {
    fc.assert(
      fc.property(arm, ({ materialId, lengthMm, lines, deflectionRatio }) => {
        const s = resolveSetup({ materialId, targetRangeM: 1 });
        expect(shoot(s, armOf(lengthMm, lines + 1, deflectionRatio)).rangeM).toBeGreaterThan(shoot(s, armOf(lengthMm, lines, deflectionRatio)).rangeM);
      }),
    );
  });

  it('takes its launch height and elevation from the cannon builder', () => {
    const s = resolveSetup({ materialId: 'pla', targetRangeM: 1, elevationDeg: 20 });
    expect(s.elevationRad).toBeCloseTo((20 * Math.PI) / 180, 12);
    // Slot centre 7 mm; bore 6 mm above it at the ball, rising at 20° over the 1.25 ball diameters to the muzzle.
    expect(s.launchHeightM).toBeCloseTo(mmToM(7 + 6 + 10 * Math.tan((20 * Math.PI) / 180)), 9);
  });
});

describe('inverse solve', () => {
  it('forward(inverse(R)) ≈ R within 1 % across materials and 0.3–1.5 m, as printed', () => {
    let feasible = 0;
    fc.assert(
      fc.property(material, rangeM, (materialId, r) => {
        const sol = trySolve(materialId, r);
        if (!sol) return;
        feasible++;
        expect(Math.abs(printedShot(materialId, sol).rangeM / r - 1)).toBeLessThanOrEqual(0.01);
      }),
      { numRuns: 60 },
    );
    expect(feasible).toBeGreaterThan(20);
  });

  it('nylon and PC reach every range from 0.3 to 1.5 m', () => {
    fc.assert(
      fc.property(fc.constantFrom('pa', 'pc'), rangeM, (materialId, r) => {
        const sol = trySolve(materialId, r);
        expect(sol).toBeDefined();
        expect(sol!.shot.rangeM / r).toBeCloseTo(1, 2);
      }),
      { numRuns: 30 },
    );
  });

  it('quantised designs: whole line widths, every limit kept, and the builder accepts them', () => {
    fc.assert(
      fc.property(material, rangeM, (materialId, r) => {
        const sol = trySolve(materialId, r);
        if (!sol) return;
        const lines = sol.arm.thicknessM / mmToM(PRINT_DEFAULTS.lineWidthMm);
        expect(Math.abs(lines - Math.round(lines))).toBeLessThan(1e-9);
        expect(sol.shot.beam.rootStrain).toBeLessThanOrEqual(sol.setup.strainLimit);
        expect(sol.shot.beam.forceN).toBeLessThanOrEqual(CANNON_LIMITS.thumbForceN);
        // The printed options, back through the forward model, stay within the strain limit too.
        expect(printedShot(materialId, sol).beam.rootStrain).toBeLessThanOrEqual(sol.setup.strainLimit * (1 + 1e-9));
        expect(cannonArmGeometry(cannonOptionsFor(sol)).thicknessMm).toBeCloseTo(Math.round(lines) * PRINT_DEFAULTS.lineWidthMm, 9);
      }),
      { numRuns: 60 },
    );
  });

  it('prefers the default arm length when it can reach', () => {
    const sol = solveCannon({ materialId: 'petg', targetRangeM: 0.6096 });
    expect(sol.arm.lengthM).toBeCloseTo(mmToM(CANNON.armLengthMm), 12);
    expect(armThicknessesM()).toContain(sol.arm.thicknessM);
  });

  it('honours a fixed arm length and a thumb-force limit', () => {
    expect(solveCannon({ materialId: 'pc', targetRangeM: 1, armLengthMm: 40 }).arm.lengthM).toBeCloseTo(0.04, 12);
    const soft = solveCannon({ materialId: 'pc', targetRangeM: 1, thumbForceLimitN: 8 });
    expect(soft.shot.beam.forceN).toBeLessThanOrEqual(8);
  });

  it('a calibration factor below 1 asks for more stored energy', () => {
    const plain = solveCannon({ materialId: 'pa', targetRangeM: 1 });
    const weak = solveCannon({ materialId: 'pa', targetRangeM: 1, calibrationFactor: 0.8 });
    // The same launch speed: f·η·U is unchanged.
    expect((weak.shot.beam.energyJ * weak.shot.efficiency * 0.8) / (plain.shot.beam.energyJ * plain.shot.efficiency)).toBeCloseTo(1, 4);
    expect(weak.shot.beam.energyJ).toBeGreaterThan(plain.shot.beam.energyJ * 1.2);
    expect(weak.shot.rangeM / 1).toBeCloseTo(1, 2);
  });
});

/** The InfeasibleError `fn` throws (fails the test if it throws anything else or nothing). */
function infeasibleOf(fn: () => unknown): InfeasibleError {
  let err: unknown;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(InfeasibleError);
  return err as InfeasibleError;
}

describe('infeasible requests', () => {
  it('PLA at 1.5 m: strain binds; the fixes name flexier materials and the reach', () => {
    const s = resolveSetup({ materialId: 'pla', targetRangeM: 1.5 });
    const e = infeasibleOf(() => solve(s, 1.5));
    expect(e.message).toBe('no PLA arm shoots 1.5 m within the limits');
    expect(e.binding).toMatch(/^peak strain above the repeated-flex limit \(\d+ % /);
    expect(e.fixes.join('\n')).toMatch(/another arm material that flexes further: .*petg.*pa/);
    const reach = reachM(s).maxM;
    expect(reach).toBeGreaterThan(0.3);
    expect(reach).toBeLessThan(1.5);
    expect(e.fixes.join('\n')).toContain(`at most about ${+reach.toPrecision(3)} m`);
    // Every arm length was tried, so a longer one is not offered.
    expect(e.fixes.join('\n')).not.toContain('longer arm');
  });

  it('PLA at 0.95 m from the default 25° bore: a steeper bore is offered, and reaches what it says', () => {
    const e = infeasibleOf(() => solveCannon({ materialId: 'pla', targetRangeM: 0.95 }));
    const fix = e.fixes.find((f) => f.startsWith('a steeper bore: with --elevation 30 this arm material reaches about '));
    expect(fix).toBeDefined();
    const reach = Number(/about ([\d.]+) m/.exec(fix!)![1]);
    expect(reach).toBeGreaterThan(0.95);
    expect(solveCannon({ materialId: 'pla', targetRangeM: 0.97 * reach, elevationDeg: 30 }).shot.rangeM / (0.97 * reach)).toBeCloseTo(1, 2);
    infeasibleOf(() => solveCannon({ materialId: 'pla', targetRangeM: 1.05 * reach, elevationDeg: 30 }));
  });

  it('with the arm length fixed short, a longer arm is the first fix', () => {
    const e = infeasibleOf(() => solveCannon({ materialId: 'petg', targetRangeM: 1.2, armLengthMm: 20 }));
    expect(e.fixes[0]).toBe('a longer arm (up to 45 mm: --arm-length 45mm)');
  });
});
