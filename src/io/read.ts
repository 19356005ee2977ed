/**
 * Reading user files. Input is hostile until proven otherwise: the size is capped before anything is
 * parsed, and the bytes must be valid UTF-8 (a fatal decoder, so a stray Latin-1 byte is reported at its
 * line and column instead of turning into U+FFFD inside a name).
 */
import { existsSync, readFileSync } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../errors.js';

/** Formats a byte count for messages: `256 KiB`, `1.5 MiB`, `312 bytes`. */
function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a folder, not a file';
  return `cannot read it (${code ?? String(e)})`;
}

/**
 * Reads a UTF-8 text file of at most `maxBytes` bytes. A leading byte-order mark is dropped.
 * Throws InputError (source = `path`) when the file is missing or unreadable, is a folder, is larger than
 * `maxBytes` (without reading past the limit), or is not valid UTF-8 (place = line:column of the first bad byte).
 */
export async function readTextFile(path: string, maxBytes: number): Promise<string> {
  let bytes: Uint8Array;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw InputError.single(path, '', 'is a folder, not a file');
    const fh = await open(path, 'r');
    try {
      // Read one byte past the limit: a file that grows between stat and read is still caught.
      const buf = new Uint8Array(maxBytes + 1);
      let filled = 0;
      for (;;) {
        const { bytesRead } = await fh.read(buf, filled, buf.length - filled, null);
        if (bytesRead === 0) break;
        filled += bytesRead;
        if (filled > maxBytes) {
          throw InputError.single(
            path,
            '',
            `the file is larger than ${formatBytes(maxBytes)} (${formatBytes(Math.max(info.size, filled))}); files of this kind are a few KiB, so this is probably not the file you meant`,
          );
        }
      }
      bytes = buf.subarray(0, filled);
    } finally {
      await fh.close();
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw InputError.single(path, '', describeFsError(e));
  }
  return decodeUtf8(bytes, path);
}

/** Decodes UTF-8 strictly; on a bad byte throws InputError at its line:column. */
export function decodeUtf8(bytes: Uint8Array, source: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const { line, col, byte } = firstInvalidUtf8(bytes);
    throw InputError.single(source, `${line}:${col}`, `byte 0x${byte.toString(16).padStart(2, '0')} is not valid UTF-8; save the file as UTF-8 (Latin-1 and UTF-16 are not accepted)`);
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
 * name. Throws InputError (source = `dir`) if the folder is missing or is not a folder.
 */
export async function listFiles(dir: string, extensions: readonly string[]): Promise<string[]> {
  let names: string[];
  try {
    const info = await stat(dir);
    if (!info.isDirectory()) throw InputError.single(dir, '', 'is a file, not a folder');
    names = await readdir(dir);
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw InputError.single(dir, '', code === 'ENOENT' ? 'no such folder' : `cannot read the folder (${code ?? String(e)})`);
  }
  const wanted = names.filter((n) => extensions.some((ext) => n.toLowerCase().endsWith(ext)) && !n.startsWith('.'));
  const files: string[] = [];
  for (const name of wanted.sort()) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (info?.isFile()) files.push(join(dir, name));
  }
  return files;
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
