/**
 * The female half of every mating pair, in one place: each cutter is the hole a male part goes into,
 * sized from the male part's nominal size (standard.ts INTERFACES) by the one clearance rule
 * (`fitHoleMm`/`fitDepthMm`) for its mating class, together with the feature that declares it.
 *
 * A cutter is built with its mouth at the origin, running down −Z, axis +Z. `placeCut` turns and moves
 * it; `cutInto` subtracts a set of cuts from a body and collects their features.
 */
import { box, circleSegments, cylinder, hull3d, polygon, union, type Solid, type Vec3 } from '../geometry/kernel.js';
import { applyDirection, applyPoint, compose, rotation, translation, type Feature, type FeatureKind, type Part } from '../geometry/part.js';
import { BALLAST_WASHER, clearanceMm as gapMm, fitDepthMm, fitHoleMm, INTERFACES, PRINTABILITY, type MatingClass } from '../standard.js';

export interface Cut {
  solid: Solid;
  feature: Feature;
}

/** The cutter rises this far above its mouth so the subtraction leaves no skin. */
const OVERSHOOT_MM = 0.5;

export function roundHole(kind: FeatureKind, id: string, diameterMm: number, depthMm: number, mating: MatingClass): Cut {
  return {
    solid: cylinder(depthMm + OVERSHOOT_MM, diameterMm / 2).translate([0, 0, -depthMm]),
    feature: { id, kind, role: 'hole', positionMm: [0, 0, 0], axis: [0, 0, 1], size: { shape: 'round', diameterMm }, depthMm, mating },
  };
}

/** A rectangular hole, `widthMm` along X and `heightMm` along Y. */
export function rectHole(kind: FeatureKind, id: string, widthMm: number, heightMm: number, depthMm: number, mating: MatingClass): Cut {
  return {
    solid: box([widthMm, heightMm, depthMm + OVERSHOOT_MM], false).translate([-widthMm / 2, -heightMm / 2, -depthMm]),
    feature: {
      id,
      kind,
      role: 'hole',
      positionMm: [0, 0, 0],
      axis: [0, 0, 1],
      size: { shape: 'rect', widthMm, heightMm, widthAxis: [1, 0, 0] },
      depthMm,
      mating,
    },
  };
}

/** Directions a hole can open toward, as the rotation that turns the cutter's +Z axis there. */
export const FACING: Readonly<Record<'up' | 'down' | '+x' | '-x' | '+y' | '-y', Vec3>> = {
  up: [0, 0, 0],
  down: [180, 0, 0],
  '+x': [0, 90, 0],
  '-x': [0, -90, 0],
  '+y': [-90, 0, 0],
  '-y': [90, 0, 0],
};

/** Turns the cut (degrees about X, Y, Z) and then moves its mouth to `positionMm`. */
export function placeCut(cut: Cut, positionMm: Vec3, anglesDeg: Vec3 = [0, 0, 0]): Cut {
  const m = compose(translation(positionMm), rotation(anglesDeg));
  const f = cut.feature;
  const size = f.size.shape === 'round' ? f.size : { ...f.size, widthAxis: applyDirection(m, f.size.widthAxis) };
  return {
    solid: cut.solid.transform(m),
    feature: { ...f, positionMm: applyPoint(m, f.positionMm), axis: applyDirection(m, f.axis), size },
  };
}

/**
 * The same round hole as a flat-roofed teardrop, for a hole that prints lying on its side: above its axis
 * (toward `up`, in the frame the cut is placed in) the circle gives way to two 45° faces, and at one radius
 * above the axis a flat roof (0.83 × the radius across, a short bridge) closes them. Nothing of the circle
 * is taken away, so the fit, measured across it, is the round hole's; the roof rises no higher than the
 * circle, so no wall above it gets thinner. Call on a placed cut, before a depth rewrite.
 */
export function teardrop(cut: Cut, up: Vec3 = [0, 0, 1]): Cut {
  const f = cut.feature;
  if (f.size.shape !== 'round') throw new Error(`teardrop: ${f.id} is not round`);
  const r = f.size.diameterMm / 2;
  const w = f.axis;
  // The hole's own up: `up` made square to its axis; then the side completes a right-handed frame.
  const k = up[0] * w[0] + up[1] * w[1] + up[2] * w[2];
  const raw: Vec3 = [up[0] - k * w[0], up[1] - k * w[1], up[2] - k * w[2]];
  const len = Math.hypot(...raw);
  if (len < 0.5) throw new Error(`teardrop: ${f.id} does not lie on its side`);
  const v: Vec3 = [raw[0] / len, raw[1] / len, raw[2] / len];
  const u: Vec3 = [v[1] * w[2] - v[2] * w[1], v[2] * w[0] - v[0] * w[2], v[0] * w[1] - v[1] * w[0]];
  // One outline, the arc ending exactly on the 45° faces: a circle polygon's chords would leave the faces'
  // corners standing proud of it.
  const n = Math.max(6, Math.ceil((circleSegments(r) * 3) / 4));
  const arc = Array.from({ length: n + 1 }, (_, i): [number, number] => {
    const a = (3 * Math.PI) / 4 + (i * 3 * Math.PI) / (2 * n);
    return [r * Math.cos(a), r * Math.sin(a)];
  });
  const roof = r * (Math.SQRT2 - 1);
  const profile = polygon([...arc, [roof, r], [-roof, r]]);
  const p = f.positionMm;
  const m = [u[0], u[1], u[2], 0, v[0], v[1], v[2], 0, w[0], w[1], w[2], 0, p[0], p[1], p[2], 1];
  return { solid: profile.extrude(f.depthMm + OVERSHOOT_MM).translate([0, 0, -f.depthMm]).transform(m), feature: f };
}

/** Subtracts every cut from the body in one boolean and returns the part with the cuts' features. */
export function cutInto(body: Solid, cuts: readonly Cut[], otherFeatures: readonly Feature[] = []): Part {
  if (cuts.length === 0) return { solid: body, features: [...otherFeatures] };
  return { solid: body.subtract(union(cuts.map((c) => c.solid))), features: [...cuts.map((c) => c.feature), ...otherFeatures] };
}

// ---------------------------------------------------------------------------------------------------------
// The holes of BRIEF §3's mating pairs. `clearanceMm` is the printer's sliding clearance (--clearance).

/** Takes a mast peg: hull mast socket (`mast-socket`) or island flag hole (`flag-hole`). Sliding. */
export function mastSocket(id: string, clearanceMm: number, kind: 'mast-socket' | 'flag-hole' = 'mast-socket'): Cut {
  const p = INTERFACES.mastPeg;
  return roundHole(kind, id, fitHoleMm(p.diameterMm, 'sliding', clearanceMm), fitDepthMm(p.lengthMm, 'sliding', clearanceMm), 'sliding');
}

/** Takes a cargo peg. Square, sliding. */
export function cargoSocket(id: string, clearanceMm: number): Cut {
  const p = INTERFACES.cargoPeg;
  const w = fitHoleMm(p.sideMm, 'sliding', clearanceMm);
  return rectHole('cargo-socket', id, w, w, fitDepthMm(p.lengthMm, 'sliding', clearanceMm), 'sliding');
}

/** Takes the turret's pivot. Round, rotating. */
export function turretSeat(id: string, clearanceMm: number): Cut {
  const p = INTERFACES.turretPivot;
  return roundHole('turret-seat', id, fitHoleMm(p.diameterMm, 'rotating', clearanceMm), fitDepthMm(p.lengthMm, 'rotating', clearanceMm), 'rotating');
}

/** Takes a cannon's square plug: on hulls, turrets and island toppers. Sliding. */
export function cannonSlot(id: string, clearanceMm: number): Cut {
  const p = INTERFACES.cannonPlug;
  const w = fitHoleMm(p.sideMm, 'sliding', clearanceMm);
  return rectHole('cannon-slot', id, w, w, fitDepthMm(p.lengthMm, 'sliding', clearanceMm), 'sliding');
}

/** Takes a coin standing on edge: long side along X, the coin's thickness along Y. Sliding. */
export function coinSlot(id: string, clearanceMm: number): Cut {
  const c = INTERFACES.coin;
  return rectHole(
    'coin-slot',
    id,
    fitHoleMm(c.diameterMm, 'sliding', clearanceMm),
    fitHoleMm(c.thicknessMm, 'sliding', clearanceMm),
    c.slotDepthMm,
    'sliding',
  );
}

/** Outer size of the wheel carriage: the fork gap (wheel width + rotating gaps) plus two cheeks. */
export function carriageOuterMm(clearanceMm: number): { lengthMm: number; widthMm: number; heightMm: number } {
  const c = INTERFACES.carriage;
  return {
    lengthMm: c.lengthMm,
    widthMm: fitHoleMm(INTERFACES.wheel.widthMm, 'rotating', clearanceMm) + 2 * c.cheekMm,
    heightMm: c.heightMm,
  };
}

/**
 * The 45° fill along each long edge of the wheel slot's roof, so the flat left between them is a bridge a
 * printer spans (PRINTABILITY.bridgeMm, with MARGIN_MM to spare): the slot, as wide as the carriage, is
 * over 10 mm. The carriage's top edges are bevelled a line width more (src/parts/carriage.ts), clear of it.
 */
export function wheelSlotRoofChamferMm(clearanceMm: number): number {
  const widthMm = fitHoleMm(carriageOuterMm(clearanceMm).widthMm, 'press', clearanceMm);
  return Math.max(0, (widthMm - PRINTABILITY.bridgeMm) / 2 + MARGIN_MM);
}
/** How far inside the bridge limit the wheel slot's roof stays. */
const MARGIN_MM = 0.1;

/** Takes the wheel carriage from below: length along X. Press fit. Its roof's long edges are filled at 45° (wheelSlotRoofChamferMm). */
export function wheelSlot(id: string, clearanceMm: number): Cut {
  const o = carriageOuterMm(clearanceMm);
  const w = fitHoleMm(o.lengthMm, 'press', clearanceMm), h = fitHoleMm(o.widthMm, 'press', clearanceMm);
  const depthMm = fitDepthMm(o.heightMm, 'press', clearanceMm);
  const c = wheelSlotRoofChamferMm(clearanceMm);
  const hole = rectHole('wheel-slot', id, w, h, depthMm, 'press');
  // Section (y, z) from the overshoot above the mouth to the roof at −depth, its two roof corners cut at 45°.
  const section: [number, number][] = [[-h / 2, OVERSHOOT_MM], [h / 2, OVERSHOOT_MM], [h / 2, -depthMm + c], [h / 2 - c, -depthMm], [c - h / 2, -depthMm], [-h / 2, -depthMm + c]];
  return { ...hole, solid: hull3d([-w / 2, w / 2].flatMap((x) => section.map(([y, z]): Vec3 => [x, y, z]))) };
}

/**
 * How far a ballast pocket's ceiling rises above the washer stack: over the stack the wall and the boss each
 * lean in at 45° by this much, so the flat ring left between them is spanned in one direction, even beside
 * the boss, by a bridge no longer than PRINTABILITY.bridgeMm (with MARGIN_MM to spare). A flat ceiling over the
 * whole ring would need an 18 mm bridge there.
 */
export function ballastCeilingRiseMm(clearanceMm: number): number {
  const { wallMm, bossMm } = ballastRadiiMm(clearanceMm);
  const half = PRINTABILITY.bridgeMm / 2 - MARGIN_MM;
  // (R − h)² − (r + h)² = half²: the chord tangent to the boss's cap spans the bridge.
  return Math.max(0, (wallMm ** 2 - bossMm ** 2 - half ** 2) / (2 * (wallMm + bossMm)));
}

/** The pocket's wall (sliding on the washers' outside) and its boss (press in their hole), radii. */
function ballastRadiiMm(clearanceMm: number): { wallMm: number; bossMm: number } {
  const w = BALLAST_WASHER;
  return { wallMm: fitHoleMm(w.outsideMaxMm, 'sliding', clearanceMm) / 2, bossMm: (w.holeMinMm - 2 * gapMm('press', clearanceMm)) / 2 };
}

/**
 * Takes a stack of `washers` ballast washers (BALLAST_WASHER) lying flat: a round pocket, sliding on the
 * washers' outside and deep enough for the thickest of them, around a boss they press onto by their hole
 * (press class on the hole's smallest size). The boss stands from the pocket's floor to its mouth, so the
 * pocket opens on the bed face; above the stack the wall and the boss lean in at 45° to a flat ring a short
 * bridge spans (ballastCeilingRiseMm): it prints without supports, and the part stays one body. The feature
 * states the stack's depth; the cut rises ballastCeilingRiseMm above it.
 */
export function ballastPocket(id: string, washers: number, clearanceMm: number): Cut {
  const w = BALLAST_WASHER;
  const depthMm = fitDepthMm(washers * w.thicknessMaxMm, 'sliding', clearanceMm);
  const { wallMm: R, bossMm: r } = ballastRadiiMm(clearanceMm);
  const h = ballastCeilingRiseMm(clearanceMm);
  const pocket = roundHole('ballast-pocket', id, 2 * R, depthMm, 'sliding');
  // The wall's lean and the boss's cap, frustums over the stack, each reaching a hair (e) into what it joins.
  const e = 0.01;
  const lean = cylinder(h + e, R - h, R + e, false, circleSegments(R)).translate([0, 0, -depthMm - h]);
  const boss = cylinder(depthMm + 2 * OVERSHOOT_MM, r, r, false, circleSegments(r)).translate([0, 0, -depthMm - OVERSHOOT_MM]);
  const cap = cylinder(h + e, r + h + e, r, false, circleSegments(r)).translate([0, 0, -depthMm - h - e]);
  return {
    solid: pocket.solid.union(lean).subtract(boss.union(cap)),
    feature: { ...pocket.feature, size: { shape: 'round', diameterMm: 2 * R, coreDiameterMm: 2 * r } },
  };
}
