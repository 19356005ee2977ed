import { describe, expect, it } from 'vitest';
import { buildAll } from '../../src/generate/pool.js';
import type { Job } from '../../src/generate/types.js';

describe('buildAll', () => {
  it('fails, rather than waits for ever, when a worker exits without finishing its jobs', async () => {
    const jobs = [{ path: 'a.stl' }, { path: 'b.stl' }] as unknown as Job[];
    const exiting = new URL('../fixtures/generate/exiting-worker.mjs', import.meta.url);
    await expect(buildAll(jobs, 2, () => undefined, undefined, exiting)).rejects.toThrow(
      /a worker exited \(code 0\) before finishing its tasks/,
    );
  }, 20_000);
});
