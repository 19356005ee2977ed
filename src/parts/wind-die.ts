/**
 * Rigadoon's wind die: a fair d8, a regular octahedron whose eight faces carry the compass directions, each
 * engraved with its letters and an arrow pointing from them at one of the face's vertices. Opposite faces
 * carry opposite directions (label i and label i + 4 on parallel faces).
 *
 * Fair: every face's engraving removes the same volume, so the centre of mass stays at the centre. The
 * builder measures with the kernel what each face's letters and arrow remove and adds a round dot that makes
 * up the difference to the most; the face that removes most gets the smallest dot that reads as one, so
 * every face carries a dot and none is a tell and none is too small to print. A plane square to
 * each of the six vertices cuts it off, so the die rolls rather than stabs; a plane, not a sphere: the cuts
 * at the vertices on the bed face outward 35° below level, which prints, where a sphere's patch there would
 * overhang up to 70° (PrusaSlicer and print/supports would want support under it).
 *
 * Printed on a face: the three faces that meet it lean 19.5° out from vertical (the octahedron's dihedral
 * angle is 109.5°), within PRINTABILITY.overhangDeg; the letters on the bed face are open to the bed and
 * bridged over by the layers above. A groove cut into a face that leans out has a roof, and a roof cut
 * square, sheared or vertical starts at the face as a sliver with nothing under it, which PrusaSlicer
 * supports (9 m of support road on the 22 mm die): there every groove is a V whose roof is a chamfer
 * running down into the die at 40° from vertical (roofDirection), so every layer stands on the one below.
 * The V's remove a third to a half of a straight cut, so those faces' dots are deep wedges of the same
 * section, and the other faces are cut shallower than engraveDepthMm where the wedges cannot make up the rest
 * (0.53 mm on the 22 mm die).
 */
import {
  box,
  circle,
  circleSegments,
  hull3d,
  polygon,
  rect,
  text,
  textStrokes,
  union,
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
  /** Distance between opposite faces (the die's height on the bed). Default 22 mm; 20 to 40 mm. */
  sizeMm: number;
  /**
   * Depth of the letters, arrows and dots, cut straight. Default 0.6 mm (three layers); two to four layers.
   * The faces that lean out over the bed are engraved with V's instead, and the others shallower where those
   * cannot balance them (never under two layers).
   */
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
 * How far from vertical the engraving's walls may run (under PRINTABILITY.overhangDeg, 45°). A groove's walls
 * are parallel to its cut, so its roof overhangs as far from vertical as the cut runs; a cut square to a side
 * face (which leans 19.5° from vertical) runs 70.5° from vertical and its roofs would want support. Each cut
 * is turned toward the vertical until it is within this, shifting a groove's floor along the face by at most
 * depth × tan 30.5°: 0.35 mm at 0.6 mm.
 */
const CUT_FROM_VERTICAL_DEG = 40;

/** The faces that lean out over the bed (faces 1–3, normals 19.5° below level), whose grooves' roofs hang over them. */
const leansOut = (f: Frame): boolean => dot(f.n, UP) < 0 && dot(f.n, UP) > -0.5;

/** The direction of a face's cut: the nearest to −n within CUT_FROM_VERTICAL_DEG of vertical, up or down. */
function cutDirection(f: Frame): Vec3 {
  const into = neg(f.n);
  const c = dot(into, UP);
  const vertical = c >= 0 ? UP : neg(UP);
  const from = (Math.acos(Math.min(1, Math.abs(c))) * 180) / Math.PI;
  if (from <= CUT_FROM_VERTICAL_DEG) return into;
  // Turn `into` toward the vertical in the plane they span, to CUT_FROM_VERTICAL_DEG from it.
  const side = unit(add(into, vertical, -Math.abs(c)));
  return onCircle(vertical, side, (CUT_FROM_VERTICAL_DEG * Math.PI) / 180);
}

/**
 * On a face that leans out, the cut above runs inward and up, so a groove's roof starts at the face as a
 * sliver with nothing under it, which PrusaSlicer supports. The roof is instead cut along this direction,
 * inward and down at CUT_FROM_VERTICAL_DEG from straight down: it grows out of the material under it, a 40°
 * chamfer from the groove's upper edge to its floor (a 1 mm stroke across the slope is a V 0.31 mm deep).
 */
function roofDirection(f: Frame): Vec3 {
  const inward = unit(add(neg(f.n), UP, dot(f.n, UP)));
  return onCircle(neg(UP), inward, (CUT_FROM_VERTICAL_DEG * Math.PI) / 180);
}

/** The shear that makes a face's extrusion (face frame z, negative inside) run along `a`, a direction into it. */
function shearAlong(f: Frame, a: Vec3): readonly number[] {
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
  // Under 20 mm the faces that lean out, whose chamfered grooves remove least, have no room for the dots
  // that would balance the others' (at the least cap height that prints, cut 2 layers deep).
  checkRange(part, 'sizeMm', o.sizeMm, 20, 40);
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
  // Places a 2D piece on a face, d deep along `a` (a direction into the face) and OVERSHOOT_MM proud.
  const place = (p: Profile, f: Frame, a: Vec3, d: number): Solid =>
    p
      .extrude(d + OVERSHOOT_MM)
      .translate([0, 0, -d])
      .transform(shearAlong(f, a))
      .transform([...f.u, 0, ...f.v, 0, ...f.n, 0, ...f.n.map((c) => c * inradius), 1]);
  // A face's engraving, its convex pieces cut along the face's cut, d deep; on a face that leans out each
  // piece's roof is chamfered (roofDirection): one piece at a time, since the two cuts of a union would meet
  // under the lands between its pieces. There the roof reaches the floor within 0.31 × a piece's height
  // along the slope (its walls' angles to the face being 59.5° and 20.5°), so a piece is wholly within its
  // mouth however deep its floor.
  const engrave = (pieces: readonly Profile[], f: Frame, d = depth): Solid => {
    const along = cutDirection(f);
    if (!leansOut(f)) return place(pieces[0]!.union(...pieces.slice(1)), f, along, d);
    const roof = roofDirection(f);
    return union(pieces.map((p) => place(p, f, along, d).intersect(place(p, f, roof, 2 * d))));
  };
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
    const pieces = [...textStrokes(label, h, s).map((p) => p.translate(0, l.textY)), shaft, head];
    return { pieces, outline: glyph.translate(0, l.textY).union(shaft, head) };
  });
  // Balance: every face removes the same volume, its letters' and arrow's (measured) and a dot's that makes up
  // the difference, the face that removes most getting the smallest dot that reads as one (two strokes
  // across). On a face that leans out the grooves are chamfered V's (a third to a half of a straight cut's
  // volume) and so is its dot: a wedge under its mouth whose floor is never reached (its depth under a
  // chord L is 0.31 L), the largest that fits the face bounding what it can make up. The faces cut straight
  // are cut shallower than engraveDepthMm where that bound asks it.
  const free = roomProfile(room);
  const minDotMm2 = Math.PI * s ** 2;
  // Where a dot of radius r may centre on face i: inside the room by r, clear of the marks by a land (and a
  // hair for their facets).
  const spots = (i: number, r: number): Vec2[] =>
    free
      .offset(-r)
      .subtract(marks[i]!.outline.offset(r + LAND_MM + 0.01))
      .rings()
      .flat();
  const removedMm3 = (pieces: readonly Profile[], f: Frame, d: number): number =>
    blank.intersect(engrave(pieces, f, d)).volumeMm3();
  const wedgeMm3 = (r: number, f: Frame): number => removedMm3([circle(r)], f, r);
  const bisect = (ok: (x: number) => boolean, hi: number): number => {
    let lo = 0;
    for (let k = 0; k < 30; k++) {
      const mid = (lo + hi) / 2;
      if (ok(mid)) lo = mid;
      else hi = mid;
    }
    return lo;
  };
  const leaning = frames.map(leansOut);
  const lettersMm3 = marks.map((m, i) => removedMm3(m.pieces, frames[i]!, depth));
  const capacityMm3 = marks.map((_, i) =>
    leaning[i]
      ? lettersMm3[i]! +
        wedgeMm3(
          bisect((r) => spots(i, r).length > 0, room.a),
          frames[i]!,
        )
      : Infinity,
  );
  const straight = lettersMm3.filter((_, i) => !leaning[i]).map((v) => v / depth + minDotMm2);
  const cutDepthMm = Math.min(depth, Math.min(...capacityMm3) / Math.max(...straight));
  checkOption(
    part,
    'labelHeightMm',
    h,
    cutDepthMm >= 2 * layer,
    `a cap height (from ${minH.toFixed(2)} mm) whose labels the faces that lean out over the bed can balance with the others cut at least ${2 * layer} mm deep: a smaller one, thinner strokes or a larger sizeMm`,
  );
  const targetMm3 = Math.max(
    cutDepthMm * Math.max(...straight),
    ...marks.map((_, i) => (leaning[i] ? lettersMm3[i]! + wedgeMm3(s, frames[i]!) : 0)),
  );
  const cutters = marks.map((m, i) => {
    const f = frames[i]!;
    const d = leaning[i] ? depth : cutDepthMm;
    const needMm3 = targetMm3 - (leaning[i] ? lettersMm3[i]! : (lettersMm3[i]! * cutDepthMm) / depth);
    const segments = circleSegments(leaning[i] ? room.a / 2 : Math.sqrt(needMm3 / d / Math.PI));
    const r = leaning[i]
      ? bisect((x) => removedMm3([circle(x, segments)], f, x) < needMm3, room.a)
      : polygonRadiusMm(needMm3 / d, segments);
    // As near as it gets to a bottom corner, right on faces 0–3 and left on their opposites, so opposite
    // faces' dots roughly cancel each other's pull off the centre.
    const at_ = spots(i, r);
    checkOption(
      part,
      'labelHeightMm',
      h,
      at_.length > 0,
      `a cap height (from ${minH.toFixed(2)} mm) that leaves face "${o.labels[i]}" room for its balancing dot (${(2 * r).toFixed(1)} mm across): a smaller one, thinner strokes or a larger sizeMm`,
    );
    const corner: Vec2 = [(i < 4 ? 2 : -2) * COS30 * room.a, -room.a];
    const at = at_.reduce((best, p) =>
      Math.hypot(p[0] - corner[0], p[1] - corner[1]) < Math.hypot(best[0] - corner[0], best[1] - corner[1]) ? p : best,
    );
    const dotCut = circle(r, segments).translate(at[0], at[1]);
    return leaning[i] ? engrave(m.pieces, f, d).union(engrave([dotCut], f, r)) : engrave([...m.pieces, dotCut], f, d);
  });
  // Sheared cuts meeting the faces leave slivers that rounding to float would flatten.
  const solid = withoutSlivers(blank.subtract(...cutters));
  // Face 4 (normal −(1, 1, 1)) down: 45° about x, then −atan(1/√2) about y, brings its normal to −z.
  return layOnBed({ solid, features: [] }, [45, (-Math.atan(Math.SQRT1_2) * 180) / Math.PI, 0]);
}
