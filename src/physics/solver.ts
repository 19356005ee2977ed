/**
 * The cannon's forward model (arm → shot → range) and its inverse (range → arm), BRIEF §4. SI inside;
 * millimetres only in the request, as on the command line and in the cannon builder.
 */
import { InfeasibleError } from '../errors.js';
import { findMaterial, MATERIAL_IDS, type Material } from '../materials.js';
import { cannonLaunchGeometry, cannonMaxDrawMm, cannonTipVolumeMm3 } from '../parts/cannon.js';
import { CANNON, CANNON_LIMITS, DEFAULT_CLEARANCE_MM, HULL, INTERFACES, PRINT_DEFAULTS } from '../standard.js';
import { degToRad, gpaToPa, gPerCm3ToKgPerM3, inToMm, mmToM, mToMm, radToDeg } from '../units.js';
import { ballMassKg } from './ball.js';
import { bendArm, LINEAR_LIMIT_DEFLECTION_RATIO, linearStiffnessNPerM, prbmState, type Beam, type BeamState } from './beam.js';
import { flightRangeM, speedForRangeMps, type Launch } from './flight.js';
import { energyForSpeedJ, launchSpeedMps, transferEfficiency } from './transfer.js';

/** What a player asks for. Distances in metres, sizes in millimetres as on the command line. */
export interface TuneRequest {
  materialId: string;
  targetRangeM: number;
  /** Default CANNON.elevationDeg (25°). */
  elevationDeg?: number;
  /** Default INTERFACES.cannonball.diameterMm (8 mm). */
  ballDiameterMm?: number;
  /** Default: the cannon's material. */
  ballMaterialId?: string;
  /** Fixes the arm's length; default: CANNON.armLengthMm, or another length within CANNON.armLengthRangeMm if that one cannot reach. */
  armLengthMm?: number;
  /** Per-printer factor on the ball's launch energy, from `shipwright calibrate`. Default 1. */
  calibrationFactor?: number;
  /** Default CANNON_LIMITS.thumbForceN (30 N). */
  thumbForceLimitN?: number;
}

/** The request resolved: materials found, defaults filled, SI units. */
export interface Setup {
  material: Material;
  ballMaterial: Material;
  modulusPa: number;
  armDensityKgPerM3: number;
  strainLimit: number;
  hysteresisLoss: number;
  armWidthM: number;
  ballDiameterM: number;
  ballMassKg: number;
  elevationRad: number;
  /** Bore axis at the muzzle above the table: slot centre height plus the cannon's own rise (src/parts/cannon.ts). */
  launchHeightM: number;
  /** The longest draw the cannon builder accepts for this bore (cannonMaxDrawMm). */
  maxDrawM: number;
  /** Measured over predicted launch energy (1 until calibrated). */
  calibrationFactor: number;
  thumbForceLimitN: number;
  /** Arm lengths to try, in order of preference. */
  armLengthsM: number[];
}

/** An arm: its shape and where the catch releases it. */
export interface Arm {
  lengthM: number;
  thicknessM: number;
  releaseDeflectionM: number;
}

/** One shot of an arm: the beam at release, the transfer and the carry. */
export interface Shot {
  beam: BeamState;
  armMassKg: number;
  /** The printed block, pad and pusher riding on the tip (transferOf). */
  tipMassKg: number;
  /** Model transfer efficiency η (without the calibration factor). */
  efficiency: number;
  launchSpeedMps: number;
  rangeM: number;
}

/** Small departures from the nominal print, for the dispersion: factors on E and the ball's mass. */
export interface Variation {
  modulusFactor: number;
  ballMassFactor: number;
}

const NOMINAL: Variation = { modulusFactor: 1, ballMassFactor: 1 };

/** Defaults for generate (`--cannon-material`, `--range`): PLA, 24 in (0.6096 m, to the micrometre). */
export const DEFAULT_TUNE = { materialId: 'pla', rangeM: Math.round(inToMm(24) * 1000) / 1e6 } as const;

function material(id: string, field: string): Material {
  const m = findMaterial(id);
  if (!m) throw new RangeError(`${field}: unknown material "${id}"; expected one of ${MATERIAL_IDS.join(', ')}`);
  return m;
}

/** Lengths to try: the asked one only; else the default first, then longer, then shorter, in 1 mm steps. */
function armLengthsMm(asked: number | undefined): number[] {
  if (asked !== undefined) return [asked];
  const { min, max } = CANNON.armLengthRangeMm;
  const out: number[] = [CANNON.armLengthMm];
  for (let l = CANNON.armLengthMm + 1; l <= max; l++) out.push(l);
  for (let l = CANNON.armLengthMm - 1; l >= min; l--) out.push(l);
  return out;
}

/**
 * Elevation and launch height from the cannon builder's geometry (slot centre height plus the bore's rise at
 * the muzzle), and the longest draw its pusher allows under that bore's roof.
 */
function boreOf(ballDiameterMm: number, elevationDeg: number): Pick<Setup, 'elevationRad' | 'launchHeightM' | 'maxDrawM'> {
  const launch = cannonLaunchGeometry({ ballDiameterMm, elevationDeg });
  return {
    elevationRad: degToRad(launch.elevationDeg),
    launchHeightM: mmToM(HULL.cannonSlotCentreHeightMm + launch.launchHeightAboveSlotCentreMm),
    maxDrawM: mmToM(cannonMaxDrawMm({ ballDiameterMm, elevationDeg })),
  };
}

/**
 * Resolves a request. Unknown material ids are programmer errors here (RangeError); out-of-range sizes
 * are refused by the cannon builder's own checks (InputError); the CLI checks both first.
 */
export function resolveSetup(r: TuneRequest): Setup {
  const mat = material(r.materialId, 'materialId');
  const ballMat = material(r.ballMaterialId ?? r.materialId, 'ballMaterialId');
  const ballDiameterMm = r.ballDiameterMm ?? INTERFACES.cannonball.diameterMm;
  return {
    material: mat,
    ballMaterial: ballMat,
    modulusPa: gpaToPa(mat.elasticModulusXyGPa.value),
    armDensityKgPerM3: gPerCm3ToKgPerM3(mat.densityGPerCm3.value),
    strainLimit: mat.repeatedFlexStrain.value,
    hysteresisLoss: mat.hysteresisLoss.value,
    armWidthM: mmToM(CANNON.armWidthMm),
    ballDiameterM: mmToM(ballDiameterMm),
    ballMassKg: ballMassKg({
      diameterM: mmToM(ballDiameterMm),
      densityKgPerM3: gPerCm3ToKgPerM3(ballMat.densityGPerCm3.value),
      walls: PRINT_DEFAULTS.perimeters,
      lineWidthM: mmToM(PRINT_DEFAULTS.lineWidthMm),
      infillFraction: PRINT_DEFAULTS.infillFraction,
    }),
    ...boreOf(ballDiameterMm, r.elevationDeg ?? CANNON.elevationDeg),
    calibrationFactor: r.calibrationFactor ?? 1,
    thumbForceLimitN: r.thumbForceLimitN ?? CANNON_LIMITS.thumbForceN,
    armLengthsM: armLengthsMm(r.armLengthMm).map(mmToM),
  };
}

export const beamOf = (s: Setup, arm: Arm, v: Variation = NOMINAL): Beam => ({
  lengthM: arm.lengthM,
  widthM: s.armWidthM,
  thicknessM: arm.thicknessM,
  modulusPa: s.modulusPa * v.modulusFactor,
});

export function launchOf(s: Setup, ballMass: number): Omit<Launch, 'speedMps'> {
  return { elevationRad: s.elevationRad, heightM: s.launchHeightM, ballDiameterM: s.ballDiameterM, ballMassKg: ballMass };
}

/**
 * The moving masses: the arm, and the block, thumb pad and pusher it carries at its tip, which take their
 * share of the stored energy like BRIEF §4's "cup". At 1–2 g against a 0.2 g ball the tip block is the
 * largest moving mass. Its volume comes from the cannon builder's own layout, and is treated as solid: a
 * few millimetres thick, it is mostly perimeters and skins (its 15 % infill core would make it up to about
 * a third lighter). An estimate [E]; the per-printer calibration absorbs what it misses.
 */
function transferOf(s: Setup, arm: Arm, ballMass: number): { armMassKg: number; tipMassKg: number; efficiency: number } {
  const armMassKg = s.armDensityKgPerM3 * arm.lengthM * s.armWidthM * arm.thicknessM;
  const tipMm3 = cannonTipVolumeMm3({
    clearanceMm: DEFAULT_CLEARANCE_MM,
    armThicknessMm: mToMm(arm.thicknessM),
    armWidthMm: mToMm(s.armWidthM),
    armLengthMm: mToMm(arm.lengthM),
    releaseDeflectionMm: mToMm(arm.releaseDeflectionM),
    elevationDeg: radToDeg(s.elevationRad),
    ballDiameterMm: mToMm(s.ballDiameterM),
  });
  const tipMassKg = s.armDensityKgPerM3 * tipMm3 * 1e-9;
  const efficiency = transferEfficiency({ ballMassKg: ballMass, armMassKg, tipMassKg, hysteresisLoss: s.hysteresisLoss });
  return { armMassKg, tipMassKg, efficiency };
}

/** The forward model: where this arm puts the ball, with the calibration factor on the launch energy. */
export function shoot(s: Setup, arm: Arm, v: Variation = NOMINAL): Shot {
  const ballMass = s.ballMassKg * v.ballMassFactor;
  const beam = bendArm(beamOf(s, arm, v), arm.releaseDeflectionM);
  const t = transferOf(s, arm, ballMass);
  const speed = launchSpeedMps(beam.energyJ, s.calibrationFactor * t.efficiency, ballMass);
  return { beam, ...t, launchSpeedMps: speed, rangeM: flightRangeM({ ...launchOf(s, ballMass), speedMps: speed }) };
}

/** The deflection storing `energyJ` (energy grows with δ; PRBM above δ/L = 0.2). */
function deflectionForEnergyM(beam: Beam, energyJ: number): number {
  const linear = Math.sqrt((2 * energyJ) / linearStiffnessNPerM(beam));
  if (linear <= LINEAR_LIMIT_DEFLECTION_RATIO * beam.lengthM) return linear;
  let lo = LINEAR_LIMIT_DEFLECTION_RATIO * beam.lengthM;
  let hi = CANNON_LIMITS.releaseDeflectionMaxRatio * beam.lengthM;
  if (prbmState(beam, hi).energyJ < energyJ) return hi * 1.001; // beyond reach; the deflection check rejects it
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (prbmState(beam, mid).energyJ < energyJ) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** What stops a design: each limit as used/allowed (≤ 1 is fine). */
export interface Margins {
  strain: number;
  force: number;
  deflection: number;
  /** Release deflection over the longest draw the bore's elevation lets the pusher travel (the builder's). */
  draw: number;
  /** Minimum release deflection over the one used (> 1: the catch would sit too close to neutral). */
  minDeflection: number;
}

export function marginsOf(s: Setup, arm: Arm, beam: BeamState): Margins {
  return {
    strain: beam.rootStrain / s.strainLimit,
    force: beam.forceN / s.thumbForceLimitN,
    deflection: arm.releaseDeflectionM / (CANNON_LIMITS.releaseDeflectionMaxRatio * arm.lengthM),
    draw: arm.releaseDeflectionM / s.maxDrawM,
    minDeflection: mmToM(CANNON_LIMITS.releaseDeflectionMinMm) / arm.releaseDeflectionM,
  };
}

const worst = (m: Margins): number => Math.max(m.strain, m.force, m.deflection, m.draw, m.minDeflection);

/** Print tolerances (ours, [E]): thickness ± this fraction of a line width; release point ± this much. */
export const THICKNESS_TOLERANCE_LINE_FRACTION = 0.1;
export const RELEASE_TOLERANCE_MM = 0.1;

/**
 * How far the stored energy moves for the print tolerances, to first order: U ∝ h³δ², so
 * ΔU/U ≈ 3Δh/h + 2Δδ/δ. Among the designs within every limit the solver keeps the most repeatable one.
 */
function energySensitivity(arm: Arm): number {
  const dh = mmToM(THICKNESS_TOLERANCE_LINE_FRACTION * PRINT_DEFAULTS.lineWidthMm);
  return (3 * dh) / arm.thicknessM + (2 * mmToM(RELEASE_TOLERANCE_MM)) / arm.releaseDeflectionM;
}

/** Relative miss allowed after quantising the thickness (the issue: within 1 %). */
export const RANGE_TOLERANCE_FRACTION = 0.01;

/** A design that misses: how far over its limits it is. */
type Nearest = Pick<Solution, 'arm' | 'margins'>;

export interface Solution {
  setup: Setup;
  targetRangeM: number;
  arm: Arm;
  shot: Shot;
  margins: Margins;
}

/** Arm thicknesses the printer can lay: whole line widths, CANNON_LIMITS.armThicknessLines. */
export function armThicknessesM(): number[] {
  const { min, max } = CANNON_LIMITS.armThicknessLines;
  const out: number[] = [];
  for (let n = min; n <= max; n++) out.push(mmToM(n * PRINT_DEFAULTS.lineWidthMm));
  return out;
}

/**
 * The release deflection that launches the ball at `speedMps` from an arm of this length and thickness.
 * The tip block's pusher grows with the deflection, so the efficiency depends on it: a fixed-point
 * iteration (the pusher is a few per cent of the moving mass, so it settles in a few rounds).
 */
function deflectionForSpeedM(s: Setup, lengthM: number, thicknessM: number, speedMps: number): number {
  const beam = beamOf(s, { lengthM, thicknessM, releaseDeflectionM: 0 });
  let d = mmToM(CANNON.releaseDeflectionMm);
  for (let i = 0; i < 20; i++) {
    const { efficiency } = transferOf(s, { lengthM, thicknessM, releaseDeflectionM: d }, s.ballMassKg);
    const next = deflectionForEnergyM(beam, energyForSpeedJ(speedMps, s.calibrationFactor * efficiency, s.ballMassKg));
    if (Math.abs(next - d) < 1e-9) return next;
    d = next;
  }
  return d;
}

/**
 * The inverse: for each arm length in order of preference, every thickness of whole line widths gets
 * the release deflection that launches the ball at the speed the target needs; a design counts if its
 * forward shot meets the target within 1 % and every limit. At the first length with any, the most
 * repeatable one wins (see energySensitivity). Throws InfeasibleError naming the binding limit when none fits.
 */
export function solve(s: Setup, targetRangeM: number): Solution {
  const speed = speedForRangeMps(launchOf(s, s.ballMassKg), targetRangeM);
  let nearest: Nearest | undefined;
  for (const lengthM of s.armLengthsM) {
    let best: Solution | undefined;
    for (const thicknessM of armThicknessesM()) {
      const arm: Arm = { lengthM, thicknessM, releaseDeflectionM: deflectionForSpeedM(s, lengthM, thicknessM, speed) };
      // The limits first: only a design within them is worth a flight.
      const margins = marginsOf(s, arm, bendArm(beamOf(s, arm), arm.releaseDeflectionM));
      const shot = worst(margins) <= 1 ? shoot(s, arm) : undefined;
      if (shot && Math.abs(shot.rangeM / targetRangeM - 1) <= RANGE_TOLERANCE_FRACTION) {
        if (!best || energySensitivity(arm) < energySensitivity(best.arm)) best = { setup: s, targetRangeM, arm, shot, margins };
      } else if (!nearest || worst(margins) < worst(nearest.margins)) nearest = { arm, margins };
    }
    if (best) return best;
  }
  throw infeasible(s, targetRangeM, nearest!);
}

/**
 * The nearest and farthest this setup can shoot within every limit, over all arms tried: the shortest at
 * the least release deflection, the farthest at the deflection where the first limit binds (bisection).
 */
export function reachM(s: Setup): { minM: number; maxM: number } {
  let minM = Infinity;
  let maxM = 0;
  for (const lengthM of s.armLengthsM) {
    for (const thicknessM of armThicknessesM()) {
      const armAt = (d: number): Arm => ({ lengthM, thicknessM, releaseDeflectionM: d });
      const ok = (d: number): boolean => worst(marginsOf(s, armAt(d), bendArm(beamOf(s, armAt(d)), d))) <= 1;
      let lo = mmToM(CANNON_LIMITS.releaseDeflectionMinMm);
      let hi = CANNON_LIMITS.releaseDeflectionMaxRatio * lengthM;
      if (!ok(lo)) continue;
      minM = Math.min(minM, shoot(s, armAt(lo)).rangeM);
      for (let i = 0; i < 30; i++) {
        const mid = (lo + hi) / 2;
        if (ok(mid)) lo = mid;
        else hi = mid;
      }
      maxM = Math.max(maxM, shoot(s, armAt(lo)).rangeM);
    }
  }
  return { minM, maxM };
}

const LIMIT_NAMES: Record<keyof Margins, string> = {
  strain: 'peak strain above the repeated-flex limit',
  force: 'thumb force above the limit',
  deflection: `release deflection above ${CANNON_LIMITS.releaseDeflectionMaxRatio} × arm length`,
  draw: 'release deflection longer than the pusher can travel under a bore this steep',
  minDeflection: `release deflection below ${CANNON_LIMITS.releaseDeflectionMinMm} mm`,
};

/** The same setup with the bore at another elevation. */
const withElevation = (s: Setup, elevationDeg: number): Setup => ({ ...s, ...boreOf(mToMm(s.ballDiameterM), elevationDeg) });

/** The error for a request nothing fits: the limit the nearest design breaks most, and what would help. */
function infeasible(s: Setup, targetRangeM: number, nearest: Nearest): InfeasibleError {
  const m = nearest.margins;
  const binding = (Object.keys(m) as (keyof Margins)[]).reduce((a, b) => (m[b] > m[a] ? b : a));
  const reach = reachM(s);
  const flexier = MATERIAL_IDS.map((id) => findMaterial(id)!)
    .filter((x) => x.repeatedFlexStrain.value > s.material.repeatedFlexStrain.value && x.hysteresisLoss.value < 0.2)
    .map((x) => x.id);
  const fixes: string[] = [];
  if (binding === 'minDeflection') {
    if (reach.minM < Infinity) fixes.push(`a longer range: at least about ${round(reach.minM)} m with this material and ball`);
    fixes.push('a heavier ball (a larger --ball-diameter or a denser --ball-material) or a softer arm material');
  } else {
    const longest = CANNON.armLengthRangeMm.max;
    if (Math.max(...s.armLengthsM) < mmToM(longest)) fixes.push(`a longer arm (up to ${longest} mm: --arm-length ${longest}mm)`);
    const steepest = CANNON_LIMITS.elevationMaxDeg;
    const steeper = radToDeg(s.elevationRad) < steepest - 1e-9 ? reachM(withElevation(s, steepest)).maxM : 0;
    if (steeper > targetRangeM) fixes.push(`a steeper bore: with --elevation ${steepest} this arm material reaches about ${round(steeper)} m`);
    if (flexier.length) fixes.push(`another arm material that flexes further: ${flexier.join(', ')}`);
    fixes.push('a lighter ball (--ball-material: a less dense plastic)');
    if (reach.maxM > 0) fixes.push(`a shorter range: at most about ${round(reach.maxM)} m with this material and ball`);
  }
  const worstText = `${LIMIT_NAMES[binding]} (${Math.round(m[binding] * 100)} % of what is allowed in the nearest design)`;
  return new InfeasibleError(`no ${s.material.name} arm shoots ${round(targetRangeM)} m within the limits`, worstText, fixes);
}

const round = (x: number): number => +x.toPrecision(3);
