/**
 * Text that came from a file or a flag is shown as text: its control characters (C0, DEL, C1) and the
 * Unicode controls that reorder what follows (bidi embeddings, overrides and isolates) are written as
 * escapes, so a faction's name cannot move the cursor, clear the terminal or run a hidden right-to-left
 * span through a table. Applied where text is printed for people; JSON escapes C0 and DEL itself.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character written as `\u{…}` (a tab as `\t`, a newline as `\n`). */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) =>
    c === '\t' ? '\\t' : c === '\n' ? '\\n' : `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
}

/**
 * Whether JSON gives `v` back exactly: nothing undefined, no -0 or non-finite number, only arrays and plain
 * objects. What is kept between runs as JSON (a faction's parse, the tuned cannon) is kept only then.
 */
export function jsonExact(v: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (Array.isArray(v)) return v.every(jsonExact);
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) return Object.values(v).every(jsonExact);
  return false;
}
