import { describe, expect, it } from 'vitest';
import { buildAll, inWorkers } from '../../src/generate/pool.js';
import type { Job } from '../../src/generate/types.js';

describe('buildAll', () => {
  it('fails, rather than waits for ever, when a worker exits without finishing its jobs', async () => {
    const jobs = [{ path: 'a.stl' }, { path: 'b.stl' }] as unknown as Job[];
    const exiting = new URL('../fixtures/generate/exiting-worker.mjs', import.meta.url);
    await expect(buildAll(jobs, 2, () => undefined, undefined, exiting)).rejects.toThrow(
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
    const echo = new URL('../fixtures/generate/echo-worker.mjs', import.meta.url);
    const seen = new Map<number, { path: string; first: boolean }>();
    await buildAll(
      jobs,
      2,
      (i, b) => seen.set(i, { path: new TextDecoder().decode(b.bytes), first: b.buildMs === 1 }),
      undefined,
      echo,
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

describe('inWorkers', () => {
  it('stops its workers and rejects with the reason when its signal aborts (the caller failed meanwhile)', async () => {
    const silent = new URL('../fixtures/generate/silent-worker.mjs', import.meta.url);
    const stop = new AbortController();
    const local = async () => async () => 'in-process';
    const run = inWorkers([1, 2], 2, silent, local, () => undefined, undefined, stop.signal);
    setTimeout(() => stop.abort(new Error('the plates failed')), 200);
    const t0 = performance.now();
    await expect(run).rejects.toThrow('the plates failed');
    // The silent workers would keep the run waiting for ever: it ends when the signal aborts.
    expect(performance.now() - t0).toBeLessThan(5_000);
    // Aborted before it starts, it runs nothing.
    await expect(inWorkers([1, 2], 2, silent, local, () => undefined, undefined, stop.signal)).rejects.toThrow(
      'the plates failed',
    );
  }, 20_000);
});
