/**
 * The content-hash cache of built parts, on disk: `<dir>/<key>.stl` and `<dir>/<key>.json`. A cache is a
 * cache: any failure (a file where the folder should be, no permission, a full disk, a FIFO or a link
 * loop as an entry) falls back to building, with one warning per run. An entry is trusted only when its
 * metadata names the key it was stored under and the part, and the mesh's sha256 matches; a swapped,
 * edited or truncated entry is rebuilt. When a run first writes an entry, temporary files of killed runs
 * are removed and the folder is kept under `maxBytes` by dropping the least recently used entries.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, type Stats } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../errors.js';
import { jsonExact } from '../text.js';
import type { MeshFacts, PartCache } from '../generate/index.js';
import type * as Atomic from '../files/atomic.js';
import type * as Crypto from 'node:crypto';
import { describeSystemError, isSystemError } from '../files/fs-errors.js';
import { findPackageRoot, readFileBounded } from '../files/read.js';

/** `$XDG_CACHE_HOME/shipwright`, else `~/.cache/shipwright`. */
export function defaultCacheDir(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'shipwright');
}

/** The cache's default size bound: ~40 full runs of the shipped factions (one is ~6 MiB). */
export const MAX_CACHE_BYTES = 256 * 2 ** 20;
/** The largest STL a part makes is ~2 MiB; the metadata a few KiB. */
const MAX_ENTRY_STL_BYTES = 64 * 2 ** 20;
const MAX_ENTRY_JSON_BYTES = 2 ** 20;
/** A value kept whole (DiskCache.keep): a listing holds every faction file's text, ~4 KiB a faction. */
const MAX_KEPT_BYTES = 64 * 2 ** 20;
/** Entries are written with their folder made if need be; dead runs' temporary files go at open (tidy). */
const WRITE = { createParents: true, removeDeadTemps: false } as const;
/** A temporary file this old is a dead run's even if its pid was reused. */
const STALE_TEMP_MS = 60 * 60 * 1000;
/** The atomic writer, loaded when a run first writes: a warm run that only reads (factions) does without it. */
const atomic = (): Promise<typeof Atomic> => import('../files/atomic.js');
/** node:crypto, loaded when a run first hashes (~2 ms): a warm run that recalls what it needs hashes nothing. */
let cryptoLoaded: Promise<typeof Crypto> | undefined;
const crypto = (): Promise<typeof Crypto> => (cryptoLoaded ??= import('node:crypto'));

/**
 * The folders (`root` first) and the other entries under `root`, as paths relative to it. Walked folder by
 * folder: Node 20's `readdirSync(root, { recursive: true })` takes a run's start ~3 ms of CPU for ~200
 * files, this ~1 ms.
 */
function walk(root: string, rel = '', out = { folders: [] as string[], files: [] as string[] }): typeof out {
  out.folders.push(rel);
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    const path = join(rel, e.name);
    if (e.isDirectory()) walk(root, path, out);
    else out.files.push(path);
  }
  return out;
}

/**
 * The files a code version is made of: every compiled or source file under `root`, package.json, and each
 * dependency's; and every path whose stat tells whether they are still those (`paths`): the folders the
 * files were listed from and, for each dependency, every place Node looks for it up to where it was found.
 * Listed with synchronous calls: a few hundred small ones take a warm run ~1 ms so, ~5 ms through the
 * thread pool.
 */
function codeInputs(root: string): {
  sources: string[];
  pkgJson: string;
  deps: [string, string | null][];
  paths: string[];
} {
  const { folders, files } = walk(root);
  const sources = files.filter((f) => /\.(js|ts)$/.test(f) && !f.endsWith('.d.ts')).sort();
  const pkgRoot = findPackageRoot(root);
  const pkgJson = join(pkgRoot, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgJson, 'utf8')) as { dependencies?: Record<string, string> };
  const require = createRequire(pkgJson);
  const looked: string[] = [];
  // Found where Node finds it; read directly, since some packages' exports hide their package.json.
  const deps = Object.keys(pkg.dependencies ?? {})
    .sort()
    .map((dep): [string, string | null] => {
      const places = (require.resolve.paths(dep) ?? []).map((p) => join(p, dep, 'package.json'));
      const found = places.findIndex((f) => existsSync(f));
      looked.push(...places.slice(0, found < 0 ? places.length : found + 1));
      return [dep, found < 0 ? null : places[found]!];
    });
  const paths = [...folders.map((f) => join(root, f)), ...sources.map((f) => join(root, f)), pkgJson, ...looked];
  return { sources, pkgJson, deps, paths };
}

/**
 * A hash of everything that shapes a part: every compiled or source file under `root` (default this
 * package's src/ or dist/src/, whichever is running), the package's version, and the installed version of each dependency (the
 * kernel, and @jscad/modeling, whose font draws the pictures' and the paper's lettering).
 */
export async function codeVersion(root: string = CODE_ROOT): Promise<string> {
  return versionOf(root, codeInputs(root));
}

const CODE_ROOT = fileURLToPath(new URL('../', import.meta.url));

async function versionOf(root: string, inputs: ReturnType<typeof codeInputs>): Promise<string> {
  const hash = (await crypto()).createHash('sha256');
  const texts = await Promise.all(inputs.sources.map((f) => readFile(join(root, f))));
  inputs.sources.forEach((f, i) => hash.update(f).update('\0').update(texts[i]!).update('\0'));
  hash.update((JSON.parse(await readFile(inputs.pkgJson, 'utf8')) as { version: string }).version);
  for (const [dep, file] of inputs.deps) {
    const version = file ? (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version : 'missing';
    hash.update(`${dep}@${version}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** A small JSON file's value, or null when it is missing or not JSON. */
function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Each path with its stat (size, inode, modification and change times, as git's index keeps them), or null when missing. */
type Stamp = [path: string, stat: number[] | null][];

const statOf = (path: string): Stats | undefined => statSync(path, { throwIfNoEntry: false });

/**
 * The stamp of `paths` now: any change to a file changes its change time, and an entry added to or removed
 * from a folder the folder's.
 */
function statStamp(paths: readonly string[]): Stamp {
  return paths.map((f) => {
    const s = statOf(f);
    return [f, s ? [s.size, s.ino, s.mtimeMs, s.ctimeMs] : null];
  });
}

/**
 * Whether every path of `stamp` has the stat recorded, compared as numbers (JSON gives them back exactly),
 * with no stamp made of them: a warm start stats ~220 paths.
 */
const stampHolds = (stamp: Stamp): boolean =>
  stamp.every(([f, was]) => {
    const s = statOf(f);
    return s && was
      ? s.size === was[0] && s.ino === was[1] && s.mtimeMs === was[2] && s.ctimeMs === was[3]
      : !s && !was;
  });

/** A code version with the code's folder and the stamp of the files it was computed from (`statStamp`). */
interface StampedVersion {
  root: string;
  stamp: Stamp;
  version: string;
}

/**
 * `memo`'s version when it is of the code in `root` and its stamp holds: the folders it stamps hold the same
 * entries, so the code is made of the same files, and those are unchanged.
 */
function stillValid(memo: unknown, root: string): string | null {
  const m = memo as Partial<StampedVersion> | null;
  if (m?.root !== root || !Array.isArray(m.stamp) || typeof m.version !== 'string') return null;
  try {
    return stampHolds(m.stamp) ? m.version : null;
  } catch {
    // Not a stamp (a memo edited by hand): computed again.
    return null;
  }
}

/** `codeVersion(root)`, kept in `memoPath` with its stamp and used while the stamp holds. */
async function rememberedAt(memoPath: string, root: string): Promise<string> {
  const kept = stillValid(readJson(memoPath), root);
  if (kept) return kept;
  const inputs = codeInputs(root);
  // The stamp is taken before the files are read: a file changed meanwhile has another stamp next run.
  const stamp = statStamp(inputs.paths);
  const version = await versionOf(root, inputs);
  const memo: StampedVersion = { root, stamp, version };
  await (await atomic()).writeFileAtomic(memoPath, JSON.stringify(memo), WRITE).catch(() => undefined);
  return version;
}

/** Where `npm run build` leaves the code version of dist/src/: dist/code-version.json, outside the folders it stamps. */
const builtMemoPath = (root: string): string => join(root, '..', 'code-version.json');

/**
 * Keeps `root`'s code version and stamp beside it (`npm run build` does, after compiling, for dist/src/), so
 * that a run of the built code stats the files listed there instead of listing them and finding the
 * dependencies again.
 */
export const rememberBuiltCodeVersion = (root: string = CODE_ROOT): Promise<string> =>
  rememberedAt(builtMemoPath(root), root);

/**
 * The memo of the code version of the code in `root`, in a cache folder: one per installed copy (two
 * checkouts sharing ~/.cache/shipwright keep theirs apart); valid while every input file has the stat it had.
 */
const codeVersionMemo = async (root: string): Promise<string> =>
  `code-version-${(await crypto()).createHash('sha256').update(root).digest('hex').slice(0, 16)}.json`;

/**
 * `codeVersion(root)`, remembered beside the stat of each file it read: reading and hashing ~2 MB of code
 * costs a warm run ~15 ms, listing and stat-ing it ~5 ms, stat-ing the files the build listed ~1 ms. The
 * build's memo (rememberBuiltCodeVersion) is used while all its files are unchanged; else (the sources run
 * by the tests, a build changed since) the memo in `dir`.
 */
export async function rememberedCodeVersion(dir: string, root: string = CODE_ROOT): Promise<string> {
  return stillValid(readJson(builtMemoPath(root)), root) ?? rememberedAt(join(dir, await codeVersionMemo(root)), root);
}

/**
 * The part cache, and values kept whole with the very inputs they were computed from (the factions
 * command's listing): one file per name, `kept-<name>.json`, written atomically, given back when the name,
 * the code and every input are exactly the same. The inputs are compared, not hashed: a warm run that needs
 * only such a value loads no hashing at all. Like a part's metadata (`facts`), the value itself carries no
 * sum: an edit that leaves valid JSON is given back. One file per name, not trimmed with the entries.
 */
export interface DiskCache extends PartCache {
  /** The value kept under `name` by this code from exactly these `inputs`, or null. */
  recall(name: string, inputs: readonly string[]): Promise<unknown>;
  /** Keeps `value` (when JSON gives it back exactly) under `name`, in place of what was kept there. */
  keep(name: string, inputs: readonly string[], value: unknown): Promise<void>;
}

/** A value kept whole: its name, the code version, the inputs and the value. */
interface KeptValue {
  name: string;
  code: string;
  inputs: string[];
  value: unknown;
}

export interface DiskCacheOptions {
  /** Where the one warning of a failing cache goes (default: nowhere). */
  warn?: (message: string) => void;
  /** The size bound in bytes (default MAX_CACHE_BYTES). */
  maxBytes?: number;
}

interface StoredMeta {
  key: string;
  part: string;
  facts: MeshFacts;
}

/** Other bytes the runs derive (a plate's thumbnail): what they are and their sha256. */
interface StoredBytesMeta {
  key: string;
  kind: string;
  sha256: string;
}

/**
 * Opens (creating it if needed) the cache in `dir`, cleans up after killed runs and trims it to its size
 * bound. Never throws for the disk's sake: a cache that cannot work warns once and builds everything.
 */
export async function openDiskCache(dir: string, options: DiskCacheOptions = {}): Promise<DiskCache> {
  let working = true;
  const fail = (e: unknown): null => {
    if (!isSystemError(e) && !(e instanceof InputError)) throw e;
    if (working)
      options.warn?.(
        `the part cache in ${dir} does not work (${isSystemError(e) ? describeSystemError(e) : e.problems[0]!.message}); building without it`,
      );
    working = false;
    return null;
  };
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    fail(e);
  }
  const version = working ? await rememberedCodeVersion(dir) : await codeVersion();
  // Trimmed when a run first writes to it: a run that only reads adds nothing, and stat-ing a full cache
  // (thousands of files) would cost a warm run more than all else it does.
  let tidied: Promise<unknown> | null = null;
  const tidyOnce = (): Promise<unknown> => (tidied ??= tidy(dir, options.maxBytes ?? MAX_CACHE_BYTES).catch(fail));
  const read = (path: string, max: number): Promise<Uint8Array | null> =>
    readFileBounded(path, max).catch((e: unknown) =>
      e instanceof InputError && /ENOENT/.test(e.message) ? null : fail(e),
    );
  /**
   * Marks an entry used: its metadata's time is the entry's last use (`tidy` takes the newest of its files).
   * Synchronous, like the reads (src/files/read.ts): a warm run touches every entry it reads.
   */
  const touch = (key: string): void => {
    const now = new Date();
    try {
      utimesSync(join(dir, `${key}.json`), now, now);
    } catch {
      // Not marked: the entry is only trimmed sooner.
    }
  };
  /**
   * An entry's meta and bytes (`<key>.json`, `<key>.<ext>`), when the meta is for this key and `promised`
   * finds in it the sha256 the bytes must have; used entries are the last to be trimmed.
   */
  const readEntry = async <M>(
    key: string,
    ext: string,
    promised: (meta: M) => string | undefined,
  ): Promise<{ meta: M; bytes: Uint8Array } | null> => {
    if (!working) return null;
    const [json, bytes] = await Promise.all([
      read(join(dir, `${key}.json`), MAX_ENTRY_JSON_BYTES),
      read(join(dir, `${key}.${ext}`), MAX_ENTRY_STL_BYTES),
    ]);
    if (!json || !bytes) return null;
    let meta: M;
    try {
      meta = JSON.parse(new TextDecoder().decode(json)) as M;
    } catch {
      return null;
    }
    if ((meta as { key?: unknown } | null)?.key !== key) return null;
    const sha = promised(meta);
    if (typeof sha !== 'string' || (await crypto()).createHash('sha256').update(bytes).digest('hex') !== sha)
      return null;
    touch(key);
    return { meta, bytes };
  };
  /** A name as a file name; two names alike there are told apart by the name kept inside. */
  const keptPath = (name: string): string => join(dir, `kept-${name.replace(/[^A-Za-z0-9]+/g, '-').slice(-120)}.json`);
  const writeEntry = async (key: string, ext: string, bytes: Uint8Array, meta: object): Promise<void> => {
    await tidyOnce();
    if (!working) return;
    const { writeFileAtomic } = await atomic();
    await writeFileAtomic(join(dir, `${key}.${ext}`), bytes, WRITE)
      .then(() => writeFileAtomic(join(dir, `${key}.json`), JSON.stringify(meta), WRITE))
      .catch(fail);
  };
  return {
    codeVersion: version,
    async get(key, part) {
      const entry = await readEntry<StoredMeta>(key, 'stl', (m) => (m.part === part ? m.facts?.sha256 : undefined));
      return entry && { facts: entry.meta.facts, bytes: entry.bytes };
    },
    async facts(key, part) {
      if (!working) return null;
      const json = await read(join(dir, `${key}.json`), MAX_ENTRY_JSON_BYTES);
      let meta: Partial<StoredMeta> | null = null;
      try {
        meta = json && (JSON.parse(new TextDecoder().decode(json)) as Partial<StoredMeta>);
      } catch {
        return null;
      }
      if (meta?.key !== key || meta.part !== part || typeof meta.facts?.bounds !== 'object') return null;
      touch(key);
      return meta.facts;
    },
    put: (key, part, facts, bytes) => writeEntry(key, 'stl', bytes, { key, part, facts } satisfies StoredMeta),
    async getBytes(key, kind) {
      return (
        (await readEntry<StoredBytesMeta>(key, 'bin', (m) => (m.kind === kind ? m.sha256 : undefined)))?.bytes ?? null
      );
    },
    putBytes: async (key, kind, bytes) =>
      writeEntry(key, 'bin', bytes, {
        key,
        kind,
        sha256: (await crypto()).createHash('sha256').update(bytes).digest('hex'),
      } satisfies StoredBytesMeta),
    async recall(name, inputs) {
      const json = working ? await read(keptPath(name), MAX_KEPT_BYTES) : null;
      let kept: Partial<KeptValue> | null = null;
      try {
        kept = json && (JSON.parse(new TextDecoder().decode(json)) as Partial<KeptValue>);
      } catch {
        return null;
      }
      const was = kept?.inputs;
      const same = kept?.name === name && kept.code === version && Array.isArray(was) && was.length === inputs.length;
      return same && inputs.every((input, i) => input === was[i]) ? kept!.value : null;
    },
    async keep(name, inputs, value) {
      if (!jsonExact(value)) return;
      await tidyOnce();
      if (!working) return;
      const kept: KeptValue = { name, code: version, inputs: [...inputs], value };
      await (await atomic()).writeFileAtomic(keptPath(name), JSON.stringify(kept), WRITE).catch(fail);
    },
  };
}

/** A temporary file of a cache write (atomic.ts names them). */
const CACHE_TEMP =
  /^\.([0-9a-f]{64}\.(stl|bin|json)|code-version-[0-9a-f]{16}\.json|kept-[A-Za-z0-9-]+\.json)\.\d+\.[0-9a-f]{8}\.tmp$/;

/** Removes dead runs' temporary files, then the least recently used entries beyond `maxBytes`. */
async function tidy(dir: string, maxBytes: number): Promise<void> {
  const { pidAlive, tempOwnerPid } = await atomic();
  const entries = new Map<string, { bytes: number; usedMs: number }>();
  for (const name of await readdir(dir)) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (!info) continue;
    // Only our own temporary files (`.<entry>.<pid>.<hex>.tmp`): anything else in the folder is not ours to remove.
    if (CACHE_TEMP.test(name)) {
      const pid = tempOwnerPid(name)!;
      if (!pidAlive(pid) || Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(join(dir, name), { force: true });
      continue;
    }
    const m = /^([0-9a-f]{64})\.(stl|bin|json)$/.exec(name);
    if (!m || !info.isFile()) continue;
    const e = entries.get(m[1]!) ?? { bytes: 0, usedMs: 0 };
    entries.set(m[1]!, { bytes: e.bytes + info.size, usedMs: Math.max(e.usedMs, info.mtimeMs) });
  }
  let total = [...entries.values()].reduce((s, e) => s + e.bytes, 0);
  for (const [key, e] of [...entries].sort((a, b) => a[1].usedMs - b[1].usedMs)) {
    if (total <= maxBytes) break;
    await Promise.all(['stl', 'bin', 'json'].map((ext) => rm(join(dir, `${key}.${ext}`), { force: true })));
    total -= e.bytes;
  }
}
