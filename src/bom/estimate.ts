/**
 * Filament and print time of one part, from its mesh, the way a slicer arrives at them but without
 * generating toolpaths: the mesh is cut at every layer's mid-plane (as PrusaSlicer slices), each layer's
 * contour loops give the walls (perimeters × line spacing × contour length), the up- and down-facing
 * surface, spread over the layers it spans and grown by the slicer's 3 mm margin round flat regions, gives
 * the top and bottom skins of the layers beneath and above it, and the rest of each layer's section is
 * infill. Time is each feature's path length at its speed,
 * stretched to the slicer's minimum layer time, plus a per-layer overhead.
 *
 * The speeds are the slicer profile the calibration runs PrusaSlicer with (`SLICER_PROFILE`); the fitted
 * factors (`CALIBRATION`) absorb what this model leaves out. How they were fitted: `CALIBRATION`, README
 * ("How the estimate is calibrated"), src/bom/calibrate.ts and bench/slicer-calibration.ts.
 */
import type { MeshData } from '../geometry/kernel.js';
import { hypot2 } from '../geometry/vec3.js';
import { edgeNumbers, meshBounds, triangleNormals } from '../mesh/analysis.js';
import { SOLID_INFILL_BELOW_AREA_MM2 } from '../standard.js';

/** What the estimate depends on besides the mesh. */
export interface PrintSettings {
  layerHeightMm: number;
  lineWidthMm: number;
  /** Wall loops. */
  perimeters: number;
  topLayers: number;
  bottomLayers: number;
  /** 0–1. */
  infillFraction: number;
  /** Brim round the first layer's outline (PrusaSlicer's `brim_width`, outer only), mm; absent or 0: none. */
  brimWidthMm?: number;
}

/**
 * Speeds and limits of the slicer profile: PrusaSlicer 2.5's built-in defaults (`prusa-slicer --help-fff`),
 * which is what bench/slicer-calibration.ts runs it with. mm/s unless named otherwise.
 */
export const SLICER_PROFILE = {
  perimeterSpeedMmS: 60,
  /** external_perimeter_speed = 50 % of perimeter_speed. */
  externalPerimeterSpeedMmS: 30,
  /** small_perimeter_speed: loops of radius ≤ 6.5 mm (holes, pegs, poles). */
  smallPerimeterSpeedMmS: 15,
  smallPerimeterRadiusMm: 6.5,
  infillSpeedMmS: 80,
  solidInfillSpeedMmS: 20,
  topSolidInfillSpeedMmS: 15,
  firstLayerSpeedMmS: 30,
  solidInfillBelowAreaMm2: SOLID_INFILL_BELOW_AREA_MM2,
  /**
   * EXTERNAL_INFILL_MARGIN (libslic3r.h, fixed in 2.5): every top and bottom surface is grown this far into
   * the layer's infill region before its solid layers are laid (LayerRegion::process_external_surfaces),
   * so a sunk symbol or a socket floor makes a 3 mm wider patch of solid infill around it.
   */
  externalInfillMarginMm: 3,
  /** slowdown_below_layer_time: a layer is stretched to at least this long… */
  minLayerTimeS: 5,
  /** …but no move is slowed below min_print_speed. */
  minPrintSpeedMmS: 10,
  /**
   * machine_max_acceleration_extruding, mm/s²: the time estimate speeds each road up from (nearly) rest at
   * this and slows it down again before the turn at its end (jerk 10 mm/s, so an infill zig-zag's turns
   * are near stops).
   */
  accelerationMmS2: 1500,
} as const;

/**
 * The time of the fill's roads over their time at full speed: `roadMm` of road at `speedMmS` in roads of
 * `chordMm` each, every one starting and ending at rest under SLICER_PROFILE.accelerationMmS2 (a road too
 * short to reach the speed is a triangle: 2·√(ℓ/a)). What makes a solid part's dense infill slow: a
 * cannon's 6 mm roads at 80 mm/s take 1.7× their length over the speed.
 */
function accelerationS(roadMm: number, chordMm: number, speedMmS: number): number {
  if (roadMm <= 0 || chordMm <= 0) return 0;
  const a = SLICER_PROFILE.accelerationMmS2,
    v = speedMmS;
  const perRoad = chordMm >= (v * v) / a ? v / a : 2 * Math.sqrt(chordMm / a) - chordMm / v;
  return (roadMm / chordMm) * perRoad;
}

/** What the estimate's model leaves out, fitted against a slicer. */
export interface Calibration {
  /** Extruded volume: slicer ÷ model. */
  volumeFactor: number;
  /** Scales each layer's move time before the minimum-layer-time stretch. */
  moveTimeFactor: number;
  /** Added per layer, s. */
  layerOverheadS: number;
}

/**
 * Fitted on 2026-11-27 (issue 25: walls by Steiner's band, skins of sloped faces without infill inside the
 * walls only, the fill's roads started and stopped under the machine's acceleration) against PrusaSlicer 2.5.0 (Debian 12 package 2.5.0+dfsg-4,
 * built-in defaults plus `slicerArgs`) by `fitCalibration` (src/bom/calibrate.ts), run by
 * bench/slicer-calibration.ts: every
 * distinct non-optional part of the 7 shipped faction sets (32 files, issue 16's detailed hulls, cargo and
 * sails among them) at 0.20 and at 0.16 mm layers with 15 % infill, 64 samples; least squares on each
 * part's relative error. What that run measured is in the README ("How the estimate is calibrated").
 * Re-run `node dist/bench/slicer-calibration.js` after changing a part or the model, or for another slicer
 * version, and copy its refitted values here.
 */
export const CALIBRATION: Calibration = {
  /** Slightly > 1: PrusaSlicer's roads overlap (walls into skins, infill into walls) and it adds gap fill. */
  volumeFactor: 1.032,
  /** > 1: acceleration at the walls' corners and the grooves' turns (the fill's road ends are modelled: accelerationS). */
  moveTimeFactor: 1.017,
  /** Travel, retraction and the z move at each layer change, s. */
  layerOverheadS: 0.535,
};

export interface PrintEstimate {
  layers: number;
  /** Volumes extruded, mm³, by feature (after the calibration factor). */
  wallsMm3: number;
  skinsMm3: number;
  infillMm3: number;
  /** The brim's, included in extrudedMm3 (laid by the slicer's own flow, not calibrated). */
  brimMm3: number;
  extrudedMm3: number;
  grams: number;
  minutes: number;
  /** Its layers' times, for a plate of many parts (plateMinutes). */
  layerTimes: LayerTimes;
}

/**
 * One part's layers, for timing a plate: each layer's moves (calibrated) and the floor the cooling slowdown
 * would stretch the layer to if the part were printed alone, s; and the overhead every layer of it adds.
 */
export interface LayerTimes {
  moveS: number[];
  floorS: number[];
  overheadS: number;
}

/** One layer's section: its area, and its contour loops' lengths. */
interface LayerSection {
  areaMm2: number;
  loopLengthsMm: number[];
  /** Loops running counter-clockwise: outlines of islands (the others are holes). */
  islands: number;
  /** The islands' outline loops' lengths, mm. */
  islandLengthsMm: number[];
  /** The contour's segments, x0 y0 x1 y1 each. */
  segments: Float64Array;
}

/**
 * Cuts a closed, outward-oriented mesh at the mid-plane of every layer. A vertex counts as above a plane
 * when z ≥ the plane, so a vertex lying on it never makes a degenerate crossing, and every crossing
 * point lies on one mesh edge shared by exactly two segments: following them closes the loops.
 */
export function sliceMesh(mesh: MeshData, layerHeightMm: number, zMinMm: number, layers: number): LayerSection[] {
  const p = mesh.positions,
    t = mesh.triangles;
  // Each triangle's layers, then each layer's share of one set of typed arrays (the segments of layer i
  // from start[i], in triangle order): no array per layer to grow, this being the estimate's hottest loop.
  const lowest = new Int32Array(t.length / 3),
    highest = new Int32Array(t.length / 3);
  const start = new Int32Array(layers + 1);
  for (let f = 0; f < t.length; f += 3) {
    const z0 = p[t[f]! * 3 + 2]!,
      z1 = p[t[f + 1]! * 3 + 2]!,
      z2 = p[t[f + 2]! * 3 + 2]!;
    const lo = (lowest[f / 3] = Math.max(0, Math.ceil((Math.min(z0, z1, z2) - zMinMm) / layerHeightMm - 0.5)));
    const hi = (highest[f / 3] = Math.min(
      layers - 1,
      Math.floor((Math.max(z0, z1, z2) - zMinMm) / layerHeightMm - 0.5),
    ));
    for (let i = lo; i <= hi; i++) start[i + 1]!++;
  }
  for (let i = 0; i < layers; i++) start[i + 1]! += start[i]!;
  const used = new Int32Array(layers);
  // Per segment: start point and end point (x0 y0 x1 y1), and the mesh edges they lie on (to chain them into loops).
  const xy = new Float64Array(start[layers]! * 4),
    from = new Int32Array(start[layers]!),
    to = new Int32Array(start[layers]!);
  const { edgeOf, counts } = edgeNumbers(mesh);
  for (let f = 0; f < t.length; f += 3) {
    const lo = lowest[f / 3]!,
      hi = highest[f / 3]!;
    if (lo > hi) continue;
    const i0 = t[f]!,
      i1 = t[f + 1]!,
      i2 = t[f + 2]!;
    const z0 = p[i0 * 3 + 2]!,
      z1 = p[i1 * 3 + 2]!,
      z2 = p[i2 * 3 + 2]!;
    // Outward normal's horizontal part (triangleNormal's x and y, written out): a contour runs
    // counter-clockwise round solid, i.e. along ẑ × n.
    const e1x = p[i1 * 3]! - p[i0 * 3]!,
      e1y = p[i1 * 3 + 1]! - p[i0 * 3 + 1]!,
      e1z = z1 - z0,
      e2x = p[i2 * 3]! - p[i0 * 3]!,
      e2y = p[i2 * 3 + 1]! - p[i0 * 3 + 1]!,
      e2z = z2 - z0;
    const nx = e1y * e2z - e1z * e2y,
      ny = e1z * e2x - e1x * e2z;
    for (let i = lo; i <= hi; i++) {
      const zp = zMinMm + (i + 0.5) * layerHeightMm;
      // The two edges the plane crosses (a plane meets a triangle's edges twice or not at all).
      let found = 0,
        ax = 0,
        ay = 0,
        aEdge = 0,
        bx = 0,
        by = 0,
        bEdge = 0;
      for (let e = 0; e < 3; e++) {
        const va = e === 0 ? i0 : e === 1 ? i1 : i2,
          vb = e === 0 ? i1 : e === 1 ? i2 : i0;
        const za = p[va * 3 + 2]!,
          zb = p[vb * 3 + 2]!;
        if (za >= zp === zb >= zp) continue;
        const s = (zp - za) / (zb - za);
        const x = p[va * 3]! + s * (p[vb * 3]! - p[va * 3]!),
          y = p[va * 3 + 1]! + s * (p[vb * 3 + 1]! - p[va * 3 + 1]!),
          edge = edgeOf[f + e]!;
        if (found++ === 0) {
          ax = x;
          ay = y;
          aEdge = edge;
        } else {
          bx = x;
          by = y;
          bEdge = edge;
        }
      }
      if (found !== 2) continue;
      // Start to end along ẑ × n.
      const forward = !((bx - ax) * -ny + (by - ay) * nx < 0);
      const k = start[i]! + used[i]!++;
      xy[4 * k] = forward ? ax : bx;
      xy[4 * k + 1] = forward ? ay : by;
      xy[4 * k + 2] = forward ? bx : ax;
      xy[4 * k + 3] = forward ? by : ay;
      from[k] = forward ? aEdge : bEdge;
      to[k] = forward ? bEdge : aEdge;
    }
  }
  // The segment starting on each edge, for the layer being chained (-1: none); reset after each layer.
  const byStart = new Int32Array(counts.length).fill(-1);
  const chained = new Uint8Array(start[layers]!);
  return Array.from({ length: layers }, (_, i) => {
    const first = start[i]!,
      end = first + used[i]!;
    let areaMm2 = 0;
    const loopLengthsMm: number[] = [],
      islandLengthsMm: number[] = [];
    let islands = 0;
    for (let k = first; k < end; k++) byStart[from[k]!] = k;
    for (let k0 = first; k0 < end; k0++) {
      if (chained[k0]) continue;
      let length = 0,
        loopArea = 0;
      for (let k = k0; k >= 0 && !chained[k]; k = byStart[to[k]!]!) {
        chained[k] = 1;
        const x0 = xy[4 * k]!,
          y0 = xy[4 * k + 1]!,
          x1 = xy[4 * k + 2]!,
          y1 = xy[4 * k + 3]!;
        length += hypot2(x1 - x0, y1 - y0);
        loopArea += (x0 * y1 - x1 * y0) / 2;
      }
      loopLengthsMm.push(length);
      areaMm2 += loopArea;
      if (loopArea > 0) (islands++, islandLengthsMm.push(length));
    }
    for (let k = first; k < end; k++) byStart[from[k]!] = -1;
    const segments = xy.subarray(4 * first, 4 * end);
    return { areaMm2: Math.max(0, areaMm2), loopLengthsMm, islands, islandLengthsMm, segments };
  });
}

/**
 * Whether points of one layer lie within `widthMm` of its contour: in the band its walls fill, where a
 * slicer lays perimeters and no skin. Segments are bucketed on a grid of that width (the cells over the
 * segments' bounds, each cell's segments in one typed array), so each query looks at the nine cells round
 * its point.
 */
function wallBand(section: LayerSection, widthMm: number): (x: number, y: number) => boolean {
  const s = section.segments;
  const cell = (v: number): number => Math.floor(v / widthMm);
  // Each segment's cells: the columns and rows its bounding box covers, first and last.
  const spans = new Int32Array(s.length);
  let cx0 = Infinity,
    cy0 = Infinity,
    cx1 = -Infinity,
    cy1 = -Infinity;
  for (let k = 0; k < s.length; k += 4) {
    cx0 = Math.min(cx0, (spans[k] = cell(Math.min(s[k]!, s[k + 2]!))));
    cx1 = Math.max(cx1, (spans[k + 1] = cell(Math.max(s[k]!, s[k + 2]!))));
    cy0 = Math.min(cy0, (spans[k + 2] = cell(Math.min(s[k + 1]!, s[k + 3]!))));
    cy1 = Math.max(cy1, (spans[k + 3] = cell(Math.max(s[k + 1]!, s[k + 3]!))));
  }
  if (s.length === 0) return () => false;
  const columns = cx1 - cx0 + 1,
    rows = cy1 - cy0 + 1;
  // Each segment entered in every cell its bounding box covers: counted, then listed cell by cell.
  const forEachCell = (k: number, visit: (c: number) => void): void => {
    for (let cx = spans[k]!; cx <= spans[k + 1]!; cx++)
      for (let cy = spans[k + 2]!; cy <= spans[k + 3]!; cy++) visit((cx - cx0) * rows + cy - cy0);
  };
  const first = new Int32Array(columns * rows + 1);
  for (let k = 0; k < s.length; k += 4) forEachCell(k, (c) => first[c + 1]!++);
  for (let c = 0; c < columns * rows; c++) first[c + 1]! += first[c]!;
  const filled = first.slice(0, columns * rows),
    listed = new Int32Array(first[columns * rows]!);
  for (let k = 0; k < s.length; k += 4) forEachCell(k, (c) => (listed[filled[c]!++] = k));
  // Squared distances surely inside (outside) the band: only those between need hypot2's exact answer.
  const surelyIn = widthMm * widthMm * (1 - 1e-9),
    surelyOut = widthMm * widthMm * (1 + 1e-9);
  return (x, y) => {
    const cx = cell(x) - cx0,
      cy = cell(y) - cy0;
    for (let i = Math.max(0, cx - 1); i <= Math.min(columns - 1, cx + 1); i++)
      for (let j = Math.max(0, cy - 1); j <= Math.min(rows - 1, cy + 1); j++)
        for (let n = first[i * rows + j]!; n < first[i * rows + j + 1]!; n++) {
          const k = listed[n]!;
          const ax = s[k]!,
            ay = s[k + 1]!,
            bx = s[k + 2]! - ax,
            by = s[k + 3]! - ay;
          const l2 = bx * bx + by * by;
          const u = l2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * bx + (y - ay) * by) / l2)) : 0;
          const dx = x - ax - u * bx,
            dy = y - ay - u * by;
          const d2 = dx * dx + dy * dy;
          if (d2 <= surelyIn || (d2 < surelyOut && hypot2(dx, dy) < widthMm)) return true;
        }
    return false;
  };
}

/** Up- and down-facing surface per layer, projected on the bed. */
export interface FacingSurfaces {
  /** Area, mm². */
  up: Float64Array;
  down: Float64Array;
  /** Outline length of the flat up- and down-facing regions, mm: where the slicer grows them from. */
  upOutlineMm: Float64Array;
  downOutlineMm: Float64Array;
  /**
   * Flat tops (bottoms) within the walls of the layer they cap (start) but not of the layer under (over)
   * it, a plank's top over the deck: no skin in their own layer, but the slicer's solid layers counted from
   * them fill the wider layers under (over) them. Area and outline, as above.
   */
  upUnder: Float64Array;
  downOver: Float64Array;
  upUnderOutlineMm: Float64Array;
  downOverOutlineMm: Float64Array;
  /**
   * With `walls` and `shells`: the skin each layer takes from the sloped surfaces over (under) it, already
   * summed over the top (bottom) layers it reaches. A sloped face's strip on a layer runs `r` = h·cot(slope)
   * across; the slicer finds it as the layer's top but fills only what lies inside the layer's walls, and
   * carries it down `topLayers` layers, each one `r` farther in: the layer j below takes the part of the
   * strip deeper than the walls' width W, clamp(((j + 1)·r − W) / r, 0, 1) of it (PrusaSlicer 2.5's
   * discover_horizontal_shells, which intersects the top with each lower layer's infill area). So a steep
   * side (a sphere's flank, a hull's) lays no skin; a shallow one all of it.
   */
  slopedUp: Float64Array;
  slopedDown: Float64Array;
}

/**
 * Up- and down-facing surface per layer. A sloped facet's area is spread over the layers its height spans;
 * a flat one belongs to the layer it caps (up) or starts (down), and so does each edge of it that does not
 * border another flat facet facing the same way (the outline of the flat region). A sloped surface has no
 * outline here: its strip on each layer is mostly under the walls, where there is nothing to grow into.
 */
export function facingAreas(
  mesh: MeshData,
  layerHeightMm: number,
  zMinMm: number,
  layers: number,
  walls?: { sections: readonly LayerSection[]; widthMm: number; topLayers?: number; bottomLayers?: number },
): FacingSurfaces {
  const p = mesh.positions,
    t = mesh.triangles;
  const nf = t.length / 3;
  const perLayer = (): Float64Array => new Float64Array(layers);
  const out: FacingSurfaces = {
    up: perLayer(),
    down: perLayer(),
    upOutlineMm: perLayer(),
    downOutlineMm: perLayer(),
    upUnder: perLayer(),
    downOver: perLayer(),
    upUnderOutlineMm: perLayer(),
    downOverOutlineMm: perLayer(),
    slopedUp: perLayer(),
    slopedDown: perLayer(),
  };
  const clampLayer = (k: number): number => Math.min(layers - 1, Math.max(0, k));
  // Each facet's area projected on the bed, signed: positive facing up.
  const projectedArea = new Float64Array(nf);
  // Flat facets: +1 facing up, −1 facing down; and which flat facets share each edge.
  const flat = new Int8Array(nf);
  const normals = triangleNormals(mesh);
  const zOf = (f: number, corner: number): number => p[3 * t[3 * f + corner]! + 2]!;
  for (let f = 0; f < nf; f++) {
    const area = (projectedArea[f] = normals[3 * f + 2]! / 2);
    const za = zOf(f, 0),
      zb = zOf(f, 1),
      zc = zOf(f, 2);
    if (area === 0 || Math.max(za, zb, zc) - Math.min(za, zb, zc) >= 1e-6 * layerHeightMm) continue;
    flat[f] = area > 0 ? 1 : -1;
  }
  // Per edge, its half-edges on flat facets facing up and facing down.
  const { edgeOf, counts } = edgeNumbers(mesh);
  const flatUp = new Int32Array(counts.length),
    flatDown = new Int32Array(counts.length);
  for (let h = 0; h < t.length; h++) {
    const side = flat[Math.floor(h / 3)];
    if (side) (side > 0 ? flatUp : flatDown)[edgeOf[h]!]!++;
  }
  const bands = new Map<number, (x: number, y: number) => boolean>();
  const inWalls = (f: number, k: number): boolean => {
    if (!walls) return false;
    let band = bands.get(k);
    if (!band) bands.set(k, (band = wallBand(walls.sections[k]!, walls.widthMm)));
    // The whole facet: its corners and its centre (a long facet of a deck reaching to the side is skin).
    const a = t[3 * f]! * 3,
      b = t[3 * f + 1]! * 3,
      c = t[3 * f + 2]! * 3;
    return (
      band(p[a]!, p[a + 1]!) &&
      band(p[b]!, p[b + 1]!) &&
      band(p[c]!, p[c + 1]!) &&
      band((p[a]! + p[b]! + p[c]!) / 3, (p[a + 1]! + p[b + 1]! + p[c + 1]!) / 3)
    );
  };
  for (let f = 0; f < nf; f++) {
    const projected = projectedArea[f]!;
    if (projected === 0) continue;
    // Which way it faces picks the arrays (two ternaries: no array made per facet).
    let area = projected > 0 ? out.up : out.down,
      outline = projected > 0 ? out.upOutlineMm : out.downOutlineMm;
    const z0 = (zOf(f, 0) - zMinMm) / layerHeightMm,
      z1 = (zOf(f, 1) - zMinMm) / layerHeightMm,
      z2 = (zOf(f, 2) - zMinMm) / layerHeightMm;
    const lo = Math.min(z0, z1, z2),
      hi = Math.max(z0, z1, z2);
    if (flat[f]) {
      // A face on a layer boundary caps the layer under it (starts the one over it). The STL's float32
      // heights land up to ~1e-5 layers either side of the boundary: round within a thousandth of a layer.
      const k = clampLayer(projected > 0 ? Math.ceil(hi - 1e-3) - 1 : Math.floor(lo + 1e-3));
      // A ledge within the walls of the layer it caps or starts and of the next one in (a groove's floor in
      // a side) is laid by the perimeters: no skin grows from it. Within its own layer's walls only, it
      // grows skin in the layers beyond (FacingSurfaces.upUnder).
      if (inWalls(f, k)) {
        const next = projected > 0 ? k - 1 : k + 1;
        if (next < 0 || next >= layers || inWalls(f, next)) continue;
        area = projected > 0 ? out.upUnder : out.downOver;
        outline = projected > 0 ? out.upUnderOutlineMm : out.downOverOutlineMm;
      }
      area[k] = area[k]! + Math.abs(projected);
      const sameWay = projected > 0 ? flatUp : flatDown;
      for (let e = 0; e < 3; e++) {
        const va = t[3 * f + e]!,
          vb = t[3 * f + ((e + 1) % 3)]!;
        // Another flat facet facing the same way on this edge: a half-edge there besides this facet's own.
        const edge = edgeOf[3 * f + e]!;
        const own =
          Number(edgeOf[3 * f] === edge) + Number(edgeOf[3 * f + 1] === edge) + Number(edgeOf[3 * f + 2] === edge);
        if (sameWay[edge]! > own) continue;
        outline[k] = outline[k]! + hypot2(p[vb * 3]! - p[va * 3]!, p[vb * 3 + 1]! - p[va * 3 + 1]!);
      }
      continue;
    }
    const shells = walls && (projected > 0 ? walls.topLayers : walls.bottomLayers);
    // The strip's run across per layer: h · cot(slope), from the facet's normal.
    const nz = Math.abs(projected) / (Math.hypot(normals[3 * f]!, normals[3 * f + 1]!, normals[3 * f + 2]!) / 2);
    const runMm = nz >= 1 ? Infinity : (layerHeightMm * nz) / Math.sqrt(1 - nz * nz);
    for (let k = clampLayer(Math.floor(lo)); k <= clampLayer(Math.ceil(hi) - 1); k++) {
      const inLayer = (Math.abs(projected) * (Math.min(hi, k + 1) - Math.max(lo, k))) / (hi - lo);
      if (!shells || !walls) {
        area[k] = area[k]! + inLayer;
        continue;
      }
      const sloped = projected > 0 ? out.slopedUp : out.slopedDown;
      for (let j = 0; j < shells; j++) {
        const i = projected > 0 ? k - j : k + j;
        if (i < 0 || i >= layers) break;
        const share = runMm === Infinity ? 1 : Math.min(1, Math.max(0, ((j + 1) * runMm - walls.widthMm) / runMm));
        sloped[i] = sloped[i]! + inLayer * share;
      }
    }
  }
  return out;
}

/**
 * One part's print before calibration: what it extrudes by feature, and each layer's time at the
 * profile's speeds beside the time the cooling slowdown would stretch it to. `calibrate` turns it into
 * grams and minutes; the calibration fit (src/bom/calibrate.ts) re-applies it under trial constants.
 */
export interface PrintAnalysis {
  layers: number;
  wallsMm3: number;
  skinsMm3: number;
  infillMm3: number;
  /** The brim (print.brimWidthMm), mm³. */
  brimMm3: number;
  /** Per layer: time of the moves at the profile's speeds, s. */
  moveS: Float64Array;
  /** Per layer: the minimum layer time, or less where the minimum print speed caps the slowdown, s. */
  stretchedS: Float64Array;
}

/**
 * Analyses one copy of a part lying as it prints (its bottom at its lowest z). The mesh must be closed and
 * outward-oriented, as every exported part is.
 */
export function analysePrint(mesh: MeshData, print: PrintSettings): PrintAnalysis {
  const h = print.layerHeightMm;
  const {
    min: [, , zMin],
    max: [, , zMax],
  } = meshBounds(mesh);
  const layers = Math.max(1, Math.round((zMax - zMin) / h));
  const sections = sliceMesh(mesh, h, zMin, layers);
  // PrusaSlicer's flow: a road of width w and height h is a rectangle with round sides, so adjacent roads
  // sit w − h·(1 − π/4) apart and each carries spacing × h of plastic per mm.
  const spacing = print.lineWidthMm - h * (1 - Math.PI / 4);
  const wallWidthMm = print.perimeters * spacing;
  // Without sparse infill (a TPU ball's "three walls and no infill") the slicer lays skin only where a sloped
  // face's strip reaches inside the walls (FacingSurfaces.slopedUp); with it, its vertical shells fill every
  // sloped face's strip solid for the top and bottom layers (PrusaSlicer 2.5: an 8 mm ball with three walls
  // takes 2.4 mm³ of solid infill at 0 % and 112 mm³ at 5 % or 15 %), as the plain spread below counts it.
  const shells = print.infillFraction === 0 ? { topLayers: print.topLayers, bottomLayers: print.bottomLayers } : {};
  const {
    up,
    down,
    upOutlineMm,
    downOutlineMm,
    upUnder,
    downOver,
    upUnderOutlineMm,
    downOverOutlineMm,
    slopedUp,
    slopedDown,
  } = facingAreas(mesh, h, zMin, layers, { sections, widthMm: wallWidthMm, ...shells });
  const S = SLICER_PROFILE;
  const smallLoopMm = 2 * Math.PI * S.smallPerimeterRadiusMm;
  let walls = 0,
    skins = 0,
    infill = 0;
  const moveTimes = new Float64Array(layers),
    stretchedTimes = new Float64Array(layers);
  for (let i = 0; i < layers; i++) {
    const { areaMm2, loopLengthsMm, islands, islandLengthsMm } = sections[i]!;
    const contour = loopLengthsMm.reduce((s, x) => s + x, 0);
    // Each loop inside an island's outline is shorter than the outline, each round a hole longer (Steiner's
    // formula for a band of width W along a closed curve: L·W ∓ π·W²); a small island is walls through.
    const W = wallWidthMm;
    const islandWalls = islandLengthsMm.reduce((s, L) => s + Math.max(0, L * W - Math.PI * W * W), 0);
    const holeWalls =
      (contour - islandLengthsMm.reduce((s, L) => s + L, 0)) * W + Math.PI * W * W * (loopLengthsMm.length - islands);
    const wallArea = Math.min(areaMm2, islandWalls + holeWalls);
    // Thin sections cannot hold every loop: scale the roads down with the area they actually fill.
    const wallShare = contour > 0 ? wallArea / (contour * print.perimeters * spacing) : 0;
    const inside = areaMm2 - wallArea;
    // The surfaces this layer lies under or over, each grown by the slicer's margin (clipped to the section).
    let exposedTop = slopedUp[i]!,
      exposedBottom = slopedDown[i]!;
    for (let k = i; k < Math.min(layers, i + print.topLayers); k++)
      exposedTop +=
        up[k]! +
        S.externalInfillMarginMm * upOutlineMm[k]! +
        (k > i ? upUnder[k]! + S.externalInfillMarginMm * upUnderOutlineMm[k]! : 0);
    for (let k = Math.max(0, i - print.bottomLayers + 1); k <= i; k++)
      exposedBottom +=
        down[k]! +
        S.externalInfillMarginMm * downOutlineMm[k]! +
        (k < i ? downOver[k]! + S.externalInfillMarginMm * downOverOutlineMm[k]! : 0);
    // Islands too small for sparse infill are filled solid (judged on the layer's mean island); not with no
    // infill at all (PrusaSlicer 2.5's LayerRegion::prepare_fill_surfaces: only while fill_density > 0).
    const solidIslands = print.infillFraction > 0 && inside < S.solidInfillBelowAreaMm2 * islands;
    const skinArea = solidIslands ? inside : Math.min(inside, exposedTop + exposedBottom);
    const topArea = Math.min(skinArea, up[i]!);
    const infillArea = print.infillFraction * (inside - skinArea);
    walls += wallArea * h;
    skins += skinArea * h;
    infill += infillArea * h;

    let moveS = 0;
    for (const loop of loopLengthsMm) {
      const small = loop <= smallLoopMm;
      const outer = small ? S.smallPerimeterSpeedMmS : S.externalPerimeterSpeedMmS;
      const inner = small ? S.smallPerimeterSpeedMmS : S.perimeterSpeedMmS;
      moveS += wallShare * (loop / outer + ((print.perimeters - 1) * loop) / inner);
    }
    moveS += topArea / spacing / S.topSolidInfillSpeedMmS + (skinArea - topArea) / spacing / S.solidInfillSpeedMmS;
    moveS += infillArea / spacing / S.infillSpeedMmS;
    // The fill runs in roads across the region inside the walls, as long on average as its mean chord
    // (Cauchy: π × area ÷ perimeter), each started and stopped.
    const chordMm = contour > 0 ? (Math.PI * inside) / contour : 0;
    moveS +=
      accelerationS(topArea / spacing, chordMm, S.topSolidInfillSpeedMmS) +
      accelerationS((skinArea - topArea) / spacing, chordMm, S.solidInfillSpeedMmS) +
      accelerationS(infillArea / spacing, chordMm, S.infillSpeedMmS);
    const roadMm = (wallArea + skinArea + infillArea) / spacing;
    moveTimes[i] = i === 0 ? Math.max(moveS, roadMm / S.firstLayerSpeedMmS) : moveS;
    // The cooling slowdown stretches a short layer towards the minimum time, down to the minimum speed.
    stretchedTimes[i] = Math.min(S.minLayerTimeS, roadMm / S.minPrintSpeedMmS);
  }
  // The brim (PrusaSlicer 2.5's Brim.cpp make_brim): floor(width / spacing) loops at the first layer's flow,
  // each offset one spacing further out round the islands' outlines. Their length adds up to W × outline
  // + π W² per island (W the loops' whole width; exact for a convex outline), printed at the first layer's speed.
  const loopsWidthMm = Math.floor((print.brimWidthMm ?? 0) / spacing + 1e-9) * spacing;
  const first = sections[0]!;
  const brimArea =
    loopsWidthMm > 0
      ? loopsWidthMm * first.islandLengthsMm.reduce((s, x) => s + x, 0) + Math.PI * loopsWidthMm ** 2 * first.islands
      : 0;
  moveTimes[0] = moveTimes[0]! + brimArea / spacing / S.firstLayerSpeedMmS;
  return {
    layers,
    wallsMm3: walls,
    skinsMm3: skins,
    infillMm3: infill,
    brimMm3: brimArea * h,
    moveS: moveTimes,
    stretchedS: stretchedTimes,
  };
}

/** Seconds of one analysed part under `calibration`: each layer's moves scaled, stretched, plus the overhead. */
export function calibratedSeconds(a: PrintAnalysis, calibration: Calibration): number {
  let seconds = 0;
  for (let i = 0; i < a.layers; i++) seconds += Math.max(calibration.moveTimeFactor * a.moveS[i]!, a.stretchedS[i]!);
  return seconds + a.layers * calibration.layerOverheadS;
}

/** Grams and minutes of one analysed part under `calibration` (default: the fitted `CALIBRATION`). */
export function calibrate(
  a: PrintAnalysis,
  densityGPerCm3: number,
  calibration: Calibration = CALIBRATION,
): PrintEstimate {
  const k = calibration.volumeFactor;
  const extrudedMm3 = k * (a.wallsMm3 + a.skinsMm3 + a.infillMm3) + a.brimMm3;
  return {
    layers: a.layers,
    wallsMm3: k * a.wallsMm3,
    skinsMm3: k * a.skinsMm3,
    infillMm3: k * a.infillMm3,
    brimMm3: a.brimMm3,
    extrudedMm3,
    grams: (extrudedMm3 / 1000) * densityGPerCm3,
    minutes: calibratedSeconds(a, calibration) / 60,
    layerTimes: {
      moveS: Array.from(a.moveS, (m) => calibration.moveTimeFactor * m),
      floorS: Array.from(a.stretchedS),
      overheadS: calibration.layerOverheadS,
    },
  };
}

/**
 * Minutes of a plate: its parts' layers printed together, so the cooling slowdown stretches a layer of the
 * plate only when all its copies' moves on that layer take less than the minimum layer time (a lone small
 * part's every layer is stretched; 39 flag holders side by side, none). Layers count from the bed, where
 * every copy stands.
 */
export function plateMinutes(parts: readonly { times: LayerTimes; count: number }[]): number {
  const layers = Math.max(0, ...parts.map((p) => p.times.moveS.length));
  let seconds = 0;
  for (let i = 0; i < layers; i++) {
    let move = 0,
      floor = 0;
    for (const { times, count } of parts) {
      move += count * (times.moveS[i] ?? 0);
      floor += count * (times.floorS[i] ?? 0);
    }
    seconds += Math.max(move, Math.min(SLICER_PROFILE.minLayerTimeS, floor));
  }
  for (const { times, count } of parts) seconds += count * times.moveS.length * times.overheadS;
  return seconds / 60;
}

/**
 * Estimates filament and time for one copy of a part lying as it prints (its bottom at its lowest z).
 * The mesh must be closed and outward-oriented, as every exported part is.
 */
export function estimatePrint(
  mesh: MeshData,
  print: PrintSettings,
  densityGPerCm3: number,
  calibration: Calibration = CALIBRATION,
): PrintEstimate {
  return calibrate(analysePrint(mesh, print), densityGPerCm3, calibration);
}
