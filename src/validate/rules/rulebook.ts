/** Rulebook bounds (rulebook v0.3, src/rules/rulebook.ts): the card's numbers and the print list's counts. */
import {
  DISCIPLINED_CREW_ABILITY,
  DISCIPLINED_CREW_HEADING_DEG,
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
        report({
          faction: f.id,
          part: null,
          message: `the card fields ${n} ships; a faction set has ${SHIPS_PER_SET.min}–${SHIPS_PER_SET.max}`,
          expected: `${SHIPS_PER_SET.min}–${SHIPS_PER_SET.max}`,
          measured: n,
          hint: `set card.ships between ${SHIPS_PER_SET.min} and ${SHIPS_PER_SET.max}`,
        });
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
        report({
          faction: f.id,
          part: null,
          message: `the card's move count is ${n}; the rulebook allows ${MOVE_COUNT.min}, 2 or ${MOVE_COUNT.max} clicks per Move`,
          expected: `${MOVE_COUNT.min}–${MOVE_COUNT.max}`,
          measured: n,
          hint: `set card.moveCount between ${MOVE_COUNT.min} and ${MOVE_COUNT.max}`,
        });
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

// The print list's coin set and islands per set are our constants, not a user's input: test/generate/print-list.test.ts holds them to the rulebook.
export const RULEBOOK_RULES: readonly Rule[] = [ships, moveCount, heading];
