/**
 * Random mutations of a valid faction file either load into a sane faction or fail with an InputError
 * whose every problem names the file, a place and what is wrong. Nothing else may ever be thrown.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { InputError } from '../../src/errors.js';
import { DEFAULT_FACTIONS_DIR } from '../../src/faction/loader.js';
import { parseFaction } from '../../src/faction/parse.js';
import { FACTION_LIMITS } from '../../src/faction/format.js';
import type { Faction } from '../../src/faction/types.js';
import { decodeUtf8 } from '../../src/files/read.js';

const NAME = 'factions/queens-fleet.yaml';
const TEXT = readFileSync(join(DEFAULT_FACTIONS_DIR, 'queens-fleet.yaml'), 'utf8');
const PLACE = /^(\d+:\d+|[A-Za-z$][\w$]*(\.[A-Za-z$][\w$]*|\[\d+\])*)$/;

/** Loads `text` and checks the outcome; returns whether it loaded. */
function loadsOrReports(load: () => Faction): boolean {
  let faction: Faction;
  try {
    faction = load();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    expect(e.problems.length).toBeGreaterThan(0);
    for (const p of e.problems) {
      expect(p.source).toBe(NAME);
      expect(p.place).toMatch(PLACE);
      expect(p.message.trim().length).toBeGreaterThan(10);
    }
    return false;
  }
  // Whatever loads is sane: a safe id, finite whole card numbers, a hull within its limits.
  expect(faction.id).toBe('queens-fleet');
  for (const n of [faction.card.ships, faction.card.moveCount, faction.card.fittings, faction.card.hitsToSink])
    expect(Number.isInteger(n)).toBe(true);
  expect(faction.model.hull.lengthMm).toBeGreaterThanOrEqual(FACTION_LIMITS.hullLengthMm.min);
  expect(faction.model.hull.lengthMm).toBeLessThanOrEqual(FACTION_LIMITS.hullLengthMm.max);
  for (const f of faction.model.fittings) expect(Math.abs(f.xMm)).toBeLessThan(faction.model.hull.lengthMm / 2);
  return true;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path into a JSON value (the root excluded). */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((k) => [[...prefix, k], ...paths((value as Record<string | number, Json>)[k]!, [...prefix, k])]);
}

function mutate(
  doc: Json,
  path: (string | number)[],
  op: 'delete' | 'replace' | 'insert',
  value: Json,
  key: string,
): Json {
  const copy = structuredClone(doc) as Record<string | number, Json>;
  let parent: Record<string | number, Json> = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (op === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (op === 'replace') parent[last] = value;
  else {
    const target = parent[last];
    if (target !== null && typeof target === 'object' && !Array.isArray(target))
      (target as Record<string, Json>)[key] = value;
    else if (Array.isArray(target)) target.push(value);
  }
  return copy;
}

const nasty = fc.oneof(
  fc.jsonValue() as fc.Arbitrary<Json>,
  fc.constantFrom<Json>(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -0,
    1e308,
    -1,
    0,
    7,
    '',
    ' ',
    '../x',
    '/abs',
    '86',
    '86mm',
    '5000mm',
    '-1mm',
    '1e999mm',
    '24in',
    'none',
    'turret',
    null,
    [],
    {},
  ),
);

describe('faction loader under random mutation', () => {
  const base = parse(TEXT) as Json;
  const allPaths = paths(base);

  it('loads the unmutated file', () => {
    expect(loadsOrReports(() => parseFaction(TEXT, NAME))).toBe(true);
  });

  it('survives deleted, replaced and inserted keys and values', () => {
    let rejected = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.nat(allPaths.length - 1),
            fc.constantFrom('delete', 'replace', 'insert') as fc.Arbitrary<'delete' | 'replace' | 'insert'>,
            nasty,
            fc.string({ maxLength: 12 }),
          ),
          { minLength: 1, maxLength: 4 },
        ),
        (edits) => {
          let doc = base;
          for (const [i, op, value, key] of edits) {
            const p = allPaths[i]!;
            try {
              doc = mutate(doc, p, op, value, key);
            } catch {
              // An earlier edit removed this path's parent: skip the edit.
            }
          }
          if (!loadsOrReports(() => parseFaction(stringify(doc), NAME))) rejected++;
        },
      ),
      { numRuns: 400 },
    );
    expect(rejected).toBeGreaterThan(100); // the mutations really do break files
  });

  it('survives text truncated anywhere', () => {
    fc.assert(
      fc.property(fc.nat(TEXT.length), (n) => void loadsOrReports(() => parseFaction(TEXT.slice(0, n), NAME))),
      { numRuns: 300 },
    );
  });

  it('survives random text spliced in anywhere', () => {
    const junk = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        '&a ',
        '*a',
        '*nope',
        '!!binary ',
        '\t',
        '---\n',
        '? ',
        ': ',
        '{',
        ']',
        '"',
        "'",
        '#',
        '\n  - ',
        '<<: *a',
        '%YAML 1.1\n',
      ),
    );
    fc.assert(
      fc.property(
        fc.nat(TEXT.length),
        fc.nat(8),
        junk,
        (at, cut, s) => void loadsOrReports(() => parseFaction(TEXT.slice(0, at) + s + TEXT.slice(at + cut), NAME)),
      ),
      { numRuns: 500 },
    );
  });

  it('survives random bytes, decoded as the loader decodes files', () => {
    const bytes = new TextEncoder().encode(TEXT);
    fc.assert(
      fc.property(fc.nat(bytes.length - 1), fc.uint8Array({ minLength: 1, maxLength: 16 }), (at, junk) => {
        const mutated = new Uint8Array([...bytes.subarray(0, at), ...junk, ...bytes.subarray(at + junk.length)]);
        loadsOrReports(() => parseFaction(decodeUtf8(mutated, NAME), NAME));
      }),
      { numRuns: 300 },
    );
  });
});
