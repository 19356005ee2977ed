/**
 * A part's footprint on the bed: the shadow its mesh casts straight down, as square cells, at each quarter
 * turn about the vertical. A cell is set when the shadow touches any of it, so a footprint always covers
 * the part; the packer (./nest.ts) keeps footprints apart by whole cells and never lets parts come closer
 * than its gap. The area is the cells whose centre lies in the shadow: the shadow's area to within a cell
 * along its outline, used for the plates' lower bound.
 */
import type { MeshData } from '../geometry/kernel.js';

/**
 * The shadow at one turn: `widthCells` × `depthCells` cells, row-major from the lower-left corner. The
 * turned part's bounding box starts `offsetXMm`, `offsetYMm` in from the mask's corner (0 but for masks
 * turned from another, whose cells stand where the other's rounding left them).
 */
export interface FootprintMask {
  widthCells: number;
  depthCells: number;
  cells: Uint8Array;
  offsetXMm: number;
  offsetYMm: number;
}

export interface Footprint {
  cellMm: number;
  /** The shadow's bounding box on the bed, unturned (mm). */
  widthMm: number;
  depthMm: number;
  /** The shadow's area (mm²), cell centres counted. */
  areaMm2: number;
  /** The shadow turned 0°, 90°, 180° and 270° about +Z. */
  turns: [FootprintMask, FootprintMask, FootprintMask, FootprintMask];
}

/** (x, y) turned by `quarter` quarter turns counter-clockwise about the origin. */
export function quarterTurn(quarter: number, x: number, y: number): [number, number] {
  switch (quarter & 3) {
    case 0:
      return [x, y];
    case 1:
      return [-y, x];
    case 2:
      return [-x, -y];
    default:
      return [y, -x];
  }
}

/** Whether the triangle t = (ax, ay, bx, by, cx, cy) and the box [x0, x1] × [y0, y1] share a point (separating axes). */
function touches(t: Float64Array, x0: number, y0: number, x1: number, y1: number): boolean {
  for (let e = 0; e < 6; e += 2) {
    const ax = t[e]!,
      ay = t[e + 1]!,
      bx = t[(e + 2) % 6]!,
      by = t[(e + 3) % 6]!;
    const nx = ay - by,
      ny = bx - ax;
    if (nx === 0 && ny === 0) continue;
    const side = nx * (t[(e + 4) % 6]! - ax) + ny * (t[(e + 5) % 6]! - ay);
    // The box's corners nearest and farthest along the edge's normal.
    const lo = nx * ((nx > 0 ? x0 : x1) - ax) + ny * ((ny > 0 ? y0 : y1) - ay);
    const hi = nx * ((nx > 0 ? x1 : x0) - ax) + ny * ((ny > 0 ? y1 : y0) - ay);
    // The box lies wholly beyond the edge, on the side away from the third vertex; for a triangle seen edge
    // on (a wall), on either side of its line.
    if (side > 0 ? hi < 0 : side < 0 ? lo > 0 : hi < 0 || lo > 0) return false;
  }
  return true;
}

/** Whether the point lies strictly inside the triangle t. */
function inside(t: Float64Array, px: number, py: number): boolean {
  let sign = 0;
  for (let e = 0; e < 6; e += 2) {
    const ax = t[e]!,
      ay = t[e + 1]!;
    const s = (t[(e + 2) % 6]! - ax) * (py - ay) - (t[(e + 3) % 6]! - ay) * (px - ax);
    if (s !== 0) {
      if (sign !== 0 && Math.sign(s) !== sign) return false;
      sign = Math.sign(s);
    }
  }
  return sign !== 0;
}

/** The mesh's shadow turned `quarter` (0 or 1) quarter turns, its size, and (unturned) the count of cells whose centre it covers. */
function rasterise(
  mesh: MeshData,
  quarter: 0 | 1,
  cellMm: number,
): { mask: FootprintMask; widthMm: number; depthMm: number; centred: number } {
  const p = mesh.positions;
  const xy = new Float64Array((p.length / 3) * 2);
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let v = 0; v < p.length / 3; v++) {
    // quarterTurn's (x, y) → (−y, x), written out: no pair made and taken apart per vertex.
    const x = quarter ? -p[3 * v + 1]! : p[3 * v]!,
      y = quarter ? p[3 * v]! : p[3 * v + 1]!;
    xy[2 * v] = x;
    xy[2 * v + 1] = y;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const widthCells = Math.max(1, Math.ceil((maxX - minX) / cellMm - 1e-9));
  const depthCells = Math.max(1, Math.ceil((maxY - minY) / cellMm - 1e-9));
  const cells = new Uint8Array(widthCells * depthCells);
  const centre = new Uint8Array(widthCells * depthCells);
  const tri = new Float64Array(6);
  let centred = 0;
  const clamp = (i: number, n: number): number => Math.min(n - 1, Math.max(0, i));
  for (let k = 0; k < mesh.triangles.length; k += 3) {
    for (let j = 0; j < 3; j++) {
      const v = mesh.triangles[k + j]!;
      tri[2 * j] = (xy[2 * v]! - minX) / cellMm;
      tri[2 * j + 1] = (xy[2 * v + 1]! - minY) / cellMm;
    }
    // Every cell the triangle's box touches, those meeting it only along a grid line included.
    const i0 = clamp(Math.ceil(Math.min(tri[0]!, tri[2]!, tri[4]!)) - 1, widthCells),
      i1 = clamp(Math.floor(Math.max(tri[0]!, tri[2]!, tri[4]!)), widthCells);
    const j0 = clamp(Math.ceil(Math.min(tri[1]!, tri[3]!, tri[5]!)) - 1, depthCells),
      j1 = clamp(Math.floor(Math.max(tri[1]!, tri[3]!, tri[5]!)), depthCells);
    for (let j = j0; j <= j1; j++) {
      // Of a wide row, only the cells by the triangle's x-extent within it (its edges clipped to the row), a
      // hundredth of a cell wider: every cell beyond lies clear of the triangle by more than that, which
      // `touches` would find cell by cell (a wall seen edge on crosses few of its box's cells).
      let from = i0,
        to = i1;
      if (i1 - i0 > 3) {
        let lo = Infinity,
          hi = -Infinity;
        for (let e = 0; e < 6; e += 2) {
          const ax = tri[e]!,
            ay = tri[e + 1]!,
            bx = tri[(e + 2) % 6]!,
            by = tri[(e + 3) % 6]!;
          if (Math.max(ay, by) < j || Math.min(ay, by) > j + 1) continue;
          const s0 = ay === by ? 0 : Math.min(1, Math.max(0, (j - ay) / (by - ay))),
            s1 = ay === by ? 1 : Math.min(1, Math.max(0, (j + 1 - ay) / (by - ay)));
          const x0 = ax + s0 * (bx - ax),
            x1 = ax + s1 * (bx - ax);
          lo = Math.min(lo, x0, x1);
          hi = Math.max(hi, x0, x1);
        }
        from = Math.max(i0, Math.ceil(lo - 0.01) - 1);
        to = Math.min(i1, Math.floor(hi + 0.01));
      }
      for (let i = from; i <= to; i++) {
        const c = j * widthCells + i;
        if (!cells[c] && touches(tri, i, j, i + 1, j + 1)) cells[c] = 1;
        if (quarter === 0 && !centre[c] && cells[c] && inside(tri, i + 0.5, j + 0.5)) {
          centre[c] = 1;
          centred++;
        }
      }
    }
  }
  return {
    mask: { widthCells, depthCells, cells, offsetXMm: 0, offsetYMm: 0 },
    widthMm: maxX - minX,
    depthMm: maxY - minY,
    centred,
  };
}

/** `r`'s mask turned half a turn: the same cells read backwards, the part now at the far end of the rounding. */
function halfTurn(r: ReturnType<typeof rasterise>, cellMm: number): FootprintMask {
  const { widthCells, depthCells, cells } = r.mask;
  // Never below 0: a size within 1e-9 of whole cells rounds down to them.
  return {
    widthCells,
    depthCells,
    cells: cells.slice().reverse(),
    offsetXMm: Math.max(0, widthCells * cellMm - r.widthMm),
    offsetYMm: Math.max(0, depthCells * cellMm - r.depthMm),
  };
}

/** The footprint of `mesh` as it lies on the bed, at `cellMm` cells (PRINT_PLATE.cellMm). */
export function meshFootprint(mesh: MeshData, cellMm: number): Footprint {
  const [flat, quarter] = [rasterise(mesh, 0, cellMm), rasterise(mesh, 1, cellMm)];
  return {
    cellMm,
    widthMm: flat.widthMm,
    depthMm: flat.depthMm,
    areaMm2: flat.centred * cellMm * cellMm,
    turns: [flat.mask, quarter.mask, halfTurn(flat, cellMm), halfTurn(quarter, cellMm)],
  };
}
