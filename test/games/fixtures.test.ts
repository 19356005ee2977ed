/**
 * Each shipped pack validates clean, and each broken variant of it (test/games/broken-packs.ts) is caught
 * by the rule that should catch it, with exit-1 findings (errors). The fixtures are real pack folders a
 * user could point `--game` at.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { initKernel } from '../../src/geometry/kernel.js';
import { defaultSettings, type PartCache } from '../../src/generate/index.js';
import { openDiskCache } from '../../src/io/cache.js';
import { GAMES_DIR, loadGame, loadGames } from '../../src/games/loader.js';
import { validatePack } from '../../src/games/rules.js';
import { BROKEN_PACKS } from './broken-packs.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/games');

/** The broken pack's game.yaml: the shipped one with its edits, comments kept, and a first line saying why. */
function brokenText(b: (typeof BROKEN_PACKS)[number]): string {
  const doc = parseDocument(readFileSync(join(GAMES_DIR, b.game, 'game.yaml'), 'utf8'));
  for (const e of [b, ...(b.also ?? [])]) doc.setIn(e.set, doc.createNode(e.value, { flow: true }));
  return `# Broken on purpose (test/games/broken-packs.ts): ${b.why}.\n${doc.toString({ lineWidth: 0 })}`;
}

/** One part cache for every run here: the broken packs share most of their parts with the shipped ones. */
let cache: PartCache;

beforeAll(async () => {
  await initKernel();
  cache = await openDiskCache(mkdtempSync(join(tmpdir(), 'sw-packs-')));
  if (!process.env.MAKE_FIXTURES) return;
  for (const b of BROKEN_PACKS) {
    const dir = join(FIXTURES, b.name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'game.yaml'), brokenText(b));
    // The pack's other files (a variants file) come along unchanged.
    for (const f of readdirSync(join(GAMES_DIR, b.game)))
      if (f !== 'game.yaml') copyFileSync(join(GAMES_DIR, b.game, f), join(dir, f));
  }
});

describe('game packs, validated', () => {
  it('every shipped pack of pieces validates clean', async () => {
    for (const game of await loadGames()) {
      if (game.factionsDir) continue;
      const findings = await validatePack(game, defaultSettings(), { jobs: 2, cache });
      expect(
        findings.map((f) => `${f.rule}: ${f.message}`),
        game.id,
      ).toEqual([]);
    }
  }, 60_000);

  it('has at least three broken variants of every pack of pieces, each fixture current', async () => {
    for (const game of await loadGames())
      if (!game.factionsDir)
        expect(BROKEN_PACKS.filter((b) => b.game === game.id).length, game.id).toBeGreaterThanOrEqual(3);
    for (const b of BROKEN_PACKS) {
      expect(
        existsSync(join(FIXTURES, b.name, 'game.yaml')),
        `${b.name}: run MAKE_FIXTURES=1 npx vitest run test/games/fixtures.test.ts`,
      ).toBe(true);
      expect(readFileSync(join(FIXTURES, b.name, 'game.yaml'), 'utf8'), b.name).toBe(brokenText(b));
    }
  });

  for (const b of BROKEN_PACKS) {
    it(`catches ${b.name}: ${b.why}`, async () => {
      const game = await loadGame(join(FIXTURES, b.name));
      // The pack's own checks only: the print rules see the same parts as in the shipped pack, checked above.
      const findings = await validatePack(game, defaultSettings(), { jobs: 2, cache, printRules: false });
      const errors = findings.filter((f) => f.severity === 'error');
      expect(errors.map((f) => f.rule)).toContain(b.rule);
    }, 30_000);
  }
});
