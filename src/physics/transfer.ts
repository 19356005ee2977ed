/**
 * From the drawn arm to the ball leaving the muzzle (SI units).
 *
 * The pusher moves across the arm, horizontally; the bore rises at θ. A pusher speed u drives the ball at
 * u/cos θ along the bore, and its horizontal force F presses the ball on the bore's floor with
 * N = F·sin θ + m·g·cos θ, so the ball, sliding (Coulomb friction μ), obeys m·a = F·cos θ − μN − m·g·sin θ.
 * Eliminating F in the arm's one-degree-of-freedom equation (src/physics/arm.ts) gives
 *
 *   (M + m·G²/(cos θ (cos θ − μ sin θ)))·q̈ = −k·q + G·m·g·(sin θ + μ cos θ)/(cos θ − μ sin θ)
 *
 * with G the pusher's gain: the ball acts as that extra mass, plus a constant load. The pusher leaves the
 * ball where it starts to slow down, at neutral (to within the constant load's µm offset); the ball then
 * slides on up the bore to the muzzle, slowed by gravity and friction. Hysteresis takes its share of the
 * stored energy (the materials' `hysteresisLoss`). Friction at the pusher's face and the ball's spin are
 * not modelled; the per-printer calibration absorbs them.
 */
import { GRAVITY_MPS2 } from './flight.js';
import type { ArmDynamics } from './arm.js';

export interface Bore {
  ballMassKg: number;
  elevationRad: number;
  /** Ball on the bore's wall (Coulomb). */
  frictionCoefficient: number;
  /** Fraction of the stored energy lost in the plastic per shot. */
  hysteresisLoss: number;
  /** From where the pusher lets go (neutral) to the muzzle, along the bore. */
  slideM: number;
}

/** The ball's mass referred to the draw point, and the constant load it puts there. */
function ballLoad(d: ArmDynamics, b: Bore): { massKg: number; loadN: number } {
  const c = Math.cos(b.elevationRad);
  const s = Math.sin(b.elevationRad);
  const grip = c - b.frictionCoefficient * s;
  return {
    massKg: (b.ballMassKg * d.pusherGain ** 2) / (c * grip),
    loadN: (d.pusherGain * b.ballMassKg * GRAVITY_MPS2 * (s + b.frictionCoefficient * c)) / grip,
  };
}

/** Deceleration of the free ball sliding up the bore. */
const slideDecelerationMps2 = (b: Bore): number =>
  GRAVITY_MPS2 * (Math.sin(b.elevationRad) + b.frictionCoefficient * Math.cos(b.elevationRad));

/** The ball's speed at the muzzle for the thumb's point drawn back by `drawM` (0 when it does not get there). */
export function muzzleSpeedMps(d: ArmDynamics, b: Bore, drawM: number): number {
  const { massKg, loadN } = ballLoad(d, b);
  const kinetic = (1 - b.hysteresisLoss) * 0.5 * d.stiffnessNPerM * drawM ** 2 - loadN * drawM;
  if (kinetic <= 0) return 0;
  const drawSpeed = Math.sqrt((2 * kinetic) / (d.modalMassKg + massKg));
  const atRelease = (d.pusherGain * drawSpeed) / Math.cos(b.elevationRad);
  const squared = atRelease ** 2 - 2 * slideDecelerationMps2(b) * b.slideM;
  return squared > 0 ? Math.sqrt(squared) : 0;
}

/** The thumb point's travel that gives the ball `speedMps` at the muzzle: the inverse of muzzleSpeedMps. */
export function drawForSpeedM(d: ArmDynamics, b: Bore, speedMps: number): number {
  const { massKg, loadN } = ballLoad(d, b);
  const atRelease = Math.sqrt(speedMps ** 2 + 2 * slideDecelerationMps2(b) * b.slideM);
  const drawSpeed = (atRelease * Math.cos(b.elevationRad)) / d.pusherGain;
  const kinetic = 0.5 * (d.modalMassKg + massKg) * drawSpeed ** 2;
  // (1 − loss)·½k·q² − load·q = kinetic, the positive root.
  const a = (1 - b.hysteresisLoss) * 0.5 * d.stiffnessNPerM;
  return (loadN + Math.sqrt(loadN ** 2 + 4 * a * kinetic)) / (2 * a);
}
