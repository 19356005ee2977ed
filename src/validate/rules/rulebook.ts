/** Rulebook bounds (rulebook v0.3, src/rules/rulebook.ts): the card's numbers and the print list's counts. */
import { ISLANDS_PER_SET } from '../../generate/catalog.js';
import {
  COIN_SET,
  COINS_PER_PLAYER,
  DEFAULT_MODE_PLAYERS,
  DISCIPLINED_CREW_ABILITY,
  DISCIPLINED_CREW_HEADING_DEG,
  GROUP_MODE_PLAYERS,
  islandsForPlayers,
  MAX_HEADING_DEG,
  MOVE_COUNT,
  SHIPS_PER_SET,
} from '../../rules/rulebook.js';
import type { Rule } from '../types.js';

export const ships: Rule = {
  id: 'rulebook/ships',
  title: `ships per faction set ${SHIPS_PER_SET.min}–${SHIPS_PER_SET.max}`,
  check(ctx, report) {
    for (const f of ctx.factions) {
      const n = f.card.ships;
      if (n < SHIPS_PER_SET.min || n > SHIPS_PER_SET.max) {
        report({ faction: f.id, part: null, message: `the card fields ${n} ships; a faction set has ${SHIPS_PER_SET.min}–${SHIPS_PER_SET.max}`, expected: `${SHIPS_PER_SET.min}–${SHIPS_PER_SET.max}`, measured: n, hint: `set card.ships between ${SHIPS_PER_SET.min} and ${SHIPS_PER_SET.max}` });
      }
    }
  },
};

export const moveCount: Rule = {
  id: 'rulebook/move-count',
  title: `move count ${MOVE_COUNT.min}–${MOVE_COUNT.max} clicks`,
  check(ctx, report) {
    for (const f of ctx.factions) {
      const n = f.card.moveCount;
      if (n < MOVE_COUNT.min || n > MOVE_COUNT.max) {
        report({ faction: f.id, part: null, message: `the card's move count is ${n}; the rulebook allows ${MOVE_COUNT.min}, 2 or ${MOVE_COUNT.max} clicks per Move`, expected: `${MOVE_COUNT.min}–${MOVE_COUNT.max}`, measured: n, hint: `set card.moveCount between ${MOVE_COUNT.min} and ${MOVE_COUNT.max}` });
      }
    }
  },
};

export const heading: Rule = {
  id: 'rulebook/heading',
  title: `heading swing ${MAX_HEADING_DEG}° (${DISCIPLINED_CREW_HEADING_DEG}° only with ${DISCIPLINED_CREW_ABILITY})`,
  check(ctx, report) {
    for (const f of ctx.factions) {
      const disciplined = f.card.ability.name === DISCIPLINED_CREW_ABILITY;
      const allowed = disciplined ? DISCIPLINED_CREW_HEADING_DEG : MAX_HEADING_DEG;
      if (f.card.maxHeadingDeg !== allowed) {
        report({
          faction: f.id,
          part: null,
          message: `the card's heading swing is ${f.card.maxHeadingDeg}°; ${disciplined ? `${DISCIPLINED_CREW_ABILITY} swings ${DISCIPLINED_CREW_HEADING_DEG}°` : `without ${DISCIPLINED_CREW_ABILITY} a Move swings up to ${MAX_HEADING_DEG}°`}`,
          expected: allowed,
          measured: f.card.maxHeadingDeg,
          hint: `set card.maxHeadingDeg to ${allowed}`,
        });
      }
    }
  },
};

export const coinSet: Rule = {
  id: 'rulebook/coin-set',
  title: `the printed coin set: ${COIN_SET.map((c) => `${c.count} ${c.name}`).join(', ')} (${COINS_PER_PLAYER} per player), each a closed coin mesh`,
  check(ctx, report) {
    // Only a run that carries the shared coins can judge them (a check of a few loose files cannot).
    if (ctx.factions.length === 0 || !ctx.files.some((f) => f.part.startsWith('coin-'))) return;
    let total = 0;
    for (const c of COIN_SET) {
      const file = ctx.files.find((f) => f.part === `coin-${c.id}`);
      const coin = file?.features.find((x) => x.kind === 'coin');
      if (!file || !coin) {
        report({ faction: null, part: `coin-${c.id}`, message: `no ${c.name} coin is printed`, expected: c.count, measured: 0, hint: 'add the coin to the parts catalogue' });
        continue;
      }
      const per = Object.values(file.quantity?.perSet ?? {});
      const n = per.length ? Math.min(...per) : 0;
      total += n;
      if (per.some((x) => x !== c.count)) report({ faction: null, part: file.part, message: `a set prints ${per.join('/')} ${c.name} coins; the rulebook's set has ${c.count}`, expected: c.count, measured: n, hint: 'fix the coin count in the parts catalogue' });
    }
    if (total !== COINS_PER_PLAYER && total > 0) report({ faction: null, part: null, message: `a set prints ${total} coins; each player adds ${COINS_PER_PLAYER} to the bag`, expected: COINS_PER_PLAYER, measured: total, hint: 'fix the coin counts in the parts catalogue' });
  },
};

export const islands: Rule = {
  id: 'rulebook/islands',
  title: 'the islands printed per set cover the table\'s islands at every player count (2 → 4, 3–4 → 6, 5–6 → 8, group 10–12)',
  check(ctx, report) {
    const players = ctx.armada ? [ctx.armada.players.length] : Array.from({ length: GROUP_MODE_PLAYERS.max - DEFAULT_MODE_PLAYERS.min + 1 }, (_, i) => i + DEFAULT_MODE_PLAYERS.min);
    if (ctx.factions.length === 0 && !ctx.armada) return;
    for (const n of players) {
      const need = islandsForPlayers(n, n > DEFAULT_MODE_PLAYERS.max ? 'group' : 'default').min;
      if (n * ISLANDS_PER_SET < need) {
        report({ faction: null, part: 'island-topper', message: `${n} players print ${n * ISLANDS_PER_SET} islands (${ISLANDS_PER_SET} per set) but the table needs ${need}`, expected: need, measured: n * ISLANDS_PER_SET, hint: 'raise the islands per set in the parts catalogue' });
      }
    }
  },
};

export const RULEBOOK_RULES: readonly Rule[] = [ships, moveCount, heading, coinSet, islands];
