/**
 * The cannon's layout: every position and size of the printed cannon, from its options, as plain numbers.
 * The builder (src/parts/cannon.ts) makes its solids from it and the spring solver reads the part as
 * printed from it (`cannonAsPrinted`), so both describe one part, and the solver never loads the geometry
 * kernel. See src/parts/cannon.ts for how the cannon works.
 */
import type { Vec3 } from '../geometry/kernel.js';
import {
  addMoments,
  boxMoments,
  NO_MOMENTS,
  centroidMm,
  polarAboutYThroughCentroidMm5,
  polarAboutZThroughCentroidMm5,
  prismXzMoments,
  sumMoments,
} from '../geometry/mass.js';
import { rootEmbedding, rootFilletRigidLengthM, tipMotionPerDraw } from './arm.js';
import {
  CANNON,
  DEFAULT_BED_CHAMFER_MM,
  DEFAULT_CLEARANCE_MM,
  fitHoleMm,
  INTERFACES,
  MIN_FEATURE_MM,
  PRINT_DEFAULTS,
  PRINTABILITY,
} from '../standard.js';

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
  /** Bore elevation above horizontal. Default CANNON.elevationDeg (30°). */
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
 * it). Four line widths: the fillet also spreads the root's pull into the root block, which held by the plug
 * is most of what gives besides the arm (issue 27's solid referee: thumb stiffness 0.91 × the arm clamped at
 * its root with two line widths, 0.93 with four; the 10° design then lands 4.7 % short instead of 5.1 %).
 */
const ROOT_FILLET_MM = 4 * PRINT_DEFAULTS.lineWidthMm;

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
// The frame carries the arm's root moment to the plug, in series with the arm: held by its plug, a frame of
// a 3 × 8 mm spine, a 4 mm root block and a 3 mm rail gave as much as the arm itself (issue 27: the thumb's
// stiffness 0.31–0.36 × the arm's, measured on the whole part). So spine, root block and rail are closed
// over the arm into a box by a roof: the root moment bends a section as deep as the box (some 20 mm along X)
// instead of the 3 mm spine.
/** Back wall the plug stands on, along X. */
export const SPINE_MM = 6;
/** The rail that ties the barrel to the root block, along X. */
export const RAIL_MM = 3;
/** Root block's length along the arm. */
export const ROOT_BLOCK_MM = 8;
/**
 * How far the plug stands off the bore's line toward the root block (at most the middle of the frame's
 * length). On the bore's line the frame ran 40 mm one way from the slot, past the bow of a 80 mm sloop
 * (issue 27); the farther off, the more the barrel sways as the arm strikes, throwing the shot aside: held
 * by its plug, 0.33° at 0 mm, 1.22° at 8, 1.54° at 11, 1.36° at 12 and 2.1° at 14.5 (the middle) on the
 * stiffest design (PC for 1.2 m at 15°; the solid referee, test/physics/solid-referee.slow.test.ts, 0.9 mm
 * voxels). 12 mm keeps the shot within 2° of straight and every shipped side slot's cannon within its hull
 * (assembly/cannon-reach), the Industry's turret fired broadside included.
 */
export const PLUG_OFFSET_MAX_MM = 12;
/**
 * The roof over the arm's channel: six 0.2 mm layers, one motion gap over the arm's top. It is a flat bridge
 * from spine to rail; a channel wider than ROOF_BRIDGE_MM gets 45° shoulders at its walls, so the flat
 * stays a bridge a printer spans.
 */
const ROOF_MM = 6 * PRINT_DEFAULTS.layerHeightMm;
/** A millimetre inside the validator's bridge limit (PRINTABILITY.bridgeMm). */
const ROOF_BRIDGE_MM = PRINTABILITY.bridgeMm - 1;
/**
 * Within this of the slot's face the frame stands no taller than the plug: a round fitting's wall can stand
 * out past the flat its slot opens on (the Industry's turret: 1.7 mm above its flat, src/parts/turret.ts).
 */
export const FRAME_SETBACK_MM = 2;
/** The tip block is this much thicker than the arm so it stays rigid. */
const TIP_EXTRA_MM = 2;
/**
 * Pusher width (Y), well under the ball's diameter, and how far its top stands above the resting ball's
 * centre: its upright face meets the ball at its centre height, so a horizontal push drives the ball along
 * the rising bore at u/cos θ (a face below the centre would push with its top corner, more slowly).
 */
export const PUSHER_WIDTH_MM = 3;
const PUSHER_ABOVE_BALL_CENTRE_MM = 1;
/**
 * The pusher's face, along X, at its full height; behind it the pusher's top slopes down to the tip block's
 * top (it carries nothing there, and every gram it moves is taken from the ball: issue 27).
 */
const PUSHER_FACE_MM = 1.5;
/** How far the pusher reaches back into the tip block it stands on. */
const PUSHER_ROOT_MM = 0.5;
/** Pusher length kept inside the barrel at full draw, so the ball cannot drop out behind it. */
const PUSHER_OVERLAP_MM = 1.5;
/** Wall round the bore. */
export const BARREL_WALL_MM = 2;
/** Bore ahead of the ball, as a fraction of the ball's diameter. */
const MUZZLE_FRACTION = 0.75;
/** Thumb pad: width (Y) and least height. The ramp beside it: width (Y); it rises at 45°. */
const PAD_WIDTH_MM = 7;
const PAD_HEIGHT_MM = 10;
const RAMP_WIDTH_MM = 6;
/** How far the pad's top stands over the barrel's rear, for the thumb to draw it back by. */
const THUMB_GRIP_MM = 4;
/**
 * The trough's rim at the barrel's rear face, over the bore's axis, as a fraction of the bore's radius: its
 * walls there still reach past the ball's equator, so a ball rolled back to the pusher stays in the bore.
 */
const TROUGH_RIM_FRACTION = 0.5;
/**
 * The pad is a tube open at the top (it moves with the arm, and every gram it carries is taken from the
 * ball): its back and far walls two line widths, the front the thumb presses and the pusher stands on three,
 * the wall the arm's tip joins 2 mm, a 1 mm floor on the bed. No pocket narrower than MIN_FEATURE_MM.
 */
const PAD_WALL_MM = MIN_FEATURE_MM;
const PAD_FRONT_WALL_MM = 3 * PRINT_DEFAULTS.lineWidthMm;
const PAD_ARM_WALL_MM = 2;
const PAD_FLOOR_MM = 5 * PRINT_DEFAULTS.layerHeightMm;

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
  /**
   * The thumb pad, which is the whole tip block: from the arm's tip on along −Y, behind the barrel's rear,
   * over the pusher's line (so the thumb draws the block where the pusher is, and the block is short), a
   * thumb's grip taller than the rim of the barrel's trough in front of it.
   */
  padY: readonly [number, number];
  /** The pad's pocket (a box, lo and hi corners), or null where the pad is too thin for one. */
  padPocket: { lo: Vec3; hi: Vec3 } | null;
  rampY: readonly [number, number];
  /** The plug's centre along Y (PLUG_OFFSET_MAX_MM): the bore fires beside it. */
  plugY: number;
  /** Top of the thumb pad. */
  padTopZ: number;
  /** The barrel's top at its rear face: behind the ball it is a trough whose rim rises forward at 45°. */
  troughRimZ: number;
  /** The arm's twist axis (its mean mid-height), and where the thumb pushes the pad (the middle of its front above the trough's rim). */
  twistAxisZ: number;
  thumbZ: number;
  /** Top of the frame's box over the arm (spine, roof, rail, root block), and where its roof starts along Y. */
  frameTopZ: number;
  roofStartY: number;
  /**
   * The channel the arm moves in, between the spine and the rail; the roof's underside over it (x, z), from
   * the spine's wall to the rail's, with its 45° shoulders where the channel is wider than a bridge.
   */
  channelX: readonly [number, number];
  roofUnderside: [number, number][];
  /**
   * The pusher's slot through the barrel's rear, in plan (x, y): room for the pusher (its width and a motion
   * gap) wherever it passes over the whole draw. The tip block turns as the arm bends, so the pusher's front
   * swings toward −Y as it comes back: the slot is the pusher's swept outline, widened on that side only.
   */
  slotOutline: [number, number][];
  /** At full draw: the arm tip's deflection (−X), the tip block's turn (rad, clockwise in plan) and how far the pusher's front corner has swung sideways. */
  drawTipDeflectionMm: number;
  drawTurnRad: number;
  pusherSwingMm: number;
  /** The most the pusher may swing: the slot then leaves the barrel's wall MIN_FEATURE_MM beside it. */
  pusherSwingLimitMm: number;
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
  // The pad stands behind the barrel's rear, on the pusher's line.
  const padY = [tipY - PAD_WIDTH_MM, tipY] as const;
  const rampY = [padY[0] - MOTION_GAP_MM - RAMP_WIDTH_MM, padY[0] - MOTION_GAP_MM] as const;
  const blockTopZ = bedZ + o.armWidthMm;
  const channel = [SPINE_MM, barrelRearX] as const;
  const roofZ = blockTopZ + MOTION_GAP_MM;
  const shoulderMm = Math.max(0, (channel[1] - channel[0] - ROOF_BRIDGE_MM) / 2);
  const frameTopZ = roofZ + shoulderMm + ROOF_MM;
  // Behind the ball the barrel is a trough whose rim rises forward at 45° from its rear face: the thumb reaches
  // the pad over it, and the lower the pad, whose top the catch meets, the less the thumb twists the arm. The
  // rim stands no lower than half a motion gap over the box's top, whose rail the barrel's rear stands in: the
  // trough's face then never crosses the box's faces (where a near miss would leave slivers).
  const troughRimZ = Math.max(axisZ(barrelRearX) + TROUGH_RIM_FRACTION * (boreMm / 2), frameTopZ + MOTION_GAP_MM / 2);
  // The ramp starts one deflection below the pad's top and must clear the arm beneath: tall arms and long
  // draws get a taller pad.
  const padTopZ = Math.max(
    bedZ + PAD_HEIGHT_MM,
    bedZ + o.armWidthMm + o.releaseDeflectionMm + MIN_FEATURE_MM,
    troughRimZ + THUMB_GRIP_MM,
  );
  const pocketLo: Vec3 = [armX + PAD_WALL_MM, padY[0] + PAD_WALL_MM, bedZ + PAD_FLOOR_MM];
  const pocketHi: Vec3 = [tipFrontX - PAD_FRONT_WALL_MM, padY[1] - PAD_ARM_WALL_MM, padTopZ + 1];
  const padPocket = pocketHi[0] - pocketLo[0] >= MIN_FEATURE_MM ? { lo: pocketLo, hi: pocketHi } : null;
  // The pusher's top stands above the resting ball's centre, through a slot in the barrel's roof (the bore
  // alone could not house a face that tall: drawn back, a horizontal pusher rises against a rising roof).
  const topZ = Math.max(axisZ(ballX) + PUSHER_ABOVE_BALL_CENTRE_MM, blockTopZ);
  const rearX = tipFrontX - PUSHER_ROOT_MM;
  const pusherOutline: [number, number][] = [
    [rearX, bedZ],
    [pusherFrontX, bedZ],
    [pusherFrontX, topZ],
    [pusherFrontX - PUSHER_FACE_MM, topZ],
    [rearX, blockTopZ],
  ];
  // Heights for the arm's twist (./arm.ts): its axis at its mean mid-height; the thumb on the pad's front where
  // it stands clear over the trough's rim (below, the barrel's rear face is a motion gap in front of it).
  const twistAxisZ = bedZ + (o.armWidthMm + o.armTipWidthMm) / 4;
  const thumbZ = (troughRimZ + padTopZ) / 2;
  const motion = tipMotionPerDraw({
    lengthM: o.armLengthMm,
    rootWidthM: o.armWidthMm,
    tipWidthM: o.armTipWidthMm,
    rigidRootM: rootFilletRigidLengthM(o.armThicknessMm, o.rootFilletMm),
    rootEmbedding: rootEmbedding(o.armThicknessMm, o.armWidthMm),
    thumbPointM: rootY - (padY[0] + padY[1]) / 2,
    drawPointM: rootY - padY[0],
    thicknessM: o.armThicknessMm,
    thumbHeightM: thumbZ - twistAxisZ,
    drawHeightM: padTopZ - twistAxisZ,
  });
  // The block turns with the arm's tip (./arm.ts: the arm's bent shape under the thumb, linear in the draw).
  // Turning by θ about the tip (clockwise in plan), a block point ℓ ahead of the arm's axis and d beyond its
  // tip moves back by the tip's deflection + θ·d and sideways (−Y) by θ·ℓ.
  const drawTurnRad = o.releaseDeflectionMm * motion.turnRad;
  const pusherBackMm = o.releaseDeflectionMm * motion.deflection + drawTurnRad * tipY;
  const armAxisX = armX + o.armThicknessMm / 2;
  const pusherSwingMm = drawTurnRad * (pusherFrontX - armAxisX);
  const halfMm = PUSHER_WIDTH_MM / 2 + MOTION_GAP_MM / 2;
  const slotRearX = barrelRearX - 1;
  // The corner's path is a straight line (both motions grow with the draw); the points of the pusher's front
  // edge behind it sweep parallel lines. The rear end: the pusher's point that reaches it at full draw.
  const slotOutline: [number, number][] = [
    [slotRearX, halfMm],
    [pusherFrontX + MOTION_GAP_MM, halfMm],
    [pusherFrontX + MOTION_GAP_MM, -halfMm],
    [pusherFrontX - pusherBackMm, -halfMm - pusherSwingMm],
    [slotRearX, -halfMm - drawTurnRad * Math.max(0, slotRearX + pusherBackMm - armAxisX)],
  ];
  const roofUnderside: [number, number][] = [
    [channel[0], roofZ],
    [channel[0] + shoulderMm, roofZ + shoulderMm],
    [channel[1] - shoulderMm, roofZ + shoulderMm],
    [channel[1], roofZ],
  ];
  // One motion gap past the pad and past the barrel's side (its bore and the pusher's slot run out through
  // the rail behind it: a roof over them would lose the wall under its edge that makes it a bridge).
  const roofStartY = Math.max(tipY, barrelRadiusMm) + MOTION_GAP_MM;
  const minX = -plug.lengthMm,
    maxX = muzzleX,
    minY = rampY[0],
    maxY = rootY + ROOT_BLOCK_MM;
  const plugY = Math.min((minY + maxY) / 2, PLUG_OFFSET_MAX_MM);
  const offset: Vec3 = [-(minX + maxX) / 2, -(minY + maxY) / 2, -bedZ];
  return {
    o,
    bedZ,
    armX,
    tipFrontX,
    barrelRearX,
    pusherFrontX,
    ballX,
    muzzleX,
    axisZ,
    boreMm,
    barrelRadiusMm,
    tipY,
    rootY,
    padY,
    padPocket,
    rampY,
    plugY,
    padTopZ,
    troughRimZ,
    twistAxisZ,
    thumbZ,
    frameTopZ,
    roofStartY,
    channelX: channel,
    roofUnderside,
    slotOutline,
    drawTipDeflectionMm: o.releaseDeflectionMm * motion.deflection,
    drawTurnRad,
    pusherSwingMm,
    pusherSwingLimitMm: barrelRadiusMm - MIN_FEATURE_MM - halfMm,
    pusherOutline,
    offset,
  };
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
  tipBlock: {
    volumeMm3: number;
    lengthMm: number;
    centroidFromRootMm: number;
    centroidOffsetMm: number;
    polarMomentMm5: number;
    /** Its centroid's height over the arm's twist axis, and ∫r² dV about the axis along the arm through the centroid. */
    centroidHeightMm: number;
    twistMomentMm5: number;
  };
  /** Heights over the arm's twist axis (its mean mid-height): where the thumb pushes, where the catch meets the pad (its top), where the pusher meets the ball (the bore's axis). */
  heightsOverArmAxisMm: { thumb: number; draw: number; pusher: number };
  elevationDeg: number;
  /** The bore's axis where the ball's centre leaves the muzzle, above the slot's centre line. */
  launchHeightAboveSlotCentreMm: number;
  /** How far the ball slides along the bore from where the pusher leaves it (the arm at neutral) to the muzzle. */
  boreAfterReleaseMm: number;
  /** How far the pusher's front swings sideways at full draw, and the most the barrel leaves room for. */
  pusherSwingMm: number;
  pusherSwingLimitMm: number;
}

/**
 * The cannon as printed, from the same layout it is built from (a test holds it to the exported mesh).
 * Options are complete and not range-checked: the solver asks about candidates it has yet to judge,
 * thousands of times a solve.
 */
export function cannonAsPrinted(options: CannonShapeOptions): CannonAsPrinted {
  const L = layout(options);
  const b = L.o.armWidthMm;
  const pad = boxMoments([L.armX, L.padY[0], L.bedZ], [L.tipFrontX, L.padY[1], L.padTopZ]);
  const pocket = L.padPocket
    ? boxMoments(L.padPocket.lo, [L.padPocket.hi[0], L.padPocket.hi[1], L.padTopZ])
    : NO_MOMENTS;
  const half = PUSHER_WIDTH_MM / 2;
  // The pusher's prism ahead of the pad (its root inside the pad's front wall is the pad's): its outline cut
  // at the pad's front, where its sloping top has risen from the rear corner's height.
  const [rearX, rearZ] = L.pusherOutline[4]!;
  const [faceX, topZ] = L.pusherOutline[3]!;
  const cutZ = rearZ + ((topZ - rearZ) * (L.tipFrontX - rearX)) / (faceX - rearX);
  const ahead: [number, number][] = [[L.tipFrontX, L.bedZ], ...L.pusherOutline.slice(1, 4), [L.tipFrontX, cutZ]];
  const pusher = prismXzMoments(ahead, -half, half);
  const tip = addMoments(sumMoments([pad, pusher]), pocket, -1);
  const [cx, cy, cz] = centroidMm(tip);
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
      centroidHeightMm: cz - L.twistAxisZ,
      twistMomentMm5: polarAboutYThroughCentroidMm5(tip),
    },
    heightsOverArmAxisMm: {
      thumb: L.thumbZ - L.twistAxisZ,
      draw: L.padTopZ - L.twistAxisZ,
      pusher: L.axisZ(L.ballX) - L.twistAxisZ,
    },
    elevationDeg: L.o.elevationDeg,
    launchHeightAboveSlotCentreMm: L.axisZ(L.muzzleX),
    // At neutral the ball's centre is at ballX; it leaves the bore when its centre passes the muzzle.
    boreAfterReleaseMm: (L.muzzleX - L.ballX) / Math.cos(t),
    pusherSwingMm: L.pusherSwingMm,
    pusherSwingLimitMm: L.pusherSwingLimitMm,
  };
}
