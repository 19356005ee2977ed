/**
 * One output folder that every command shares (issue 26), one test per class of fault: the natural next
 * run of another command or setting is never refused, a name we write is one file on every disk, nothing
 * we did not write is touched, two commands share one tree, locks end, and for random sequences of runs
 * every file the manifest lists holds its listed bytes and no user file is lost.
 */
import { createHash } from 'node:crypto';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_IDS } from '../../src/faction/format.js';
import { runInProcess, type CliResult } from '../helpers/cli.js';

let work: string;
let cache: string[];
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sw-out-folder-'));
  cache = ['--cache-dir', join(work, 'cache')];
});

const sha = async (path: string): Promise<string> =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
interface Listed {
  files: { path: string; sha256: string }[];
  otherFiles: { path: string; sha256: string }[];
}
/** Every file the folder's manifest lists, checked against its bytes; the paths listed. */
async function checkListed(out: string): Promise<string[]> {
  const m = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Listed;
  const all = [...m.files, ...m.otherFiles];
  for (const f of all) expect(await sha(join(out, f.path)), f.path).toBe(f.sha256);
  expect(new Set(all.map((f) => f.path.toLowerCase())).size).toBe(all.length);
  return all.map((f) => f.path);
}
const ok = (r: CliResult): void => {
  expect(r.code, r.err).toBe(0);
  expect(r.err).not.toMatch(/\n\s+at /);
};

describe('the natural next run of another command or setting', () => {
  it('generate, print with another printer, generate --previews, cards and a pack: each keeps the others', async () => {
    const out = join(work, 'natural');
    ok(await runInProcess('generate', '--faction', 'corsairs', '--out', out, ...cache));
    const print = await runInProcess(
      'print',
      '--players',
      '2',
      '--factions',
      'sun-fleet,sun-fleet',
      '--printer',
      'prusa-mini',
      '--out',
      out,
      ...cache,
    );
    ok(print);
    expect(print.err).toMatch(/holds corsairs built with other settings; building it again with these/);
    const plates = (await checkListed(out)).filter((p) => p.startsWith('plates/'));
    expect(plates.length).toBeGreaterThan(0);
    ok(
      await runInProcess(
        'generate',
        '--faction',
        'corsairs',
        '--previews',
        '--printer',
        'prusa-mini',
        '--out',
        out,
        ...cache,
      ),
    );
    ok(await runInProcess('cards', '--faction', 'corsairs', '--out', out, ...cache));
    ok(await runInProcess('generate', '--game', 'rigadoon', '--out', join(out, 'rigadoon'), ...cache));
    const listed = await checkListed(out);
    for (const p of [
      ...plates,
      'print-plan.md',
      'previews/corsairs.png',
      'cards.pdf',
      'rigadoon/ship.stl',
      'corsairs/hull.stl',
      'sun-fleet/hull.stl',
    ])
      expect(listed).toContain(p);
    // Every folder and sheet of ours beside the factions' is a name no faction may take.
    const factionIds = (await readdir('factions')).map((f) => f.replace(/\.yaml$/, ''));
    const ours = [...(await readdir(out)), ...(await readdir(join(out, 'previews')))]
      .map((n) => n.replace(/\.(png|pdf|md|json)$/, ''))
      .filter((n) => !factionIds.includes(n));
    for (const n of ours)
      expect([...RESERVED_IDS, 'manifest', 'print-plan', 'rigadoon', '.shipwright-lock'], n).toContain(n);
    // One manifest for the tree: the pack's folder has none of its own.
    await expect(stat(join(out, 'rigadoon', 'manifest.json'))).rejects.toThrow(/ENOENT/);
    // The factions' files are named relative to the folder, so the manifest is the same in any clone.
    const { builds } = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as {
      builds: { factions: { source: string }[] }[];
    };
    const sources = builds.flatMap((b) => b.factions.map((f) => f.source));
    expect(sources.length).toBeGreaterThan(0);
    for (const s of sources) expect(s).toMatch(/^(\.\.\/)+.*factions\/[a-z-]+\.yaml$/);
  });

  it('cards first, then generate into the same folder', async () => {
    const out = join(work, 'cards-first');
    ok(await runInProcess('cards', '--faction', 'corsairs', '--out', out, ...cache));
    ok(await runInProcess('generate', '--faction', 'corsairs', '--out', out, ...cache));
    expect(await checkListed(out)).toContain('cards.pdf');
  });
});

describe('names that would collide in the output', () => {
  it.each(RESERVED_IDS)(
    'refuses a faction whose id is %s, a name the output folder uses, at its line:column',
    async (id) => {
      const dir = await mkdtemp(join(work, 'reserved-'));
      const yaml = (await readFile('factions/corsairs.yaml', 'utf8')).replace(/^id: corsairs$/m, `id: ${id}`);
      await writeFile(join(dir, `${id}.yaml`), yaml);
      const r = await runInProcess('generate', join(dir, `${id}.yaml`), '--out', join(dir, 'out'), ...cache);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(new RegExp(`${id}\\.yaml:\\d+:\\d+: id: "${id}" is a name the output folder already uses`));
      await expect(stat(join(dir, 'out'))).rejects.toThrow(/ENOENT/);
    },
  );

  it.each([
    [
      'a piece named as another piece and its variant join',
      'game.yaml',
      (y: string) =>
        y.replace(
          '  - id: template\n',
          '  - id: base-light\n    builder: ship-base\n    count: { perPlayer: 1 }\n    rule: "a twin"\n    color: black\n    params: { widthMm: 30, lengthMm: 60, label: L }\n  - id: template\n',
        ),
      /base-light\.stl \(kingdom-fleets@\.:pieces\) and base-light\.stl/,
    ],
    [
      'two variants that differ only by case',
      'templates.yaml',
      (y: string) => y.replace('id: S2,', 'id: s1,'),
      /template-S1\.stl .* and template-s1\.stl .* would be one file on a disk that ignores case/,
    ],
  ])('refuses %s, writing nothing', async (_, file, edit, message) => {
    const pack = await mkdtemp(join(work, 'pack-'));
    await cp('games/kingdom-fleets', pack, { recursive: true });
    await writeFile(join(pack, file), edit(await readFile(join(pack, file), 'utf8')));
    const out = join(pack, 'out');
    const r = await runInProcess('generate', '--game', pack, '--out', out, ...cache);
    expect(r.code, r.out).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/\n\s+at /);
    await expect(stat(join(out, 'manifest.json'))).rejects.toThrow(/ENOENT/);
  });
});

describe("other people's files", () => {
  it('leaves folders beside --out, a .tmp file in --cache-dir and a read-only folder inside out/ alone', async () => {
    const out = join(work, 'theirs');
    await mkdir(join(out, 'mine'), { recursive: true });
    await writeFile(join(out, 'mine', 'keep.txt'), 'k');
    await chmod(join(out, 'mine'), 0o555);
    for (const beside of ['theirs.staging-1-00000000', 'theirs.retired-1-00000000'])
      await mkdir(join(work, beside), { recursive: true });
    const userCache = join(work, 'user-cache');
    await mkdir(userCache);
    await writeFile(join(userCache, 'notes.tmp'), 'mine');
    ok(await runInProcess('generate', '--faction', 'corsairs', '--out', out, '--cache-dir', userCache));
    ok(await runInProcess('generate', '--faction', 'corsairs', '--out', out, '--cache-dir', userCache));
    expect(await readFile(join(out, 'mine', 'keep.txt'), 'utf8')).toBe('k');
    expect(await readFile(join(userCache, 'notes.tmp'), 'utf8')).toBe('mine');
    expect((await readdir(work)).filter((n) => n.startsWith('theirs.'))).toHaveLength(2);
    await chmod(join(out, 'mine'), 0o755);
  });

  it('refuses to replace a cards.pdf it did not write, and keeps a file written into out/ during a run', async () => {
    const out = join(work, 'paper');
    await mkdir(out);
    await writeFile(join(out, 'cards.pdf'), 'my own cards');
    const r = await runInProcess('cards', '--faction', 'corsairs', '--out', out, ...cache);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cards\.pdf: is a file shipwright did not write/);
    expect(await readFile(join(out, 'cards.pdf'), 'utf8')).toBe('my own cards');
    const during = runInProcess('generate', '--faction', 'corsairs', '--out', out, ...cache);
    await new Promise((res) => setTimeout(res, 50));
    await writeFile(join(out, 'written-during.txt'), 'mine');
    ok(await during);
    expect(await readFile(join(out, 'written-during.txt'), 'utf8')).toBe('mine');
  });
});

describe('two commands, one tree', () => {
  it('generate into out/ and a pack into out/<id> at once: both land, one manifest lists both', async () => {
    const out = join(work, 'tree');
    ok(await runInProcess('generate', '--faction', 'corsairs', '--out', out, ...cache));
    const [a, b] = await Promise.all([
      runInProcess('generate', '--faction', 'corsairs', '--out', out, ...cache),
      runInProcess('generate', '--game', 'rigadoon', '--out', join(out, 'rigadoon'), ...cache),
    ]);
    ok(a);
    ok(b);
    const listed = await checkListed(out);
    expect(listed).toContain('rigadoon/ship.stl');
    expect(listed).toContain('corsairs/hull.stl');
  });
});

describe('locks', () => {
  it('calibrate and calibrate-wheel on one profile at once: both calibrations land', async () => {
    const profile = join(work, 'profile.json');
    const [a, b] = await Promise.all([
      runInProcess(
        'calibrate',
        '--material',
        'pla',
        '--tuned-for',
        '24in',
        '--measured',
        '55cm,57cm',
        '--shots-fired',
        '10',
        '--profile',
        profile,
      ),
      runInProcess('calibrate-wheel', '--measured', '10 clicks = 18.5in', '--profile', profile),
    ]);
    ok(a);
    ok(b);
    const p = JSON.parse(await readFile(profile, 'utf8')) as { calibration: Record<string, unknown>; wheel?: unknown };
    expect(Object.keys(p.calibration)).toEqual(['pla']);
    expect(p.wheel).toBeDefined();
  });
});

describe('random sequences of runs into one folder', () => {
  const RUNS: Record<string, (out: string) => string[]> = {
    generate: (out) => ['generate', '--faction', 'corsairs', '--out', out],
    otherSettings: (out) => ['generate', '--faction', 'sun-fleet', '--printer', 'prusa-mini', '--out', out],
    previews: (out) => ['generate', '--faction', 'corsairs', '--previews', '--out', out],
    print: (out) => ['print', '--players', '2', '--factions', 'corsairs,corsairs', '--out', out],
    cards: (out) => ['cards', '--faction', 'sun-fleet', '--format', 'svg', '--out', out],
    pack: (out) => ['generate', '--game', 'rigadoon', '--out', join(out, 'rigadoon')],
    bad: (out) => ['generate', '--faction', 'vikings', '--out', out],
  };
  let n = 0;
  it('exit 0 or 2, every listed file holds its listed bytes, no user file is lost', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...Object.keys(RUNS)), { minLength: 2, maxLength: 3 }),
        fc.boolean(),
        async (sequence, userFiles) => {
          const out = join(work, `seq-${n++}`);
          const mine = new Map<string, string>();
          if (userFiles) {
            await mkdir(join(out, 'corsairs'), { recursive: true });
            for (const p of ['NOTES.md', 'corsairs/painted.jpg', 'plates.txt']) {
              await writeFile(join(out, p), `user ${p}`);
              mine.set(p, `user ${p}`);
            }
          }
          for (const name of sequence) {
            const r = await runInProcess(...RUNS[name]!(out), ...cache);
            expect([0, 2], `${name}: ${r.err}`).toContain(r.code);
            expect(r.err).not.toMatch(/\n\s+at /);
            if (r.code === 0) await checkListed(out);
            for (const [p, text] of mine) expect(await readFile(join(out, p), 'utf8')).toBe(text);
          }
        },
      ),
      { numRuns: 3, seed: 26 },
    );
  });
});
