/**
 * Print plates: the copies of one colour and material packed onto a printer's bed, as few plates as the
 * packer finds, each copy in the orientation it was built in, turned only about the vertical. Footprints
 * are the parts' bounding boxes on the bed (MaxRects with rotation, maxrects-packer), held `gapMm` apart
 * and `edgeMm` in from the bed's edge. A group's parts (a faction's) stay together where that costs no
 * plate (the packer's own tag grouping drops rectangles in 2.7.3, so grouping is done here).
 * Packing quality is reported against the area lower bound.
 */
import { MaxRectsPacker, Rectangle } from 'maxrects-packer';

/** A part to place `count` times: its footprint on the bed (x × y mm) and the group it belongs with. */
export interface PlateItem {
  key: string;
  widthMm: number;
  depthMm: number;
  count: number;
  /** Copies of one group (a faction's parts) are kept on the same plates where that costs no plate. */
  group?: string;
}

/** One copy on a plate: its footprint's lower-left corner on the bed, and whether it was turned 90°. */
export interface PlacedCopy {
  key: string;
  xMm: number;
  yMm: number;
  rotated: boolean;
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
}

/**
 * Packs every copy of `items` onto beds of `bedXMm` × `bedYMm`. Throws when a part does not fit the bed
 * even turned (generate refuses such parts first, so this is a programmer error).
 */
export function packPlates(items: readonly PlateItem[], bedXMm: number, bedYMm: number, spacing: PlateSpacing): Packing {
  const usableX = bedXMm - 2 * spacing.edgeMm;
  const usableY = bedYMm - 2 * spacing.edgeMm;
  // Each footprint grows by the gap on its far sides and the bin by one gap: copies end up a gap apart and
  // the last one still inside the usable area (the packer's own padding and border let it overhang).
  const g = spacing.gapMm;
  const fits = (item: PlateItem): boolean => (item.widthMm <= usableX && item.depthMm <= usableY) || (item.depthMm <= usableX && item.widthMm <= usableY);
  for (const item of items) if (!fits(item)) throw new Error(`${item.key} (${item.widthMm} × ${item.depthMm} mm) does not fit a ${bedXMm} × ${bedYMm} mm bed`);
  const area = items.reduce((sum, i) => sum + i.widthMm * i.depthMm * i.count, 0);
  // Fresh rectangles per attempt: the packer writes their places into them.
  const rects = (ordered: readonly PlateItem[]): Rectangle[] =>
    ordered.flatMap((item) =>
      Array.from({ length: item.count }, () => {
        const r = new Rectangle(item.widthMm + g, item.depthMm + g);
        r.data = { key: item.key };
        return r;
      }),
    );
  const packer = (): MaxRectsPacker<Rectangle> => new MaxRectsPacker<Rectangle>(usableX + g, usableY + g, 0, { smart: true, pot: false, square: false, allowRotation: true });
  const place = (bins: MaxRectsPacker<Rectangle>['bins']): PlacedCopy[][] =>
    bins.map((bin) =>
      bin.rects.map((r) => ({ key: (r.data as { key: string }).key, xMm: spacing.edgeMm + r.x, yMm: spacing.edgeMm + r.y, rotated: Boolean(r.rot) })).sort((a, b) => a.yMm - b.yMm || a.xMm - b.xMm || (a.key < b.key ? -1 : 1)),
    );
  // The packer sorts within one addArray call, so batches added one after another stay in their order.
  const packed = (batches: readonly (readonly PlateItem[])[]): PlacedCopy[][] => {
    const p = packer();
    for (const batch of batches) p.addArray(rects(batch));
    return place(p.bins);
  };
  const groupOf = new Map(items.map((i) => [i.key, i.group ?? '']));
  const byGroup = [...new Set(groupOf.values())].map((group) => items.filter((i) => (i.group ?? '') === group));
  // Three ways, best first: each group on plates of its own; groups one after another (a group's last
  // plate shared with the next); everything together. The fewest plates wins, then the fewest groups per
  // plate, then the earlier way.
  const candidates = [byGroup.flatMap((batch) => packed([batch])), packed(byGroup), packed([items])];
  const groupsOn = (ps: PlacedCopy[][]): number => ps.reduce((sum, p) => sum + new Set(p.map((c) => groupOf.get(c.key))).size, 0);
  const plates = candidates.reduce((best, c) => (c.length < best.length || (c.length === best.length && groupsOn(c) < groupsOn(best)) ? c : best));
  return { plates, lowerBound: Math.ceil(area / (usableX * usableY) - 1e-9) };
}
