/**
 * Rigadoon's wind die: a fair d8, a regular octahedron whose eight faces carry the compass directions, each
 * engraved with its letters and an arrow pointing from them at one of the face's vertices. Opposite faces
 * carry opposite directions (label i and label i + 4 on parallel faces).
 *
 * Fair: every face's engraving removes the same volume, so the centre of mass stays at the centre. The
 * builder measures with the kernel what each face's letters and arrow remove and adds a round dot, as deep,
 * that makes up the difference to the most; the face that removes most gets the smallest dot that reads as
 * one, so every face carries a dot and none is a tell and none is too small to print. A plane square to
 * each of the six vertices cuts it off, so the die rolls rather than stabs; a plane, not a sphere: the cuts
 * at the vertices on the bed face outward 35° below level, which prints, where a sphere's patch there would
 * overhang up to 70° (PrusaSlicer and print/supports would want support under it).
 *
 * Printed on a face: the three faces that meet it lean 19.5° out from vertical (the octahedron's dihedral
 * angle is 109.5°), within PRINTABILITY.overhangDeg, so it needs no support; the letters on the bed face are
 * open to the bed and bridged over by the layers above.
 */
import {
  box,
  circle,
  circleSegments,
  hull3d,
  polygon,
  rect,
  text,
  withoutSlivers,
  type Profile,
  type Solid,
  type Vec2,
} from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { add, cross, dot, neg, onCircle, unit, type Vec3 } from '../geometry/vec3.js';
import { MIN_FEATURE_MM, PRINT_DEFAULTS } from '../standard.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface WindDieOptions {
  /** Distance between opposite faces (the die's height on the bed). Default 22 mm; 18 to 40 mm. */
  sizeMm: number;
  /** Depth of the letters, arrows and dots. Default 0.6 mm (three layers); two to four layers. */
  engraveDepthMm: number;
  /** Width of the letters' and the arrows' strokes. Default 1.0 mm; at least MIN_FEATURE_MM. */
  strokeMm: number;
  /**
   * Cap height of the letters. Default 0.22 × sizeMm (4.84 mm on the 22 mm die), or the least allowed if that
   * is more. At least 2 × (strokeMm + MIN_FEATURE_MM), so the lands between an E's bars print; at most what
   * lets the widest label and its arrow fit the face, and every face must keep room for its balancing dot.
   */
  labelHeightMm: number;
  /**
   * How far the plane cut square to each vertex reaches into it, along its radius. Default 0.12 × the circumradius
   * (2.29 mm on the 22 mm die); at most a quarter of it.
   */
  edgeRoundMm: number;
  /** The eight faces' directions; label i and label i + 4 go on opposite faces. Default N, NE, E, SE, S, SW, W, NW. */
  labels: string[];
}

/** Centre to vertex of the octahedron whose opposite faces are `sizeMm` apart (inradius × √3). */
const circumradiusMm = (sizeMm: number): number => (sizeMm / 2) * Math.sqrt(3);

/** The least cap height whose E's lands between its bars are MIN_FEATURE_MM wide, so they print. */
const minLabelHeightMm = (strokeMm: number): number => 2 * (strokeMm + MIN_FEATURE_MM);

/** Label height and vertex cut per sizeMm: the defaults scale with the die. */
const LABEL_HEIGHT_PER_SIZE = 0.22;
const EDGE_ROUND_PER_CIRCUMRADIUS = 0.12;

/** The defaults for a die `sizeMm` across its faces (the size-derived ones scale with it). */
function windDieDefaults(sizeMm = 22, strokeMm = 1.0): WindDieOptions {
  return {
    sizeMm,
    engraveDepthMm: 3 * PRINT_DEFAULTS.layerHeightMm,
    strokeMm,
    labelHeightMm: Math.max(LABEL_HEIGHT_PER_SIZE * sizeMm, minLabelHeightMm(strokeMm)),
    edgeRoundMm: EDGE_ROUND_PER_CIRCUMRADIUS * circumradiusMm(sizeMm),
    labels: ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'],
  };
}

export const DEFAULTS: WindDieOptions = windDieDefaults();

/** Engravings keep this much face round them: to the face's edges, and between the letters and the dot. */
const LAND_MM = MIN_FEATURE_MM;
/** Cutters stand this far proud of the face, so no skin is left over them. */
const OVERSHOOT_MM = 0.5;

type Frame = { u: Vec3; v: Vec3; n: Vec3 };

/**
 * Each face's frame, the octahedron's vertices on the axes: n its outward normal, v from its centre toward
 * the vertex its arrow points at, u = v × n (letters read upright along v from outside). Faces 0–3 are the
 * normals with an even number of minus signs, arrows at their vertex on the z axis; face i + 4 is face i
 * turned through the centre, its arrow at the opposite vertex (u kept and v reversed, so it reads unmirrored).
 */
function faceFrames(): Frame[] {
  const half = (
    [
      [1, 1, 1],
      [1, -1, -1],
      [-1, 1, -1],
      [-1, -1, 1],
    ] as const
  ).map(([x, y, z]) => {
    const n = unit([x, y, z]);
    const v = unit([-x, -y, 2 * z]);
    return { u: cross(v, n), v, n };
  });
  return [...half, ...half.map((f) => ({ u: f.u, v: neg(f.v), n: neg(f.n) }))];
}

/**
 * Where engravings may go, in a face's frame (its centre at the origin, its arrow's vertex along +y): the
 * face's triangle shrunk by LAND_MM (inradius `a`, apex at (0, 2a)), inside a circle that clears the vertex
 * cuts by LAND_MM (radius `rc`). Convex, so a shape fits when its corners do.
 */
interface Room {
  a: number;
  rc: number;
}

const COS30 = Math.sqrt(3) / 2;
const EDGE_NORMALS: readonly Vec2[] = [
  [0, -1],
  [COS30, 0.5],
  [-COS30, 0.5],
];
const inRoom = (room: Room, p: Vec2): boolean =>
  EDGE_NORMALS.every((d) => d[0] * p[0] + d[1] * p[1] <= room.a + 1e-9) && Math.hypot(p[0], p[1]) <= room.rc + 1e-9;
const roomProfile = (room: Room): Profile =>
  polygon([
    [0, 2 * room.a],
    [-2 * COS30 * room.a, -room.a],
    [2 * COS30 * room.a, -room.a],
  ]).intersect(circle(room.rc));

/**
 * A face's letters and arrow: the letters' box (its size `box`, the strokes included) stands on the bottom
 * of the room, centred; a stroke above it the arrow starts, a shaft strokeMm wide under a triangular head,
 * and points up at the vertex. The head is 2.5 strokes or 0.6 cap heights wide, whichever is more.
 */
function layout(room: Room, box: Vec2, h: number, s: number) {
  const headW = Math.max(2.5 * s, 0.6 * h),
    headL = 0.75 * headW;
  const textY = -room.a + box[1] / 2;
  const baseY = -room.a + box[1] + s;
  const tipY = baseY + Math.max(h, headL + s);
  const corners: Vec2[] = [
    [-box[0] / 2, -room.a],
    [box[0] / 2, -room.a],
    [-box[0] / 2, -room.a + box[1]],
    [box[0] / 2, -room.a + box[1]],
    [-s / 2, baseY],
    [s / 2, baseY],
    [-headW / 2, tipY - headL],
    [headW / 2, tipY - headL],
    [0, tipY],
  ];
  return { textY, baseY, tipY, headW, headL, corners };
}

/** The largest cap height at which every label (its box per unit cap height, plus the stroke) and its arrow fit the room. */
function maxLabelHeightMm(room: Room, perUnit: readonly Vec2[], s: number): number {
  const fits = (h: number) =>
    perUnit.every((k) => layout(room, [k[0] * h + s, k[1] * h + s], h, s).corners.every((p) => inRoom(room, p)));
  let lo = 0,
    hi = 4 * room.a;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Radius of a `segments`-gon circle (as `circle` makes) whose area is `areaMm2`. */
const polygonRadiusMm = (areaMm2: number, segments: number): number =>
  Math.sqrt((2 * areaMm2) / (segments * Math.sin((2 * Math.PI) / segments)));

/** Up on the bed, in the die's own frame: the die is printed on face 4, whose normal is −(1, 1, 1)/√3. */
const UP: Vec3 = unit([1, 1, 1]);
/**
 * How far from vertical the engraving's cuts may run. A groove's walls are parallel to its cut, so its roof
 * overhangs as far from vertical as the cut runs; a cut square to a side face (which leans 19.5° from
 * vertical) runs 70.5° from vertical and its roofs would want support. Each cut is turned toward the
 * vertical until it is within this (under PRINTABILITY.overhangDeg, 45°), shifting a groove's floor along
 * the face by at most depth × tan 30.5°: 0.35 mm at 0.6 mm.
 */
const CUT_FROM_VERTICAL_DEG = 40;

/** The shear that makes a face's cut (face frame z) run along the direction nearest −n within CUT_FROM_VERTICAL_DEG of vertical. */
function cutShear(f: Frame): readonly number[] {
  const into = neg(f.n);
  const c = dot(into, UP);
  const vertical = c >= 0 ? UP : neg(UP);
  const from = (Math.acos(Math.min(1, Math.abs(c))) * 180) / Math.PI;
  let a = into;
  if (from > CUT_FROM_VERTICAL_DEG) {
    // Turn `into` toward the vertical in the plane they span, to CUT_FROM_VERTICAL_DEG from it.
    const side = unit(add(into, vertical, -Math.abs(c)));
    a = onCircle(vertical, side, (CUT_FROM_VERTICAL_DEG * Math.PI) / 180);
  }
  const [au, av, an] = [f.u, f.v, f.n].map((e) => dot(a, e)) as [number, number, number];
  // A point z along the face's normal (negative inside) moves along the face by z · (au, av) / an.
  return [1, 0, 0, 0, 0, 1, 0, 0, au / an, av / an, 1, 0, 0, 0, 0, 1];
}

/**
 * Builds the wind die resting on a face (the S face with the default labels; N on top), centred on the bed's
 * origin. No features: nothing mates with it.
 */
export function windDie(options?: Partial<WindDieOptions>): Part {
  const o = mergeOptions(
    windDieDefaults(options?.sizeMm ?? DEFAULTS.sizeMm, options?.strokeMm ?? DEFAULTS.strokeMm),
    options,
  );
  const part = 'wind die';
  // Under 18 mm a face that holds "NW" at a printable cap height has no room left for N's balancing dot.
  checkRange(part, 'sizeMm', o.sizeMm, 18, 40);
  const layer = PRINT_DEFAULTS.layerHeightMm;
  checkRange(part, 'engraveDepthMm', o.engraveDepthMm, 2 * layer, 4 * layer);
  checkRange(part, 'strokeMm', o.strokeMm, MIN_FEATURE_MM, 2);
  checkOption(
    part,
    'labels',
    o.labels,
    Array.isArray(o.labels) &&
      o.labels.length === 8 &&
      o.labels.every((l) => typeof l === 'string' && /^[ -~]*[!-~][ -~]*$/.test(l)) &&
      new Set(o.labels).size === 8,
    '8 distinct labels of printable characters, label i and label i + 4 opposite',
  );
  const inradius = o.sizeMm / 2,
    R = circumradiusMm(o.sizeMm);
  // A deeper cut would reach the edges' midpoints, where the faces' incircles touch them.
  checkRange(part, 'edgeRoundMm', o.edgeRoundMm, 0, 0.25 * R);
  // On a face, each vertex's cut is a line (ρ − e·ρ·3/(2R)) from the face's centre (ρ its circumradius).
  const faceCircumradius = R * Math.sqrt(2 / 3);
  const room: Room = {
    a: inradius / Math.SQRT2 - LAND_MM,
    rc: faceCircumradius * (1 - (3 * o.edgeRoundMm) / (2 * R)) - LAND_MM,
  };
  const s = o.strokeMm;
  // Box of each label per unit cap height: the strokes' path scales with the cap height, the stroke does not.
  const REF_MM = 10;
  const perUnit = o.labels.map((l): Vec2 => {
    const b = text(l, REF_MM, s).bounds();
    return [(b.max[0] - b.min[0] - s) / REF_MM, (b.max[1] - b.min[1] - s) / REF_MM];
  });
  const minH = minLabelHeightMm(s),
    maxH = maxLabelHeightMm(room, perUnit, s);
  checkOption(
    part,
    'labelHeightMm',
    o.labelHeightMm,
    minH <= maxH,
    `a cap height of at least ${minH.toFixed(2)} mm, which no face of a ${o.sizeMm} mm die fits with these labels: a larger sizeMm, thinner strokes or shorter labels`,
  );
  checkRange(part, 'labelHeightMm', o.labelHeightMm, minH, maxH);

  const h = o.labelHeightMm,
    depth = o.engraveDepthMm;
  const vertices: Vec3[] = [
    [R, 0, 0],
    [-R, 0, 0],
    [0, R, 0],
    [0, -R, 0],
    [0, 0, R],
    [0, 0, -R],
  ];
  const octahedron = hull3d(vertices);
  const cut = 2 * (R - o.edgeRoundMm);
  const blank = o.edgeRoundMm > 0 ? octahedron.intersect(box([cut, cut, cut])) : octahedron;

  const frames = faceFrames();
  // Places a face's 2D engraving on the face, depth deep (along its cut, cutShear) and OVERSHOOT_MM proud.
  const onFace = (p: Profile, f: Frame): Solid =>
    p
      .extrude(depth + OVERSHOOT_MM)
      .translate([0, 0, -depth])
      .transform(cutShear(f))
      .transform([...f.u, 0, ...f.v, 0, ...f.n, 0, ...f.n.map((c) => c * inradius), 1]);
  const marks = o.labels.map((label) => {
    const glyph = text(label, h, s);
    const b = glyph.bounds();
    const l = layout(room, [b.max[0] - b.min[0], b.max[1] - b.min[1]], h, s);
    const shaft = rect(s, l.tipY - l.headL - l.baseY + 0.01, false).translate(-s / 2, l.baseY);
    const head = polygon([
      [-l.headW / 2, l.tipY - l.headL],
      [l.headW / 2, l.tipY - l.headL],
      [0, l.tipY],
    ]);
    return glyph.translate(0, l.textY).union(shaft, head);
  });
  // What each face's letters and arrow remove, measured; each face's dot makes up the difference to the most
  // plus the smallest dot (two strokes across, so it reads as a dot and not a stray stroke).
  const removed = marks.map((m, i) => blank.intersect(onFace(m, frames[i]!)).volumeMm3());
  const minDotMm2 = Math.PI * s ** 2;
  const targetMm3 = Math.max(...removed) + minDotMm2 * depth;
  const free = roomProfile(room);
  const cutters = marks.map((m, i) => {
    const areaMm2 = (targetMm3 - removed[i]!) / depth;
    const segments = circleSegments(Math.sqrt(areaMm2 / Math.PI));
    const r = polygonRadiusMm(areaMm2, segments);
    // The dot's centre: inside the room by its radius, clear of the marks by a land (and a hair for their
    // facets), as near as it gets to a bottom corner, right on faces 0–3 and left on their opposites, so
    // opposite faces' dots roughly cancel each other's pull off the centre.
    const spots = free
      .offset(-r)
      .subtract(m.offset(r + LAND_MM + 0.01))
      .rings()
      .flat();
    const corner: Vec2 = [(i < 4 ? 2 : -2) * COS30 * room.a, -room.a];
    checkOption(
      part,
      'labelHeightMm',
      h,
      spots.length > 0,
      `a cap height (from ${minH.toFixed(2)} mm) that leaves face "${o.labels[i]}" room for its balancing dot (${(2 * r).toFixed(1)} mm across): a smaller one, thinner strokes or a larger sizeMm`,
    );
    const at = spots.reduce((best, p) =>
      Math.hypot(p[0] - corner[0], p[1] - corner[1]) < Math.hypot(best[0] - corner[0], best[1] - corner[1]) ? p : best,
    );
    return onFace(m.union(circle(r, segments).translate(at[0], at[1])), frames[i]!);
  });
  // Sheared cuts meeting the faces leave slivers that rounding to float would flatten.
  const solid = withoutSlivers(blank.subtract(...cutters));
  // Face 4 (normal −(1, 1, 1)) down: 45° about x, then −atan(1/√2) about y, brings its normal to −z.
  return layOnBed({ solid, features: [] }, [45, (-Math.atan(Math.SQRT1_2) * 180) / Math.PI, 0]);
}
