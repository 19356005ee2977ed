/**
 * A board tile: one bed-sized block of a square-grid game board (src/parts/board-layout.ts `tileBoard`
 * splits the board), a plate with the grid and the board's markers engraved in its top face, joined to
 * its neighbours by jigsaw keys (src/parts/key-joint.ts) standing out of some edges and keyways cut into
 * others. Printed face up, flat on the bed.
 *
 * Frame: the south-west corner of the tile's squares at the origin, x east, y north, z = 0 the bed, so a
 * tile from `tileBoard` sits at (colOffset, rowOffset) × squareMm in the assembled board, keys and all.
 */
import { circle, polygon, rect, text, type Profile, type Vec2 } from '../geometry/kernel.js';
import type { Feature, Part } from '../geometry/part.js';
import { EDGES, MARKER_KINDS, MARKER_SYMBOLS, type BoardMarker, type Edge, type MarkerSymbol } from './board-layout.js';
import {
  CLEARANCE_RANGE_MM,
  clearanceMm as fitGapMm,
  DEFAULT_BED_CHAMFER_MM,
  DEFAULT_CLEARANCE_MM,
  GAME_INTERFACES,
  MIN_FEATURE_MM,
  PRINT_DEFAULTS,
} from '../standard.js';
import { extrudeWithBedChamfer } from './chamfer.js';
import { keyFeature, keyProfile, keywayProfile } from './key-joint.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

const K = GAME_INTERFACES.key;

export interface BoardTileOptions {
  /** This tile's squares across (west–east). Default 4. */
  cols: number;
  /** This tile's squares up (south–north). Default 4. */
  rows: number;
  /** Side of one board square. Default 38 mm (ours: room round a 34 mm token ship, src/parts/token-ship.ts). */
  squareMm: number;
  /** Plate thickness; the keys are this thick too. Default 4 mm. */
  thicknessMm: number;
  /** Width of the engraved grid lines. Default 1.2 mm (over MIN_FEATURE_MM). */
  gridLineMm: number;
  /** Depth of every engraving. Default 0.6 mm: three 0.2 mm layers. */
  engraveDepthMm: number;
  /** Printer's sliding clearance per mating surface, round each key in its keyway. Default DEFAULT_CLEARANCE_MM. */
  clearanceMm: number;
  /**
   * First-layer inset round the whole outline (plate, keys and keyways), against elephant's foot, cut as a
   * two-step 45° chamfer (c at the bed, c/2 from c/2 up, full from c). Default DEFAULT_BED_CHAMFER_MM.
   */
  bedChamferMm: number;
  /** Edges carrying keys. Default none. `tileBoard` gives east and north where a neighbour is. */
  keys: readonly Edge[];
  /** Edges cut with keyways. Default none. `tileBoard` gives west and south where a neighbour is. */
  keyways: readonly Edge[];
  /** Markers engraved on this tile, in tile-local squares. Default none. */
  markers: readonly BoardMarker[];
}

export const DEFAULTS: BoardTileOptions = {
  cols: 4,
  rows: 4,
  squareMm: 38,
  thicknessMm: 4,
  gridLineMm: 1.2,
  engraveDepthMm: 0.6,
  clearanceMm: DEFAULT_CLEARANCE_MM,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
  keys: [],
  keyways: [],
  markers: [],
};

/** Material left between two engravings, or between an engraving and a keyway (over MIN_FEATURE_MM). */
const LAND_MM = 1;
/**
 * Stroke of the markers' lines: the default grid line, a third over MIN_FEATURE_MM. Fixed rather than the
 * grid line's, so every marker keeps its lands at the smallest square the options allow.
 */
const MARK_STROKE_MM = 1.2;
/** The shallows' corner brackets stand this far inside the grid line. */
const BORDER_GAP_MM = 1.5;

/**
 * Which squares along an edge of `squares` carry a key: one per two squares (at least one), spread evenly
 * and mirror-symmetric where the count allows (4 squares: 1 and 2; 3: 1; 5: 1 and 3), each on its square's
 * midline, clear of the grid lines. Both tiles of a seam have the same squares along it, so theirs agree.
 */
export function keySquares(squares: number): number[] {
  const k = Math.max(1, Math.floor(squares / 2));
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const mirror = k - 1 - i;
    if (mirror < i) out.push(squares - 1 - out[mirror]!);
    else if (mirror === i) out.push(Math.floor((squares - 1) / 2));
    else out.push(Math.floor(((2 * i + 1) * squares) / (2 * k)));
  }
  return out;
}

/** An edge's outward direction (degrees from +X), its point `t` mm along it from its west or south end, and its squares. */
function edgeFrame(
  edge: Edge,
  o: BoardTileOptions,
): { angleDeg: number; at: (t: number) => Vec2; squares: number; normal: [number, number, number] } {
  const W = o.cols * o.squareMm,
    H = o.rows * o.squareMm;
  switch (edge) {
    case 'east':
      return { angleDeg: 0, at: (t) => [W, t], squares: o.rows, normal: [1, 0, 0] };
    case 'north':
      return { angleDeg: 90, at: (t) => [t, H], squares: o.cols, normal: [0, 1, 0] };
    case 'west':
      return { angleDeg: 180, at: (t) => [0, t], squares: o.rows, normal: [-1, 0, 0] };
    case 'south':
      return { angleDeg: 270, at: (t) => [t, 0], squares: o.cols, normal: [0, -1, 0] };
  }
}

/**
 * Each key or keyway on an edge: its outline placed on the tile, its feature, and, for a key, where the
 * edge's half grid line breaks for it: across the keyway's mouth, as the neighbour's half breaks at the
 * keyway, so the key's neck (the probed peg, and its narrowest section) is left whole; and clear of the
 * knob where the line runs out past the edge.
 */
function joints(
  edge: Edge,
  role: 'peg' | 'hole',
  o: BoardTileOptions,
): { outline: Profile; feature: Feature; lineBreak: Profile }[] {
  const f = edgeFrame(edge, o);
  const mouth = K.neckWidthMm + 2 * fitGapMm('sliding', o.clearanceMm),
    back = o.gridLineMm / 2 + 0.5;
  return keySquares(f.squares).map((sq, i) => {
    const [x, y] = f.at((sq + 0.5) * o.squareMm);
    // A key reaches out along the edge's normal; a keyway in, against it.
    const outline = (role === 'peg' ? keyProfile() : keywayProfile(o.clearanceMm))
      .rotate(role === 'peg' ? f.angleDeg : f.angleDeg + 180)
      .translate(x, y);
    // From behind the half line to past its run-out. Beside the neck the run-out keeps its first 0.05 mm, so
    // no face of the cut lies in the edge's face (where the knob is still narrower than the mouth).
    const knob = K.knobDiameterMm + 2 * fitGapMm('sliding', o.clearanceMm) + 2;
    const lineBreak = rect(back + 2, mouth, false)
      .translate(-back, -mouth / 2)
      .union(rect(2, knob, false).translate(0.05, -knob / 2))
      .rotate(f.angleDeg)
      .translate(x, y);
    const feature = keyFeature(
      `${role === 'peg' ? 'key' : 'keyway'}-${edge}-${i + 1}`,
      role,
      [x, y, o.thicknessMm / 2],
      f.normal,
      o.thicknessMm,
      o.clearanceMm,
      o.bedChamferMm,
    );
    return { outline, feature, lineBreak };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Markers, each drawn round the origin (its square's centre) within `r` of it, in strokes of `w`.

function shape(symbol: MarkerSymbol, r: number): Profile {
  switch (symbol) {
    case 'circle':
      return circle(r);
    case 'triangle':
      return polygon(
        [90, 210, 330].map((a): Vec2 => [r * Math.cos((a * Math.PI) / 180), r * Math.sin((a * Math.PI) / 180)]),
      );
    case 'square':
      return rect(r * Math.SQRT2, r * Math.SQRT2);
    case 'diamond':
      return rect(r * Math.SQRT2, r * Math.SQRT2).rotate(45);
  }
}
const outlineOf = (p: Profile, w: number): Profile => p.subtract(p.offset(-w));
const ring = (r: number, w: number): Profile => circle(r).subtract(circle(r - w));

/** A capital filling a circle of `r`: Hershey strokes, the cap height such that its half-diagonal (about 0.64 of the cap height) is `r`. */
function letter(ch: string, r: number, w: number): Profile {
  const cap = r / 0.64;
  return text(ch, cap, Math.max(MIN_FEATURE_MM, Math.min(w, cap / 7)));
}

/** An Archimedean spiral of up to three turns from about a stroke out to `r`, its arms a stroke apart. */
function spiral(r: number, w: number): Profile {
  const r0 = w,
    r1 = r - w / 2;
  const turns = Math.max(1, Math.min(3, Math.floor((r1 - r0) / (2 * w))));
  const end = 2 * Math.PI * turns,
    dr = (r1 - r0) / end;
  const left: Vec2[] = [],
    right: Vec2[] = [];
  for (let th = 0; ;) {
    const rad = r0 + dr * th,
      c = Math.cos(th),
      s = Math.sin(th);
    const tx = dr * c - rad * s,
      ty = dr * s + rad * c,
      tl = Math.hypot(tx, ty);
    const nx = -ty / tl,
      ny = tx / tl;
    left.push([rad * c + (nx * w) / 2, rad * s + (ny * w) / 2]);
    right.push([rad * c - (nx * w) / 2, rad * s - (ny * w) / 2]);
    if (th >= end) break;
    // Chords of about 0.5 mm, like the kernel's circles.
    th = Math.min(end, th + Math.min(0.35, 0.5 / rad));
  }
  return polygon([...left, ...right.reverse()]);
}

/** A circle with arrows toward the 8 directions (the 4 main ones longer) and an N in it. */
function compass(r: number, w: number): Profile {
  const ringR = 0.6 * r;
  const head = Math.max(2 * w, 0.2 * r),
    half = Math.max(w, 0.13 * r);
  const arrows = Array.from({ length: 8 }, (_, i) => {
    const tip = i % 2 === 0 ? r : 0.88 * r;
    const shaft = rect(tip - head - ringR + 0.1, w, false).translate(ringR, -w / 2);
    return shaft
      .union(
        polygon([
          [tip - head, -half],
          [tip, 0],
          [tip - head, half],
        ]),
      )
      .rotate(90 - 45 * i);
  });
  return ring(ringR + w / 2, w).union(...arrows, letter('N', ringR - w / 2 - LAND_MM, w));
}

/** A chest seen from the front: the box, the seam under its lid and a lock hanging from it. */
function chest(r: number, w: number): Profile {
  const body = outlineOf(rect(1.4 * r, r), w);
  const seam = rect(1.4 * r, w).translate(0, 0.1 * r);
  const lock = rect(0.25 * r, 0.3 * r, false).translate(-0.125 * r, -0.2 * r);
  return body.union(seam, lock);
}

/** The Shallows' mark: an inner border drawn as four corner brackets, which stop short of the middle of each side, where a keyway may be. */
function shallows(o: BoardTileOptions): Profile {
  const s = o.squareMm,
    w = MARK_STROKE_MM,
    inset = o.gridLineMm / 2 + BORDER_GAP_MM;
  const arm = s / 2 - (K.knobDiameterMm / 2 + fitGapMm('sliding', o.clearanceMm)) - LAND_MM - inset;
  const corner = rect(arm, w, false)
    .union(rect(w, arm, false))
    .translate(-s / 2 + inset, -s / 2 + inset);
  return corner.union(corner.rotate(90), corner.rotate(180), corner.rotate(270));
}

/**
 * How far from its square's centre a marker may reach: to a land short of a keyway's tip, which may reach
 * into the square from the middle of any side, so every marker of a kind is the same size on every square.
 */
export function markerRadiusMm(o: Pick<BoardTileOptions, 'squareMm' | 'clearanceMm'>): number {
  return o.squareMm / 2 - (K.reachMm + fitGapMm('sliding', o.clearanceMm)) - LAND_MM;
}

function marker(m: BoardMarker, o: BoardTileOptions): Profile {
  const r = markerRadiusMm(o),
    w = MARK_STROKE_MM;
  switch (m.kind) {
    case 'start-blue':
    case 'start-green':
      return ring(r, w).union(letter(m.kind === 'start-blue' ? 'B' : 'G', r - w - LAND_MM, w));
    case 'chest':
      return chest(r, w);
    case 'island':
      return outlineOf(shape(m.symbol!, r), w).union(shape(m.symbol!, 0.35 * r));
    case 'exit':
      return shape(m.symbol!, 0.5 * r);
    case 'maelstrom':
      return spiral(r, w);
    case 'shallows':
      return shallows(o);
    case 'compass':
      return compass(r, w);
  }
}

// ---------------------------------------------------------------------------------------------------------

function checkOptions(o: BoardTileOptions): void {
  const P = 'boardTile';
  for (const f of ['cols', 'rows'] as const)
    checkOption(P, f, o[f], Number.isInteger(o[f]) && o[f] >= 1 && o[f] <= 20, 'a whole number from 1 to 20');
  // Below 38 mm a marker has under 7.4 mm of radius between the keyways (at the widest clearance), where its lands thin below MIN_FEATURE_MM.
  checkRange(P, 'squareMm', o.squareMm, 38, 80);
  // The keys are the plate's thickness: under 3 mm a 6 mm neck snaps.
  checkRange(P, 'thicknessMm', o.thicknessMm, 3, 12);
  checkRange(P, 'gridLineMm', o.gridLineMm, MIN_FEATURE_MM, 2);
  checkRange(P, 'engraveDepthMm', o.engraveDepthMm, PRINT_DEFAULTS.layerHeightMm, o.thicknessMm / 3);
  checkRange(P, 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange(P, 'bedChamferMm', o.bedChamferMm, 0, 0.5);
  const edges = (v: readonly Edge[]): boolean =>
    Array.isArray(v) && v.every((e) => EDGES.includes(e)) && new Set(v).size === v.length;
  checkOption(P, 'keys', o.keys, edges(o.keys), `distinct edges from ${EDGES.join(', ')}`);
  checkOption(
    P,
    'keyways',
    o.keyways,
    edges(o.keyways) && !o.keyways.some((e) => o.keys.includes(e)),
    `distinct edges from ${EDGES.join(', ')}, none also carrying keys`,
  );
  for (const m of o.markers) {
    const onTile =
      Number.isInteger(m.col) &&
      Number.isInteger(m.row) &&
      m.col >= 0 &&
      m.col < o.cols &&
      m.row >= 0 &&
      m.row < o.rows;
    const symbolled = m.kind === 'island' || m.kind === 'exit';
    const ok =
      MARKER_KINDS.includes(m.kind) &&
      onTile &&
      (symbolled ? m.symbol !== undefined && MARKER_SYMBOLS.includes(m.symbol) : m.symbol === undefined);
    checkOption(
      P,
      'markers',
      m,
      ok,
      `a kind from ${MARKER_KINDS.join(', ')} on a square of this ${o.cols} × ${o.rows} tile, with a symbol (${MARKER_SYMBOLS.join(', ')}) on islands and exits only`,
    );
  }
}

/**
 * Builds a board tile lying face up. Features: `key-<edge>-<n>` (peg) and `keyway-<edge>-<n>` (hole) on
 * the edge at mid-thickness, axis the edge's outward normal, numbered from the edge's west or south end.
 */
export function boardTile(options?: Partial<BoardTileOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkOptions(o);
  const s = o.squareMm,
    t = o.thicknessMm,
    g = o.gridLineMm,
    W = o.cols * s,
    H = o.rows * s;

  const keys = o.keys.flatMap((e) => joints(e, 'peg', o));
  const keyways = o.keyways.flatMap((e) => joints(e, 'hole', o));
  const plate = rect(W, H, false);
  const outline = plate.union(...keys.map((k) => k.outline)).subtract(...keyways.map((k) => k.outline));

  // Grid lines on every square boundary; the tile's own edges get half a line each (run out past the edge),
  // so two tiles side by side show one whole line along their seam.
  const lines: Profile[] = [];
  for (let i = 0; i <= o.cols; i++) {
    const x0 = i === 0 ? -1 : i * s - g / 2,
      x1 = i === o.cols ? W + 1 : i * s + g / 2;
    lines.push(rect(x1 - x0, H + 2, false).translate(x0, -1));
  }
  for (let j = 0; j <= o.rows; j++) {
    const y0 = j === 0 ? -1 : j * s - g / 2,
      y1 = j === o.rows ? H + 1 : j * s + g / 2;
    lines.push(rect(W + 2, y1 - y0, false).translate(-1, y0));
  }
  const marks = o.markers.map((m) => marker(m, o).translate((m.col + 0.5) * s, (m.row + 0.5) * s));
  const engraved = lines[0]!.union(...lines.slice(1), ...marks).subtract(...keys.map((k) => k.lineBreak));

  const body = extrudeWithBedChamfer(outline, t, o.bedChamferMm);
  const solid = body.subtract(engraved.extrude(o.engraveDepthMm + 1).translate([0, 0, t - o.engraveDepthMm]));
  return { solid, features: [...keys, ...keyways].map((k) => k.feature) };
}
