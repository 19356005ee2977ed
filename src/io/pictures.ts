/** Pictures written into a folder of the user's choosing (`validate --previews DIR`). */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic.js';
import { asUserError } from './fs-errors.js';

/**
 * Writes each picture as `dir/<name>`, atomically, making `dir` itself if missing (not its parents), and
 * returns where each went. Files already in the folder under other names are left alone.
 */
export async function writePictures<K>(dir: string, pictures: ReadonlyMap<K, { name: string; png: Uint8Array }>): Promise<Map<K, string>> {
  if (pictures.size === 0) return new Map();
  await mkdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'EEXIST') throw asUserError(e, dir, 'cannot make the folder for the pictures');
  });
  const out = new Map<K, string>();
  for (const [key, { name, png }] of pictures) {
    const path = join(dir, name);
    await writeFileAtomic(path, png);
    out.set(key, path);
  }
  return out;
}
