/**
 * Outline nesting: copies placed by their footprints' cells (./footprint.ts) rather than their bounding
 * boxes, so round parts sit in staggered rows and a part fits where a neighbour tapers. Bottom-
 * left fill: each copy goes, at whichever quarter turn sits lowest, to the lowest then leftmost cell on the
 * first plate with room. Two copies are kept so that no point of one comes within `gapMm` of the other:
 * the footprints cover their parts, and a footprint is grown by every cell offset whose nearest points
 * could be closer than the gap.
 */
import type { Footprint, FootprintMask } from './footprint.js';

export interface NestItem {
  key: string;
  count: number;
  footprint: Footprint;
}

/**
 * One copy on a plate: turned `quarter` quarter turns about +Z, its turned footprint's lower-left corner at
 * (x, y): mm from the usable area's corner as the packers place it, from the bed's as `packPlates` returns it.
 */
export interface PlacedCopy {
  key: string;
  xMm: number;
  yMm: number;
  quarter: number;
}

/** A mask as bit rows (bit i of word k is cell 32k + i), held at all 32 shifts so any cell offset is one AND per word. */
interface BitMask {
  widthCells: number;
  depthCells: number;
  /** Words per row at any shift. */
  words: number;
  /** shifted[s][row * words + k]: the row moved s cells right. */
  shifted: Uint32Array[];
  /** The longest run of set cells in each row, and where it starts. */
  runs: Int32Array;
  runStarts: Int32Array;
}

/** The longest run of cells in `[from, to)` for which `set(i)` holds: its length and first cell. */
function longestRun(from: number, to: number, set: (i: number) => boolean): { length: number; start: number } {
  let best = { length: 0, start: from };
  for (let i = from, run = 0; i < to; i++)
    if ((run = set(i) ? run + 1 : 0) > best.length) best = { length: run, start: i - run + 1 };
  return best;
}

function bitMask(m: FootprintMask): BitMask {
  const words = Math.ceil((m.widthCells + 31) / 32);
  const flat = new Uint32Array(words * m.depthCells);
  for (let j = 0; j < m.depthCells; j++)
    for (let i = 0; i < m.widthCells; i++)
      if (m.cells[j * m.widthCells + i]) flat[j * words + (i >> 5)]! |= 1 << (i & 31);
  // The mask's last word is always clear (a spare for shifting), so no bits fall off a row.
  // Shifted by a loop, not a callback per word: 31 shifts of every turn's masks.
  const shifted = [flat];
  for (let s = 1; s < 32; s++) {
    const out = new Uint32Array(flat.length);
    for (let k = 0; k < flat.length; k++)
      out[k] = k % words === 0 ? flat[k]! << s : (flat[k]! << s) | (flat[k - 1]! >>> (32 - s));
    shifted.push(out);
  }
  const longest = Array.from({ length: m.depthCells }, (_, j) =>
    longestRun(0, m.widthCells, (i) => m.cells[j * m.widthCells + i] === 1),
  );
  return {
    widthCells: m.widthCells,
    depthCells: m.depthCells,
    words,
    shifted,
    runs: Int32Array.from(longest, (r) => r.length),
    runStarts: Int32Array.from(longest, (r) => r.start),
  };
}

/**
 * `m` grown by `reach` cells: a cell is set when its square could come within `gapCells` of a set cell's
 * square (the nearest points of squares `d` cells apart are `max(|d| - 1, 0)` apart on each axis).
 */
function grow(m: FootprintMask, reach: number, gapCells: number): FootprintMask {
  const widthCells = m.widthCells + 2 * reach,
    depthCells = m.depthCells + 2 * reach;
  const cells = new Uint8Array(widthCells * depthCells);
  // The disc as one run per row: dy → the cells dx in [-half, half].
  const disc: [number, number][] = [];
  for (let dy = -reach; dy <= reach; dy++) {
    let half = -1;
    for (let dx = 0; dx <= reach; dx++)
      if (Math.max(dx - 1, 0) ** 2 + Math.max(Math.abs(dy) - 1, 0) ** 2 < gapCells * gapCells) half = dx;
    if (half >= 0) disc.push([dy, half]);
  }
  const set = (i: number, j: number): boolean =>
    i >= 0 && j >= 0 && i < m.widthCells && j < m.depthCells && m.cells[j * m.widthCells + i] === 1;
  for (let j = 0; j < m.depthCells; j++)
    for (let i = 0; i < m.widthCells; i++) {
      if (!set(i, j)) continue;
      cells[(j + reach) * widthCells + i + reach] = 1;
      // Inside cells add nothing the outline's discs do not.
      if (set(i - 1, j) && set(i + 1, j) && set(i, j - 1) && set(i, j + 1)) continue;
      for (const [dy, half] of disc) {
        const at = (j + reach + dy) * widthCells + i + reach;
        cells.fill(1, at - half, at + half + 1);
      }
    }
  return { widthCells, depthCells, cells, offsetXMm: m.offsetXMm, offsetYMm: m.offsetYMm };
}

/**
 * The footprint of a part with `marginMm` of brim all round: every turn's cells grown as the gap grows
 * them, the box grown by the margin on each side. Either packer then keeps the brim, not only the part,
 * a gap from its neighbours; the part stands `marginMm` in from the grown box's corner at every turn.
 */
export function grownFootprint(fp: Footprint, marginMm: number): Footprint {
  const cells = marginMm / fp.cellMm;
  const reach = Math.ceil(cells - 1e-9);
  const turn = (m: FootprintMask): FootprintMask => ({
    ...grow(m, reach, cells),
    offsetXMm: m.offsetXMm + reach * fp.cellMm - marginMm,
    offsetYMm: m.offsetYMm + reach * fp.cellMm - marginMm,
  });
  const turns = fp.turns.map(turn) as Footprint['turns'];
  return {
    cellMm: fp.cellMm,
    widthMm: fp.widthMm + 2 * marginMm,
    depthMm: fp.depthMm + 2 * marginMm,
    areaMm2: turns[0].cells.reduce((s, c) => s + c, 0) * fp.cellMm ** 2,
    turns,
  };
}

/** A footprint's bit masks, kept per footprint: the same parts are nested several ways. */
const masks = new WeakMap<FootprintMask, { key: string; own: BitMask; grown: BitMask }>();
function masksOf(m: FootprintMask, reach: number, gapCells: number): { own: BitMask; grown: BitMask } {
  const key = `${reach} ${gapCells}`;
  const kept = masks.get(m);
  if (kept?.key === key) return kept;
  const made = { key, own: bitMask(m), grown: bitMask(grow(m, reach, gapCells)) };
  masks.set(m, made);
  return made;
}

/** An empty plate's freeFrom: every cell free to the row's end. */
function freeCells(rows: number, bedW: number): Int16Array {
  const out = new Int16Array(rows * bedW);
  for (let x = 0; x < bedW; x++) out[x] = bedW - x;
  // Every row as the first: a copy each, not a loop over every cell of the plate for each new plate.
  for (let r = 1; r < rows; r++) out.copyWithin(r * bedW, 0, bedW);
  return out;
}

const sameMask = (a: FootprintMask, b: FootprintMask): boolean =>
  a.widthCells === b.widthCells && a.depthCells === b.depthCells && a.cells.every((c, i) => c === b.cells[i]);

/**
 * Nests every copy of the batches, one batch after another, onto plates of `usableXMm` × `usableYMm`.
 * Returns undefined when a footprint, rounded up to whole cells, does not fit an empty plate at any turn.
 */
export function nestPlates(
  batches: readonly (readonly NestItem[])[],
  usableXMm: number,
  usableYMm: number,
  gapMm: number,
): PlacedCopy[][] | undefined {
  const first = batches.flat()[0];
  if (!first) return [];
  const cellMm = first.footprint.cellMm;
  const gapCells = gapMm / cellMm;
  const reach = Math.ceil(gapCells) + 1;
  const bedW = Math.floor(usableXMm / cellMm + 1e-9),
    bedH = Math.floor(usableYMm / cellMm + 1e-9);
  // Plates are held with `reach` empty cells around them, so a grown footprint never indexes outside.
  const rowWords =
    Math.ceil((bedW + 2 * reach) / 32) +
    Math.ceil(
      (Math.max(...batches.flat().map((i) => Math.max(...i.footprint.turns.map((t) => t.widthCells)))) +
        2 * reach +
        31) /
        32,
    ) +
    1;
  const rows = bedH + 2 * reach;
  interface Plate {
    occupied: Uint32Array;
    /** The longest free run of cells in each row: a row too full for any row of a footprint is skipped whole. */
    freeRuns: Int32Array;
    /** freeFrom[row * bedW + x]: how many cells from x on in that row are free, or taken (negative). */
    freeFrom: Int16Array;
    copies: PlacedCopy[];
    /** Where the next search for an item's turn may start: every earlier position is taken. */
    resume: Map<string, number>;
  }
  const plates: Plate[] = [];
  const fits = (plate: Plate, grown: BitMask, px: number, py: number): boolean => {
    const sh = grown.shifted[px & 31]!,
      wo = px >> 5;
    for (let j = 0; j < grown.depthCells; j++) {
      const base = (py + j) * rowWords + wo;
      for (let k = 0; k < grown.words; k++) if (sh[j * grown.words + k]! & plate.occupied[base + k]!) return false;
    }
    return true;
  };
  const mark = (plate: Plate, own: BitMask, px: number, py: number): void => {
    const sh = own.shifted[(px + reach) & 31]!,
      wo = (px + reach) >> 5;
    for (let j = 0; j < own.depthCells; j++) {
      const base = (py + reach + j) * rowWords + wo;
      for (let k = 0; k < own.words; k++) plate.occupied[base + k]! |= sh[j * own.words + k]!;
      const row = (py + reach + j) * rowWords,
        from = (py + reach + j) * bedW;
      // Only the copy's cells were taken: the row's runs change from its right end leftwards, until a
      // run left of it comes out as it was (all further left then do too).
      const end = px + own.widthCells;
      for (let x = end - 1, run = end < bedW ? plate.freeFrom[from + end]! : 0; x >= 0; x--) {
        const free = (plate.occupied[row + ((x + reach) >> 5)]! & (1 << ((x + reach) & 31))) === 0;
        run = free ? Math.max(run, 0) + 1 : Math.min(run, 0) - 1;
        if (x < px && plate.freeFrom[from + x] === run) break;
        plate.freeFrom[from + x] = run;
      }
      // The longest free run: run by run along the row (each cell's count reaches the next run).
      let longest = 0;
      for (let x = 0; x < bedW; x += Math.abs(plate.freeFrom[from + x]!))
        longest = Math.max(longest, plate.freeFrom[from + x]!);
      plate.freeRuns[py + reach + j] = longest;
    }
  };
  /** Whether every row of `own` placed at row `py` could find a free run as long as its own. */
  const roomInRow = (plate: Plate, own: BitMask, py: number): boolean => {
    for (let j = 0; j < own.depthCells; j++) if (plate.freeRuns[py + reach + j]! < own.runs[j]!) return false;
    return true;
  };
  /**
   * How far right of `px` the next position that could hold `grown` is: 0 when every row's longest run
   * lands on free cells, else past the taken cells that block one.
   */
  const blocked = (plate: Plate, grown: BitMask, px: number, py: number): number => {
    for (let j = 0; j < grown.depthCells; j++) {
      // The run in plate cells (the mask's cell i stands on plate cell px + i - reach), clipped to the plate.
      const s0 = px + grown.runStarts[j]! - reach;
      const lo = Math.max(0, s0),
        hi = Math.min(bedW, s0 + grown.runs[j]!);
      if (hi <= lo) continue;
      const row = (py + j) * bedW;
      const free = Math.max(0, plate.freeFrom[row + lo]!);
      // Past the whole taken run the first taken cell begins.
      if (free < hi - lo) return lo + free - plate.freeFrom[row + lo + free]! - s0;
    }
    return 0;
  };
  /** The lowest, then leftmost, position on `plate` where `grown` fits, as y * bedW + x; -1 when none. */
  const search = (plate: Plate, tag: string, own: BitMask, grown: BitMask): number => {
    const xMax = bedW - own.widthCells,
      yMax = bedH - own.depthCells;
    const from = plate.resume.get(tag) ?? 0;
    for (let py = Math.floor(from / bedW); py <= yMax; py++) {
      if (!roomInRow(plate, own, py)) continue;
      for (let px = py === Math.floor(from / bedW) ? from % bedW : 0; px <= xMax;) {
        const skip = blocked(plate, grown, px, py);
        if (skip > 0) px += skip;
        else if (fits(plate, grown, px, py)) {
          plate.resume.set(tag, py * bedW + px);
          return py * bedW + px;
        } else px++;
      }
    }
    plate.resume.set(tag, Infinity);
    return -1;
  };
  let itemIndex = 0;
  for (const batch of batches)
    for (const item of [...batch].sort(
      (a, b) => b.footprint.areaMm2 - a.footprint.areaMm2 || (a.key < b.key ? -1 : 1),
    )) {
      const tag = `${itemIndex++}:`;
      // Turns whose shadow repeats an earlier one (a disc's) are tried once.
      const turns = item.footprint.turns
        .map((m, q) => ({ q, m }))
        .filter(
          ({ m }, q, all) =>
            m.widthCells <= bedW && m.depthCells <= bedH && !all.slice(0, q).some((o) => sameMask(o.m, m)),
        )
        .map(({ q, m }) => ({ q, offsetXMm: m.offsetXMm, offsetYMm: m.offsetYMm, ...masksOf(m, reach, gapCells) }));
      if (turns.length === 0) return undefined;
      for (let n = 0; n < item.count; n++) {
        let placed = false;
        for (const plate of [...plates, undefined]) {
          const target: Plate = plate ?? {
            occupied: new Uint32Array(rowWords * rows),
            freeRuns: new Int32Array(rows).fill(bedW),
            freeFrom: freeCells(rows, bedW),
            copies: [],
            resume: new Map(),
          };
          let best: { at: number; turn: (typeof turns)[number] } | undefined;
          for (const turn of turns) {
            const at = search(target, tag + turn.q, turn.own, turn.grown);
            if (at >= 0 && (!best || at < best.at)) best = { at, turn };
          }
          if (!best) continue;
          const px = best.at % bedW,
            py = (best.at - px) / bedW;
          mark(target, best.turn.own, px, py);
          target.copies.push({
            key: item.key,
            xMm: px * cellMm + best.turn.offsetXMm,
            yMm: py * cellMm + best.turn.offsetYMm,
            quarter: best.turn.q,
          });
          if (!plate) plates.push(target);
          placed = true;
          break;
        }
        if (!placed) return undefined;
      }
    }
  return plates.map((p) => p.copies);
}
