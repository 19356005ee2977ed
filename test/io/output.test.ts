/**
 * The output folder's writer: a run replaces only its own files, never anything it did not write, and a
 * killed or failed run leaves the folder as it was or finishes on the next run.
 */
import { execFileSync } from 'node:child_process';
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { sha256Of, type Manifest } from '../../src/generate/manifest.js';
import { STALE_MS } from '../../src/files/lock.js';
import { openProject, writeProject, type OutputFile, type WriteOptions } from '../../src/io/output.js';

/** A file with its bytes at hand (the writer also takes bytes it reads only when it must write them). */
type Written = OutputFile & { bytes: Uint8Array };
const file = (path: string, text: string): Written => ({
  path,
  bytes: new TextEncoder().encode(text),
});
/** A manifest as a run owning `owner` writes it: the files it writes, and every other owner's kept. */
const composeFor =
  (files: readonly Written[], ownerId: string) =>
  (previous: Manifest | null): { manifest: Manifest; notes: string[] } => {
    const kept = (previous?.otherFiles ?? []).filter(
      (o) => o.owner !== ownerId && !files.some((f) => f.path === o.path),
    );
    const mine = files.map((f) => ({
      path: f.path,
      owner: ownerId,
      game: 'test',
      sha256: sha256Of(f.bytes),
      madeWith: '',
    }));
    const otherFiles = [...kept, ...mine].sort((a, b) => (a.path < b.path ? -1 : 1));
    return {
      manifest: { manifestVersion: 2, generator: 'shipwright test', builds: [], files: [], otherFiles },
      notes: [],
    };
  };
const run = (files: Written[], ownerId = 'a', options: WriteOptions = {}): Promise<string[]> =>
  writeProject({ root: out, shown: out }, files, composeFor(files, ownerId), options);
const text = (p: string): Promise<string> => readFile(join(out, p), 'utf8');
const errno = (code: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`${code}: simulated`), { code, syscall: 'write' });
const listing = (): Promise<string[]> => readdir(out, { recursive: true }).then((l) => l.sort());

let parent: string;
let out: string;
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'sw-out-'));
  out = join(parent, 'out');
});

describe('writeProject', () => {
  it('writes the files and the manifest into a new folder, and leaves nothing beside it or behind', async () => {
    await run([file('a/hull.stl', 'A1'), file('shared/mast.stl', 'M1')]);
    expect(await text('a/hull.stl')).toBe('A1');
    expect(JSON.parse(await text('manifest.json')).otherFiles).toHaveLength(2);
    expect(await readdir(parent)).toEqual(['out']);
    expect(await listing()).toEqual(['a', 'a/hull.stl', 'manifest.json', 'shared', 'shared/mast.stl']);
  });

  it("keeps every file it does not own: another run's, a user's note, link, FIFO, read-only folder and modes", async () => {
    await run([file('a/hull.stl', 'A1')], 'a');
    await run([file('b/hull.stl', 'B1')], 'b');
    await writeFile(join(out, 'NOTES.txt'), 'mine');
    await symlink('NOTES.txt', join(out, 'notes-link'));
    execFileSync('mkfifo', [join(out, 'a/pipe')]);
    await mkdir(join(out, 'mine'));
    await writeFile(join(out, 'mine/keep.txt'), 'k');
    await chmod(join(out, 'mine'), 0o555);
    await chmod(join(out, 'b/hull.stl'), 0o600);
    await run([file('a/hull.stl', 'A2')], 'a');
    expect([
      await text('a/hull.stl'),
      await text('b/hull.stl'),
      await text('NOTES.txt'),
      await text('mine/keep.txt'),
    ]).toEqual(['A2', 'B1', 'mine', 'k']);
    expect(await readlink(join(out, 'notes-link'))).toBe('NOTES.txt');
    expect((await lstat(join(out, 'a/pipe'))).isFIFO()).toBe(true);
    expect((await stat(join(out, 'mine'))).mode & 0o777).toBe(0o555);
    expect((await stat(join(out, 'b/hull.stl'))).mode & 0o777).toBe(0o600);
    await chmod(join(out, 'mine'), 0o755);
  });

  it('writes nothing that already holds its bytes: a run that changes nothing leaves every file as it was', async () => {
    await run([file('a/hull.stl', 'A1'), file('a/sail.stl', 'S1')]);
    const before = new Map(
      await Promise.all(
        ['a/hull.stl', 'a/sail.stl', 'manifest.json'].map(async (p) => [p, (await stat(join(out, p))).ino] as const),
      ),
    );
    const writes: string[] = [];
    const writeFileSpy = (path: string, data: Uint8Array | string): Promise<void> => (
      writes.push(path),
      writeFile(path, data)
    );
    await run([file('a/hull.stl', 'A1'), file('a/sail.stl', 'S1')], 'a', { writeFile: writeFileSpy });
    expect(writes).toEqual([]);
    for (const [p, ino] of before) expect((await stat(join(out, p))).ino).toBe(ino);
    // One file changed: it and the manifest are written, the other is left; a file deleted is written again.
    await rm(join(out, 'a/hull.stl'));
    await run([file('a/hull.stl', 'A1'), file('a/sail.stl', 'S2')], 'a', { writeFile: writeFileSpy });
    expect(writes.map((w) => w.replace(/\.sw-[0-9a-f]+\.tmp$/, '').replace(`${out}/`, ''))).toEqual([
      'a/.hull.stl',
      'a/.sail.stl',
      '.manifest.json',
    ]);
    expect([await text('a/hull.stl'), await text('a/sail.stl')]).toEqual(['A1', 'S2']);
    expect(await listing()).toEqual(['a', 'a/hull.stl', 'a/sail.stl', 'manifest.json']);
  });

  it('reads bytes given as a function (a cached part) only when the file must be written', async () => {
    const files = [file('a/hull.stl', 'A1'), file('a/sail.stl', 'S1')];
    await run(files);
    const reads: string[] = [];
    const lazily = files.map((f) => ({
      path: f.path,
      sha256: sha256Of(f.bytes),
      bytes: async () => (reads.push(f.path), f.bytes),
    }));
    const again = () => writeProject({ root: out, shown: out }, lazily, composeFor(files, 'a'));
    await again();
    expect(reads).toEqual([]);
    await rm(join(out, 'a/sail.stl'));
    await again();
    expect(reads).toEqual(['a/sail.stl']);
    expect(await text('a/sail.stl')).toBe('S1');
  });

  it('replaces its own files: what the owner listed and did not write again goes, with folders it leaves empty', async () => {
    await run([file('a/hull.stl', 'A1'), file('old/part.stl', 'O1')], 'a');
    await run([file('a/hull.stl', 'A2')], 'a');
    expect(await listing()).toEqual(['a', 'a/hull.stl', 'manifest.json']);
  });

  it('never removes or overwrites a file of ours that a user changed, and says so', async () => {
    await run([file('a/hull.stl', 'A1'), file('a/sail.stl', 'S1')], 'a');
    await writeFile(join(out, 'a/sail.stl'), 'edited');
    expect(await run([file('a/hull.stl', 'A2')], 'a')).toEqual([
      'left a/sail.stl: it changed since shipwright wrote it',
    ]);
    expect(await text('a/sail.stl')).toBe('edited');
    await writeFile(join(out, 'a/hull.stl'), 'edited too');
    await expect(run([file('a/hull.stl', 'A3')], 'a')).rejects.toThrow(
      /a\/hull\.stl: is a file shipwright wrote that was changed since/,
    );
  });

  it("refuses to write over a user's file, link, FIFO or folder, before writing anything", async () => {
    await mkdir(out);
    await writeFile(join(out, 'cards.pdf'), 'theirs');
    await expect(run([file('a/hull.stl', 'A1'), file('cards.pdf', 'ours')])).rejects.toThrow(
      /cards\.pdf: is a file shipwright did not write/,
    );
    expect(await listing()).toEqual(['cards.pdf']);
    await mkdir(join(out, 'a/hull.stl'), { recursive: true });
    await expect(run([file('a/hull.stl', 'A1')])).rejects.toThrow(/a\/hull\.stl: is a folder/);
  });

  it('leaves the folder as it was, with no temporary file or new folder, when a write fails midway', async () => {
    await run([file('a/hull.stl', 'A1')]);
    const before = await listing();
    const manifest = await text('manifest.json');
    let calls = 0;
    const failing = async (p: string, d: Uint8Array | string): Promise<void> => {
      if (++calls === 3) throw new Error('boom (simulated)');
      await writeFile(p, d);
    };
    await expect(
      run([file('a/hull.stl', 'A2'), file('new/deep/x.stl', 'X'), file('b/y.stl', 'Y')], 'a', { writeFile: failing }),
    ).rejects.toThrow(/simulated/);
    expect([await listing(), await text('manifest.json')]).toEqual([before, manifest]);
  });

  it.each(['ENOSPC', 'EROFS', 'EACCES', 'EIO'])(
    'turns %s into a user error naming the folder, the folder as it was',
    async (code) => {
      await run([file('a/hull.stl', 'A1')]);
      const err = await run([file('a/hull.stl', 'A2')], 'a', { writeFile: () => Promise.reject(errno(code)) }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).problems[0]!.source).toBe(out);
      expect((err as InputError).message).toContain(`(${code})`);
      expect(await text('a/hull.stl')).toBe('A1');
    },
  );

  it('finishes a run killed after its journal: the next run sees the complete output', async () => {
    await run([file('a/hull.stl', 'A1'), file('a/old.stl', 'O1')]);
    await expect(
      run([file('a/hull.stl', 'A2')], 'a', { afterJournal: () => Promise.reject(new Error('killed')) }),
    ).rejects.toThrow('killed');
    expect(await text('a/hull.stl')).toBe('A1');
    const project = await openProject(out);
    expect(project.previous!.otherFiles.map((o) => o.path)).toEqual(['a/hull.stl']);
    expect(await listing()).toEqual(['a', 'a/hull.stl', 'manifest.json']);
    expect(await text('a/hull.stl')).toBe('A2');
  });

  it("removes a killed run's temporary files, and only those", async () => {
    await run([file('a/hull.stl', 'A1')]);
    await writeFile(join(out, 'a/.hull.stl.sw-0123456789abcdef.tmp'), 'half');
    await writeFile(join(out, 'a/draft.tmp'), 'a user file that ends in .tmp');
    await run([file('a/hull.stl', 'A2')]);
    expect(await listing()).toEqual(['a', 'a/draft.tmp', 'a/hull.stl', 'manifest.json']);
  });

  it('never renames the folder itself, so a mount point or a busy folder is written in place', async () => {
    await run([file('a/hull.stl', 'A1')]);
    const inode = (await stat(out)).ino;
    await run([file('a/hull.stl', 'A2')]);
    expect((await stat(out)).ino).toBe(inode);
  });

  it('runs one at a time: concurrent writers each finish and every listed file holds its listed bytes', async () => {
    const runs = ['1', '2', '3', '4'].map((n) =>
      run([file('a/hull.stl', `A${n}`), file(`b${n}/hull.stl`, `B${n}`)], n),
    );
    await Promise.all(runs);
    const m = JSON.parse(await text('manifest.json')) as Manifest;
    expect(m.otherFiles.filter((o) => o.path.startsWith('b'))).toHaveLength(4);
    for (const o of m.otherFiles) expect(sha256Of(await readFile(join(out, o.path)))).toBe(o.sha256);
  });
});

describe('sums remembered in the part cache', () => {
  /** The part cache's getBytes/putBytes, in memory, with the one value it keeps here as sums by path. */
  const memo = () => {
    const kept = new Map<string, Uint8Array>();
    const sums = {
      puts: 0,
      getBytes: async (key: string, kind: string) => kept.get(`${kind}/${key}`) ?? null,
      putBytes: async (key: string, kind: string, bytes: Uint8Array) => {
        sums.puts++;
        kept.set(`${kind}/${key}`, bytes);
      },
      /** The remembered [stat, sha256] by path. */
      paths: (): Map<string, [string, string]> =>
        new Map(JSON.parse(new TextDecoder().decode([...kept.values()][0] ?? new TextEncoder().encode('[]')))),
      set: (path: string, sum: [string, string]) => {
        const [key] = [...kept.keys()];
        kept.set(key!, new TextEncoder().encode(JSON.stringify([...sums.paths().set(path, sum)])));
      },
    };
    return sums;
  };
  const files = [file('a/hull.stl', 'A1'), file('a/sail.stl', 'S1')];
  /** Waits until the disk's clock has moved past `path`'s change time: a file changed in that tick is not remembered. */
  const clockPast = async (path: string): Promise<void> => {
    const { ctimeNs } = await stat(path, { bigint: true });
    const probe = join(parent, 'clock');
    for (;;) {
      await writeFile(probe, '');
      if ((await stat(probe, { bigint: true })).ctimeNs > ctimeNs) return rm(probe);
      await new Promise((r) => setTimeout(r, 1));
    }
  };

  it('knows a file of ours by its stat, once last changed before a run took the lock, without reading it', async () => {
    const sums = memo();
    await run(files, 'a', { sums }); // written by this run: nothing there to check yet
    expect(sums.paths().size).toBe(0);
    await clockPast(join(out, 'manifest.json'));
    await run(files, 'a', { sums });
    expect([...sums.paths()].map(([p, [, sha]]) => [p, sha])).toEqual(files.map((f) => [f.path, sha256Of(f.bytes)]));
    const puts = sums.puts;
    await run(files, 'a', { sums });
    expect(sums.puts).toBe(puts); // nothing new to remember: nothing written
    // Other bytes under the stat recorded with ours pass unread (which is what the record saves); read, they do not.
    await writeFile(join(out, 'a/hull.stl'), 'XX');
    const now = await stat(join(out, 'a/hull.stl'), { bigint: true });
    sums.set('a/hull.stl', [
      `${now.dev}:${now.ino}:${now.size}:${now.mtimeNs}:${now.ctimeNs}`,
      sha256Of(files[0]!.bytes),
    ]);
    await run(files, 'a', { sums });
    await expect(run(files, 'a')).rejects.toThrow(/a\/hull\.stl: is a file shipwright wrote that was changed since/);
  });

  it('still refuses a file changed since, its size and modification time put back, and does not remember one changed since the lock', async () => {
    const sums = memo();
    await run(files, 'a', { sums });
    await clockPast(join(out, 'manifest.json'));
    await run(files, 'a', { sums });
    expect([...sums.paths().keys()]).toEqual(['a/hull.stl', 'a/sail.stl']);
    // Written again (the same bytes) after this run took the lock: the disk's clock may not have moved on.
    const racy = (previous: Manifest | null) => {
      writeFileSync(join(out, 'a/sail.stl'), 'S1');
      return composeFor(files, 'a')(previous);
    };
    await writeProject({ root: out, shown: out }, files, racy, { sums });
    expect([...sums.paths().keys()]).toEqual(['a/hull.stl']);
    await clockPast(join(out, 'a/sail.stl'));
    await run(files, 'a', { sums });
    expect([...sums.paths().keys()]).toEqual(['a/hull.stl', 'a/sail.stl']);
    // Times on a whole second, so that they can be put back exactly (a Date holds no nanoseconds).
    const sail = join(out, 'a/sail.stl');
    await utimes(sail, 1e9, 1e9);
    await clockPast(sail);
    await run(files, 'a', { sums });
    expect(sums.paths().get('a/sail.stl')![0]).toMatch(/:1000000000000000000:\d+$/);
    await writeFile(sail, 'S2');
    await utimes(sail, 1e9, 1e9);
    await expect(run(files, 'a', { sums })).rejects.toThrow(
      /a\/sail\.stl: is a file shipwright wrote that was changed since/,
    );
  });
});

describe('the lock', () => {
  const lock = (): string => join(out, '.shipwright-lock');
  const holder = (pid: number): string => JSON.stringify({ pid, host: hostname(), token: 'someone-else' });
  const ago = async (ms: number): Promise<void> => {
    const t = new Date(Date.now() - ms);
    await utimes(lock(), t, t);
  };
  beforeEach(() => mkdir(out));

  it("takes over a dead run's lock at once", async () => {
    await writeFile(lock(), holder(999_999));
    await run([file('a/hull.stl', 'A1')], 'a', { lockWaitMs: 0 });
    expect(await text('a/hull.stl')).toBe('A1');
  });

  it('takes over a lock whose pid was reused (our own pid, or a live pid 1) once it stops being touched', async () => {
    await writeFile(lock(), holder(process.pid));
    await run([file('a/hull.stl', 'A1')], 'a', { lockWaitMs: 0 });
    await writeFile(lock(), holder(1));
    await ago(STALE_MS + 1000);
    await run([file('a/hull.stl', 'A2')], 'a', { lockWaitMs: 0 });
    expect(await text('a/hull.stl')).toBe('A2');
  });

  it("does not take a lock of this process's own being given back for a dead run's (its next holder's would go)", async () => {
    let ours = '';
    const keep = (previous: Manifest | null) => {
      ours = readFileSync(lock(), 'utf8');
      return composeFor([file('a/hull.stl', 'A1')], 'a')(previous);
    };
    await writeProject({ root: out, shown: out }, [file('a/hull.stl', 'A1')], keep);
    // As a waiter finds it between the holder's last write and its removal: our pid, a token this process took.
    await writeFile(lock(), ours);
    await expect(run([file('a/hull.stl', 'A2')], 'a', { lockWaitMs: 100 })).rejects.toThrow(
      new RegExp(`another shipwright run \\(pid ${process.pid}\\) is writing`),
    );
    await ago(STALE_MS + 1000);
    await run([file('a/hull.stl', 'A2')], 'a', { lockWaitMs: 0 });
    expect(await text('a/hull.stl')).toBe('A2');
  });

  it("waits for a live run's lock, then gives up with a message, touching nothing", async () => {
    await writeFile(lock(), holder(process.ppid));
    await expect(run([file('a/hull.stl', 'A1')], 'a', { lockWaitMs: 100 })).rejects.toThrow(
      new RegExp(`another shipwright run \\(pid ${process.ppid}\\) is writing`),
    );
    await writeFile(lock(), 'not a lock we wrote');
    await expect(run([file('a/hull.stl', 'A1')], 'a', { lockWaitMs: 100 })).rejects.toThrow(/its lock is unreadable/);
    await ago(STALE_MS + 1000);
    await run([file('a/hull.stl', 'A1')], 'a', { lockWaitMs: 0 });
  });

  it.each([
    ['a folder', () => mkdir(lock()), /is a folder where shipwright keeps the lock/],
    [
      'a FIFO',
      async () => execFileSync('mkfifo', [lock()]),
      /is a FIFO \(named pipe\) where shipwright keeps the lock/,
    ],
  ])('refuses %s at the lock path at once', async (_, make, message) => {
    await make();
    await expect(run([file('a/hull.stl', 'A1')], 'a', { lockWaitMs: 60_000 })).rejects.toThrow(message);
  });
});

describe('names and places', () => {
  it.each([
    [
      [file('Ship.stl', '1'), file('ship.stl', '2')],
      /Ship\.stl \(a\) and ship\.stl \(a\) would be one file on a disk that ignores case/,
    ],
    [
      [file('board/r0.stl', '1'), file('Board', '2')],
      /would be one path on a disk that ignores case|needs a folder there/,
    ],
    [
      [file('board', '1'), file('board/r0.stl', '2')],
      /board \(a\) is a file, and board\/r0\.stl \(a\) needs a folder there/,
    ],
    [[file('aux.stl', '1')], /"aux\.stl", a name Windows cannot hold/],
    [[file('Manifest.JSON', '1')], /manifest\.json \(shipwright\) and Manifest\.JSON/],
  ])('refuses paths a disk cannot hold apart (%#), writing nothing', async (files, message) => {
    await expect(run(files)).rejects.toThrow(message);
    await expect(stat(join(out, 'manifest.json'))).rejects.toThrow(/ENOENT/);
  });

  it('counts a folder inside a project as part of it: one manifest, one lock', async () => {
    await run([file('a/hull.stl', 'A1')]);
    const inner = await openProject(join(out, 'rigadoon'));
    expect([inner.root, inner.folder]).toEqual([out, 'rigadoon']);
    const within = await openProject(out, { within: 'rigadoon' });
    expect([within.root, within.folder]).toEqual([out, 'rigadoon']);
  });

  it('reads a manifest an older version wrote as ours, and replaces its files', async () => {
    await mkdir(join(out, 'plates'), { recursive: true });
    await writeFile(join(out, 'plates/p1.3mf'), 'P');
    await writeFile(
      join(out, 'manifest.json'),
      JSON.stringify({
        manifestVersion: 1,
        generator: 'shipwright 0.0.9',
        files: [],
        otherFiles: ['plates/p1.3mf'],
        table: null,
      }),
    );
    expect((await openProject(out)).previous!.otherFiles).toMatchObject([
      { path: 'plates/p1.3mf', owner: 'cannons-and-coastlines@.:print' },
    ]);
    await writeProject({ root: out, shown: out }, [], (prev) => ({
      manifest: { ...prev!, otherFiles: [] },
      notes: [],
    }));
    expect(await listing()).toEqual(['manifest.json']);
  });
});

describe('a folder whose manifest.json is not ours, or no folder at all', () => {
  const refused = async (setup: () => Promise<void>, message: RegExp): Promise<void> => {
    await setup();
    const before = await readdir(parent, { recursive: true });
    await expect(openProject(out)).rejects.toThrow(message);
    await expect(run([file('a/hull.stl', 'A1')])).rejects.toThrow(InputError);
    expect(await readdir(parent, { recursive: true })).toEqual(before);
  };

  it('writes into a folder of other files, touching none of them', async () => {
    await mkdir(out);
    await writeFile(join(out, 'thesis.docx'), 'precious');
    await run([file('a/hull.stl', 'A1')]);
    expect(await text('thesis.docx')).toBe('precious');
  });

  it.each([
    [
      'a manifest.json shipwright did not write',
      () => writeFile(join(out, 'manifest.json'), JSON.stringify({ name: 'my-web-app', files: [] })),
      /was not written by shipwright/,
    ],
    [
      'one that lists paths outside the folder',
      () =>
        writeFile(
          join(out, 'manifest.json'),
          JSON.stringify({
            manifestVersion: 2,
            generator: 'shipwright 1',
            builds: [],
            files: [{ path: '../etc/passwd' }],
            otherFiles: [],
          }),
        ),
      /was not written by shipwright/,
    ],
    [
      'a FIFO as manifest.json, without opening it',
      async () => execFileSync('mkfifo', [join(out, 'manifest.json')]),
      /a FIFO/,
    ],
  ])('refuses %s', (_, make, message) =>
    refused(async () => {
      await mkdir(out);
      await make();
    }, message),
  );

  it.each([
    ['a file', async () => writeFile(out, 'x'), /is a file, not a folder/],
    ['a dangling link', async () => symlink(join(parent, 'nowhere'), out), /symbolic link to nothing/],
    ['a device link', async () => symlink('/dev/null', out), /symbolic link to a device/],
  ])('refuses an --out that is %s', async (_, make, message) => {
    await make();
    await expect(openProject(out)).rejects.toThrow(message);
  });

  it('refuses an --out whose parent folder does not exist, without creating it', async () => {
    await expect(openProject(join(parent, 'missing', 'out'))).rejects.toThrow(/does not exist: create it first/);
    expect(await readdir(parent)).toEqual([]);
  });

  it('writes through an --out that is a link to a folder, keeping the link', async () => {
    await mkdir(join(parent, 'real'));
    await symlink(join(parent, 'real'), out);
    const project = await openProject(out);
    await writeProject(project, [file('a/hull.stl', 'A1')], composeFor([file('a/hull.stl', 'A1')], 'a'));
    expect((await lstat(out)).isSymbolicLink()).toBe(true);
    expect(await readFile(join(parent, 'real', 'a/hull.stl'), 'utf8')).toBe('A1');
  });
});
