/** A plate's bytes on a pool's thread (print-plan.ts platesOn): the package and its thumbnail move back rather than copied. */
import type { TaskHandler } from '../generate/pool.js';
import { plateBytes, type PlateResult, type PlateTask } from './plate-bytes.js';

export const handler: TaskHandler<PlateTask, PlateResult> = {
  handle: async (t) => plateBytes(t),
  // The thumbnail and the package each have a buffer of their own (encodePng's output and fflate's zip are new).
  transfer: (r) => [...new Set([r.bytes.buffer, ...(r.thumbnailPng ? [r.thumbnailPng.buffer] : [])] as ArrayBuffer[])],
};
