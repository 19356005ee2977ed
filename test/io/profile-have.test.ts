/**
 * The filament on the user's shelf: the profile's `have` (read, checked at its field path, written back
 * unchanged by calibrate's serializer) and `print --have`'s amounts, as the plan counts them.
 */
import { describe, expect, it } from 'vitest';
import { haveFromProfile, parseHave } from '../../src/cli/options.js';
import { InputError } from '../../src/errors.js';
import { parseProfile, serializeProfile } from '../../src/io/profile.js';

const problems = (text: string): string[] => {
  try {
    parseProfile(text, 'p.yaml');
  } catch (e) {
    if (e instanceof InputError) return e.problems.map((p) => `${p.place}: ${p.message}`);
    throw e;
  }
  return [];
};

describe("the profile's have", () => {
  it('reads spools and grams per colour and material, and writes them back as they were', () => {
    const p = parseProfile(
      'version: 1\ncalibration: {}\nhave:\n  - { colour: black, spools: 2 }\n  - { colour: "#1b2a4a", material: petg, grams: 650 }\n',
      'p.yaml',
    );
    expect(p.have).toEqual([
      { colour: 'black', spools: 2 },
      { colour: '#1b2a4a', material: 'petg', grams: 650 },
    ]);
    expect(parseProfile(serializeProfile(p), 'p.json')).toEqual(p);
    // Counted as the plan counts spools: two full black ones of the table's material, 650 g of navy PETG.
    expect(haveFromProfile(p.have!, 'pla')).toEqual([
      { color: 'black', material: 'pla' },
      { color: 'black', material: 'pla' },
      { color: '#1b2a4a', material: 'petg', grams: 650 },
    ]);
  });

  it('refuses each bad entry at its field path, saying what would be valid', () => {
    const found = problems(
      'version: 1\ncalibration: {}\nhave:\n  - { colour: Black, spools: 1 }\n  - { colour: white, material: wood, grams: 10 }\n  - { colour: red }\n  - { colour: red, spools: 1, grams: 5 }\n  - { colour: red, spools: 0.5 }\n',
    );
    expect(found).toEqual([
      expect.stringMatching(/^have\[0\]\.colour: expected a colour name in kebab-case/),
      expect.stringMatching(/^have\[1\]\.material: expected one of pla,/),
      expect.stringMatching(/^have\[2\]: expected spools .* or grams/),
      expect.stringMatching(/^have\[3\]: give spools or grams, not both/),
      expect.stringMatching(
        /^have\[4\]\.spools: expected a whole number of full spools from 1 to 100, got number 0\.5/,
      ),
    ]);
    expect(problems('version: 1\ncalibration: {}\nhave: black\n')).toEqual([
      expect.stringMatching(/^have: expected a list of the filament you own/),
    ]);
  });
});

describe('print --have', () => {
  it('takes a colour, a material and an amount: full spools or the grams left on one', () => {
    expect(parseHave('black,white:2,black/petg:650g', 'pla')).toEqual([
      { color: 'black', material: 'pla' },
      { color: 'white', material: 'pla' },
      { color: 'white', material: 'pla' },
      { color: 'black', material: 'petg', grams: 650 },
    ]);
    for (const bad of ['black:0', 'black:2.5', 'black:lots', 'black:0g', 'black:1:2'])
      expect(() => parseHave(bad, 'pla'), bad).toThrow(/--have/);
  });
});
