/**
 * Operating-system errors in words a user can act on. Every errno the disk can give back (full, read-only,
 * a file where a folder should be, a name too long, a loop of links) becomes one line that names the path
 * and the reason, and exits 2 through InputError, never a stack trace.
 */
import { InputError } from '../errors.js';

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'is a folder, not a file',
  EEXIST: 'already exists',
  ENOTEMPTY: 'the folder is not empty',
  ENAMETOOLONG: 'the name is too long for this disk',
  EXDEV: 'is on another disk than its folder',
  ELOOP: 'too many symbolic links (a loop?)',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  EIO: 'input/output error (a failing disk?)',
  EBUSY: 'the file is busy',
  ETXTBSY: 'the file is busy',
  EINVAL: 'the name is not valid on this disk',
  ENXIO: 'is a device with nothing attached',
  ENODEV: 'is a device, not a file',
};

/** An error the operating system raised (it has an errno code). */
export function isSystemError(e: unknown): e is NodeJS.ErrnoException & { code: string } {
  return (
    e instanceof Error &&
    typeof (e as NodeJS.ErrnoException).code === 'string' &&
    /^E[A-Z0-9]+$/.test((e as NodeJS.ErrnoException).code!)
  );
}

/** Why an errno failed, in words (`the disk is full`), with the code for searching. */
export function describeSystemError(e: NodeJS.ErrnoException): string {
  const code = e.code ?? '';
  return `${REASONS[code] ?? 'the operating system refused'} (${code})`;
}

/**
 * Turns a system error into an InputError naming `path` (what the user gave) and, when given, what was
 * being done (`cannot write it`); other errors pass through unchanged.
 */
export function asUserError(e: unknown, path: string, doing = ''): unknown {
  if (e instanceof InputError || !isSystemError(e)) return e;
  const at = e.path && e.path !== path ? ` (at ${e.path})` : '';
  return InputError.single(path, '', `${doing ? `${doing}: ` : ''}${describeSystemError(e)}${at}`);
}
