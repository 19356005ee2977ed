/**
 * Text the lettering draws is drawn as written or refused: the font draws printable ASCII and a few
 * typographic characters as theirs, `undrawable` names every other character, and the font itself never
 * puts a "?" where a character it cannot draw was (src/render/font.ts throws: a loader should have refused).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textStrokes } from '../../src/render/font.js';
import { nameCharacters, TYPOGRAPHIC, undrawable } from '../../src/render/glyphs.js';

/** Characters of every kind a name may hold: ASCII, the typographic ones, accents, CJK, emoji, controls. */
const CHARS = [
  'a',
  'Z',
  '7',
  ' ',
  '?',
  '~',
  ...Object.keys(TYPOGRAPHIC),
  'é',
  'ß',
  '海',
  '賊',
  'Ж',
  '😀',
  '\n',
  '\t',
  '\u0007',
  '\u202e',
  '\u00a0',
];
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 12 }).map((cs) => cs.join(''));

describe('the characters the lettering draws', () => {
  it('are named exactly: those outside printable ASCII and the typographic ones', () => {
    fc.assert(
      fc.property(text, (t) => {
        const missing = undrawable(t);
        expect(new Set(missing).size).toBe(missing.length);
        for (const c of [...t]) expect(missing.includes(c)).toBe(!/^[\x20-\x7e]$/.test(c) && !(c in TYPOGRAPHIC));
      }),
    );
  });

  it('are drawn, and the others are never replaced: the font refuses them', () => {
    fc.assert(
      fc.property(text, (t) => {
        if (undrawable(t).length === 0) expect(() => textStrokes(t, 3)).not.toThrow();
        else expect(() => textStrokes(t, 3)).toThrow(/the lettering cannot draw/);
      }),
      { numRuns: 60 },
    );
  });

  it('name a character by its code point', () => {
    expect(nameCharacters(['海', '😀'])).toBe('"海" (U+6D77), "😀" (U+1F600)');
    expect(nameCharacters([...'abcdefghij'])).toMatch(/"h" \(U\+0068\) and 2 more$/);
  });
});
