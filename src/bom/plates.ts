/**
 * Print plates: the copies of one colour and material packed onto a printer's bed, as few plates as the
 * packer finds, each copy in the orientation it was built in, turned only about the vertical. Footprints
 * are the parts' bounding boxes on the bed (MaxRects with rotation, maxrects-packer), held `gapMm` apart
 * and `edgeMm` in from the bed's edge. Packing quality is reported against the area lower bound. (The
 * packer's tag grouping, which would keep a faction's parts together, drops rectangles in 2.7.3: not used.)
 */
import { MaxRectsPacker, Rectangle } from 'maxrects-packer';

/** A part to place `count` times: its footprint on the bed (x × y mm) and the group it belongs with. */
export interface PlateItem {
  key: string;
  widthMm: number;
  depthMm: number;
  count: number;
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
  const packer = new MaxRectsPacker<Rectangle>(usableX + g, usableY + g, 0, { smart: true, pot: false, square: false, allowRotation: true });
  const rects: Rectangle[] = [];
  let area = 0;
  for (const item of items) {
    const fits = (item.widthMm <= usableX && item.depthMm <= usableY) || (item.depthMm <= usableX && item.widthMm <= usableY);
    if (!fits) throw new Error(`${item.key} (${item.widthMm} × ${item.depthMm} mm) does not fit a ${bedXMm} × ${bedYMm} mm bed`);
    for (let i = 0; i < item.count; i++) {
      const r = new Rectangle(item.widthMm + g, item.depthMm + g);
      r.data = { key: item.key };
      rects.push(r);
    }
    area += item.widthMm * item.depthMm * item.count;
  }
  packer.addArray(rects);
  const plates = packer.bins.map((bin) =>
    bin.rects.map((r) => ({ key: (r.data as { key: string }).key, xMm: spacing.edgeMm + r.x, yMm: spacing.edgeMm + r.y, rotated: Boolean(r.rot) })).sort((a, b) => a.yMm - b.yMm || a.xMm - b.xMm || (a.key < b.key ? -1 : 1)),
  );
  return { plates, lowerBound: Math.ceil(area / (usableX * usableY) - 1e-9) };
}
