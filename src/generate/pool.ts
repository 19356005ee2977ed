/**
 * Spreads jobs over worker threads (one per core by default). Falls back to building in-process when
 * one job is asked for, or where the compiled worker is not available (e.g. tests running the
 * TypeScript sources), so results are identical either way.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { InputError } from '../errors.js';
import { pathExists } from '../files/read.js';
import type { Built } from './build.js';
import type { Job } from './types.js';

const WORKER_URL = new URL('./worker.js', import.meta.url);

export function defaultJobs(): number {
  return availableParallelism();
}

/**
 * Builds every job with up to `jobs` workers; `onDone` is called as each finishes, in completion order.
 * A job's InputError goes through `blame` (default: unchanged), so the caller can name the file behind it.
 * `workerUrl` (default: the compiled worker) is the worker's module.
 */
export async function buildAll(
  jobs: readonly Job[],
  parallel: number,
  onDone: (index: number, built: Built) => void,
  blame: (index: number, e: InputError) => InputError = (_, e) => e,
  workerUrl: URL = WORKER_URL,
): Promise<void> {
  // Nothing to build (every part from the cache): no kernel, no workers.
  if (jobs.length === 0) return;
  const workers = Math.min(parallel, jobs.length);
  if (workers <= 1 || !pathExists(fileURLToPath(workerUrl))) {
    // Loaded here, not at the top: a run that takes every part from the cache never loads the kernel.
    const { buildJob } = await import('./build.js');
    for (let i = 0; i < jobs.length; i++) {
      const built = await buildJob(jobs[i]!).catch((e: unknown) => {
        throw e instanceof InputError ? blame(i, e) : e;
      });
      onDone(i, built);
    }
    return;
  }
  // Largest first would need sizes; the catalogue order puts hulls (the slowest) first already.
  let next = 0;
  const run = (worker: Worker): Promise<void> =>
    new Promise((resolve, reject) => {
      const send = (): void => {
        if (next >= jobs.length) return resolve();
        const id = next++;
        worker.postMessage({ id, job: jobs[id] });
      };
      worker.on(
        'message',
        (msg: {
          id: number;
          built?: Built;
          error?: { name: string; message: string; stack?: string; problems?: InputError['problems'] };
        }) => {
          if (msg.error) {
            const e =
              msg.error.name === 'InputError' && msg.error.problems
                ? blame(msg.id, new InputError(msg.error.problems))
                : Object.assign(new Error(msg.error.message), { stack: msg.error.stack });
            return reject(e);
          }
          const b = msg.built!;
          onDone(msg.id, { ...b, bytes: new Uint8Array(b.bytes.buffer, b.bytes.byteOffset, b.bytes.byteLength) });
          send();
        },
      );
      worker.on('error', reject);
      // A worker that exits on its own (killed, out of memory, a stray process.exit) would leave its job
      // unanswered and the run waiting for ever. After the pool resolves, terminate's exit settles nothing.
      worker.on('exit', (code) => reject(new Error(`a build worker exited (code ${code}) before finishing its jobs`)));
      send();
    });
  const { Worker } = await import('node:worker_threads');
  const pool = Array.from({ length: workers }, () => new Worker(workerUrl));
  try {
    await Promise.all(pool.map(run));
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}
