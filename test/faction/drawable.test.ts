/**
 * A faction's name and ability are drawn on its card (and the name on its flags and contact sheet): text the
 * lettering cannot draw is refused where it is written, naming the characters, never printed as "?".
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FACTIONS_DIR } from '../../src/faction/loader.js';
import { parseFaction } from '../../src/faction/parse.js';
import { TYPOGRAPHIC, undrawable } from '../../src/render/glyphs.js';
import { problemsOf } from '../helpers/problems.js';

const source = join(DEFAULT_FACTIONS_DIR, 'corsairs.yaml');
const corsairs = readFileSync(source, 'utf8');

const problems = (text: string): Promise<string[]> => problemsOf(() => parseFaction(text, source));

const CHARS = ['a', 'Q', '3', ' ', "'", ...Object.keys(TYPOGRAPHIC), 'é', '海', '賊', 'Ж', '😀', '\u0007', '\u00a0'];
const words = fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 20 }).map((cs) => `Q${cs.join('')}`);

describe('drawn text in a faction file', () => {
  it.each([
    [
      'name',
      (t: string) => corsairs.replace('name: Corsairs', `name: ${JSON.stringify(t)}`),
      /corsairs\.yaml:3:7: name: /,
    ],
    [
      'card.ability.name',
      (t: string) => corsairs.replace('name: Plunder', `name: ${JSON.stringify(t)}`),
      /corsairs\.yaml:12:11: card\.ability\.name: /,
    ],
    [
      'card.ability.text',
      (t: string) => corsairs.replace(/text: Gain .*/, `text: ${JSON.stringify(t)}`),
      /corsairs\.yaml:13:11: card\.ability\.text: /,
    ],
  ])('%s: loads when every character is drawn, else is refused naming them', async (field, edit, at) => {
    await fc.assert(
      fc.asyncProperty(words, async (t) => {
        // The ability text is wrapped at its whitespace: a no-break space there is a break, not a glyph.
        const missing = undrawable(field === 'card.ability.text' ? t.replace(/\s+/g, ' ') : t);
        const found = await problems(edit(t));
        if (missing.length === 0) expect(found).toEqual([]);
        else {
          expect(found).toHaveLength(1);
          expect(found[0]).toMatch(at);
          expect(found[0]).toMatch(/the lettering of cards and pictures cannot draw /);
          for (const c of missing)
            expect(found[0]).toContain(`(U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('says what it would draw', async () => {
    expect(await problems(corsairs.replace('name: Corsairs', 'name: 海賊の艦隊'))).toEqual([
      'factions/corsairs.yaml:3:7: name: the lettering of cards and pictures cannot draw "海" (U+6D77), "賊" (U+8CCA), "の" (U+306E), "艦" (U+8266), "隊" (U+968A); write it with letters A–Z and a–z, digits, spaces, ASCII punctuation and ’ ‘ “ ” – — × … ° ·'.replace(
        'factions/',
        `${DEFAULT_FACTIONS_DIR}/`,
      ),
    ]);
  });
});
