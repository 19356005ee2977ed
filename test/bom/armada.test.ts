import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadArmada, parseArmada } from '../../src/armada/load.js';
import { planBom, type Fleet } from '../../src/bom/quantities.js';
import { InputError } from '../../src/errors.js';
import type { Faction } from '../../src/faction/types.js';
import { defaultSettings } from '../../src/generate/index.js';
import { shippedFactions } from './helpers.js';

const FIXTURES = 'test/fixtures/armada';
let all: Faction[];
beforeAll(async () => {
  all = await shippedFactions();
});

const problemsOf = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e.problems.map((p) => `${p.place} ${p.message}`);
    throw e;
  }
  return [];
};

describe('parseArmada', () => {
  it('reads players and their ships by faction, with where each entry is', async () => {
    const armada = await loadArmada(`${FIXTURES}/two-admirals.yaml`);
    expect(armada.source).toBe(`${FIXTURES}/two-admirals.yaml`);
    expect(armada.players.map((p) => p.name)).toEqual(['Anne', 'Bo']);
    expect(armada.players[0]!.ships.map(({ faction, count }) => [faction, count])).toEqual([
      ['corsairs', 4],
      ['queens-fleet', 3],
      ['the-industry', 2],
    ]);
    expect(armada.players[0]!.ships[0]!.place).toBe('5:9');
  });

  it('reports every structural problem with its line:column and what is valid', async () => {
    const text = await readFile(`${FIXTURES}/bad-count.yaml`, 'utf8');
    const problems = problemsOf(() => parseArmada(text, 'bad-count.yaml'));
    expect(problems).toEqual([
      expect.stringMatching(
        /^4:37 players\[0\]\.ships\[0\]\.count: -2 is not allowed; expected a whole number from 1 to 300/,
      ),
      expect.stringMatching(/^6:5 players\[1\]\.ship: unknown key `ship`.*did you mean `ships`/),
    ]);
    expect(problemsOf(() => parseArmada('', 'empty.yaml'))).toEqual([expect.stringMatching(/^1:1 the file is empty/)]);
    expect(problemsOf(() => parseArmada('players: [\n', 'broken.yaml'))[0]).toMatch(/^\d+:\d+ .*\(YAML syntax\)$/);
    expect(
      problemsOf(() =>
        parseArmada('players:\n  - { name: A, ships: [{ faction: Corsairs!, count: 1 }] }\n', 'id.yaml'),
      )[0],
    ).toMatch(/faction: "Corsairs!" is not valid; expected a faction id/);
  });

  it('names the file when it cannot be read', async () => {
    await expect(loadArmada(`${FIXTURES}/missing.yaml`)).rejects.toThrow(/missing\.yaml: no such file/);
  });
});

describe('the armada bill of materials', () => {
  it('counts each faction ship parts per ship, islands by player count and 20 coins per player', async () => {
    const armada = await loadArmada(`${FIXTURES}/two-admirals.yaml`);
    const byId = (id: string): Faction => all.find((f) => f.id === id)!;
    const fleets: Fleet[] = armada.players.map((p) => ({
      player: p.name,
      ships: p.ships.map((s) => ({ faction: byId(s.faction), count: s.count })),
    }));
    const plan = planBom({ mode: 'armada', fleets, settings: defaultSettings() });
    const q = (part: string, faction: string | null): number =>
      plan.lines.find((l) => l.part === part && l.faction === faction)?.quantity ?? 0;
    const fit = (id: string, kind: string): number => byId(id).model.fittings.filter((s) => s.kind === kind).length;
    for (const p of armada.players)
      for (const s of p.ships) {
        expect(q('hull', s.faction)).toBe(s.count);
        expect(q('wheel', s.faction)).toBe(s.count);
        expect(q('carriage', s.faction)).toBe(s.count);
        expect(q('cargo', s.faction)).toBe(s.count * fit(s.faction, 'cargo'));
        expect(q('turret', s.faction)).toBe(s.count * fit(s.faction, 'turret'));
      }
    // 2 players: 4 islands, 2 each; Anne fields 9 ships, Bo 10. Spares and cannons go with each one's first faction.
    expect(plan.islands).toBe(4);
    expect(plan.sets.map((s) => [s.ships, s.islands, s.masts])).toEqual([
      [9, 2, 11],
      [10, 2, 12],
    ]);
    expect(q('mast', 'corsairs')).toBe(4 + 2);
    expect(q('mast', 'queens-fleet')).toBe(3);
    expect(q('flag-holder', 'the-islanders')).toBe(5 + 2 + 5);
    expect(q('cannon', 'corsairs')).toBe(4);
    expect(q('cannon', 'queens-fleet')).toBe(0);
    expect(plan.lines.filter((l) => l.part === 'mast').reduce((s, l) => s + l.quantity, 0)).toBe(19 + 4);
    expect(plan.lines.filter((l) => l.part.startsWith('coin-')).reduce((s, l) => s + l.quantity, 0)).toBe(40);
    expect(plan.warnings).toEqual([]);
  });

  it('warns about fleets over 15 ships or more than half from one faction', async () => {
    const armada = await loadArmada(`${FIXTURES}/too-big.yaml`);
    const fleets: Fleet[] = armada.players.map((p) => ({
      player: p.name,
      ships: p.ships.map((s) => ({ faction: all.find((f) => f.id === s.faction)!, count: s.count })),
    }));
    const plan = planBom({ mode: 'armada', fleets, settings: defaultSettings() });
    expect(plan.warnings).toEqual([
      'Anne fields 16 ships; the rulebook allows up to 15',
      'Anne fields 10 of 16 ships from corsairs; the rulebook allows no more than half from one faction',
    ]);
  });
});
