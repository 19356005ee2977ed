import fc from 'fast-check';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { DEFAULT_GAME_ID, GAMES_DIR, loadGame, loadGames, parseGame } from '../../src/games/loader.js';
import { tableCounts } from '../../src/games/plan.js';
import { gameSchema } from '../../src/games/schema.js';

const source = join(GAMES_DIR, 'rigadoon', 'game.yaml');
const rigadoon = readFileSync(source, 'utf8');

/** The problems parsing `text` (as the Rigadoon pack's file) reports, formatted as a user reads them. */
async function problems(text: string): Promise<string[]> {
  try {
    await parseGame(text, source);
  } catch (e) {
    if (e instanceof InputError) return e.message.split('\n');
    throw e;
  }
  return [];
}

describe('game packs, loaded', () => {
  it('ships a pack for each folder of games/, the five games of the brief among them, Cannons & Coastlines the default one built from the factions', async () => {
    const games = await loadGames();
    // A new pack is its folder: nothing here lists the packs.
    const folders = readdirSync(GAMES_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(games.map((g) => g.id)).toEqual(folders);
    expect(folders).toEqual(
      expect.arrayContaining([
        'cannonades',
        'cannons-and-coastlines',
        'kingdom-fleets',
        'rigadoon',
        'ships-of-the-line',
      ]),
    );
    const cc = games.find((g) => g.id === DEFAULT_GAME_ID)!;
    expect(cc.factionsDir).toBe(join(GAMES_DIR, '..', 'factions'));
    for (const g of games) if (!g.factionsDir) expect(g.pieces.length, g.id).toBeGreaterThan(0);
  });

  it("counts Rigadoon's table from the rules: 8 ships in two colours, 24 masts, 4 chests, a die and a board", async () => {
    const game = await loadGame('rigadoon');
    const count = (id: string) =>
      tableCounts(
        game,
        game.pieces.find((p) => p.id === id)!,
        2,
      );
    expect(count('ship')).toEqual([
      { color: 'blue', quantity: 4 },
      { color: 'green', quantity: 4 },
    ]);
    expect(count('mast')).toEqual([{ color: 'white', quantity: 24 }]);
    expect(count('treasure-chest')).toEqual([{ color: 'gold', quantity: 4 }]);
    expect(count('wind-die')[0]!.quantity).toBe(1);
  });

  it("reads Kingdom Fleets' templates from its templates file, one variant each", async () => {
    const game = await loadGame('kingdom-fleets');
    const t = game.pieces.find((p) => p.id === 'template')!;
    expect(t.variants.map((v) => v.id)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'G2', 'G3', 'B2', 'B3', 'T2']);
    expect(t.variants[7]!.params).toEqual({ lengthIn: 2, turnDeg: 45 });
  });

  it('reports each mistake at its line:column with what would be valid', async () => {
    expect(await problems(rigadoon.replace('builder: token-ship', 'builder: token-shp'))).toEqual([
      expect.stringMatching(/rigadoon\/game\.yaml:\d+:\d+: pieces\[0\]\.builder: .*token-ship/),
    ]);
    expect((await problems(rigadoon.replace('masts: 3,', 'mast: 3,')))[0]).toMatch(
      /game\.yaml:\d+:\d+: pieces\[0\]\.params\.mast: unknown key `mast`.*did you mean `masts`/,
    );
    expect((await problems(rigadoon.replace('masts: 3,', 'masts: three,')))[0]).toMatch(
      /pieces\[0\]\.params\.masts: expected a number \(the default is 3\)/,
    );
    expect((await problems(rigadoon.replace('{ perPlayer: 4 }', '{ perPlayer: 0 }')))[0]).toMatch(
      /pieces\[0\]\.count: a piece is printed at least once/,
    );
    expect(
      (await problems(rigadoon.replace('    piece: ship\n    feature', '    piece: shipp\n    feature')))[0],
    ).toMatch(/checks\[0\]\.piece: expected one of this pack's pieces: ship, mast/);
    expect((await problems(rigadoon.replace('colors: [blue, green]', 'colors: [blue]')))[0]).toMatch(
      /colors: 1 seat colour for up to 2 players/,
    );
    expect(
      (await problems(rigadoon.replace('params: { poleLengthMm: 18 }', 'params: { clearanceMm: 0.1 }')))[0],
    ).toMatch(/unknown key `clearanceMm`/);
    expect((await problems('')).join()).toMatch(/the file is empty/);
    const notAList = await problems(rigadoon.replace(/^pieces:[\s\S]*?^checks:/m, 'pieces: 5\nchecks:'));
    expect(notAList.filter((p) => /pieces: expected a list of pieces/.test(p))).toHaveLength(1);
    expect((await problems(rigadoon.replace('  - id: mast\n', '  - id: ship\n'))).join('\n')).toMatch(
      /pieces\[1\]\.id: "ship" is already a piece of this pack/,
    );
  });

  it("reports a mistake in a pack's variants file at its own line:column", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-pack-'));
    const kf = join(GAMES_DIR, 'kingdom-fleets');
    writeFileSync(join(dir, 'game.yaml'), readFileSync(join(kf, 'game.yaml'), 'utf8'));
    writeFileSync(
      join(dir, 'templates.yaml'),
      readFileSync(join(kf, 'templates.yaml'), 'utf8').replace(
        '{ lengthIn: 2, turnDeg: 90 }',
        '{ lengthIn: 2, turnDeg: ninety }',
      ),
    );
    await expect(loadGame(dir)).rejects.toThrow(
      /templates\.yaml:\d+:\d+: variants\[9\]\.params\.turnDeg: expected a number \(the default is 0\), got the text "ninety"/,
    );
  });

  it('refuses an unknown --game, listing the packs', async () => {
    await expect(loadGame('rigadon')).rejects.toThrow(
      /unknown game "rigadon": did you mean rigadoon\? expected one of cannonades, cannons-and-coastlines, kingdom-fleets, rigadoon, ships-of-the-line/,
    );
  });

  it('never throws anything but InputError on mangled packs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: rigadoon.length - 1 }),
        fc.integer({ min: 1, max: 20 }),
        fc.string({ maxLength: 6 }),
        async (at, cut, insert) => {
          const text = rigadoon.slice(0, at) + insert + rigadoon.slice(at + cut);
          try {
            await parseGame(text, source);
          } catch (e) {
            expect(e).toBeInstanceOf(InputError);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the game pack JSON Schema', () => {
  it('is the one the loader checks against (npm run docs remakes it)', async () => {
    const shipped = JSON.parse(readFileSync(join(GAMES_DIR, '..', 'schema', 'game.schema.json'), 'utf8'));
    expect(shipped).toEqual(JSON.parse(JSON.stringify(await gameSchema())));
  });
});
