/**
 * The solver's public face: a request in, the tuned design and everything a player needs to judge it out
 * (the fields of `shipwright tune --json`), and the cannon builder's options for that design.
 */
import type { CannonOptions } from '../parts/cannon.js';
import { PRINT_DEFAULTS } from '../standard.js';
import { mToMm, radToDeg } from '../units.js';
import { energyCeilingJ, linearStiffnessNPerM, type BeamModel } from './beam.js';
import { dispersion, DISPERSION_SAMPLES, DISPERSION_SEED } from './dispersion.js';
import { dragCoefficient, reynoldsNumber } from './flight.js';
import { beamOf, resolveSetup, solve, type Solution, type TuneRequest } from './solver.js';
import { wearEstimate, WEAR_MAX_SHOTS, type Wear } from './wear.js';

export interface TuneResult {
  material: string;
  targetRangeM: number;
  predictedRangeM: number;
  model: BeamModel;
  arm: { lengthMm: number; widthMm: number; thicknessMm: number; thicknessLines: number; releaseDeflectionMm: number; massG: number };
  /** The printed block, pad and pusher at the arm's tip (estimated from the cannon's layout). */
  tipMassG: number;
  elasticModulusGPa: number;
  /** Small-deflection tip stiffness 3EI/L³. */
  stiffnessNPerM: number;
  storedEnergyJ: number;
  /** Thumb force at release. */
  pressForceN: number;
  peakStrain: number;
  strainLimit: number;
  ball: { diameterMm: number; massG: number; material: string };
  /** Model transfer efficiency η (ball's share after the moving masses and hysteresis). */
  efficiency: number;
  /** Factor on the launch energy from `shipwright calibrate` (1: not calibrated). */
  calibrationFactor: number;
  launchSpeedMps: number;
  elevationDeg: number;
  launchHeightMm: number;
  /** C_d at the launch speed's Reynolds number. */
  dragCoefficient: number;
  dispersion: { p10RangeM: number; p50RangeM: number; p90RangeM: number; samples: number; seed: number };
  /** The uniform arm's ceiling σ²V/(18E) at the strain limit, and the share of it the design stores. */
  energyCeilingJ: number;
  energyHeadroom: number;
  wear: Wear;
  warnings: string[];
}

export interface TuneOptions {
  /** Monte Carlo samples for the dispersion. Default DISPERSION_SAMPLES (10,000). */
  dispersionSamples?: number;
  /** Default DISPERSION_SEED. */
  seed?: number;
}

/** Solves a request: the arm that shoots `targetRangeM`. Throws InfeasibleError when none fits. */
export function solveCannon(request: TuneRequest): Solution {
  return solve(resolveSetup(request), request.targetRangeM);
}

/** The cannon builder's options that print this design (src/parts/cannon.ts). */
export function cannonOptionsFor(sol: Solution): Pick<CannonOptions, 'armLengthMm' | 'armWidthMm' | 'armThicknessMm' | 'releaseDeflectionMm' | 'elevationDeg' | 'ballDiameterMm'> {
  return {
    armLengthMm: mToMm(sol.arm.lengthM),
    armWidthMm: mToMm(sol.setup.armWidthM),
    armThicknessMm: thicknessLines(sol) * PRINT_DEFAULTS.lineWidthMm,
    releaseDeflectionMm: mToMm(sol.arm.releaseDeflectionM),
    elevationDeg: radToDeg(sol.setup.elevationRad),
    ballDiameterMm: mToMm(sol.setup.ballDiameterM),
  };
}

const thicknessLines = (sol: Solution): number => Math.round(mToMm(sol.arm.thicknessM) / PRINT_DEFAULTS.lineWidthMm);

/** Rounds to `digits` significant figures, so the JSON carries no float noise. */
const sig = (x: number, digits = 4): number => +x.toPrecision(digits);
const pct = (x: number): string => `${sig(x * 100, 3)} %`;

function warningsFor(sol: Solution, r: Omit<TuneResult, 'warnings'>): string[] {
  const { material: m, ballMaterial } = sol.setup;
  const out: string[] = [];
  const estimates = [
    m.elasticModulusXyGPa.estimate && `modulus ${m.elasticModulusXyGPa.value} GPa`,
    m.repeatedFlexStrain.estimate && `repeated-flex strain ${pct(m.repeatedFlexStrain.value)}`,
    m.hysteresisLoss.estimate && `hysteresis loss ${pct(m.hysteresisLoss.value)}`,
  ].filter((x): x is string => typeof x === 'string');
  if (estimates.length) out.push(`${m.name} ${estimates.join(', ')}: estimates [E] (see shipwright materials)`);
  const shots = r.wear.shots >= WEAR_MAX_SHOTS ? `more than ${WEAR_MAX_SHOTS.toLocaleString('en')}` : `about ${r.wear.shots.toLocaleString('en')}`;
  out.push(`wear: ${shots} shots before the range falls noticeably; a model estimate [E], not a measurement`);
  if (!r.wear.withinFatigueBand) out.push(`peak stress is ${r.wear.fatigueStressRatio} × the tensile strength, above BRIEF §4's 0.3–0.4 for 10³–10⁴ shots: expect the arm to soften`);
  out.push(`tip block mass ${r.tipMassG} g is estimated from the cannon's layout, printed solid [E]`);
  if (r.calibrationFactor === 1) out.push('not calibrated: brands differ by 10–25 %; fire 5 practice shots and run shipwright calibrate');
  if (r.model === 'prbm') out.push(`large deflection (δ/L = ${sig(sol.arm.releaseDeflectionM / sol.arm.lengthM, 2)} > 0.2): pseudo-rigid-body model used`);
  if (m.note) out.push(`${m.name}: ${m.note}`);
  if (ballMaterial.id !== m.id && ballMaterial.note) out.push(`${ballMaterial.name} ball: ${ballMaterial.note}`);
  out.push('range is the carry to the first touchdown; the roll after landing is not included');
  return out;
}

/** The full report of a solved design. Same solution and options, same result (seeded dispersion). */
export function describeSolution(sol: Solution, options: TuneOptions = {}): TuneResult {
  const { setup: s, arm, shot } = sol;
  const beam = beamOf(s, arm);
  const d = dispersion(sol, options.dispersionSamples ?? DISPERSION_SAMPLES, options.seed ?? DISPERSION_SEED);
  const ceiling = energyCeilingJ(beam, s.strainLimit);
  const o = cannonOptionsFor(sol);
  const base: Omit<TuneResult, 'warnings'> = {
    material: s.material.id,
    targetRangeM: sig(sol.targetRangeM, 6),
    predictedRangeM: sig(shot.rangeM),
    model: shot.beam.model,
    arm: {
      lengthMm: sig(o.armLengthMm),
      widthMm: sig(o.armWidthMm),
      thicknessMm: sig(o.armThicknessMm),
      thicknessLines: thicknessLines(sol),
      releaseDeflectionMm: sig(o.releaseDeflectionMm),
      massG: sig(shot.armMassKg * 1000, 3),
    },
    tipMassG: sig(shot.tipMassKg * 1000, 3),
    elasticModulusGPa: s.material.elasticModulusXyGPa.value,
    stiffnessNPerM: sig(linearStiffnessNPerM(beam)),
    storedEnergyJ: sig(shot.beam.energyJ),
    pressForceN: sig(shot.beam.forceN, 3),
    peakStrain: sig(shot.beam.rootStrain),
    strainLimit: s.strainLimit,
    ball: { diameterMm: sig(mToMm(s.ballDiameterM)), massG: sig(s.ballMassKg * 1000, 3), material: s.ballMaterial.id },
    efficiency: sig(shot.efficiency),
    calibrationFactor: sig(s.calibrationFactor),
    launchSpeedMps: sig(shot.launchSpeedMps),
    elevationDeg: sig(o.elevationDeg),
    launchHeightMm: sig(mToMm(s.launchHeightM)),
    dragCoefficient: sig(dragCoefficient(reynoldsNumber(shot.launchSpeedMps, s.ballDiameterM)), 3),
    dispersion: { p10RangeM: sig(d.p10RangeM), p50RangeM: sig(d.p50RangeM), p90RangeM: sig(d.p90RangeM), samples: d.samples, seed: d.seed },
    energyCeilingJ: sig(ceiling),
    energyHeadroom: sig(shot.beam.energyJ / ceiling, 3),
    wear: wearEstimate(sol),
  };
  return { ...base, warnings: warningsFor(sol, base) };
}

/** Tunes a cannon: solve, then describe. Throws InfeasibleError (binding limit and fixes) when nothing fits. */
export function tuneCannon(request: TuneRequest, options: TuneOptions = {}): TuneResult {
  return describeSolution(solveCannon(request), options);
}
