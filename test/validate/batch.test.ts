/**
 * validate over more factions than one context holds (VALIDATE_BATCH) checks them a batch at a time: the
 * same findings and figures, in the same order, as one context, the shared parts' findings counted once.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadFactionFile } from '../../src/faction/loader.js';
import { box, fromMesh, initKernel, union, withArena } from '../../src/geometry/kernel.js';
import { defaultSettings, generateParts } from '../../src/generate/index.js';
import { parseStl, serializeStl } from '../../src/mesh/stl.js';
import { RULES } from '../../src/validate/rules/index.js';
import type { Rule } from '../../src/validate/types.js';
import { validateWithFiles } from '../../src/validate/validate.js';

const FX = 'test/fixtures/validate';

/** Three fixture factions with findings of their own, the rules and the replaced shared part given. */
async function runner(rules: readonly Rule[], replacements: ReadonlyMap<string, { path: string; bytes: Uint8Array }>) {
  const factions = await Promise.all(
    ['no-coin-slot.yaml', 'move-count-4.yaml', 'card-fittings-2.yaml'].map((f) =>
      loadFactionFile(`${FX}/${f}`, { rulebook: 'defer' }),
    ),
  );
  const settings = defaultSettings();
  return (batch: number) =>
    validateWithFiles({ factions, settings, rules, batch, replacements, jobs: 1 }).then(({ findings, figures }) => ({
      findings,
      figures,
    }));
}

describe('validate in batches', () => {
  it('reports what one context reports, each finding once, over factions with findings of their own', async () => {
    // Findings on the factions' own parts (the hull without a coin slot, the card's move count and fittings), on a shared part (a
    // carriage whose slot lets the wheel out, in place of the generated one) and figures (tipping angles).
    const path = `${FX}/carriage-open-slot.stl`;
    const run = await runner(
      RULES.filter((r) => !r.id.startsWith('assembly/') || /stands|wheel-retained/.test(r.id)),
      new Map([['carriage', { path, bytes: new Uint8Array(await readFile(path)) }]]),
    );
    const whole = await run(3);
    const batched = await run(1);
    expect(new Set(whole.findings.map((f) => f.faction)).size).toBeGreaterThan(2);
    expect(whole.findings.some((f) => f.faction === null)).toBe(true);
    expect(whole.figures.length).toBeGreaterThan(0);
    expect(batched).toEqual(whole);
  }, 120_000);

  it("reports a shared part's own finding (a cannon that cannot seat in the island topper) as one context does", async () => {
    // The island topper with its first cannon slot plugged from 1 mm inside its mouth: the cannon cannot seat
    // there (assembly/cannon-seats, a finding of no faction), whichever group's context holds the topper.
    const [topper] = await generateParts({
      factions: [],
      settings: defaultSettings(),
      parts: ['island-topper'],
      jobs: 1,
    });
    const slot = topper!.features.find((f) => f.kind === 'cannon-slot')!;
    await initKernel();
    const bytes = withArena(() => {
      const plug = box([3, 3, 3]).translate(
        [0, 1, 2].map((k) => slot.positionMm[k]! - slot.axis[k]! * 2.5) as [number, number, number],
      );
      return serializeStl(union([fromMesh(parseStl(topper!.bytes)), plug]).toMesh(), 'plugged topper');
    });
    const run = await runner(
      RULES.filter((r) => r.id === 'assembly/cannon-seats'),
      new Map([['island-topper', { path: 'plugged-topper.stl', bytes }]]),
    );
    const whole = await run(3);
    expect(whole.findings.filter((f) => f.part === 'island-topper' && f.faction === null)).toHaveLength(1);
    expect(await run(1)).toEqual(whole);
  }, 120_000);
});
