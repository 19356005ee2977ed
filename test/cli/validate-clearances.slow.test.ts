/**
 * Every shipped faction passes every rule (the card, the rulebook, the fits, printability, and the ships as
 * assembled: they stand, seat their cannons, hold their wheels) at both ends of the range `--clearance`
 * accepts (CLEARANCE_RANGE_MM) and at clearances drawn from inside it. Slow (five whole validate runs):
 * npm run test:slow.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { CLEARANCE_RANGE_MM } from '../../src/standard.js';
import { runBuilt } from '../helpers/cli.js';

const clean = async (clearance: string): Promise<void> => {
  const r = await runBuilt(['validate', '--clearance', clearance, '--json']);
  expect(r.err, `--clearance ${clearance}`).toBe('');
  expect((JSON.parse(r.out) as { findings: unknown[] }).findings, `--clearance ${clearance}`).toEqual([]);
  expect(r.code).toBe(0);
};

it.each([[String(CLEARANCE_RANGE_MM.min)], [String(CLEARANCE_RANGE_MM.max)]])(
  'the shipped factions at a %s mm clearance: no findings',
  clean,
  120_000,
);

it('the shipped factions at any clearance within the range: no findings', async () => {
  const hundredths = fc.integer({
    min: Math.round(CLEARANCE_RANGE_MM.min * 100) + 1,
    max: Math.round(CLEARANCE_RANGE_MM.max * 100) - 1,
  });
  await fc.assert(
    fc.asyncProperty(hundredths, (h) => clean((h / 100).toFixed(2))),
    { numRuns: 3 },
  );
}, 300_000);
