/**
 * Hostile inputs, one test per class (issue 26): counts that would multiply the work past anything the
 * rules allow are refused when the file is read, at their place; inputs that crashed a command or were
 * silently changed are refused with a clear message or give the right result. Every refusal is exit 2,
 * names the file and its place (or the flag), and prints no stack trace.
 */
import fc from 'fast-check';
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FACTIONS_DIR } from '../../src/faction/loader.js';
import { GAMES_DIR } from '../../src/games/loader.js';
import { runInProcess as run, type CliResult } from '../helpers/cli.js';

let work: string;
const FX = join(import.meta.dirname, '../fixtures/validate');
const corsairs = readFileSync(join(DEFAULT_FACTIONS_DIR, 'corsairs.yaml'), 'utf8');

/** A folder under the run's own, made with `files` in it. */
function folder(name: string, files: Record<string, string | Uint8Array>): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
  return dir;
}

const refused = (r: CliResult, message: RegExp): void => {
  expect(r.code, r.err).toBe(2);
  expect(r.err).toMatch(message);
  expect(r.err).not.toMatch(/\n\s+at /);
};

const pack = (pieces: string, players = '{ min: 2, max: 20 }'): string =>
  `id: hostile\nname: Hostile\nrulebook: "none"\nplayers: ${players}\npieces:\n${pieces}`;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sw-hostile-inputs-'));
});

describe('counts past what the rules allow are refused before any work', () => {
  it('a plain board of 100000 squares: no table holds it', async () => {
    const dir = folder('board', {
      'game.yaml': pack(
        '  - id: board\n    builder: board\n    count: { perTable: 1 }\n    rule: "r"\n    params: { boardCols: 400, boardRows: 250, squareMm: 38, layout: plain }\n',
      ),
    });
    refused(
      await run('generate', '--game', dir, '--out', join(work, 'never')),
      /board\/game\.yaml:10:26: pieces\[0\]\.params\.boardCols: 400 × 250 squares of 38 mm make a board of 15200 × 9500 mm; the largest table the rulebooks name is 6 × 8 ft \(1829 × 2438 mm\): at most 48 × 64 squares of 38 mm/,
    );
    expect(existsSync(join(work, 'never'))).toBe(false);
  });

  it('an armada of 100000 ships within the old limits: past the largest table at the entry that passes it', async () => {
    const player = (i: number): string =>
      `  - name: P${i}\n    ships:\n${Array.from({ length: 50 }, () => '      - { faction: corsairs, count: 100 }').join('\n')}`;
    const list = join(
      folder('armada', { 'huge.yaml': `players:\n${Array.from({ length: 20 }, (_, i) => player(i)).join('\n')}\n` }),
      'huge.yaml',
    );
    for (const cmd of ['bom', 'validate'])
      refused(
        await run(cmd, '--armada', list),
        /huge\.yaml:7:37: players\[0\]\.ships\[3\]\.count: the list reaches 400 ships here; the largest table the rulebook allows, 20 players of up to 15 ships \(Custom Armada\), fields 300/,
      );
  });

  it('an armada of more players than the rulebook seats', async () => {
    const list = join(
      folder('armada-21', {
        'crowd.yaml': `players:\n${Array.from({ length: 21 }, (_, i) => `  - { name: P${i}, ships: [{ faction: corsairs, count: 2 }] }`).join('\n')}\n`,
      }),
      'crowd.yaml',
    );
    refused(
      await run('bom', '--armada', list),
      /crowd\.yaml:2:3: players: 21 entries is too many; expected at most 20 players \(the rulebook seats 2 to 20\)/,
    );
  });

  it('a pack of 100 pieces printed 500 times a player and 500 for the table', async () => {
    const pieces = Array.from(
      { length: 100 },
      (_, i) => `  - id: p${i}\n    builder: wind-die\n    count: { perPlayer: 500, perTable: 500 }\n    rule: "r"\n`,
    ).join('');
    const dir = folder('many', { 'game.yaml': pack(pieces) });
    refused(
      await run('print', '--game', dir, '--players', '20', '--out', join(work, 'never')),
      /many\/game\.yaml:6:3: pieces: a table of 20 players prints 1050000 pieces .*the largest table the rulebooks allow prints fewer than 4000/,
    );
  });

  it('a pack seating more players than any rulebook', async () => {
    const dir = folder('crowd', {
      'game.yaml': pack(
        '  - { id: die, builder: wind-die, count: { perTable: 1 }, rule: "r" }\n',
        '{ min: 2, max: 100 }',
      ),
    });
    refused(
      await run('bom', '--game', dir, '--players', '50'),
      /crowd\/game\.yaml:4:25: players\.max: 100 is not allowed; expected a whole number from 2 to 20 \(the most any of our rulebooks seats/,
    );
  });
});

describe('what crashed or was silently changed', () => {
  it('a faction with an external hull: bom and print count and print its hull', async () => {
    const stl = readFileSync(join(FX, 'ext-hull.stl'));
    const dir = folder('external', {
      'external-clean.yaml': readFileSync(join(FX, 'external-clean.yaml'), 'utf8'),
      'ext-hull.stl': stl,
    });
    const bom = await run('bom', '--factions-dir', dir, '--players', '2', '--format', 'json');
    expect(bom.code, bom.err).toBe(0);
    const rows = (
      JSON.parse(bom.out) as {
        rows: { part: string; faction: string; file: string; quantity: number; gramsEach: number }[];
      }
    ).rows;
    expect(rows.find((r) => r.part === 'hull')).toMatchObject({
      faction: 'external-clean',
      file: 'external-clean/hull.stl',
      quantity: 10,
    });
    expect(rows.find((r) => r.part === 'hull')!.gramsEach).toBeGreaterThan(1);
    const out = join(work, 'external-print');
    const print = await run('print', '--factions-dir', dir, '--players', '2', '--out', out);
    expect(print.code, print.err).toBe(0);
    expect(readFileSync(join(out, 'external-clean', 'hull.stl')).equals(stl)).toBe(true);
    expect(readFileSync(join(out, 'print-plan.md'), 'utf8')).toMatch(/10 × external-clean hull/);
  }, 120_000);

  it('an STL of no triangles as --part, or as an external hull', async () => {
    const empty = new Uint8Array(84);
    const dir = folder('empty-stl', {
      'empty.stl': empty,
      'external-clean.yaml': readFileSync(join(FX, 'external-clean.yaml'), 'utf8').replaceAll(
        'ext-hull.stl',
        'empty.stl',
      ),
    });
    refused(
      await run('validate', '--part', `wheel=${join(dir, 'empty.stl')}`),
      /--part: .*empty\.stl holds no triangles: expected the closed mesh of a part, exported as STL \(binary or ASCII\)/,
    );
    refused(
      await run('validate', '--factions-dir', dir),
      /external-clean\.yaml \(model\.externalHull\.stl\): .*empty\.stl holds no triangles/,
    );
  });

  it('a tray-lid of NaN, 1e309 or −1: refused at the number, naming it', async () => {
    const sotl = readFileSync(join(GAMES_DIR, 'ships-of-the-line', 'game.yaml'), 'utf8');
    const lid = 'params: { columns: 1, rows: 1, stackMm: 33.5, notchMm: 24 }';
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'cardWidthMm',
          'cardLengthMm',
          'columns',
          'stackMm',
          'notchMm',
          'floorMm',
          'wallMm',
          'overlapMm',
          'ceilingMm',
        ),
        fc.constantFrom('.nan', '1e309', '-1'),
        async (field, value) => {
          const at = sotl.lastIndexOf(lid);
          const fields = {
            columns: '1',
            rows: '1',
            cardWidthMm: '66',
            cardLengthMm: '91',
            stackMm: '33.5',
            notchMm: '24',
            [field]: value,
          };
          const params = `params: { ${Object.entries(fields)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')} }`;
          const dir = folder(`lid-${n++}`, {
            'game.yaml': `${sotl.slice(0, at)}${params}${sotl.slice(at + lid.length)}`,
          });
          const r = await run('validate', '--game', dir);
          refused(
            r,
            new RegExp(
              `lid-\\d+/game\\.yaml:\\d+:\\d+: (pieces\\[3\\]\\.params\\.${field}: ${value.replace('.', '\\.')} reads as (NaN|Infinity)|deck-lid: ${field} = -1 is not valid: expected)`,
            ),
          );
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it("a copy of the Cannons & Coastlines pack with its own faction folder builds that folder's factions", async () => {
    const copy = readFileSync(join(GAMES_DIR, 'cannons-and-coastlines', 'game.yaml'), 'utf8')
      .replace('factions: ../../factions', 'factions: fleet')
      .replace('id: cannons-and-coastlines', 'id: my-coastlines');
    const dir = folder('cc-copy', { 'game.yaml': copy });
    folder('cc-copy/fleet', { 'corsairs.yaml': corsairs });
    const v = await run('validate', '--game', dir);
    expect(v.code, v.err).toBe(0);
    expect(v.out).toMatch(/1 faction checked/);
    const bom = await run('bom', '--game', dir, '--players', '2', '--format', 'json');
    expect(bom.code, bom.err).toBe(0);
    const factions = new Set(
      (JSON.parse(bom.out) as { rows: { faction: string | null }[] }).rows.map((r) => r.faction),
    );
    expect([...factions].filter((f) => f !== 'shared')).toEqual(['corsairs']);
    // Built end to end: its one faction's files, and shared parts counted for that faction's set alone.
    const out = join(work, 'cc-copy-out');
    const gen = await run('generate', '--game', dir, '--out', out, '--no-cache');
    expect(gen.code, gen.err).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      builds: { factions: { id: string; source: string }[] }[];
      files: { path: string; faction: string | null; quantityPerSet: Record<string, number> }[];
    };
    expect(manifest.builds.flatMap((b) => b.factions)).toEqual([
      { id: 'corsairs', source: expect.stringMatching(/cc-copy\/fleet\/corsairs\.yaml$/) },
    ]);
    expect(new Set(manifest.files.map((f) => f.path.split('/')[0]))).toEqual(new Set(['corsairs', 'shared']));
    for (const f of manifest.files) expect(Object.keys(f.quantityPerSet), f.path).toEqual(['corsairs']);
    // What the commands would not read is refused, not ignored.
    const both = folder('cc-both', {
      'game.yaml': `${copy}pieces: [{ id: die, builder: wind-die, count: { perTable: 1 }, rule: r }]\n`,
    });
    folder('cc-both/fleet', { 'corsairs.yaml': corsairs });
    refused(
      await run('validate', '--game', both),
      /cc-both\/game\.yaml:\d+:9: pieces: a pack of factions prints the Cannons & Coastlines faction sets of its `factions` folder and takes no `pieces`/,
    );
    refused(
      await run('validate', '--game', folder('cc-none', { 'game.yaml': copy })),
      /cc-none\/game\.yaml:\d+:11: factions: no folder .*cc-none\/fleet/,
    );
  }, 120_000);

  it('a faction named in CJK: refused where it is written, naming what the card cannot draw', async () => {
    const dir = folder('cjk', { 'corsairs.yaml': corsairs.replace('name: Corsairs', 'name: 海賊') });
    for (const args of [
      ['cards', '--factions-dir', dir, '--out', join(work, 'cards')],
      ['factions', '--factions-dir', dir],
    ]) {
      refused(
        await run(...args),
        /cjk\/corsairs\.yaml:3:7: name: the lettering of cards and pictures cannot draw "海" \(U\+6D77\), "賊" \(U\+8CCA\); write it with letters A–Z and a–z/,
      );
    }
    expect(existsSync(join(work, 'cards'))).toBe(false);
    const named = folder('cjk-pack', {
      'game.yaml': pack('  - { id: die, builder: wind-die, count: { perTable: 1 }, rule: "r" }\n').replace(
        'name: Hostile',
        'name: 海戦',
      ),
    });
    refused(
      await run('generate', '--game', named, '--previews', '--out', join(work, 'never')),
      /cjk-pack\/game\.yaml:2:7: name: the lettering of cards and pictures cannot draw "海" \(U\+6D77\), "戦" \(U\+6226\)/,
    );
  });

  it('run from a deleted working folder: says so, not that a valid --out is missing', async () => {
    const home = process.cwd();
    const gone = mkdtempSync(join(tmpdir(), 'sw-gone-'));
    process.chdir(gone);
    rmdirSync(gone);
    try {
      refused(
        await run('generate', '--faction', 'corsairs', '--out', join(work, 'gone-out')),
        /^error: the working folder .*no longer exists: it was deleted or moved; cd to a folder that exists and run again\n$/,
      );
      refused(
        await run('tune', '--material', 'pla', '--range', '24in', '--stl', 'arm.stl'),
        /^error: the working folder .*no longer exists/,
      );
    } finally {
      process.chdir(home);
    }
  });

  it.skipIf(!existsSync('/dev/full'))('stdout on a full disk: one line on stderr, exit 2 (the built CLI)', async () => {
    const bin = join(import.meta.dirname, '../../bin/shipwright.js');
    const full = openSync('/dev/full', 'w');
    try {
      const r = await new Promise<{ code: number | null; err: string }>((resolve) => {
        const child = spawn(process.execPath, [bin, 'factions'], { stdio: ['ignore', full, 'pipe'] });
        let err = '';
        child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
        child.on('close', (code) => resolve({ code, err }));
      });
      expect(r).toEqual({ code: 2, err: 'error: cannot write to standard output: the disk is full (ENOSPC)\n' });
    } finally {
      closeSync(full);
    }
  });
});
