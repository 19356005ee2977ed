import { describe, expect, it } from 'vitest';
import { buildAll, Pool, type TaskKind } from '../../src/generate/pool.js';
import type { Job } from '../../src/generate/types.js';

describe('buildAll', () => {
  it('fails, rather than waits for ever, when a worker exits without finishing its jobs', async () => {
    const jobs = [{ path: 'a.stl' }, { path: 'b.stl' }] as unknown as Job[];
    await using pool = new Pool(2, new URL('../fixtures/generate/exiting-worker.mjs', import.meta.url));
    await expect(buildAll(jobs, pool, () => undefined)).rejects.toThrow(
      /a worker exited \(code 0\) before finishing its tasks/,
    );
  }, 20_000);

  it('starts the slowest builders first and reports each job under its own index', async () => {
    const jobs = [
      { path: 'sail.stl', builder: 'sail' },
      { path: 'hull.stl', builder: 'hull' },
      { path: 'coin.stl', builder: 'coin' },
      { path: 'coupon.stl', builder: 'coupon' },
    ] as unknown as Job[];
    await using pool = new Pool(2, new URL('../fixtures/generate/echo-worker.mjs', import.meta.url));
    const seen = new Map<number, { path: string; first: boolean }>();
    await buildAll(jobs, pool, (i, b) =>
      seen.set(i, { path: new TextDecoder().decode(b.bytes), first: b.buildMs === 1 }),
    );
    expect([...seen.keys()].sort()).toEqual([0, 1, 2, 3]);
    for (const [i, s] of seen) expect(s.path).toBe(jobs[i]!.path);
    // Two workers: each one's first job is one of the two slow ones.
    expect(
      [...seen]
        .filter(([, s]) => s.first)
        .map(([i]) => i)
        .sort(),
    ).toEqual([1, 3]);
  }, 20_000);
});

describe('Pool', () => {
  const kind: TaskKind<number, string> = { name: 'guide', local: async () => async () => 'in-process' };

  it('stops its threads and rejects with the reason when its signal aborts (the caller failed meanwhile)', async () => {
    const silent = new URL('../fixtures/generate/silent-worker.mjs', import.meta.url);
    await using pool = new Pool(2, silent);
    const stop = new AbortController();
    const run = pool.run(kind, [1, 2], () => undefined, undefined, stop.signal);
    setTimeout(() => stop.abort(new Error('the plates failed')), 200);
    const t0 = performance.now();
    await expect(run).rejects.toThrow('the plates failed');
    // The silent workers would keep the run waiting for ever: it ends when the signal aborts.
    expect(performance.now() - t0).toBeLessThan(5_000);
    // The stopped pool takes no more tasks.
    await expect(pool.run(kind, [1, 2], () => undefined)).rejects.toThrow('the plates failed');
    // Aborted before it starts, a run runs nothing.
    await using fresh = new Pool(2, silent);
    await expect(fresh.run(kind, [1, 2], () => undefined, undefined, stop.signal)).rejects.toThrow('the plates failed');
  }, 20_000);

  it('runs a later phase on the threads an earlier one started', async () => {
    await using pool = new Pool(2, new URL('../fixtures/generate/echo-worker.mjs', import.meta.url));
    const jobs = ['a', 'b', 'c'].map((path) => ({ path, builder: 'sail' })) as unknown as Job[];
    const firsts: boolean[][] = [[], []];
    for (const phase of [0, 1]) await buildAll(jobs, pool, (_i, b) => firsts[phase]!.push(b.buildMs === 1));
    // Each thread's first task (two threads) came in the first phase; none in the second.
    expect(firsts[0]!.filter(Boolean)).toHaveLength(2);
    expect(firsts[1]).toEqual([false, false, false]);
  }, 20_000);
});
