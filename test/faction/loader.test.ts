import { mkdtemp, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError, type Problem } from '../../src/errors.js';
import {
  DEFAULT_FACTIONS_DIR,
  loadFactionFile,
  loadFactionFiles,
  loadFactions,
  type LoadOptions,
  type ParseMemo,
} from '../../src/faction/loader.js';
import { parseFaction } from '../../src/faction/parse.js';
import { readTextFile } from '../../src/files/read.js';

let queens: string;
let tmp: string;
beforeAll(async () => {
  queens = await readFile(join(DEFAULT_FACTIONS_DIR, 'queens-fleet.yaml'), 'utf8');
  tmp = await mkdtemp(join(tmpdir(), 'shipwright-loader-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** The problems parseFaction reports for `text` (as queens-fleet.yaml); fails the test if it loads. */
function problemsOf(text: string, opts?: LoadOptions, name = 'factions/queens-fleet.yaml'): Problem[] {
  try {
    parseFaction(text, name, opts);
  } catch (e) {
    if (e instanceof InputError) return [...e.problems];
    throw e;
  }
  throw new Error('expected the file to be rejected');
}

/** `queens` with each [from, to] replacement applied once (each `from` must be present). */
function edit(...pairs: [string, string][]): string {
  let text = queens;
  for (const [from, to] of pairs) {
    expect(text).toContain(from);
    text = text.replace(from, to);
  }
  return text;
}

describe('loadFactions on the shipped folder', () => {
  it('finds the shipped folder from the module, and loads all seven factions sorted by id', async () => {
    expect(existsSync(join(DEFAULT_FACTIONS_DIR, 'queens-fleet.yaml'))).toBe(true);
    const factions = await loadFactions(DEFAULT_FACTIONS_DIR);
    expect(factions.map((f) => f.id)).toEqual([
      'corsairs',
      'queens-fleet',
      'shadow-fleet',
      'sun-fleet',
      'the-industry',
      'the-islanders',
      'treasure-fleet',
    ]);
    for (const f of factions) {
      expect(f.card.hitsToSink).toBe(f.card.fittings + 1);
      expect(f.sourceFile).toBe(join(DEFAULT_FACTIONS_DIR, `${f.id}.yaml`));
    }
  });

  it('keeps the cards of BRIEF §2', async () => {
    const cards = Object.fromEntries(
      (await loadFactions(DEFAULT_FACTIONS_DIR)).map((f) => [
        f.id,
        [f.card.ships, f.card.moveCount, f.card.fittings, f.card.cannonSlots, f.card.hitsToSink],
      ]),
    );
    expect(cards).toEqual({
      'queens-fleet': [3, 2, 3, 2, 4],
      corsairs: [4, 3, 2, 2, 3],
      'treasure-fleet': [2, 2, 4, 2, 5],
      'sun-fleet': [3, 1, 4, 2, 5],
      'shadow-fleet': [3, 2, 3, 2, 4],
      'the-industry': [3, 2, 3, 2, 4],
      'the-islanders': [5, 3, 1, 1, 2],
    });
  });

  it('resolves the model to millimetres', () => {
    const f = parseFaction(queens, 'factions/queens-fleet.yaml');
    expect(f.model.hull).toEqual({ style: 'galleon', lengthMm: 86, beamMm: 34, heightMm: 18 });
    expect(f.model.fittings[1]).toEqual({ kind: 'cargo', xMm: -12, yMm: 8 });
    expect(f.model.cannonSlots[0]).toEqual({ mount: 'hull', facing: 'port', offsetMm: 6 });
    expect(f.model.coinSlot).toEqual({ xMm: -6, yMm: -5.5 });
    expect(f.model.wheelSlot).toEqual({ xMm: -29 });
    expect(f.model.ballast).toEqual({ xMm: 22.2, yMm: 0, washers: 3 });
    expect(f.model.externalHullStl).toBeNull();
  });

  it('leaves the ballast out when the model has none, and refuses a stack that is not a whole number of washers', () => {
    expect(
      parseFaction(edit(['  ballast: { at: [22.2mm, 0mm], washers: 3 }\n', '']), 'queens-fleet.yaml').model.ballast,
    ).toBeNull();
    const problems = problemsOf(edit(['washers: 3', 'washers: 2.5'], ['at: [22.2mm, 0mm]', 'at: [22.2mm]']));
    expect(problems.map((p) => p.place)).toEqual(['26:18', '26:37']);
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^model\.ballast\.at/),
      expect.stringMatching(/^model\.ballast\.washers: 2\.5 is not allowed; expected a whole number from 1 to 6/),
    ]);
  });
});

describe('parseFaction: the look', () => {
  it('resolves the shipped look, and fills a missing one with a bare hull, crates and plain sails', () => {
    const f = parseFaction(queens, 'queens-fleet.yaml');
    expect(f.model.look).toEqual({
      surface: 'planks',
      cargo: 'crates',
      sails: 'plain',
      ornaments: [{ kind: 'rail' }, { kind: 'stern-windows', count: 4 }, { kind: 'emblem', shape: 'crown' }],
    });
    const bare = parseFaction(queens.slice(0, queens.indexOf('  look:')), 'queens-fleet.yaml');
    expect(bare.model.look).toEqual({ surface: 'plain', cargo: 'crates', sails: 'plain', ornaments: [] });
    const more = parseFaction(
      edit(
        ['{ kind: stern-windows, count: 4 }', '{ kind: stern-windows }'],
        ['{ kind: rail }', '{ kind: ram, length: 0.2in }'],
      ),
      'queens-fleet.yaml',
    );
    expect(more.model.look.ornaments.slice(0, 2)).toEqual([
      { kind: 'ram', lengthMm: 5.08 },
      { kind: 'stern-windows', count: 4 },
    ]);
  });

  it('reports a wrong look at its place: an unknown surface, ornament kind or key, a missing shape, a ram too long', () => {
    const problems = problemsOf(
      edit(
        ['surface: planks', 'surface: plank'],
        ['{ kind: rail }', '{ kind: railing }'],
        ['count: 4 }', 'count: 4, size: 2mm }'],
        ['{ kind: emblem, shape: crown }', '{ kind: emblem }\n      - { kind: ram, length: 30mm }'],
      ),
    );
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^model\.look\.surface: expected one of .*planks.*; did you mean `planks`\?/),
      expect.stringMatching(/^model\.look\.ornaments\[0\]\.kind: expected one of `rail`, `stern-windows`/),
      expect.stringMatching(/^model\.look\.ornaments\[1\].*size/),
      expect.stringMatching(/^model\.look\.ornaments\[2\]: missing `shape`; an emblem ornament needs/),
      expect.stringMatching(/^model\.look\.ornaments\[3\]\.length: .*10/),
    ]);
    for (const p of problems) expect(p.place).toMatch(/^\d+:\d+$/);
  });
});

describe('parseFaction: defaults and conversions', () => {
  it('fills hitsToSink with fittings + 1 and a hull slot offset with 0', () => {
    const f = parseFaction(
      edit(['  hitsToSink: 4\n', ''], ['{ facing: port, at: 6mm }', '{ facing: port }']),
      'queens-fleet.yaml',
    );
    expect(f.card.hitsToSink).toBe(4);
    expect(f.model.cannonSlots[0]).toEqual({ mount: 'hull', facing: 'port', offsetMm: 0 });
  });

  it('converts any length unit and accepts `none` slots, aliases and a turret slot', () => {
    const f = parseFaction(
      edit(
        ['length: 86mm', 'length: 3.4in'],
        ['coinSlot: { at: [-6mm, -5.5mm] }', 'coinSlot: none'],
        ['wheelSlot: { at: -29mm }', 'wheelSlot: none'],
        ['[9mm, 0mm] }', '&mid [9mm, 0mm] }'],
        ['{ kind: cargo, at: [24mm, 0mm] }', '{ kind: turret, at: *mid }'],
        ['{ facing: starboard, at: 6mm }', '{ mount: turret }'],
      ),
      'queens-fleet.yaml',
    );
    expect(f.model.hull.lengthMm).toBeCloseTo(86.36, 9);
    expect(f.model.coinSlot).toBeNull();
    expect(f.model.wheelSlot).toBeNull();
    expect(f.model.fittings[2]).toEqual({ kind: 'turret', xMm: 9, yMm: 0 });
    expect(f.model.cannonSlots[1]).toEqual({ mount: 'turret' });
  });

  it('resolves an external hull against the faction file folder', () => {
    const text = edit([
      '  wheelSlot: { at: -29mm }\n',
      '  wheelSlot: { at: -29mm }\n  externalHull: { stl: ../hulls/galleon.stl }\n',
    ]);
    expect(parseFaction(text, '/data/factions/queens-fleet.yaml').model.externalHullStl).toBe(
      '/data/hulls/galleon.stl',
    );
  });

  it('accepts a $schema key', () => {
    expect(parseFaction(`$schema: ../schema/faction.schema.json\n${queens}`, 'queens-fleet.yaml').id).toBe(
      'queens-fleet',
    );
  });
});

describe('parseFaction: rulebook modes', () => {
  const outOfRulebook = (): string =>
    edit(
      ['ships: 3', 'ships: 7'],
      ['moveCount: 2', 'moveCount: 0'],
      ['hitsToSink: 4', 'hitsToSink: 9'],
      ['name: Disciplined Crew', 'name: Steady Hands'],
    );

  it('enforce (the default) reports every rulebook bound broken', () => {
    const messages = problemsOf(outOfRulebook()).map((p) => `${p.place} ${p.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^5:10 card\.ships: 7 is not allowed; expected a whole number from 2 to 5/),
      expect.stringMatching(/^6:14 card\.moveCount: 0 is not allowed; expected a whole number from 1 to 3/),
      expect.stringMatching(/^9:15 card\.hitsToSink: 9 is not allowed; expected 4/),
      expect.stringMatching(
        /^10:18 card\.maxHeadingDeg: 180 is not allowed; expected 90: .*only with the ability "Disciplined Crew"/,
      ),
    ]);
  });

  it('defer passes the same values through for the validator', () => {
    const f = parseFaction(outOfRulebook(), 'queens-fleet.yaml', { rulebook: 'defer' });
    expect(f.card).toMatchObject({ ships: 7, moveCount: 0, hitsToSink: 9, maxHeadingDeg: 180 });
  });

  it('defer still rejects wrong types, non-finite and absurd numbers, and structural problems', () => {
    const problems = problemsOf(
      edit(
        ['ships: 3', 'ships: 1001'],
        ['moveCount: 2', 'moveCount: 1.5'],
        ['fittings: 3', 'fittings: .inf'],
        ['cannonSlots: 2', 'cannonSlots: two'],
        ['maxHeadingDeg: 180', 'maxHeadingDeg: 720'],
        ['length: 86mm', 'length: 86'],
      ),
      { rulebook: 'defer' },
    );
    expect(problems.map((p) => p.place)).toEqual(['5:10', '6:14', '7:13', '8:16', '10:18', '16:35']);
    expect(problems[0]!.message).toContain('expected a whole number from 0 to 1000');
    expect(problems[4]!.message).toContain('expected a whole number from 0 to 360');
  });
});

describe('parseFaction: problems', () => {
  it('reports all problems of a file in line order, each with the file, a place and a message', () => {
    const problems = problemsOf(
      edit(
        ['height: 18mm }', 'height: 18mm, keel: 1mm }'],
        ['color: blue-grey', 'color: Blue Grey'],
        ['ships: 3', 'ships: 1'],
        ['beam: 34mm', 'beam: 4mm'],
      ),
    );
    expect(problems.map((p) => [p.source, p.place])).toEqual([
      ['factions/queens-fleet.yaml', '5:10'],
      ['factions/queens-fleet.yaml', '14:10'],
      ['factions/queens-fleet.yaml', '16:47'],
      ['factions/queens-fleet.yaml', '16:66'],
    ]);
  });

  it('names the field path in every message placed by line:column', () => {
    const [p] = problemsOf(edit(['text: Once per ship', 'text: []\n    once: Once per ship']));
    expect(p!.message).toMatch(/^card\.ability\.text: expected text/);
  });

  it('suggests the nearest key, ignoring case, and lists the allowed ones', () => {
    const [p] = problemsOf(edit(['moveCount: 2', 'movecount: 2']));
    expect(p!.message).toContain('unknown key `movecount` in card; did you mean `moveCount`?');
    const [q] = problemsOf(edit(['  color: blue-grey\n', '  color: blue-grey\n  flagship: yes\n']));
    expect(q!.message).toBe(
      'card.flagship: unknown key `flagship` in card; allowed keys: `ships`, `moveCount`, `fittings`, `cannonSlots`, `maxHeadingDeg`, `ability`, `color`, `hitsToSink` or `turretArcDeg`',
    );
  });

  it('reports an unknown key at the top level and non-name keys', () => {
    const problems = problemsOf(`${queens}rules: []\n[1, 2]: x\n`);
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringContaining('unknown key `rules` at the top level'),
      expect.stringContaining('a key must be a plain name, got a list'),
    ]);
  });

  it('rejects an id that differs from the file name, saying what to do', () => {
    const [p] = problemsOf(queens, undefined, 'factions/queens.yaml');
    expect(p!.message).toContain(
      'must equal the file\'s name without its extension ("queens"), or rename the file to "queens-fleet.yaml"',
    );
  });

  it('rejects ids that could leave the output folder or are too long', () => {
    for (const id of ['../x', '/abs', 'a/b', '..', 'Queens', 'a--b', '-a', 'a b', 'x'.repeat(41)]) {
      const problems = problemsOf(edit(['id: queens-fleet', `id: "${id}"`]), undefined, `${id}.yaml`);
      expect(problems).toHaveLength(1);
      expect(problems[0]!.place).toBe('2:5');
    }
  });

  it('checks that cannon slots lie inside the hull along the axis their facing uses', () => {
    const problems = problemsOf(edit(['{ facing: port, at: 6mm }', '{ facing: bow, at: 20mm }']));
    expect(problems[0]!.message).toContain(
      'expected a length strictly between -17mm and 17mm (inside the hull: within half its beam',
    );
  });

  it('rejects too many sockets without walking them', () => {
    const many = Array.from({ length: 40 }, () => '    - { kind: cargo, at: [0mm, 0mm] }\n').join('');
    const [p] = problemsOf(edit(['    - { kind: mast, at: [9mm, 0mm] }\n', many]));
    expect(p!.message).toBe('model.fittings: 42 entries is too many; expected at most 32 fitting sockets');
  });

  it('points at the key when a key has no value', () => {
    const [p] = problemsOf(edit(['coinSlot: { at: [-6mm, -5.5mm] }', 'coinSlot: {at}']));
    expect(p!.place).toBe('24:14');
    expect(p!.message).toContain('model.coinSlot.at');
  });
});

describe('reading files and folders', () => {
  it('reads a faction file from disk and refuses a missing one', async () => {
    expect((await loadFactionFile(join(DEFAULT_FACTIONS_DIR, 'corsairs.yaml'))).id).toBe('corsairs');
    await expect(loadFactionFile(join(tmp, 'missing.yaml'))).rejects.toThrow(/missing\.yaml: no such file/);
  });

  it('reports the line and column of the first byte that is not UTF-8, and drops a BOM', async () => {
    const path = join(tmp, 'latin1.yaml');
    await writeFile(path, Buffer.concat([Buffer.from('a: 1\nb: caf\u00e9 '), Buffer.from([0xe9, 0x41])]));
    await expect(readTextFile(path, 1000)).rejects.toMatchObject({
      problems: [{ source: path, place: '2:9', message: expect.stringContaining('byte 0xe9 is not valid UTF-8') }],
    });
    await writeFile(path, Buffer.from('\ufeffa: 1\n'));
    expect(await readTextFile(path, 1000)).toBe('a: 1\n');
  });

  it('refuses a file over the limit and a folder given as a file', async () => {
    const path = join(tmp, 'big.yaml');
    await writeFile(path, 'x'.repeat(2049));
    await expect(readTextFile(path, 2048)).rejects.toThrow(/big\.yaml: the file is larger than 2 KiB/);
    await expect(readTextFile(tmp, 2048)).rejects.toThrow(/is a folder, not a regular file/);
  });

  it('reports two files with the same id', async () => {
    const dir = await mkdtemp(join(tmp, 'twins-'));
    await copyFile(join(DEFAULT_FACTIONS_DIR, 'corsairs.yaml'), join(dir, 'corsairs.yaml'));
    await copyFile(join(DEFAULT_FACTIONS_DIR, 'corsairs.yaml'), join(dir, 'corsairs.yml'));
    await expect(loadFactions(dir)).rejects.toMatchObject({
      problems: [
        {
          source: join(dir, 'corsairs.yml'),
          place: 'id',
          message: expect.stringContaining(`is also the id of ${join(dir, 'corsairs.yaml')}`),
        },
      ],
    });
  });

  it('ignores files that are not faction files and reports a folder without any', async () => {
    const dir = await mkdtemp(join(tmp, 'none-'));
    await writeFile(join(dir, 'notes.txt'), 'hello');
    await expect(loadFactions(dir)).rejects.toThrow(/no faction files \(\*\.yaml, \*\.yml\) in this folder/);
  });
});

describe('the parses kept between runs', () => {
  const memoIn = (stored: Map<string, Uint8Array>, codeVersion = 'v1'): ParseMemo & { gets: number } => ({
    codeVersion,
    gets: 0,
    async getBytes(key, kind) {
      this.gets++;
      return stored.get(`${kind}/${key}`) ?? null;
    },
    async putBytes(key, kind, bytes) {
      stored.set(`${kind}/${key}`, bytes);
    },
  });

  it('gives back the very faction the parser made, and parses again for other text, rulebook mode or code', async () => {
    const stored = new Map<string, Uint8Array>();
    const parsed = await loadFactions(DEFAULT_FACTIONS_DIR);
    expect(await loadFactions(DEFAULT_FACTIONS_DIR, { memo: memoIn(stored) })).toEqual(parsed);
    expect(stored.size).toBe(parsed.length);
    const again = memoIn(stored);
    expect(await loadFactions(DEFAULT_FACTIONS_DIR, { memo: again })).toEqual(parsed);
    expect([again.gets, stored.size]).toEqual([parsed.length, parsed.length]);
    await loadFactions(DEFAULT_FACTIONS_DIR, { memo: memoIn(stored), rulebook: 'defer' });
    await loadFactions(DEFAULT_FACTIONS_DIR, { memo: memoIn(stored, 'v2') });
    expect(stored.size).toBe(3 * parsed.length);
    const edited = join(tmp, 'queens-fleet.yaml');
    await writeFile(edited, queens.replace('ships: 3', 'ships: 4'));
    const [queensAgain] = await loadFactionFiles([edited], { memo: memoIn(stored) });
    expect(queensAgain!.card.ships).toBe(4);
  });

  it('keeps no problems: a bad file is parsed, and reported, every time', async () => {
    const stored = new Map<string, Uint8Array>();
    const bad = join(tmp, 'bad-memo.yaml');
    await writeFile(bad, 'id: bad-memo\nname: [');
    for (let i = 0; i < 2; i++)
      await expect(loadFactionFiles([bad], { memo: memoIn(stored) })).rejects.toBeInstanceOf(InputError);
    expect(stored.size).toBe(0);
  });
});
