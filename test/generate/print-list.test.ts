/**
 * The print list's counts that are our constants, held to the rulebook (v0.3, "The Print List" and "Setup"):
 * every faction set prints the 20-coin set, and enough islands for the table at every player count.
 * (Once validator rules; they checked nothing a user could write, so they are tests.)
 */
import { describe, expect, it } from 'vitest';
import { loadFactions } from '../../src/faction/loader.js';
import { CATALOG, ISLANDS_PER_SET, setCount } from '../../src/generate/catalog.js';
import {
  COINS_PER_PLAYER,
  DEFAULT_MODE_PLAYERS,
  GROUP_MODE_PLAYERS,
  islandsForPlayers,
  PLAYERS,
} from '../../src/rules/rulebook.js';

describe('the print list', () => {
  it("prints the rulebook's 20 coins per set: 2 Brace, 2 Signal, 4 Full Sail, 2 Evasive, 4 Gunner, 4 Repair, 2 Boarding", async () => {
    const expected = { brace: 2, signal: 2, 'full-sail': 4, evasive: 2, gunner: 4, repair: 4, boarding: 2 };
    for (const faction of await loadFactions('factions')) {
      const coins = Object.fromEntries(
        CATALOG.filter((e) => e.part.startsWith('coin-')).map((e) => [
          e.part.slice('coin-'.length),
          setCount(e, faction),
        ]),
      );
      expect(coins, faction.id).toEqual(expected);
      expect(Object.values(coins).reduce((a, b) => a + b, 0)).toBe(COINS_PER_PLAYER);
    }
  });

  it('prints enough islands per set for the table at every player count (2 → 4, 3–4 → 6, 5–6 → 8, group 10–12)', () => {
    for (let n = PLAYERS.min; n <= PLAYERS.max; n++) {
      const need = islandsForPlayers(n, n > DEFAULT_MODE_PLAYERS.max ? 'group' : 'default').min;
      expect(n * ISLANDS_PER_SET, `${n} players`).toBeGreaterThanOrEqual(need);
    }
    expect(islandsForPlayers(GROUP_MODE_PLAYERS.min, 'group').min).toBe(10);
  });
});
