/**
 * `shipwright bom` end to end: the built CLI (`npm test` builds first) makes the real parts through the
 * generate pipeline, so the grams and minutes come from the real meshes. One cache folder for the file,
 * so only the first run builds. Bad input runs in-process too (it builds nothing) and must exit 2 with a
 * message naming the flag or the file and place, never a stack trace.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BomRow } from '../../src/bom/bom.js';
import { parseCsv } from '../bom/helpers.js';
import { runBuilt, runInProcess, type CliResult } from '../helpers/cli.js';

const ARMADA = 'test/fixtures/armada';
let cacheDir: string;
beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'shipwright-bom-cli-'));
});
afterAll(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

const cli = (...args: string[]): Promise<CliResult> => runBuilt(['bom', '--cache-dir', cacheDir, ...args]);

const inProcess = (...args: string[]): Promise<CliResult> => runInProcess('bom', ...args);

type JsonRow = Omit<BomRow, 'rule'>;
interface JsonBom {
  players: number;
  mode: string;
  rows: JsonRow[];
  totals: {
    grams: number;
    minutes: number;
    spools: number;
    cost: number | null;
    byColor: { color: string; material: string; grams: number; spools: number }[];
  };
  notPrinted: { item: string; quantity: number }[];
  decisions: string[];
}

const q = (bom: JsonBom, part: string, faction: string): number =>
  bom.rows.find((r) => r.part === part && r.faction === faction)?.quantity ?? 0;

describe('shipwright bom', () => {
  const FLAGS = [
    '--players',
    '3',
    '--factions',
    'corsairs,corsairs,the-industry',
    '--price-per-kg',
    '25',
    '--ball-material',
    'tpu-95a',
  ];
  let json: JsonBom;
  let jsonText: string;
  beforeAll(async () => {
    const r = await cli(...FLAGS, '--format', 'json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    jsonText = r.out;
    json = JSON.parse(r.out) as JsonBom;
  }, 180_000);

  it('names the file each row prints, as generate writes it', async () => {
    const out = join(cacheDir, 'out-files');
    expect(
      (
        await runBuilt([
          'generate',
          '--faction',
          'corsairs',
          '--faction',
          'the-industry',
          '--out',
          out,
          '--cache-dir',
          cacheDir,
        ])
      ).code,
    ).toBe(0);
    const written = new Set(
      (JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as { files: { path: string }[] }).files.map(
        (f) => f.path,
      ),
    );
    for (const r of json.rows) expect(written, r.file).toContain(r.file);
    expect(json.rows.find((r) => r.part === 'hull' && r.faction === 'corsairs')!.file).toBe('corsairs/hull.stl');
  });

  it('takes --json as --format json, and refuses it with another --format', async () => {
    expect((await cli(...FLAGS, '--json')).out).toBe(jsonText);
    const both = await inProcess(...FLAGS, '--json', '--format', 'csv');
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/--json: --json is --format json; it cannot go with --format csv/);
  });

  it('writes the JSON shape of the issue, with totals that add up', () => {
    expect(Object.keys(json)).toEqual(expect.arrayContaining(['players', 'mode', 'rows', 'totals', 'notPrinted']));
    expect([json.players, json.mode]).toEqual([3, 'default']);
    for (const r of json.rows) {
      expect(Object.keys(r)).toEqual(
        expect.arrayContaining([
          'part',
          'faction',
          'file',
          'quantity',
          'color',
          'material',
          'gramsEach',
          'gramsTotal',
          'minutesEach',
          'minutesTotal',
        ]),
      );
      expect(r.quantity).toBeGreaterThan(0);
      expect(r.gramsEach).toBeGreaterThan(0);
      expect(r.minutesEach).toBeGreaterThan(0);
      expect(r.gramsTotal).toBeCloseTo(r.gramsEach * r.quantity, 0);
      expect(r.minutesTotal).toBeCloseTo(r.minutesEach * r.quantity, -1);
    }
    expect(Object.keys(json.totals)).toEqual(expect.arrayContaining(['grams', 'minutes', 'spools', 'cost', 'byColor']));
    expect(json.totals.grams).toBeCloseTo(
      json.rows.reduce((s, r) => s + r.gramsTotal, 0),
      0,
    );
    expect(json.totals.cost).toBeCloseTo((json.totals.grams / 1000) * 25, 1);
    expect(json.totals.spools).toBe(json.totals.byColor.reduce((s, c) => s + c.spools, 0));
    expect(json.totals.byColor.reduce((s, c) => s + c.grams, 0)).toBeCloseTo(json.totals.grams, 0);
    // Two corsair players and one Industry player: each faction's parts from its card, balls in TPU.
    expect(q(json, 'hull', 'corsairs')).toBe(8);
    expect(q(json, 'hull', 'the-industry')).toBe(3);
    expect(q(json, 'turret', 'the-industry')).toBe(3);
    expect(q(json, 'cannonball', 'corsairs')).toBe(20);
    expect(json.rows.filter((r) => r.part === 'cannonball').every((r) => r.material === 'tpu-95a')).toBe(true);
    expect(json.rows.filter((r) => r.part.startsWith('coin-')).reduce((s, r) => s + r.quantity, 0)).toBe(60);
    expect(json.notPrinted).toEqual([
      { item: 'draw bag (any small cloth pouch)', quantity: 1 },
      { item: 'rubber band: O-ring AS568-014 (12.42 mm ID × 1.78 mm cord), one per movement wheel', quantity: 11 },
      // Three Industry ships, each with 3 washers in its hull and 3 in its turret round the pivot, and eight Corsairs with 3 each.
      { item: 'M10 steel washer, ISO 7089, 20 × 10.5 × 2 mm (ballast)', quantity: 42 },
    ]);
  });

  it('gives the same bytes for the same input, and more time at the finer 0.16 mm layers', async () => {
    expect((await cli(...FLAGS, '--format', 'json')).out).toBe(jsonText);
    const fine = JSON.parse((await cli(...FLAGS, '--format', 'json', '--layer-height', '0.16')).out) as JsonBom;
    expect(fine.rows.map((r) => [r.part, r.faction, r.quantity])).toEqual(
      json.rows.map((r) => [r.part, r.faction, r.quantity]),
    );
    expect(fine.totals.minutes).toBeGreaterThan(json.totals.minutes * 1.05);
    expect(Math.abs(fine.totals.grams - json.totals.grams) / json.totals.grams).toBeLessThan(0.1);
  });

  it('writes Markdown and CSV with the same rows as the JSON', async () => {
    const md = await cli(...FLAGS, '--format', 'markdown');
    expect(md.code).toBe(0);
    const lines = md.out.split('\n');
    const head = lines.findIndex((l) => l.startsWith('| part |'));
    expect(lines[head + 1]).toMatch(/^\| --- \| --- \| ---: \|/);
    const body = lines
      .slice(head + 2)
      .filter((l, i, a) => l.startsWith('|') && a.slice(0, i).every((x) => x.startsWith('|')));
    const cells = body.map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
    expect(cells.every((c) => c.length === 10)).toBe(true);
    expect(cells.at(-1)![0]).toBe('**total**');
    expect(cells.slice(0, -1).map((c) => [c[0], c[1], Number(c[2]), c[9]])).toEqual(
      json.rows.map((r) => [r.part, r.faction, r.quantity, `\`${r.file}\``]),
    );

    const csv = await cli(...FLAGS, '--format', 'csv');
    expect(csv.code).toBe(0);
    const rows = parseCsv(csv.out);
    expect(rows[0]).toEqual([
      'part',
      'faction',
      'quantity',
      'color',
      'material',
      'gramsEach',
      'gramsTotal',
      'minutesEach',
      'minutesTotal',
      'file',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], Number(r[2]), r[3], r[4], Number(r[6])])).toEqual(
      json.rows.map((r) => [r.part, r.faction, r.quantity, r.color, r.material, r.gramsTotal]),
    );
  });

  it('fits a 20-player group table in 100 columns and says which island count it took', async () => {
    const r = await cli('--players', '20', '--price-per-kg', '19.99');
    expect(r.code).toBe(0);
    for (const l of r.out.split('\n')) expect([...l].length).toBeLessThanOrEqual(100);
    expect(r.out).toMatch(/^Bill of materials: 20 players, group mode/);
    expect(r.out).toMatch(/12 islands: the setup table allows 10–12 in group mode/);
    expect(r.out).toMatch(/rubber band: O-ring AS568-014 \(12.42 mm ID × 1.78 mm cord\), one per movement wheel\s+\d+/);
  });

  it('prints an armada list in armada mode', async () => {
    const r = await cli('--armada', `${ARMADA}/two-admirals.yaml`, '--format', 'json');
    expect(r.code).toBe(0);
    const bom = JSON.parse(r.out) as JsonBom;
    expect([bom.players, bom.mode]).toEqual([2, 'armada']);
    expect(q(bom, 'hull', 'corsairs')).toBe(4);
    expect(q(bom, 'hull', 'queens-fleet')).toBe(3);
    expect(bom.rows.filter((x) => x.part === 'island-topper').reduce((s, x) => s + x.quantity, 0)).toBe(4);
  });
});

describe('shipwright bom: bad input exits 2 with a clear message', () => {
  const cases: [string, string[], RegExp][] = [
    ['too few players', ['--players', '1'], /--players: "1" is not valid: expected a whole number from 2 to 20/],
    ['too many players', ['--players', '21'], /--players: "21" is not valid/],
    ['no players', [], /--players: missing/],
    [
      'group mode for 3',
      ['--players', '3', '--mode', 'group'],
      /--mode: group mode is for 6–20 players, not 3; use --mode default/,
    ],
    ['default mode for 7', ['--players', '7', '--mode', 'default'], /use --mode group/],
    ['armada mode without a list', ['--players', '2', '--mode', 'armada'], /--mode: armada mode needs an armada list/],
    [
      'factions for the wrong count',
      ['--players', '3', '--factions', 'corsairs,sun-fleet'],
      /--factions: 2 factions for 3 players; give one id per player/,
    ],
    [
      'an unknown faction',
      ['--players', '2', '--factions', 'corsairs,pirates'],
      /--factions: unknown faction "pirates": expected one of .*queens-fleet/,
    ],
    [
      'an unknown material',
      ['--players', '2', '--material', 'wood'],
      /--material: unknown material "wood": expected one of pla/,
    ],
    ['a layer height out of range', ['--players', '2', '--layer-height', '0.6'], /--layer-height: "0.6" is not valid/],
    [
      'infill not a number',
      ['--players', '2', '--infill', 'lots'],
      /--infill: "lots" is not valid: expected per cent from 0 to 100/,
    ],
    ['a negative price', ['--players', '2', '--price-per-kg', '-3'], /--price-per-kg: "-3" is not valid/],
    [
      'an unknown format',
      ['--players', '2', '--format', 'xml'],
      /argument 'xml' is invalid. Allowed choices are table, markdown, csv, json/,
    ],
    [
      'an armada faction nobody ships',
      ['--armada', `${ARMADA}/unknown-faction.yaml`],
      /unknown-faction\.yaml:\d+:\d+: unknown faction "pirates"/,
    ],
    [
      'a broken armada list',
      ['--armada', `${ARMADA}/bad-count.yaml`],
      /bad-count\.yaml:4:37: players\[0\]\.ships\[0\]\.count: -2 is not allowed/,
    ],
    ['a missing armada list', ['--armada', `${ARMADA}/missing.yaml`], /missing\.yaml: no such file/],
    [
      'players that disagree with the list',
      ['--armada', `${ARMADA}/two-admirals.yaml`, '--players', '3'],
      /--players: 3 players, but .*two-admirals\.yaml lists 2/,
    ],
  ];

  it('a one-player armada list', async () => {
    const path = join(cacheDir, 'solo.yaml');
    await writeFile(path, 'players:\n  - name: Solo\n    ships: [{ faction: corsairs, count: 4 }]\n');
    const r = await inProcess('--armada', path);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${path} (players): 1 player listed; the rulebook plays 2 to 20`);
  });
  for (const [name, args, message] of cases) {
    it(name, async () => {
      const r = await inProcess(...args);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(message);
      expect(r.err).not.toMatch(/\n\s+at /);
    });
  }

  it('exits 2 from the real binary too', async () => {
    const r = await cli('--players', '3', '--factions', 'corsairs,corsairs,nope');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^error: bad input\n {2}--factions: unknown faction "nope"/);
    expect(r.err).not.toMatch(/\n\s+at /);
  });
});
