import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMaterial } from '../../src/materials.js';
import { ballMassKg, ballShape, sectionRadiusMm, type BallPrint } from '../../src/physics/ball.js';
import { resolveSetup } from '../../src/physics/solver.js';
import { INTERFACES, PRINT_DEFAULTS } from '../../src/standard.js';

const PLA = findMaterial('pla')!.densityGPerCm3.value * 1000;
const solid: BallPrint = { ...PRINT_DEFAULTS, infillFraction: 1 };

/** The solid of revolution's volume by Simpson's rule over its section, apart from the closed form. */
function integratedMm3(s: ReturnType<typeof ballShape>, steps = 4000): number {
  const h = s.heightMm / steps;
  let sum = 0;
  for (let i = 0; i <= steps; i++)
    sum += (i === 0 || i === steps ? 1 : i % 2 ? 4 : 2) * Math.PI * sectionRadiusMm(s, i * h) ** 2;
  return (sum * h) / 3;
}

describe('the ball as built, in numbers', () => {
  it('stands 7.6 mm tall and 8 mm wide on a 3.5 mm flat, its cone meeting the sphere where the numbers say', () => {
    const s = ballShape();
    expect(s.heightMm / (2 * s.radiusMm)).toBeGreaterThanOrEqual(0.93);
    expect(s.heightMm).toBeCloseTo(7.6, 9);
    expect(2 * s.flatRadiusMm).toBeCloseTo(3.487, 3);
    expect(s.coneDeg).toBe(INTERFACES.cannonball.coneDeg);
    // The cone leaves the flat's rim and meets the sphere at its top: the section is continuous there.
    const k = Math.tan((s.coneDeg * Math.PI) / 180);
    expect(s.flatRadiusMm + k * s.coneTopMm).toBeCloseTo(
      Math.sqrt(s.radiusMm ** 2 - (s.coneTopMm - s.centreMm) ** 2),
      9,
    );
    expect(sectionRadiusMm(s, s.centreMm)).toBeCloseTo(s.radiusMm, 12);
    expect(s.volumeMm3 / ((4 / 3) * Math.PI * s.radiusMm ** 3)).toBeCloseTo(0.94, 2);
  });

  it('has the volume of its own section, and lies within its sphere, for any diameter and flat', () => {
    fc.assert(
      fc.property(fc.double({ min: 4, max: 20, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (d, t) => {
        const s = ballShape({
          diameterMm: d,
          flatDepthMm: PRINT_DEFAULTS.layerHeightMm + t * (d / 4 - PRINT_DEFAULTS.layerHeightMm),
        });
        expect(integratedMm3(s) / s.volumeMm3).toBeCloseTo(1, 6);
        for (let i = 0; i <= 50; i++) {
          const z = (i / 50) * s.heightMm;
          expect(sectionRadiusMm(s, z)).toBeLessThanOrEqual(
            Math.sqrt(Math.max(0, s.radiusMm ** 2 - (z - s.centreMm) ** 2)) + 1e-9,
          );
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe('the ball’s mass as printed', () => {
  it('is its volume times the density when solid, and nothing when there is nothing to print', () => {
    const s = ballShape();
    expect(ballMassKg({ shape: s, densityKgPerM3: PLA, print: solid }) / (PLA * s.volumeMm3 * 1e-9)).toBeCloseTo(1, 2);
    expect(
      ballMassKg({
        shape: s,
        densityKgPerM3: PLA,
        print: { ...PRINT_DEFAULTS, perimeters: 0, topLayers: 0, bottomLayers: 0, infillFraction: 0 },
      }),
    ).toBe(0);
  });

  it('prints an 8 mm ball solid at 15 % infill (every layer’s core is under the slicer’s solid-infill area), a 20 mm one not', () => {
    const mass = (d: number, print: BallPrint): number =>
      ballMassKg({ shape: ballShape({ diameterMm: d }), densityKgPerM3: PLA, print });
    expect(mass(8, PRINT_DEFAULTS)).toBe(mass(8, solid));
    expect(mass(20, PRINT_DEFAULTS)).toBeLessThan(0.6 * mass(20, solid));
    // More infill, more mass; the walls and skins alone weigh something.
    expect(mass(20, { ...PRINT_DEFAULTS, infillFraction: 0.3 })).toBeGreaterThan(mass(20, PRINT_DEFAULTS));
    expect(mass(20, { ...PRINT_DEFAULTS, infillFraction: 0 })).toBeGreaterThan(0.2 * mass(20, solid));
  });

  it('is the mass the solver flies', () => {
    const setup = resolveSetup({ materialId: 'pla', targetRangeM: 0.6 });
    expect(setup.ballMassKg).toBe(ballMassKg({ shape: ballShape(), densityKgPerM3: PLA, print: PRINT_DEFAULTS }));
    expect(setup.ballMassKg * 1000).toBeCloseTo(0.313, 3);
  });
});
