import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FACTIONS_DIR, MAX_FACTION_FILE_BYTES } from '../../src/faction/loader.js';
import { runBuilt, runInProcess } from '../helpers/cli.js';

const BAD = 'test/fixtures/factions-bad';

const run = runInProcess;

/** Each malformed fixture: the place the error must point at and a fragment of what it must say. */
const EXPECTED: Record<string, [place: string, fragment: string]> = {
  'absurd-length': ['16:35', 'model.hull.length: 5000mm is out of range; expected a length from 30mm to 200mm'],
  'alias-bomb': ['17:12', 'billion laughs'],
  'bare-number-length': ['16:61', 'a bare number (18) is ambiguous for a length; write it with a unit, e.g. "18mm"'],
  'cannon-slot-outside-hull': [
    '22:27',
    'model.cannonSlots[0].at: 50mm is out of range; expected a length strictly between -43mm and 43mm',
  ],
  'coin-slot-outside-hull': [
    '24:26',
    'model.coinSlot.at[1]: -30mm is out of range; expected a length strictly between -17mm and 17mm',
  ],
  'comments-only': ['1:1', 'the file is empty'],
  'duplicate-key': ['7:3', 'duplicate key `moveCount`'],
  empty: ['1:1', 'the file is empty'],
  'external-hull-not-stl': ['26:24', 'expected the path of an .stl file'],
  'facing-typo': ['23:17', 'did you mean `starboard`?'],
  'fitting-kind-unknown': ['18:15', 'expected one of `mast`, `cargo` or `turret`, got the text "cannon"'],
  'fitting-outside-hull': ['20:27', 'model.fittings[2].at[0]: 2in (50.8 mm) is out of range'],
  'heading-odd': ['10:18', 'card.maxHeadingDeg: 45 is not allowed; expected 90 or 180'],
  'heading-without-crew': ['10:18', 'allows 180 only with the ability "Disciplined Crew"'],
  'hits-to-sink-wrong': ['9:15', 'card.hitsToSink: 3 is not allowed; expected 4'],
  'hull-style-typo': ['16:18', 'did you mean `galleon`?'],
  'id-absolute': ['2:5', 'id: "/abs" is not valid; expected lowercase letters and digits'],
  'id-dotdot': ['2:5', 'id: "../x" is not valid; expected lowercase letters and digits'],
  'id-empty': ['2:5', 'id: expected text (1 to 40 characters), got empty text'],
  'id-mismatch': ['2:5', '"queens-fleet" does not match the file name "id-mismatch"'],
  'infinite-length': ['16:35', '"1e999mm" is not a finite length'],
  infinity: ['5:10', 'card.ships: Infinity is not a finite number'],
  'list-for-mapping': [
    '16:9',
    'model.hull: expected the hull: a mapping with keys `style`, `length`, `beam` and `height`, got a list',
  ],
  'many-problems': ['5:10', 'card.ships: 9 is not allowed'],
  'mapping-for-list': ['21:16', 'model.cannonSlots: expected a list of cannon slots, got a mapping'],
  'missing-card': ['2:1', 'missing `card`'],
  'missing-field': ['5:3', 'card: missing `color`'],
  'move-count-zero': ['6:14', 'card.moveCount: 0 is not allowed; expected a whole number from 1 to 3'],
  'multiple-documents': ['15:1', 'a second YAML document starts here'],
  nan: ['8:16', 'card.cannonSlots: NaN is not a finite number'],
  'negative-length': ['16:47', 'model.hull.beam: -34mm is out of range; expected a length from 15mm to 100mm'],
  'non-utf8': ['3:12', 'byte 0xe9 is not valid UTF-8'],
  'point-one-coordinate': ['18:25', 'expected two lengths [along the keel, across]'],
  'quoted-number': ['7:13', 'got the text "3" (write it without quotes)'],
  'ships-seven': ['5:10', 'card.ships: 7 is not allowed; expected a whole number from 2 to 5'],
  'syntax-error': ['17:3', 'Flow map in block collection must be sufficiently indented'],
  'tab-indent': ['5:1', 'a tab in the indentation; indent with spaces'],
  'top-level-list': ['1:1', 'expected a faction file: a mapping'],
  'turret-slot-with-facing': ['23:24', 'unknown key `facing` in model.cannonSlots[1]; allowed keys: `mount`'],
  'unknown-key-typo': ['6:3', 'unknown key `moveCuont` in card; did you mean `moveCount`?'],
  'unknown-tag': ['14:10', 'unknown tag `!!python/object`'],
  'unknown-unit': ['16:35', 'unknown unit "px" in "86px"'],
  'unresolved-alias': ['14:10', 'alias `*paint` has no anchor `&paint` before it'],
  'wheel-slot-word': ['25:14', 'expected `none` or a mapping { at: <length along the keel> }'],
  'wrong-type': [
    '5:10',
    'card.ships: expected a whole number from 2 to 5 (the rulebook has 2–5 ships in a faction set), got the text "three"',
  ],
};

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'shipwright-factions-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A fresh folder holding only `name` with `content` (or the fixture of that name). */
async function folderWith(name: string, content?: Uint8Array | string): Promise<string> {
  const dir = await mkdtemp(join(tmp, 'case-'));
  if (content === undefined) await copyFile(join(BAD, name), join(dir, name));
  else await writeFile(join(dir, name), content);
  return dir;
}

describe('shipwright factions', () => {
  it('lists the seven shipped factions with their card stats, and each hull at the size generate prints it', async () => {
    const { code, out, err } = await run('factions');
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.split('\n');
    expect(lines[0]).toMatch(
      /^id\s+ships\s+move\s+fittings\s+slots\s+hits\s+heading\s+colour\s+ability\s+hull, printed/,
    );
    const qf = lines.find((l) => l.startsWith('queens-fleet'))!;
    expect(qf).toMatch(/^queens-fleet\s+3\s+2\s+3\s+2\s+4\s+180°\s+blue-grey\s+Disciplined\s+galleon/);
    expect(out).toContain('7 factions from');
    expect(out).toMatch(/move: clicks of the movement wheel, 2 in \(50\.8 mm\) each/);
    // The referee: the bounding box of the vertices in the STL generate writes, read here from its bytes.
    const work = await mkdtemp(join(tmp, 'printed-'));
    expect((await runBuilt(['generate', '--faction', 'queens-fleet', '--out', join(work, 'out')])).code).toBe(0);
    const stl = await readFile(join(work, 'out', 'queens-fleet', 'hull.stl'));
    const lo = [Infinity, Infinity, Infinity],
      hi = [-Infinity, -Infinity, -Infinity];
    for (let t = 0; t < stl.readUInt32LE(80); t++)
      for (let v = 0; v < 3; v++)
        for (let k = 0; k < 3; k++) {
          const x = stl.readFloatLE(84 + t * 50 + 12 + v * 12 + k * 4);
          ((lo[k] = Math.min(lo[k]!, x)), (hi[k] = Math.max(hi[k]!, x)));
        }
    const size = hi.map((h, k) => +(h - lo[k]!).toFixed(1)).join('×');
    const cell = out.slice(out.indexOf('queens-fleet')).split('\n').slice(0, 2).join(' ');
    expect(cell).toContain(size);
    expect(size).not.toBe('86×34×18'); // the model's nominal size: the castles stand above it
  });

  it('prints the resolved factions as JSON on stdout with --json, sorted by id', async () => {
    const { code, out, err } = await run('factions', '--json');
    expect(code).toBe(0);
    expect(err).toBe('');
    const factions = JSON.parse(out) as {
      id: string;
      card: { ships: number; hitsToSink: number };
      model: { hull: { lengthMm: number } };
    }[];
    expect(factions.map((f) => f.id)).toEqual([
      'corsairs',
      'queens-fleet',
      'shadow-fleet',
      'sun-fleet',
      'the-industry',
      'the-islanders',
      'treasure-fleet',
    ]);
    const islanders = factions.find((f) => f.id === 'the-islanders')!;
    expect(islanders.card).toMatchObject({ ships: 5, hitsToSink: 2 });
    expect(islanders.model.hull.lengthMm).toBe(66);
  });

  it('reads the folder given by --factions-dir', async () => {
    const dir = await mkdtemp(join(tmp, 'one-'));
    await copyFile('factions/corsairs.yaml', join(dir, 'corsairs.yaml'));
    const { code, out } = await run('factions', '--factions-dir', dir, '--json');
    expect(code).toBe(0);
    expect((JSON.parse(out) as { id: string }[]).map((f) => f.id)).toEqual(['corsairs']);
  });

  it('keeps the hull sizes in the part cache: a warm run prints them with no hull there, other factions measure again', async () => {
    const dir = await folderWith('the-islanders.yaml', await readFile('factions/the-islanders.yaml'));
    const cacheDir = join(tmp, 'hull-sizes-cache');
    const list = (): ReturnType<typeof run> => run('factions', '--factions-dir', dir, '--cache-dir', cacheDir);
    const named = async (ext: string): Promise<string[]> => (await readdir(cacheDir)).filter((n) => n.endsWith(ext));
    const first = await list();
    expect(first.out).toMatch(/^the-islanders .* proa \d/m);
    expect(await named('.stl')).toHaveLength(1);
    expect(await named('.bin')).toHaveLength(2); // the faction's parse and the listing's hull sizes
    // Another name is other factions (it is not shown): measured again, from the hull the cache holds.
    const yaml = await readFile(join(dir, 'the-islanders.yaml'), 'utf8');
    await writeFile(join(dir, 'the-islanders.yaml'), yaml.replace('name: The Islanders', 'name: The Other Islanders'));
    expect(await list()).toEqual(first);
    expect(await named('.bin')).toHaveLength(4);
    // With the hull gone, both listings still print its size, and nothing is built.
    for (const stl of await named('.stl')) {
      await rm(join(cacheDir, stl));
      await rm(join(cacheDir, stl.replace(/\.stl$/, '.json')));
    }
    expect(await list()).toEqual(first);
    await writeFile(join(dir, 'the-islanders.yaml'), yaml);
    expect(await list()).toEqual(first);
    expect(await named('.stl')).toHaveLength(0);
  });

  it('keeps the listing whole: a warm run parses, measures and builds nothing, and an edited file is read again', async () => {
    const dir = await folderWith('the-islanders.yaml', await readFile('factions/the-islanders.yaml'));
    const cacheDir = join(tmp, 'listing-cache');
    const list = (...more: string[]): ReturnType<typeof run> =>
      run('factions', '--factions-dir', dir, '--cache-dir', cacheDir, ...more);
    const entries = async (): Promise<string[]> =>
      (await readdir(cacheDir)).filter((n) => !n.startsWith('code-version-'));
    const first = await list();
    // Every other entry gone (the faction's parse, the hull sizes, the hull): the listing kept whole prints the same.
    for (const name of await entries()) if (!name.startsWith('kept-')) await rm(join(cacheDir, name));
    expect(await list()).toEqual(first);
    expect(await entries()).toEqual([expect.stringMatching(/^kept-.*\.json$/)]);
    // An edited file is parsed again.
    const file = join(dir, 'the-islanders.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('name: Home Waters', 'name: Shallow Waters'));
    const edited = (await list()).out;
    expect([edited.includes('Shallow Waters'), edited.includes('Home Waters')]).toEqual([true, false]);
    // The shipped folder named with --factions-dir is said to be that folder, not "the shipped factions/".
    expect((await run('factions')).out).toMatch(/from the shipped factions\/\./);
    const named = (await run('factions', '--factions-dir', DEFAULT_FACTIONS_DIR)).out;
    expect(named.replace(/\s+/g, ' ')).toContain(`7 factions from ${DEFAULT_FACTIONS_DIR}.`);
  });

  it('has a corpus of at least 20 malformed files, each with an expected message', async () => {
    const files = (await readdir(BAD)).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(files.map((f) => f.replace(/\.yaml$/, '')).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, [place, fragment]] of Object.entries(EXPECTED)) {
    it(`rejects ${name}.yaml with exit 2, the file, the place and what is wrong`, async () => {
      const dir = await folderWith(`${name}.yaml`);
      for (const json of [false, true]) {
        const { code, out, err } = await run('factions', '--factions-dir', dir, ...(json ? ['--json'] : []));
        expect(code).toBe(2);
        expect(out).toBe('');
        expect(err).toContain(`${join(dir, `${name}.yaml`)}:${place}: `);
        expect(err).toContain(fragment);
        expect(err).not.toMatch(/^\s+at /m);
      }
    });
  }

  it('reports every problem in a file, not only the first', async () => {
    const { err } = await run('factions', '--factions-dir', await folderWith('many-problems.yaml'));
    expect(err).toContain('4 problems in the input');
    expect(err).toContain('card.moveCount: expected a whole number from 1 to 3');
    expect(err).toContain('did you mean `color`?');
    expect(err).toContain('model.hull.length: a bare number (86)');
  });

  it('refuses an oversized file without parsing it', async () => {
    const big = `# ${'x'.repeat(MAX_FACTION_FILE_BYTES)}\n`;
    const dir = await folderWith('huge.yaml', big);
    const { code, err } = await run('factions', '--factions-dir', dir);
    expect(code).toBe(2);
    expect(err).toContain(`${join(dir, 'huge.yaml')}: the file is larger than 256 KiB`);
  });

  it('gathers the problems of every file in the folder', async () => {
    const dir = await mkdtemp(join(tmp, 'two-'));
    for (const f of ['ships-seven.yaml', 'nan.yaml']) await copyFile(join(BAD, f), join(dir, f));
    await copyFile('factions/sun-fleet.yaml', join(dir, 'sun-fleet.yaml'));
    const { code, err } = await run('factions', '--factions-dir', dir);
    expect(code).toBe(2);
    expect(err).toContain('ships-seven.yaml:5:10');
    expect(err).toContain('nan.yaml:8:16');
    expect(err).not.toContain('sun-fleet');
  });

  it('exits 2 for a missing folder, an empty folder and an unknown option', async () => {
    const missing = await run('factions', '--factions-dir', join(tmp, 'nope'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('nope: no such folder');
    const empty = await run('factions', '--factions-dir', await mkdtemp(join(tmp, 'empty-')));
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('no faction files (*.yaml, *.yml) in this folder');
    const usage = await run('factions', '--factions-folder', 'x');
    expect(usage.code).toBe(2);
    expect(usage.err).toContain("unknown option '--factions-folder'");
  });
});

describe('shipwright factions, as a process', () => {
  it('finds the shipped factions from any working directory', async () => {
    const { out } = await runBuilt(['factions', '--json'], tmpdir());
    expect((JSON.parse(out) as unknown[]).length).toBe(7);
  });

  for (const name of ['alias-bomb', 'non-utf8', 'id-dotdot']) {
    it(`exits 2 with no stack trace for ${name}.yaml`, async () => {
      const dir = await folderWith(`${name}.yaml`);
      const { code, out, err } = await runBuilt(['factions', '--factions-dir', dir, '--json']);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toContain(`${name}.yaml:${EXPECTED[name]![0]}`);
      expect(err).not.toMatch(/^\s+at /m);
    });
  }

  it('keeps the fixture bytes it was written with (the non-UTF-8 case really is Latin-1)', async () => {
    const bytes = await readFile(join(BAD, 'non-utf8.yaml'));
    expect(bytes.includes(0xe9)).toBe(true);
  });
});
