/**
 * The cannon's layout: every position and size of the printed cannon, from its options, as plain numbers.
 * The builder (src/parts/cannon.ts) makes its solids from it and the spring solver reads the part as
 * printed from it (`cannonAsPrinted`), so both describe one part, and the solver never loads the geometry
 * kernel. See src/parts/cannon.ts for how the cannon works.
 */
import type { Vec3 } from '../geometry/kernel.js';
import { addMoments, boxMoments, centroidMm, polarAboutZThroughCentroidMm5, prismXzMoments, sumMoments } from '../geometry/mass.js';
import { CANNON, DEFAULT_BED_CHAMFER_MM, DEFAULT_CLEARANCE_MM, fitHoleMm, INTERFACES, MIN_FEATURE_MM, PRINT_DEFAULTS } from '../standard.js';

export interface CannonOptions {
  /** Printer's sliding clearance per mating surface. Default DEFAULT_CLEARANCE_MM (0.20 mm). */
  clearanceMm: number;
  /**
   * Arm thickness in its bending direction: a whole number of line widths. Default
   * CANNON.defaultArmThicknessMm (1.35 mm); generate and tune pass the spring solver's.
   */
  armThicknessMm: number;
  /** Free (flexing) length of the arm, root to tip block. Default CANNON.armLengthMm (30 mm). */
  armLengthMm: number;
  /** Arm width across its bending plane, its height on the bed, at the root. Default CANNON.armWidthMm (6 mm). */
  armWidthMm: number;
  /**
   * The arm's width (height on the bed) where it meets the tip block: the arm tapers linearly from
   * `armWidthMm` at its root. Equal to `armWidthMm` (the default) for a uniform arm; the solver picks a taper
   * that keeps the surface strain even along the arm (src/physics/solver.ts).
   */
  armTipWidthMm: number;
  /** Tip deflection at which the catch releases. Default CANNON.releaseDeflectionMm (4 mm). */
  releaseDeflectionMm: number;
  /** Bore elevation above horizontal. Default CANNON.elevationDeg (25°). */
  elevationDeg: number;
  /** Ball diameter. Default INTERFACES.cannonball.diameterMm (8 mm). */
  ballDiameterMm: number;
  /** Fillets where the arm's faces meet its root block (0: a square corner). Default ROOT_FILLET_MM (0.9 mm). */
  rootFilletMm: number;
  /** 45° bevel on the plug's two edges along the bed, against the printer's elephant's foot (chamfer.ts). Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

/** Everything that shapes the cannon for the solver: all but the plug's first-layer bevel, which is the printer's. */
export type CannonShapeOptions = Omit<CannonOptions, 'bedChamferMm'>;

/**
 * Fillet where each face of the arm meets the root block: a square inside corner concentrates the bending
 * strain at the arm's root, the one place that flexes every shot (and the print/flex-fillets rule asks for
 * it). Two line widths, small against the arm's length so it barely stiffens it.
 */
const ROOT_FILLET_MM = 2 * PRINT_DEFAULTS.lineWidthMm;

export const DEFAULTS: CannonOptions = {
  clearanceMm: DEFAULT_CLEARANCE_MM,
  armThicknessMm: CANNON.defaultArmThicknessMm,
  armLengthMm: CANNON.armLengthMm,
  armWidthMm: CANNON.armWidthMm,
  armTipWidthMm: CANNON.armWidthMm,
  releaseDeflectionMm: CANNON.releaseDeflectionMm,
  elevationDeg: CANNON.elevationDeg,
  ballDiameterMm: INTERFACES.cannonball.diameterMm,
  rootFilletMm: ROOT_FILLET_MM,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

// Our own proportions (not mating sizes): walls are at least MIN_FEATURE_MM, moving parts clear fixed
// ones by a gap a 0.4 mm nozzle does not bridge.
/** Gap between the moving arm assembly and the fixed frame (also the tip's overtravel past neutral). */
export const MOTION_GAP_MM = 1.0;
/** Back plate the plug stands on, and the front rail that ties the barrel to the arm's root block. */
export const SPINE_MM = 3;
/** Root block's length along the arm. */
export const ROOT_BLOCK_MM = 4;
/** The tip block is this much thicker than the arm so it stays rigid. */
const TIP_EXTRA_MM = 2;
/**
 * Pusher width (Y), well under the ball's diameter, and how far its top stands above the resting ball's
 * centre: its upright face meets the ball at its centre height, so a horizontal push drives the ball along
 * the rising bore at u/cos θ (a face below the centre would push with its top corner, more slowly).
 */
export const PUSHER_WIDTH_MM = 5;
const PUSHER_ABOVE_BALL_CENTRE_MM = 1;
/** How far the pusher reaches back into the tip block it stands on. */
const PUSHER_ROOT_MM = 0.5;
/** Pusher length kept inside the barrel at full draw, so the ball cannot drop out behind it. */
const PUSHER_OVERLAP_MM = 1.5;
/** Wall round the bore. */
export const BARREL_WALL_MM = 2;
/** Bore ahead of the ball, as a fraction of the ball's diameter. */
const MUZZLE_FRACTION = 0.75;
/** Thumb pad: width (Y) and least height. The ramp beside it: width (Y); it rises at 45°. */
const PAD_WIDTH_MM = 10;
const PAD_HEIGHT_MM = 14;
const RAMP_WIDTH_MM = 6;

/** Every position of the cannon, in its build frame: slot centre line on the X axis, firing +X. */
export interface Layout {
  o: CannonShapeOptions;
  bedZ: number;
  armX: number;
  tipFrontX: number;
  barrelRearX: number;
  pusherFrontX: number;
  ballX: number;
  muzzleX: number;
  axisZ: (x: number) => number;
  boreMm: number;
  barrelRadiusMm: number;
  tipY: number;
  rootY: number;
  padY: readonly [number, number];
  rampY: readonly [number, number];
  /** Top of the thumb pad. */
  padTopZ: number;
  /** The pusher's side outline (x, z), from inside the tip block to its front face. */
  pusherOutline: [number, number][];
  /** Translation layOnBed applies (computed from the flat faces that bound the part). */
  offset: Vec3;
}

export function layout(o: CannonShapeOptions): Layout {
  const plug = INTERFACES.cannonPlug;
  const t = (o.elevationDeg * Math.PI) / 180;
  const bedZ = -plug.sideMm / 2;
  const armX = SPINE_MM + o.releaseDeflectionMm + MOTION_GAP_MM;
  const tipFrontX = armX + o.armThicknessMm + TIP_EXTRA_MM;
  const barrelRearX = tipFrontX + MOTION_GAP_MM;
  const pusherFrontX = barrelRearX + o.releaseDeflectionMm + PUSHER_OVERLAP_MM;
  const ballX = pusherFrontX + o.ballDiameterMm / 2;
  const muzzleX = ballX + o.ballDiameterMm / 2 + MUZZLE_FRACTION * o.ballDiameterMm;
  // The bore's axis passes CANNON.boreAboveSlotCentreMm above the slot centre line at the ball's rest.
  const axisZ = (x: number): number => CANNON.boreAboveSlotCentreMm + (x - ballX) * Math.tan(t);
  const boreMm = fitHoleMm(o.ballDiameterMm, 'rotating', o.clearanceMm);
  const barrelRadiusMm = boreMm / 2 + BARREL_WALL_MM;
  const tipY = PUSHER_WIDTH_MM / 2 + MOTION_GAP_MM;
  const rootY = tipY + o.armLengthMm;
  const padHi = -barrelRadiusMm - MOTION_GAP_MM;
  const padY = [padHi - PAD_WIDTH_MM, padHi] as const;
  const rampY = [padY[0] - MOTION_GAP_MM - RAMP_WIDTH_MM, padY[0] - MOTION_GAP_MM] as const;
  // The ramp starts one deflection below the pad's top and must clear the arm beneath: tall arms and long
  // draws get a taller pad.
  const padTopZ = bedZ + Math.max(PAD_HEIGHT_MM, o.armWidthMm + o.releaseDeflectionMm + MIN_FEATURE_MM);
  // The pusher's top stands above the resting ball's centre, through a slot in the barrel's roof (the bore
  // alone could not house a face that tall: drawn back, a horizontal pusher rises against a rising roof).
  const topZ = Math.max(axisZ(ballX) + PUSHER_ABOVE_BALL_CENTRE_MM, bedZ + o.armWidthMm);
  const rearX = tipFrontX - PUSHER_ROOT_MM;
  const pusherOutline: [number, number][] = [
    [rearX, bedZ],
    [pusherFrontX, bedZ],
    [pusherFrontX, topZ],
    [rearX, topZ],
  ];
  const minX = -plug.lengthMm, maxX = muzzleX, minY = rampY[0], maxY = rootY + ROOT_BLOCK_MM;
  const offset: Vec3 = [-(minX + maxX) / 2, -(minY + maxY) / 2, -bedZ];
  return { o, bedZ, armX, tipFrontX, barrelRearX, pusherFrontX, ballX, muzzleX, axisZ, boreMm, barrelRadiusMm, tipY, rootY, padY, rampY, padTopZ, pusherOutline, offset };
}


/** The printed cannon as the spring solver and `tune --json` describe it (millimetres; distances along the unbent arm). */
export interface CannonAsPrinted {
  armLengthMm: number;
  armThicknessMm: number;
  /** The arm's width (height on the bed) at its root and at its tip. */
  taper: { rootWidthMm: number; tipWidthMm: number };
  /** Radius of the fillets where the arm's faces meet the root block. */
  rootFilletMm: number;
  /** From the arm's root (where it leaves the frame) to the thumb pad's edge beside the catch, whose travel is the draw. */
  drawPointFromRootMm: number;
  /** From the arm's root to the middle of the thumb pad, where the thumb (covering the pad) pushes. */
  thumbPointFromRootMm: number;
  /** How far the thumb draws the pad back before the catch lets go. */
  drawMm: number;
  /** From the arm's root to the pusher's centre line, where it meets the ball. */
  pusherFromRootMm: number;
  /**
   * The rigid tip block with the thumb pad and the pusher (the arm excluded): its volume, its length along the
   * arm, its centroid (from the root along the arm, and across it from the arm's mid-thickness, + toward the
   * barrel) and its polar second moment about the bending axis through the centroid (∫r² dV).
   */
  tipBlock: { volumeMm3: number; lengthMm: number; centroidFromRootMm: number; centroidOffsetMm: number; polarMomentMm5: number };
  elevationDeg: number;
  /** The bore's axis where the ball's centre leaves the muzzle, above the slot's centre line. */
  launchHeightAboveSlotCentreMm: number;
  /** How far the ball slides along the bore from where the pusher leaves it (the arm at neutral) to the muzzle. */
  boreAfterReleaseMm: number;
}

/**
 * The cannon as printed, from the same layout it is built from (a test holds it to the exported mesh).
 * Options are complete and not range-checked: the solver asks about candidates it has yet to judge,
 * thousands of times a solve.
 */
export function cannonAsPrinted(options: CannonShapeOptions): CannonAsPrinted {
  const L = layout(options);
  const b = L.o.armWidthMm;
  const block = boxMoments([L.armX, L.padY[0], L.bedZ], [L.tipFrontX, L.tipY, L.bedZ + b]);
  const padAbove = boxMoments([L.armX, L.padY[0], L.bedZ + b], [L.tipFrontX, L.padY[1], L.padTopZ]);
  const half = PUSHER_WIDTH_MM / 2;
  // The pusher's prism, less the part of it inside the tip block.
  const pusher = addMoments(
    prismXzMoments(L.pusherOutline, -half, half),
    boxMoments([L.tipFrontX - PUSHER_ROOT_MM, -half, L.bedZ], [L.tipFrontX, half, L.bedZ + b]),
    -1,
  );
  const tip = sumMoments([block, padAbove, pusher]);
  const [cx, cy] = centroidMm(tip);
  const t = (L.o.elevationDeg * Math.PI) / 180;
  return {
    armLengthMm: L.o.armLengthMm,
    armThicknessMm: L.o.armThicknessMm,
    taper: { rootWidthMm: b, tipWidthMm: L.o.armTipWidthMm },
    rootFilletMm: L.o.rootFilletMm,
    // The thumb rides up the catch beside the pad and lets go when the pad's edge there has come back by the draw.
    drawPointFromRootMm: L.rootY - L.padY[0],
    thumbPointFromRootMm: L.rootY - (L.padY[0] + L.padY[1]) / 2,
    drawMm: L.o.releaseDeflectionMm,
    pusherFromRootMm: L.rootY,
    tipBlock: {
      volumeMm3: tip.volumeMm3,
      lengthMm: L.tipY - L.padY[0],
      centroidFromRootMm: L.rootY - cy,
      centroidOffsetMm: cx - (L.armX + L.o.armThicknessMm / 2),
      polarMomentMm5: polarAboutZThroughCentroidMm5(tip),
    },
    elevationDeg: L.o.elevationDeg,
    launchHeightAboveSlotCentreMm: L.axisZ(L.muzzleX),
    // At neutral the ball's centre is at ballX; it leaves the bore when its centre passes the muzzle.
    boreAfterReleaseMm: (L.muzzleX - L.ballX) / Math.cos(t),
  };
}
