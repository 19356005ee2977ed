import { execFileSync } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rename, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { defaultSettings } from '../../src/generate/index.js';
import { buildManifest, type Manifest, type ManifestEntry } from '../../src/generate/manifest.js';
import { openOutput, writeOutput, type OutputFile } from '../../src/io/output.js';

/** A manifest as generate writes it, listing `files` (faction = their folder). */
const manifestOf =
  (files: readonly OutputFile[], generator = 'shipwright test') =>
  (): Manifest => ({ ...buildManifest([], defaultSettings(), generator), files: files.map((f) => ({ path: f.path, faction: f.path.split('/')[0]! }) as ManifestEntry) });
const file = (path: string, text: string): OutputFile => ({ path, bytes: new TextEncoder().encode(text) });
const run = (files: OutputFile[], options = {}): Promise<void> => writeOutput(out, files, manifestOf(files), options);
const text = (p: string): Promise<string> => readFile(join(out, p), 'utf8');
const errno = (code: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: simulated`), { code, syscall: 'write' });

let parent: string;
let out: string;
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'sw-out-'));
  out = join(parent, 'out');
});

describe('writeOutput', () => {
  it('writes the files and the manifest into a new folder, and leaves nothing beside it', async () => {
    await run([file('a/hull.stl', 'A1'), file('shared/mast.stl', 'M1')]);
    expect(await text('a/hull.stl')).toBe('A1');
    expect(JSON.parse(await text('manifest.json')).files).toHaveLength(2);
    expect(await readdir(parent)).toEqual(['out']);
  });

  it("keeps what it does not rewrite: other factions, a user's note, link, FIFO and folder modes", async () => {
    await run([file('a/hull.stl', 'A1'), file('b/hull.stl', 'B1')]);
    await writeFile(join(out, 'NOTES.txt'), 'mine');
    await symlink('NOTES.txt', join(out, 'notes-link'));
    execFileSync('mkfifo', [join(out, 'a/pipe')]);
    await chmod(join(out, 'b'), 0o750);
    await chmod(join(out, 'b/hull.stl'), 0o600);
    await writeOutput(out, [file('a/hull.stl', 'A2')], () => manifestOf([file('a/hull.stl', ''), file('b/hull.stl', '')])());
    expect(await text('a/hull.stl')).toBe('A2');
    expect(await text('b/hull.stl')).toBe('B1');
    expect(await text('NOTES.txt')).toBe('mine');
    expect(await readlink(join(out, 'notes-link'))).toBe('NOTES.txt');
    expect((await lstat(join(out, 'a/pipe'))).isFIFO()).toBe(true);
    expect((await stat(join(out, 'b'))).mode & 0o777).toBe(0o750);
    expect((await stat(join(out, 'b/hull.stl'))).mode & 0o777).toBe(0o600);
  });

  it('drops the files the previous manifest listed and the new one does not', async () => {
    await run([file('a/hull.stl', 'A1'), file('shared/old-part.stl', 'O1')]);
    await run([file('a/hull.stl', 'A2')]);
    await expect(stat(join(out, 'shared/old-part.stl'))).rejects.toThrow(/ENOENT/);
  });

  it('leaves the previous output intact and no debris when a write fails midway', async () => {
    await run([file('a/hull.stl', 'A1'), file('b/hull.stl', 'B1')]);
    const before = await text('manifest.json');
    let calls = 0;
    const failing = async (p: string, d: Uint8Array | string): Promise<void> => {
      if (++calls === 2) throw new Error('boom (simulated)');
      await writeFile(p, d);
    };
    await expect(run([file('a/hull.stl', 'A2'), file('b/hull.stl', 'B2')], { writeFile: failing })).rejects.toThrow(/simulated/);
    expect([await text('a/hull.stl'), await text('b/hull.stl'), await text('manifest.json')]).toEqual(['A1', 'B1', before]);
    expect(await readdir(parent)).toEqual(['out']);
  });

  it.each(['ENOSPC', 'EROFS', 'EACCES', 'EIO'])('turns %s into a user error naming the folder, the output intact', async (code) => {
    await run([file('a/hull.stl', 'A1')]);
    const err = await run([file('a/hull.stl', 'A2')], { writeFile: () => Promise.reject(errno(code)) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).problems[0]!.source).toBe(out);
    expect((err as InputError).message).toContain(`(${code})`);
    expect((err as InputError).message).not.toContain('no such file');
    expect(await text('a/hull.stl')).toBe('A1');
    expect(await readdir(parent)).toEqual(['out']);
  });

  it('does not modify the old files through the hard links it stages with', async () => {
    await run([file('a/hull.stl', 'A1')]);
    await expect(run([file('a/hull.stl', 'A2')], { writeFile: () => Promise.reject(new Error('boom')) })).rejects.toThrow('boom');
    expect(await text('a/hull.stl')).toBe('A1');
  });

  it('puts back the last complete output after a run died between its renames', async () => {
    await run([file('a/hull.stl', 'A1')]);
    await rename(out, join(parent, 'out.retired-999999-dead'));
    expect((await openOutput(out))?.files.map((f) => f.path)).toEqual(['a/hull.stl']);
    expect(await readdir(parent)).toEqual(['out']);
  });

  it('runs one at a time: concurrent writers each finish and the folder holds one complete run', async () => {
    const runs = ['1', '2', '3', '4'].map((n) => [file('a/hull.stl', `A${n}`), file('b/hull.stl', `B${n}`)]);
    await Promise.all(runs.map((files) => run(files)));
    expect((await text('a/hull.stl')).slice(1)).toBe((await text('b/hull.stl')).slice(1));
    expect(await readdir(parent)).toEqual(['out']);
  });

  it("takes over a dead run's lock, and gives up on a live one with a message", async () => {
    await writeFile(join(parent, '.out.shipwright-lock'), '999999\n');
    await run([file('a/hull.stl', 'A1')]);
    await writeFile(join(parent, '.out.shipwright-lock'), `${process.pid}\n`);
    await expect(run([file('a/hull.stl', 'A2')], { lockWaitMs: 100 })).rejects.toThrow(/another shipwright run \(pid \d+\) is writing/);
    expect(await text('a/hull.stl')).toBe('A1');
  });
});

describe('a folder that is not ours', () => {
  const refused = async (setup: () => Promise<void>, message: RegExp): Promise<void> => {
    await setup();
    const listing = await readdir(parent, { recursive: true });
    await expect(openOutput(out)).rejects.toThrow(message);
    await expect(run([file('a/hull.stl', 'A1')])).rejects.toThrow(InputError);
    expect(await readdir(parent, { recursive: true })).toEqual(listing);
  };

  it('refuses a non-empty folder without a manifest', () =>
    refused(async () => {
      await mkdir(out);
      await writeFile(join(out, 'thesis.docx'), 'precious');
    }, /not empty and has no manifest\.json/));

  it('refuses a manifest.json that shipwright did not write', () =>
    refused(async () => {
      await mkdir(out);
      await writeFile(join(out, 'manifest.json'), JSON.stringify({ name: 'my-web-app', files: [] }));
    }, /was not written by shipwright/));

  it('refuses a manifest.json that lists paths outside the folder', () =>
    refused(async () => {
      await mkdir(out);
      await writeFile(join(out, 'manifest.json'), JSON.stringify({ ...manifestOf([])(), files: [{ path: '../etc/passwd' }] }));
    }, /was not written by shipwright/));

  it('refuses a manifest.json that is a FIFO, without opening it', () =>
    refused(async () => {
      await mkdir(out);
      execFileSync('mkfifo', [join(out, 'manifest.json')]);
    }, /a FIFO/));

  it.each([
    ['a file', async () => writeFile(out, 'x'), /is a file, not a folder/],
    ['a dangling link', async () => symlink(join(parent, 'nowhere'), out), /symbolic link to nothing/],
    ['a device link', async () => symlink('/dev/null', out), /symbolic link to a device/],
  ])('refuses an --out that is %s', async (_, make, message) => {
    await make();
    await expect(run([file('a/hull.stl', 'A1')])).rejects.toThrow(message);
  });

  it('refuses an --out whose parent folder does not exist, without creating it', async () => {
    await expect(writeOutput(join(parent, 'missing/out'), [file('a/hull.stl', 'A1')], manifestOf([]))).rejects.toThrow(/does not exist/);
    expect(await readdir(parent)).toEqual([]);
  });

  it('writes through an --out that is a link to a folder, keeping the link', async () => {
    await mkdir(join(parent, 'real'));
    await symlink('real', out);
    await run([file('a/hull.stl', 'A1')]);
    expect((await lstat(out)).isSymbolicLink()).toBe(true);
    expect(await readFile(join(parent, 'real/a/hull.stl'), 'utf8')).toBe('A1');
  });

  it.each([
    ['a file it did not write', async () => writeFile(join(out, 'a/hull.stl'), 'mine'), /a file shipwright did not write/],
    ['a link', async () => symlink('/etc/hostname', join(out, 'a/hull.stl')), /a symbolic link/],
    ['a FIFO', async () => execFileSync('mkfifo', [join(out, 'a/hull.stl')]), /a FIFO/],
  ])('refuses to write over %s at a path it writes', async (_, make, message) => {
    await run([file('b/hull.stl', 'B1')]);
    await mkdir(join(out, 'a'));
    await make();
    await expect(run([file('a/hull.stl', 'A1'), file('b/hull.stl', 'B2')])).rejects.toThrow(message);
    expect(await text('b/hull.stl')).toBe('B1');
  });
});
