/**
 * The content-hash cache of built parts, on disk: `<dir>/<key>.stl` and `<dir>/<key>.json`. A hit is
 * verified against its sha256, so a damaged entry is rebuilt rather than trusted.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { MeshFacts, PartCache } from '../generate/index.js';
import { writeFileAtomic } from './atomic.js';

/** `$XDG_CACHE_HOME/shipwright`, else `~/.cache/shipwright`. */
export function defaultCacheDir(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'shipwright');
}

/** Source folders whose code decides what a part looks like (relative to src/ or dist/src/). */
const CODE_DIRS = ['parts', 'geometry', 'mesh', 'generate'];
const CODE_FILES = ['standard'];

/**
 * A hash of the code that builds parts (the compiled or source files beside this module, whichever is
 * running) and of the geometry kernel's version, so any change to either invalidates the cache.
 */
export async function codeVersion(): Promise<string> {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const hash = createHash('sha256');
  const files: string[] = [];
  for (const d of CODE_DIRS) {
    const found = (await readdir(join(root, d), { recursive: true })) as string[];
    for (const f of found.sort()) if (/\.(js|ts)$/.test(f)) files.push(join(d, f));
  }
  for (const f of CODE_FILES) for (const ext of ['.js', '.ts']) files.push(f + ext);
  for (const f of files) {
    const text = await readFile(join(root, f)).catch(() => null);
    if (text) hash.update(f).update('\0').update(text);
  }
  // manifold-3d's exports map hides package.json and has no "." entry: find it beside manifold.js.
  const entry = createRequire(import.meta.url).resolve('manifold-3d/manifold.js');
  hash.update(await readFile(join(dirname(entry), 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

export async function openDiskCache(dir: string): Promise<PartCache> {
  const version = await codeVersion();
  return {
    codeVersion: version,
    async get(key) {
      const [json, bytes] = await Promise.all([readFile(join(dir, `${key}.json`), 'utf8').catch(() => null), readFile(join(dir, `${key}.stl`)).catch(() => null)]);
      if (!json || !bytes) return null;
      try {
        const facts = JSON.parse(json) as MeshFacts;
        const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        if (createHash('sha256').update(data).digest('hex') !== facts.sha256) return null;
        return { facts, bytes: data };
      } catch {
        return null;
      }
    },
    async put(key, facts, bytes) {
      await writeFileAtomic(join(dir, `${key}.stl`), bytes);
      await writeFileAtomic(join(dir, `${key}.json`), JSON.stringify(facts));
    },
  };
}
