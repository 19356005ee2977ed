/**
 * A pool's thread (src/generate/pool.ts): runs each task it is sent with its kind's handler, that kind's
 * module imported the first time a task of it comes (a thread that only builds never loads the rules), and
 * answers with the result (the handler's buffers moved, not copied) or the error the task threw. It sits
 * here, in the lowest layer that may import every kind's handler.
 */
import { parentPort } from 'node:worker_threads';
import type { Answer, KindName, Sent, TaskHandler } from '../generate/pool.js';

type Handler = TaskHandler<unknown, unknown>;

const MODULES: Record<KindName, () => Promise<{ handler: Handler }>> = {
  build: () => import('../generate/build-worker.js'),
  rules: () => import('./rules-worker.js'),
  guide: () => import('./guide-worker.js'),
  plate: () => import('../bom/plate-worker.js'),
};

const handlers = new Map<KindName, Promise<Handler>>();

function handler(kind: KindName): Promise<Handler> {
  if (!handlers.has(kind))
    handlers.set(
      kind,
      MODULES[kind]().then((m) => m.handler),
    );
  return handlers.get(kind)!;
}

parentPort!.on('message', (sent: Sent) => {
  // Loaded ahead of its kind's first task; a module that fails to load fails that task.
  if ('load' in sent) return void handler(sent.load).catch(() => undefined);
  handler(sent.kind)
    .then(async (h) => {
      const result = await h.handle(sent.task);
      parentPort!.postMessage({ result } satisfies Answer<unknown>, h.transfer(result));
    })
    .catch((error: unknown) => parentPort!.postMessage({ error: serializeError(error) } satisfies Answer<unknown>));
});

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
