/**
 * Cannon: plugs into any cannon slot with its square plug and fires an 8 mm ball from its bore with a
 * flexing printed arm.
 *
 * How it works (plan view, firing along +X, plug behind at −X, midway along the frame beside the bore):
 * the arm is a cantilever running along Y behind the bore's breech, in a channel of the frame. Its tip carries the thumb pad, a hollow block standing
 * behind the barrel on the bore's line, with a pusher that reaches through a slot in the breech (below and
 * above the bore), its upright face against the ball at the ball's centre height. Behind the ball the barrel
 * is a trough, so the thumb reaches the pad's front over its rim and draws the pad back (−X); beside the pad
 * a fixed ramp (the release catch) rises under the thumb, and when the pad's edge beside it has come back by
 * `releaseDeflectionMm` its crest reaches the pad's top edge (the tooth), so the thumb rides over the tooth
 * and lets go at the same draw every shot. The arm springs forward, the pusher drives the ball up the bore,
 * and the barrel's rear face stops the pad just past neutral, where the ball leaves the pusher.
 *
 * The frame is a ring round all that moves, so that held by its plug it barely gives (issue 27): spine, roof
 * over the arm's channel, rail and root block cut from one box, and a tie from the ramp to the barrel's side.
 * The layout (src/physics/cannon-layout.ts) places all of this; the spring solver reads the same layout
 * through `cannonAsPrinted`.
 *
 * Print orientation (BRIEF §3) is the way it is used: everything stands on the bed, the arm's long axis
 * (Y) lies in the bed plane and it bends in XY, so its bending strain runs along the roads; its
 * thickness (X) is a whole number of line widths and its width is its height (Z).
 */
import { box, cylinder, hull3d, polygon, union, type Solid, type Vec3 } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { sub } from '../geometry/vec3.js';
import {
  BARREL_WALL_MM,
  DEFAULTS,
  FRAME_SETBACK_MM,
  layout,
  MOTION_GAP_MM,
  PUSHER_WIDTH_MM,
  RAIL_MM,
  ROOT_BLOCK_MM,
  SPINE_MM,
  type CannonOptions,
  type Layout,
} from '../physics/cannon-layout.js';
import { CANNON, CANNON_LIMITS, CLEARANCE_RANGE_MM, INTERFACES, MIN_FEATURE_MM, PRINT_DEFAULTS } from '../standard.js';
import { chamferFitsAtBed } from './chamfer.js';
import { teardropArc } from './cutters.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export { DEFAULTS, type CannonOptions } from '../physics/cannon-layout.js';

function validate(options?: Partial<CannonOptions>): CannonOptions {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('cannon', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  const lw = PRINT_DEFAULTS.lineWidthMm;
  checkRange(
    'cannon',
    'armThicknessMm',
    o.armThicknessMm,
    CANNON_LIMITS.armThicknessLines.min * lw,
    CANNON_LIMITS.armThicknessLines.max * lw,
  );
  const lines = Math.round(o.armThicknessMm / lw);
  checkOption(
    'cannon',
    'armThicknessMm',
    o.armThicknessMm,
    Math.abs(o.armThicknessMm - lines * lw) <= 1e-6,
    `a whole number of ${lw} mm line widths (nearest: ${(lines * lw).toFixed(2)} mm), because the arm's thickness is printed as side-by-side lines`,
  );
  checkRange('cannon', 'armLengthMm', o.armLengthMm, CANNON.armLengthRangeMm.min, CANNON.armLengthRangeMm.max);
  checkRange('cannon', 'armWidthMm', o.armWidthMm, 3, 12);
  // A taper stops where the section would be flatter than CANNON.armMinAspect (a uniform arm is exempt).
  const narrowestTipMm = Math.min(
    o.armWidthMm,
    Math.max(CANNON.armTipWidthMinMm, CANNON.armMinAspect * o.armThicknessMm),
  );
  checkOption(
    'cannon',
    'armTipWidthMm',
    o.armTipWidthMm,
    o.armTipWidthMm >= narrowestTipMm - 1e-9 && o.armTipWidthMm <= o.armWidthMm,
    `a number from ${+narrowestTipMm.toFixed(3)} to ${o.armWidthMm} mm: at least ${CANNON.armTipWidthMinMm} mm and ${CANNON.armMinAspect} × the arm's thickness, so it bends in the bed plane`,
  );
  checkRange(
    'cannon',
    'releaseDeflectionMm',
    o.releaseDeflectionMm,
    CANNON_LIMITS.releaseDeflectionMinMm,
    CANNON_LIMITS.releaseDeflectionMaxRatio * o.armLengthMm,
  );
  checkRange('cannon', 'elevationDeg', o.elevationDeg, 0, CANNON_LIMITS.elevationMaxDeg, 'deg');
  // From the game's 8 mm up: a smaller ball would drop into the pusher's slot under the breech.
  checkRange(
    'cannon',
    'ballDiameterMm',
    o.ballDiameterMm,
    INTERFACES.cannonball.diameterMm,
    CANNON_LIMITS.ballDiameterMaxMm,
  );
  checkRange('cannon', 'rootFilletMm', o.rootFilletMm, 0, 2);
  checkRange('cannon', 'bedChamferMm', o.bedChamferMm, 0, 0.4);
  // The tip block turns as the arm bends, and the pusher's slot widens with its swing (cannon-layout.ts).
  const L = layout(o);
  checkOption(
    'cannon',
    'releaseDeflectionMm',
    o.releaseDeflectionMm,
    L.pusherSwingMm <= L.pusherSwingLimitMm,
    `a draw that turns the tip block little enough: at ${o.releaseDeflectionMm} mm the pusher's front swings ${L.pusherSwingMm.toFixed(2)} mm sideways and the barrel leaves room for ${L.pusherSwingLimitMm.toFixed(2)} mm (a shorter draw, a longer arm)`,
  );
  return o;
}

function span(lo: Vec3, hi: Vec3): Solid {
  return box(sub(hi, lo), false).translate(lo);
}

/** A cylinder of `radiusMm` along the bore axis, from x0 to x1 (measured along X). */
function alongBore(L: Layout, radiusMm: number, x0: number, x1: number): Solid {
  const t = (L.o.elevationDeg * Math.PI) / 180;
  const len = (x1 - x0) / Math.cos(t);
  return cylinder(len, radiusMm)
    .rotate([0, 90 - L.o.elevationDeg, 0])
    .translate([x0, 0, L.axisZ(x0)]);
}

/**
 * The bore as a teardrop: round below, its roof two 45° faces meeting √2 × the radius above the axis in the
 * vertical plane through it, so it prints without support (a flat cut under the point would overhang as
 * much as the bore rises) while the ball rolls on the round part. From x0 to x1 along X, like alongBore.
 */
function boreTeardrop(L: Layout, x0: number, x1: number): Solid {
  const t = (L.o.elevationDeg * Math.PI) / 180;
  const r = L.boreMm / 2;
  // Drawn with its point at +y, then turned a quarter (x, y) → (−y, x): tilted like alongBore's cylinder,
  // the profile's −x is the bore's own up (square to its axis, in the vertical plane).
  const outline: [number, number][] = [...teardropArc(r), [0, r * Math.SQRT2]];
  const profile = polygon(outline.map(([x, y]): [number, number] => [-y, x]));
  const len = (x1 - x0) / Math.cos(t);
  return profile
    .extrude(len)
    .rotate([0, 90 - L.o.elevationDeg, 0])
    .translate([x0, 0, L.axisZ(x0)]);
}

/** What the trough behind the ball takes off the barrel: above its rim, from the rear face to the slot's end. */
function trough(L: Layout, ridgeMm: number): Solid {
  const x0 = L.barrelRearX - 1,
    x1 = L.pusherFrontX + MOTION_GAP_MM;
  const y = L.barrelRadiusMm + 1;
  const top = L.axisZ(x1) + ridgeMm * 2;
  const rim = (x: number): number => L.troughRimZ + (x - L.barrelRearX);
  return hull3d(
    [x0, x1].flatMap((x): Vec3[] => [
      [x, -y, rim(x)],
      [x, y, rim(x)],
      [x, -y, top],
      [x, y, top],
    ]),
  );
}

/**
 * What makes the part read as a gun on its carriage (issue 27), all on the fixed barrel and its keel, clear of
 * the arm's load path and of everything that moves: a muzzle swell and a reinforce ring round the barrel, each
 * as proud as three lines and following its outline (round, and pointed over the bore's roof), their undersides
 * chamfered steeper than the overhang limit back into the keel's sides; and a truck wheel a side on the keel at
 * each end of the barrel, a disc whose lower half is a 45° point (a teardrop) so it prints standing.
 */
export const TRIM = {
  /** How far a ring stands proud of the barrel: three lines, enough to catch the light. */
  ringProudMm: 3 * PRINT_DEFAULTS.lineWidthMm,
  /** A ring's length along the bore (ours, for looks: about a quarter of the bore, as a swell is). */
  ringLengthMm: 2.4,
  /**
   * A truck's radius (ours): the largest that fits two trucks a side, 1 mm apart, between the box and the
   * muzzle of the default barrel (a shorter barrel gets one a side, midway).
   */
  truckRadiusMm: 2.8,
  /** A truck's width beside the keel: two lines. */
  truckWidthMm: MIN_FEATURE_MM,
  /** Space kept between trim and the box, the muzzle's face and the other truck. */
  gapMm: 1,
  /**
   * How far below the axis a ring's chamfer reaches the keel's side, over how far it stands proud: 1.5 keeps
   * its underside steeper than the 45° overhang limit at every elevation (at 0° it is 56° from level).
   */
  chamferDropRatio: 1.5,
} as const;

function barrelTrim(L: Layout, ridgeMm: number): Solid[] {
  const t = (L.o.elevationDeg * Math.PI) / 180;
  const R = L.barrelRadiusMm;
  const p = TRIM.ringProudMm;
  const up: Vec3 = [-Math.sin(t), 0, Math.cos(t)];
  const ring = (xa: number, xb: number): Solid => {
    const ends = [xa - 1, xb + 1];
    return hull3d([
      // The upper half of a cylinder round the bore, `p` wider than the barrel.
      alongBore(L, R + p, ends[0]!, ends[1]!).trimByPlane(up, up[0] * ends[0]! + up[2] * L.axisZ(ends[0]!)),
      ...ends.flatMap((x): Vec3[] => [
        // Its ridge, over the barrel's, and its chamfer down into the keel's sides.
        [x - (ridgeMm + p) * Math.sin(t), 0, L.axisZ(x) + (ridgeMm + p) * Math.cos(t)],
        [x, -R, L.axisZ(x) - TRIM.chamferDropRatio * p],
        [x, R, L.axisZ(x) - TRIM.chamferDropRatio * p],
      ]),
    ])
      .trimByPlane([1, 0, 0], xa)
      .trimByPlane([-1, 0, 0], -xb);
  };
  const truckProfile = polygon(
    [...teardropArc(TRIM.truckRadiusMm), [0, TRIM.truckRadiusMm * Math.SQRT2] as [number, number]].map(
      ([x, y]): [number, number] => [x, -y],
    ),
  );
  const truck = (x: number, side: 1 | -1): Solid =>
    truckProfile
      .extrude(TRIM.truckWidthMm)
      .rotate([90, 0, 0])
      .translate([x, side > 0 ? R + TRIM.truckWidthMm : -R, L.bedZ + TRIM.truckRadiusMm])
      .trimByPlane([0, 0, 1], L.bedZ);
  // Ahead of the trough (which the rings would fill) and of the box beside the barrel's rear.
  const troughEndX = L.pusherFrontX + MOTION_GAP_MM;
  const muzzleRing = ring(L.muzzleX - TRIM.ringLengthMm, L.muzzleX);
  const midX = (troughEndX + L.muzzleX - TRIM.ringLengthMm) / 2;
  const rings =
    L.muzzleX - TRIM.ringLengthMm - troughEndX >= 2 * (TRIM.ringLengthMm + TRIM.gapMm)
      ? [muzzleRing, ring(midX - TRIM.ringLengthMm / 2, midX + TRIM.ringLengthMm / 2)]
      : [muzzleRing];
  const r = TRIM.truckRadiusMm;
  const rearX = L.channelX[1] + RAIL_MM + TRIM.gapMm + r;
  const frontX = L.muzzleX - TRIM.gapMm - r;
  const at = frontX - rearX >= 2 * r + TRIM.gapMm ? [rearX, frontX] : [(rearX + frontX) / 2];
  return [...rings, ...at.flatMap((x) => [truck(x, 1), truck(x, -1)])];
}

interface Pieces {
  /** Plug, the box round the arm (spine, roof, rail, root block), barrel, catch ramp and tie, with the bore, the trough and the pusher's slot cut. */
  frame: Solid;
  /** The flex arm, from its root on the root block to the tip block. */
  arm: Solid;
  /** What the arm carries and moves: tip block, thumb pad, pusher. */
  tip: Solid;
}

/** The cannon's pieces in its build frame; they touch only where the arm meets the root block and the tip. */
function pieces(L: Layout): Pieces {
  const { o, bedZ } = L;
  const plug = INTERFACES.cannonPlug;
  const s = plug.sideMm;
  const b = o.armWidthMm;
  const { padTopZ } = L;
  const frameMaxY = L.rootY + ROOT_BLOCK_MM;

  // Fixed frame: plug, the box (spine, roof, rail, root block), barrel, catch ramp and tie.
  const t = (o.elevationDeg * Math.PI) / 180;
  const ridge = (L.boreMm / 2) * Math.SQRT2 + BARREL_WALL_MM;
  const barrelOuter = hull3d([
    alongBore(L, L.barrelRadiusMm, L.barrelRearX - 5, L.muzzleX + 5),
    // Its footprint on the bed: the hull then stands the barrel on a solid keel that prints without support.
    ...[L.barrelRearX - 5, L.muzzleX + 5].flatMap((x): Vec3[] => [
      [x, -L.barrelRadiusMm, bedZ],
      [x, L.barrelRadiusMm, bedZ],
      // A ridge over the bore's pointed roof, so the wall above its point is as thick as round it.
      [x - ridge * Math.sin(t), 0, L.axisZ(x) + ridge * Math.cos(t)],
    ]),
  ])
    .trimByPlane([1, 0, 0], L.barrelRearX)
    .trimByPlane([-1, 0, 0], -L.muzzleX)
    // A steep bore drops the barrel's rear below the bed plane: cut it there, or the print leaves the bed.
    .trimByPlane([0, 0, 1], bedZ)
    // The trough behind the ball (Layout.troughRimZ): its rim rises at 45° from the rear face to the pusher
    // slot's end, then the barrel stands at its full height (a scarf cut on to the muzzle would leave the wall
    // beside the bore's pointed roof a feather edge).
    .subtract(trough(L, ridge));
  // Above the plug's top it stands back from the slot's face like the box (FRAME_SETBACK_MM). Ahead of it the
  // tie runs on to the barrel's side, beyond the pad, a wall lower than the ramp's foot (or no higher than the
  // box), so the frame is a ring round the moving assembly (spine, ramp, tie, barrel, rail, box) and the barrel
  // is held from both sides.
  const tieTopZ = Math.min(L.frameTopZ, padTopZ - o.releaseDeflectionMm - MIN_FEATURE_MM);
  const rampProfile = polygon([
    [0, bedZ],
    [L.tipFrontX, bedZ],
    [L.tipFrontX, padTopZ - o.releaseDeflectionMm],
    [L.tipFrontX - o.releaseDeflectionMm, padTopZ],
    [FRAME_SETBACK_MM, padTopZ],
    [FRAME_SETBACK_MM, bedZ + s],
    [0, bedZ + s],
  ]);
  // The ramp is drawn in XY and stood up: X stays, Y becomes Z, the extrusion runs along −Y.
  const ramp = rampProfile
    .extrude(L.rampY[1] - L.rampY[0])
    .rotate([90, 0, 0])
    .translate([0, L.rampY[1], 0]);
  // The root fillets, as tall as the arm where they end (the arm tapers from its root).
  const r = o.rootFilletMm;
  const filletTopZ = bedZ + b + ((o.armTipWidthMm - b) * r) / o.armLengthMm;
  const fillet = (cornerX: number, side: 1 | -1): Solid =>
    span(
      [Math.min(cornerX, cornerX + side * r), L.rootY - r, bedZ],
      [Math.max(cornerX, cornerX + side * r), L.rootY, filletTopZ],
    ).subtract(cylinder(filletTopZ - bedZ + 2, r).translate([cornerX + side * r, L.rootY - r, bedZ - 1]));
  // The box over the arm: spine, roof, rail and root block, one block as tall as the roof's top from the
  // plug's side to the root block's end, with the arm's channel taken out of it (walls cut from one block
  // leave no seams where separate boxes' coplanar faces would meet). Over the arm the channel is a tunnel
  // under the roof; before the roof starts it is open, for the tip block, pusher and pad. Below the plug the
  // spine carries on at the plug's height to the catch's ramp, and near the slot's face the box stands no
  // taller than the plug (FRAME_SETBACK_MM).
  const topZ = L.frameTopZ;
  const [x0, x1] = L.channelX;
  const tunnel = hull3d(
    [L.roofStartY - 1, L.rootY].flatMap((y): Vec3[] => [
      [x0, y, bedZ - 1],
      [x1, y, bedZ - 1],
      ...L.roofUnderside.map(([x, z]): Vec3 => [x, y, z]),
    ]),
  );
  const box = span([0, -s / 2, bedZ], [x1 + RAIL_MM, frameMaxY, topZ]).subtract(
    union([
      tunnel,
      span([x0, -s / 2 - 1, bedZ - 1], [x1, L.roofStartY, topZ + 1]),
      // (a step lower than a wall would be a sliver, and the turret's flat reaches that high)
      ...(topZ - (bedZ + s) >= MIN_FEATURE_MM
        ? [span([-1, -s / 2 - 1, bedZ + s], [FRAME_SETBACK_MM, frameMaxY + 1, topZ + 1])]
        : []),
    ]),
  );
  const frame = union([
    span([-plug.lengthMm, L.plugY - s / 2, bedZ], [0, L.plugY + s / 2, bedZ + s]),
    ...(r > 0 ? [fillet(L.armX, -1), fillet(L.armX + o.armThicknessMm, 1)] : []),
    span([0, L.rampY[0], bedZ], [SPINE_MM, -s / 2, bedZ + s]),
    box,
    barrelOuter,
    ...barrelTrim(L, ridge),
    ramp,
    // (from inside the ramp, with exact corners: an extrusion turned upright misses the barrel's by an ulp)
    span([L.tipFrontX - MOTION_GAP_MM, L.rampY[0], bedZ], [x1 + RAIL_MM, L.rampY[1], tieTopZ]),
  ]);
  // The bore runs out through the rear face; below and above it, a slot lets the pusher travel, with
  // overtravel ahead and room for its swing as the block turns (Layout.slotOutline). Printed in place round
  // the pusher, so it gets the motion gap (a printer's fit clearance could fuse); the slot stays narrower
  // than the ball, which rides on its edges and cannot leave through the roof.
  const slotEndX = L.pusherFrontX + MOTION_GAP_MM;
  // Up through the barrel's ridge (over the teardrop's point) and the rail, so no ceiling is left over the pusher.
  const slotTopZ = Math.max(L.axisZ(slotEndX) + ridge, topZ) + 1;
  const cut = union([
    // From the channel (a bore cut reaching further back would cut the spine: short arms bring it near).
    boreTeardrop(L, L.barrelRearX - MOTION_GAP_MM, L.muzzleX + 5),
    hull3d(
      L.slotOutline.flatMap(([x, y]): Vec3[] => [
        [x, y, bedZ - 1],
        [x, y, slotTopZ],
      ]),
    ),
  ]);

  // Moving assembly: arm, tip block, pusher, thumb pad. The boxes abut exactly (an overlap would leave a
  // sliver where their coplanar faces meet); the pusher's sloped outline starts inside the tip block.
  // Its side outline (Y, Z) is a trapezoid, tall at the root and o.armTipWidthMm at the tip.
  const arm = hull3d(
    [L.armX, L.armX + o.armThicknessMm].flatMap((x): Vec3[] => [
      [x, L.tipY, bedZ],
      [x, L.rootY, bedZ],
      [x, L.rootY, bedZ + b],
      [x, L.tipY, bedZ + o.armTipWidthMm],
    ]),
  );
  const pad = span([L.armX, L.padY[0], bedZ], [L.tipFrontX, L.padY[1], padTopZ]);
  const tip = union([
    L.padPocket ? pad.subtract(span(L.padPocket.lo, L.padPocket.hi)) : pad,
    polygon(L.pusherOutline)
      .extrude(PUSHER_WIDTH_MM)
      .rotate([90, 0, 0])
      .translate([0, PUSHER_WIDTH_MM / 2, 0]),
  ]);
  return { frame: frame.subtract(cut), arm, tip };
}

/**
 * The cannon's pieces where the exported cannon has them (frame, arm, tip), so tests can check the print-in-
 * place gaps and the tip's mass: the cannon is their union.
 */
export function cannonPieces(options?: Partial<CannonOptions>): Pieces {
  const L = layout(validate(options));
  const p = pieces(L);
  return { frame: p.frame.translate(L.offset), arm: p.arm.translate(L.offset), tip: p.tip.translate(L.offset) };
}

/** Builds the cannon in print orientation. Features: `cannon-plug` (peg), `bore` (hole). */
export function cannon(options?: Partial<CannonOptions>): Part {
  const o = validate(options);
  const L = layout(o);
  const plug = INTERFACES.cannonPlug;
  const s = plug.sideMm;
  const p = pieces(L);
  const solid = union([p.frame, p.arm, p.tip]);

  const muzzleZ = L.axisZ(L.muzzleX);
  const t = (o.elevationDeg * Math.PI) / 180;
  const part = layOnBed({
    solid,
    features: [
      {
        id: 'cannon-plug',
        kind: 'cannon-plug',
        role: 'peg',
        positionMm: [0, L.plugY, 0],
        axis: [-1, 0, 0],
        size: {
          shape: 'rect',
          widthMm: s,
          heightMm: s,
          widthAxis: [0, 1, 0],
          ...(o.bedChamferMm > 0 ? { cornerChamferMm: o.bedChamferMm } : {}),
        },
        depthMm: plug.lengthMm,
        mating: 'sliding',
      },
      {
        id: 'bore',
        kind: 'bore',
        role: 'hole',
        positionMm: [L.muzzleX, 0, muzzleZ],
        axis: [Math.cos(t), 0, Math.sin(t)],
        size: { shape: 'round', diameterMm: L.boreMm },
        // The round part of the bore: from the muzzle back to the end of the pusher's slot.
        depthMm: (L.muzzleX - (L.pusherFrontX + MOTION_GAP_MM + 0.5)) / Math.cos(t),
        mating: 'rotating',
      },
    ],
  });
  return chamferFitsAtBed(part, o.bedChamferMm);
}

/**
 * The flex arm in the exported frame (for the validator): centres of its root and tip sections (mid-
 * thickness, at half the root's width), the axis it bends about, and its section and free length.
 */
export function cannonArmGeometry(options?: Partial<CannonOptions>): {
  rootMm: Vec3;
  tipMm: Vec3;
  bendAxis: Vec3;
  thicknessMm: number;
  /** The arm's width (height on the bed) at its root and at its tip. */
  widthMm: number;
  tipWidthMm: number;
  lengthMm: number;
  /** How far the thumb pad is drawn back before the catch lets go. */
  releaseDeflectionMm: number;
  /** Inside the thumb pad's front wall: its centre along the arm, halfway up. */
  padMm: Vec3;
  /** Inside the pusher, just ahead of the tip block, on its centre line. */
  pusherMm: Vec3;
} {
  const L = layout(validate(options));
  const [ox, oy, oz] = L.offset;
  const x = L.armX + L.o.armThicknessMm / 2 + ox;
  // Half the tip's width up: inside the arm all along its taper.
  const z = L.bedZ + L.o.armTipWidthMm / 2 + oz;
  // In the pad's front wall (solid across the pad's whole width, its pocket behind it), halfway up.
  const padX = (L.padPocket ? (L.padPocket.hi[0] + L.tipFrontX) / 2 : (L.armX + L.tipFrontX) / 2) + ox;
  return {
    rootMm: [x, L.rootY + oy, z],
    tipMm: [x, L.tipY + oy, z],
    bendAxis: [0, 0, 1],
    thicknessMm: L.o.armThicknessMm,
    widthMm: L.o.armWidthMm,
    tipWidthMm: L.o.armTipWidthMm,
    lengthMm: L.o.armLengthMm,
    releaseDeflectionMm: L.o.releaseDeflectionMm,
    padMm: [padX, (L.padY[0] + L.padY[1]) / 2 + oy, (L.bedZ + L.padTopZ) / 2 + oz],
    pusherMm: [L.tipFrontX + MOTION_GAP_MM / 2 + ox, oy, L.bedZ + 1 + oz],
  };
}
