/**
 * The female half of every mating pair, in one place: each cutter is the hole a male part goes into,
 * sized from the male part's nominal size (standard.ts INTERFACES) by the one clearance rule
 * (`fitHoleMm`/`fitDepthMm`) for its mating class, together with the feature that declares it.
 *
 * A cutter is built with its mouth at the origin, running down −Z, axis +Z. `placeCut` turns and moves
 * it; `cutInto` subtracts a set of cuts from a body and collects their features.
 */
import { box, circleSegments, cylinder, hull3d, polygon, union, type Solid } from '../geometry/kernel.js';
import {
  applyDirection,
  applyPoint,
  compose,
  rotation,
  translation,
  type Feature,
  type FeatureKind,
  type Part,
} from '../geometry/part.js';
import { add, cross, dot, norm, unit, type Vec3 } from '../geometry/vec3.js';
import {
  BALLAST_WASHER,
  fitDepthMm,
  fitHoleMm,
  INTERFACES,
  PRINTABILITY,
  washerBossMm,
  type MatingClass,
} from '../standard.js';

export interface Cut {
  solid: Solid;
  feature: Feature;
}

/** The cutter rises this far above its mouth so the subtraction leaves no skin. */
const OVERSHOOT_MM = 0.5;

export function roundHole(
  kind: FeatureKind,
  id: string,
  diameterMm: number,
  depthMm: number,
  mating: MatingClass,
): Cut {
  return {
    solid: cylinder(depthMm + OVERSHOOT_MM, diameterMm / 2).translate([0, 0, -depthMm]),
    feature: roundHoleFeature(kind, id, diameterMm, depthMm, mating),
  };
}

/** A round hole's feature: its mouth at the origin, running down −Z, axis +Z. */
function roundHoleFeature(
  kind: FeatureKind,
  id: string,
  diameterMm: number,
  depthMm: number,
  mating: MatingClass,
): Feature {
  return {
    id,
    kind,
    role: 'hole',
    positionMm: [0, 0, 0],
    axis: [0, 0, 1],
    size: { shape: 'round', diameterMm },
    depthMm,
    mating,
  };
}

/** A rectangular hole, `widthMm` along X and `heightMm` along Y. */
export function rectHole(
  kind: FeatureKind,
  id: string,
  widthMm: number,
  heightMm: number,
  depthMm: number,
  mating: MatingClass,
): Cut {
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
 *
 * `pointed`: instead, the faces lean PRINTABILITY.undersideDeg from vertical and meet in a ridge (1/sin of
 * that angle radii above the axis), with no roof to bridge, for a hole with room above it: PrusaSlicer 2.5
 * (supports at 45°) supported the flat roof of the carriage's 3.6 mm bearings through their 2 mm cheeks, and
 * 45° faces closing to a 0.3 mm flat, not 40° faces closing to it (test/validate/supports.slow.test.ts has
 * the pointed one).
 */
export function teardrop(cut: Cut, up: Vec3 = [0, 0, 1], pointed = false): Cut {
  const f = cut.feature;
  if (f.size.shape !== 'round') throw new Error(`teardrop: ${f.id} is not round`);
  const r = f.size.diameterMm / 2;
  const w = f.axis;
  // The hole's own up: `up` made square to its axis; then the side completes a right-handed frame.
  const raw = add(up, w, -dot(up, w));
  if (norm(raw) < 0.5) throw new Error(`teardrop: ${f.id} does not lie on its side`);
  const v = unit(raw);
  const u = cross(v, w);
  const roof = r * (Math.SQRT2 - 1);
  const profile = pointed
    ? polygon([...teardropArc(r, PRINTABILITY.undersideDeg), [0, r / Math.sin(PRINTABILITY.undersideDeg * RAD)]])
    : polygon([...teardropArc(r), [roof, r], [-roof, r]]);
  const p = f.positionMm;
  const m = [u[0], u[1], u[2], 0, v[0], v[1], v[2], 0, w[0], w[1], w[2], 0, p[0], p[1], p[2], 1];
  return {
    solid: profile
      .extrude(f.depthMm + OVERSHOOT_MM)
      .translate([0, 0, -f.depthMm])
      .transform(m),
    feature: f,
  };
}

/**
 * A teardrop's round part, radius `radiusMm` about the origin: the circle from 180° − `sideDeg` down round
 * the bottom to `sideDeg`, its ends exactly where the faces above it, leaning `sideDeg` from vertical,
 * start (a circle polygon's chords would leave the faces' corners standing proud of it). The roof that
 * closes it is the caller's.
 */
export function teardropArc(radiusMm: number, sideDeg = 45): [number, number][] {
  const sweep = Math.PI + 2 * sideDeg * RAD;
  const n = Math.max(
    6,
    Math.ceil(sideDeg === 45 ? (circleSegments(radiusMm) * 3) / 4 : (circleSegments(radiusMm) * sweep) / (2 * Math.PI)),
  );
  return Array.from({ length: n + 1 }, (_, i): [number, number] => {
    // At 45° in the arithmetic it always had, so the parts built with it keep their bytes.
    const a =
      sideDeg === 45 ? (3 * Math.PI) / 4 + (i * 3 * Math.PI) / (2 * n) : Math.PI - sideDeg * RAD + (i * sweep) / n;
    return [radiusMm * Math.cos(a), radiusMm * Math.sin(a)];
  });
}
const RAD = Math.PI / 180;

/**
 * The flat boss round a side slot's mouth (PRINTABILITY.portBoss), added to the body before the slot is cut
 * so the mouth opens on its flat face: across the slot's width and `marginMm` beyond each side, its face on
 * the mouth's plane from `lintelMm` under the slot's floor to as far over its roof; from there its top and underside run
 * back `inMm` into the body at PRINTABILITY.undersideDeg (the underside then prints without support, the
 * top faces up). `slot` is the placed slot's feature, its axis level and out of the side; `inMm` reaches
 * past the side's innermost point behind the face; `overRoofMm` (default PRINTABILITY.portBoss.lintelMm) is
 * how far the face reaches over the roof.
 */
export function portBoss(slot: Feature, inMm: number, overRoofMm = PRINTABILITY.portBoss.lintelMm): Solid {
  if (slot.size.shape !== 'rect') throw new Error(`portBoss: ${slot.id} is not a square slot`);
  const { marginMm, lintelMm } = PRINTABILITY.portBoss;
  // Across the slot level (u) and up (v), whichever of its sides the feature calls its width.
  const w = unit(slot.axis),
    u = unit(cross([0, 0, 1], w)),
    v = cross(w, u);
  const upright = Math.abs(slot.size.widthAxis[2]) > 0.5;
  const hu = (upright ? slot.size.heightMm : slot.size.widthMm) / 2 + marginMm,
    hv = (upright ? slot.size.widthMm : slot.size.heightMm) / 2;
  const slope = inMm / Math.tan((PRINTABILITY.undersideDeg * Math.PI) / 180);
  const at = (s: number, x: number, t: number): Vec3 => add(add(add(slot.positionMm, w, s), u, x), v, t);
  const section: [number, number][] = [
    [0, -hv - lintelMm],
    [0, hv + overRoofMm],
    [-inMm, hv + overRoofMm + slope],
    [-inMm, -hv - lintelMm - slope],
  ];
  return hull3d([-hu, hu].flatMap((x) => section.map(([s, t]) => at(s, x, t))));
}

/** Subtracts every cut from the body in one boolean and returns the part with the cuts' features. */
export function cutInto(body: Solid, cuts: readonly Cut[], otherFeatures: readonly Feature[] = []): Part {
  if (cuts.length === 0) return { solid: body, features: [...otherFeatures] };
  return {
    solid: body.subtract(union(cuts.map((c) => c.solid))),
    features: [...cuts.map((c) => c.feature), ...otherFeatures],
  };
}

// ---------------------------------------------------------------------------------------------------------
// The holes of BRIEF §3's mating pairs. `clearanceMm` is the printer's sliding clearance (--clearance).

/** Takes a mast peg: hull mast socket (`mast-socket`) or island flag hole (`flag-hole`). Sliding. */
export function mastSocket(id: string, clearanceMm: number, kind: 'mast-socket' | 'flag-hole' = 'mast-socket'): Cut {
  const p = INTERFACES.mastPeg;
  return roundHole(
    kind,
    id,
    fitHoleMm(p.diameterMm, 'sliding', clearanceMm),
    fitDepthMm(p.lengthMm, 'sliding', clearanceMm),
    'sliding',
  );
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
  return roundHole(
    'turret-seat',
    id,
    fitHoleMm(p.diameterMm, 'rotating', clearanceMm),
    fitDepthMm(p.lengthMm, 'rotating', clearanceMm),
    'rotating',
  );
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
  const w = fitHoleMm(o.lengthMm, 'press', clearanceMm),
    h = fitHoleMm(o.widthMm, 'press', clearanceMm);
  const depthMm = fitDepthMm(o.heightMm, 'press', clearanceMm);
  const c = wheelSlotRoofChamferMm(clearanceMm);
  const hole = rectHole('wheel-slot', id, w, h, depthMm, 'press');
  // Section (y, z) from the overshoot above the mouth to the roof at −depth, its two roof corners cut at 45°.
  const section: [number, number][] = [
    [-h / 2, OVERSHOOT_MM],
    [h / 2, OVERSHOOT_MM],
    [h / 2, -depthMm + c],
    [h / 2 - c, -depthMm],
    [c - h / 2, -depthMm],
    [-h / 2, -depthMm + c],
  ];
  return { ...hole, solid: hull3d([-w / 2, w / 2].flatMap((x) => section.map(([y, z]): Vec3 => [x, y, z]))) };
}

/**
 * How far a ballast pocket's ceiling rises above the washer stack: over the stack the wall and the boss each
 * lean in at PRINTABILITY.undersideDeg from vertical (PrusaSlicer supports such a ring leaning 45° at 0.16 mm
 * layers, test/validate/supports.slow.test.ts), so the flat ring left between them is spanned in one
 * direction, even beside the boss, by a bridge no longer than PRINTABILITY.bridgeMm (with MARGIN_MM to
 * spare). A flat ceiling over the whole ring would need an 18 mm bridge there.
 */
export function ballastCeilingRiseMm(clearanceMm: number): number {
  const { wallMm, bossMm } = ballastRadiiMm(clearanceMm);
  const half = PRINTABILITY.bridgeMm / 2 - MARGIN_MM;
  // (R − h·t)² − (r + h·t)² = half², t the lean's run per rise: the chord tangent to the boss's cap spans the bridge.
  return Math.max(0, (wallMm ** 2 - bossMm ** 2 - half ** 2) / (2 * BALLAST_LEAN * (wallMm + bossMm)));
}
/** How far the pocket's ceiling leans in per millimetre it rises: tan PRINTABILITY.undersideDeg. */
const BALLAST_LEAN = Math.tan((PRINTABILITY.undersideDeg * Math.PI) / 180);

/** The pocket's wall (sliding on the washers' outside) and its boss (pressed into their hole, washerBossMm), radii. */
function ballastRadiiMm(clearanceMm: number): { wallMm: number; bossMm: number } {
  return {
    wallMm: fitHoleMm(BALLAST_WASHER.outsideMaxMm, 'sliding', clearanceMm) / 2,
    bossMm: washerBossMm(clearanceMm) / 2,
  };
}

/**
 * Takes a stack of `washers` ballast washers (BALLAST_WASHER) lying flat: a round pocket, sliding on the
 * washers' outside and deep enough for the thickest of them, around a boss they press onto by their hole
 * (washerBossMm: larger than the largest hole ISO 7089 allows, so every washer grips, WASHER_GRIP_MM). The
 * boss stands from the pocket's floor to its mouth, so a pocket opening on the bed face prints; above the
 * stack the wall and the boss lean in (PRINTABILITY.undersideDeg) to a flat ring a short bridge spans (ballastCeilingRiseMm): it
 * prints without supports, and the part stays one body. The feature states the stack's depth; the cut rises
 * ballastCeilingRiseMm above it.
 */
export function ballastPocket(id: string, washers: number, clearanceMm: number): Cut {
  const w = BALLAST_WASHER;
  const depthMm = fitDepthMm(washers * w.thicknessMaxMm, 'sliding', clearanceMm);
  const { wallMm: R, bossMm: r } = ballastRadiiMm(clearanceMm);
  const h = ballastCeilingRiseMm(clearanceMm);
  // The pocket with the wall's lean over the stack, and the boss with its cap, each lean reaching a hair (e)
  // into what it joins: each one section revolved with its circle's facets (as the cylinders' were: their
  // unions without a 3D boolean), so the cut takes one boolean, not three.
  const e = 0.01;
  const t = BALLAST_LEAN;
  const z0 = -depthMm;
  const outside = polygon([
    [0, z0],
    [R, z0],
    [R, OVERSHOOT_MM],
    [0, OVERSHOOT_MM],
  ])
    .union(
      polygon([
        [0, z0 - h],
        [R - h * t, z0 - h],
        [R, z0 + e],
        [0, z0 + e],
      ]),
    )
    .revolve(360, circleSegments(R));
  // The boss, across its facets' flats at its size, runs past the cut's overshoot at both ends, so no face of it lies on one of the pocket's.
  const n = circleSegments(r);
  const bossMm = r / Math.cos(Math.PI / n);
  const core = polygon([
    [0, z0 - OVERSHOOT_MM],
    [bossMm, z0 - OVERSHOOT_MM],
    [bossMm, 2 * OVERSHOOT_MM],
    [0, 2 * OVERSHOOT_MM],
  ])
    .union(
      polygon([
        [0, z0 - h - e],
        [r + (h + e) * t, z0 - h - e],
        [r, z0],
        [0, z0],
      ]),
    )
    .revolve(360, n);
  return {
    solid: outside.subtract(core),
    feature: {
      ...roundHoleFeature('ballast-pocket', id, 2 * R, depthMm, 'sliding'),
      size: { shape: 'round', diameterMm: 2 * R, coreDiameterMm: 2 * r },
    },
  };
}
