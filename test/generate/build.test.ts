import { describe, expect, it, vi } from 'vitest';
import type { Job } from '../../src/generate/types.js';

// Counts the builders' runs: buildJob makes a part once for equal builder and options.
const made = vi.hoisted(() => [] as unknown[]);
vi.mock('../../src/parts/registry.js', async (original) => {
  const registry = await original<typeof import('../../src/parts/registry.js')>();
  return {
    ...registry,
    loadBuilder: async (id: string) => {
      const builder = await registry.loadBuilder(id);
      return (options: unknown) => (made.push(options), builder(options));
    },
  };
});
const { buildJob } = await import('../../src/generate/build.js');

const ball = (path: string, diameterMm: number): Job => ({
  path,
  part: 'cannonball',
  faction: null,
  builder: 'cannonball',
  options: { diameterMm, flatDepthMm: 0.4 },
});
/** The STL after its 80-byte header, which names the file. */
const body = (bytes: Uint8Array): Uint8Array => bytes.subarray(80);
const header = (bytes: Uint8Array): string => Buffer.from(bytes.subarray(0, 80)).toString('latin1');

describe('buildJob', () => {
  it('makes a part once for two files with the same builder and options, each file named in its header', async () => {
    made.length = 0;
    const a = await buildJob(ball('a/ball.stl', 10));
    const b = await buildJob(ball('b/ball.stl', 10));
    expect(made).toHaveLength(1);
    expect(header(a.bytes)).toContain('a/ball.stl');
    expect(header(b.bytes)).toContain('b/ball.stl');
    expect(body(b.bytes)).toEqual(body(a.bytes));
    expect(b.facts.sha256).not.toBe(a.facts.sha256);
    expect({ ...b.facts, sha256: '' }).toEqual({ ...a.facts, sha256: '' });
  });

  it('makes the part again for other options, and for ones it has not made for a while', async () => {
    made.length = 0;
    const first = await buildJob(ball('a/ball.stl', 11));
    const other = await buildJob(ball('a/ball.stl', 12));
    expect(made).toHaveLength(2);
    expect(other.facts.volumeMm3).toBeGreaterThan(first.facts.volumeMm3);
    // Enough other parts in between that the first is no longer among the recent ones.
    for (let d = 13; d <= 20; d++) await buildJob(ball('a/ball.stl', d));
    made.length = 0;
    const again = await buildJob(ball('c/ball.stl', 11));
    expect(made).toHaveLength(1);
    expect(body(again.bytes)).toEqual(body(first.bytes));
  });
});
