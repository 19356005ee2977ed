/**
 * Writes a generate run to the output folder: atomically, one run at a time, and only into a folder that
 * is ours. Everything is written into a staging folder beside it that starts as a hard-linked copy of the
 * current folder (so other factions' files and whatever a user keeps there survive: files, symbolic
 * links, FIFOs, and the folders' modes), then the two folders are swapped with two renames.
 *
 * - Ours: an empty or new folder, or one holding a manifest.json that shipwright wrote (its generator and
 *   its list of files). Anything else is refused before a part is built. A path we are about to write
 *   that holds something we did not write (a user's file, a link, a FIFO) is refused too.
 * - One at a time: a lock file beside the folder (`.<name>.shipwright-lock`, holding the pid) is taken for
 *   the check, the staging and the swap; a second run waits for it (up to LOCK_WAIT_MS, then exits 2),
 *   and a lock whose process is gone is taken over. So concurrent runs each end 0 or 2 and the folder
 *   holds one complete run.
 * - The window between the renames: a run killed there leaves the folder renamed to `.retired-…` and no
 *   folder. `generate` is the only command that reads the output folder, and it repairs this under the
 *   lock before it reads (`recoverInterruptedSwap`), so the last complete output comes back.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, link, lstat, mkdir, open, readdir, readFile, readlink, realpath, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { InputError } from '../errors.js';
import { MANIFEST_FILE, serializeManifest, type Manifest } from '../generate/manifest.js';
import { chmodQuietly, pidAlive } from './atomic.js';
import { asUserError } from './fs-errors.js';
import { fileKind, readTextFile } from './read.js';

export interface OutputFile {
  /** Relative path inside the output folder, with forward slashes. */
  path: string;
  bytes: Uint8Array;
}

export interface WriteOptions {
  /** Test seam: the function that writes each file (default fs.promises.writeFile). */
  writeFile?: (path: string, data: Uint8Array | string) => Promise<void>;
  /** How long to wait for another run's lock, in ms (default LOCK_WAIT_MS). */
  lockWaitMs?: number;
}

/** How long a run waits for another run writing the same folder: a swap takes well under a second. */
export const LOCK_WAIT_MS = 60_000;
/** A manifest of 30 parts with their features is ~300 KiB; anything much larger is not ours. */
const MAX_MANIFEST_BYTES = 16 * 2 ** 20;
const STAGING = '.staging-';
const RETIRED = '.retired-';
const LOCK_SUFFIX = '.shipwright-lock';
/** A path shipwright writes: folders and names of letters, digits, `.`, `_`, `-`, never `..`. */
const OUR_PATH = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const missing = (e: unknown): boolean => (e as NodeJS.ErrnoException).code === 'ENOENT';
const lstatOrNull = (p: string) => lstat(p).catch((e: unknown) => (missing(e) ? null : Promise.reject(e)));

/**
 * The folder a run writes: `outDir` resolved, or the folder its symbolic link points at (the link stays).
 * Refuses a file, a device, a dangling link, a missing parent folder, the root, home and the working folder.
 */
async function resolveOut(outDir: string): Promise<string> {
  if (outDir === '') throw InputError.single('--out', '', 'the path is empty: name a folder such as ./out');
  let out = resolve(outDir);
  const own = await lstatOrNull(out);
  if (own?.isSymbolicLink()) {
    const to = await stat(out).catch(() => null);
    if (!to) throw InputError.single(outDir, '', 'is a symbolic link to nothing: remove it or point it at a folder');
    if (!to.isDirectory()) throw InputError.single(outDir, '', `is a symbolic link to ${fileKind(to)}, not to a folder`);
    out = await realpath(out);
  } else if (own && !own.isDirectory()) {
    throw InputError.single(outDir, '', `is ${fileKind(own)}, not a folder: choose a folder for --out`);
  }
  const parent = await stat(dirname(out)).catch(() => null);
  if (!parent?.isDirectory()) throw InputError.single(outDir, '', `the folder ${dirname(out)} does not exist: create it first, or choose another --out`);
  const cwd = process.cwd();
  if (out === dirname(out) || out === homedir() || cwd === out || cwd.startsWith(out + sep)) {
    throw InputError.single(outDir, '', `refusing to replace ${out}: choose a dedicated folder such as ./out`);
  }
  return out;
}

/**
 * The manifest of the run that made `out`, null for a new or empty folder; InputError for anything that is
 * not ours (no manifest, or one shipwright did not write: wrong generator, no file list, unsafe paths).
 */
async function ownManifest(out: string, shown: string): Promise<Manifest | null> {
  const entries = await readdir(out).catch((e: unknown) => (missing(e) ? null : Promise.reject(e)));
  if (!entries || entries.length === 0) return null;
  const refuse = (why: string): InputError =>
    InputError.single(shown, '', `${why}; shipwright writes only into a new or empty folder, or one it made: choose another --out (or, if shipwright made it, delete it and generate again)`);
  if (!entries.includes(MANIFEST_FILE)) throw refuse(`is not empty and has no ${MANIFEST_FILE}`);
  const info = await lstat(join(out, MANIFEST_FILE));
  if (!info.isFile()) throw refuse(`its ${MANIFEST_FILE} is ${fileKind(info)}`);
  let m: Partial<Manifest>;
  try {
    m = JSON.parse(await readTextFile(join(out, MANIFEST_FILE), MAX_MANIFEST_BYTES)) as Partial<Manifest>;
  } catch (e) {
    throw refuse(`its ${MANIFEST_FILE} is not a shipwright manifest (${e instanceof InputError ? e.problems[0]!.message : 'not valid JSON'})`);
  }
  const others = m?.otherFiles ?? [];
  const plain = (p: unknown): boolean => typeof p === 'string' && OUR_PATH.test(p) && p !== MANIFEST_FILE;
  const listed = Array.isArray(m?.files) && m.files.every((f) => plain(f?.path)) && Array.isArray(others) && others.every(plain);
  if (typeof m?.generator !== 'string' || !m.generator.startsWith('shipwright ') || typeof m.manifestVersion !== 'number' || !listed) {
    throw refuse(`its ${MANIFEST_FILE} was not written by shipwright`);
  }
  return { ...m, otherFiles: others, table: m.table ?? null } as Manifest;
}

/** Every file a manifest says its run wrote. */
const writtenBy = (m: Manifest | null): string[] => (m ? [...m.files.map((f) => f.path), ...m.otherFiles] : []);

/**
 * Refuses to write where something we did not write is in the way: a path we write (or a folder on it)
 * that holds a user's file, a link, a FIFO or a device rather than a file the previous manifest lists.
 */
async function checkPaths(out: string, shown: string, paths: readonly string[], previous: Manifest | null): Promise<void> {
  const ours = new Set([MANIFEST_FILE, ...writtenBy(previous)]);
  const checkedDirs = new Set<string>();
  for (const p of paths) {
    const parts = p.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const rel = parts.slice(0, i).join('/');
      const isDir = i < parts.length;
      if (isDir && checkedDirs.has(rel)) continue;
      const info = await lstatOrNull(join(out, rel));
      if (!info) break;
      const fine = isDir ? info.isDirectory() : info.isFile() && ours.has(rel);
      if (!fine) {
        const what = isDir ? `${fileKind(info)} where shipwright needs a folder` : info.isFile() ? 'a file shipwright did not write' : fileKind(info);
        throw InputError.single(`${shown}/${rel}`, '', `is ${what}: move it away, or choose another --out`);
      }
      if (isDir) checkedDirs.add(rel);
    }
  }
}

/**
 * Takes the output folder's lock for `fn`. Waits while a live run holds it; takes over a lock whose
 * process is gone (a killed run). A half-written lock (no pid yet) is trusted for a few seconds.
 */
async function withLock<T>(out: string, shown: string, waitMs: number, fn: () => Promise<T>): Promise<T> {
  const lockPath = join(dirname(out), `.${basename(out)}${LOCK_SUFFIX}`);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const fh = await open(lockPath, 'wx');
      await fh.writeFile(`${process.pid}\n`);
      await fh.close();
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw asUserError(e, shown, 'cannot lock the output folder');
    }
    const text = await readFile(lockPath, 'utf8').catch(() => null);
    if (text === null) continue;
    const holder = Number(text.trim());
    const young = Date.now() - ((await stat(lockPath).catch(() => null))?.mtimeMs ?? 0) < 5000;
    if (Number.isInteger(holder) && holder > 0 ? !pidAlive(holder) : !young) {
      await rm(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw InputError.single(shown, '', `another shipwright run (pid ${holder || '?'}) is writing this folder: wait for it to finish, or choose another --out`);
    }
    await sleep(50);
  }
  try {
    return await fn();
  } finally {
    await rm(lockPath, { force: true });
  }
}

/**
 * If a run died between its two renames, the retired folder is the last complete output: put it back.
 * Staging and retired folders of dead runs are removed. Call with the lock held (or from a single run).
 */
async function recoverInterruptedSwap(outDir: string): Promise<void> {
  const out = resolve(outDir);
  const parent = dirname(out);
  const siblings = await readdir(parent).catch(() => [] as string[]);
  const ownerAlive = (n: string, prefix: string): boolean => pidAlive(Number(n.slice(basename(out).length + prefix.length).split('-')[0]));
  for (const n of siblings.filter((s) => s.startsWith(`${basename(out)}${STAGING}`))) {
    if (!ownerAlive(n, STAGING)) await rm(join(parent, n), { recursive: true, force: true });
  }
  const retired = siblings.filter((n) => n.startsWith(`${basename(out)}${RETIRED}`) && !ownerAlive(n, RETIRED));
  let exists = (await lstatOrNull(out)) !== null;
  for (const n of retired.sort()) {
    if (!exists) {
      await rename(join(parent, n), out);
      exists = true;
    } else await rm(join(parent, n), { recursive: true, force: true });
  }
}

/**
 * Before building: repairs an interrupted swap, checks that `outDir` may be written (ours, or new or empty)
 * and returns the previous run's manifest (null if none). Throws InputError for a folder that is not ours
 * and for any disk error, naming the folder.
 */
export async function openOutput(outDir: string, options: Pick<WriteOptions, 'lockWaitMs'> = {}): Promise<Manifest | null> {
  try {
    const out = await resolveOut(outDir);
    return await withLock(out, outDir, options.lockWaitMs ?? LOCK_WAIT_MS, async () => {
      await recoverInterruptedSwap(out);
      return ownManifest(out, outDir);
    });
  } catch (e) {
    throw asUserError(e, outDir);
  }
}

/**
 * Writes `files` and the manifest into `outDir`, atomically as a whole. `compose` makes the manifest from
 * the previous run's (read under the lock, so a run that finished meanwhile is seen) and may refuse with
 * InputError. Files the previous manifest listed that the new one does not are dropped; everything else
 * in the folder is kept as it is. Disk errors become InputError naming the folder; the old output stays.
 */
export async function writeOutput(
  outDir: string,
  files: readonly OutputFile[],
  compose: (previous: Manifest | null) => Manifest,
  options: WriteOptions = {},
): Promise<void> {
  try {
    const out = await resolveOut(outDir);
    await withLock(out, outDir, options.lockWaitMs ?? LOCK_WAIT_MS, async () => {
      await recoverInterruptedSwap(out);
      const previous = await ownManifest(out, outDir);
      const manifest = compose(previous);
      await checkPaths(out, outDir, [...files.map((f) => f.path), MANIFEST_FILE], previous);
      await swapIn(out, files, manifest, previous, options);
    });
  } catch (e) {
    throw asUserError(e, outDir, 'cannot write the output');
  }
}

async function swapIn(out: string, files: readonly OutputFile[], manifest: Manifest, previous: Manifest | null, options: WriteOptions): Promise<void> {
  const write = options.writeFile ?? ((p: string, d: Uint8Array | string) => writeFile(p, d));
  const parent = dirname(out);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = join(parent, `${basename(out)}${STAGING}${tag}`);
  const retired = join(parent, `${basename(out)}${RETIRED}${tag}`);
  const old = await lstatOrNull(out);
  const listedNow = new Set(writtenBy(manifest));
  const stale = writtenBy(previous).filter((p) => !listedNow.has(p));
  const skip = new Set([...files.map((f) => f.path), MANIFEST_FILE, ...stale]);
  const modes: [string, number][] = [];
  try {
    await mkdir(staging);
    if (old) {
      modes.push([staging, old.mode]);
      await stageTree(out, staging, skip, modes);
    }
    for (const f of [...files, { path: MANIFEST_FILE, bytes: serializeManifest(manifest) }]) {
      if (!OUR_PATH.test(f.path)) throw new Error(`output path is not a plain relative path: ${f.path}`);
      const target = join(staging, ...f.path.split('/'));
      await mkdir(dirname(target), { recursive: true });
      await write(target, f.bytes);
      const before = old ? await lstatOrNull(join(out, f.path)) : null;
      if (before) await chmodQuietly(target, before.mode);
    }
    // Deepest first, so a read-only folder is closed only after everything inside it is written.
    for (const [dir, mode] of modes.reverse()) await chmodQuietly(dir, mode);
  } catch (e) {
    await rm(staging, { recursive: true, force: true });
    throw e;
  }
  if (old) await rename(out, retired);
  await rename(staging, out);
  if (old) await rm(retired, { recursive: true, force: true });
}

/**
 * Mirrors `from` into `to` with hard links (no bytes copied; files, links and FIFOs keep their identity and
 * mode), recreating folders and recording their modes, except the relative paths in `skip`.
 */
async function stageTree(from: string, to: string, skip: ReadonlySet<string>, modes: [string, number][], rel = ''): Promise<void> {
  for (const entry of await readdir(join(from, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    const [src, dst] = [join(from, r), join(to, r)];
    if (entry.isDirectory()) {
      await mkdir(dst);
      modes.push([dst, (await lstat(src)).mode]);
      await stageTree(from, to, skip, modes, r);
    } else if (!skip.has(r)) {
      await link(src, dst).catch(async (e: unknown) => {
        // A disk or a protected-links setting that refuses hard links: copy what can be copied.
        if (entry.isSymbolicLink()) await symlink(await readlink(src), dst);
        else if (entry.isFile()) {
          await copyFile(src, dst);
          await chmodQuietly(dst, (await lstat(src)).mode);
        } else throw e;
      });
    }
  }
}

/** Creates the folder an output folder's default path sits in (`out` for `out/<game>`), if missing. */
export async function ensureParentFolder(outDir: string): Promise<void> {
  try {
    await mkdir(dirname(resolve(outDir)), { recursive: true });
  } catch (e) {
    throw asUserError(e, dirname(outDir), 'cannot create the folder');
  }
}
