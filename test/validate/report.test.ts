/** validate's report: the figures the rules measured, under the findings as text and beside them in JSON. */
import { describe, expect, it } from 'vitest';
import { figuresText, findingsJson } from '../../src/validate/report.js';
import type { Figure } from '../../src/validate/types.js';

const FIGURES: Figure[] = [
  {
    rule: 'assembly/stands',
    faction: 'the-industry',
    name: 'tipping angle',
    value: 37.94,
    unit: 'deg',
    note: 'to port; standing level',
  },
  {
    rule: 'assembly/stands',
    faction: 'corsairs',
    name: 'tipping angle',
    value: 35.51,
    unit: 'deg',
    note: 'to port; standing level',
  },
  {
    rule: 'assembly/turret-sweep',
    faction: 'the-industry',
    name: 'turret clearance',
    value: 1.5,
    unit: 'mm',
    note: 'at -180°, to cargo',
  },
];

describe('figures', () => {
  it("as text: a table by faction (each faction's in rule order), angles to a tenth of a degree, lengths to a hundredth of a millimetre", () => {
    const lines = figuresText(FIGURES).trimEnd().split('\n');
    expect(lines[0]).toBe('measured:');
    expect(lines[1]).toMatch(/^ {2}faction +figure +value +how$/);
    expect(lines.slice(2).map((l) => l.trim().split(/ {2,}/))).toEqual([
      ['corsairs', 'tipping angle', '35.5°', 'to port; standing level'],
      ['the-industry', 'tipping angle', '37.9°', 'to port; standing level'],
      ['the-industry', 'turret clearance', '1.50 mm', 'at -180°, to cargo'],
    ]);
    expect(figuresText([])).toBe('');
  });

  it('in JSON beside the findings when given, and left out when not (a game pack measures none)', () => {
    expect(JSON.parse(findingsJson([], new Map(), FIGURES))).toEqual({ findings: [], figures: FIGURES });
    expect(JSON.parse(findingsJson([]))).toEqual({ findings: [] });
  });
});
