/**
 * The solver's public face: a request in, the tuned design and everything a player needs to judge it out
 * (the fields of `shipwright tune --json`), and the cannon builder's options for that design.
 */
import type { CannonShapeOptions } from './cannon-layout.js';
import { PRINT_DEFAULTS } from '../standard.js';
import { mToMm, radToDeg } from '../units.js';
import { energyCeilingJ, LINEAR_LIMIT_DEFLECTION_RATIO } from './arm.js';
import { dispersion, DISPERSION_SAMPLES, DISPERSION_SEED, type DispersionTerm } from './dispersion.js';
import { dragCoefficient, reynoldsNumber } from './flight.js';
import { builderOptionsOf, resolveSetup, solve, worstMargin, type Solution, type TuneRequest } from './solver.js';
import { wearEstimate, WEAR_MAX_SHOTS, type Wear } from './wear.js';

/** What the solver models, in one line for the report. */
export const MODEL_SUMMARY = `linear beam (tip δ/L ≤ ${LINEAR_LIMIT_DEFLECTION_RATIO}) with the rigid tip block, one mode; ball driven up the inclined bore with wall friction; quadratic drag`;

export interface TuneResult {
  material: string;
  targetRangeM: number;
  predictedRangeM: number;
  model: string;
  arm: {
    lengthMm: number;
    widthMm: number;
    tipWidthMm: number;
    thicknessMm: number;
    thicknessLines: number;
    releaseDeflectionMm: number;
    massG: number;
  };
  /**
   * The exported cannon as the model sees it: the arm's root is where it leaves the frame; distances along
   * the unbent arm; the draw is the displacement the thumb applies at the pad, where the catch lets go.
   */
  asPrinted: {
    drawPointFromRootMm: number;
    drawMm: number;
    /** Where the thumb pushes (the pad's middle), from the root. */
    thumbPointFromRootMm: number;
    pusherFromRootMm: number;
    tipBlock: { massG: number; lengthMm: number };
    taper: { rootWidthMm: number; tipWidthMm: number };
  };
  /** The printed block, pad and pusher beyond the arm's tip (printed solid). */
  tipMassG: number;
  /** Share of the moving mass (referred to the draw point) that is the tip block's. */
  tipMassShare: number;
  elasticModulusGPa: number;
  /** Stiffness where the thumb pushes. */
  stiffnessNPerM: number;
  storedEnergyJ: number;
  /** Thumb force at release. */
  pressForceN: number;
  peakStrain: number;
  strainLimit: number;
  /** The arm's own tip deflection over its length at the draw (linear theory holds to 0.2). */
  armTipDeflectionRatio: number;
  ball: { diameterMm: number; massG: number; material: string };
  /** Share of the stored energy the ball carries out of the muzzle (masses, bore friction, hysteresis). */
  efficiency: number;
  boreFriction: number;
  /** Factor on the launch energy from `shipwright calibrate` (1: not calibrated). */
  calibrationFactor: number;
  launchSpeedMps: number;
  elevationDeg: number;
  launchHeightMm: number;
  /** C_d at the launch speed's Reynolds number. */
  dragCoefficient: number;
  dispersion: {
    p10RangeM: number;
    p50RangeM: number;
    p90RangeM: number;
    samples: number;
    seed: number;
    dominantTerm: DispersionTerm;
    terms: { term: DispersionTerm; swingM: number }[];
  };
  /** The arm's plastic's ceiling σ²V/(6E) at the strain limit, and the share of it the design stores. */
  energyCeilingJ: number;
  energyHeadroom: number;
  /** The most any limit is used (strain, force, draw, linear model), as a share of what is allowed. */
  limitUse: number;
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
export function cannonOptionsFor(sol: Solution): Omit<CannonShapeOptions, 'clearanceMm'> {
  const { clearanceMm: _, ...o } = builderOptionsOf(sol.setup, sol.arm);
  return o;
}

const thicknessLines = (sol: Solution): number => Math.round(mToMm(sol.arm.thicknessM) / PRINT_DEFAULTS.lineWidthMm);

/** Rounds to `digits` significant figures, so the JSON carries no float noise. */
const sig = (x: number, digits = 4): number => +x.toPrecision(digits);
const pct = (x: number): string => `${sig(x * 100, 3)} %`;

/**
 * A compliant ball (an elastomer) does not ride the pusher to neutral as the model has it: it separates and
 * is struck again. An outside check of the shot with a compliant contact (issue 27) found such balls landing
 * this much further than the one-contact model says, across 18 designs.
 */
const COMPLIANT_BALL_LONG = { min: 0.09, max: 0.23 } as const;

function warningsFor(sol: Solution, r: Omit<TuneResult, 'warnings'>): string[] {
  const { material: m, ballMaterial } = sol.setup;
  const out: string[] = [];
  const estimates = [
    m.elasticModulusXyGPa.estimate && `modulus ${m.elasticModulusXyGPa.value} GPa`,
    m.repeatedFlexStrain.estimate && `repeated-flex strain ${pct(m.repeatedFlexStrain.value)}`,
    m.hysteresisLoss.estimate && `hysteresis loss ${pct(m.hysteresisLoss.value)}`,
  ].filter((x): x is string => typeof x === 'string');
  if (estimates.length) out.push(`${m.name} ${estimates.join(', ')}: estimates [E] (see shipwright materials)`);
  const shots =
    r.wear.shots >= WEAR_MAX_SHOTS
      ? `more than ${WEAR_MAX_SHOTS.toLocaleString('en')}`
      : `about ${r.wear.shots.toLocaleString('en')}`;
  out.push(`wear: ${shots} shots before the range falls noticeably; a model estimate [E], not a measurement`);
  if (!r.wear.withinFatigueBand)
    out.push(
      `peak stress is ${r.wear.fatigueStressRatio} × the tensile strength, above the 0.3–0.4 × that printed thermoplastics take for 10³–10⁴ one-sided flexes [E]: expect the arm to soften`,
    );
  out.push(
    `tip block mass ${r.tipMassG} g from the cannon's layout, printed solid (print the cannon at 100 % infill); bore friction ${r.boreFriction} [E]`,
  );
  if (r.calibrationFactor === 1)
    out.push('not calibrated: brands differ by 10–25 %; fire 5 practice shots and run shipwright calibrate');
  if (r.tipMassShare > 0.9)
    out.push(
      `the tip block is ${pct(r.tipMassShare)} of the moving mass: most of the spring's energy swings the block, not the ball`,
    );
  if (m.note) out.push(`${m.name}: ${m.note}`);
  if (ballMaterial.id !== m.id && ballMaterial.note) out.push(`${ballMaterial.name} ball: ${ballMaterial.note}`);
  if (ballMaterial.elastomer) {
    out.push(
      `${ballMaterial.name} ball: it gives under the pusher, leaves it and is struck again, which this model does not describe; such shots land ${pct(COMPLIANT_BALL_LONG.min)} to ${pct(COMPLIANT_BALL_LONG.max)} further than predicted in an outside check: calibrate with practice shots (shipwright calibrate)`,
    );
  }
  out.push('range is the carry to the first touchdown; the roll after landing is not included');
  return out;
}

/** The full report of a solved design. Same solution and options, same result (seeded dispersion). */
export function describeSolution(sol: Solution, options: TuneOptions = {}): TuneResult {
  const { setup: s, arm, shot } = sol;
  const d = dispersion(sol, options.dispersionSamples ?? DISPERSION_SAMPLES, options.seed ?? DISPERSION_SEED);
  const ceiling = energyCeilingJ(
    {
      lengthM: arm.lengthM,
      thicknessM: arm.thicknessM,
      rootWidthM: s.armWidthM,
      tipWidthM: arm.tipWidthM,
      modulusPa: s.modulusPa,
    },
    s.strainLimit,
  );
  const o = cannonOptionsFor(sol);
  const g = shot.asPrinted;
  const base: Omit<TuneResult, 'warnings'> = {
    material: s.material.id,
    targetRangeM: sig(sol.targetRangeM, 6),
    predictedRangeM: sig(shot.rangeM),
    model: MODEL_SUMMARY,
    arm: {
      lengthMm: sig(o.armLengthMm),
      widthMm: sig(o.armWidthMm),
      tipWidthMm: sig(o.armTipWidthMm),
      thicknessMm: sig(o.armThicknessMm),
      thicknessLines: thicknessLines(sol),
      releaseDeflectionMm: sig(o.releaseDeflectionMm),
      massG: sig(shot.dynamics.armMassKg * 1000, 3),
    },
    asPrinted: {
      drawPointFromRootMm: sig(g.drawPointFromRootMm, 6),
      drawMm: sig(g.drawMm, 6),
      thumbPointFromRootMm: sig(g.thumbPointFromRootMm, 6),
      pusherFromRootMm: sig(g.pusherFromRootMm, 6),
      tipBlock: { massG: sig(shot.tipMassKg * 1000, 4), lengthMm: sig(g.tipBlock.lengthMm, 6) },
      taper: { rootWidthMm: sig(g.taper.rootWidthMm, 6), tipWidthMm: sig(g.taper.tipWidthMm, 6) },
    },
    tipMassG: sig(shot.tipMassKg * 1000, 3),
    tipMassShare: sig(shot.dynamics.tipShare, 3),
    elasticModulusGPa: s.material.elasticModulusXyGPa.value,
    stiffnessNPerM: sig(shot.dynamics.stiffnessNPerM),
    storedEnergyJ: sig(shot.state.energyJ),
    pressForceN: sig(shot.state.forceN, 3),
    peakStrain: sig(shot.state.peakStrain),
    strainLimit: s.strainLimit,
    armTipDeflectionRatio: sig(shot.state.tipDeflectionRatio, 3),
    ball: { diameterMm: sig(mToMm(s.ballDiameterM)), massG: sig(s.ballMassKg * 1000, 3), material: s.ballMaterial.id },
    efficiency: sig(shot.efficiency),
    boreFriction: s.frictionCoefficient,
    calibrationFactor: sig(s.calibrationFactor),
    launchSpeedMps: sig(shot.launchSpeedMps),
    elevationDeg: sig(radToDeg(s.elevationRad)),
    launchHeightMm: sig(mToMm(shot.launchHeightM)),
    dragCoefficient: sig(dragCoefficient(reynoldsNumber(shot.launchSpeedMps, s.ballDiameterM)), 3),
    dispersion: {
      p10RangeM: sig(d.p10RangeM),
      p50RangeM: sig(d.p50RangeM),
      p90RangeM: sig(d.p90RangeM),
      samples: d.samples,
      seed: d.seed,
      dominantTerm: d.terms[0]!.term,
      terms: d.terms.map((t) => ({ term: t.term, swingM: sig(t.swingM, 3) })),
    },
    energyCeilingJ: sig(ceiling),
    energyHeadroom: sig(shot.state.energyJ / ceiling, 3),
    limitUse: sig(worstMargin(sol.margins), 3),
    wear: wearEstimate(sol),
  };
  return { ...base, warnings: warningsFor(sol, base) };
}

/** Tunes a cannon: solve, then describe. Throws InfeasibleError (binding limit and fixes) when nothing fits. */
export function tuneCannon(request: TuneRequest, options: TuneOptions = {}): TuneResult {
  return describeSolution(solveCannon(request), options);
}
