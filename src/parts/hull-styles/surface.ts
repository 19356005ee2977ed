/**
 * A hull's surface detail (issue 16), as cutters taken from the lofted body before anything is added to it:
 * plank strakes and wale lines (`planks`), ashlar courses and joints (`stone`), an armour belt with plate
 * seams (`iron`, whose rivets are added, not cut), deck planks or flagstones, and a sunk frame round every
 * cannon slot. Every size comes from standard.ts DETAIL (the print settings), and every cutter keeps
 * DETAIL.featureMarginMm from each declared feature, so the validator probes the same surfaces as before.
 *
 * Frame: the hull's (x along the keel, + bow; y to port; z up; deck at model.hull.heightMm).
 */
import type { FactionModel } from '../../faction/types.js';
import {
  hull3d,
  polygon,
  rect,
  sweep,
  type BoundsMm,
  type Profile,
  type Solid,
  type Vec2,
  type Vec3,
} from '../../geometry/kernel.js';
import { add, sub } from '../../geometry/vec3.js';
import { DETAIL, grooveRoofRiseMm as roofRiseMm, HULL, UNDERSIDE_RUN_PER_MM } from '../../standard.js';
import type { Level, Outline, StyleDef } from './styles.js';

/** What the detail needs to know of a hull being built. */
export interface HullContext {
  model: FactionModel;
  style: StyleDef;
  outline: Outline;
  /** The body's loft levels, bottom to top, with a solid bulwark's top when the style has one. */
  levels: readonly Level[];
  /** The level at the deck. */
  deck: Level;
  /** Every declared feature's box (sockets, slots, pockets) and the side a cannon slot opens on. */
  features: readonly {
    box: BoundsMm;
    place: 'deck' | 'bottom' | 'side';
    facing?: 'port' | 'starboard' | 'bow' | 'stern';
  }[];
  /** Raised deck x ranges (castles, prow posts): no deck detail there. */
  blocked: readonly [number, number][];
  /** Width inside the deck outline taken by a bulwark or a rail. */
  gunwaleMm: number;
}

/** A point on an outside face given in the face's own terms: u along it, z up, w out of it (0 on the face). */
export type FaceMap = (uMm: number, zMm: number, wMm: number) => Vec3;

const D = DETAIL;
/** Cutters reach this far out of the face, so no face of the cut lies on the body's. */
const OUT_MM = 1;
/** The sweep of a side groove turns an outline corner this far either side of it. */
const CORNER_MM = 0.05;
/** A corner of the outline turning more than this is kept by two points (a chord across it would cut it). */
const SHARP_DEG = 1;
/** Side grooves stop this far forward of the transom. */
const STERN_STOP_MM = 0.6;
/** Courses (and the armour belt) keep this far inside the upright band's foot and head: a groove's height. */
const BAND_MARGIN_MM = DETAIL.sideGrooveHeightMm;

/** The side of the hull at x, port (+1) or starboard (−1), as a face map (u = x). */
function sideFace(outline: Outline, sign: 1 | -1): FaceMap {
  return (u, z, w) => [u, sign * (outline.halfAt(u) + w), z];
}

/** An end face (the bow's or stern's flat) at x = `xMm`, facing `dir` (+1 bow, −1 stern), u across (+ port). */
function endFace(xMm: number, dir: 1 | -1): FaceMap {
  return (u, z, w) => [xMm + dir * w, u, z];
}

/**
 * A rectangular recess sunk `depthMm` into a face over u0..u1, z0..z1, its roof sloping back out at
 * PRINTABILITY.grooveRoofDeg (so a window or a frame's top bar needs no support).
 */
export function recess(face: FaceMap, u0: number, u1: number, z0: number, z1: number, depthMm: number): Solid {
  // The roof's line runs from its back, down at z1 − rise, through the mouth's top edge and on out.
  const rise = Math.min(z1 - z0 - 1e-3, roofRiseMm(depthMm));
  const back = z1 - rise,
    out = z1 + (rise * OUT_MM) / depthMm;
  return hull3d([
    face(u0, z0, -depthMm),
    face(u1, z0, -depthMm),
    face(u0, back, -depthMm),
    face(u1, back, -depthMm),
    face(u0, z0, OUT_MM),
    face(u1, z0, OUT_MM),
    face(u0, out, OUT_MM),
    face(u1, out, OUT_MM),
  ]);
}

/**
 * A rivet head standing DETAIL.reliefMm proud of a surface `surfaceW` out from a face at (u, z): a wedge
 * whose underside rises at PRINTABILITY.undersideDeg and whose foot reaches into the wall, so it fuses and
 * prints without support.
 */
function rivet(face: FaceMap, u: number, z: number, surfaceW: number): Solid {
  const r = D.reliefMm,
    foot = 0.3,
    half = 0.6,
    tall = 0.9;
  const w0 = surfaceW - foot,
    w1 = surfaceW + r;
  const under = (r + foot) / UNDERSIDE_RUN_PER_MM;
  return hull3d([
    ...[-half, half].flatMap((du) => [face(u + du, z - tall, w0), face(u + du, z + tall, w0)]),
    ...[-half / 2, half / 2].flatMap((du) => [face(u + du, z - tall + under, w1), face(u + du, z + tall - 0.25, w1)]),
  ]);
}

/** The z range over which the hull's sides stand upright at the deck outline's full width, or null. */
function uprightBand(levels: readonly Level[]): { z0: number; z1: number } | null {
  const full = (l: Level): boolean => l.sy > 1 - 1e-6 && l.sternInsetMm < 1e-6;
  let i = levels.length - 1;
  while (i >= 0 && !full(levels[i]!)) i--;
  if (i < 0) return null;
  let j = i;
  while (j > 0 && full(levels[j - 1]!)) j--;
  return j === i ? null : { z0: levels[j]!.zMm, z1: levels[i]!.zMm };
}

/** The largest bow inset of the levels that bound z0..z1: the stem is at least this far aft over that range. */
function bowInsetMm(levels: readonly Level[], z0: number, z1: number): number {
  let inset = 0;
  for (let i = 0; i < levels.length; i++) {
    const below = levels[i]!.zMm <= z0 && (levels[i + 1]?.zMm ?? Infinity) > z0;
    if (
      below ||
      (levels[i]!.zMm > z0 && levels[i]!.zMm < z1) ||
      (levels[i]!.zMm >= z1 && (levels[i - 1]?.zMm ?? -Infinity) < z1)
    )
      inset = Math.max(inset, levels[i]!.bowInsetMm);
  }
  return inset;
}

/**
 * A groove along each upright side at z0..z0+heightMm, sunk `depthMm`, its roof sloping back out: swept
 * from the transom to where the raked stem begins. The sweep's points lie halfway along the outline's runs
 * and, at a corner sharper than SHARP_DEG, CORNER_MM either side of it: never on the body's own edges, so
 * the boolean meets no edge exactly (an edge on an edge leaves zero-area triangles in the exported mesh),
 * and the chords cut no corner by more than a few micrometres.
 */
function girdles(
  ctx: HullContext,
  z0: number,
  heightMm: number,
  depthMm: number,
  keepOut: readonly BoundsMm[],
): Solid[] {
  const o = ctx.outline;
  const x1 = o.bowXMm - bowInsetMm(ctx.levels, z0, z0 + heightMm) - 0.5;
  // Both ends stop inside the side, short of the transom's corner: a groove run out past a corner leaves
  // zero-area triangles along the corner's edge.
  const x0 = o.sternXMm + STERN_STOP_MM;
  // A point halfway along each run of the outline, and two either side of a corner that turns sharply.
  const turnDeg = (i: number): number => {
    const a = Math.atan2(o.halves[i]! - o.halves[i - 1]!, o.xs[i]! - o.xs[i - 1]!),
      b = Math.atan2(o.halves[i + 1]! - o.halves[i]!, o.xs[i + 1]! - o.xs[i]!);
    return (Math.abs(b - a) * 180) / Math.PI;
  };
  const inner = o.xs.flatMap((x, i) => [
    ...(i > 0 && i < o.xs.length - 1 && turnDeg(i) > SHARP_DEG ? [x - CORNER_MM, x + CORNER_MM] : []),
    ...(i < o.xs.length - 1 ? [(x + o.xs[i + 1]!) / 2] : []),
  ]);
  const z1 = z0 + heightMm;
  const profile: Vec2[] = [
    [-depthMm, z0],
    [OUT_MM, z0],
    [OUT_MM, z1 + 0.01],
    [0.05, z1 + 0.01],
    [-depthMm, z1 - Math.min(heightMm, roofRiseMm(depthMm))],
  ];
  const out: Solid[] = [];
  for (const sign of [1, -1] as const) {
    // The runs of this side between the keep-outs it meets, each swept on its own.
    const blocked = keepOut
      .filter((b) => meets(ctx, b, sign, z0, z1, depthMm))
      .map((b): [number, number] => [b.min[0], b.max[0]]);
    for (const [a, b] of openRuns(x0, x1, blocked)) {
      const path = [a, ...inner.filter((x) => x > a && x < b), b].map((x): Vec2 => [x, sign * o.halfAt(x)]);
      // Port runs forward (its left is outboard); starboard runs aft.
      out.push(sweep(sign > 0 ? path : path.reverse(), profile));
    }
  }
  return out;
}

/** Whether a keep-out box reaches the groove band z0..z1 sunk depthMm into one side (+1 port, −1 starboard). */
function meets(ctx: HullContext, b: BoundsMm, sign: 1 | -1, z0: number, z1: number, depthMm: number): boolean {
  if (b.max[2] < z0 || b.min[2] > z1) return false;
  const o = ctx.outline;
  const inside =
    Math.min(
      ...[b.min[0], (b.min[0] + b.max[0]) / 2, b.max[0]].map((x) =>
        o.halfAt(Math.max(o.sternXMm, Math.min(o.bowXMm, x))),
      ),
    ) -
    depthMm -
    0.05;
  return sign > 0 ? b.max[1] >= inside : b.min[1] <= -inside;
}

/** The parts of x0..x1 outside every blocked interval, each longer than a millimetre. */
function openRuns(x0: number, x1: number, blocked: readonly [number, number][]): [number, number][] {
  const runs: [number, number][] = [];
  let from = x0;
  for (const [a, b] of [...blocked].sort((p, q) => p[0] - q[0])) {
    if (a > from) runs.push([from, Math.min(a, x1)]);
    from = Math.max(from, b);
  }
  if (from < x1) runs.push([from, x1]);
  return runs.filter(([a, b]) => b - a > 1);
}

/** Where the upright side is straight enough (its run across under 1 in 4) for a joint or a rivet at x. */
function straight(outline: Outline, xMm: number): boolean {
  return Math.abs(outline.halfAt(xMm + 1) - outline.halfAt(xMm - 1)) < 0.5;
}

/** Courses of grooves up the upright band, from its foot, and the joints or seams between them. */
function sideCuts(ctx: HullContext, keepOut: readonly BoundsMm[]): Solid[] {
  const band = uprightBand(ctx.levels);
  const { surface } = ctx.model.look;
  if (!band || surface === 'plain') return [];
  const h = D.sideGrooveHeightMm,
    d = D.sideGrooveDepthMm;
  const lo = band.z0 + BAND_MARGIN_MM,
    hi = band.z1 - BAND_MARGIN_MM;
  const zs: number[] = [];
  const o = ctx.outline;
  const joints: Solid[] = [];
  // A joint up one side at x over za..zb, unless a keep-out reaches it.
  const joint = (sign: 1 | -1, x: number, za: number, zb: number, depthMm: number): void => {
    const w = D.sideJointWidthMm / 2;
    if (keepOut.some((b) => b.min[0] <= x + w && b.max[0] >= x - w && meets(ctx, b, sign, za, zb, depthMm))) return;
    joints.push(recess(sideFace(o, sign), x - w, x + w, za, zb, depthMm));
  };
  if (surface === 'planks') {
    for (let z = lo; z + h <= hi; z += D.plankPitchMm) zs.push(z);
    // The wale: a second line a groove's height above the topmost strake's, a heavy strake under the deck.
    const top = zs[zs.length - 1];
    if (top !== undefined && top + 2 * h + h <= hi) zs.push(top + 2 * h);
  } else if (surface === 'stone') {
    const courses: number[] = [];
    for (let z = lo; z + h <= hi; z += D.stoneCourseMm) courses.push(z);
    zs.push(...courses);
    // Ashlar: a joint up each course between two grooves, every block, staggered by half a block.
    courses.forEach((z, k) => {
      const top = courses[k + 1] ?? hi;
      for (
        let x = o.sternXMm + (k % 2 ? D.stoneBlockMm / 2 : D.stoneBlockMm);
        x < o.bowXMm - D.stoneBlockMm / 2;
        x += D.stoneBlockMm
      ) {
        if (!straight(o, x)) continue;
        for (const s of [1, -1] as const) joint(s, x, z + h - 0.01, top + 0.01, d);
      }
    });
  } else if (surface === 'iron') {
    // An armour belt: a panel sunk so its rivets stand no prouder than the side (the hull keeps its stated
    // beam), its head and foot the belt's lines, plate seams sunk deeper across it.
    const belt = beltMm(band);
    const p = D.reliefMm + IRON_CLEAR_MM;
    joints.push(...girdles(ctx, belt.z0, belt.z1 - belt.z0, p, keepOut));
    for (let x = o.sternXMm + D.ironPlateMm; x < o.bowXMm - D.ironPlateMm / 2; x += D.ironPlateMm) {
      if (!straight(o, x)) continue;
      for (const s of [1, -1] as const) joint(s, x, belt.z0 - 0.01, belt.z1 - roofRiseMm(p) + 0.01, p + d);
    }
  }
  return [...zs.flatMap((z) => girdles(ctx, z, h, d, keepOut)), ...joints];
}

/** The iron surface's armour belt: the upright band less BAND_MARGIN_MM at its foot and head. */
function beltMm(band: { z0: number; z1: number }): { z0: number; z1: number } {
  return { z0: band.z0 + BAND_MARGIN_MM, z1: band.z1 - BAND_MARGIN_MM };
}
/** A rivet's head stops this far inside the side. */
const IRON_CLEAR_MM = 0.05;

/** The iron surface's rivets: a row just inside the belt's head and foot, between the plate seams, clear of the keep-outs. */
function rivets(ctx: HullContext, keepOut: readonly BoundsMm[]): Solid[] {
  const band = uprightBand(ctx.levels);
  if (!band || ctx.model.look.surface !== 'iron') return [];
  const o = ctx.outline,
    belt = beltMm(band);
  const surfaceW = -(D.reliefMm + IRON_CLEAR_MM);
  const rows = [belt.z0 + 1.2, belt.z1 - roofRiseMm(-surfaceW) - 1.2];
  const out: Solid[] = [];
  for (let x = o.sternXMm + D.rivetPitchMm; x < o.bowXMm - D.rivetPitchMm; x += D.rivetPitchMm) {
    const k = (x - o.sternXMm) % D.ironPlateMm;
    if (!straight(o, x) || k < 1 || k > D.ironPlateMm - 1) continue;
    for (const s of [1, -1] as const)
      if (
        !keepOut.some(
          (b) => b.min[0] <= x + 1 && b.max[0] >= x - 1 && meets(ctx, b, s, rows[0]! - 1, rows[1]! + 1, -surfaceW),
        )
      )
        for (const z of rows) out.push(rivet(sideFace(o, s), x, z, surfaceW));
  }
  return out;
}

/** A sunk frame round each hull cannon slot's mouth: a groove DETAIL.featureMarginMm outside the slot. */
function portFrames(ctx: HullContext): Solid[] {
  const out: Solid[] = [];
  const o = ctx.outline;
  const d = D.sideGrooveDepthMm,
    g = D.featureMarginMm,
    wv = D.sideJointWidthMm,
    wh = D.sideGrooveHeightMm;
  for (const f of ctx.features) {
    if (f.place !== 'side' || !f.facing) continue;
    const { min, max } = f.box;
    const side = f.facing === 'port' || f.facing === 'starboard';
    const face = side
      ? sideFace(o, f.facing === 'port' ? 1 : -1)
      : endFace(f.facing === 'bow' ? max[0] : min[0], f.facing === 'bow' ? 1 : -1);
    const [u0, u1] = side ? [min[0] - g, max[0] + g] : [min[1] - g, max[1] + g];
    const z0 = min[2] - g,
      z1 = max[2] + g;
    out.push(
      recess(face, u0 - wv, u1 + wv, z1, z1 + wh, d),
      recess(face, u0 - wv, u1 + wv, z0 - wh, z0, d),
      recess(face, u0 - wv, u0, z0 - 0.01, z1 + 0.01, d),
      recess(face, u1, u1 + wv, z0 - 0.01, z1 + 0.01, d),
    );
  }
  return out;
}

/** Deck planks (along the keel), flagstones (a grid) or plate seams (across), clear of features, castles and the gunwale. */
function deckCuts(ctx: HullContext): Solid[] {
  const { surface } = ctx.model.look;
  if (surface === 'plain') return [];
  const o = ctx.outline,
    H = ctx.model.hull.heightMm;
  const w = D.topGrooveWidthMm,
    depth = D.topGrooveDepthMm,
    m = D.featureMarginMm;
  const L = o.bowXMm - o.sternXMm,
    B = ctx.model.hull.beamMm;
  let field = polygon(o.levelPoints(ctx.deck)).offset(-(ctx.gunwaleMm + HULL.minWallMm));
  const keepOut = [
    ...ctx.blocked.map(([a, b]) => rect(b - a + 2 * m, 2 * B, false).translate(a - m, -B)),
    ...ctx.features
      .filter((f) => f.place === 'deck')
      .map((f) =>
        rect(f.box.max[0] - f.box.min[0] + 2 * m, f.box.max[1] - f.box.min[1] + 2 * m, false).translate(
          f.box.min[0] - m,
          f.box.min[1] - m,
        ),
      ),
  ];
  if (keepOut.length) field = field.subtract(...keepOut);
  const lines: Profile[] = [];
  const along = (pitch: number): void => {
    for (let y = pitch / 2; y < B / 2; y += pitch)
      for (const s of [1, -1]) lines.push(rect(L, w).translate(o.sternXMm + L / 2, s * y));
  };
  const across = (pitch: number, x0 = o.sternXMm + pitch): void => {
    for (let x = x0; x < o.bowXMm; x += pitch) lines.push(rect(w, B).translate(x, 0));
  };
  if (surface === 'planks') along(D.deckPlankPitchMm);
  else if (surface === 'stone') {
    along(D.stoneCourseMm);
    across(D.stoneBlockMm);
  } else {
    lines.push(rect(L, w).translate(o.sternXMm + L / 2, 0));
    across(D.ironPlateMm);
  }
  const grooves = field.intersect(lines[0]!.union(...lines.slice(1)));
  if (grooves.areaMm2() < 1e-6) return [];
  return [grooves.extrude(depth + OUT_MM).translate([0, 0, H - depth])];
}

/**
 * The faction's surface: what is cut from the lofted body (side courses and joints split round a keep-out
 * about each feature, port frames, deck lines) and what stands on it (the iron surface's rivets). A `plain`
 * surface keeps only the port frames.
 */
export function surfaceDetail(ctx: HullContext): { cuts: Solid[]; adds: Solid[] } {
  const m = D.featureMarginMm;
  const grow = (f: { box: BoundsMm }, g: Vec3): BoundsMm => ({ min: sub(f.box.min, g), max: add(f.box.max, g) });
  const keepOut: BoundsMm[] = ctx.features.map((f) => {
    if (f.place !== 'side') return grow(f, [m, m, m]);
    // A side slot's frame and the wall round it stay plain: nothing else is cut within the frame.
    const g = m + Math.max(D.sideJointWidthMm, D.sideGrooveHeightMm) + 0.5;
    const side = f.facing === 'port' || f.facing === 'starboard';
    return grow(f, [side ? g : 3, side ? 3 : g, g]);
  });
  // Castles and prow posts stand on the deck flush with the sides: no course climbs into their footing.
  const H = ctx.model.hull.heightMm,
    B = ctx.model.hull.beamMm;
  for (const [a, b] of ctx.blocked) keepOut.push({ min: [a - m, -2 * B, H - 2 * m], max: [b + m, 2 * B, H + 2 * B] });
  return { cuts: [...sideCuts(ctx, keepOut), ...portFrames(ctx), ...deckCuts(ctx)], adds: rivets(ctx, keepOut) };
}
