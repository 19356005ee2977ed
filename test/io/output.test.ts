import { mkdtemp, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { defaultSettings } from '../../src/generate/index.js';
import { buildManifest, type Manifest } from '../../src/generate/manifest.js';
import { readManifest, writeOutput } from '../../src/io/output.js';

const manifest = (): Manifest => buildManifest([], defaultSettings(), 'test');
const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

let parent: string;
let out: string;
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'sw-out-'));
  out = join(parent, 'out');
});

describe('writeOutput', () => {
  it('writes the files and the manifest into a new folder', async () => {
    await writeOutput(out, [{ path: 'a/hull.stl', bytes: bytes('A1') }, { path: 'shared/mast.stl', bytes: bytes('M1') }], manifest());
    expect(await readFile(join(out, 'a/hull.stl'), 'utf8')).toBe('A1');
    expect((await readManifest(out))?.manifestVersion).toBe(1);
    expect(await readdir(parent)).toEqual(['out']);
  });

  it('keeps files it does not rewrite (other factions, a user note)', async () => {
    await writeOutput(out, [{ path: 'a/hull.stl', bytes: bytes('A1') }, { path: 'b/hull.stl', bytes: bytes('B1') }], manifest());
    await writeFile(join(out, 'NOTES.txt'), 'mine');
    await writeOutput(out, [{ path: 'a/hull.stl', bytes: bytes('A2') }], manifest());
    expect(await readFile(join(out, 'a/hull.stl'), 'utf8')).toBe('A2');
    expect(await readFile(join(out, 'b/hull.stl'), 'utf8')).toBe('B1');
    expect(await readFile(join(out, 'NOTES.txt'), 'utf8')).toBe('mine');
  });

  it('leaves the previous output intact and no debris when a write fails midway', async () => {
    await writeOutput(out, [{ path: 'a/hull.stl', bytes: bytes('A1') }, { path: 'b/hull.stl', bytes: bytes('B1') }], manifest());
    const before = await readFile(join(out, 'manifest.json'), 'utf8');
    let calls = 0;
    const failing = async (p: string, d: Uint8Array | string): Promise<void> => {
      if (++calls === 2) throw new Error('disk full (simulated)');
      await writeFile(p, d);
    };
    await expect(writeOutput(out, [{ path: 'a/hull.stl', bytes: bytes('A2') }, { path: 'b/hull.stl', bytes: bytes('B2') }], manifest(), { writeFile: failing })).rejects.toThrow(/simulated/);
    expect(await readFile(join(out, 'a/hull.stl'), 'utf8')).toBe('A1');
    expect(await readFile(join(out, 'b/hull.stl'), 'utf8')).toBe('B1');
    expect(await readFile(join(out, 'manifest.json'), 'utf8')).toBe(before);
    expect(await readdir(parent)).toEqual(['out']);
  });

  it('does not modify the old files through the hard links it stages with', async () => {
    await writeOutput(out, [{ path: 'a/hull.stl', bytes: bytes('A1') }], manifest());
    const failing = async (): Promise<void> => {
      throw new Error('boom');
    };
    await expect(writeOutput(out, [{ path: 'a/hull.stl', bytes: bytes('A2') }], manifest(), { writeFile: failing })).rejects.toThrow('boom');
    expect(await readFile(join(out, 'a/hull.stl'), 'utf8')).toBe('A1');
  });

  it('puts back the last complete output after a run died between its renames', async () => {
    await writeOutput(out, [{ path: 'a/hull.stl', bytes: bytes('A1') }], manifest());
    await rename(out, join(parent, 'out.retired-999999-dead'));
    await writeOutput(out, [{ path: 'b/hull.stl', bytes: bytes('B1') }], manifest());
    expect(await readFile(join(out, 'a/hull.stl'), 'utf8')).toBe('A1');
    expect(await readFile(join(out, 'b/hull.stl'), 'utf8')).toBe('B1');
    expect(await readdir(parent)).toEqual(['out']);
  });

  it('refuses to replace a non-empty folder shipwright did not make', async () => {
    await mkdir(out);
    await writeFile(join(out, 'thesis.docx'), 'precious');
    await expect(writeOutput(out, [{ path: 'a/hull.stl', bytes: bytes('A1') }], manifest())).rejects.toThrow(InputError);
    expect(await readFile(join(out, 'thesis.docx'), 'utf8')).toBe('precious');
  });
});
