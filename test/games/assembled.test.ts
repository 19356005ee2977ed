/**
 * A split piece assembled: the files its builder splits it into carry their place in the whole (`atMm`),
 * and those places put Rigadoon's 9 tiles edge to edge into the 11 × 11 board, each tile's squares where
 * the board's are. Planning only: nothing is built here (the picture itself: assembled.slow.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../src/generate/index.js';
import { loadGame } from '../../src/games/loader.js';
import { planPack } from '../../src/games/plan.js';

describe('a split piece assembled', () => {
  it("places Rigadoon's 9 tiles so their squares make the 11 × 11 board, without gap or overlap", async () => {
    const planned = await planPack(await loadGame('rigadoon'), defaultSettings());
    const tiles = planned.filter((p) => p.piece.id === 'board');
    expect(tiles).toHaveLength(9);
    const square = 38;
    const covered = new Map<string, string>();
    for (const t of tiles) {
      const { cols, rows } = t.job.options as { cols: number; rows: number };
      const [x, y] = t.atMm!;
      // Whole squares from the board's south-west corner.
      expect(x % square, t.job.path).toBe(0);
      expect(y % square, t.job.path).toBe(0);
      for (let c = 0; c < cols; c++)
        for (let r = 0; r < rows; r++) {
          const key = `${x / square + c},${y / square + r}`;
          expect(covered.get(key), `${t.job.path} and ${covered.get(key)} both cover square ${key}`).toBeUndefined();
          covered.set(key, t.job.path);
        }
    }
    expect(covered.size).toBe(11 * 11);
    for (const k of covered.keys())
      expect(
        k
          .split(',')
          .map(Number)
          .every((v) => v >= 0 && v < 11),
        k,
      ).toBe(true);
    // Pieces of one file, or of loose copies, have no place in a whole.
    expect(planned.filter((p) => p.piece.id !== 'board').every((p) => p.atMm === null)).toBe(true);
  });
});
