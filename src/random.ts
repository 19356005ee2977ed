/**
 * A small seeded pseudo-random generator for terrain and island outlines: mulberry32 (Tommy Ettinger,
 * 2017; as published in bryc's "PRNGs" collection). 32-bit state, period 2^32, passes gjrand's tests at
 * the sizes we draw. Same seed, same sequence on every platform (integer arithmetic via Math.imul),
 * which is what makes "same seed, same file" hold for rocks and islands.
 */

export interface Random {
  /** The next number in [0, 1). */
  next(): number;
  /** A number in [minInclusive, maxExclusive). */
  range(minInclusive: number, maxExclusive: number): number;
  /** An integer in [minInclusive, maxInclusive]. */
  int(minInclusive: number, maxInclusive: number): number;
}

/** A generator seeded with `seed` (taken modulo 2^32: 0 and 2^32 give the same sequence). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => lo + Math.floor((hi - lo + 1) * next()),
  };
}
