/**
 * Atomic file writes: the content goes to a temporary file beside the target, is flushed, then renamed
 * over it, so a reader never sees half a file and an interrupted run leaves the old file in place.
 * A target that is a symbolic link is written through to the file it points at (the link stays); a
 * folder, a device or a FIFO is refused, never replaced. Missing parent folders are an error unless the
 * caller asks for them (the cache does; a user's `--stl out/x.stl` with no `out/` does not).
 */
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, open, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../errors.js';
import { asUserError } from './fs-errors.js';
import { fileKind } from './read.js';

/** Temporary files are named `.<target>.<pid>.<random>.tmp`, so a later run can tell a dead run's leftovers. */
function tempNameFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** The pid in a name made by tempNameFor, or null. */
export function tempOwnerPid(name: string): number | null {
  const m = /\.(\d+)\.[0-9a-f]{8}\.tmp$/.exec(name);
  return m ? Number(m[1]) : null;
}

/** Whether a process with this pid is running on this machine. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface AtomicWriteOptions {
  /** Create missing parent folders (default false: a missing folder is an error). */
  createParents?: boolean;
  /** Remove the target's temporary files left by killed runs (default true; the cache tidies its folder at open). */
  removeDeadTemps?: boolean;
}

/**
 * Writes `data` to `target` atomically. Keeps an existing file's mode. Throws InputError (source =
 * `target`) for an empty path, a target that is not a regular file, a missing parent folder (unless
 * `createParents`) and any error the disk gives back (full, read-only, permission).
 */
export async function writeFileAtomic(
  target: string,
  data: Uint8Array | string,
  options: AtomicWriteOptions = {},
): Promise<void> {
  if (target === '') throw InputError.single(target, '', 'the path is empty: name a file to write');
  try {
    const path = await resolveTarget(target);
    const dir = dirname(path);
    if (options.createParents) await mkdir(dir, { recursive: true });
    else {
      const info = await stat(dir).catch(() => null);
      if (!info)
        throw InputError.single(
          target,
          '',
          `the folder ${dir} does not exist: create it first, or write somewhere else`,
        );
      if (!info.isDirectory()) throw InputError.single(target, '', `${dir} is not a folder`);
    }
    const mode = (await stat(path).catch(() => null))?.mode;
    if (options.removeDeadTemps ?? true) await removeDeadTemps(path);
    const tmp = tempNameFor(path);
    const fh = await open(tmp, 'wx');
    try {
      await fh.writeFile(data);
      await fh.sync();
      if (mode !== undefined) await fh.chmod(mode & 0o7777);
      await fh.close();
      await rename(tmp, path);
    } catch (e) {
      await fh.close().catch(() => undefined);
      await rm(tmp, { force: true });
      throw e;
    }
  } catch (e) {
    throw asUserError(e, target, 'cannot write it');
  }
}

/** The file a write lands in: `target` itself, or the file its symbolic link points at; never a non-file. */
async function resolveTarget(target: string): Promise<string> {
  const own = await lstat(target).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw e;
  });
  if (!own) return target;
  if (own.isSymbolicLink()) {
    const to = await stat(target).catch(() => null);
    if (!to) throw InputError.single(target, '', 'is a symbolic link to nothing: remove it or point it at a file');
    if (!to.isFile())
      throw InputError.single(target, '', `is a symbolic link to ${fileKind(to)}, not to a regular file`);
    return realpath(target);
  }
  if (!own.isFile())
    throw InputError.single(target, '', `is ${fileKind(own)}, not a regular file: name a file to write`);
  return target;
}

/** Removes the temporary files a killed run left for `target` (their pid no longer runs). */
async function removeDeadTemps(target: string): Promise<void> {
  const prefix = `.${basename(target)}.`;
  const names = await readdir(dirname(target)).catch(() => [] as string[]);
  for (const n of names) {
    const pid = n.startsWith(prefix) ? tempOwnerPid(n) : null;
    if (pid !== null && /^\d+\.[0-9a-f]{8}\.tmp$/.test(n.slice(prefix.length)) && !pidAlive(pid)) {
      await rm(join(dirname(target), n), { force: true });
    }
  }
}

/** Sets a mode, ignoring a disk that cannot (some network and FAT disks). */
export async function chmodQuietly(path: string, mode: number): Promise<void> {
  await chmod(path, mode & 0o7777).catch(() => undefined);
}
