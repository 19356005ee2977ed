/**
 * An armada list is no bigger than the largest table the rulebook allows (20 players of up to 15 ships,
 * 300 ships), refused as it is read, at the entry that passes it; a list within that, even one that breaks
 * a player's limits, is read, for `bom` to report and `validate` to find.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARMADA_LIST_LIMITS, parseArmada } from '../../src/armada/load.js';
import { ARMADA, PLAYERS } from '../../src/rules/rulebook.js';
import { problemsOf } from '../helpers/problems.js';

const list = (players: number[][]): string =>
  `players:\n${players.map((counts, i) => `  - name: P${i}\n    ships:\n${counts.map((c) => `      - { faction: corsairs, count: ${c} }`).join('\n')}`).join('\n')}\n`;

const problems = (text: string): Promise<string[]> => problemsOf(() => parseArmada(text, 'fleet.yaml'));

describe('an armada list', () => {
  it("holds the rulebook's largest table", () => {
    expect(ARMADA_LIST_LIMITS).toEqual({ players: PLAYERS.max, shipsPerTable: PLAYERS.max * ARMADA.maxShips });
  });

  it('is read up to the largest table, and refused past it at the entry that passes it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer({ min: 1, max: 120 }), { minLength: 1, maxLength: 6 }), {
          minLength: 1,
          maxLength: PLAYERS.max,
        }),
        async (players) => {
          const found = await problems(list(players));
          const total = players.flat().reduce((a, b) => a + b, 0);
          expect(found.length === 0, found.join('\n')).toBe(total <= ARMADA_LIST_LIMITS.shipsPerTable);
          if (total > ARMADA_LIST_LIMITS.shipsPerTable) {
            // The first entry whose running total passes 300, named by its line.
            const flat = players.flatMap((counts, i) => counts.map((c, j) => ({ i, j, c })));
            let sum = 0;
            const at = flat.find((e) => (sum += e.c) > ARMADA_LIST_LIMITS.shipsPerTable)!;
            const line = 2 + players.slice(0, at.i).reduce((n, p) => n + 2 + p.length, 0) + 2 + at.j;
            expect(found).toEqual([
              `fleet.yaml:${line}:37: players[${at.i}].ships[${at.j}].count: the list reaches ${sum} ships here; the largest table the rulebook allows, 20 players of up to 15 ships (Custom Armada), fields 300`,
            ]);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('seats no more players than the rulebook', async () => {
    expect(await problems(list(Array.from({ length: 21 }, () => [1])))).toEqual([
      expect.stringMatching(
        /^fleet\.yaml:2:3: players: 21 entries is too many; expected at most 20 players \(the rulebook seats 2 to 20\)$/,
      ),
    ]);
  });

  it("keeps a fleet past a player's limit for the commands to report", async () => {
    expect(await problems(list([[10, 6], [3]]))).toEqual([]);
  });
});
