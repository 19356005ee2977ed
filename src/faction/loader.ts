/**
 * Loads faction files. Input is hostile: the size is capped before parsing, bytes must be UTF-8, YAML
 * syntax errors, duplicate keys, unresolved aliases and alias bombs are refused, and then every field is
 * checked (src/faction/format.ts). Every problem in a file is reported at once, each with the file, the
 * line:column (or the field path) and what would be valid, in one InputError.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError, type Problem } from '../errors.js';
import { jsonExact } from '../text.js';
import { findPackageRoot, listFiles, readTextFile } from '../files/read.js';
import type * as Crypto from 'node:crypto';
import type { ParseOptions } from './parse.js';
import type { Faction } from './types.js';

export interface LoadOptions extends ParseOptions {
  /** Where parses are kept between runs (the part cache, src/io/cache.ts); default: none, every file is parsed. */
  memo?: ParseMemo | null;
}

/**
 * Bytes kept between runs under a key, checked on the way back (the part cache's `getBytes`/`putBytes`).
 * A faction file's parse depends on its text, its path, the rulebook mode and the code (`codeVersion`).
 */
export interface ParseMemo {
  codeVersion: string;
  getBytes(key: string, kind: string): Promise<Uint8Array | null>;
  putBytes(key: string, kind: string, bytes: Uint8Array): Promise<void>;
}

/** A faction file is a few KiB; anything past this is not one (and is not parsed). */
export const MAX_FACTION_FILE_BYTES = 256 * 1024;
export const FACTION_FILE_EXTENSIONS = ['.yaml', '.yml'] as const;

/** The shipped factions/ folder, found from this module's location (src/… or dist/src/…), not the cwd. */
export const DEFAULT_FACTIONS_DIR = join(findPackageRoot(dirname(fileURLToPath(import.meta.url))), 'factions');

/** Reads (at most MAX_FACTION_FILE_BYTES, strict UTF-8) and parses one faction file. */
export async function loadFactionFile(path: string, opts: LoadOptions = {}): Promise<Faction> {
  const text = await readTextFile(path, MAX_FACTION_FILE_BYTES);
  return (await import('./parse.js')).parseFaction(text, path, opts);
}

/** node:crypto, loaded when a memo is first used: the factions command's warm run (a listing kept whole) hashes nothing. */
let cryptoLoaded: Promise<typeof Crypto> | undefined;
const crypto = (): Promise<typeof Crypto> => (cryptoLoaded ??= import('node:crypto'));

/**
 * `compute()`, or the value a run before kept in `memo` under the same `kind`, `inputs` and code: only a
 * value that JSON gives back exactly is kept, and a throw keeps nothing. Without a memo, `compute()`.
 */
export async function remembered<T>(
  memo: ParseMemo | null | undefined,
  kind: string,
  inputs: readonly string[],
  compute: () => Promise<T>,
): Promise<T> {
  if (!memo) return compute();
  const { createHash } = await crypto();
  const hash = createHash('sha256').update(memo.codeVersion);
  for (const input of inputs) hash.update('\0').update(input);
  const key = hash.digest('hex');
  const kept = await memo.getBytes(key, kind);
  if (kept) return JSON.parse(new TextDecoder().decode(kept)) as T;
  const value = await compute();
  if (jsonExact(value)) await memo.putBytes(key, kind, new TextEncoder().encode(JSON.stringify(value)));
  return value;
}

/**
 * `parseFaction`, or the parse a run before made of the very same text, path, rulebook mode and code
 * (`memo`): a warm run reads its factions without loading the YAML parser (~40 ms). Problems are never
 * kept (a bad file is parsed again to report them).
 */
function parseRemembered(text: string, path: string, opts: LoadOptions): Promise<Faction> {
  // The parser (the YAML library, the format's checks) is loaded only for a file it has to parse.
  return remembered(opts.memo, 'faction-parse', [path, opts.rulebook ?? 'enforce', text], async () =>
    (await import('./parse.js')).parseFaction(text, path, opts),
  );
}

/**
 * Loads faction files named one by one (on the command line), with every file's problems together; two
 * files with one id would write one output folder, and are refused.
 * @throws InputError with every problem of every file.
 */
export async function loadFactionFiles(paths: readonly string[], opts: LoadOptions = {}): Promise<Faction[]> {
  return parseFactionFiles(await readFactionFiles(paths), opts);
}

/** Faction files as read: each path with its text, or the reason it could not be read. */
export interface FactionFiles {
  paths: readonly string[];
  texts: readonly PromiseSettledResult<string>[];
}

async function readFactionFiles(paths: readonly string[]): Promise<FactionFiles> {
  return { paths, texts: await Promise.allSettled(paths.map((p) => readTextFile(p, MAX_FACTION_FILE_BYTES))) };
}

/**
 * Parses faction files already read (loadFactionFiles), each file's problems (a read that failed, a bad
 * field, an id taken by a file before it) in the order given.
 * @throws InputError with every problem of every file.
 */
async function parseFactionFiles(files: FactionFiles, opts: LoadOptions = {}): Promise<Faction[]> {
  const factions: Faction[] = [];
  const problems: Problem[] = [];
  // Parsed (or taken from the memo) together; judged in the order given.
  const parsed = await Promise.allSettled(
    files.paths.map(async (path, i) => {
      const text = files.texts[i]!;
      if (text.status === 'rejected') throw text.reason;
      return parseRemembered(text.value, path, opts);
    }),
  );
  for (const [i, path] of files.paths.entries()) {
    try {
      const result = parsed[i]!;
      if (result.status === 'rejected') throw result.reason;
      const f = result.value;
      const twin = factions.find((g) => g.id === f.id);
      if (twin)
        problems.push({
          source: path,
          place: 'id',
          message: `id "${f.id}" is also the id of ${twin.sourceFile}; each faction needs its own id (it names the output folder), so keep only one of the two files`,
        });
      else factions.push(f);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      problems.push(...e.problems);
    }
  }
  if (problems.length) throw new InputError(problems);
  return factions;
}

/**
 * Reads every *.yaml / *.yml file in `dir` (parseFactionFolder parses them). A folder without faction files
 * is an error.
 * @throws InputError when the folder is missing, is not a folder, or holds no faction files.
 */
export async function readFactionFolder(dir: string): Promise<FactionFiles> {
  const paths = await listFiles(dir, FACTION_FILE_EXTENSIONS);
  if (paths.length === 0) {
    throw InputError.single(
      dir,
      '',
      `no faction files (${FACTION_FILE_EXTENSIONS.map((e) => `*${e}`).join(', ')}) in this folder; point --factions-dir at a folder like the shipped factions/`,
    );
  }
  return readFactionFiles(paths);
}

/**
 * Parses the files of a factions folder (readFactionFolder), sorted by id. The problems of all files are
 * gathered into one InputError; two files with the same id are an error too.
 */
export async function parseFactionFolder(files: FactionFiles, opts: LoadOptions = {}): Promise<Faction[]> {
  const factions = await parseFactionFiles(files, opts);
  return factions.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Loads every *.yaml / *.yml file in `dir`, sorted by id (readFactionFolder, parseFactionFolder). */
export async function loadFactions(dir: string, opts: LoadOptions = {}): Promise<Faction[]> {
  return parseFactionFolder(await readFactionFolder(dir), opts);
}
