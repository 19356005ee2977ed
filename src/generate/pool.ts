/**
 * A command's worker threads (one per core by default), shared by every phase that can split its work: the
 * parts' builds, the rules over groups of factions, the assembly guides. Each thread starts, loads its
 * modules and sets up the kernel once per command, not once per phase; it loads a kind of task's module
 * the first time it is sent one (src/validate/thread.ts). Where the compiled thread is not available (e.g.
 * tests running the TypeScript sources), or with one thread, every task runs in this thread instead, so
 * results are identical either way.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { InputError } from '../errors.js';
import { pathExists } from '../files/read.js';
import type { Built } from './build.js';
import type { Job } from './types.js';

/**
 * The threads' module: in validate/, the lowest layer that may import every kind's handler (the rules' and
 * the guides' are there).
 */
const THREAD_URL = new URL('../validate/thread.js', import.meta.url);

export function defaultJobs(): number {
  return availableParallelism();
}

/** The kinds of task a thread runs, each by the handler its module exports (src/validate/thread.ts). */
export type KindName = 'build' | 'rules' | 'guide' | 'plate';

/** How a thread runs one kind of task: its result, and the buffers in it moved back rather than copied. */
export interface TaskHandler<T, R> {
  handle(task: T): Promise<R>;
  transfer(result: R): ArrayBuffer[];
}

/** A kind of task: the name a thread knows it by, and how this thread runs it (loaded only when it does). */
export interface TaskKind<T, R> {
  name: KindName;
  local: () => Promise<(task: T) => Promise<R>>;
}

/** What a thread is sent: one task and its kind, or a kind whose module to load before its first task comes. */
export type Sent = { kind: KindName; task: unknown } | { load: KindName };

/** How a thread answers the task it was sent: its result, or the error it threw. */
export interface Answer<R> {
  result?: R;
  error?: { name: string; message: string; stack?: string; problems?: InputError['problems'] };
}

/** One `run`'s bookkeeping: its tasks answer into it until it settles. */
interface Run {
  done: (index: number, result: unknown) => void;
  fail: (e: Error) => void;
  blame: (index: number, e: InputError) => InputError;
}

interface Queued {
  run: Run;
  index: number;
  sent: Sent;
}

/**
 * Up to `parallel` threads of the module at `threadUrl` (default: src/validate/thread.ts, compiled). They
 * start at the first `run` that has more than one task, or at `start`; an idle thread does not keep the
 * process alive, and `close` ends them all.
 */
export class Pool {
  /** Whether tasks go to threads: more than one asked for, and the compiled thread at hand. */
  readonly threaded: boolean;
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Queued>();
  private queue: Queued[] = [];
  /** Why the pool takes no more tasks: closed, aborted, or a thread that died. */
  private ended: Error | null = null;
  private terminated: Promise<unknown> = Promise.resolve();

  constructor(
    readonly parallel: number,
    private readonly threadUrl: URL = THREAD_URL,
  ) {
    this.threaded = parallel > 1 && pathExists(fileURLToPath(threadUrl));
  }

  /**
   * Starts the threads now (a command that knows it will need them), so that they start, and load the modules
   * of the `kinds` of task it will send them, while it loads its input.
   */
  start(...kinds: KindName[]): void {
    if (!this.threaded || this.ended || this.workers.length > 0) return;
    for (let i = 0; i < this.parallel; i++) {
      const worker = new Worker(this.threadUrl);
      for (const load of kinds) worker.postMessage({ load } satisfies Sent);
      worker.unref();
      worker.on('message', (answer: Answer<unknown>) => this.answered(worker, answer));
      worker.on('error', (e) => this.end(e));
      // A thread that exits on its own (killed, out of memory, a stray process.exit) would leave its task
      // unanswered and the run waiting for ever. Once the pool has ended, its threads' exits settle nothing.
      worker.on('exit', (code) => this.end(new Error(`a worker exited (code ${code}) before finishing its tasks`)));
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  /**
   * Runs every task of `kind`, on the threads or, when the pool is not threaded (or one task comes before
   * the threads have started), one after another in this thread; `onDone` is called as each finishes, with
   * its index in `tasks`, in completion order. A task's InputError goes through `blame` (default:
   * unchanged), so the caller can name the file behind it. When `signal` aborts (the caller failed and no
   * longer wants the results), the threads are stopped and the run rejects with its reason; so does every
   * later run of this pool.
   */
  async run<T, R>(
    kind: TaskKind<T, R>,
    tasks: readonly T[],
    onDone: (index: number, result: R) => void,
    blame: (index: number, e: InputError) => InputError = (_, e) => e,
    signal?: AbortSignal,
  ): Promise<void> {
    signal?.throwIfAborted();
    if (tasks.length === 0) return;
    if (!this.threaded || (this.workers.length === 0 && tasks.length === 1)) {
      const local = await kind.local();
      for (let i = 0; i < tasks.length; i++) {
        const result = await local(tasks[i]!).catch((e: unknown) => {
          throw e instanceof InputError ? blame(i, e) : e;
        });
        onDone(i, result);
      }
      return;
    }
    if (this.ended) throw this.ended;
    this.start();
    await new Promise<void>((resolve, reject) => {
      let left = tasks.length;
      const settle = (e?: Error): void => {
        if (left < 0) return;
        left = -1;
        signal?.removeEventListener('abort', abort);
        this.queue = this.queue.filter((q) => q.run !== run);
        if (e) reject(e);
        else resolve();
      };
      const abort = (): void => {
        const reason = signal!.reason as Error;
        settle(reason);
        this.end(reason);
      };
      const run: Run = {
        done: (index, result) => {
          if (left < 0) return;
          try {
            onDone(index, result as R);
          } catch (e) {
            return settle(e as Error);
          }
          if (--left === 0) settle();
        },
        fail: settle,
        blame,
      };
      signal?.addEventListener('abort', abort, { once: true });
      tasks.forEach((task, index) => this.queue.push({ run, index, sent: { kind: kind.name, task } }));
      this.dispatch();
    });
  }

  /** Ends the threads (once the pool is done with: at the end of the command). */
  async close(): Promise<void> {
    this.end(new Error('the worker pool is closed'));
    await this.terminated;
  }

  /** `close`, for `await using` (Node 20.4 and later: the commands close their pools in a `finally`). */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /** Gives each idle thread the next queued task; a busy thread keeps the process alive. */
  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const next = this.queue.shift()!;
      this.busy.set(worker, next);
      worker.ref();
      worker.postMessage(next.sent);
    }
  }

  private answered(worker: Worker, answer: Answer<unknown>): void {
    const task = this.busy.get(worker);
    if (!task) return;
    this.busy.delete(worker);
    this.idle.push(worker);
    worker.unref();
    const { error } = answer;
    if (!error) task.run.done(task.index, answer.result);
    else
      task.run.fail(
        error.name === 'InputError' && error.problems
          ? task.run.blame(task.index, new InputError(error.problems))
          : Object.assign(new Error(error.message), { stack: error.stack }),
      );
    this.dispatch();
  }

  /** Takes no more tasks, fails every run still waiting with `reason`, and terminates the threads. */
  private end(reason: Error): void {
    if (this.ended) return;
    this.ended = reason;
    const waiting = [...this.busy.values(), ...this.queue];
    this.busy.clear();
    this.queue = [];
    this.idle.length = 0;
    for (const q of waiting) q.run.fail(reason);
    this.terminated = Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** Runs `fn` with `pool`, or with a pool of `parallel` threads of its own that is closed when `fn` settles. */
export async function withPool<T>(
  pool: Pool | undefined,
  parallel: number,
  fn: (pool: Pool) => Promise<T>,
): Promise<T> {
  if (pool) return fn(pool);
  const own = new Pool(parallel);
  try {
    return await fn(own);
  } finally {
    await own.close();
  }
}

/**
 * Builders started before the rest, slowest first: a long build started last keeps one worker busy while
 * the others idle (cold `generate --json` buildMs on an idle machine: hulls up to 460 ms, the fit coupon
 * 130 ms, the first cargo 210 ms, every other part about 100 ms or less).
 */
const SLOW_BUILDERS = ['hull', 'coupon'];

/**
 * A part's build (generate/build-worker.ts on a thread). Loaded only in-process: a run that takes every part
 * from the cache never loads the kernel.
 */
const BUILD: TaskKind<Job, Built> = { name: 'build', local: async () => (await import('./build.js')).buildJob };

/**
 * Builds every job on `pool`, those of SLOW_BUILDERS first, the rest in the order given; `onDone` is
 * called with the job's index in `jobs` as each finishes.
 */
export function buildAll(
  jobs: readonly Job[],
  pool: Pool,
  onDone: (index: number, built: Built) => void,
  blame: (index: number, e: InputError) => InputError = (_, e) => e,
): Promise<void> {
  const rank = (job: Job): number => {
    const k = SLOW_BUILDERS.indexOf(job.builder);
    return k < 0 ? SLOW_BUILDERS.length : k;
  };
  // Sort is stable: equal ranks keep the order given.
  const order = [...jobs.keys()].sort((a, b) => rank(jobs[a]!) - rank(jobs[b]!));
  return pool.run(
    BUILD,
    order.map((i) => jobs[i]!),
    (k, b: Built) =>
      onDone(order[k]!, { ...b, bytes: new Uint8Array(b.bytes.buffer, b.bytes.byteOffset, b.bytes.byteLength) }),
    (k, e) => blame(order[k]!, e),
  );
}
