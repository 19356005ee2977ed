/**
 * Print plates: the copies of one colour and material packed onto a printer's bed, as few plates as the
 * packers find, each copy in the orientation it was built in, turned only about the vertical, held
 * `gapMm` apart and `edgeMm` in from the bed's edge. Two packers: bounding boxes (MaxRects with rotation,
 * maxrects-packer) and outlines (./nest.ts); the outlines are used where they save a plate. A group's parts
 * (a faction's) stay together where that costs no plate (the packer's own tag grouping drops rectangles in
 * 2.7.3, so grouping is done here). Packing quality is reported against the area lower bound.
 */
import { MaxRectsPacker, Rectangle } from 'maxrects-packer';
import type { Footprint } from './footprint.js';
import { nestPlates, type PlacedCopy } from './nest.js';

export type { PlacedCopy };

/** A part to place `count` times: its footprint on the bed and the group it belongs with. */
export interface PlateItem {
  key: string;
  footprint: Footprint;
  count: number;
  /** Copies of one group (a faction's parts) are kept on the same plates where that costs no plate. */
  group?: string;
}

export interface PlateSpacing {
  /** Between parts (PRINT_PLATE.gapMm). */
  gapMm: number;
  /** From the bed's edge (PRINT_PLATE.edgeMm). */
  edgeMm: number;
}

export interface Packing {
  plates: PlacedCopy[][];
  /** The least number of plates any packing could use: the footprints' area over the usable bed area, rounded up. */
  lowerBound: number;
  /** Which packer's plates these are. */
  packer: 'boxes' | 'outlines';
}

/**
 * Packs every copy of `items` onto beds of `bedXMm` × `bedYMm`. Throws when a part does not fit the bed
 * even turned (generate refuses such parts first, so this is a programmer error).
 */
export function packPlates(
  items: readonly PlateItem[],
  bedXMm: number,
  bedYMm: number,
  spacing: PlateSpacing,
): Packing {
  const usableX = bedXMm - 2 * spacing.edgeMm;
  const usableY = bedYMm - 2 * spacing.edgeMm;
  // Each box grows by the gap on its far sides and the bin by one gap: copies end up a gap apart and the
  // last one still inside the usable area (the packer's own padding and border let it overhang).
  const g = spacing.gapMm;
  const size = (item: PlateItem): [number, number] => [item.footprint.widthMm, item.footprint.depthMm];
  const fits = ([w, d]: [number, number]): boolean => (w <= usableX && d <= usableY) || (d <= usableX && w <= usableY);
  for (const item of items)
    if (!fits(size(item)))
      throw new Error(`${item.key} (${size(item).join(' × ')} mm) does not fit a ${bedXMm} × ${bedYMm} mm bed`);
  const area = items.reduce((sum, i) => sum + i.footprint.areaMm2 * i.count, 0);
  // The packer sorts within one addArray call, so batches added one after another stay in their order.
  const boxes = (batches: readonly (readonly PlateItem[])[]): PlacedCopy[][] => {
    const p = new MaxRectsPacker<Rectangle>(usableX + g, usableY + g, 0, {
      smart: true,
      pot: false,
      square: false,
      allowRotation: true,
    });
    for (const batch of batches)
      p.addArray(
        batch.flatMap((item) =>
          Array.from({ length: item.count }, () => {
            const r = new Rectangle(item.footprint.widthMm + g, item.footprint.depthMm + g);
            r.data = { key: item.key };
            return r;
          }),
        ),
      );
    return p.bins.map((bin) =>
      bin.rects.map((r) => ({ key: (r.data as { key: string }).key, xMm: r.x, yMm: r.y, quarter: r.rot ? 1 : 0 })),
    );
  };
  const outlines = (batches: readonly (readonly PlateItem[])[]): PlacedCopy[][] | undefined =>
    nestPlates(batches, usableX, usableY, g);
  const groupOf = new Map(items.map((i) => [i.key, i.group ?? '']));
  const byGroup = [...new Set(groupOf.values())].map((group) => items.filter((i) => (i.group ?? '') === group));
  // Three ways per packer, best first: each group on plates of its own; groups one after another (a
  // group's last plate shared with the next); everything together. The fewest plates wins, then the
  // fewest groups per plate, then boxes over outlines, then the earlier way.
  type Pack = (batches: readonly (readonly PlateItem[])[]) => PlacedCopy[][] | undefined;
  const apart = (pack: Pack): PlacedCopy[][] | undefined => {
    const all: PlacedCopy[][] = [];
    for (const batch of byGroup) {
      const p = pack([batch]);
      if (!p) return undefined;
      all.push(...p);
    }
    return all;
  };
  const candidates: { packer: Packing['packer']; plates: PlacedCopy[][] }[] = [];
  const lowerBound = Math.ceil(area / (usableX * usableY) - 1e-9);
  for (const [packer, pack] of [
    ['boxes', boxes],
    ['outlines', outlines],
  ] as const) {
    // Outlines only where boxes leave room to save a plate.
    if (packer === 'outlines' && Math.min(...candidates.map((c) => c.plates.length)) <= lowerBound) break;
    // One group: the three ways are one.
    for (const plates of byGroup.length > 1 ? [apart(pack), pack(byGroup), pack([items])] : [pack([items])])
      if (plates) candidates.push({ packer, plates });
  }
  const groupsOn = (ps: PlacedCopy[][]): number =>
    ps.reduce((sum, p) => sum + new Set(p.map((c) => groupOf.get(c.key))).size, 0);
  const rank = (c: (typeof candidates)[number]): number[] => [
    c.plates.length,
    groupsOn(c.plates),
    c.packer === 'boxes' ? 0 : 1,
  ];
  const compare = (a: number[], b: number[]): number => a.reduce((d, x, i) => d || x - b[i]!, 0);
  const best = candidates.reduce((b, c) => (compare(rank(c), rank(b)) < 0 ? c : b));
  const plates = best.plates.map((p) =>
    p
      .map((c) => ({ ...c, xMm: spacing.edgeMm + c.xMm, yMm: spacing.edgeMm + c.yMm }))
      .sort((a, b) => a.yMm - b.yMm || a.xMm - b.xMm || (a.key < b.key ? -1 : 1)),
  );
  return { plates, lowerBound, packer: best.packer };
}
