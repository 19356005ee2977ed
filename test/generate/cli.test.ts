/** `shipwright generate` as a user runs it: the built CLI in a child process, into temp folders. */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile, mkdir, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/generate/manifest.js';
import { runBuilt } from '../helpers/cli.js';

const run = runBuilt;

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sw-cli-gen-'));
});

describe('shipwright generate (CLI)', () => {
  it('writes every file and a manifest whose hashes match the bytes, twice identically', async () => {
    const out = join(work, 'out');
    const a = await run(['generate', '--out', out, '--cache-dir', join(work, 'cache'), '--json']);
    expect(a.err).toBe('');
    expect(a.code).toBe(0);
    const summary = JSON.parse(a.out) as { files: { path: string }[] };
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.files.map((f) => f.path).sort()).toEqual(summary.files.map((f) => f.path).sort());
    for (const f of manifest.files) {
      const bytes = await readFile(join(out, f.path));
      expect(createHash('sha256').update(bytes).digest('hex'), f.path).toBe(f.sha256);
      expect(f.quantityRule.length).toBeGreaterThan(0);
      expect(f.boundingBoxMm.size).toHaveLength(3);
    }
    const firstManifest = await readFile(join(out, 'manifest.json'), 'utf8');
    const b = await run(['generate', '--out', join(work, 'out2'), '--no-cache', '--jobs', '2']);
    expect(b.code).toBe(0);
    expect(await readFile(join(work, 'out2', 'manifest.json'), 'utf8')).toBe(firstManifest);
  });

  it('a --faction run rebuilds that faction and keeps the others; with other settings it builds them again too, and says so', async () => {
    const out = join(work, 'out-partial');
    const cache = ['--cache-dir', join(work, 'cache')];
    expect((await run(['generate', '--out', out, ...cache])).code).toBe(0);
    const before = await readFile(join(out, 'corsairs', 'hull.stl'));
    const listed = async (): Promise<Manifest> =>
      JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
    const factions = new Set((await listed()).files.map((f) => f.faction));
    // Other settings: the folder states one build, so the factions it holds are built again with them.
    const other = await run(['generate', '--faction', 'sun-fleet', '--out', out, ...cache, '--clearance', '0.3']);
    expect(other.code, other.err).toBe(0);
    expect(other.err).toMatch(/holds corsairs, .* built with other settings; building them again with these/);
    const m = await listed();
    expect(m.builds.map((b) => b.settings.clearanceMm)).toEqual([0.3]);
    expect(new Set(m.files.map((f) => f.faction))).toEqual(factions);
    for (const f of m.files)
      expect(
        createHash('sha256')
          .update(await readFile(join(out, f.path)))
          .digest('hex'),
        f.path,
      ).toBe(f.sha256);
    // Back to the first settings: the same bytes as the first run.
    const r = await run(['generate', '--faction', 'sun-fleet', '--out', out, ...cache]);
    expect(r.code).toBe(0);
    expect(await readFile(join(out, 'corsairs', 'hull.stl'))).toEqual(before);
    const again = await run(['generate', '--faction', 'sun-fleet', '--out', out, ...cache]);
    expect(again.err).not.toMatch(/building them again/);
  });

  it('lets runs into one folder at the same time each end 0 or 2, leaving one complete run', async () => {
    const out = join(work, 'out-concurrent');
    const cache = ['--cache-dir', join(work, 'cache')];
    await mkdir(out);
    // The settings the test above built (the cache holds both), so the runs race over the folder, not the kernel.
    const runs = await Promise.all(
      [[], ['--clearance', '0.3'], [], ['--clearance', '0.3']].map((extra) =>
        run(['generate', '--out', out, ...cache, ...extra]),
      ),
    );
    for (const r of runs) {
      expect([0, 2]).toContain(r.code);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
    const m = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
    for (const f of m.files)
      expect(
        createHash('sha256')
          .update(await readFile(join(out, f.path)))
          .digest('hex'),
        f.path,
      ).toBe(f.sha256);
  });

  it.each([
    [['--clearance', '2'], /--clearance.*0\.05 to 0\.6/],
    [['--clearance', 'abc'], /--clearance/],
    [['--printer', 'nope'], /Allowed choices are generic-220/],
    [['--faction', 'vikings'], /unknown faction "vikings".*corsairs/],
    [['--jobs', '0'], /--jobs.*1 to 64/],
    [['--range', '24'], /--range.*write a number and a unit/],
    [['--range', '5m'], /--range.*0\.05 m to 3 m/],
    [['--cannon-material', 'wood'], /Allowed choices are pla/],
    [
      ['--cannon-material', 'tpu-95a', '--range', '2.9m'],
      /no TPU 95A arm shoots 2\.9 m[\s\S]*binding constraint[\s\S]*fix: /,
    ],
  ])('rejects %j with exit 2, a clear message and no stack trace', async (args, message) => {
    const r = await run(['generate', '--out', join(work, 'never'), ...args]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('tunes the cannon for --cannon-material and --range, and records it in the manifest', async () => {
    const cache = ['--cache-dir', join(work, 'cache')];
    const pla = join(work, 'out-pla'),
      petg = join(work, 'out-petg');
    expect((await run(['generate', '--faction', 'corsairs', '--out', pla, ...cache])).code).toBe(0);
    expect(
      (
        await run([
          'generate',
          '--faction',
          'corsairs',
          '--out',
          petg,
          '--cannon-material',
          'petg',
          '--range',
          '40in',
          ...cache,
        ])
      ).code,
    ).toBe(0);
    const manifestOf = async (d: string): Promise<Manifest> =>
      JSON.parse(await readFile(join(d, 'manifest.json'), 'utf8')) as Manifest;
    const a = await manifestOf(pla),
      b = await manifestOf(petg);
    expect(a.builds[0]!.settings).toMatchObject({ cannonMaterial: 'pla', cannonRangeM: 0.6096 });
    expect(b.builds[0]!.settings).toMatchObject({ cannonMaterial: 'petg', cannonRangeM: 1.016 });
    // A longer shot in a stiffer-per-strain plastic: another arm, so another cannon file; the hulls are shared.
    expect(b.builds[0]!.settings.cannon).not.toEqual(a.builds[0]!.settings.cannon);
    const sha = (m: Manifest, path: string): string | undefined => m.files.find((f) => f.path === path)?.sha256;
    expect(sha(b, 'shared/cannon.stl')).not.toBe(sha(a, 'shared/cannon.stl'));
    expect(sha(b, 'corsairs/hull.stl')).toBe(sha(a, 'corsairs/hull.stl'));
    expect(b.files.find((f) => f.path === 'shared/cannon.stl')!.material).toBe('petg');
  });

  it("takes tune's design flags and the calibration from --profile, so the printed cannon is the tuned one", async () => {
    const cache = ['--cache-dir', join(work, 'cache')];
    const profile = join(work, 'profile.json');
    await writeFile(
      profile,
      JSON.stringify({ version: 1, calibration: { petg: { energyFactor: 0.8, tunedForM: 0.6, measuredM: [0.55] } } }),
    );
    const flags = [
      '--cannon-material',
      'petg',
      '--range',
      '24in',
      '--elevation',
      '20',
      '--arm-length',
      '40',
      '--taper',
      'uniform',
      '--ball-diameter',
      '9',
    ];
    const out = join(work, 'out-design');
    const r = await run(['generate', '--faction', 'corsairs', '--out', out, ...flags, '--profile', profile, ...cache]);
    expect(r.code).toBe(0);
    const m = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
    expect(m.builds[0]!.settings.cannonDesign).toEqual({
      elevationDeg: 20,
      ballDiameterMm: 9,
      armLengthMm: 40,
      taper: 'uniform',
      calibrationFactor: 0.8,
    });
    expect(m.builds[0]!.settings.cannon).toMatchObject({
      elevationDeg: 20,
      armLengthMm: 40,
      ballDiameterMm: 9,
      armTipWidthMm: m.builds[0]!.settings.cannon.armWidthMm,
    });
    // The same design through tune: the same arm.
    const tuned = JSON.parse(
      (
        await run([
          'tune',
          '--material',
          'petg',
          '--range',
          '24in',
          '--elevation',
          '20',
          '--arm-length',
          '40',
          '--taper',
          'uniform',
          '--ball-diameter',
          '9',
          '--profile',
          profile,
          '--json',
        ])
      ).out,
    );
    expect(tuned.arm.thicknessMm).toBeCloseTo(m.builds[0]!.settings.cannon.armThicknessMm, 9);
    expect(tuned.asPrinted.drawMm).toBeCloseTo(m.builds[0]!.settings.cannon.releaseDeflectionMm, 3);
    // validate measures that cannon against the same request: clean.
    const v = await run(['validate', '--faction', 'corsairs', ...flags, '--profile', profile, '--json']);
    expect(JSON.parse(v.out).findings.filter((f: { rule: string }) => f.rule === 'physics/cannon-range')).toEqual([]);
    // A material the profile has no calibration for is built uncalibrated (a profile may hold only a band).
    const other = join(work, 'out-abs');
    expect(
      (
        await run([
          'generate',
          '--faction',
          'corsairs',
          '--out',
          other,
          '--cannon-material',
          'abs',
          '--profile',
          profile,
          ...cache,
        ])
      ).code,
    ).toBe(0);
    expect(
      (JSON.parse(await readFile(join(other, 'manifest.json'), 'utf8')) as Manifest).builds[0]!.settings.cannonDesign,
    ).toEqual({});
  });

  it('refuses a part larger than the printer, naming the faction file, and writes nothing', async () => {
    const dir = join(work, 'big');
    await mkdir(dir);
    const src = await readFile(join(import.meta.dirname, '../../factions/treasure-fleet.yaml'), 'utf8');
    await writeFile(join(dir, 'treasure-fleet.yaml'), src.replace('length: 96mm', 'length: 190mm'));
    const out = join(work, 'out-big');
    const r = await run(['generate', '--factions-dir', dir, '--printer', 'prusa-mini', '--out', out, '--no-cache']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/treasure-fleet\.yaml.*Prusa MINI/);
    await expect(readFile(join(out, 'manifest.json'))).rejects.toThrow();
  });

  it('builds faction files named as arguments, as validate checks them; not together with --faction, nor two with one id', async () => {
    const dir = join(work, 'named');
    await mkdir(dir, { recursive: true });
    const shipped = await readFile(join(import.meta.dirname, '../../factions/corsairs.yaml'), 'utf8');
    await writeFile(
      join(dir, 'raiders.yaml'),
      shipped.replace('id: corsairs', 'id: raiders').replace('name: Corsairs', 'name: Raiders'),
    );
    const out = join(work, 'out-named');
    const r = await run(['generate', join(dir, 'raiders.yaml'), '--out', out, '--cache-dir', join(work, 'cache')]);
    expect(r.code).toBe(0);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
    expect([...new Set(manifest.files.map((f) => f.faction).filter((f) => f !== null))]).toEqual(['raiders']);
    const both = await run(['generate', join(dir, 'raiders.yaml'), '--faction', 'corsairs', '--out', out]);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/--faction: name faction files or --faction ids, not both/);
    // The id must match the file's name, so a twin lives in another folder.
    await mkdir(join(dir, 'other'), { recursive: true });
    await writeFile(join(dir, 'other', 'raiders.yaml'), shipped.replace('id: corsairs', 'id: raiders'));
    const twins = await run(['generate', join(dir, 'raiders.yaml'), join(dir, 'other', 'raiders.yaml'), '--out', out]);
    expect(twins.code).toBe(2);
    expect(twins.err).toMatch(/other\/raiders\.yaml \(id\): id "raiders" is also the id of .*named\/raiders\.yaml;/);
  });

  it('leaves the previous output intact when the factions are bad', async () => {
    const out = join(work, 'out-keep');
    expect(
      (await run(['generate', '--faction', 'corsairs', '--out', out, '--cache-dir', join(work, 'cache')])).code,
    ).toBe(0);
    const before = await readFile(join(out, 'manifest.json'), 'utf8');
    const dir = join(work, 'bad');
    await cp(join(import.meta.dirname, '../../factions'), dir, { recursive: true });
    await writeFile(join(dir, 'corsairs.yaml'), 'id: corsairs\nname: [unclosed\n');
    const r = await run(['generate', '--factions-dir', dir, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/corsairs\.yaml:\d+:\d+/);
    expect(await readFile(join(out, 'manifest.json'), 'utf8')).toBe(before);

    // A file the loader accepts but whose layout the hull builder refuses (a socket through the side),
    // found in a worker thread mid-build: the faction file and field are named, the old output stays.
    const shipped = await readFile(join(import.meta.dirname, '../../factions/corsairs.yaml'), 'utf8');
    await writeFile(
      join(dir, 'corsairs.yaml'),
      shipped.replace(/\{ kind: mast, at: \[[^\]]*\] \}/, '{ kind: mast, at: [1mm, 13mm] }'),
    );
    const layout = await run(['generate', '--factions-dir', dir, '--out', out, '--no-cache', '--jobs', '2']);
    expect(layout.code).toBe(2);
    expect(layout.err).toMatch(/corsairs\.yaml \(model\.fittings\[0\]\.at\): the mast socket .* would break through/);
    expect(layout.err).not.toMatch(/\n\s+at /);
    expect(await readFile(join(out, 'manifest.json'), 'utf8')).toBe(before);
  });
});
