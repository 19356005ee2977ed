/**
 * The printed cannon's forward model (arm → shot → range) and its inverse (range → arm). It describes the
 * object src/parts/cannon.ts exports: the geometry comes from the builder's own layout (./cannon-layout.ts),
 * the arm and its tip block are one elastic system (./arm.ts), the ball is driven up the inclined bore by
 * a horizontal pusher (./transfer.ts), and it flies until it touches the table (./flight.ts). SI inside;
 * millimetres only in the request, as on the command line and in the cannon builder.
 */
import { InfeasibleError } from '../errors.js';
import { BORE_FRICTION, findMaterial, MATERIAL_IDS, type Material } from '../materials.js';
import {
  cannonAsPrinted,
  DEFAULTS as CANNON_DEFAULTS,
  type CannonAsPrinted,
  type CannonShapeOptions,
} from './cannon-layout.js';
import {
  CANNON,
  CANNON_LIMITS,
  DEFAULT_CLEARANCE_MM,
  ELASTOMER_BALL_PRINT,
  HULL,
  INTERFACES,
  PRINT_DEFAULTS,
} from '../standard.js';
import { degToRad, gpaToPa, gPerCm3ToKgPerM3, inToMm, mmToM, mToMm, radToDeg } from '../units.js';
import {
  armDynamics,
  drawArm,
  LINEAR_LIMIT_DEFLECTION_RATIO,
  rootEmbedding,
  rootFilletRigidLengthM,
  thumbTravelPerDraw,
  type ArmDynamics,
  type ArmState,
  type PrintedArm,
} from './arm.js';
import { ballMassKg, ballShape } from './ball.js';
import { flightRangeM, speedForRangeMps, type Launch } from './flight.js';
import { drawForSpeedM, muzzleSpeedMps, type Bore } from './transfer.js';

/** How the arm's width may vary: `auto` tries both and keeps the better design. */
export type TaperChoice = 'auto' | 'uniform' | 'tapered';
export const TAPER_CHOICES: readonly TaperChoice[] = ['auto', 'uniform', 'tapered'];

/** What a player asks for. Distances in metres, sizes in millimetres as on the command line. */
export interface TuneRequest {
  materialId: string;
  targetRangeM: number;
  /** Default CANNON.elevationDeg. */
  elevationDeg?: number;
  /** Default INTERFACES.cannonball.diameterMm (8 mm). */
  ballDiameterMm?: number;
  /** Default: the cannon's material. */
  ballMaterialId?: string;
  /** Fixes the arm's length; default: CANNON.armLengthMm, or another length within CANNON.armLengthRangeMm if that one cannot reach. */
  armLengthMm?: number;
  /** Default `auto`. */
  taper?: TaperChoice;
  /** Per-printer factor on the ball's launch energy, from `shipwright calibrate`. Default 1. */
  calibrationFactor?: number;
  /** Default CANNON_LIMITS.thumbForceN (30 N). */
  thumbForceLimitN?: number;
  /** The printer's sliding clearance the cannon is built with (it moves the thumb pad). Default DEFAULT_CLEARANCE_MM. */
  clearanceMm?: number;
}

/** The request resolved: materials found, defaults filled, SI units. */
export interface Setup {
  material: Material;
  ballMaterial: Material;
  modulusPa: number;
  armDensityKgPerM3: number;
  strainLimit: number;
  hysteresisLoss: number;
  frictionCoefficient: number;
  /** The arm's width at its root (its height on the bed). */
  armWidthM: number;
  ballDiameterM: number;
  ballMassKg: number;
  elevationRad: number;
  /** The slot's centre above the table (the cannon's launch height is measured from it). */
  slotHeightM: number;
  /** Measured over predicted launch energy (1 until calibrated). */
  calibrationFactor: number;
  thumbForceLimitN: number;
  /** Arm lengths to try, in order of preference. */
  armLengthsM: number[];
  tapers: readonly ('uniform' | 'tapered')[];
  clearanceMm: number;
}

/** An arm: its shape and how far the thumb draws its pad. */
export interface Arm {
  lengthM: number;
  thicknessM: number;
  /** Width at the tip (the root's is the setup's armWidthM). */
  tipWidthM: number;
  /** The draw at the thumb pad where the catch lets go. */
  releaseDeflectionM: number;
}

/** One shot of an arm: the arm drawn, its dynamics, the ball at the muzzle and its carry. */
export interface Shot {
  asPrinted: CannonAsPrinted;
  state: ArmState;
  dynamics: ArmDynamics;
  tipMassKg: number;
  /** Share of the stored energy the ball carries out of the muzzle (before the calibration factor). */
  efficiency: number;
  launchSpeedMps: number;
  launchHeightM: number;
  rangeM: number;
}

/** Departures from the nominal print, for the dispersion. */
export interface Variation {
  modulusFactor: number;
  ballMassFactor: number;
  tipMassFactor: number;
  elevationOffsetRad: number;
  frictionCoefficient: number | null;
}

const NOMINAL: Variation = {
  modulusFactor: 1,
  ballMassFactor: 1,
  tipMassFactor: 1,
  elevationOffsetRad: 0,
  frictionCoefficient: null,
};

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

const TAPERS: Readonly<Record<TaperChoice, Setup['tapers']>> = {
  auto: ['tapered', 'uniform'],
  uniform: ['uniform'],
  tapered: ['tapered'],
};

/**
 * Resolves a request. Unknown material ids are programmer errors here (RangeError); out-of-range sizes
 * are refused by the cannon builder's own checks (InputError); the CLI checks both first.
 */
export function resolveSetup(r: TuneRequest): Setup {
  const mat = material(r.materialId, 'materialId');
  const ballMat = material(r.ballMaterialId ?? r.materialId, 'ballMaterialId');
  const ballDiameterMm = r.ballDiameterMm ?? INTERFACES.cannonball.diameterMm;
  const elevationDeg = r.elevationDeg ?? CANNON.elevationDeg;
  const clearanceMm = r.clearanceMm ?? DEFAULT_CLEARANCE_MM;
  return {
    material: mat,
    ballMaterial: ballMat,
    modulusPa: gpaToPa(mat.elasticModulusXyGPa.value),
    armDensityKgPerM3: gPerCm3ToKgPerM3(mat.densityGPerCm3.value),
    strainLimit: mat.repeatedFlexStrain.value,
    hysteresisLoss: mat.hysteresisLoss.value,
    frictionCoefficient: BORE_FRICTION.value,
    armWidthM: mmToM(CANNON.armWidthMm),
    ballDiameterM: mmToM(ballDiameterMm),
    ballMassKg: ballMassKg({
      shape: ballShape({ diameterMm: ballDiameterMm }),
      densityKgPerM3: gPerCm3ToKgPerM3(ballMat.densityGPerCm3.value),
      print: ballMat.elastomer ? ELASTOMER_BALL_PRINT : PRINT_DEFAULTS,
    }),
    elevationRad: degToRad(elevationDeg),
    slotHeightM: mmToM(HULL.cannonSlotCentreHeightMm),
    calibrationFactor: r.calibrationFactor ?? 1,
    thumbForceLimitN: r.thumbForceLimitN ?? CANNON_LIMITS.thumbForceN,
    armLengthsM: armLengthsMm(r.armLengthMm).map(mmToM),
    tapers: TAPERS[r.taper ?? 'auto'],
    clearanceMm,
  };
}

/** The cannon builder's options that print this arm. */
export function builderOptionsOf(s: Setup, arm: Arm): CannonShapeOptions {
  return {
    clearanceMm: s.clearanceMm,
    armThicknessMm: Math.round(mToMm(arm.thicknessM) / PRINT_DEFAULTS.lineWidthMm) * PRINT_DEFAULTS.lineWidthMm,
    armLengthMm: mToMm(arm.lengthM),
    armWidthMm: mToMm(s.armWidthM),
    armTipWidthMm: mToMm(arm.tipWidthM),
    releaseDeflectionMm: mToMm(arm.releaseDeflectionM),
    elevationDeg: radToDeg(s.elevationRad),
    ballDiameterMm: mToMm(s.ballDiameterM),
    rootFilletMm: CANNON_DEFAULTS.rootFilletMm,
  };
}

/**
 * The arm and its block in SI from the printed geometry. The block is printed solid (the README's print
 * settings: the cannon at 100 % infill), so its mass is its volume times the material's density.
 */
function printedArmOf(s: Setup, arm: Arm, g: CannonAsPrinted, v: Variation): PrintedArm {
  const rho = s.armDensityKgPerM3;
  const tipMassKg = rho * g.tipBlock.volumeMm3 * 1e-9 * v.tipMassFactor;
  return {
    lengthM: arm.lengthM,
    thicknessM: arm.thicknessM,
    rootWidthM: s.armWidthM,
    tipWidthM: arm.tipWidthM,
    // From the printed design's thickness, not a copy's: a copy's fillets are the file's.
    rigidRootM: rootFilletRigidLengthM(mmToM(g.armThicknessMm), mmToM(g.rootFilletMm)),
    rootEmbedding: rootEmbedding(arm.thicknessM, s.armWidthM),
    modulusPa: s.modulusPa * v.modulusFactor,
    densityKgPerM3: rho,
    thumbPointM: mmToM(g.thumbPointFromRootMm),
    drawPointM: mmToM(g.drawPointFromRootMm),
    pusherM: mmToM(g.pusherFromRootMm),
    tipMassKg,
    tipCentroidM: mmToM(g.tipBlock.centroidFromRootMm),
    tipOffsetM: mmToM(g.tipBlock.centroidOffsetMm),
    // ∫r² dV (mm⁵) × ρ: kg·m².
    tipInertiaKgM2: rho * g.tipBlock.polarMomentMm5 * 1e-15 * v.tipMassFactor,
    tipTwistInertiaKgM2: rho * g.tipBlock.twistMomentMm5 * 1e-15 * v.tipMassFactor,
    thumbHeightM: mmToM(g.heightsOverArmAxisMm.thumb),
    drawHeightM: mmToM(g.heightsOverArmAxisMm.draw),
    pusherHeightM: mmToM(g.heightsOverArmAxisMm.pusher),
    tipHeightM: mmToM(g.tipBlock.centroidHeightMm),
  };
}

function boreOf(s: Setup, g: CannonAsPrinted, v: Variation): Bore {
  return {
    ballMassKg: s.ballMassKg * v.ballMassFactor,
    elevationRad: s.elevationRad + v.elevationOffsetRad,
    frictionCoefficient: v.frictionCoefficient ?? s.frictionCoefficient,
    hysteresisLoss: s.hysteresisLoss,
    slideM: mmToM(g.boreAfterReleaseMm),
  };
}

export function launchOf(s: Setup, g: CannonAsPrinted, v: Variation = NOMINAL): Omit<Launch, 'speedMps'> {
  return {
    elevationRad: s.elevationRad + v.elevationOffsetRad,
    heightM: s.slotHeightM + mmToM(g.launchHeightAboveSlotCentreMm),
    ballDiameterM: s.ballDiameterM,
    ballMassKg: s.ballMassKg * v.ballMassFactor,
  };
}

/**
 * The forward model: where this arm puts the ball, with the calibration factor on the launch energy. The
 * geometry is the builder's for this arm unless given: measured on a mesh (validate), the design's for a
 * printed copy (dispersion), or already laid out (the search).
 */
export function shoot(s: Setup, arm: Arm, v: Variation = NOMINAL, asPrinted?: CannonAsPrinted): Shot {
  const g = asPrinted ?? cannonAsPrinted(builderOptionsOf(s, arm));
  const printed = printedArmOf(s, arm, g, v);
  const state = drawArm(printed, arm.releaseDeflectionM);
  const dynamics = armDynamics(printed);
  const bore = boreOf(s, g, v);
  const modelSpeed = muzzleSpeedMps(dynamics, bore, state.thumbTravelM);
  const speed = Math.sqrt(s.calibrationFactor) * modelSpeed;
  const launch = launchOf(s, g, v);
  return {
    asPrinted: g,
    state,
    dynamics,
    tipMassKg: printed.tipMassKg,
    efficiency: (0.5 * bore.ballMassKg * modelSpeed ** 2) / state.energyJ,
    launchSpeedMps: speed,
    launchHeightM: launch.heightM,
    rangeM: speed > 0 ? flightRangeM({ ...launch, speedMps: speed }) : 0,
  };
}

/** The arm held at its draw, as printed (and the geometry, for a shot): all the limits need, without flying a ball. */
function drawn(s: Setup, arm: Arm): { g: CannonAsPrinted; state: ArmState } {
  const g = cannonAsPrinted(builderOptionsOf(s, arm));
  return { g, state: drawArm(printedArmOf(s, arm, g, NOMINAL), arm.releaseDeflectionM) };
}

/** What stops a design: each limit as used/allowed (≤ 1 is fine). */
export interface Margins {
  strain: number;
  force: number;
  /** The arm's own tip deflection over the linear model's limit (δ/L ≤ 0.2). */
  linear: number;
  /** Draw over the builder's 0.4 × arm length. */
  deflection: number;
  /** Minimum draw over the one used (> 1: the catch would sit too close to neutral). */
  minDeflection: number;
  /** The pusher's sideways swing at full draw over the room the barrel leaves its slot. */
  swing: number;
}

export function marginsOf(s: Setup, arm: Arm, state: ArmState, g: CannonAsPrinted): Margins {
  return {
    strain: state.peakStrain / s.strainLimit,
    force: state.forceN / s.thumbForceLimitN,
    linear: state.tipDeflectionRatio / LINEAR_LIMIT_DEFLECTION_RATIO,
    deflection: arm.releaseDeflectionM / (CANNON_LIMITS.releaseDeflectionMaxRatio * arm.lengthM),
    minDeflection: mmToM(CANNON_LIMITS.releaseDeflectionMinMm) / arm.releaseDeflectionM,
    swing: g.pusherSwingMm / g.pusherSwingLimitMm,
  };
}

/** The most-used limit (a design the model cannot describe counts as infinitely over). */
export const worstMargin = (m: Margins): number => {
  const w = Math.max(m.strain, m.force, m.linear, m.deflection, m.minDeflection, m.swing);
  return Number.isNaN(w) ? Infinity : w;
};

/**
 * A design that uses no limit beyond this share is comfortable: the solver takes the first arm length (in
 * order of preference) that has one, else the design with the most headroom at any length. Life and
 * repeatability both improve away from the limits (a cannon at its strain limit lasts a few hundred shots).
 */
export const COMFORTABLE_MARGIN = 0.8;

/** Relative miss allowed after quantising the thickness (within 1 %). */
export const RANGE_TOLERANCE_FRACTION = 0.01;

export interface Solution {
  setup: Setup;
  targetRangeM: number;
  arm: Arm;
  shot: Shot;
  margins: Margins;
}

/**
 * Arm thicknesses the printer can lay: whole line widths, CANNON_LIMITS.armThicknessLines, and the arm at
 * least CANNON.armMinAspect times taller than thick so it bends in the bed plane.
 */
export function armThicknessesM(s: Pick<Setup, 'armWidthM'>): number[] {
  const { min, max } = CANNON_LIMITS.armThicknessLines;
  const out: number[] = [];
  for (let n = min; n <= max; n++)
    if (CANNON.armMinAspect * n * PRINT_DEFAULTS.lineWidthMm <= mToMm(s.armWidthM) + 1e-9)
      out.push(mmToM(n * PRINT_DEFAULTS.lineWidthMm));
  return out;
}

/**
 * The arm's tip width: the root's for a uniform arm; for a tapered one, the width that keeps the surface
 * strain the same at both ends (b ∝ the bending moment F·(a_d − s)), to whole 0.2 mm layers, no narrower
 * than CANNON.armTipWidthMinMm nor flatter than CANNON.armMinAspect.
 */
function tipWidthM(s: Setup, lengthM: number, thicknessM: number, taper: 'uniform' | 'tapered'): number {
  if (taper === 'uniform') return s.armWidthM;
  const g = cannonAsPrinted(
    builderOptionsOf(s, {
      lengthM,
      thicknessM,
      tipWidthM: s.armWidthM,
      releaseDeflectionM: mmToM(CANNON.releaseDeflectionMm),
    }),
  );
  const a = g.drawPointFromRootMm;
  const layer = PRINT_DEFAULTS.layerHeightMm;
  const evenMm = (mToMm(s.armWidthM) * (a - mToMm(lengthM))) / a;
  const narrowestMm = Math.max(CANNON.armTipWidthMinMm, CANNON.armMinAspect * mToMm(thicknessM));
  return mmToM(
    Math.min(
      mToMm(s.armWidthM),
      Math.max(Math.ceil(narrowestMm / layer - 1e-9) * layer, Math.round(evenMm / layer) * layer),
    ),
  );
}

/**
 * The draw that launches the ball at the muzzle speed the target needs. The pusher and the block move
 * with the draw (the builder makes room for it), so the geometry depends on it: a fixed-point iteration
 * that settles in a few rounds.
 */
function drawForSpeed(s: Setup, lengthM: number, thicknessM: number, tipW: number, speedMps: number): number {
  const model = speedMps / Math.sqrt(s.calibrationFactor);
  // Past twice the longest draw the builder makes, the layout stops describing a cannon: the search stops
  // there, and the design's margins say how far over it is.
  const cap = 2 * CANNON_LIMITS.releaseDeflectionMaxRatio * lengthM;
  let d = mmToM(CANNON.releaseDeflectionMm);
  for (let i = 0; i < 30; i++) {
    const arm: Arm = { lengthM, thicknessM, tipWidthM: tipW, releaseDeflectionM: d };
    const g = cannonAsPrinted(builderOptionsOf(s, arm));
    const printed = printedArmOf(s, arm, g, NOMINAL);
    const next = Math.min(
      cap,
      drawForSpeedM(armDynamics(printed), boreOf(s, g, NOMINAL), model) / thumbTravelPerDraw(printed),
    );
    if (Math.abs(next - d) < 1e-10) return next;
    d = next;
  }
  return d;
}

/** The launch speed a target needs from this setup's bore (the launch height barely moves with the arm). */
function speedFor(s: Setup, targetRangeM: number): number {
  const g = cannonAsPrinted(
    builderOptionsOf(s, {
      lengthM: mmToM(CANNON.armLengthMm),
      thicknessM: armThicknessesM(s)[0]!,
      tipWidthM: s.armWidthM,
      releaseDeflectionM: mmToM(CANNON.releaseDeflectionMm),
    }),
  );
  return speedForRangeMps(launchOf(s, g), targetRangeM);
}

type Candidate = Pick<Solution, 'arm' | 'margins'>;

/** The search: the chosen design, or the nearest miss when nothing fits (no error built). */
function search(s: Setup, targetRangeM: number): { best?: Solution; nearest?: Candidate } {
  const speed = speedFor(s, targetRangeM);
  let nearest: Candidate | undefined;
  let best: Solution | undefined;
  for (const lengthM of s.armLengthsM) {
    for (const thicknessM of armThicknessesM(s)) {
      for (const taper of s.tapers) {
        const tipW = tipWidthM(s, lengthM, thicknessM, taper);
        const arm: Arm = {
          lengthM,
          thicknessM,
          tipWidthM: tipW,
          releaseDeflectionM: drawForSpeed(s, lengthM, thicknessM, tipW, speed),
        };
        // The limits first: only a design within them is worth a flight.
        const { g, state } = drawn(s, arm);
        const margins = marginsOf(s, arm, state, g);
        const shot = worstMargin(margins) <= 1 ? shoot(s, arm, NOMINAL, g) : undefined;
        const fits = shot !== undefined && Math.abs(shot.rangeM / targetRangeM - 1) <= RANGE_TOLERANCE_FRACTION;
        if (shot && fits && (!best || worstMargin(margins) < worstMargin(best.margins)))
          best = { setup: s, targetRangeM, arm, shot, margins };
        if (!fits && (!nearest || worstMargin(margins) < worstMargin(nearest.margins))) nearest = { arm, margins };
      }
    }
    if (best && worstMargin(best.margins) <= COMFORTABLE_MARGIN) break;
  }
  return { best, nearest };
}

/**
 * The inverse: for each arm length in order of preference, every thickness of whole line widths (uniform
 * or tapered) gets the draw that launches the ball at the speed the target needs; a design counts if its
 * forward shot meets the target within 1 % and every limit. The one with the most headroom wins (see
 * COMFORTABLE_MARGIN). Throws InfeasibleError naming the binding limit, and fixes that do reach the
 * target, when none fits.
 */
export function solve(s: Setup, targetRangeM: number): Solution {
  const { best, nearest } = search(s, targetRangeM);
  if (best) return best;
  throw infeasible(s, targetRangeM, nearest!);
}

/**
 * The nearest and farthest this setup can shoot within every limit, over all arms tried: the shortest at
 * the least draw, the farthest at the draw where the first limit binds (bisection).
 */
export function reachM(s: Setup): { minM: number; maxM: number } {
  let minM = Infinity;
  let maxM = 0;
  for (const lengthM of s.armLengthsM) {
    for (const thicknessM of armThicknessesM(s)) {
      for (const taper of s.tapers) {
        const tipW = tipWidthM(s, lengthM, thicknessM, taper);
        const armAt = (d: number): Arm => ({ lengthM, thicknessM, tipWidthM: tipW, releaseDeflectionM: d });
        const ok = (d: number): boolean => {
          const { g, state } = drawn(s, armAt(d));
          return worstMargin(marginsOf(s, armAt(d), state, g)) <= 1;
        };
        let lo = mmToM(CANNON_LIMITS.releaseDeflectionMinMm);
        let hi = CANNON_LIMITS.releaseDeflectionMaxRatio * lengthM;
        if (!ok(lo)) continue;
        minM = Math.min(minM, shoot(s, armAt(lo)).rangeM);
        for (let i = 0; i < 20; i++) {
          const mid = (lo + hi) / 2;
          if (ok(mid)) lo = mid;
          else hi = mid;
        }
        maxM = Math.max(maxM, shoot(s, armAt(lo)).rangeM);
      }
    }
  }
  return { minM, maxM };
}

const LIMIT_NAMES: Record<keyof Margins, string> = {
  strain: 'peak strain above the repeated-flex limit',
  force: 'thumb force above the limit',
  linear: `the arm's tip bending more than ${LINEAR_LIMIT_DEFLECTION_RATIO} × its length, beyond the linear beam model`,
  deflection: `draw above ${CANNON_LIMITS.releaseDeflectionMaxRatio} × arm length`,
  minDeflection: `draw below ${CANNON_LIMITS.releaseDeflectionMinMm} mm`,
  swing: "the tip block turning the pusher further aside than its slot in the barrel's rear leaves room for",
};

/** The same setup with some of it changed. */
const variant = (s: Setup, change: Partial<Setup>): Setup => ({ ...s, ...change });
const reaches = (s: Setup, targetRangeM: number): boolean => search(s, targetRangeM).best !== undefined;

/**
 * The error for a request nothing fits: the limit the nearest design breaks most, and the fixes that,
 * applied alone, do reach the target (each one checked by solving again).
 */
function infeasible(s: Setup, targetRangeM: number, nearest: Candidate): InfeasibleError {
  const m = nearest.margins;
  const binding = (Object.keys(m) as (keyof Margins)[]).reduce((a, b) => (m[b] > m[a] ? b : a));
  const fixes: string[] = [];
  const longest = CANNON.armLengthRangeMm.max;
  if (
    Math.max(...s.armLengthsM) < mmToM(longest) &&
    reaches(variant(s, { armLengthsM: [mmToM(longest)] }), targetRangeM)
  ) {
    fixes.push(`a longer arm: --arm-length ${longest}mm`);
  }
  if (s.tapers.length < 2 && reaches(variant(s, { tapers: TAPERS.auto }), targetRangeM)) fixes.push('--taper auto');
  for (const elevationDeg of [CANNON_LIMITS.elevationMaxDeg, 15]) {
    if (Math.abs(radToDeg(s.elevationRad) - elevationDeg) < 1e-9) continue;
    const bore = resolveSetup({
      materialId: s.material.id,
      targetRangeM,
      elevationDeg,
      ballDiameterMm: mToMm(s.ballDiameterM),
      ballMaterialId: s.ballMaterial.id,
      clearanceMm: s.clearanceMm,
    });
    if (reaches(variant(s, { elevationRad: bore.elevationRad }), targetRangeM)) {
      fixes.push(
        `a ${elevationDeg > radToDeg(s.elevationRad) ? 'steeper' : 'flatter'} bore: --elevation ${elevationDeg}`,
      );
      break;
    }
  }
  const armMaterials = MATERIAL_IDS.filter((id) => id !== s.material.id).filter((id) => {
    const other = resolveSetup({
      materialId: id,
      targetRangeM,
      ballMaterialId: s.ballMaterial.id,
      ballDiameterMm: mToMm(s.ballDiameterM),
      clearanceMm: s.clearanceMm,
    });
    return reaches(
      variant(s, {
        material: other.material,
        modulusPa: other.modulusPa,
        armDensityKgPerM3: other.armDensityKgPerM3,
        strainLimit: other.strainLimit,
        hysteresisLoss: other.hysteresisLoss,
      }),
      targetRangeM,
    );
  });
  if (armMaterials.length) fixes.push(`another arm material: --material ${armMaterials.join(' or ')}`);
  const balls = MATERIAL_IDS.filter((id) => id !== s.ballMaterial.id).filter((id) => {
    const other = resolveSetup({
      materialId: s.material.id,
      targetRangeM,
      ballMaterialId: id,
      ballDiameterMm: mToMm(s.ballDiameterM),
      clearanceMm: s.clearanceMm,
    });
    return reaches(variant(s, { ballMaterial: other.ballMaterial, ballMassKg: other.ballMassKg }), targetRangeM);
  });
  if (balls.length) fixes.push(`another ball material: --ball-material ${balls.join(' or ')}`);
  const reach = reachM(s);
  if (reach.maxM > 0 && reach.maxM < targetRangeM)
    fixes.push(`a shorter range: at most about ${round(reach.maxM)} m with this material, ball and bore`);
  if (reach.minM < Infinity && reach.minM > targetRangeM)
    fixes.push(`a longer range: at least about ${round(reach.minM)} m with this material, ball and bore`);
  const worstText = `${LIMIT_NAMES[binding]} (${Math.round(m[binding] * 100)} % of what is allowed in the nearest design)`;
  return new InfeasibleError(
    `no ${s.material.name} arm shoots ${round(targetRangeM)} m within the limits`,
    worstText,
    fixes,
  );
}

const round = (x: number): number => +x.toPrecision(3);
