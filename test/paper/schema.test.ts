/**
 * schema/cards.schema.json, the JSON Schema editors use for a pack's paper (games/<id>/cards.yaml): made
 * from the loader's own tables (src/paper/schema.ts), every shipped file points at it and validates, it
 * refuses what the loader refuses, and a bad cards.yaml run through the CLI is refused with exit 2 at its
 * file and line:column, with what would be valid, and nothing written.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GAMES_DIR, gameIds } from '../../src/games/loader.js';
import { parsePackPaper, PAPER_FILE } from '../../src/paper/pack-file.js';
import { paperSchema } from '../../src/paper/schema.js';
import { runInProcess as run } from '../helpers/cli.js';
import { schemaChecker, type Schema } from '../helpers/json-schema.js';

const SCHEMA_FILE = new URL('../../schema/cards.schema.json', import.meta.url);
const ROOT = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Schema;
const { validate } = schemaChecker(ROOT);
const papers = async (): Promise<string[]> =>
  (await gameIds()).filter((id) => existsSync(join(GAMES_DIR, id, PAPER_FILE)));

describe('schema/cards.schema.json', () => {
  it("is the one the loader's tables make (npm run docs remakes it)", () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8'), 'schema/cards.schema.json is stale: run npm run docs').toBe(
      `${JSON.stringify(paperSchema(), null, 2)}\n`,
    );
    expect((ROOT as { $schema?: string }).$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('every shipped cards.yaml points editors at it, validates against it and loads', async () => {
    const ids = await papers();
    expect(ids.sort()).toEqual(['cannonades', 'kingdom-fleets', 'rigadoon', 'ships-of-the-line']);
    for (const id of ids) {
      const path = join(GAMES_DIR, id, PAPER_FILE);
      const text = readFileSync(path, 'utf8');
      expect(text.split('\n')[0], id).toBe('# yaml-language-server: $schema=../../schema/cards.schema.json');
      expect(validate(parse(text), ROOT), id).toEqual([]);
      expect(() => parsePackPaper(text, path), id).not.toThrow();
    }
  });

  it('refuses what the loader refuses (the validator can fail)', () => {
    const text = readFileSync(join(GAMES_DIR, 'rigadoon', PAPER_FILE), 'utf8');
    const broken = parse(text) as {
      cards: Record<string, unknown>[];
      tokens?: unknown[];
      sailing: { reach: Record<string, unknown>[] };
    };
    broken.cards[0]!.colour = 'blue';
    broken.cards[0]!.count = { perTabel: 1 };
    (broken.cards[0]!.body as unknown[]).push({ pattern: 'NNE' }, { txet: 'x' });
    broken.sailing.reach[0]!.offDeg = 30;
    broken.tokens = [{ id: 'T', label: 'X', shape: 'hexagon', size: 16, count: { perTable: 1 }, rule: 'r' }];
    const errors = validate(broken, ROOT);
    expect(errors).toEqual(
      expect.arrayContaining([
        '$.sailing.reach[0].offDeg: not in enum',
        '$.cards[0]: unknown colour',
        '$.cards[0].count: unknown perTabel',
        expect.stringMatching(/^\$\.cards\[0\]\.body\[\d+\]: matches 0 of oneOf$/),
        '$.tokens[0].id: does not match ^[a-z0-9]+(-[a-z0-9]+)*$',
        '$.tokens[0].shape: not in enum',
        '$.tokens[0].size: not a string',
      ]),
    );
    expect(errors.filter((e) => e.includes('body['))).toHaveLength(2);
  });
});

describe('a bad cards.yaml, from the command line', () => {
  it('is refused with exit 2 at its file and line:column, what would be valid, no stack, nothing written', async () => {
    const work = mkdtempSync(join(tmpdir(), 'sw-paper-'));
    const pack = join(work, 'pack');
    cpSync(join(GAMES_DIR, 'cannonades'), pack, { recursive: true });
    const good = readFileSync(join(pack, PAPER_FILE), 'utf8');
    // A misspelt key and a count of none, each where it is written.
    writeFileSync(
      join(pack, PAPER_FILE),
      good
        .replace('    band: Cannonades\n    title: Your turn\n', '    band: Cannonades\n    titel: Your turn\n')
        .replace('count: { perPlayer: 1 }\n    rule: "Grin', 'count: { perPlayer: 0 }\n    rule: "Grin'),
    );
    const lines = readFileSync(join(pack, PAPER_FILE), 'utf8').split('\n');
    const at = (needle: string): number => lines.findIndex((l) => l.includes(needle)) + 1;
    const out = join(work, 'out');
    const r = await run('cards', '--game', pack, '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      new RegExp(
        `cards\\.yaml:${at('titel:')}:5: cards\\[0\\]\\.titel: unknown key \`titel\` in cards\\[0\\]; allowed keys: \`id\`, \`title\``,
      ),
    );
    expect(r.err).toMatch(
      new RegExp(`cards\\.yaml:${at('perPlayer: 0')}:\\d+: cards\\[1\\]\\.count: printed at least once`),
    );
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
    const v = await run('validate', '--game', pack);
    expect(v.code).toBe(2);
    expect(v.err).toMatch(/cards\.yaml:\d+:\d+: cards\[0\]\.titel: unknown key/);
  });
});
