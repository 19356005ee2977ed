/**
 * The rigid block the printed cannon's arm carries at its tip (src/parts/cannon.ts): tip block, thumb pad
 * and pusher all move with the tip and take their share of the stored energy, like BRIEF §4's "cup". At
 * about 1 g against a 0.2 g ball it is the largest moving mass, so the transfer cannot leave it out.
 *
 * The sizes mirror the builder's layout for its default 8 mm ball, 10° bore and 0.20 mm clearance (the
 * builder does not export its moving mass): the block and pad are (h + 2 mm) thick over a 204.8 mm²
 * outline (20.8 mm × 6 mm tip block plus a 10 mm pad standing 14 mm tall, or taller for long draws), the
 * pusher has a 5 × 11.8 mm section and runs 2.5 mm + δ; test/physics/tip-block.test.ts holds this to
 * the builder's mesh. Treated as solid: a few millimetres thick, it is mostly perimeters and skins (its
 * 15 % infill core would make it up to about a third lighter). An estimate; the per-printer calibration
 * absorbs what it misses.
 */
import { MIN_FEATURE_MM } from '../standard.js';

export const TIP_BLOCK = {
  /** The block and pad are this much thicker than the arm (the builder's TIP_EXTRA_MM). */
  extraThicknessMm: 2,
  /** Tip block outline across the arm: its length and height (= arm width) beside the pad. */
  blockLengthMm: 10.8,
  /** Thumb pad outline: length and least height. */
  padLengthMm: 10,
  padHeightMm: 14,
  /** Pusher section (width × height) and its length beyond the release deflection. */
  pusherSectionMm2: 5 * 11.8,
  pusherBaseLengthMm: 2.5,
} as const;

/** Volume of the moving block in mm³ for an arm of thickness h and width b, released at δ (all mm). */
export function tipBlockVolumeMm3(thicknessMm: number, widthMm: number, releaseDeflectionMm: number): number {
  const t = TIP_BLOCK;
  // Like the builder: a tall arm or a long draw needs a taller pad so the catch ramp clears the arm.
  const padHeightMm = Math.max(t.padHeightMm, widthMm + releaseDeflectionMm + MIN_FEATURE_MM);
  const outlineMm2 = t.blockLengthMm * widthMm + t.padLengthMm * padHeightMm;
  return (thicknessMm + t.extraThicknessMm) * outlineMm2 + t.pusherSectionMm2 * (t.pusherBaseLengthMm + releaseDeflectionMm);
}
