/**
 * The output folder as a project that every command writes into through one writer (`writeProject`).
 *
 * - Ours are the files its manifest.json lists, each with the run's part that owns it; nothing else in
 *   the folder is ever opened, moved or deleted. A run replaces only the owners it names: it writes its
 *   files, and removes the files those owners listed before that it did not write again, and only while
 *   their bytes are still the ones we wrote (a file a user changed is left, and forgotten).
 * - A path we write that holds something we did not write (a user's file, a changed file of ours, a link,
 *   a FIFO, a folder) is refused before anything is written; so are two paths that would be one file on
 *   a disk that ignores case or Unicode form, and names a disk cannot hold.
 * - Atomic per file, and as a whole after a kill: every file is written beside its target first, then a
 *   journal of the renames and removals is written, then they are done, the manifest last. A run killed
 *   before the journal leaves only temporary files (removed by the next run); one killed after it is
 *   finished by the next run, which reads the journal under the lock. The folder itself is never renamed,
 *   so a mount point or a busy folder is written like any other. A file that already holds the bytes it
 *   would be given is left as it is: a run that changes nothing writes nothing.
 * - One run at a time per tree: the lock `.shipwright-lock` in the project's folder (src/files/lock.ts). A
 *   folder inside a project (`--out out/rigadoon` when `out` is one) is part of it: same lock, one manifest.
 */
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readdir, readFile, realpath, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { lstatSync, readFileSync, type BigIntStats } from 'node:fs';
import { InputError } from '../errors.js';
import {
  listedFiles,
  MANIFEST_FILE,
  serializeManifest,
  sha256Of,
  upgradeManifest,
  type Manifest,
} from '../generate/manifest.js';
import type { LazyBytes } from '../generate/types.js';
import { writeFileAtomic } from '../files/atomic.js';
import { asUserError } from '../files/fs-errors.js';
import { withLock } from '../files/lock.js';
import { fileKind, readTextFile } from '../files/read.js';

export interface OutputFile {
  /** Relative to the project's folder, with forward slashes. */
  path: string;
  /** Its bytes, or how to read them: read only when the file does not hold them already. */
  bytes: LazyBytes;
  /** The sha256 of `bytes` when the caller knows it already (a part's; required for bytes not read yet). */
  sha256?: string;
}

/** An output folder opened for a run: where its project is, and what the project's manifest lists now. */
export interface Project {
  /** The project's folder (absolute): where manifest.json and the lock are. */
  root: string;
  /** The run's folder inside it ('' the project's folder itself). */
  folder: string;
  /** The `--out` the user gave, for messages. */
  shown: string;
  /** The run's folder as the user would type it (`out/rigadoon` for a pack's default). */
  shownFolder: string;
  /** The manifest when the folder was opened (null: a new project). */
  previous: Manifest | null;
}

export interface WriteOptions {
  /** Test seam: the function that writes each file (default fs.promises.writeFile). */
  writeFile?: (path: string, data: Uint8Array | string) => Promise<void>;
  /** Test seam: called after the journal is written, before its renames (a kill there). */
  afterJournal?: () => Promise<void>;
  /** How long to wait for another run's lock, in ms (default the lock's). */
  lockWaitMs?: number;
  /**
   * Where the stat and sha256 of the project's files are kept between runs (the part cache): a file whose
   * stat is the one recorded is not read again to check it is still ours. Default none: each is read.
   */
  sums?: SumsMemo | null;
}

/** Bytes kept between runs under a key (the part cache's `getBytes`/`putBytes`). */
export interface SumsMemo {
  getBytes(key: string, kind: string): Promise<Uint8Array | null>;
  putBytes(key: string, kind: string, bytes: Uint8Array): Promise<void>;
}

/** Each file's stat (device, inode, size, modification and change times in ns) and sha256, by path. */
type Sums = Map<string, [stat: string, sha256: string]>;

/** A manifest of 30 parts with their features is ~300 KiB; anything much larger is not ours. */
const MAX_MANIFEST_BYTES = 16 * 2 ** 20;
const LOCK_FILE = '.shipwright-lock';
const JOURNAL_FILE = '.shipwright-journal.json';
/** A path shipwright writes: folders and names of letters, digits, `.`, `_`, `-`, never `..`. */
const OUR_PATH = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
/** Names Windows gives to devices, with any extension (Microsoft, "Naming Files, Paths, and Namespaces"). */
const DEVICE_NAME = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const TEMP = /^\..+\.sw-[0-9a-f]{16}\.tmp$/;

const lstatOrNull = (p: string) =>
  lstat(p).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? null : Promise.reject(e)));
/** A relative path as the disk sees it: under the root, with the platform's separators. */
const onDisk = (root: string, rel: string): string => join(root, ...rel.split('/'));

/**
 * `outDir` resolved, through a symbolic link to a folder (the link stays). Refuses a file, a device, a
 * dangling link, a missing parent folder, the disk's root and the home folder.
 */
async function resolveOut(outDir: string): Promise<string> {
  if (outDir === '') throw InputError.single('--out', '', 'the path is empty: name a folder such as ./out');
  let cwd: string;
  try {
    cwd = process.cwd();
  } catch {
    throw InputError.single(
      outDir,
      '',
      'the working folder no longer exists: cd to a folder that does, then run again',
    );
  }
  let out = resolve(cwd, outDir);
  const own = await lstatOrNull(out);
  if (own?.isSymbolicLink()) {
    const to = await stat(out).catch(() => null);
    if (!to) throw InputError.single(outDir, '', 'is a symbolic link to nothing: remove it or point it at a folder');
    if (!to.isDirectory())
      throw InputError.single(outDir, '', `is a symbolic link to ${fileKind(to)}, not to a folder`);
    out = await realpath(out);
  } else if (own && !own.isDirectory()) {
    throw InputError.single(outDir, '', `is ${fileKind(own)}, not a folder: choose a folder for --out`);
  }
  const parent = await stat(dirname(out)).catch(() => null);
  if (!parent?.isDirectory())
    throw InputError.single(
      outDir,
      '',
      `the folder ${dirname(out)} does not exist: create it first, or choose another --out`,
    );
  if (out === dirname(out) || out === homedir())
    throw InputError.single(outDir, '', `refusing to write into ${out}: choose a dedicated folder such as ./out`);
  return out;
}

/**
 * The manifest in `root`: null when there is none; InputError naming `shown` when it is not one shipwright
 * wrote (wrong generator, no file list, unsafe paths), or not a file. An older version's is upgraded.
 */
async function readManifest(root: string, shown: string): Promise<Manifest | null> {
  const path = join(root, MANIFEST_FILE);
  const info = await lstatOrNull(path);
  if (!info) return null;
  const refuse = (why: string): InputError =>
    InputError.single(
      `${shown}/${MANIFEST_FILE}`,
      '',
      `${why}: shipwright keeps its list of files there; move it away, or choose another --out`,
    );
  if (!info.isFile()) throw refuse(`is ${fileKind(info)}`);
  let m: Partial<Manifest> & { otherFiles?: unknown[] };
  try {
    m = JSON.parse(await readTextFile(path, MAX_MANIFEST_BYTES)) as typeof m;
  } catch (e) {
    throw refuse(
      `is not a shipwright manifest (${e instanceof InputError ? e.problems[0]!.message : 'not valid JSON'})`,
    );
  }
  const plain = (p: unknown): boolean => typeof p === 'string' && OUR_PATH.test(p) && p !== MANIFEST_FILE;
  const others = m?.otherFiles;
  const listed =
    Array.isArray(m?.files) &&
    m.files.every((f) => plain(f?.path)) &&
    Array.isArray(others) &&
    others.every((o) => plain(typeof o === 'string' ? o : (o as { path?: unknown })?.path));
  if (
    typeof m?.generator !== 'string' ||
    !m.generator.startsWith('shipwright ') ||
    typeof m.manifestVersion !== 'number' ||
    !listed
  )
    throw refuse('was not written by shipwright');
  return upgradeManifest(m as Parameters<typeof upgradeManifest>[0]);
}

/** Whether `dir` holds a manifest shipwright wrote (a project), quietly. */
const isProject = (dir: string): Promise<boolean> =>
  readManifest(dir, dir).then(
    (m) => m !== null,
    () => false,
  );

/**
 * Where a run writing `outDir` writes: the nearest folder at or above it that is a project, else `outDir`
 * itself; `within` puts the run in a sub-folder of `outDir` (a pack's default `out/<id>`).
 */
async function locate(outDir: string, within: string): Promise<{ root: string; folder: string }> {
  const out = await resolveOut(outDir);
  for (let dir = out; ; dir = dirname(dir)) {
    if (await isProject(dir))
      return { root: dir, folder: [relative(dir, out).split(sep).join('/'), within].filter((s) => s !== '').join('/') };
    if (dir === dirname(dir)) return { root: out, folder: within };
  }
}

/** A journal of renames and removals, written before they start so a killed run's are finished. */
interface Journal {
  renames: [string, string][];
  removes: { path: string; sha256: string }[];
}

/** Removes `path` if it still holds the bytes we wrote (`sha256`, or any bytes when an old manifest did not record them). */
async function removeIfOurs(path: string, sha256: string): Promise<boolean> {
  const info = await lstatOrNull(path);
  if (!info) return true;
  if (!info.isFile() || (sha256 !== '' && sha256Of(await readFile(path)) !== sha256)) return false;
  await rm(path, { force: true });
  return true;
}

/** Removes the folders above `rel` that are empty now, up to the project's folder. */
async function pruneEmpty(root: string, rel: string): Promise<void> {
  for (let d = dirname(rel); d !== '.' && d !== ''; d = dirname(d)) {
    const ok = await rmdir(onDisk(root, d)).then(
      () => true,
      () => false,
    );
    if (!ok) return;
  }
}

/** Finishes a run killed after writing its journal: its renames, then its removals. Call with the lock held. */
async function finishJournal(root: string): Promise<string[]> {
  const path = join(root, JOURNAL_FILE);
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return [];
  const left: string[] = [];
  let journal: Journal | null = null;
  try {
    journal = JSON.parse(text) as Journal;
  } catch {
    // A journal is written atomically; one that does not parse was not written by a run of ours.
  }
  for (const [from, to] of journal?.renames ?? []) {
    if (await lstatOrNull(onDisk(root, from))) await rename(onDisk(root, from), onDisk(root, to));
  }
  for (const r of journal?.removes ?? []) {
    if (await removeIfOurs(onDisk(root, r.path), r.sha256)) await pruneEmpty(root, r.path);
    else left.push(r.path);
  }
  await rm(path, { force: true });
  return left.map((p) => `left ${p}: it changed since shipwright wrote it`);
}

/** Removes the temporary files of dead runs in the folders of `paths`. Call with the lock held: no other run of this project writes. */
async function removeDeadTemps(root: string, paths: Iterable<string>): Promise<void> {
  const dirs = new Set([...paths].map((p) => dirname(p)));
  for (const d of dirs) {
    const names = await readdir(onDisk(root, d)).catch(() => [] as string[]);
    for (const n of names) if (TEMP.test(n)) await rm(onDisk(root, d === '.' ? n : `${d}/${n}`), { force: true });
  }
}

/**
 * Opens `outDir` for a run, before anything is built: finishes a killed run's journal, and returns the
 * project and its manifest. Creates nothing. Throws InputError for a manifest.json that is not ours and
 * for any disk error, naming the folder.
 */
export async function openProject(
  outDir: string,
  options: { within?: string; lockWaitMs?: number } = {},
): Promise<Project> {
  try {
    const { root, folder } = await locate(outDir, options.within ?? '');
    const shownFolder = options.within ? `${outDir}/${options.within}` : outDir;
    if (!(await lstatOrNull(root))) return { root, folder, shown: outDir, shownFolder, previous: null };
    const previous = await withLock(
      join(root, LOCK_FILE),
      outDir,
      async () => {
        await finishJournal(root);
        return readManifest(root, outDir);
      },
      { waitMs: options.lockWaitMs },
    );
    return { root, folder, shown: outDir, shownFolder, previous };
  } catch (e) {
    throw asUserError(e, outDir);
  }
}

/** Why a name cannot be written, or null. */
function badName(path: string): string | null {
  if (!OUR_PATH.test(path)) return 'is not a plain relative path of letters, digits, ".", "_" and "-"';
  const seg = path.split('/').find((s) => DEVICE_NAME.test(s) || s.endsWith('.'));
  return seg ? `has "${seg}", a name Windows cannot hold` : null;
}

/**
 * Refuses a manifest whose paths a disk cannot hold apart: two that are one file where case or Unicode
 * form is ignored (macOS, Windows), or a path that is both a file and a folder.
 */
function checkNames(m: Manifest, shown: string): void {
  const seen = new Map<string, { path: string; owner: string }>();
  const folders = new Map<string, { path: string; owner: string }>();
  const fold = (p: string): string => p.normalize('NFKC').toLowerCase();
  for (const f of [{ path: MANIFEST_FILE, owner: 'shipwright' }, ...listedFiles(m)]) {
    const bad = badName(f.path);
    if (bad)
      throw InputError.single(shown, '', `cannot write ${f.path} (${f.owner}): it ${bad}; rename the id it comes from`);
    const key = fold(f.path);
    const clash = seen.get(key) ?? folders.get(key);
    if (clash)
      throw InputError.single(
        shown,
        '',
        `${clash.path} (${clash.owner}) and ${f.path} (${f.owner}) would be one ${clash.path === f.path || seen.has(key) ? 'file' : 'path'} on a disk that ignores case: rename the id one of them comes from`,
      );
    seen.set(key, f);
    const parts = key.split('/');
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      const asFile = seen.get(dir);
      if (asFile)
        throw InputError.single(
          shown,
          '',
          `${asFile.path} (${asFile.owner}) is a file, and ${f.path} (${f.owner}) needs a folder there: rename the id one of them comes from`,
        );
      if (!folders.has(dir)) folders.set(dir, f);
    }
  }
}

/** The files' sums remembered in the part cache for the project in `root` (src/io/cache.ts getBytes/putBytes). */
const sumsKey = (root: string): string => sha256Of(new TextEncoder().encode(`project-sums\0${root}`));
const SUMS_KIND = 'project-sums';

/**
 * A file's sha256: the one recorded with its stat when the stat is unchanged, else read and hashed; and
 * the sum to remember for it. The stat is taken before the bytes are read, so a change meanwhile gives
 * another stat next run; a file last changed after the lock was taken (`lock`: its change time, on the
 * same disk) is not remembered, as it could be changed again within the same tick of the disk's clock and
 * keep its stat (git's index calls such files racily clean).
 */
function sumOf(
  path: string,
  info: BigIntStats,
  known: [string, string] | undefined,
  lock: BigIntStats | undefined,
): { sha256: string; keep: [string, string] | null } {
  const stat = `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  if (known?.[0] === stat) return { sha256: known[1], keep: known };
  const sha256 = sha256Of(readFileSync(path));
  return { sha256, keep: lock && info.dev === lock.dev && info.ctimeNs < lock.ctimeNs ? [stat, sha256] : null };
}

/**
 * Refuses to write where something we did not write is in the way: a path we write (or a folder on it)
 * that holds anything but a file the previous manifest lists with the bytes it lists (read, or known by
 * its stat from `known`). Returns the paths found holding the bytes the manifest lists, each with their
 * sha256, and the sums to remember.
 */
function checkPaths(
  root: string,
  shown: string,
  paths: readonly string[],
  previous: Manifest | null,
  known: Sums,
): { verified: Map<string, string>; sums: Sums } {
  const ours = new Map([
    ...(previous ? [[MANIFEST_FILE, '']] : []),
    ...listedFiles(previous).map((f) => [f.path, f.sha256]),
  ] as [string, string][]);
  // Gone only if another run took it as a dead run's: then nothing is remembered.
  const lock = lstatSync(join(root, LOCK_FILE), { bigint: true, throwIfNoEntry: false });
  // Synchronous calls: under the lock nothing else of this run waits, and ~40 files' stat, read and hash
  // take ~6 ms so, ~10 ms through the thread pool.
  const checkedDirs = new Set<string>();
  const verified = new Map<string, string>();
  const sums: Sums = new Map();
  for (const p of paths) {
    const parts = p.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const rel = parts.slice(0, i).join('/');
      const isDir = i < parts.length;
      if (isDir && checkedDirs.has(rel)) continue;
      const info = lstatSync(onDisk(root, rel), { throwIfNoEntry: false, bigint: true });
      if (!info) break;
      let why: string | null = null;
      if (isDir) why = info.isDirectory() ? null : `${fileKind(info)} where shipwright needs a folder`;
      else if (!info.isFile()) why = fileKind(info);
      else if (!ours.has(rel)) why = 'a file shipwright did not write';
      else if (ours.get(rel) !== '') {
        const { sha256, keep } = sumOf(onDisk(root, rel), info, known.get(rel), lock);
        if (keep) sums.set(rel, keep);
        if (sha256 === ours.get(rel)) verified.set(rel, sha256);
        else why = 'a file shipwright wrote that was changed since';
      }
      if (why) throw InputError.single(`${shown}/${rel}`, '', `is ${why}: move it away, or choose another --out`);
      if (isDir) checkedDirs.add(rel);
    }
  }
  return { verified, sums };
}

/** The sums `memo` keeps for the project in `root` (none when it keeps none, or not in this form). */
async function recalledSums(memo: SumsMemo | null | undefined, root: string): Promise<Sums> {
  const bytes = await memo?.getBytes(sumsKey(root), SUMS_KIND);
  try {
    const entries = bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as unknown) : [];
    const valid = (e: unknown): e is [string, [string, string]] =>
      Array.isArray(e) && typeof e[0] === 'string' && Array.isArray(e[1]) && e[1].every((x) => typeof x === 'string');
    return new Map(Array.isArray(entries) ? entries.filter(valid) : []);
  } catch {
    return new Map();
  }
}

/**
 * Writes `files` (paths relative to the project's folder) and the manifest `compose` makes from the one
 * on disk (read under the lock, so a run that finished meanwhile is seen). `compose` lists every file the
 * folder keeps; files the old manifest listed and the new one does not are removed when still ours. Returns
 * notes for the user (files left because they changed, and compose's own). Disk errors become InputError
 * naming the folder; a failure before the journal leaves the folder as it was.
 */
export async function writeProject(
  project: Pick<Project, 'root' | 'shown'>,
  files: readonly OutputFile[],
  compose: (previous: Manifest | null) => { manifest: Manifest; notes: string[] },
  options: WriteOptions = {},
): Promise<string[]> {
  const { root, shown } = project;
  try {
    await mkdir(root).catch((e: NodeJS.ErrnoException) => (e.code === 'EEXIST' ? undefined : Promise.reject(e)));
    return await withLock(
      join(root, LOCK_FILE),
      shown,
      async () => {
        const notes = await finishJournal(root);
        const previous = await readManifest(root, shown);
        const { manifest, notes: composed } = compose(previous);
        checkNames(manifest, shown);
        const listedNow = new Set(listedFiles(manifest).map((f) => f.path));
        for (const f of files)
          if (!listedNow.has(f.path)) throw new Error(`${f.path} is written but not listed in the manifest`);
        const all = [...files, { path: MANIFEST_FILE, bytes: new TextEncoder().encode(serializeManifest(manifest)) }];
        const known = await recalledSums(options.sums, root);
        const { verified, sums } = checkPaths(
          root,
          shown,
          all.map((f) => f.path),
          previous,
          known,
        );
        // The paths checked now as found now, the rest of the listed files as remembered; kept only when that
        // differs from the memo, so a run that changes nothing, run again, writes nothing there either.
        const checked = new Set(all.map((f) => f.path));
        const next = [...[...known].filter(([p]) => listedNow.has(p) && !checked.has(p)), ...sums].sort(([a], [b]) =>
          a < b ? -1 : 1,
        );
        if (options.sums && JSON.stringify(next) !== JSON.stringify([...known]))
          await options.sums.putBytes(sumsKey(root), SUMS_KIND, new TextEncoder().encode(JSON.stringify(next)));
        // A file already holding the bytes it would be given is left as it is: a run that changes nothing writes nothing.
        const manifestNow = await readFile(join(root, MANIFEST_FILE)).catch(() => null);
        const unchanged = (f: OutputFile): boolean => {
          if (typeof f.bytes !== 'function' && f.path === MANIFEST_FILE)
            return manifestNow !== null && Buffer.compare(manifestNow, f.bytes) === 0;
          const sha256 = f.sha256 ?? (typeof f.bytes === 'function' ? undefined : sha256Of(f.bytes));
          return sha256 !== undefined && verified.get(f.path) === sha256;
        };
        // The bytes of the rest, read now if not yet (before the journal: a failure leaves the folder as it was).
        const changed = await Promise.all(
          all
            .filter((f) => !unchanged(f))
            .map(async (f) => ({ path: f.path, bytes: typeof f.bytes === 'function' ? await f.bytes() : f.bytes })),
        );
        await removeDeadTemps(root, [...all.map((f) => f.path), ...listedFiles(previous).map((f) => f.path)]);
        const removes = listedFiles(previous)
          .filter((f) => !listedNow.has(f.path))
          .map((f) => ({ path: f.path, sha256: f.sha256 }));
        if (changed.length > 0 || removes.length > 0) notes.push(...(await commit(root, changed, removes, options)));
        notes.push(...composed);
        return notes;
      },
      { waitMs: options.lockWaitMs },
    );
  } catch (e) {
    throw asUserError(e, shown, 'cannot write the output');
  }
}

/** Writes every file beside its target, journals the renames and removals, then does them. */
async function commit(
  root: string,
  files: readonly { path: string; bytes: Uint8Array }[],
  removes: Journal['removes'],
  options: WriteOptions,
): Promise<string[]> {
  const write = options.writeFile ?? ((p: string, d: Uint8Array | string) => writeFile(p, d));
  const tag = randomBytes(8).toString('hex');
  const renames: [string, string][] = [];
  const made: string[] = [];
  try {
    for (const f of files) {
      const target = onDisk(root, f.path);
      const first = await mkdir(dirname(target), { recursive: true });
      if (first) for (let d = dirname(target); made.push(d) && d !== first; d = dirname(d));
      const temp = `${dirname(f.path) === '.' ? '' : `${dirname(f.path)}/`}.${f.path.split('/').pop()}.sw-${tag}.tmp`;
      renames.push([temp, f.path]);
      await write(onDisk(root, temp), f.bytes);
      const before = await lstatOrNull(target);
      if (before) await chmod(onDisk(root, temp), before.mode & 0o7777).catch(() => undefined);
    }
  } catch (e) {
    await Promise.all(renames.map(([t]) => rm(onDisk(root, t), { force: true })));
    // Only the folders this run made, deepest first, and only if nothing else was put in them meanwhile.
    for (const d of made.sort((a, b) => b.length - a.length)) await rmdir(d).catch(() => undefined);
    throw e;
  }
  await writeFileAtomic(join(root, JOURNAL_FILE), JSON.stringify({ renames, removes } satisfies Journal));
  await options.afterJournal?.();
  return finishJournal(root);
}
