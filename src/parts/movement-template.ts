/**
 * Kingdom Fleets' movement template: "Maneuvers have a length, turn angle ... place the corresponding
 * template's rear edge flat on the front edge of the ship ... place it so its rear edge is flat against
 * the front edge of the template." A flat strip whose centreline is an arc `lengthIn` long turning by
 * `turnDeg` (a straight strip for 0), its rear edge square to the centreline at its start and its front
 * edge square at its end, engraved with its id, length and turn.
 *
 * The outline is the arc's two offset lines as one polygon, sampled at the same angles, so the rear and
 * front edges are exact radii and every chord of the centreline is within a few micrometres of the arc.
 * Built turning left; flipped over, the same template turns right (its engraving then faces the table).
 */
import { polygon, text, type Profile, type Vec2 } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { DEFAULT_PRINTER_ID, MIN_FEATURE_MM, PRINT_PLATE, PRINTERS } from '../standard.js';
import { MM_PER_INCH } from '../units.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

const PART = 'movement template';

export interface MovementTemplateOptions {
  /** Short label engraved on it, e.g. 'S3' or 'T45-3': 1 to 8 printable ASCII characters. Default 'S3'. */
  id: string;
  /** Length of the centreline, inches. Default 3. */
  lengthIn: number;
  /** How far the centreline turns, degrees: 0 (straight) to 90. Default 0. */
  turnDeg: number;
  /** Across the strip. Default 25 mm. */
  widthMm: number;
  /** Default 2.4 mm. */
  thicknessMm: number;
  /** Depth of the engraved labels. Default 0.6 mm. */
  engraveDepthMm: number;
  /** Largest side of the footprint as printed: the default printer's bed less its margins. Default 210 mm. */
  maxFootprintMm: number;
}

const bed = PRINTERS.find((p) => p.id === DEFAULT_PRINTER_ID)!;

export const DEFAULTS: MovementTemplateOptions = {
  id: 'S3',
  lengthIn: 3,
  turnDeg: 0,
  widthMm: 25,
  thicknessMm: 2.4,
  engraveDepthMm: 0.6,
  maxFootprintMm: Math.min(bed.bedXMm, bed.bedYMm) - 2 * PRINT_PLATE.edgeMm,
};

const ID = /^[\x21-\x7e][\x20-\x7e]{0,7}$/;
/** Chords of at most 1.5°: the centreline's polyline is then short of the arc by under 3e-5 of its length. */
const MAX_STEP_DEG = 1.5;
/** Air between the labels and the strip's edges, and between the two lines. */
const LABEL_MARGIN_MM = 1;
/** Cap heights tried for the labels, largest first: the largest that fits is used. */
const LABEL_CAPS_MM = [5, 4.5, 4, 3.5, 3, 2.5];
/** Turns under a thousandth of a degree are built straight: they bow a 24 in template by under 2 µm. */
const STRAIGHT_BELOW_DEG = 1e-3;
/** Longest template considered: past any footprint a bed allows. */
const MAX_LENGTH_IN = 24;
/** The inner edge keeps at least this radius, so a tight turn's strip does not fold on itself. */
const MIN_INNER_RADIUS_MM = 1;

/** "3", "2.5": lengths and angles to a tenth. */
const fmt = (x: number): string => String(Math.round(x * 10) / 10);

/** What is engraved under the id: "3in 45deg" (the Hershey font has no degree sign). */
function templateLabel(lengthIn: number, turnDeg: number): string {
  return `${fmt(lengthIn)}in ${fmt(turnDeg)}deg`;
}

/**
 * The outline with the centreline starting at the origin heading +x, turning left about (0, R): the
 * outer (right) edge forward, then the inner edge back.
 */
function outline(lengthMm: number, turnDeg: number, widthMm: number): Vec2[] {
  if (turnDeg < STRAIGHT_BELOW_DEG)
    return [
      [0, -widthMm / 2],
      [lengthMm, -widthMm / 2],
      [lengthMm, widthMm / 2],
      [0, widthMm / 2],
    ];
  const theta = (turnDeg * Math.PI) / 180,
    r = lengthMm / theta;
  const n = Math.ceil(turnDeg / MAX_STEP_DEG);
  // Offset by `off` to the left of the centreline; r(1 − cos φ) written as 2r·sin²(φ/2), which keeps its digits for gentle turns.
  const at = (off: number, i: number): Vec2 => {
    const phi = (theta * i) / n;
    return [(r - off) * Math.sin(phi), 2 * r * Math.sin(phi / 2) ** 2 + off * Math.cos(phi)];
  };
  const out: Vec2[] = [];
  for (let i = 0; i <= n; i++) out.push(at(-widthMm / 2, i));
  for (let i = n; i >= 0; i--) out.push(at(widthMm / 2, i));
  return out;
}

/** The print turn (about z, degrees) and the footprint's larger side: as built, or with the chord along x, whichever is smaller. */
function printTurn(points: readonly Vec2[], turnDeg: number): { turnDeg: number; footprintMm: number } {
  const side = (rotDeg: number): number => {
    const c = Math.cos((rotDeg * Math.PI) / 180),
      s = Math.sin((rotDeg * Math.PI) / 180);
    const xs = points.map((p) => p[0] * c - p[1] * s),
      ys = points.map((p) => p[0] * s + p[1] * c);
    return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  };
  const a = side(0),
    b = side(-turnDeg / 2);
  return a <= b ? { turnDeg: 0, footprintMm: a } : { turnDeg: -turnDeg / 2, footprintMm: b };
}

/**
 * The id over the length and turn, along the centreline's tangent at its middle or across it, at the
 * largest cap height that keeps both lines a margin inside the strip; null if none does.
 */
function labels(strip: Profile, id: string, line2: string, lengthMm: number, turnDeg: number): Profile | null {
  const theta = (turnDeg * Math.PI) / 180;
  const mid: Vec2 =
    turnDeg < STRAIGHT_BELOW_DEG
      ? [lengthMm / 2, 0]
      : [(lengthMm / theta) * Math.sin(theta / 2), ((2 * lengthMm) / theta) * Math.sin(theta / 4) ** 2];
  const inside = strip.offset(-LABEL_MARGIN_MM);
  for (const cap of LABEL_CAPS_MM) {
    const stroke = cap >= 4 ? MIN_FEATURE_MM + 0.1 : MIN_FEATURE_MM;
    const a = text(id, cap, stroke),
      b = text(line2, cap, stroke);
    const ha = a.bounds().max[1] - a.bounds().min[1],
      hb = b.bounds().max[1] - b.bounds().min[1];
    const block = a.translate(0, (hb + LABEL_MARGIN_MM) / 2).union(b.translate(0, -(ha + LABEL_MARGIN_MM) / 2));
    for (const across of [0, 90]) {
      const placed = block.rotate(across + turnDeg / 2).translate(mid[0], mid[1]);
      if (placed.subtract(inside).areaMm2() < 1e-9) return placed;
    }
  }
  return null;
}

/**
 * Builds a movement template lying flat, face up, centred on the bed; turned so its footprint's larger
 * side is the smaller of as built (rear edge across y) and with the rear-to-front chord along x. Throws
 * an InputError naming `lengthIn` when that side exceeds `maxFootprintMm`. No features: nothing mates with it.
 */
export function movementTemplate(options?: Partial<MovementTemplateOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkOption(
    PART,
    'id',
    o.id,
    typeof o.id === 'string' && ID.test(o.id),
    '1 to 8 printable ASCII characters, the first not a space',
  );
  checkRange(PART, 'turnDeg', o.turnDeg, 0, 90, 'deg');
  checkRange(PART, 'lengthIn', o.lengthIn, 1, MAX_LENGTH_IN, 'in');
  checkRange(PART, 'thicknessMm', o.thicknessMm, 1.5, 6);
  checkRange(PART, 'engraveDepthMm', o.engraveDepthMm, 0.2, o.thicknessMm - 1);
  checkRange(PART, 'maxFootprintMm', o.maxFootprintMm, 50, 1000);
  const lengthMm = o.lengthIn * MM_PER_INCH;
  // A turning strip's inner edge is the centreline's radius less half the width.
  const maxWidth =
    o.turnDeg < STRAIGHT_BELOW_DEG
      ? 50
      : Math.min(50, 2 * (lengthMm / ((o.turnDeg * Math.PI) / 180) - MIN_INNER_RADIUS_MM));
  checkRange(PART, 'widthMm', o.widthMm, 10, maxWidth);

  const points = outline(lengthMm, o.turnDeg, o.widthMm);
  const turn = printTurn(points, o.turnDeg);
  if (turn.footprintMm > o.maxFootprintMm) {
    // The longest length that fits at this turn and width, for the message.
    let lo = 1,
      hi = MAX_LENGTH_IN;
    const fits = (inches: number): boolean =>
      printTurn(outline(inches * MM_PER_INCH, o.turnDeg, o.widthMm), o.turnDeg).footprintMm <= o.maxFootprintMm;
    for (let i = 0; i < 40; i++) {
      const mid = (lo + hi) / 2;
      if (fits(mid)) lo = mid;
      else hi = mid;
    }
    const longest = Math.floor(lo * 100) / 100;
    checkOption(
      PART,
      'lengthIn',
      o.lengthIn,
      false,
      `a template whose footprint fits maxFootprintMm (${o.maxFootprintMm} mm; this one is ${turn.footprintMm.toFixed(1)} mm): at turnDeg ${o.turnDeg} and widthMm ${o.widthMm}, at most ${longest} in`,
    );
  }

  const strip = polygon(points);
  const line2 = templateLabel(o.lengthIn, o.turnDeg);
  const label = labels(strip, o.id, line2, lengthMm, o.turnDeg);
  checkOption(
    PART,
    'id',
    o.id,
    label !== null,
    `an id short enough to engrave with "${line2}" on this template (at least ${LABEL_CAPS_MM.at(-1)} mm tall)`,
  );
  const solid = strip
    .extrude(o.thicknessMm)
    .subtract(label!.extrude(o.engraveDepthMm + 1).translate([0, 0, o.thicknessMm - o.engraveDepthMm]));
  return layOnBed({ solid, features: [] }, [0, 0, turn.turnDeg]);
}
