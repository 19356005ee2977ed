/**
 * The referee's shot of a measured cannon: the measurement (./measure.ts) turned into the dynamic model
 * (./dynamics.ts), fired, and flown to its first touchdown. SI units.
 */
import { carryM, fire, TALL_FACE, turnSpring, type Beam, type RootSpring, type ShotResult } from './dynamics.js';
import { POISSON } from './solid.js';
import type { MeasuredCannon } from './measure.js';

/** What the referee shares with the solver: the plastic, the ball, the bore's friction and the hull's slot. */
export interface SharedInputs {
  modulusPa: number;
  /** The arm and the tip block, printed solid. */
  densityKgPerM3: number;
  hysteresisLoss: number;
  frictionCoefficient: number;
  ballMassKg: number;
  ballDiameterM: number;
  /** The hull's cannon slot centre above the table. */
  slotHeightM: number;
}

/**
 * Where the draw is judged: `pad-centre` (the thumb's point on the pad moves back by the draw: the reading of
 * the brief and of `tune --json`'s asPrinted), or `catch-edge` (the pad's edge beside the catch does, which is
 * where the catch's crest meets the pad's top: a rotated pad moves more there).
 */
export type Latch = 'pad-centre' | 'catch-edge';

/**
 * How the pusher meets the ball: `as-printed` (its face up to the measured top corner, on which a ball riding
 * higher is pushed), or `tall-face` (a face always at the ball's centre height: u̇/cos θ, as the brief puts it).
 */
export type Contact = 'as-printed' | 'tall-face';

export interface RefereeShot {
  shot: ShotResult;
  /** The ball's speed along the bore at the muzzle, its launch height and its carry. */
  launchSpeedMps: number;
  launchHeightM: number;
  rangeM: number;
  beam: Beam;
}

const MM = 1e-3;

/** The arm and its tip block from the measurement: sections along the arm, the block as a rigid body on the tip. */
export function beamOf(m: MeasuredCannon, modulusPa: number, densityKgPerM3: number): Beam {
  const t = m.tipBlock;
  const massKg = densityKgPerM3 * t.volumeMm3 * MM ** 3;
  return {
    lengthM: m.arm.lengthMm * MM,
    modulusPa,
    densityKgPerM3,
    sections: m.arm.sections.map((s) => ({
      sM: s.fromRootMm * MM,
      areaM2: s.areaMm2 * MM ** 2,
      secondMomentM4: s.secondMomentMm4 * MM ** 4,
      fibreM: s.fibreMm * MM,
    })),
    tip: {
      massKg,
      firstMomentKgM: massKg * (t.centroidFromRootMm - m.arm.lengthMm) * MM,
      inertiaKgM2: densityKgPerM3 * t.polarAtTipMm5 * MM ** 5,
    },
  };
}

/**
 * The arm's root built into its block of the same plastic, as O'Donnell's cantilever on an elastic support
 * (J. Appl. Mech. 27, 1960: the root turns by 16.67·M/(π·E·b·h²), plane stress), from the measured root
 * section; its shift held a hundred times stiffer. A model the solver shares (src/physics/arm.ts
 * rootEmbedding); the solid referee (../solid-referee.slow.test.ts) measures the root's give on the whole part.
 */
export function embeddedRoot(m: MeasuredCannon, modulusPa: number): RootSpring {
  const turn = (Math.PI * modulusPa * m.arm.rootHeightMm * MM * (m.arm.thicknessMm * MM) ** 2) / 16.67;
  return turnSpring(turn, m.pad.centreFromRootMm * MM);
}

/**
 * The pad's twist, which the planar beam cannot show, lumped into its root: the thumb's force, on the pad's
 * front where a thumb reaches it (clear over the fixed material in front), twists the arm about its mid-height
 * (Saint-Venant torsion of each measured section, J = β·b·h³ with Roark's β, G = E/(2(1 + ν))), so the catch at
 * the pad's top comes back further; a root spring that adds the same at the catch. A model the solver shares
 * (src/physics/arm.ts); the solid referee measures the twist on the whole part.
 */
export function twistedRoot(m: MeasuredCannon, modulusPa: number): RootSpring {
  const shear = modulusPa / (2 * (1 + POISSON));
  const beta = (b: number, h: number): number => {
    const r = Math.min(b, h) / Math.max(b, h);
    return 1 / 3 - 0.21 * r * (1 - r ** 4 / 12);
  };
  const ss = m.arm.sections;
  let perTorque = 0; // rad per N·m
  for (let i = 1; i < ss.length; i++) {
    const [a, b] = [ss[i - 1]!, ss[i]!];
    const j = (s: typeof a): number =>
      beta(s.heightMm * MM, s.thicknessMm * MM) * s.heightMm * MM * (s.thicknessMm * MM) ** 3;
    perTorque += ((b.fromRootMm - a.fromRootMm) * MM * (1 / j(a) + 1 / j(b))) / (2 * shear);
  }
  const axisZ = m.arm.bedZ + (m.arm.rootHeightMm + m.arm.tipHeightMm) / 4;
  const thumbZ = ((m.pad.clearFromZ + m.pad.topZ) / 2 - axisZ) * MM,
    catchZ = (m.pad.topZ - axisZ) * MM;
  const extra = thumbZ * catchZ * perTorque; // at the catch, per N at the thumb
  return turnSpring(
    (m.pad.centreFromRootMm * MM * m.pad.catchEdgeFromRootMm * MM) / extra,
    m.pad.centreFromRootMm * MM,
  );
}

/** Springs in series at the root (each a turn with its shift held stiff): their turn compliances add. */
export function inSeries(...springs: RootSpring[]): RootSpring {
  const turn = 1 / springs.reduce((sum, k) => sum + 1 / k[1][1], 0);
  const shift = 1 / springs.reduce((sum, k) => sum + 1 / k[0][0], 0);
  return [
    [shift, 0],
    [0, turn],
  ];
}

/**
 * The measured cannon's shot and carry; by default the thumb pushes the pad's middle and the catch lets go
 * when the pad's edge beside it (where the catch's crest meets the pad's top) has come back by the draw, and
 * the pusher is as printed.
 */
export function shootMeasured(
  m: MeasuredCannon,
  x: SharedInputs,
  how: { latch?: Latch; contact?: Contact; rootStiffness?: RootSpring } = {},
): RefereeShot {
  const latch = how.latch ?? 'catch-edge';
  const latchMm = latch === 'pad-centre' ? m.pad.centreFromRootMm : m.pad.catchEdgeFromRootMm;
  // The arm clamped at its root unless the frame's springs there are given (./solid.ts rootSprings).
  const beam = {
    ...beamOf(m, x.modulusPa, x.densityKgPerM3),
    ...(how.rootStiffness ? { rootStiffness: how.rootStiffness } : {}),
  };
  const elevationRad = (m.bore.elevationDeg * Math.PI) / 180;
  const shot = fire({
    beam,
    forcePointM: m.pad.centreFromRootMm * MM,
    latchPointM: latchMm * MM,
    pusherPointM: m.pusher.contactFromRootMm * MM,
    drawM: m.catch.drawMm * MM,
    ballMassKg: x.ballMassKg,
    elevationRad,
    contact: {
      ballLineAboveCornerM:
        (how.contact ?? 'as-printed') === 'as-printed' ? m.pusher.ballLineAboveCornerMm * MM : TALL_FACE,
      ballRadiusM: x.ballDiameterM / 2,
      muzzleM: m.pusher.muzzleAlongLineMm * MM,
    },
    frictionCoefficient: x.frictionCoefficient,
    hysteresisLoss: x.hysteresisLoss,
  });
  // The ball leaves the muzzle with its centre on the bore's floor line.
  const launchHeightM = x.slotHeightM + (m.bore.muzzleRiseMm - m.bore.ballDropMm) * MM;
  const launchSpeedMps = shot.muzzleSpeedMps;
  const rangeM =
    launchSpeedMps > 0
      ? carryM({
          speedMps: launchSpeedMps,
          elevationRad,
          heightM: launchHeightM,
          ballDiameterM: x.ballDiameterM,
          ballMassKg: x.ballMassKg,
        })
      : 0;
  return { shot, launchSpeedMps, launchHeightM, rangeM, beam };
}
