/**
 * Lettering in the Hershey simplex font that @jscad/modeling carries (vector strokes, no font file read
 * from the system), shared by pictures (PNG) and paper (PDF, SVG): the same text measures and draws the
 * same everywhere.
 */
import jscadText from '@jscad/modeling/src/text/index.js';
import { nameCharacters, TYPOGRAPHIC, undrawable } from './glyphs.js';

// @jscad/modeling is CommonJS: Node's ESM loader only gives it a default export.
const { vectorText } = jscadText;

/** The font's cap height in its own units ("H"), measured once. */
let capUnits = 0;

/** A line of text in the font's own units (height 1), and its least and greatest x. */
interface Outline {
  lines: [number, number][][];
  minX: number;
  maxX: number;
}

/**
 * Outlines by text, kept: a picture's label is measured to fit, measured again to centre it and then drawn,
 * and the font's strokes and their extent were worked out each time. Cleared when it grows past this many
 * texts, so a long-running process drawing ever new text holds no more.
 */
const outlines = new Map<string, Outline | null>();
const OUTLINES_KEPT = 1000;

/** `text`'s outline, or null when it draws nothing. */
function outline(text: string): Outline | null {
  const kept = outlines.get(text);
  if (kept !== undefined) return kept;
  if (capUnits === 0) {
    const ys = (vectorText({ height: 1, input: 'H' }) as [number, number][][]).flat().map((p) => p[1]);
    capUnits = Math.max(...ys) - Math.min(...ys);
  }
  const lines = vectorText({ height: 1, input: fontText(text) }) as [number, number][][];
  const xs = lines.flat().map((p) => p[0]);
  const made = xs.length === 0 ? null : { lines, minX: Math.min(...xs), maxX: Math.max(...xs) };
  if (outlines.size >= OUTLINES_KEPT) outlines.clear();
  outlines.set(text, made);
  return made;
}

/**
 * Text as the font draws it: printable ASCII, typographic characters as theirs. Text it cannot draw is
 * never replaced: the loaders refuse it where it was written (src/render/glyphs.ts), so reaching here with
 * it is a bug.
 */
function fontText(text: string): string {
  const missing = undrawable(text);
  if (missing.length > 0)
    throw new Error(
      `the lettering cannot draw ${nameCharacters(missing)} in ${JSON.stringify(text)}: refuse it where it is read`,
    );
  return text.replace(/[^\x20-\x7e]/g, (c) => TYPOGRAPHIC[c]!);
}

/**
 * The strokes of one line of `text` at cap height `capMm`, its baseline's left end at the origin, y up;
 * each stroke a polyline (a single point is a dot). And how wide it is.
 */
export function textStrokes(text: string, capMm: number): { strokes: [number, number][][]; widthMm: number } {
  const o = outline(text);
  if (!o) return { strokes: [], widthMm: 0 };
  const k = capMm / capUnits;
  return {
    strokes: o.lines.map((line) => line.map(([x, y]) => [(x - o.minX) * k, y * k] as [number, number])),
    widthMm: (o.maxX - o.minX) * k,
  };
}

/** How wide `text` draws at cap height `cap` (any unit: mm on paper, px in pictures). */
export function textWidth(text: string, cap: number): number {
  const o = outline(text);
  return o ? (o.maxX - o.minX) * (cap / capUnits) : 0;
}

/** The cap height, at most `cap`, at which `text` fits `width`: a label too long is drawn smaller, never cut. */
export function capToFit(text: string, cap: number, width: number): number {
  return Math.min(cap, (cap * width) / Math.max(1e-9, textWidth(text, cap)));
}
