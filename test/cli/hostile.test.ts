/**
 * Hostile and unlucky paths, one test per class: inputs that are not regular files are refused at once
 * (never a hang, never gigabytes read), writes never replace a device, a folder or a link and never
 * create missing folders, and a broken cache only warns. Every refusal is exit 2, one line, no stack.
 */
import { execFileSync } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runInProcess, type CliResult } from '../helpers/cli.js';

let work: string;
let fifo: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sw-hostile-'));
  fifo = join(work, 'pipe.yaml');
  execFileSync('mkfifo', [fifo]);
  await symlink('/dev/zero', join(work, 'zero.stl'));
  await symlink(join(work, 'loop-b'), join(work, 'loop-a'));
  await symlink(join(work, 'loop-a'), join(work, 'loop-b'));
});

const refused = (r: CliResult, message: RegExp): void => {
  expect(r.code).toBe(2);
  expect(r.err).toMatch(message);
  expect(r.err).not.toMatch(/\n\s+at /);
};
const TUNE = ['tune', '--material', 'pla', '--range', '24in'];

describe('inputs that are not regular files', () => {
  it.each([
    [
      'a FIFO as --part',
      () => ['validate', '--part', `cannonball=${fifo}`],
      /pipe\.yaml: is a FIFO \(named pipe\), not a regular file/,
    ],
    [
      'a link to /dev/zero as --part',
      () => ['validate', '--part', `cannonball=${join(work, 'zero.stl')}`],
      /zero\.stl: is a device, not a regular file/,
    ],
    ['a FIFO as a faction file', () => ['generate', fifo, '--out', join(work, 'never')], /pipe\.yaml: is a FIFO/],
    ['a FIFO as --profile', () => [...TUNE, '--profile', fifo], /pipe\.yaml: is a FIFO/],
    ['a FIFO as --armada', () => ['bom', '--armada', fifo], /pipe\.yaml: is a FIFO/],
    ['a folder as --profile', () => [...TUNE, '--profile', work], /is a folder, not a regular file/],
    [
      'a loop of links as --profile',
      () => [...TUNE, '--profile', join(work, 'loop-a')],
      /too many symbolic links \(a loop\?\) \(ELOOP\)/,
    ],
    ['an empty --out', () => ['generate', '--faction', 'corsairs', '--out', ''], /--out: the path is empty/],
  ])('refuses %s at once with exit 2', { timeout: 10_000 }, async (_, args, message) => {
    refused(await runInProcess(...args()), message);
  });
});

describe('files the commands write', () => {
  it.each([
    ['a folder', () => work, /is a folder, not a regular file/],
    ['a link to a device', () => join(work, 'zero.stl'), /symbolic link to a device/],
    ['an empty path', () => '', /the path is empty/],
    ['in a missing folder', () => join(work, 'missing', 'arm.stl'), /the folder .*missing does not exist/],
    [
      'a name too long for the disk',
      () => join(work, `${'a'.repeat(300)}.stl`),
      /the name is too long for this disk \(ENAMETOOLONG\)/,
    ],
    ['under a file', () => join(work, 'pipe.yaml', 'arm.stl'), /is not a folder|ENOTDIR/],
  ])('refuses an --stl that is %s, and creates nothing', async (_, target, message) => {
    const before = await readdir(work);
    refused(await runInProcess(...TUNE, '--stl', target()), message);
    expect(await readdir(work)).toEqual(before);
  });

  it('writes an --stl that is a link through to its file, keeping the link', async () => {
    await mkdir(join(work, 'real'));
    await writeFile(join(work, 'real', 'arm.stl'), 'old');
    await symlink(join(work, 'real', 'arm.stl'), join(work, 'arm-link.stl'));
    const r = await runInProcess(...TUNE, '--stl', join(work, 'arm-link.stl'));
    expect(r.code).toBe(0);
    expect((await lstat(join(work, 'arm-link.stl'))).isSymbolicLink()).toBe(true);
    expect((await readFile(join(work, 'real', 'arm.stl'))).subarray(0, 5).toString()).not.toBe('old');
  });
});

describe('a broken cache', () => {
  it('warns once and builds without it when --cache-dir is a device', async () => {
    const r = await runInProcess('factions', '--cache-dir', '/dev/null');
    expect(r.code).toBe(0);
    expect(r.err.match(/warning: the part cache in \/dev\/null does not work/g)).toHaveLength(1);
  });

  it('warns once and builds without it when --cache-dir is a file', async () => {
    const file = join(work, 'cache-file');
    await writeFile(file, 'x');
    const r = await runInProcess('generate', '--faction', 'corsairs', '--out', join(work, 'out'), '--cache-dir', file);
    expect(r.code).toBe(0);
    expect(r.err.match(/warning: the part cache in .*cache-file does not work/g)).toHaveLength(1);
    expect(await readFile(file, 'utf8')).toBe('x');
  });
});

describe('leftovers of a killed run', () => {
  it("are removed when the same file is written again, and a live run's are kept", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sw-leftover-'));
    const dead = `.arm.stl.999999.0badf00d.tmp`;
    const live = `.arm.stl.${process.pid}.0badf00d.tmp`;
    await writeFile(join(dir, dead), 'half');
    await writeFile(join(dir, live), 'half');
    expect((await runInProcess(...TUNE, '--stl', join(dir, 'arm.stl'))).code).toBe(0);
    expect((await readdir(dir)).sort()).toEqual([live, 'arm.stl'].sort());
  });
});
