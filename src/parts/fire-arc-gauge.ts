/**
 * Kingdom Fleets' fire-arc gauge: "an arc extends outwards from the corners of the ship's base at a 45
 * degree angle from the edge". A flat plate with a square notch that hooks onto a base's corner (its two
 * lips run along the base's two edges) and a long straight edge on the arc's boundary: the line through
 * the notch's corner at `angleDeg` to one edge of the base (and 90° − angleDeg to the other).
 *
 * Built with the base's corner at the origin, the base in −x, −y, the lips along its edges y = 0 and x = 0
 * outside it, and the edge running from the corner along (cos a, sin a). The plate keeps to the edge's
 * right (the side of the lip along x = 0); the other lip lies on the edge's left, so it joins the plate by
 * a small triangle beside the edge's first `LIP_WIDTH_MM`: a flat plate cannot hold both lips and an edge
 * whose material begins at the corner itself, since that edge would part the two lips. The edge shows
 * from there on, on the line through the corner.
 */
import { hull2d, polygon, text, type Profile, type Vec2 } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { DEFAULT_PRINTER_ID, MIN_FEATURE_MM, PRINT_PLATE, PRINTERS } from '../standard.js';
import { checkRange, mergeOptions } from './options.js';

const PART = 'fire-arc gauge';

export interface FireArcGaugeOptions {
  /** How far the straight edge reaches from the notch's corner. Default 120 mm. */
  lengthMm: number;
  /** Width of the arm behind the straight edge. Default 20 mm. */
  widthMm: number;
  /** Default 2.4 mm. */
  thicknessMm: number;
  /** How far each of the notch's two lips runs along the base's edges. Default 12 mm. */
  lipMm: number;
  /** The edge's angle to the base's edge it starts from (the rulebook's 45°); 10° to 80°. Default 45. */
  angleDeg: number;
  /** Depth of the engraved angle label. Default 0.6 mm. */
  engraveDepthMm: number;
}

export const DEFAULTS: FireArcGaugeOptions = {
  lengthMm: 120,
  widthMm: 20,
  thicknessMm: 2.4,
  lipMm: 12,
  angleDeg: 45,
  engraveDepthMm: 0.6,
};

/** Width of the lips across the base's edge: over ten line widths, stiff enough to hook a base. */
const LIP_WIDTH_MM = 5;
/** The default printer's bed less the print plate's edge margin on both sides: 210 mm. */
const bed = PRINTERS.find((p) => p.id === DEFAULT_PRINTER_ID)!;
export const MAX_FOOTPRINT_MM = Math.min(bed.bedXMm, bed.bedYMm) - 2 * PRINT_PLATE.edgeMm;
const LABEL_STROKE_MM = MIN_FEATURE_MM + 0.1;
const LABEL_GAP_MM = 2;

/** The plate's outline pieces in the corner frame (see the file's comment). */
function outline(o: FireArcGaugeOptions): { arm: Vec2[]; foot: Vec2[]; joint: Vec2[]; lip: Vec2[] } {
  const a = (o.angleDeg * Math.PI) / 180;
  const d: Vec2 = [Math.cos(a), Math.sin(a)],
    nr: Vec2 = [Math.sin(a), -Math.cos(a)];
  const at = (s: number, r: number): Vec2 => [s * d[0] + r * nr[0], s * d[1] + r * nr[1]];
  const h = LIP_WIDTH_MM,
    l = o.lipMm,
    w = o.widthMm;
  return {
    arm: [at(0, 0), at(o.lengthMm, 0), at(o.lengthMm, w), at(0, w)],
    // Holds the lip along x = 0 to the arm; all of it at x ≥ 0, right of the edge.
    foot: [[0, 0], [0, -l], [h, -l], at(0, w)],
    // Left of the edge's first h mm: joins the lip along y = 0 to the arm.
    joint: [[0, 0], at(h, 0), [0, h]],
    lip: [
      [-l, 0],
      [0, 0],
      [0, h],
      [-l, h],
    ],
  };
}

function footprintMm(o: FireArcGaugeOptions): number {
  const pts = Object.values(outline(o)).flat();
  const span = (k: 0 | 1): number => Math.max(...pts.map((p) => p[k])) - Math.min(...pts.map((p) => p[k]));
  return Math.max(span(0), span(1));
}

/** "45deg": the Hershey font has no degree sign. */
function angleLabel(angleDeg: number): string {
  return `${Math.round(angleDeg * 10) / 10}deg`;
}

/**
 * Builds a fire-arc gauge lying flat, face up, centred on the bed, its label engraved along the arm. The
 * edge stays within MAX_FOOTPRINT_MM (a 220 mm bed less its margins): the longest `lengthMm` allowed
 * depends on the angle. No features: nothing mates with it.
 */
export function fireArcGauge(options?: Partial<FireArcGaugeOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange(PART, 'angleDeg', o.angleDeg, 10, 80, 'deg');
  checkRange(PART, 'widthMm', o.widthMm, 10, 40);
  checkRange(PART, 'thicknessMm', o.thicknessMm, 1.5, 6);
  checkRange(PART, 'engraveDepthMm', o.engraveDepthMm, 0.2, o.thicknessMm - 1);
  checkRange(PART, 'lipMm', o.lipMm, LIP_WIDTH_MM, 40);
  const capMm = Math.min(6, 0.3 * o.widthMm);
  const label = text(angleLabel(o.angleDeg), capMm, LABEL_STROKE_MM);
  const lb = label.bounds();
  // The label fits along the arm's exposed edge; the footprint grows with the length, so bisect for the longest.
  const minLength = LIP_WIDTH_MM + (lb.max[0] - lb.min[0]) + 2 * LABEL_GAP_MM;
  let lo = minLength,
    hi = 1000;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (footprintMm({ ...o, lengthMm: mid }) <= MAX_FOOTPRINT_MM) lo = mid;
    else hi = mid;
  }
  checkRange(PART, 'lengthMm', o.lengthMm, minLength, lo);

  const parts = outline(o);
  const plate = polygon(parts.arm).union(hull2d([polygon(parts.foot)]), polygon(parts.joint), polygon(parts.lip));
  const s = (LIP_WIDTH_MM + o.lengthMm) / 2;
  const a = (o.angleDeg * Math.PI) / 180;
  const centre: Vec2 = [
    s * Math.cos(a) + (o.widthMm / 2) * Math.sin(a),
    s * Math.sin(a) - (o.widthMm / 2) * Math.cos(a),
  ];
  const cut: Profile = label.rotate(o.angleDeg).translate(centre[0], centre[1]);
  const solid = plate
    .extrude(o.thicknessMm)
    .subtract(cut.extrude(o.engraveDepthMm + 1).translate([0, 0, o.thicknessMm - o.engraveDepthMm]));
  return layOnBed({ solid, features: [] });
}
