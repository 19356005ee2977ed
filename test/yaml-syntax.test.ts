import { describe, expect, it } from 'vitest';
import { parseArmada } from '../src/armada/load.js';
import { InputError } from '../src/errors.js';
import { parseFaction } from '../src/faction/parse.js';
import { parseProfile } from '../src/io/profile.js';
import { MAX_ALIAS_COUNT } from '../src/yaml-syntax.js';

/** Nine levels of nine aliases each: 9⁶ nodes from a few hundred bytes. */
const BOMB = [
  'a: &a [x, x, x, x, x, x, x, x, x]',
  ...'bcdef'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdef'[i]}`).join(', ')}]`),
  'top: *f',
].join('\n');

const problemsOf = (parse: () => unknown): InputError['problems'] => {
  try {
    parse();
  } catch (e) {
    if (e instanceof InputError) return e.problems;
    throw e;
  }
  throw new Error('parsed');
};

describe('the same YAML limits for every input file', () => {
  it.each([
    ['a faction file', (t: string) => parseFaction(t, 'bomb.yaml')],
    ['an armada list', (t: string) => parseArmada(t, 'bomb.yaml')],
    ['a printer profile', (t: string) => parseProfile(t, 'bomb.yaml')],
  ])('%s: an alias bomb is bad input at its first alias, not a crash', (what, parse) => {
    const [p, ...rest] = problemsOf(() => parse(BOMB));
    expect(rest).toEqual([]);
    expect(p).toEqual({
      source: 'bomb.yaml',
      place: '2:8',
      message: `aliases expand to more than ${MAX_ALIAS_COUNT} nodes; ${what} needs few or no aliases (this looks like a "billion laughs" alias bomb)`,
    });
  });

  it.each([
    ['an armada list', (t: string) => parseArmada(t, 'x.yaml')],
    ['a printer profile', (t: string) => parseProfile(t, 'x.yaml')],
  ])('%s: an alias without its anchor is named at its place', (_what, parse) => {
    const problems = problemsOf(() => parse('a: 1\nb: *nowhere\n'));
    expect(problems.map((p) => [p.place, p.message])).toContainEqual([
      '2:4',
      'alias `*nowhere` has no anchor `&nowhere` before it',
    ]);
  });
});
