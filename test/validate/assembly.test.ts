/**
 * The assembly rules on the parts placed as assembled: each has a fixture it catches, with the figure it
 * measured; the shipped factions' fixes hold at the clearances users print with.
 */
import { describe, expect, it } from 'vitest';
import { loadFactionFile } from '../../src/faction/loader.js';
import { defaultSettings } from '../../src/generate/index.js';
import type { BuildSettings } from '../../src/generate/types.js';
import {
  ASSEMBLY_RULES,
  MAX_MAST_SHADOW_DEG,
  MIN_SWEEP_GAP_MM,
  MIN_TABLE_GAP_MM,
  MIN_TIP_ANGLE_DEG,
} from '../../src/validate/rules/assembly.js';
import type { Finding } from '../../src/validate/types.js';
import { validate, validateWithFiles } from '../../src/validate/validate.js';

const FX = 'test/fixtures/validate';
const check = async (paths: string[], clearanceMm = 0.2, settings: Partial<BuildSettings> = {}): Promise<Finding[]> => {
  const factions = await Promise.all(paths.map((p) => loadFactionFile(p, { rulebook: 'defer' })));
  return validate({
    factions,
    settings: { ...defaultSettings(), clearanceMm, ...settings },
    rules: ASSEMBLY_RULES,
    jobs: 1,
  });
};
/** Cannons for a 12 mm ball: the heaviest the builder makes, which the top-heavy sloop cannot carry unballasted. */
const BIG_BORE: Partial<BuildSettings> = { cannonDesign: { ballDiameterMm: 12 } };
const of = (findings: Finding[], rule: string): Finding[] => findings.filter((f) => f.rule === rule);

describe('fixtures', () => {
  it('assembly/cannon-seats: side slots where the sloop curves toward its bow seat the plug about 7 of 8 mm (the back plate meets the hull)', async () => {
    const findings = await check([`${FX}/assembly-seat.yaml`]);
    const seats = of(findings, 'assembly/cannon-seats');
    expect(seats).toHaveLength(2);
    for (const f of seats) {
      expect(f.expected).toBe(8);
      expect(Number(f.measured)).toBeGreaterThan(6.5);
      expect(Number(f.measured)).toBeLessThan(7.5);
      expect(f.message).toMatch(/meets hull/);
    }
    // Slots 18 mm forward of the middle of an 80 mm sloop: the cannon's frame, running as far fore as aft along the side, reaches past its bow.
    const reach = of(findings, 'assembly/cannon-reach');
    expect(reach.map((f) => f.message)).toEqual([expect.stringMatching(/reaches \d+(\.\d+)? mm past the hull's bow/)]);
    expect(Number(reach[0]!.measured)).toBeGreaterThan(0);
  }, 120_000);

  it('assembly/stands: a narrow sloop with a side cannon tips over sideways, its centre of mass outside the wheel, foot and skid', async () => {
    const [stands] = of(await check([`${FX}/assembly-top-heavy.yaml`], 0.2, BIG_BORE), 'assembly/stands');
    expect(stands?.message).toMatch(/tips to (port|starboard) .* outside the support/);
    expect(Number(stands?.measured)).toBeLessThan(0);
  }, 120_000);

  it('assembly/stands counts the ballast washers: the top-heavy sloop tips under 10° without them, and stands with three', async () => {
    const fixture = await loadFactionFile(`${FX}/assembly-top-heavy.yaml`, { rulebook: 'defer' });
    expect(fixture.model.ballast).toBeNull();
    // Its side slots moved forward to leave room for the pocket; the same ship with and without the washers.
    const slots = fixture.model.cannonSlots.map((c) => (c.mount === 'hull' ? { ...c, offsetMm: 14.5 } : c));
    const bare = { ...fixture, id: 'top-heavy-bare', model: { ...fixture.model, cannonSlots: slots } };
    const ballasted = {
      ...bare,
      id: 'top-heavy-ballasted',
      model: { ...bare.model, ballast: { xMm: -1.5, yMm: 0, washers: 3 } },
    };
    const findings = await validate({
      factions: [bare, ballasted],
      settings: { ...defaultSettings(), ...BIG_BORE },
      rules: [ASSEMBLY_RULES[0]!],
      jobs: 1,
    });
    expect(
      Number(findings.find((f) => f.faction === 'top-heavy-bare' && /tips/.test(f.message))?.measured),
    ).toBeLessThan(MIN_TIP_ANGLE_DEG);
    expect(findings.filter((f) => f.faction === 'top-heavy-ballasted')).toEqual([]);
  }, 120_000);

  it('assembly/turret-sweep: a turret promised all round with the mast amidships meets the mast and sail aft (it passes over the cargo), and says what arc it does turn', async () => {
    const sweep = of(await check([`${FX}/assembly-turret-all-round.yaml`]), 'assembly/turret-sweep');
    const arc = sweep.find((f) => /must turn all round/.test(f.message));
    expect(arc?.message).toMatch(/within 1 mm of mast .*sail/);
    expect(arc?.message).not.toMatch(/cargo/);
    expect(arc?.expected).toBe('360°');
    expect(arc?.measured).toBe('150°');
  }, 120_000);

  it("assembly/stands: a ship whose centre of mass falls outside what it stands on level heels onto the carriage's foot, and says so", async () => {
    // The Queen's Fleet with its ballast taken out: a lone side cannon pulls the centre of mass past the
    // band-to-skid triangle, and the ship heels onto its carriage's foot, which stands just off the table.
    const queens = await loadFactionFile('factions/queens-fleet.yaml', { rulebook: 'defer' });
    const light = { ...queens, id: 'queens-fleet-light', model: { ...queens.model, ballast: null } };
    const findings = await validate({
      factions: [light],
      settings: defaultSettings(),
      rules: [ASSEMBLY_RULES[0]!],
      jobs: 1,
    });
    const heel = findings.find((f) => /heels/.test(f.message));
    expect(heel?.message).toMatch(/heels \d+(\.\d)?° to (port|starboard) before it rests/);
    expect(Number(heel?.measured)).toBeGreaterThan(0);
    expect(heel?.expected).toBe('0°');
  }, 120_000);
});

describe('shipped factions', () => {
  // At the default clearance; the range's ends and three clearances between run every rule in
  // test/cli/validate-clearances.slow.test.ts.
  it("at 0.2 mm every ship stands level, every cannon seats its full 8 mm within the hull's length, and the Industry turns all round and fires clear; each figure measured", async () => {
    const factions = await Promise.all(
      ['corsairs', 'queens-fleet', 'shadow-fleet', 'sun-fleet', 'treasure-fleet', 'the-industry', 'the-islanders'].map(
        (id) => loadFactionFile(`factions/${id}.yaml`, { rulebook: 'defer' }),
      ),
    );
    const { findings, figures } = await validateWithFiles({
      factions,
      settings: { ...defaultSettings(), clearanceMm: 0.2 },
      rules: ASSEMBLY_RULES,
      jobs: 1,
    });
    // The turret turns its arc and, with its ballast washers, stands on its drum; on the carriage's foot every
    // ship stands with a cannon in any slot, by the 10° margin.
    expect(findings).toEqual([]);
    const tipping = figures.filter((f) => f.name === 'tipping angle');
    expect(tipping.map((f) => f.faction).sort()).toEqual(factions.map((f) => f.id).sort());
    for (const f of tipping) {
      expect(f.unit).toBe('deg');
      expect(f.value, f.faction!).toBeGreaterThanOrEqual(MIN_TIP_ANGLE_DEG);
      expect(f.note, f.faction!).toMatch(/standing level$/);
    }
    // The card promises all round (no arc), and the turret turns it a millimetre clear of everything.
    expect(factions.find((f) => f.id === 'the-industry')!.card.turretArcDeg).toBeUndefined();
    const clearance = figures.find((f) => f.name === 'turret clearance');
    expect(clearance?.faction).toBe('the-industry');
    expect(clearance?.note).toMatch(/all round/);
    expect(clearance!.value).toBeGreaterThanOrEqual(MIN_SWEEP_GAP_MM);
    const shadow = figures.find((f) => f.name === 'turret mast shadow');
    expect(shadow!.value).toBeGreaterThan(0);
    expect(shadow!.value).toBeLessThanOrEqual(MAX_MAST_SHADOW_DEG);
    // Astern, where the mast stands.
    const [from, to] = /at (-?\d+)° to (-?\d+)°/.exec(shadow!.note)!.slice(1).map(Number);
    for (const deg of [from!, to!]) expect(Math.abs(deg)).toBeGreaterThanOrEqual(150);
    // Every side slot's cannon within the hull's length, every cannon clear of the table.
    const past = figures.filter((f) => f.name === 'cannon past the hull');
    const over = figures.filter((f) => f.name === 'cannon over the table');
    expect(over.map((f) => f.faction).sort()).toEqual(factions.map((f) => f.id).sort());
    expect(past.length).toBeGreaterThanOrEqual(6);
    for (const f of past) expect(f.value, f.faction!).toBeLessThanOrEqual(0);
    for (const f of over) expect(f.value, f.faction!).toBeGreaterThanOrEqual(MIN_TABLE_GAP_MM);
  }, 300_000);
});
