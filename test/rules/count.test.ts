/**
 * One way to count (src/rules/count.ts): a piece's scopes times a tally's units. The catalogue's parts and the
 * table's plan count alike: a table of one player whose islands are the set's own prints each part as many
 * times as the print list's set, whatever the faction.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { planBom } from '../../src/bom/quantities.js';
import type { Faction } from '../../src/faction/types.js';
import { CATALOG, ISLANDS_PER_SET, setCount, setTally } from '../../src/generate/catalog.js';
import { defaultSettings } from '../../src/generate/index.js';
import { countOf, fittingScope, perScope, scopesOf, type Count } from '../../src/rules/count.js';
import { shippedFactions } from '../bom/helpers.js';

let all: Faction[];
beforeAll(async () => {
  all = await shippedFactions();
});

const count = (per: Count['per']): Count => ({ per, rule: 'r', optional: false });

describe('countOf', () => {
  it("sums each scope it names times the tally's units; a scope the tally lacks counts none", () => {
    expect(countOf(count({ mast: 1, player: 5 }), { mast: 7, player: 2, ship: 99 })).toBe(17);
    expect(countOf(count({ [fittingScope('turret')]: 1 }), { ship: 3 })).toBe(0);
    expect(countOf(count({}), { ship: 3, player: 1 })).toBe(0);
    expect(scopesOf(count({ player: 4, table: 1 }))).toEqual(['player', 'table']);
    expect(perScope(count({ player: 4, table: 1 }))).toEqual({ player: 4, table: 1 });
  });

  it('is linear in the tally', () => {
    const n = fc.nat({ max: 50 });
    fc.assert(
      fc.property(n, n, n, n, n, n, (a, b, x, y, k, m) => {
        const c = count({ ship: a, table: b });
        expect(countOf(c, { ship: k * x + m * y, table: k + m })).toBe(
          k * countOf(c, { ship: x, table: 1 }) + m * countOf(c, { ship: y, table: 1 }),
        );
      }),
    );
  });
});

describe('the catalogue counts', () => {
  it('each part of a minimum set per some scope, each optional extra per none', () => {
    for (const e of CATALOG) expect(scopesOf(e.count).length > 0, e.part).toBe(!e.count.optional);
  });

  it("one faction set: its ships, their fittings by kind, the set's islands and their masts", () => {
    const industry = all.find((f) => f.id === 'the-industry')!;
    expect(setTally(industry)).toEqual({
      player: 1,
      ship: 3,
      island: ISLANDS_PER_SET,
      mast: 3 + ISLANDS_PER_SET,
      rock: 1,
      reef: 1,
      'fitting:mast': 3,
      'fitting:cargo': 3,
      'fitting:turret': 3,
    });
  });

  it("a table of one player, dealt the set's islands, prints each faction's set as the print list counts it", () => {
    for (const f of all) {
      const plan = planBom({
        mode: 'default',
        fleets: [{ player: 'p', ships: [{ faction: f, count: f.card.ships }] }],
        settings: defaultSettings(),
      });
      for (const e of CATALOG.filter(
        (x) => !x.count.optional && !scopesOf(x.count).some((s) => ['island', 'rock', 'reef'].includes(s)),
      )) {
        // The plan's table holds 4 islands for its 2 players minimum: count the masts the set's 2 islands carry.
        const lines = plan.lines.filter(
          (l) => l.part === e.part && l.path.startsWith(`${f.id}/`) === (e.folder === 'faction'),
        );
        const extraMasts = (e.prints?.(f) ?? true) ? (e.count.per.mast ?? 0) * (plan.islands - ISLANDS_PER_SET) : 0;
        expect(lines.reduce((s, l) => s + l.quantity, 0) - extraMasts, `${f.id} ${e.part}`).toBe(setCount(e, f));
      }
    }
  });
});
