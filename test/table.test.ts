import fc from 'fast-check';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatTable, TABLE_MAX_COLUMNS, wrap } from '../src/table.js';
import { runInProcess } from './helpers/cli.js';

const longest = (text: string): number => Math.max(...text.split('\n').map((l) => [...l].length));
const word = fc.stringMatching(/^[a-z0-9×°–]{1,9}$/);
const cell = fc.array(word, { minLength: 1, maxLength: 6 }).map((ws) => ws.join(' '));

describe('formatTable', () => {
  it('fits its width whenever the longest words allow, and loses no word', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 40, max: 120 }),
        (columns, rowCount, maxColumns) => {
          const rows = fc.sample(fc.array(cell, { minLength: columns, maxLength: columns }), rowCount);
          const text = formatTable(rows, [], maxColumns);
          // Nine columns of words up to 9 characters fit 9 × 9 + 8 × 2 = 97 columns at worst.
          if (columns * 9 + 2 * (columns - 1) <= maxColumns) expect(longest(text)).toBeLessThanOrEqual(maxColumns);
          const words = (s: string): string[] => s.split(/\s+/).filter(Boolean).sort();
          expect(words(text)).toEqual(words(rows.flat().join(' ')));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never breaks a number in a right-aligned column, only its header', () => {
    const text = formatTable(
      [
        ['a long header', 'x'],
        ['1234567', 'y'],
      ],
      [0],
      9,
    );
    expect(text.split('\n')).toContain('1234567  y');
  });

  it('wraps paragraphs at the width with the indent on continuation lines', () => {
    const text = wrap(`  - ${'word '.repeat(40).trim()}`, '    ');
    expect(longest(text)).toBeLessThanOrEqual(TABLE_MAX_COLUMNS);
    expect(
      text
        .split('\n')
        .slice(1)
        .every((l) => l.startsWith('    word')),
    ).toBe(true);
  });
});

describe('human output', () => {
  it.each([
    ['factions'],
    ['materials'],
    ['tune', '--material', 'pla', '--range', '24in'],
    ['validate', '--list-rules'],
    [
      'calibrate',
      '--material',
      'pla',
      '--tuned-for',
      '24in',
      '--measured',
      '58cm,61cm,57cm',
      '--shots-fired',
      '20',
      '--profile',
      'PROFILE',
    ],
  ])('of %s fits 100 columns', async (...args) => {
    const profile = join(await mkdtemp(join(tmpdir(), 'sw-width-')), 'profile.json');
    const r = await runInProcess(...args.map((a) => (a === 'PROFILE' ? profile : a)));
    expect(r.code).toBe(0);
    expect(longest(r.out)).toBeLessThanOrEqual(TABLE_MAX_COLUMNS);
  });
});
