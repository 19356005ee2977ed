/**
 * The worker's side of the pool (pool.ts inWorkers): answers each `{ id, task }` it is sent with `handle`'s
 * result, its `transfer` list moved rather than copied, or with the error it threw.
 */
import { parentPort } from 'node:worker_threads';
import type { Answer } from './pool.js';

export function answerTasks<T, R>(handle: (task: T) => Promise<R>, transfer: (result: R) => ArrayBuffer[]): void {
  parentPort!.on('message', (msg: { id: number; task: T }) => {
    handle(msg.task).then(
      (result) => parentPort!.postMessage({ id: msg.id, result } satisfies Answer<R>, transfer(result)),
      (error: unknown) => parentPort!.postMessage({ id: msg.id, error: serializeError(error) } satisfies Answer<R>),
    );
  });
}

function serializeError(e: unknown): NonNullable<Answer<unknown>['error']> {
  if (e instanceof Error)
    return {
      name: e.name,
      message: e.message,
      stack: e.stack,
      problems: (e as { problems?: NonNullable<Answer<unknown>['error']>['problems'] }).problems,
    };
  return { name: 'Error', message: String(e) };
}
