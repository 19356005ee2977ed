/**
 * Every shipped faction passes every rule at clearances drawn from inside the range `--clearance` accepts
 * (test/cli/validate.test.ts checks its two ends in npm test). Slow (three whole validate runs): npm run test:slow.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { CLEARANCE_RANGE_MM } from '../../src/standard.js';
import { runBuilt } from '../helpers/cli.js';

it('the shipped factions at any clearance within the range: no findings', async () => {
  const hundredths = fc.integer({ min: Math.round(CLEARANCE_RANGE_MM.min * 100) + 1, max: Math.round(CLEARANCE_RANGE_MM.max * 100) - 1 });
  await fc.assert(
    fc.asyncProperty(hundredths, async (h) => {
      const clearance = (h / 100).toFixed(2);
      const r = await runBuilt(['validate', '--clearance', clearance, '--json']);
      expect(r.err, `--clearance ${clearance}`).toBe('');
      expect((JSON.parse(r.out) as { findings: unknown[] }).findings, `--clearance ${clearance}`).toEqual([]);
      expect(r.code).toBe(0);
    }),
    { numRuns: 3 },
  );
}, 300_000);
