/**
 * The characters our lettering draws (src/render/font.ts: the Hershey simplex font that @jscad/modeling
 * carries): printable ASCII, and a few typographic characters drawn as the ASCII they stand for. Kept
 * apart from the font, which loads @jscad/modeling, so the loaders can refuse text that would be drawn
 * (a faction's name on its card, a pack's name on its contact sheet) without loading it.
 */

/** Typographic characters the font lacks, and the ASCII it draws for them. */
export const TYPOGRAPHIC: Readonly<Record<string, string>> = {
  '’': "'",
  '‘': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '×': 'x',
  '…': '...',
  '°': ' deg',
  '·': '-',
};

const ASCII = /^[\x20-\x7e]$/;

/** What the font draws, for messages. */
export const DRAWABLE = `letters A–Z and a–z, digits, spaces, ASCII punctuation and ${Object.keys(TYPOGRAPHIC).join(' ')}`;

/** The characters of `text` the font cannot draw, each once, in order of appearance. */
export function undrawable(text: string): string[] {
  return [...new Set([...text].filter((c) => !ASCII.test(c) && !(c in TYPOGRAPHIC)))];
}

/** `"海" (U+6D77), "é" (U+00E9)`: characters named so a reader can find them, the first eight and a count of the rest. */
export function nameCharacters(chars: readonly string[]): string {
  const named = chars
    .slice(0, 8)
    .map((c) => `"${c}" (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`);
  return `${named.join(', ')}${chars.length > 8 ? ` and ${chars.length - 8} more` : ''}`;
}
