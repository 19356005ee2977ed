/** Named files written into a folder of the user's choosing (`validate --previews DIR`, `cards --out DIR`). */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic.js';
import { asUserError } from '../files/fs-errors.js';

/**
 * Writes each file as `dir/<name>`, atomically, making `dir` itself if missing (not its parents), and
 * returns where each went. Files already in the folder under other names are left alone.
 */
export async function writeNamedFiles<K>(
  dir: string,
  files: ReadonlyMap<K, { name: string; bytes: Uint8Array }>,
): Promise<Map<K, string>> {
  if (files.size === 0) return new Map();
  await mkdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'EEXIST') throw asUserError(e, dir, 'cannot make the output folder');
  });
  const out = new Map<K, string>();
  for (const [key, { name, bytes }] of files) {
    const path = join(dir, name);
    await writeFileAtomic(path, bytes);
    out.set(key, path);
  }
  return out;
}
