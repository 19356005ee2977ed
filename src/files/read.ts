/**
 * Reading user files. Input is hostile until proven otherwise: only regular files are read, the bytes read
 * are capped before anything is parsed, and the bytes must be valid UTF-8 (a fatal decoder, so a stray Latin-1 byte is reported at its
 * line and column instead of turning into U+FFFD inside a name).
 */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  openSync,
  readFileSync,
  readdirSync,
  readSync,
  statSync,
  type BigIntStats,
  type Stats,
} from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../errors.js';
import { asUserError } from './fs-errors.js';

/** Formats a byte count for messages: `256 KiB`, `1.5 MiB`, `312 bytes`. */
function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

/**
 * Reads a regular file of at most `maxBytes` bytes, counting the bytes read rather than trusting the size
 * the file claims (a /proc file says 0, a FIFO says nothing). Devices, FIFOs, sockets and links to them are
 * refused before they are opened for reading, and the file is opened non-blocking and checked again, so a
 * FIFO swapped in between cannot hang the run. Throws InputError (source = `path`) when the file is missing,
 * unreadable, not a regular file or larger than `maxBytes`.
 *
 * The calls are synchronous: the files read are small or already in the page cache, and each call through
 * the thread pool costs ~25 µs of CPU against ~3 µs (a warm `factions` makes ~150 of them).
 */
export async function readFileBounded(path: string, maxBytes: number): Promise<Uint8Array> {
  if (path === '') throw InputError.single(path, '', 'the path is empty: name a file');
  try {
    const kind = fileKind(statSync(path));
    if (kind !== 'a file') throw InputError.single(path, '', `is ${kind}, not a regular file`);
    const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
    try {
      const info = fstatSync(fd);
      if (!info.isFile()) throw InputError.single(path, '', `is ${fileKind(info)}, not a regular file`);
      // Sized by the claim, grown by what is read, never past one byte over the limit (which proves a
      // file too large, even one that grows or claims 0 bytes).
      let buf = new Uint8Array(Math.min(maxBytes, info.size) + 1);
      let filled = 0;
      for (;;) {
        if (filled === buf.length) {
          const bigger = new Uint8Array(Math.min(maxBytes + 1, buf.length * 2));
          bigger.set(buf);
          buf = bigger;
        }
        const bytesRead = readSync(fd, buf, filled, buf.length - filled, null);
        if (bytesRead === 0) break;
        filled += bytesRead;
        if (filled > maxBytes) {
          throw InputError.single(
            path,
            '',
            `the file is larger than ${formatBytes(maxBytes)} (${formatBytes(Math.max(info.size, filled))}); files of this kind are smaller, so this is probably not the file you meant`,
          );
        }
      }
      return buf.slice(0, filled);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    throw asUserError(e, path);
  }
}

/** What a non-regular file is, for messages. */
export function fileKind(info: Stats | BigIntStats): string {
  if (info.isFile()) return 'a file';
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/**
 * Reads a UTF-8 text file of at most `maxBytes` bytes (readFileBounded). A leading byte-order mark is
 * dropped. Bytes that are not valid UTF-8 are reported at the line:column of the first bad byte.
 */
export async function readTextFile(path: string, maxBytes: number): Promise<string> {
  return decodeUtf8(await readFileBounded(path, maxBytes), path);
}

/** Decodes UTF-8 strictly; on a bad byte throws InputError at its line:column. */
export function decodeUtf8(bytes: Uint8Array, source: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const { line, col, byte } = firstInvalidUtf8(bytes);
    throw InputError.single(
      source,
      `${line}:${col}`,
      `byte 0x${byte.toString(16).padStart(2, '0')} is not valid UTF-8; save the file as UTF-8 (Latin-1 and UTF-16 are not accepted)`,
    );
  }
}

/**
 * Finds the first byte the fatal decoder rejects. The lenient decoder replaces each bad sequence with
 * U+FFFD; a U+FFFD that re-encodes to the very bytes at that place was genuinely in the file.
 */
function firstInvalidUtf8(bytes: Uint8Array): { line: number; col: number; byte: number } {
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
  const encoder = new TextEncoder();
  for (let i = text.indexOf('\uFFFD'); i !== -1; i = text.indexOf('\uFFFD', i + 1)) {
    const prefix = text.slice(0, i);
    const at = encoder.encode(prefix).length;
    const genuine = bytes[at] === 0xef && bytes[at + 1] === 0xbf && bytes[at + 2] === 0xbd;
    if (genuine) continue;
    const lines = prefix.replace(/^\uFEFF/, '').split('\n');
    return { line: lines.length, col: [...lines[lines.length - 1]!].length + 1, byte: bytes[at] ?? 0 };
  }
  return { line: 1, col: 1, byte: bytes[0] ?? 0 };
}

/**
 * Lists the files in `dir` whose names end with one of `extensions` (lowercase, with the dot), sorted by
 * name. Throws InputError (source = `dir`) if the folder is missing or is not a folder. Synchronous, as
 * readFileBounded: a folder of faction files is listed and stat-ed in a few µs per call.
 */
export async function listFiles(dir: string, extensions: readonly string[]): Promise<string[]> {
  let names: string[];
  try {
    const info = statSync(dir);
    if (!info.isDirectory()) throw InputError.single(dir, '', 'is a file, not a folder');
    names = readdirSync(dir);
  } catch (e) {
    if (e instanceof InputError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw InputError.single(dir, '', 'no such folder');
    throw asUserError(e, dir, 'cannot read the folder');
  }
  const wanted = names.filter((n) => extensions.some((ext) => n.toLowerCase().endsWith(ext)) && !n.startsWith('.'));
  const sorted = wanted.sort();
  return sorted
    .map((name) => join(dir, name))
    .filter((path) => {
      try {
        return statSync(path).isFile();
      } catch {
        return false; // gone, a link loop, not ours to read: not a faction file
      }
    });
}

/** Whether anything (a file or a folder) is at `path`: for telling which way a user named something. */
export function pathExists(path: string): boolean {
  return existsSync(path);
}

/** Whether `dir` is a folder this process can list. */
export async function isReadableFolder(dir: string): Promise<boolean> {
  return readdir(dir).then(
    () => true,
    () => false,
  );
}

/** The names of the folders in `dir` that hold a file `name`, sorted; none when `dir` cannot be read. */
export async function foldersHolding(dir: string, name: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, name)))
    .map((e) => e.name)
    .sort();
}

/**
 * The installed package's root: the nearest folder at or above `startDir` holding a package.json. Works
 * from sources (src/…) and from compiled code (dist/src/…) alike. Throws if there is none (a broken install).
 */
export function findPackageRoot(startDir: string): string {
  for (let dir = startDir; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${startDir}`);
  }
}

/** This package's version, from its package.json (found from this module's place, src/… or dist/src/…). */
export function packageVersion(): string {
  const root = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}
