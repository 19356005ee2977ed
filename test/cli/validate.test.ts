/**
 * `shipwright validate` end to end. Each broken fixture of test/fixtures/validate/ must be caught by the
 * rule it targets and by no other rule (of any severity); the clean ones and the shipped factions must
 * come out clean. Runs the built CLI (`npm test` builds first) so parts are made by the real pipeline,
 * in worker threads; armada lists and bad input run in-process (they build nothing).
 */
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FACTIONS_DIR } from '../../src/faction/loader.js';
import { RULES } from '../../src/validate/rules/index.js';
import { runBuilt, runInProcess, type CliResult } from '../helpers/cli.js';

const FX = 'test/fixtures/validate';

interface Row {
  rule: string;
  severity: 'error' | 'warning';
  faction: string | null;
  part: string | null;
  message: string;
  expected: unknown;
  measured: unknown;
}

const cli = (...args: string[]): Promise<CliResult> => runBuilt(['validate', ...args]);

const inProcess = (...args: string[]): Promise<CliResult> => runInProcess('validate', ...args);

const rowsOf = (out: string): Row[] => (JSON.parse(out) as { findings: Row[] }).findings;
const rulesOf = (out: string): string[] => [...new Set(rowsOf(out).map((f) => f.rule))].sort();

/** Fixture → the arguments that check it and the rules that must catch it (one, but where the break has two consequences). */
const BROKEN: [name: string, rule: string, args: string[]][] = [
  ['card fittings ≠ sockets', 'card/fitting-sockets', [`${FX}/card-fittings-2.yaml`]],
  ['a socket moved into solid material', 'card/fitting-sockets', [`${FX}/socket-in-solid.yaml`]],
  ['an external hull with its socket filled in', 'card/fitting-sockets', [`${FX}/external-socket-filled.yaml`]],
  // Its mesh's slot roofs end on bent edges there, which PrusaSlicer supports too.
  ['a cannon slot facing inward', 'card/cannon-slots,print/supports', [`${FX}/cannon-slot-inward.yaml`]],
  ['a missing coin slot', 'card/coin-slot', [`${FX}/no-coin-slot.yaml`]],
  ['a missing wheel-carriage slot', 'card/wheel-slot', [`${FX}/no-wheel-slot.yaml`]],
  ['hits to sink wrong', 'card/hits-to-sink', [`${FX}/hits-to-sink-wrong.yaml`]],
  ['move count 4', 'rulebook/move-count', [`${FX}/move-count-4.yaml`]],
  ['six ships', 'rulebook/ships', [`${FX}/ships-6.yaml`]],
  ['180° without Disciplined Crew', 'rulebook/heading', [`${FX}/heading-180.yaml`]],
  // 10 % short, the wheel's flat is held off the table by the carriage's foot (built for the 2-inch wheel).
  [
    'a wheel 10 % off its click',
    'assembly/stands,movement/click-distance',
    [`${FX}/clean.yaml`, '--part', `wheel=${FX}/wheel-click-10pct.stl`],
  ],
  [
    'a carriage whose bearings open at the bottom (the wheel drops out)',
    'assembly/wheel-retained',
    [`${FX}/clean.yaml`, '--part', `carriage=${FX}/carriage-open-slot.stl`],
  ],
  [
    'a coin too wide for its slot (clearance below the class)',
    'fit/coin-slot',
    [`${FX}/clean.yaml`, '--part', `coin-brace=${FX}/coin-oversize.stl`],
  ],
  ['a part larger than the bed', 'print/bed', [`${FX}/too-long-for-mini.yaml`, '--printer', 'prusa-mini']],
  ['a sliver wall', 'print/min-wall', [`${FX}/sliver-wall.yaml`]],
];

// In-process (the same command as a user runs, parts built in worker threads): one start-up and one kernel for
// all of them; the clean runs and the output below go through the built CLI.
describe('broken fixtures: caught by their rules and no other', () => {
  it.each(BROKEN)('%s → %s', async (_name, rule, args) => {
    const r = await inProcess(...args, '--json');
    expect(r.err).toBe('');
    expect(rulesOf(r.out)).toEqual(rule.split(','));
    expect(r.code).toBe(1);
  });
});

describe('parts made for another clearance', () => {
  // A hull exported, and shared parts printed, for a 0.5 mm clearance, checked at the default 0.2 mm: every
  // mating pair's gap is out of its class, and each pair's rule says so (fit/ballast-boss, whose washer is
  // bought, not printed: test/validate/rules.test.ts).
  const PAIRS = [
    'fit/bearing',
    'fit/bore',
    'fit/cannon-slot',
    'fit/cargo-socket',
    'fit/coin-slot',
    'fit/flag-hole',
    'fit/fork-gap',
    'fit/mast-socket',
    'fit/sail-loop',
    'fit/sleeve',
    'fit/turret-seat',
    'fit/wheel-slot',
  ];

  it('names every pair the fit rules check', () => {
    expect(
      RULES.map((r) => r.id)
        .filter((id) => id.startsWith('fit/') && id !== 'fit/ballast-boss')
        .sort(),
    ).toEqual(PAIRS);
  });

  it("the Industry's external hull and the shared parts from a 0.5 mm run: every fit rule catches its pair", async () => {
    const work = await mkdtemp(join(tmpdir(), 'sw-fit-'));
    const made = await runBuilt([
      'generate',
      '--faction',
      'the-industry',
      '--clearance',
      '0.5',
      '--no-cache',
      '--out',
      join(work, 'out'),
    ]);
    expect(made.code, made.err).toBe(0);
    await mkdir(join(work, 'fleet'));
    const yaml = (await readFile(join(DEFAULT_FACTIONS_DIR, 'the-industry.yaml'), 'utf8')).replace(
      /^( {2}hull: .*)$/m,
      '$1\n  externalHull: { stl: ../out/the-industry/hull.stl }',
    );
    await writeFile(join(work, 'fleet', 'the-industry.yaml'), yaml);
    const parts = ['flag-holder', 'sail', 'carriage', 'cannon', 'island-topper'].flatMap((p) => [
      '--part',
      `${p}=${join(work, 'out', 'shared', `${p}.stl`)}`,
    ]);
    const r = await cli(join(work, 'fleet', 'the-industry.yaml'), ...parts, '--json');
    expect(r.err).toBe('');
    expect(rulesOf(r.out)).toEqual(expect.arrayContaining(PAIRS));
    expect(r.code).toBe(1);
  }, 120_000);
});

describe('armada lists', () => {
  it.each([
    ['armada-16-ships', 'armada/size'],
    ['armada-two-thirds', 'armada/one-faction-half'],
    ['armada-unknown-faction', 'armada/known-factions'],
  ])('%s → %s', async (name, rule) => {
    const r = await inProcess('--armada', `${FX}/${name}.yaml`, '--json');
    expect(rulesOf(r.out)).toEqual(rule.split(','));
    expect(r.code).toBe(1);
  });

  it("a list within the limits is clean, and says what was checked: the players' lists", async () => {
    const r = await inProcess('--armada', `${FX}/armada-clean.yaml`);
    expect(r.out).toBe("clean: 2 players' lists checked, no findings\n");
    expect(r.code).toBe(0);
  });

  it('names the player, the count and the limit in human output, with a fix', async () => {
    const r = await inProcess('--armada', `${FX}/armada-two-thirds.yaml`);
    expect(r.out).toContain('corsairs:');
    // Long findings wrap at 100 columns: read them as one line each.
    const flat = r.out.replace(/\n {10,}/g, ' ');
    expect(flat).toMatch(/error +armada\/one-faction-half: Ben .* takes 4 of 6 ships from corsairs/);
    expect(flat).toMatch(/fix: swap 1 corsairs ship for another faction's/);
    expect(flat).toMatch(/1 error, 0 warnings \(2 players' lists checked\)/);
  });
});

describe('clean input', () => {
  it.each([
    ['a copy of a shipped faction', [`${FX}/clean.yaml`]],
    ['the same model with its hull from an external STL', [`${FX}/external-clean.yaml`]],
  ])(
    '%s',
    async (_name, args) => {
      const r = await cli(...args, '--json');
      expect(rowsOf(r.out)).toEqual([]);
      expect(r.code).toBe(0);
    },
    120_000,
  );

  // Every shipped faction at the two ends of `--clearance`'s range and three clearances between them, every
  // rule: test/cli/validate-clearances.slow.test.ts (npm run test:slow; five whole validate runs).
});

describe('output', () => {
  it('JSON rows carry rule, severity, faction, part, message, expected and measured', async () => {
    const r = await cli(`${FX}/card-fittings-2.yaml`, '--json');
    const rows = rowsOf(r.out);
    expect(rows[0]).toMatchObject({
      rule: 'card/fitting-sockets',
      severity: 'error',
      faction: 'card-fittings-2',
      part: 'hull',
      expected: 2,
      measured: '1 (mast 1)',
    });
  });

  it('human output groups by faction, errors first, each with a fix', async () => {
    const r = await cli(`${FX}/move-count-4.yaml`, `${FX}/hits-to-sink-wrong.yaml`);
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toContain('hits-to-sink-wrong:');
    expect(lines).toContain('move-count-4:');
    expect(r.out).toMatch(/error +rulebook\/move-count: the card's move count is 4/);
    expect(r.out).toMatch(/fix: set card\.moveCount between 1 and 3/);
    // Two errors of their own, and the printability findings still open on the parts they are built from.
    const open =
      rowsOf((await cli(`${FX}/move-count-4.yaml`, `${FX}/hits-to-sink-wrong.yaml`, '--json')).out).length - 2;
    // The summary closes the findings; the figures the rules measured follow it.
    expect(lines).toContain(`${2 + open} errors, 0 warnings (2 factions checked)`);
    expect(lines.slice(lines.indexOf(`${2 + open} errors, 0 warnings (2 factions checked)`) + 1)[0]).toBe('measured:');
    expect(r.code).toBe(1);
  });
});

describe('on worker threads', () => {
  it("reports what one thread reports: each faction its own findings, a shared part's once", async () => {
    const args = [`${FX}/move-count-4.yaml`, `${FX}/hits-to-sink-wrong.yaml`, '--json'];
    const shared = ['--part', `carriage=${FX}/carriage-open-slot.stl`];
    // Two threads check a faction each, the shared parts in both; one checks both factions in one context.
    const [two, one] = await Promise.all([
      cli(...args, ...shared, '--jobs', '2'),
      cli(...args, ...shared, '--jobs', '1'),
    ]);
    const rows = JSON.parse(two.out).findings as { faction: string | null; part: string | null }[];
    expect(new Set(rows.map((f) => f.faction))).toEqual(new Set(['move-count-4', 'hits-to-sink-wrong', null]));
    expect(rows.some((f) => f.faction === null && f.part === 'carriage')).toBe(true);
    expect(two.out).toBe(one.out);
    expect(two.code).toBe(1);
  }, 120_000);
});

describe('bad input exits 2', () => {
  it.each([
    ['a missing faction file', [`${FX}/no-such-file.yaml`], 'no-such-file.yaml'],
    ['a --part that is not a shared part', [`${FX}/clean.yaml`, '--part', 'hull=x.stl'], 'expected PART=FILE.stl'],
    [
      'a --part file that is not an STL',
      [`${FX}/clean.yaml`, '--part', `wheel=${FX}/clean.yaml`],
      'is not an STL file (binary or ASCII)',
    ],
    ['a missing armada list', ['--armada', `${FX}/no-such-list.yaml`], 'no such file'],
    ['faction files and --faction together', [`${FX}/clean.yaml`, '--faction', 'corsairs'], 'not both'],
  ])('%s', async (_name, args, fragment) => {
    const r = await inProcess(...args);
    expect(r.err).toContain(fragment);
    expect(r.code).toBe(2);
  });
});

describe('--list-rules', () => {
  it('prints every rule id with what it checks, as text and as [{id, checks}]', async () => {
    const { RULES } = await import('../../src/validate/rules/index.js');
    const text = await inProcess('--list-rules');
    expect(text.code).toBe(0);
    // A header, then each rule at the start of a line, its text wrapped under the checks column.
    const lines = text.out
      .trimEnd()
      .replace(/\n {20,}/g, ' ')
      .split('\n');
    expect(lines[0]).toMatch(/^rule +checks$/);
    expect(lines.slice(1).map((l) => l.split(' ')[0])).toEqual(RULES.map((r) => r.id));
    expect(lines.find((l) => l.startsWith('assembly/stands '))).toMatch(/centre of mass/);
    const json = await inProcess('--list-rules', '--json');
    const rows = JSON.parse(json.out) as { id: string; checks: string }[];
    expect(rows.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
    expect(rows.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        'assembly/stands',
        'assembly/cannon-seats',
        'assembly/turret-sweep',
        'assembly/shot-path',
      ]),
    );
    expect(rows.every((r) => r.checks.length > 10)).toBe(true);
  });
});

describe('card/colour', () => {
  it('warns about a colour name it does not know, with the nearest one, and exits 0', async () => {
    const { mkdtemp, readFile, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'sw-colour-'));
    const yaml = await readFile('factions/corsairs.yaml', 'utf8');
    await writeFile(join(dir, 'corsairs.yaml'), yaml.replace('color: black', 'color: purpel'));
    const r = await runInProcess('validate', join(dir, 'corsairs.yaml'), '--json');
    const findings = (
      JSON.parse(r.out) as { findings: { rule: string; severity: string; hint: string }[] }
    ).findings.filter((f) => f.rule === 'card/colour');
    expect(findings).toEqual([
      expect.objectContaining({ severity: 'warning', hint: expect.stringContaining('did you mean "purple"?') }),
    ]);
    expect(r.code).toBe(0);
  });
});

describe('--previews', () => {
  it("draws a finding's part with its place highlighted, and names the picture beside the finding", async () => {
    const { mkdtemp, readFile, readdir } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { PNG } = await import('pngjs');
    const dir = join(await mkdtemp(join(tmpdir(), 'sw-validate-previews-')), 'pictures');
    const json = await cli(`${FX}/sliver-wall.yaml`, '--previews', dir, '--json');
    expect(json.code).toBe(1);
    const [row] = (
      JSON.parse(json.out) as {
        findings: (Row & { at: { file: string; boxMm: { min: number[]; max: number[] } }; picture: string })[];
      }
    ).findings;
    // The place holds the thin wall the message names.
    const point = /at \(([-\d.]+), ([-\d.]+), ([-\d.]+)\) mm/.exec(row!.message)!.slice(1).map(Number);
    expect(row!.at.file).toMatch(/ext-hull-sliver\.stl$/);
    point.forEach((v, k) => expect(v >= row!.at.boxMm.min[k]! && v <= row!.at.boxMm.max[k]!).toBe(true));
    expect(await readdir(dir)).toEqual(['sliver-wall-hull-print-min-wall-1.png']);
    const img = PNG.sync.read(await readFile(row!.picture));
    let magenta = 0,
      part = 0;
    for (let i = 0; i < img.data.length; i += 4) {
      const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
      if (r > 2 * g && b > 2 * g) magenta++;
      else if (Math.abs(r - g) < 24 && Math.abs(g - b) < 24 && r < 200) part++;
    }
    // The highlight shows, and is a part of the part, not all of it.
    expect(magenta).toBeGreaterThan(500);
    expect(part).toBeGreaterThan(magenta);
    const text = await cli(`${FX}/sliver-wall.yaml`, '--previews', dir);
    expect(text.out).toContain(`picture: ${join(dir, 'sliver-wall-hull-print-min-wall-1.png')}`);
  });

  it('places a card finding at the declared socket the mesh lacks', async () => {
    const { mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = join(await mkdtemp(join(tmpdir(), 'sw-validate-card-')), 'pictures');
    const r = await cli(`${FX}/socket-in-solid.yaml`, '--previews', dir, '--json');
    const rows = (
      JSON.parse(r.out) as {
        findings: (Row & { at: { boxMm: { min: number[]; max: number[] } } | null; picture?: string })[];
      }
    ).findings;
    const closed = rows.find((f) => f.rule === 'card/fitting-sockets' && /is not open/.test(f.message))!;
    // The message names where the socket was declared: the place holds that point.
    const at = / at \(([-\d.]+), ([-\d.]+), ([-\d.]+)\) mm/.exec(closed.message)!;
    expect(at).not.toBeNull();
    expect(closed.at).not.toBeNull();
    for (const k of [0, 1, 2])
      expect(Number(at[k + 1]) >= closed.at!.boxMm.min[k]! && Number(at[k + 1]) <= closed.at!.boxMm.max[k]!).toBe(true);
    expect(closed.picture).toMatch(/socket-in-solid-hull-card-fitting-sockets-1\.png$/);
  });
});
