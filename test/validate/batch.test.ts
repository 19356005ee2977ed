/**
 * validate over more factions than one context holds (VALIDATE_BATCH) checks them a batch at a time: the
 * same findings and figures, in the same order, as one context, the shared parts' findings counted once.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadFactionFile } from '../../src/faction/loader.js';
import { defaultSettings } from '../../src/generate/index.js';
import { RULES } from '../../src/validate/rules/index.js';
import { validateWithFiles } from '../../src/validate/validate.js';

const FX = 'test/fixtures/validate';

describe('validate in batches', () => {
  it('reports what one context reports, each finding once, over factions with findings of their own', async () => {
    // Findings on the factions' own parts (the hull without a coin slot, the card's move count and fittings), on a shared part (a
    // carriage whose slot lets the wheel out, in place of the generated one) and figures (tipping angles).
    const factions = await Promise.all(
      ['no-coin-slot.yaml', 'move-count-4.yaml', 'card-fittings-2.yaml'].map((f) =>
        loadFactionFile(`${FX}/${f}`, { rulebook: 'defer' }),
      ),
    );
    const settings = defaultSettings();
    const path = `${FX}/carriage-open-slot.stl`;
    const replacements = new Map([['carriage', { path, bytes: new Uint8Array(await readFile(path)) }]]);
    const rules = RULES.filter((r) => !r.id.startsWith('assembly/') || /stands|wheel-retained/.test(r.id));
    const run = (batch: number) =>
      validateWithFiles({ factions, settings, rules, batch, replacements, jobs: 1 }).then(({ findings, figures }) => ({
        findings,
        figures,
      }));
    const whole = await run(3);
    const batched = await run(1);
    expect(new Set(whole.findings.map((f) => f.faction)).size).toBeGreaterThan(2);
    expect(whole.findings.some((f) => f.faction === null)).toBe(true);
    expect(whole.figures.length).toBeGreaterThan(0);
    expect(batched).toEqual(whole);
  }, 120_000);
});
