/**
 * Sail (BRIEF §3): a square sail billowed across its width, bent to a yard along its head, printed flat,
 * with two loops — tabs at its head and foot — that slide over the mast pole. The `damaged` variant is
 * torn: a ragged foot, bites out of the leeches and a shot hole, still one body. A `tattered` sail (the
 * ghost ship's, issue 16) is frayed: a ragged foot and nicks up both leeches, whole otherwise.
 *
 * Frame while building: x across the sail, y along the mast (head at +y), z out of the bed. The billow is
 * the flat panel's top cut by a large cylinder along y, so the sail is thickest down its middle. The loops
 * hold the pole above the billow, so the sail hangs clear of the mast.
 */
import { circle, cylinder, polygon, rect, type Profile, type Solid, type Vec2 } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { CLEARANCE_RANGE_MM, DEFAULT_CLEARANCE_MM, fitHoleMm, INTERFACES, MIN_FEATURE_MM } from '../standard.js';
import { cutInto, FACING, placeCut, roundHole, teardrop, type Cut } from './cutters.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface SailOptions {
  /** Sliding clearance per mating surface (loops over the pole). Default DEFAULT_CLEARANCE_MM (0.20 mm). */
  clearanceMm: number;
  /** The torn variant. Default false. */
  damaged: boolean;
  /** Frayed foot and leeches (the Shadow Fleet's look). Default false. */
  tattered: boolean;
  /** How far the yard along the head reaches past the head's corners. Default 2 mm. */
  yardOverhangMm: number;
  /** Width at the foot; the head is 85 % of it. Default 30 mm. */
  widthMm: number;
  /** Height along the mast. Default 26 mm. */
  heightMm: number;
  /** Thickness at the leeches (edges) and down the middle of the billow. Default 1.2 mm and 2.2 mm. */
  edgeThicknessMm: number;
  billowThicknessMm: number;
  /** Loop tabs: wall round the hole, and length along the mast (3 mm of it over the sail). Default 1.2 mm and 5 mm. */
  loopWallMm: number;
  loopLengthMm: number;
}

export const DEFAULTS: SailOptions = {
  clearanceMm: DEFAULT_CLEARANCE_MM,
  damaged: false,
  tattered: false,
  yardOverhangMm: 2,
  widthMm: 30,
  heightMm: 26,
  edgeThicknessMm: 1.2,
  billowThicknessMm: 2.2,
  loopWallMm: 1.2,
  loopLengthMm: 5,
};

/** Gap between the billow's crown and the pole, so the sail does not rub. */
const POLE_GAP_MM = 0.4;
/** How far a loop tab reaches back over the sail's edge to fuse with it (past the torn foot's rag). */
const TAB_OVERLAP_MM = 3;
/** How much narrower the head is than the foot, as a fraction of the foot's width: the head is 85 % of it. */
const HEAD_TAPER = 0.15;

/** The leech's distance from the sail's centre line at height `y` (−H/2 at the foot, H/2 at the head). */
const leechMm = (W: number, H: number, y: number): number => (W / 2) * (1 - HEAD_TAPER * (y / H + 0.5));

/** Builds a sail lying on its back. Features: two `sail-loop` holes, at the head and the foot. */
export function sail(options?: Partial<SailOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('sail', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkOption('sail', 'damaged', o.damaged, typeof o.damaged === 'boolean', 'true or false');
  checkOption('sail', 'tattered', o.tattered, typeof o.tattered === 'boolean', 'true or false');
  // The yard reaches no further out than the foot's corners.
  checkRange('sail', 'yardOverhangMm', o.yardOverhangMm, 0, (HEAD_TAPER / 2) * o.widthMm);
  checkRange('sail', 'widthMm', o.widthMm, 16, 60);
  checkRange('sail', 'heightMm', o.heightMm, 16, INTERFACES.mastPole.lengthMm - 2 * o.loopLengthMm);
  checkRange('sail', 'edgeThicknessMm', o.edgeThicknessMm, MIN_FEATURE_MM, 3);
  checkRange('sail', 'billowThicknessMm', o.billowThicknessMm, o.edgeThicknessMm, 5);
  checkRange('sail', 'loopWallMm', o.loopWallMm, MIN_FEATURE_MM, 3);
  checkRange('sail', 'loopLengthMm', o.loopLengthMm, TAB_OVERLAP_MM + MIN_FEATURE_MM, 8);

  const W = o.widthMm,
    H = o.heightMm;
  const head = leechMm(W, H, H / 2);
  let outline = polygon([
    [-W / 2, -H / 2],
    [W / 2, -H / 2],
    [head, H / 2],
    [-head, H / 2],
  ]);
  if (o.damaged) outline = tear(outline, W, H);
  if (o.tattered) outline = fray(outline, W, H);

  // Billow: the top of a W-wide slab cut by a cylinder along y through both edge heights and the crown.
  const sag = o.billowThicknessMm - o.edgeThicknessMm;
  const half = W / 2;
  let panel = outline.extrude(o.billowThicknessMm);
  if (sag > 1e-3) {
    const R = (half * half + sag * sag) / (2 * sag);
    const drum = cylinder(H + 2, R, R, true, 720)
      .rotate([90, 0, 0])
      .translate([0, 0, o.billowThicknessMm - R]);
    panel = panel.intersect(drum);
  }

  // Loop tabs: a post from the bed up to the pole's axis, rounded over it, at head and foot.
  const holeMm = fitHoleMm(INTERFACES.mastPole.diameterMm, 'sliding', o.clearanceMm);
  const zAxis = o.billowThicknessMm + POLE_GAP_MM + holeMm / 2;
  const ro = holeMm / 2 + o.loopWallMm;
  const tabProfile = rect(2 * ro, zAxis, false)
    .translate(-ro, 0)
    .union(circle(ro).translate(0, zAxis));
  const tabs = [1, -1].map((s) => {
    const y0 = s > 0 ? H / 2 - TAB_OVERLAP_MM : -H / 2 + TAB_OVERLAP_MM - o.loopLengthMm;
    // Profile in XZ: extrude along +Z, turn +Y to +Z (extrusion runs to −Y), then place along the mast.
    return tabProfile
      .extrude(o.loopLengthMm)
      .rotate([90, 0, 0])
      .translate([0, y0 + o.loopLengthMm, 0]);
  });
  // Each loop's mouth faces out along the mast; the cutter runs on past the tab's inner face into open air.
  // The loops lie on their side as the sail prints: teardrops, so their roofs print without support.
  const loops: Cut[] = [1, -1].map((s, i) => {
    const cut = roundHole(
      'sail-loop',
      i === 0 ? 'sail-loop-head' : 'sail-loop-foot',
      holeMm,
      o.loopLengthMm + 1,
      'sliding',
    );
    const placed = teardrop(
      placeCut(cut, [0, s * (H / 2 - TAB_OVERLAP_MM + o.loopLengthMm), zAxis], s > 0 ? FACING['+y'] : FACING['-y']),
    );
    return { ...placed, feature: { ...placed.feature, depthMm: o.loopLengthMm } };
  });
  return layOnBed(cutInto(panel.union(...tabs, yard(o)), loops));
}

/**
 * The yard along the head: a spar across the head's width and yardOverhangMm past each corner, lying on the
 * bed under the sail's head. Its section is an octagon standing on a flat, every downward face at 45°, so
 * it prints as it lies; it stays below the head loop's hole.
 */
function yard(o: SailOptions): Solid {
  const r = YARD_RADIUS_MM,
    f = r * (Math.SQRT2 - 1);
  const section = polygon([
    [-f, 0],
    [f, 0],
    [r, r - f],
    [r, r + f],
    [f, 2 * r],
    [-f, 2 * r],
    [-r, r + f],
    [-r, r - f],
  ]);
  const length = 2 * leechMm(o.widthMm, o.heightMm, o.heightMm / 2) + 2 * o.yardOverhangMm;
  // Section in (y, z): extruded along +Z, turned so the extrusion runs along +X, centred, at the head.
  return section
    .extrude(length)
    .rotate([0, 90, 0])
    .rotate([90, 0, 0])
    .translate([-length / 2, o.heightMm / 2 - r, 0]);
}
/** Half the yard's depth: the spar is two line widths and more across (ours), well below the head loop's hole. */
const YARD_RADIUS_MM = 1;

/** A frayed outline: a ragged foot of many small teeth and nicks up both leeches. Fixed shapes: same bytes every time. */
function fray(outline: Profile, W: number, H: number): Profile {
  const rag: Vec2[] = [[-W, -H]];
  const teeth = 15;
  for (let i = 0; i <= teeth; i++)
    rag.push([-W / 2 + (W * i) / teeth, -H / 2 + (i % 2 === 0 ? 0.05 : 0.01) * H + (i % 4 === 1 ? 0.02 * H : 0)]);
  rag.push([W, -H]);
  rag.reverse();
  const nicks = [-0.3, -0.05, 0.2].flatMap((v, k) =>
    [1, -1].map((s) => {
      const y = (v + (s > 0 ? 0.04 * k : 0)) * H;
      const edge = leechMm(W, H, y);
      return polygon([
        [s * (edge + 1), y - 1],
        [s * (edge - 0.06 * W), y + 0.2],
        [s * (edge + 1), y + 1.4],
      ]);
    }),
  );
  return outline.subtract(polygon(rag), ...nicks);
}

/**
 * The torn sail's outline: a ragged foot, a bite out of each leech and a shot hole, all well inside the
 * panel so it stays one piece and every strip left is wider than MIN_FEATURE_MM. Fixed shapes: same bytes
 * every time.
 */
function tear(outline: Profile, W: number, H: number): Profile {
  const rag: Vec2[] = [[-W, -H]];
  const teeth = 9;
  for (let i = 0; i <= teeth; i++) {
    const x = -W / 2 + (W * i) / teeth;
    rag.push([x, -H / 2 + (i % 2 === 0 ? 0.08 : 0.02) * H + (i % 3 === 0 ? 0.03 * H : 0)]);
  }
  rag.push([W, -H]);
  rag.reverse(); // counter-clockwise
  const bites = [
    polygon([
      [-W, 0.05 * H],
      [-0.36 * W, 0.12 * H],
      [-W, 0.22 * H],
    ]),
    polygon([
      [W, -0.2 * H],
      [W, -0.05 * H],
      [0.38 * W, -0.1 * H],
    ]),
  ];
  const hole = polygon([
    [0.1 * W, 0.12 * H],
    [0.2 * W, 0.1 * H],
    [0.23 * W, 0.2 * H],
    [0.17 * W, 0.27 * H],
    [0.08 * W, 0.22 * H],
  ]);
  return outline.subtract(polygon(rag), ...bites, hole);
}
