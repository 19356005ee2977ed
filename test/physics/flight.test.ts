import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dragCoefficient,
  flightRangeM,
  GRAVITY_MPS2,
  reynoldsNumber,
  speedForRangeMps,
  vacuumRangeM,
  type Launch,
} from '../../src/physics/flight.js';

const BALL = { ballDiameterM: 0.008, ballMassKg: 0.2e-3 };
const launch = (speedMps: number, elevationDeg: number, heightM = 0.0148): Launch => ({
  ...BALL,
  speedMps,
  elevationRad: (elevationDeg * Math.PI) / 180,
  heightM,
});

describe('flight', () => {
  it('the vacuum range is the closed form to touchdown (centre one radius up), and a launch from there gives v²·sin2θ/g', () => {
    const l = launch(3, 10);
    const vx = 3 * Math.cos(l.elevationRad),
      vy = 3 * Math.sin(l.elevationRad);
    // The ball's centre falls from 14.8 mm to 4 mm, its radius, when it first touches the table.
    expect(vacuumRangeM(l)).toBeCloseTo(
      (vx / GRAVITY_MPS2) * (vy + Math.sqrt(vy ** 2 + 2 * GRAVITY_MPS2 * (0.0148 - 0.004))),
      12,
    );
    expect(vacuumRangeM(launch(3, 30, 0.004))).toBeCloseTo((9 * Math.sin(Math.PI / 3)) / GRAVITY_MPS2, 12);
  });

  it('the integrator without drag lands on the closed form (within 1 µm)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 8, noNaN: true }),
        fc.double({ min: 0, max: 30, noNaN: true }),
        (v, el) => {
          expect(Math.abs(flightRangeM(launch(v, el), false) - vacuumRangeM(launch(v, el)))).toBeLessThan(1e-6);
        },
      ),
    );
  });

  it('C_d: Schiller–Naumann below Re 10³, 0.44 above (BRIEF §4)', () => {
    expect(dragCoefficient(100)).toBeCloseTo((24 / 100) * (1 + 0.15 * 100 ** 0.687), 12);
    expect(dragCoefficient(100)).toBeCloseTo(1.09, 2);
    expect(dragCoefficient(999)).toBeCloseTo(0.44, 2);
    expect(dragCoefficient(5e4)).toBe(0.44);
    expect(reynoldsNumber(3, 0.008)).toBeCloseTo((1.2 * 3 * 0.008) / 1.81e-5, 9);
  });

  it('drag always lowers the range', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 8, noNaN: true }),
        fc.double({ min: 0, max: 30, noNaN: true }),
        (v, el) => {
          expect(flightRangeM(launch(v, el))).toBeLessThan(vacuumRangeM(launch(v, el)));
        },
      ),
    );
  });

  it('drag costs 1–2 % at 0.3 m and 3–8 % at 1.5 m (BRIEF §4), at 10° and 30°', () => {
    for (const el of [10, 30]) {
      const base = launch(0, el);
      const loss = (r: number) => 1 - flightRangeM({ ...base, speedMps: speedForRangeMps(base, r, false) }) / r;
      expect(loss(0.3)).toBeGreaterThan(0.01);
      expect(loss(0.3)).toBeLessThan(0.02);
      expect(loss(1.5)).toBeGreaterThan(0.03);
      expect(loss(1.5)).toBeLessThan(0.08);
    }
  });

  it('10 ms steps agree with 0.1 ms steps', () => {
    for (const v of [1.5, 4, 8])
      expect(flightRangeM(launch(v, 10)) / flightRangeM(launch(v, 10), true, 1e-4)).toBeCloseTo(1, 7);
  });

  it('speedForRangeMps inverts the flight (with and without drag)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 2, noNaN: true }), (r) => {
        const base = launch(0, 10);
        expect(flightRangeM({ ...base, speedMps: speedForRangeMps(base, r) }) / r).toBeCloseTo(1, 5);
        expect(vacuumRangeM({ ...base, speedMps: speedForRangeMps(base, r, false) }) / r).toBeCloseTo(1, 5);
      }),
    );
  });
});
