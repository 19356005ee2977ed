import { describe, expect, it } from 'vitest';
import { ballMassKg } from '../../src/physics/ball.js';
import { CANTILEVER_TIP_MASS_FRACTION, energyForSpeedJ, launchSpeedMps, transferEfficiency } from '../../src/physics/transfer.js';

describe('ball mass from its printed geometry (BRIEF §4)', () => {
  const ball = { diameterM: 0.008, densityKgPerM3: 1240, walls: 2, lineWidthM: 0.00045, infillFraction: 0.15 };

  it('shell of walls × line width plus infill of the core, by hand', () => {
    const sphere = (d: number) => (Math.PI / 6) * d ** 3;
    const core = sphere(0.008 - 2 * 2 * 0.00045); // 6.2 mm core
    const expected = 1240 * (sphere(0.008) - core + 0.15 * core);
    expect(ballMassKg(ball)).toBeCloseTo(expected, 12);
    expect(ballMassKg(ball) * 1000).toBeCloseTo(0.2009, 3); // grams
  });

  it('is solid with 100 % infill, and solid when the walls meet in the middle', () => {
    const solid = 1240 * (Math.PI / 6) * 0.008 ** 3;
    expect(ballMassKg({ ...ball, infillFraction: 1 })).toBeCloseTo(solid, 12);
    expect(ballMassKg({ ...ball, walls: 10, infillFraction: 0 })).toBeCloseTo(solid, 12);
  });
});

describe('energy transfer', () => {
  it('η = m_ball/(m_ball + 33/140·m_arm + m_tip)·(1 − loss), by hand', () => {
    expect(CANTILEVER_TIP_MASS_FRACTION).toBe(33 / 140);
    const eta = transferEfficiency({ ballMassKg: 0.2e-3, armMassKg: 0.7e-3, tipMassKg: 1.5e-3, hysteresisLoss: 0.05 });
    expect(eta).toBeCloseTo((0.2 / (0.2 + (33 / 140) * 0.7 + 1.5)) * 0.95, 12);
    expect(transferEfficiency({ ballMassKg: 1, armMassKg: 0, tipMassKg: 0, hysteresisLoss: 0 })).toBe(1);
  });

  it('v = √(2ηU/m) and its inverse', () => {
    expect(launchSpeedMps(0.02, 0.1, 0.2e-3)).toBeCloseTo(Math.sqrt((2 * 0.1 * 0.02) / 0.2e-3), 12);
    expect(launchSpeedMps(0.02, 0.1, 0.2e-3)).toBeCloseTo(4.4721, 4);
    expect(energyForSpeedJ(launchSpeedMps(0.02, 0.1, 0.2e-3), 0.1, 0.2e-3)).toBeCloseTo(0.02, 12);
  });
});
