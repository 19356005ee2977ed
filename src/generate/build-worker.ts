/** A part's build on a pool's thread (pool.ts buildAll): the STL's bytes move back rather than copied. */
import { buildJob, type Built } from './build.js';
import type { TaskHandler } from './pool.js';
import type { Job } from './types.js';

export const handler: TaskHandler<Job, Built> = {
  handle: buildJob,
  transfer: (built) => [built.bytes.buffer as ArrayBuffer],
};
