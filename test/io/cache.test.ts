import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MeshFacts } from '../../src/generate/index.js';
import { codeVersion, openDiskCache, rememberBuiltCodeVersion, rememberedCodeVersion } from '../../src/io/cache.js';
import { createHash } from 'node:crypto';

const K1 = '1'.repeat(64);
const K2 = '2'.repeat(64);
const mesh = (text: string): { facts: MeshFacts; bytes: Uint8Array } => {
  const bytes = new TextEncoder().encode(text);
  const facts = {
    volumeMm3: 1,
    surfaceAreaMm2: 1,
    bounds: { min: [0, 0, 0], max: [1, 1, 1] },
    triangles: 12,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    features: [],
  } as unknown as MeshFacts;
  return { facts, bytes };
};

let dir: string;
let warnings: string[];
const open = (maxBytes?: number) => openDiskCache(dir, { warn: (m) => warnings.push(m), maxBytes });
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'sw-cache-')), 'cache');
  warnings = [];
});

describe('the part cache', () => {
  it('gives back what was put, for the same key and part', async () => {
    const cache = await open();
    const m = mesh('hull mesh');
    await cache.put(K1, 'hull', m.facts, m.bytes);
    const hit = await (await open()).get(K1, 'hull');
    expect(new TextDecoder().decode(hit!.bytes)).toBe('hull mesh');
    expect(warnings).toEqual([]);
  });

  it('rebuilds an entry that is not what it claims: swapped under another key, another part, edited bytes', async () => {
    const cache = await open();
    const m = mesh('hull mesh');
    await cache.put(K1, 'hull', m.facts, m.bytes);
    expect(await cache.get(K1, 'wheel')).toBeNull();
    for (const ext of ['stl', 'json']) await copyFile(join(dir, `${K1}.${ext}`), join(dir, `${K2}.${ext}`));
    expect(await cache.get(K2, 'hull')).toBeNull();
    await writeFile(join(dir, `${K1}.stl`), 'hull mesi');
    expect(await cache.get(K1, 'hull')).toBeNull();
  });

  it('keeps other derived bytes (a plate thumbnail) the same way: checked against their kind and hash, trimmed with the rest', async () => {
    const cache = await open();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 7, 7]);
    await cache.putBytes(K1, 'plate-thumbnail', png);
    expect(await (await open()).getBytes(K1, 'plate-thumbnail')).toEqual(png);
    expect(await cache.getBytes(K1, 'other-kind')).toBeNull();
    // A part's lookup under the same key finds no part.
    expect(await cache.get(K1, 'plate-thumbnail')).toBeNull();
    await writeFile(join(dir, `${K1}.bin`), 'edited');
    expect(await cache.getBytes(K1, 'plate-thumbnail')).toBeNull();
    await cache.putBytes(K2, 'plate-thumbnail', new Uint8Array(4000));
    // Trimmed when a run first writes: the entry it writes is the newest, the rest go.
    await (await open(1000)).putBytes(K1, 'plate-thumbnail', png);
    expect((await readdir(dir)).filter((n) => !n.startsWith('code-version-')).sort()).toEqual([
      `${K1}.bin`,
      `${K1}.json`,
    ]);
    expect(warnings).toEqual([]);
  });

  it('keeps a value whole with its inputs: given back only under the same name, for the very same inputs and code', async () => {
    const cache = await open();
    const inputs = ['factions/a.yaml', 'id: a\n', 'factions/b.yaml', 'id: b\n'];
    await cache.keep('factions /x', inputs, { rows: [1, 2] });
    expect(await (await open()).recall('factions /x', inputs)).toEqual({ rows: [1, 2] });
    // An input changed, one more, one fewer; another name, even one kept in the same file.
    expect(await cache.recall('factions /x', [...inputs.slice(0, 3), 'id: c\n'])).toBeNull();
    expect(await cache.recall('factions /x', [...inputs, 'x'])).toBeNull();
    expect(await cache.recall('factions /x', inputs.slice(0, 2))).toBeNull();
    expect(await cache.recall('factions -x', inputs)).toBeNull();
    // Kept by other code, or truncated: not given back; put back as it was, it is.
    const [file] = (await readdir(dir)).filter((n) => n.startsWith('kept-'));
    const text = await readFile(join(dir, file!), 'utf8');
    await writeFile(join(dir, file!), text.replace(cache.codeVersion, 'other code'));
    expect(await cache.recall('factions /x', inputs)).toBeNull();
    await writeFile(join(dir, file!), text.slice(0, -1));
    expect(await cache.recall('factions /x', inputs)).toBeNull();
    await writeFile(join(dir, file!), text);
    expect(await cache.recall('factions /x', inputs)).toEqual({ rows: [1, 2] });
    // A value JSON would not give back exactly is not kept.
    await cache.keep('factions /y', inputs, { at: -0 });
    expect(await cache.recall('factions /y', inputs)).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('falls back to building, with one warning, when its folder is a file', async () => {
    await writeFile(dir, 'not a folder');
    const cache = await open();
    const m = mesh('x');
    await cache.put(K1, 'hull', m.facts, m.bytes);
    expect(await cache.get(K1, 'hull')).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/does not work .*building without it/);
  });

  it('treats a FIFO as an entry as a failure, without hanging on it', async () => {
    await mkdir(dir);
    execFileSync('mkfifo', [join(dir, `${K1}.stl`)]);
    await writeFile(join(dir, `${K1}.json`), '{}');
    const cache = await open();
    expect(await cache.get(K1, 'hull')).toBeNull();
    expect(warnings[0]).toMatch(/FIFO/);
  });

  it("removes dead runs' temporary files and keeps live ones, when a run first writes", async () => {
    await mkdir(dir);
    const dead = `.${K1}.stl.999999.0badf00d.tmp`;
    const live = `.${K2}.stl.${process.pid}.0badf00d.tmp`;
    await writeFile(join(dir, dead), 'half');
    await writeFile(join(dir, live), 'half');
    const cache = await open();
    const entries = async () => (await readdir(dir)).filter((n) => !n.startsWith('code-version-')).sort();
    // A run that only reads leaves the folder as it is.
    expect(await cache.get(K1, 'hull')).toBeNull();
    expect(await entries()).toEqual([dead, live].sort());
    const m = mesh('x');
    await cache.put(K1, 'hull', m.facts, m.bytes);
    expect(await entries()).toEqual([live, `${K1}.json`, `${K1}.stl`].sort());
  });

  it('keeps within its size bound by dropping the least recently used entries', async () => {
    const cache = await open();
    const keys = ['a', 'b', 'c', 'd'].map((c) => c.repeat(64));
    for (const [i, k] of keys.entries()) {
      const m = mesh('x'.repeat(1000));
      await cache.put(k, 'hull', m.facts, m.bytes);
      const t = new Date(Date.UTC(2026, 0, 1 + i));
      for (const ext of ['stl', 'json']) await utimes(join(dir, `${k}.${ext}`), t, t);
    }
    await cache.get(keys[0]!, 'hull'); // used now: the newest
    const e = 'e'.repeat(64);
    const m = mesh('x'.repeat(1000));
    await (await open(2 * 1600)).put(e, 'hull', m.facts, m.bytes); // trimmed before it writes
    const left = new Set((await readdir(dir)).filter((n) => !n.startsWith('code-version-')).map((n) => n.slice(0, 64)));
    expect([...left].sort()).toEqual([keys[0]!, keys[3]!, e].sort());
  });
});

describe('codeVersion', () => {
  it('changes when a dependency is upgraded or a source file changes', async () => {
    const pkg = await mkdtemp(join(tmpdir(), 'sw-pkg-'));
    await mkdir(join(pkg, 'src'));
    await mkdir(join(pkg, 'node_modules/fake-text'), { recursive: true });
    await writeFile(
      join(pkg, 'package.json'),
      JSON.stringify({ version: '1.0.0', dependencies: { 'fake-text': '^2' } }),
    );
    const depVersion = (v: string) =>
      writeFile(join(pkg, 'node_modules/fake-text/package.json'), JSON.stringify({ name: 'fake-text', version: v }));
    await depVersion('2.13.0');
    await writeFile(join(pkg, 'src/coin.js'), 'export const letters = 1;');
    const v1 = await codeVersion(join(pkg, 'src'));
    await depVersion('2.14.0');
    const v2 = await codeVersion(join(pkg, 'src'));
    await writeFile(join(pkg, 'src/coin.js'), 'export const letters = 2;');
    const v3 = await codeVersion(join(pkg, 'src'));
    expect(new Set([v1, v2, v3]).size).toBe(3);
    expect(await codeVersion(join(pkg, 'src'))).toBe(v3);
  });

  /** A package with one source file (src/parts/coin.js) and one dependency (fake-text 2.13.0, in the folder above). */
  const fakePackage = async () => {
    const outer = await mkdtemp(join(tmpdir(), 'sw-pkg-'));
    const pkg = join(outer, 'pkg');
    await mkdir(join(pkg, 'src/parts'), { recursive: true });
    await mkdir(join(outer, 'node_modules/fake-text'), { recursive: true });
    await writeFile(
      join(pkg, 'package.json'),
      JSON.stringify({ version: '1.0.0', dependencies: { 'fake-text': '^2' } }),
    );
    const dep = join(outer, 'node_modules/fake-text/package.json');
    await writeFile(dep, JSON.stringify({ name: 'fake-text', version: '2.13.0' }));
    const coin = join(pkg, 'src/parts/coin.js');
    await writeFile(coin, 'export const letters = 1;');
    return { pkg, dep, coin, src: join(pkg, 'src') };
  };

  it('is remembered in the cache folder only while every file it read is unchanged', async () => {
    const { pkg, dep, coin, src } = await fakePackage();
    const remembered = () => rememberedCodeVersion(dir, src);
    const seen = [await remembered()];
    expect(seen[0]).toBe(await codeVersion(src));
    expect(await readdir(dir)).toEqual([expect.stringMatching(/^code-version-[0-9a-f]{16}\.json$/)]);
    expect(await remembered()).toBe(seen[0]);
    // Same size, and the modification time put back: the change time still tells.
    const { atime, mtime } = await stat(coin);
    await writeFile(coin, 'export const letters = 2;');
    await utimes(coin, atime, mtime);
    seen.push(await remembered());
    await writeFile(join(pkg, 'src/parts/sail.js'), 'export const sails = 1;');
    seen.push(await remembered());
    await writeFile(dep, JSON.stringify({ name: 'fake-text', version: '2.14.0' }));
    seen.push(await remembered());
    expect(new Set(seen).size).toBe(4);
    expect(seen.at(-1)).toBe(await codeVersion(src));
  });

  it("is the build's own (beside the code) while every file it read is unchanged, without a memo in the cache", async () => {
    const { pkg, coin, src } = await fakePackage();
    const built = await rememberBuiltCodeVersion(src);
    expect(built).toBe(await codeVersion(src));
    expect(await readdir(pkg)).toContain('code-version.json');
    expect(await rememberedCodeVersion(dir, src)).toBe(built);
    await expect(readdir(dir)).rejects.toThrow(/ENOENT/); // the cache folder not even made
    // A file added (no file changed), then one changed with its size and times put back, then a copy of
    // the dependency installed where Node looks for it first: each is a new version, the build's memo unused.
    const seen = [built];
    const changes = [
      () => writeFile(join(src, 'parts/sail.js'), 'export const sails = 1;'),
      async () => {
        const { atime, mtime } = await stat(coin);
        await writeFile(coin, 'export const letters = 2;');
        await utimes(coin, atime, mtime);
      },
      async () => {
        await mkdir(join(pkg, 'node_modules/fake-text'), { recursive: true });
        await writeFile(join(pkg, 'node_modules/fake-text/package.json'), '{"name":"fake-text","version":"2.15.0"}');
      },
    ];
    for (const change of changes) {
      await rememberBuiltCodeVersion(src);
      await change();
      const version = await rememberedCodeVersion(dir, src);
      expect(version).toBe(await codeVersion(src));
      seen.push(version);
    }
    expect(new Set(seen).size).toBe(4);
    // The memo is of the code in one folder: the same stamp for another folder is not used.
    await rememberBuiltCodeVersion(src);
    const path = join(pkg, 'code-version.json');
    const memo = JSON.parse(await readFile(path, 'utf8')) as { root: string };
    await writeFile(path, JSON.stringify({ ...memo, version: 'kept', root: join(pkg, 'elsewhere') }));
    expect(await rememberedCodeVersion(dir, src)).toBe(seen.at(-1));
    await writeFile(path, JSON.stringify({ ...memo, version: 'kept' }));
    expect(await rememberedCodeVersion(dir, src)).toBe('kept');
  });
});
