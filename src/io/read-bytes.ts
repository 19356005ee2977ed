/** Reading binary user files (STL meshes made in other CAD tools), size-capped before reading. */
import { readFile, stat } from 'node:fs/promises';
import { InputError } from '../errors.js';

/**
 * Reads a binary file of at most `maxBytes`. Throws InputError (source = `path`) when it is missing,
 * unreadable, a folder, or too large.
 */
export async function readBinaryFile(path: string, maxBytes: number): Promise<Uint8Array> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw InputError.single(path, '', 'is a folder, not a file');
    if (info.size > maxBytes) throw InputError.single(path, '', `the file is ${(info.size / 2 ** 20).toFixed(1)} MiB; at most ${maxBytes / 2 ** 20} MiB is accepted`);
    return new Uint8Array(await readFile(path));
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw InputError.single(path, '', code === 'ENOENT' ? 'no such file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : `cannot read it (${code ?? String(e)})`);
  }
}
