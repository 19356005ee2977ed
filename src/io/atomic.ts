/**
 * Atomic file writes: the content goes to a temporary file beside the target, is flushed, then renamed
 * over it, so a reader never sees half a file and an interrupted run leaves the old file in place.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export function tempNameFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** Writes `data` to `target` atomically, creating the folder if needed. */
export async function writeFileAtomic(target: string, data: Uint8Array | string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const tmp = tempNameFor(target);
  const fh = await open(tmp, 'w');
  try {
    await fh.writeFile(data);
    await fh.sync();
  } catch (e) {
    await fh.close();
    await rm(tmp, { force: true });
    throw e;
  }
  await fh.close();
  try {
    await rename(tmp, target);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}
