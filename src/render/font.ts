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
  if (capUnits === 0) {
    const ys = (vectorText({ height: 1, input: 'H' }) as [number, number][][]).flat().map((p) => p[1]);
    capUnits = Math.max(...ys) - Math.min(...ys);
  }
  const lines = vectorText({ height: 1, input: fontText(text) }) as [number, number][][];
  const k = capMm / capUnits;
  const xs = lines.flat().map((p) => p[0]);
  if (xs.length === 0) return { strokes: [], widthMm: 0 };
  const minX = Math.min(...xs);
  return {
    strokes: lines.map((line) => line.map(([x, y]) => [(x - minX) * k, y * k] as [number, number])),
    widthMm: (Math.max(...xs) - minX) * k,
  };
}

/** How wide `text` draws at cap height `cap` (any unit: mm on paper, px in pictures). */
export function textWidth(text: string, cap: number): number {
  return textStrokes(text, cap).widthMm;
}

/** The cap height, at most `cap`, at which `text` fits `width`: a label too long is drawn smaller, never cut. */
export function capToFit(text: string, cap: number, width: number): number {
  return Math.min(cap, (cap * width) / Math.max(1e-9, textWidth(text, cap)));
}
