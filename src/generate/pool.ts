/**
 * Spreads tasks over worker threads (one per core by default): the parts' builds, and whatever else a
 * command can split (each faction's assembly guide). Falls back to running in-process when one task is
 * asked for, or where the compiled worker is not available (e.g. tests running the TypeScript sources),
 * so results are identical either way.
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

/** How a worker answers a task it was sent: its result, or the error it threw. */
export interface Answer<R> {
  id: number;
  result?: R;
  error?: { name: string; message: string; stack?: string; problems?: InputError['problems'] };
}

/**
 * Runs every task with up to `parallel` workers of the module at `workerUrl` (one that answers with
 * `answerTasks`), or in this thread through `local` (loaded only then) when one worker would do or the
 * compiled worker is not there; `onDone` is called as each finishes, in completion order. A task's
 * InputError goes through `blame` (default: unchanged), so the caller can name the file behind it. When
 * `signal` aborts (the caller failed and no longer wants the results), the workers are stopped and the
 * run rejects with its reason.
 */
export async function inWorkers<T, R>(
  tasks: readonly T[],
  parallel: number,
  workerUrl: URL,
  local: () => Promise<(task: T) => Promise<R>>,
  onDone: (index: number, result: R) => void,
  blame: (index: number, e: InputError) => InputError = (_, e) => e,
  signal?: AbortSignal,
): Promise<void> {
  signal?.throwIfAborted();
  if (tasks.length === 0) return;
  const workers = Math.min(parallel, tasks.length);
  if (workers <= 1 || !pathExists(fileURLToPath(workerUrl))) {
    const run = await local();
    for (let i = 0; i < tasks.length; i++) {
      const result = await run(tasks[i]!).catch((e: unknown) => {
        throw e instanceof InputError ? blame(i, e) : e;
      });
      onDone(i, result);
    }
    return;
  }
  let next = 0;
  const run = (worker: Worker): Promise<void> =>
    new Promise((resolve, reject) => {
      const send = (): void => {
        if (next >= tasks.length) return resolve();
        const id = next++;
        worker.postMessage({ id, task: tasks[id] });
      };
      worker.on('message', (msg: Answer<R>) => {
        if (msg.error) {
          const e =
            msg.error.name === 'InputError' && msg.error.problems
              ? blame(msg.id, new InputError(msg.error.problems))
              : Object.assign(new Error(msg.error.message), { stack: msg.error.stack });
          return reject(e);
        }
        onDone(msg.id, msg.result!);
        send();
      });
      worker.on('error', reject);
      // A worker that exits on its own (killed, out of memory, a stray process.exit) would leave its task
      // unanswered and the run waiting for ever. After the pool resolves, terminate's exit settles nothing.
      worker.on('exit', (code) => reject(new Error(`a worker exited (code ${code}) before finishing its tasks`)));
      send();
    });
  const { Worker } = await import('node:worker_threads');
  const pool = Array.from({ length: workers }, () => new Worker(workerUrl));
  let stop = (): void => undefined;
  const aborted = new Promise<never>((_, reject) => (stop = () => reject(signal!.reason as Error)));
  signal?.addEventListener('abort', stop, { once: true });
  try {
    await Promise.race([Promise.all(pool.map(run)), aborted]);
  } finally {
    signal?.removeEventListener('abort', stop);
    await Promise.all(pool.map((w) => w.terminate()));
  }
}

/**
 * Builders started before the rest, slowest first: a long build started last keeps one worker busy while
 * the others idle (cold `generate --json` buildMs on an idle machine: hulls up to 460 ms, the fit coupon
 * 130 ms, the first cargo 210 ms, every other part about 100 ms or less).
 */
const SLOW_BUILDERS = ['hull', 'coupon'];

/**
 * Builds every job with up to `parallel` workers (generate/worker.ts), those of SLOW_BUILDERS first, the
 * rest in the order given; `onDone` is called with the job's index in `jobs` as each finishes.
 */
export function buildAll(
  jobs: readonly Job[],
  parallel: number,
  onDone: (index: number, built: Built) => void,
  blame: (index: number, e: InputError) => InputError = (_, e) => e,
  workerUrl: URL = WORKER_URL,
): Promise<void> {
  const rank = (job: Job): number => {
    const k = SLOW_BUILDERS.indexOf(job.builder);
    return k < 0 ? SLOW_BUILDERS.length : k;
  };
  // Sort is stable: equal ranks keep the order given.
  const order = [...jobs.keys()].sort((a, b) => rank(jobs[a]!) - rank(jobs[b]!));
  // Loaded only in-process: a run that takes every part from the cache never loads the kernel.
  const local = async (): Promise<(job: Job) => Promise<Built>> => (await import('./build.js')).buildJob;
  return inWorkers(
    order.map((i) => jobs[i]!),
    parallel,
    workerUrl,
    local,
    (k, b: Built) =>
      onDone(order[k]!, { ...b, bytes: new Uint8Array(b.bytes.buffer, b.bytes.byteOffset, b.bytes.byteLength) }),
    (k, e) => blame(order[k]!, e),
  );
}
