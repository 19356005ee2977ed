/** Energy transfer from the released arm to the ball (BRIEF §4). */

/** Effective tip mass of a uniform cantilever vibrating in its first mode: 33/140 of its mass (Rayleigh). */
export const CANTILEVER_TIP_MASS_FRACTION = 33 / 140;

export interface Transfer {
  ballMassKg: number;
  armMassKg: number;
  /** Rigid mass at the tip moving with it (cup, pusher block). */
  tipMassKg: number;
  /** Fraction of the stored energy lost to hysteresis in one shot. */
  hysteresisLoss: number;
}

/** η = m_ball/(m_ball + m_eff)·(1 − loss), with m_eff = 33/140·m_arm + tip mass; the ball leaves at neutral. */
export function transferEfficiency(t: Transfer): number {
  const effectiveMassKg = CANTILEVER_TIP_MASS_FRACTION * t.armMassKg + t.tipMassKg;
  return (t.ballMassKg / (t.ballMassKg + effectiveMassKg)) * (1 - t.hysteresisLoss);
}

/** v = √(2ηU/m_ball). */
export const launchSpeedMps = (storedEnergyJ: number, efficiency: number, ballMassKg: number): number =>
  Math.sqrt((2 * efficiency * storedEnergyJ) / ballMassKg);

/** The stored energy that launches the ball at `speedMps`: U = m·v²/(2η). */
export const energyForSpeedJ = (speedMps: number, efficiency: number, ballMassKg: number): number =>
  (ballMassKg * speedMps ** 2) / (2 * efficiency);
