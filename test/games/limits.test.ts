/**
 * A pack's work is bounded when it is loaded (src/games/limits.ts): the limits are the rulebooks' (the
 * largest table and game they describe, measured here so the constants cannot drift from them), and a pack
 * past any of them is refused at its place in the file before anything is built; so is a number no part
 * can be built with (NaN, an infinity), however deep in a piece's parameters.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planBom } from '../../src/bom/quantities.js';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../../src/faction/loader.js';
import { PACK_LIMITS } from '../../src/games/limits.js';
import { GAMES_DIR, loadGames, parseGame } from '../../src/games/loader.js';
import { PIECE_BUILDER_IDS, pieceBuilder, SETTINGS_PARAMS } from '../../src/games/pieces.js';
import { defaultSettings, planJobs } from '../../src/generate/index.js';
import { ARMADA, PLAYERS, TABLE_SIZES_FT } from '../../src/rules/rulebook.js';
import { MM_PER_FOOT } from '../../src/units.js';
import { problemsOf } from '../helpers/problems.js';

const source = join(GAMES_DIR, 'test-pack', 'game.yaml');

const problems = (text: string): Promise<string[]> => problemsOf(() => parseGame(text, source));

const head = (maxPlayers: number): string =>
  `id: test-pack\nname: Test Pack\nrulebook: "none"\nplayers: { min: 1, max: ${maxPlayers} }\npieces:\n`;

describe("the limits are the rulebooks'", () => {
  it('seats the most players any rulebook does', () => {
    expect(PACK_LIMITS.players).toBe(PLAYERS.max);
  });

  it('allows a table no smaller than the largest Cannons & Coastlines table, and not much larger', async () => {
    // A Custom Armada of 20 players × 15 ships, no more than half from one faction (7 + 7 + 1), from the
    // factions whose ships carry the most parts: every choice tried.
    const all = await loadFactions(DEFAULT_FACTIONS_DIR);
    const settings = defaultSettings();
    let most = 0;
    for (const a of all)
      for (const b of all)
        for (const c of all) {
          if (a === b || b === c || a === c) continue;
          const ships = [
            { faction: a, count: 7 },
            { faction: b, count: 7 },
            { faction: c, count: ARMADA.maxShips - 14 },
          ];
          const fleets = Array.from({ length: PLAYERS.max }, (_, i) => ({ player: `P${i}`, ships }));
          const plan = planBom({ mode: 'armada', fleets, settings });
          expect(plan.warnings).toEqual([]);
          most = Math.max(
            most,
            plan.lines.reduce((n, l) => n + l.quantity, 0),
          );
        }
    expect(most).toBeLessThanOrEqual(PACK_LIMITS.tablePieces);
    expect(most).toBeGreaterThan(PACK_LIMITS.tablePieces * 0.8);
  });

  it('builds no fewer files than Cannons & Coastlines, all seven faction sets', async () => {
    const all = await loadFactions(DEFAULT_FACTIONS_DIR);
    expect(planJobs(all, defaultSettings()).length).toBeLessThanOrEqual(PACK_LIMITS.files);
  });

  it('lays a board on the largest table the rulebooks name', () => {
    const largest = TABLE_SIZES_FT[TABLE_SIZES_FT.length - 1]!;
    expect(PACK_LIMITS.boardMm).toEqual({ short: largest.widthFt * MM_PER_FOOT, long: largest.depthFt * MM_PER_FOOT });
  });

  it('holds every shipped pack', async () => {
    expect((await loadGames()).length).toBe(5);
  });
});

describe('a pack past the limits is refused where it says so', () => {
  it('a table of pieces: the counts times the files times the players', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: PACK_LIMITS.players }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 130 }),
        async (players, perPlayer, perTable, variants) => {
          const ids = Array.from({ length: variants }, (_, i) => `      - { id: v${i} }`).join('\n');
          const text = `${head(players)}  - id: base\n    builder: ship-base\n    count: { perPlayer: ${perPlayer}, perTable: ${perTable} }\n    rule: "r"\n    variants:\n${ids}\n`;
          const found = await problems(text);
          const copies = (perPlayer * players + perTable) * variants;
          const ok =
            perTable <= PACK_LIMITS.tablePieces &&
            perPlayer <= PACK_LIMITS.tablePieces &&
            variants <= PACK_LIMITS.files &&
            copies <= PACK_LIMITS.tablePieces;
          expect(found.length === 0, `${found.join('\n')}`).toBe(ok);
          for (const p of found) expect(p).toMatch(/game\.yaml:\d+:\d+: /);
          if (
            variants <= PACK_LIMITS.files &&
            perTable <= PACK_LIMITS.tablePieces &&
            perPlayer <= PACK_LIMITS.tablePieces &&
            !ok
          )
            expect(found.join('\n')).toMatch(
              `game.yaml:6:3: pieces: a table of ${players} players prints ${copies} pieces`,
            );
          if (variants > PACK_LIMITS.files)
            expect(found.join('\n')).toMatch(/variants: \d+ entries is too many; expected at most 100/);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('more files than a pack may build, over many pieces', async () => {
    const piece = (i: number): string =>
      `  - id: p${i}\n    builder: wind-die\n    count: { perTable: 1 }\n    rule: "r"\n    variants: [${Array.from({ length: 20 }, (_, j) => `{ id: v${j} }`).join(', ')}]\n`;
    const found = await problems(head(2) + Array.from({ length: 6 }, (_, i) => piece(i)).join(''));
    expect(found).toEqual([
      expect.stringMatching(
        /game\.yaml:6:3: pieces: the pack builds 120 files \(every piece's variants\); at most 100/,
      ),
    ]);
  });

  it('more players than any rulebook seats', async () => {
    expect(
      await problems(`${head(21)}  - { id: die, builder: wind-die, count: { perTable: 1 }, rule: "r" }\n`),
    ).toEqual([
      expect.stringMatching(
        /game\.yaml:4:25: players\.max: 21 is not allowed; expected a whole number from 1 to 20 \(the most any of our rulebooks seats/,
      ),
    ]);
  });

  it('a board that no table holds, or of part squares', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 38, max: 80 }),
        async (cols, rows, squareMm) => {
          const text = `${head(2)}  - id: board\n    builder: board\n    count: { perTable: 1 }\n    rule: "r"\n    params: { boardCols: ${cols}, boardRows: ${rows}, squareMm: ${squareMm}, layout: plain }\n`;
          const found = await problems(text);
          const { short, long } = PACK_LIMITS.boardMm;
          const fits = Math.min(cols, rows) * squareMm <= short && Math.max(cols, rows) * squareMm <= long;
          expect(found.length === 0, found.join('\n')).toBe(fits);
          if (!fits)
            expect(found).toEqual([
              expect.stringMatching(
                /game\.yaml:10:\d+: pieces\[0\]\.params\.board(Cols|Rows): \d+ × \d+ squares of \d+ mm make a board of .*the largest table the rulebooks name is 6 × 8 ft \(1829 × 2438 mm\)/,
              ),
            ]);
        },
      ),
      { numRuns: 100 },
    );
    expect(
      await problems(
        `${head(2)}  - id: board\n    builder: board\n    count: { perTable: 1 }\n    rule: "r"\n    params: { boardCols: 2.5, layout: plain }\n`,
      ),
    ).toEqual([
      expect.stringMatching(
        /game\.yaml:10:26: pieces\[0\]\.params\.boardCols: 2\.5 is not valid: expected a whole number of squares, at least 1/,
      ),
    ]);
  });
});

describe('numbers no part can be built with', () => {
  it('are refused at their place, for every number a pack may set', async () => {
    const numeric: [string, string][] = [];
    for (const id of PIECE_BUILDER_IDS) {
      const pb = pieceBuilder(id);
      const all = { ...(await pb.defaults()), ...(pb.pieceParams ?? {}) };
      for (const [k, v] of Object.entries(all))
        if (
          typeof v === 'number' &&
          !(pb.internal ?? []).includes(k) &&
          !(SETTINGS_PARAMS as readonly string[]).includes(k)
        )
          numeric.push([id, k]);
    }
    expect(numeric.length).toBeGreaterThan(30);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...numeric),
        fc.constantFrom('.nan', '.NaN', '.inf', '-.inf', '1e309', '-1e400'),
        async ([builder, param], value) => {
          const text = `${head(2)}  - id: piece\n    builder: ${builder}\n    count: { perTable: 1 }\n    rule: "r"\n    params: { ${param}: ${value} }\n`;
          expect(await problems(text)).toEqual([
            expect.stringMatching(
              new RegExp(
                `game\\.yaml:10:${17 + param.length}: pieces\\[0\\]\\.params\\.${param}: ${value.replace('.', '\\.')} reads as -?(NaN|Infinity), not a finite number`,
              ),
            ),
          ]);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('are found inside a list', async () => {
    const text = `${head(2)}  - id: ruler\n    builder: range-ruler\n    count: { perTable: 1 }\n    rule: "r"\n    params: { bandsIn: [0, 3, .nan, 18] }\n`;
    expect(await problems(text)).toEqual([
      expect.stringMatching(
        /game\.yaml:10:31: pieces\[0\]\.params\.bandsIn\[2\]: \.nan reads as NaN, not a finite number/,
      ),
    ]);
  });
});
