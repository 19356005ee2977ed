/**
 * Kingdom Fleets' range ruler: a flat strip engraved with the rulebook's cannon range bands (0–3" point
 * blank +2 to hit, 3–8" short +0, 8–12" medium −2, 12–18" long, a natural 10). 18" is longer than a 220 mm
 * bed, so the ruler is printed in segments (`rulerSegments`) joined end to end by the jigsaw key
 * (./key-joint.ts): each segment's butt faces lie exactly on its inch span, the key stands beyond its far
 * end and the next segment's keyway is cut behind its near end, so the joined ruler measures true.
 *
 * Marks are grooves centred on their inch positions: full-width lines at band boundaries, half-width ticks
 * from one edge at every `tickEveryIn`. A mark that falls on a butt face is engraved half on each segment,
 * so the two halves read as one mark; the key itself is left whole (it is the probed peg), so the far
 * segment's half is broken for the key's neck. Labels sit in the other half of the width from the ticks,
 * clear of a strip along that edge where only the band boundaries cross (the tests measure there).
 */
import { rect, text, type Profile } from '../geometry/kernel.js';
import type { Feature, Part } from '../geometry/part.js';
import {
  clearanceMm as fitGapMm,
  CLEARANCE_RANGE_MM,
  DEFAULT_BED_CHAMFER_MM,
  DEFAULT_CLEARANCE_MM,
  GAME_INTERFACES,
  MIN_FEATURE_MM,
} from '../standard.js';
import { MM_PER_INCH } from '../units.js';
import { extrudeWithBedChamfer } from './chamfer.js';
import { keyFeature, keyProfile, keywayProfile } from './key-joint.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

const PART = 'range ruler';

export interface RangeRulerOptions {
  /** Band boundaries in inches: strictly increasing, the first 0. Default [0, 3, 8, 12, 18] (the rulebook's). */
  bandsIn: number[];
  /**
   * One label per band, engraved inside it wherever it falls in this segment. Default ['+2', '+0', '-2',
   * 'NAT 10']: each band's to-hit modifier, and at long range "a natural 10 is needed to hit target".
   */
  bandLabels: string[];
  /** Where this segment starts along the ruler, inches. Default 0. */
  fromIn: number;
  /** Where this segment ends along the ruler, inches. Default 6 (the first of the default ruler's three segments). */
  toIn: number;
  /** Across the ruler. Default 25 mm. */
  widthMm: number;
  /** Default 3 mm. */
  thicknessMm: number;
  /** Depth of the marks and labels. Default 0.6 mm. */
  engraveDepthMm: number;
  /** Width of a mark's groove. Default 1.0 mm (over MIN_FEATURE_MM). */
  markWidthMm: number;
  /** The printer's sliding clearance; the keyway is the key grown by it. Default DEFAULT_CLEARANCE_MM. */
  clearanceMm: number;
  /** 45° chamfer round the bottom edge, key and keyway included (chamfer.ts extrudeWithBedChamfer). Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
  /** Spacing of the half-width ticks, inches. Default 1. */
  tickEveryIn: number;
  /** A key stands beyond `toIn` (this segment continues into the next). Default false. */
  keyAtEnd: boolean;
  /** A keyway is cut behind `fromIn` (this segment takes the previous one's key). Default false. */
  keywayAtStart: boolean;
}

export const DEFAULTS: RangeRulerOptions = {
  bandsIn: [0, 3, 8, 12, 18],
  bandLabels: ['+2', '+0', '-2', 'NAT 10'],
  fromIn: 0,
  toIn: 6,
  widthMm: 25,
  thicknessMm: 3,
  engraveDepthMm: 0.6,
  markWidthMm: 1.0,
  clearanceMm: DEFAULT_CLEARANCE_MM,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
  tickEveryIn: 1,
  keyAtEnd: false,
  keywayAtStart: false,
};

/** Shortest segment: an inch, which holds a keyway with plate to spare. */
const MIN_SEGMENT_IN = 1;
/** Longest ruler: ten feet, past any table. */
const MAX_RULER_IN = 120;
/** Labels: strokes a line wider than the thinnest that prints, at most 8 characters. */
const LABEL_STROKE_MM = MIN_FEATURE_MM + 0.1;
const LABEL = /^[\x20-\x7e]{1,8}$/;
/** Air between a label and a mark or the keyway. */
const LABEL_GAP_MM = 1;
const EPS = 1e-9;

function checkBands(bandsIn: unknown): asserts bandsIn is number[] {
  const ok =
    Array.isArray(bandsIn) &&
    bandsIn.length >= 2 &&
    bandsIn.every((b) => typeof b === 'number' && Number.isFinite(b)) &&
    bandsIn[0] === 0 &&
    bandsIn.every((b: number, i) => i === 0 || b > bandsIn[i - 1]!) &&
    bandsIn[bandsIn.length - 1]! <= MAX_RULER_IN;
  checkOption(
    PART,
    'bandsIn',
    bandsIn,
    ok,
    `at least two strictly increasing inch values, the first 0 and the last at most ${MAX_RULER_IN}`,
  );
}

/**
 * Splits a ruler of `bandsIn` (its length is the last boundary) into the fewest segments that each fit
 * `maxSegmentMm` with the key standing beyond their end: equal segments when the length divides into
 * whole inches, otherwise whole-inch segments (the longer first, none more than an inch longer than
 * another) when the longer of them still fits, otherwise exactly equal ones. Default ruler on a 220 mm
 * bed less 5 mm margins (210 mm): 0–6, 6–12, 12–18.
 */
export function rulerSegments(bandsIn: readonly number[], maxSegmentMm: number): { fromIn: number; toIn: number }[] {
  checkBands(bandsIn);
  const reach = GAME_INTERFACES.key.reachMm;
  const minMm = reach + MIN_SEGMENT_IN * MM_PER_INCH;
  checkOption(
    PART,
    'maxSegmentMm',
    maxSegmentMm,
    Number.isFinite(maxSegmentMm) && maxSegmentMm >= minMm,
    `a number of at least ${minMm} mm (an inch of ruler and the key's ${reach} mm reach)`,
  );
  const total = bandsIn[bandsIn.length - 1]!;
  const fits = (lengthIn: number): boolean => lengthIn * MM_PER_INCH + reach <= maxSegmentMm + 1e-6;
  let n = Math.max(1, Math.ceil((total * MM_PER_INCH) / (maxSegmentMm - reach) - 1e-9));
  while (!fits(total / n)) n++;
  let lengths = Array.from({ length: n }, () => total / n);
  const whole = Math.round(total);
  if (Math.abs(total - whole) < EPS && Math.abs(total / n - Math.round(total / n)) > EPS) {
    const q = Math.floor(whole / n),
      r = whole - q * n;
    if (fits(q + 1)) lengths = Array.from({ length: n }, (_, i) => (i < r ? q + 1 : q));
  }
  const out: { fromIn: number; toIn: number }[] = [];
  let at = 0;
  for (let i = 0; i < n; i++) {
    const to = i === n - 1 ? total : at + lengths[i]!;
    out.push({ fromIn: at, toIn: to });
    at = to;
  }
  return out;
}

/**
 * Builds one range-ruler segment lying flat, face up: x = 0 at `fromIn` (x = (inch − fromIn) · 25.4 mm
 * along it), y = 0 on its centreline, z = 0 its bottom. Not centred on the bed like other parts, so its
 * inch marks stay where the caller placed them. Features: `key` (peg, at x = length, when `keyAtEnd`),
 * `keyway` (hole, at x = 0, when `keywayAtStart`).
 */
export function rangeRuler(options?: Partial<RangeRulerOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkBands(o.bandsIn);
  const bands = o.bandsIn;
  const total = bands[bands.length - 1]!;
  const nBands = bands.length - 1;
  checkOption(
    PART,
    'bandLabels',
    o.bandLabels,
    Array.isArray(o.bandLabels) &&
      o.bandLabels.length === nBands &&
      o.bandLabels.every((l) => typeof l === 'string' && LABEL.test(l) && l.trim() !== ''),
    `${nBands} labels (one per band), each 1 to 8 printable ASCII characters`,
  );
  checkRange(PART, 'fromIn', o.fromIn, 0, total - MIN_SEGMENT_IN, 'in');
  checkRange(PART, 'toIn', o.toIn, o.fromIn + MIN_SEGMENT_IN, total, 'in');
  checkRange(PART, 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  const K = GAME_INTERFACES.key;
  const grow = fitGapMm('sliding', o.clearanceMm);
  // The keyway's knob keeps 2 mm of plate each side (standard.ts GAME_INTERFACES.key).
  checkRange(PART, 'widthMm', o.widthMm, Math.max(16, K.knobDiameterMm + 2 * grow + 4), 60);
  checkRange(PART, 'thicknessMm', o.thicknessMm, 1.5, 10);
  // At least a millimetre of plate stays under every groove.
  checkRange(PART, 'engraveDepthMm', o.engraveDepthMm, 0.2, o.thicknessMm - 1);
  checkRange(PART, 'markWidthMm', o.markWidthMm, MIN_FEATURE_MM, 3);
  checkRange(PART, 'tickEveryIn', o.tickEveryIn, 0.25, total, 'in');
  checkRange(PART, 'bedChamferMm', o.bedChamferMm, 0, 0.5);
  checkOption(PART, 'keyAtEnd', o.keyAtEnd, typeof o.keyAtEnd === 'boolean', 'true or false');
  checkOption(PART, 'keywayAtStart', o.keywayAtStart, typeof o.keywayAtStart === 'boolean', 'true or false');

  const w = o.widthMm,
    t = o.thicknessMm,
    mw = o.markWidthMm;
  const lengthMm = (o.toIn - o.fromIn) * MM_PER_INCH;
  const xOf = (inch: number): number => (inch - o.fromIn) * MM_PER_INCH;
  const inSpan = (inch: number): boolean => inch >= o.fromIn - EPS && inch <= o.toIn + EPS;

  let plate = rect(lengthMm, w, false).translate(0, -w / 2);
  if (o.keyAtEnd) plate = plate.union(keyProfile().translate(lengthMm, 0));
  if (o.keywayAtStart) plate = plate.subtract(keywayProfile(o.clearanceMm));

  // Marks run past the edges so the grooves open cleanly through them; clipped to the butt faces, so a
  // mark on a butt face is its half on this side (the key is left whole).
  const marks: Profile[] = [];
  const isBoundary = (inch: number): boolean => bands.some((b) => Math.abs(b - inch) < 1e-6);
  for (const b of bands) if (inSpan(b)) marks.push(rect(mw, w + 2).translate(xOf(b), 0));
  const firstTick = Math.ceil(o.fromIn / o.tickEveryIn - 1e-6);
  for (let k = firstTick; k * o.tickEveryIn <= o.toIn + 1e-6; k++) {
    const inch = k * o.tickEveryIn;
    if (!isBoundary(inch)) marks.push(rect(mw, w / 2 + 1, false).translate(xOf(inch) - mw / 2, -w / 2 - 1));
  }

  // Labels: the half of the width away from the ticks, clear of the strip along the far edge.
  const capMm = 0.24 * w - LABEL_STROKE_MM;
  const labelY = 0.23 * w;
  const keywayEndMm = o.keywayAtStart ? K.reachMm + grow + LABEL_GAP_MM : 0;
  const labels: Profile[] = [];
  for (let i = 0; i < nBands; i++) {
    const a = Math.max(o.fromIn, bands[i]!),
      b = Math.min(o.toIn, bands[i + 1]!);
    if (b - a < EPS) continue;
    const lo = Math.max(xOf(a) + mw / 2 + LABEL_GAP_MM, keywayEndMm),
      hi = xOf(b) - mw / 2 - LABEL_GAP_MM;
    const label = text(o.bandLabels[i]!, capMm, LABEL_STROKE_MM);
    const lb = label.bounds();
    // Too short a piece of a band for its label here: left bare (a longer piece elsewhere carries it).
    if (hi - lo < lb.max[0] - lb.min[0]) continue;
    labels.push(label.translate((lo + hi) / 2, labelY));
  }

  const cuts: Profile[] = [...labels];
  const clip = rect(lengthMm, w + 4, false).translate(0, -w / 2 - 2);
  if (marks.length > 0) cuts.push(clip.intersect(marks[0]!.union(...marks.slice(1))));
  let solid = extrudeWithBedChamfer(plate, t, o.bedChamferMm);
  if (cuts.length > 0)
    solid = solid.subtract(
      cuts[0]!
        .union(...cuts.slice(1))
        .extrude(o.engraveDepthMm + 1)
        .translate([0, 0, t - o.engraveDepthMm]),
    );

  const features: Feature[] = [];
  if (o.keyAtEnd)
    features.push(keyFeature('key', 'peg', [lengthMm, 0, t / 2], [1, 0, 0], t, o.clearanceMm, o.bedChamferMm));
  if (o.keywayAtStart)
    features.push(keyFeature('keyway', 'hole', [0, 0, t / 2], [-1, 0, 0], t, o.clearanceMm, o.bedChamferMm));
  return { solid, features };
}
