/** The cannonball's mass from its printed geometry (BRIEF §4): a shell of walls × line width, infill in the core. */

export interface PrintedBall {
  diameterM: number;
  densityKgPerM3: number;
  /** Perimeters: the shell is walls × line width thick. */
  walls: number;
  lineWidthM: number;
  /** Fraction of the core filled (0.15 = 15 %). */
  infillFraction: number;
}

const sphereVolumeM3 = (diameterM: number): number => (Math.PI / 6) * diameterM ** 3;

/** m = ρ·(V_shell + infill·V_core); a ball thinner than its walls is solid. */
export function ballMassKg(ball: PrintedBall): number {
  const coreDiameterM = Math.max(0, ball.diameterM - 2 * ball.walls * ball.lineWidthM);
  const coreM3 = sphereVolumeM3(coreDiameterM);
  const shellM3 = sphereVolumeM3(ball.diameterM) - coreM3;
  return ball.densityKgPerM3 * (shellM3 + ball.infillFraction * coreM3);
}
