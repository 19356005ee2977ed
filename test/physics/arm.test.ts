import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  armDynamics,
  blockInfluenceMPerN,
  drawArm,
  drawStiffnessNPerM,
  energyCeilingJ,
  rootFilletRigidLengthM,
  type PrintedArm,
} from '../../src/physics/arm.js';
import { drawForSpeedM, muzzleSpeedMps, type Bore } from '../../src/physics/transfer.js';

/** A 30 × 6 mm PLA arm 1.35 mm thick; its block massless unless a test gives it mass. */
const ARM: PrintedArm = {
  lengthM: 0.03,
  thicknessM: 1.35e-3,
  rootWidthM: 6e-3,
  tipWidthM: 6e-3,
  rigidRootM: 0,
  rootEmbedding: 0,
  modulusPa: 2.6e9,
  densityKgPerM3: 1240,
  thumbPointM: 0.03,
  drawPointM: 0.03,
  pusherM: 0.03,
  tipMassKg: 0,
  tipCentroidM: 0.03,
  tipOffsetM: 0,
  tipInertiaKgM2: 0,
  // Pushed, caught and pushing at the arm's mid-height: no twist (the closed forms below are planar).
  thumbHeightM: 0,
  drawHeightM: 0,
  pusherHeightM: 0,
  tipHeightM: 0,
  tipTwistInertiaKgM2: 0,
};
const EI = (a: PrintedArm): number => (a.modulusPa * a.rootWidthM * a.thicknessM ** 3) / 12;

describe('the printed arm, statics', () => {
  it('drawn at its own tip it is the textbook cantilever: k = 3EI/L³, ε = 3hδ/(2L²)', () => {
    expect(drawStiffnessNPerM(ARM) / ((3 * EI(ARM)) / ARM.lengthM ** 3)).toBeCloseTo(1, 9);
    const s = drawArm(ARM, 0.004);
    expect(s.peakStrain / ((3 * ARM.thicknessM * 0.004) / (2 * ARM.lengthM ** 2))).toBeCloseTo(1, 9);
    expect(s.energyJ).toBeCloseTo(0.5 * s.forceN * 0.004, 12);
  });

  it('drawn on a rigid block beyond its tip: y_a = P·L³/EI·(1/3 + r + r²), r = (a − L)/L', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2, noNaN: true }), (r) => {
        const a = ARM.lengthM * (1 + r);
        const expected = (ARM.lengthM ** 3 / EI(ARM)) * (1 / 3 + r + r * r);
        expect(blockInfluenceMPerN(ARM, a, a) / expected).toBeCloseTo(1, 9);
      }),
    );
  });

  it('a taper with the tip width at b·(a − L)/a strains the arm evenly', () => {
    const a = 0.045;
    const arm = { ...ARM, thumbPointM: a, drawPointM: a, tipWidthM: (ARM.rootWidthM * (a - ARM.lengthM)) / a };
    const F = 1;
    const strainAt = (s: number, b: number): number => (6 * F * (a - s)) / (arm.modulusPa * b * arm.thicknessM ** 2);
    expect(strainAt(0, arm.rootWidthM) / strainAt(arm.lengthM, arm.tipWidthM)).toBeCloseTo(1, 12);
    // And its energy at the strain limit is the ceiling σ²V/(6E).
    const limit = 0.01;
    const draw = limit / drawArm(arm, 1).peakStrain;
    expect(drawArm(arm, draw).energyJ / energyCeilingJ(arm, limit)).toBeCloseTo(1, 4);
  });

  it('integrates a 3:1 taper to 1e-6 against Simpson on 2000 intervals', () => {
    const arm = { ...ARM, tipWidthM: 2e-3 };
    const n = 2000;
    let sum = 0;
    for (let i = 0; i <= n; i++) {
      const s = (arm.lengthM * i) / n;
      const b = arm.rootWidthM + ((arm.tipWidthM - arm.rootWidthM) * s) / arm.lengthM;
      const f = (0.05 - s) ** 2 / ((arm.modulusPa * b * arm.thicknessM ** 3) / 12);
      sum += f * (i === 0 || i === n ? 1 : i % 2 ? 4 : 2);
    }
    expect(blockInfluenceMPerN(arm, 0.05, 0.05) / ((sum * arm.lengthM) / n / 3)).toBeCloseTo(1, 6);
  });

  it('a catch beyond the thumb: the thumb travels less than the draw, by the influence ratio', () => {
    const arm = { ...ARM, thumbPointM: 0.04, drawPointM: 0.045 };
    const s = drawArm(arm, 0.004);
    expect(s.thumbTravelM).toBeLessThan(0.004);
    expect(s.thumbTravelM / 0.004).toBeCloseTo(
      blockInfluenceMPerN(arm, 0.04, 0.04) / blockInfluenceMPerN(arm, 0.04, 0.045),
      12,
    );
    expect(s.energyJ).toBeCloseTo(0.5 * s.forceN * s.thumbTravelM, 15);
  });
});

describe('the root fillets', () => {
  it('stiffen the arm like a short rigid root: a fraction of their radius, less on a thicker arm, none without them', () => {
    expect(rootFilletRigidLengthM(1.35e-3, 0)).toBe(0);
    const thin = rootFilletRigidLengthM(0.9e-3, 0.9e-3),
      thick = rootFilletRigidLengthM(3.6e-3, 0.9e-3);
    expect(thin).toBeGreaterThan(thick);
    expect(thin).toBeLessThan(0.9e-3);
    expect(thick).toBeGreaterThan(0);
    // A rigid root of Δ shortens a textbook cantilever drawn at its tip to length L − Δ.
    const stiff = drawStiffnessNPerM({ ...ARM, rigidRootM: 0.001 });
    expect(stiff / ((3 * EI(ARM)) / (ARM.lengthM - 0.001) ** 3)).toBeCloseTo(1, 9);
  });
});

describe('the printed arm, dynamics', () => {
  it('a point mass at the draw point on a massless arm is the whole modal mass', () => {
    const arm = {
      ...ARM,
      densityKgPerM3: 0,
      tipMassKg: 1e-3,
      thumbPointM: 0.04,
      drawPointM: 0.04,
      tipCentroidM: 0.04,
      pusherM: 0.04,
    };
    const d = armDynamics(arm);
    expect(d.modalMassKg / 1e-3).toBeCloseTo(1, 9);
    expect(d.pusherGain).toBeCloseTo(1, 12);
  });

  it('a bare uniform arm drawn at its tip has the Rayleigh tip mass 33/140 of its own', () => {
    const d = armDynamics(ARM);
    const m = ARM.densityKgPerM3 * ARM.lengthM * ARM.rootWidthM * ARM.thicknessM;
    expect(d.modalMassKg / ((33 / 140) * m)).toBeCloseTo(1, 6);
  });

  it('a block beyond the pusher swings faster than it: gain below 1 at the pusher, mass counted at the centroid', () => {
    const arm = {
      ...ARM,
      tipMassKg: 1e-3,
      thumbPointM: 0.045,
      drawPointM: 0.045,
      pusherM: 0.034,
      tipCentroidM: 0.04,
      tipOffsetM: 0.001,
      tipInertiaKgM2: 1e-8,
    };
    const d = armDynamics(arm);
    expect(d.pusherGain).toBeLessThan(1);
    expect(d.pusherGain).toBeGreaterThan(0.3);
    expect(d.tipShare).toBeGreaterThan(0.8);
  });
});

describe('the ball in the bore', () => {
  const bore: Bore = { ballMassKg: 2e-4, elevationRad: 0, frictionCoefficient: 0, hysteresisLoss: 0, slideM: 0 };
  const arm = { ...ARM, tipMassKg: 1e-3, thumbPointM: 0.045, drawPointM: 0.045, pusherM: 0.034, tipCentroidM: 0.04 };

  it('flat, frictionless and lossless: the energy splits by the masses at the draw point', () => {
    const d = armDynamics(arm);
    const q = 0.004;
    const v = muzzleSpeedMps(d, bore, q);
    const share = (bore.ballMassKg * d.pusherGain ** 2) / (d.modalMassKg + bore.ballMassKg * d.pusherGain ** 2);
    expect((0.5 * bore.ballMassKg * v ** 2) / (0.5 * d.stiffnessNPerM * q ** 2)).toBeCloseTo(share, 12);
  });

  it('drawForSpeedM inverts muzzleSpeedMps, with slope, friction, loss and a slide to the muzzle', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 0.52, noNaN: true }),
        fc.double({ min: 0, max: 0.4, noNaN: true }),
        fc.double({ min: 0.5, max: 5, noNaN: true }),
        (t, mu, v) => {
          const b: Bore = { ...bore, elevationRad: t, frictionCoefficient: mu, hysteresisLoss: 0.05, slideM: 0.012 };
          const d = armDynamics(arm);
          expect(muzzleSpeedMps(d, b, drawForSpeedM(d, b, v)) / v).toBeCloseTo(1, 9);
        },
      ),
    );
  });

  it('friction and the slide to the muzzle each cost speed', () => {
    const d = armDynamics(arm);
    const steep = { ...bore, elevationRad: 0.4 };
    expect(muzzleSpeedMps(d, { ...steep, frictionCoefficient: 0.3 }, 0.004)).toBeLessThan(
      muzzleSpeedMps(d, steep, 0.004),
    );
    expect(muzzleSpeedMps(d, { ...steep, slideM: 0.012 }, 0.004)).toBeLessThan(muzzleSpeedMps(d, steep, 0.004));
  });
});
