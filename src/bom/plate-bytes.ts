/**
 * A plate's 3MF bytes from its model: its thumbnail drawn (unless one is kept, or none is wanted) and the
 * package zipped. Each plate's on its own, so print's threads make them side by side (./plate-worker.ts).
 */
import { serialize3mf, type ThreeMfModel } from '../mesh/threemf.js';
import { encodePng } from '../render/image.js';
import { plateThumbnail } from '../render/previews.js';

/** One plate to make: its model, the bed it is drawn on, and its thumbnail when one is kept. */
export interface PlateTask {
  model: Omit<ThreeMfModel, 'thumbnailPng'>;
  bedXMm: number;
  bedYMm: number;
  /** A thumbnail kept from an earlier run; null: draw it (or none, without `draw`). */
  thumbnailPng: Uint8Array | null;
  /** Whether the plate has a thumbnail at all. */
  draw: boolean;
}

/** The plate's 3MF bytes, and the thumbnail in it (to keep). */
export interface PlateResult {
  bytes: Uint8Array;
  thumbnailPng: Uint8Array | null;
}

/** Makes one plate (src/render/previews.ts's plateThumbnail for its picture, src/mesh/threemf.ts's package). */
export function plateBytes(t: PlateTask): PlateResult {
  const thumbnailPng = t.thumbnailPng ?? (t.draw ? encodePng(plateThumbnail(t.model, t.bedXMm, t.bedYMm)) : null);
  return { bytes: serialize3mf({ ...t.model, thumbnailPng }), thumbnailPng };
}
