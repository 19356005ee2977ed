/**
 * Writes a generate run to the output folder atomically. Everything is written into a staging folder
 * beside it that starts as a hard-linked copy of the current folder (so files of other factions and
 * anything else a user keeps there survive), then the two folders are swapped with renames. A run that
 * fails or is killed before the swap leaves the previous folder untouched; one killed between the two
 * renames is repaired by the next run (`recoverInterruptedSwap`).
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { InputError } from '../errors.js';
import { MANIFEST_FILE, serializeManifest, type Manifest } from '../generate/manifest.js';

export interface OutputFile {
  /** Relative path inside the output folder, with forward slashes. */
  path: string;
  bytes: Uint8Array;
}

export interface WriteOptions {
  /** Test seam: the function that writes each file (default fs.promises.writeFile). */
  writeFile?: (path: string, data: Uint8Array | string) => Promise<void>;
}

const STAGING = '.staging-';
const RETIRED = '.retired-';

/** Refuses output folders whose replacement would hurt: the root, home, the working folder or its parents. */
export async function checkOutputDir(outDir: string): Promise<void> {
  const out = resolve(outDir);
  const cwd = process.cwd();
  const bad = out === dirname(out) || out === homedir() || cwd === out || cwd.startsWith(out + sep);
  if (bad) throw InputError.single('--out', '', `refusing to replace ${out}: choose a dedicated folder such as ./out`);
  const entries = await readdir(out).catch(() => null);
  if (entries && entries.length > 0 && !entries.includes(MANIFEST_FILE)) {
    throw InputError.single('--out', '', `${out} is not empty and was not made by shipwright (no ${MANIFEST_FILE}): choose an empty or new folder`);
  }
}

/** The previous run's manifest, or null when there is none. */
export async function readManifest(outDir: string): Promise<Manifest | null> {
  const text = await readFile(join(outDir, MANIFEST_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const m = JSON.parse(text) as Manifest;
    return Array.isArray(m.files) ? m : null;
  } catch {
    throw InputError.single(join(outDir, MANIFEST_FILE), '', 'is not valid JSON: delete it (or the whole folder) and generate again');
  }
}

const pidAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * If a run died between its two renames, the retired folder is the last complete output: put it back.
 * Staging folders of runs that died before their swap are removed.
 */
export async function recoverInterruptedSwap(outDir: string): Promise<void> {
  const out = resolve(outDir);
  const parent = dirname(out);
  const siblings = await readdir(parent).catch(() => [] as string[]);
  for (const n of siblings.filter((s) => s.startsWith(`${basename(out)}${STAGING}`))) {
    const pid = Number(n.slice(basename(out).length + STAGING.length).split('-')[0]);
    if (!pidAlive(pid)) await rm(join(parent, n), { recursive: true, force: true });
  }
  const names = siblings.filter((n) => n.startsWith(`${basename(out)}${RETIRED}`));
  const exists = await stat(out).then(() => true, () => false);
  for (const n of names.sort()) {
    if (!exists) {
      await rename(join(parent, n), out);
      return;
    }
    await rm(join(parent, n), { recursive: true, force: true });
  }
}

async function linkTree(from: string, to: string, skip: ReadonlySet<string>, rel = ''): Promise<void> {
  await mkdir(join(to, rel), { recursive: true });
  for (const entry of await readdir(join(from, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await linkTree(from, to, skip, r);
    else if (entry.isFile() && !skip.has(r)) await link(join(from, r), join(to, r));
  }
}

/** Writes `files` and the manifest into `outDir`, atomically as a whole. */
export async function writeOutput(outDir: string, files: readonly OutputFile[], manifest: Manifest, options: WriteOptions = {}): Promise<void> {
  const write = options.writeFile ?? ((p: string, d: Uint8Array | string) => writeFile(p, d));
  const out = resolve(outDir);
  await recoverInterruptedSwap(out);
  await checkOutputDir(out);
  const parent = dirname(out);
  await mkdir(parent, { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = join(parent, `${basename(out)}${STAGING}${tag}`);
  const retired = join(parent, `${basename(out)}${RETIRED}${tag}`);
  const existed = await stat(out).then(() => true, () => false);
  try {
    const writing = new Set([...files.map((f) => f.path), MANIFEST_FILE]);
    if (existed) await linkTree(out, staging, writing);
    for (const f of files) {
      const target = join(staging, ...f.path.split('/'));
      if (relative(staging, target).startsWith('..')) throw new Error(`output path escapes the folder: ${f.path}`);
      await mkdir(dirname(target), { recursive: true });
      await write(target, f.bytes);
    }
    await write(join(staging, MANIFEST_FILE), serializeManifest(manifest));
  } catch (e) {
    await rm(staging, { recursive: true, force: true });
    throw e;
  }
  if (existed) await rename(out, retired);
  await rename(staging, out);
  if (existed) await rm(retired, { recursive: true, force: true });
}
