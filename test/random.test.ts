import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../src/random.js';

const take = (seed: number, n: number): number[] => {
  const r = createRandom(seed);
  return Array.from({ length: n }, () => r.next());
};

describe('createRandom (mulberry32)', () => {
  it('matches the published mulberry32 sequence', () => {
    // First outputs of bryc's reference implementation (github.com/bryc/code, jshash/PRNGs.md) for seeds 1 and 123456789.
    expect(take(1, 3)).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
    expect(take(123456789, 2)).toEqual([0.2577907438389957, 0.9707721115555614]);
  });

  it('gives the same sequence for the same seed and a different one for another seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xfffffffe }), (seed) => {
        expect(take(seed, 20)).toEqual(take(seed, 20));
        expect(take(seed, 20)).not.toEqual(take(seed + 1, 20));
      }),
      { numRuns: 50 },
    );
  });

  it('stays in its ranges and spreads evenly', () => {
    const r = createRandom(42);
    const n = 20_000;
    let sum = 0;
    const ints = new Set<number>();
    for (let i = 0; i < n; i++) {
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      sum += x;
      const y = r.range(-3, 5);
      expect(y).toBeGreaterThanOrEqual(-3);
      expect(y).toBeLessThan(5);
      const k = r.int(2, 4);
      expect(Number.isInteger(k) && k >= 2 && k <= 4).toBe(true);
      ints.add(k);
    }
    expect(sum / n).toBeCloseTo(0.5, 1); // mean of U[0,1); σ/√n ≈ 0.002
    expect([...ints].sort()).toEqual([2, 3, 4]);
  });
});
