import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Slow referees (PrusaSlicer) run apart: npm run test:slow.
    exclude: ['test/**/*.slow.test.ts', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores, which on a 2-core machine runs the files one at a
    // time; the geometry is CPU-bound and the files are independent, so use every core.
    maxWorkers: availableParallelism(),
    // Each worker loads the modules (and the kernel's WASM) once for all its files rather than once per file:
    // the files share no state but the modules' memoized tables of built-in data.
    isolate: false,
    // Commands that default to the user's part cache (~/.cache/shipwright) use one of the run's own instead.
    env: { XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'shipwright-test-cache-')) },
  },
});
