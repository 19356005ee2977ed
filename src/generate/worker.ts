/** Worker thread: builds the jobs it is sent, one at a time, and posts the bytes back (transferred). */
import { parentPort } from 'node:worker_threads';
import { buildJob } from './build.js';
import type { Job } from './types.js';

parentPort!.on('message', (msg: { id: number; job: Job }) => {
  buildJob(msg.job).then(
    (built) => parentPort!.postMessage({ id: msg.id, built }, [built.bytes.buffer as ArrayBuffer]),
    (error: unknown) => parentPort!.postMessage({ id: msg.id, error: serializeError(error) }),
  );
});

function serializeError(e: unknown): { name: string; message: string; stack?: string; problems?: unknown } {
  if (e instanceof Error)
    return { name: e.name, message: e.message, stack: e.stack, problems: (e as { problems?: unknown }).problems };
  return { name: 'Error', message: String(e) };
}
