/**
 * Every rule `validate` can report is named in a test: the factions' rules, a pack's paper rules and each
 * shipped pack's checks (`<pack>/<check>`), as `validate --list-rules` lists them. Naming is what this
 * house test can see; the test that names a rule is the one that fires it on input a user could write (a
 * broken faction or pack fixture, a part from another tool), or where only our constants can break it, on
 * the unit it checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGames } from '../../src/games/loader.js';
import { packRules } from '../../src/games/rules.js';
import { PAPER_RULES } from '../../src/paper/pack-check.js';
import { RULES } from '../../src/validate/rules/index.js';

const TEST = join(import.meta.dirname, '..');
const SELF = 'house/rule-ids.test.ts';

/** Every test source but this one, joined: where a rule id must appear, spelled out whole. */
const tests = (readdirSync(TEST, { recursive: true }) as string[])
  .map((f) => f.replaceAll('\\', '/'))
  .filter((f) => f.endsWith('.ts') && f !== SELF)
  .map((f) => readFileSync(join(TEST, f), 'utf8'))
  .join('\n');

describe('rule ids', () => {
  it('names every rule validate can report in some test', async () => {
    const packs = (await loadGames()).flatMap((g) => packRules(g, [], false).map((r) => r.id));
    const ids = [...new Set([...RULES.map((r) => r.id), ...PAPER_RULES.map((r) => r.id), ...packs])];
    // The lists are the ones validate runs: the count would see a rule that fell out of them.
    expect(ids.length).toBeGreaterThan(60);
    // Whole: `print/bed` is not named by `print/bed-chamfer`.
    const named = (id: string): boolean => new RegExp(`(?<![\\w/-])${id}(?![\\w/-])`).test(tests);
    expect(ids.filter((id) => !named(id))).toEqual([]);
  });
});
