/**
 * A pack of factions (Cannons & Coastlines, or a copy to change): its `factions` folder is the one its
 * commands build (src/cli/options.ts packFrom), so nothing written beside it may be ignored either: the
 * folder must exist, and pieces, checks and seat colours, which only a pack of pieces reads, are refused.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GAME_ID, GAMES_DIR, loadGame } from '../../src/games/loader.js';
import { problemsOf } from '../helpers/problems.js';

const shipped = readFileSync(join(GAMES_DIR, DEFAULT_GAME_ID, 'game.yaml'), 'utf8');

/** A copy of the shipped pack in a folder of its own, with `edit` applied; its faction folder made when `folder`. */
function copy(edit: (text: string) => string, folder = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'sw-cc-copy-'));
  if (folder) mkdirSync(join(dir, 'factions'));
  writeFileSync(join(dir, 'game.yaml'), edit(shipped.replace('factions: ../../factions', 'factions: factions')));
  return dir;
}

const problems = (dir: string): Promise<string[]> => problemsOf(() => loadGame(dir));

describe('a pack of factions', () => {
  it('names its own folder, resolved against the pack', async () => {
    const dir = copy((t) => t);
    expect((await loadGame(dir)).factionsDir).toBe(join(dir, 'factions'));
  });

  it('refuses a folder that is not there, at the field', async () => {
    const dir = copy((t) => t, false);
    expect(await problems(dir)).toEqual([
      expect.stringMatching(
        /game\.yaml:\d+:11: factions: no folder .*factions: expected the folder of faction YAML files, relative to the pack's folder/,
      ),
    ]);
  });

  it.each([
    ['pieces', 'pieces: [{ id: die, builder: wind-die, count: { perTable: 1 }, rule: r }]'],
    ['checks', 'checks: []'],
    ['colors', 'colors: [red, blue]'],
  ])('refuses `%s` beside it, which nothing would read', async (key, line) => {
    const found = await problems(copy((t) => `${t}${line}\n`));
    expect(found).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `game\\.yaml:\\d+:\\d+: ${key}: a pack of factions prints the Cannons & Coastlines faction sets of its \`factions\` folder and takes no \`${key}\`: give \`factions\` or \`pieces\`, not both`,
        ),
      ),
    );
  });

  it("refuses players other than the rulebook's, which the commands would ignore", async () => {
    const found = await problems(copy((t) => t.replace('players: { min: 2, max: 20 }', 'players: { min: 2, max: 4 }')));
    expect(found).toEqual([
      expect.stringMatching(
        /game\.yaml:\d+:10: players: a pack of factions plays Cannons & Coastlines, 2 to 20 players .*expected \{ min: 2, max: 20 \}/,
      ),
    ]);
  });
});
