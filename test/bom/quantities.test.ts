import { beforeAll, describe, expect, it } from 'vitest';
import { partPrint } from '../../src/bom/part-print.js';
import { planBom, resolveMode, tableIslands, type Plan } from '../../src/bom/quantities.js';
import { InputError } from '../../src/errors.js';
import type { Faction } from '../../src/faction/types.js';
import { defaultSettings } from '../../src/generate/index.js';
import { MATERIALS } from '../../src/materials.js';
import { BALLAST_WASHER, TURRET } from '../../src/standard.js';
import { fleetsOf, shippedFactions } from './helpers.js';

let all: Faction[];
beforeAll(async () => {
  all = await shippedFactions();
});

const byId = (id: string): Faction => all.find((f) => f.id === id)!;
const total = (plan: Plan, part: string): number =>
  plan.lines.filter((l) => l.part === part).reduce((s, l) => s + l.quantity, 0);
const line = (plan: Plan, part: string, faction: string | null): number =>
  plan.lines.find((l) => l.part === part && l.faction === faction)?.quantity ?? 0;
const fittings = (f: Faction, kind: string): number => f.model.fittings.filter((s) => s.kind === kind).length;

/** The setup table (rulebook "Setup"): 2 → 4, 3–4 → 6, 5–6 → 8; group mode 10–12, where we take one per player. */
const ISLANDS: Record<number, number> = { 2: 4, 3: 6, 4: 6, 6: 8, 7: 10, 12: 12, 20: 12 };
const COINS: Record<string, number> = {
  brace: 2,
  signal: 2,
  'full-sail': 4,
  evasive: 2,
  gunner: 4,
  repair: 4,
  boarding: 2,
};

describe('quantities by player count', () => {
  for (const players of [2, 3, 4, 6, 7, 12, 20]) {
    it(`${players} players: islands, coins, masts, flag holders, wheels as the rulebook implies`, () => {
      const factions = Array.from({ length: players }, (_, i) => all[i % all.length]!);
      const { mode } = resolveMode(players, undefined);
      expect(mode).toBe(players <= 6 ? 'default' : 'group');
      const plan = planBom({ mode, fleets: fleetsOf(factions), settings: defaultSettings() });
      const ships = factions.reduce((s, f) => s + f.card.ships, 0);
      const islands = ISLANDS[players]!;
      expect(plan.islands).toBe(islands);
      expect(total(plan, 'island-topper')).toBe(islands);
      for (const [id, n] of Object.entries(COINS)) expect(total(plan, `coin-${id}`)).toBe(n * players);
      expect(plan.lines.filter((l) => l.part.startsWith('coin-')).reduce((s, l) => s + l.quantity, 0)).toBe(
        20 * players,
      );
      // Masts: one per ship plus one per island on the table; sails one per mast; holders one per mast + 5 each.
      expect(total(plan, 'mast')).toBe(ships + islands);
      expect(total(plan, 'sail')).toBe(ships + islands);
      expect(total(plan, 'flag-holder')).toBe(ships + islands + 5 * players);
      expect(total(plan, 'wheel')).toBe(ships);
      expect(total(plan, 'carriage')).toBe(ships);
      expect(total(plan, 'hull')).toBe(ships);
      expect(total(plan, 'cargo')).toBe(factions.reduce((s, f) => s + f.card.ships * fittings(f, 'cargo'), 0));
      expect(total(plan, 'turret')).toBe(factions.reduce((s, f) => s + f.card.ships * fittings(f, 'turret'), 0));
      expect(total(plan, 'cannon')).toBe(4 * players);
      expect(total(plan, 'cannonball')).toBe(10 * players);
      const rocks = total(plan, 'rock') + total(plan, 'reef');
      expect(rocks).toBe(Math.min(6, Math.max(2, players)));
      // Ballast: each ship's hull pocket (its model's washers) and three under each turret's roof.
      const washers = factions.reduce(
        (s, f) => s + f.card.ships * ((f.model.ballast?.washers ?? 0) + TURRET.ballastWashers * fittings(f, 'turret')),
        0,
      );
      expect(plan.notPrinted).toEqual([
        { item: 'draw bag (any small cloth pouch)', quantity: 1 },
        { item: 'rubber band: O-ring AS568-014 (12.42 mm ID × 1.78 mm cord), one per movement wheel', quantity: ships },
        ...(washers > 0 ? [{ item: `${BALLAST_WASHER.name} (ballast)`, quantity: washers }] : []),
      ]);
      // Each player's island share: they add up to the table's islands and differ by at most one.
      const shares = plan.sets.map((s) => s.islands);
      expect(shares.reduce((s, x) => s + x, 0)).toBe(islands);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      plan.sets.forEach((s, i) => expect(s.masts).toBe(factions[i]!.card.ships + s.islands));
    });
  }

  it('says which value it took where the rulebook gives a range', () => {
    expect(tableIslands(7, 'group').why).toMatch(/10–12/);
    const plan = planBom({ mode: 'group', fleets: fleetsOf(all), settings: defaultSettings() });
    expect(plan.decisions.join('\n')).toMatch(/10 islands.*one per player/);
    expect(plan.decisions.join('\n')).toMatch(/rocks and reefs.*2–6/);
    expect(plan.decisions.join('\n')).toMatch(/4 cannons per player: the print list says 3–4; we take 4/);
  });

  it('plays 6 players in default mode unless group mode is asked for', () => {
    expect(resolveMode(6, undefined).mode).toBe('default');
    expect(resolveMode(6, 'group').mode).toBe('group');
    expect(tableIslands(6, 'group').islands).toBe(10);
    expect(tableIslands(6, 'default').islands).toBe(8);
  });

  it('refuses player counts outside 2–20 and modes that do not fit them, with a hint', () => {
    expect(() => resolveMode(1, undefined)).toThrow(InputError);
    expect(() => resolveMode(21, undefined)).toThrow(/from 2 to 20/);
    expect(() => resolveMode(3, 'group')).toThrow(/group mode is for 6–20 players, not 3; use --mode default/);
    expect(() => resolveMode(7, 'default')).toThrow(/default mode is for 2–6 players, not 7; use --mode group/);
  });
});

describe('explicit faction lists', () => {
  it('adds up players of the same faction, one set each', () => {
    const factions = ['corsairs', 'corsairs', 'the-industry'].map(byId);
    const plan = planBom({ mode: 'default', fleets: fleetsOf(factions), settings: defaultSettings() });
    const corsairs = byId('corsairs'),
      industry = byId('the-industry');
    expect(line(plan, 'hull', 'corsairs')).toBe(2 * corsairs.card.ships);
    expect(line(plan, 'hull', 'the-industry')).toBe(industry.card.ships);
    expect(line(plan, 'turret', 'the-industry')).toBe(industry.card.ships * fittings(industry, 'turret'));
    expect(line(plan, 'turret', 'corsairs')).toBe(0);
    expect(line(plan, 'cannon', 'corsairs')).toBe(8);
    expect(line(plan, 'cannonball', 'the-industry')).toBe(10);
    // 3 players, 6 islands: 2 each.
    expect(line(plan, 'mast', 'corsairs')).toBe(2 * (corsairs.card.ships + 2));
    expect(line(plan, 'flag-holder', 'the-industry')).toBe(industry.card.ships + 2 + 5);
    expect(plan.lines.find((l) => l.part === 'hull' && l.faction === 'corsairs')!.color).toBe(corsairs.card.color);
    expect(plan.lines.find((l) => l.part === 'hull' && l.faction === 'corsairs')!.path).toBe('corsairs/hull.stl');
    expect(plan.lines.find((l) => l.part === 'mast')!.path).toBe('shared/mast.stl');
  });

  it('prints the balls in TPU with three walls and no infill when asked, everything else in the chosen material', () => {
    const plan = planBom({
      mode: 'default',
      fleets: fleetsOf(all.slice(0, 2)),
      settings: defaultSettings(),
      materialId: 'petg',
      ballMaterialId: 'tpu-95a',
    });
    const ball = plan.lines.find((l) => l.part === 'cannonball')!;
    expect(ball.material).toBe('tpu-95a');
    // The settings table gives it three walls and no infill.
    const print = {
      layerHeightMm: 0.2,
      lineWidthMm: 0.45,
      perimeters: 2,
      topLayers: 5,
      bottomLayers: 4,
      infillFraction: 0.15,
    };
    expect(partPrint(print, { part: ball.part, material: ball.material, brim: false }).settings).toMatchObject({
      perimeters: 3,
      infillFraction: 0,
    });
    expect(plan.lines.filter((l) => l.part !== 'cannonball').every((l) => l.material === 'petg')).toBe(true);
    // By the material's elastomer flag, not its name: a PETG ball prints as every other part does.
    expect(MATERIALS.filter((m) => m.elastomer).map((m) => m.id)).toEqual(['tpu-95a']);
    const petgBall = planBom({
      mode: 'default',
      fleets: fleetsOf(all.slice(0, 2)),
      settings: defaultSettings(),
      ballMaterialId: 'petg',
    }).lines.find((l) => l.part === 'cannonball')!;
    expect(partPrint(print, { part: petgBall.part, material: petgBall.material, brim: false }).settings).toEqual(print);
  });
});
