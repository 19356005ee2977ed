/**
 * The JSON Schema that editors use must agree with the loader: every shipped faction file validates
 * against it, and its key sets and enumerations are the loader's. The validator is a small structural
 * check of the keywords the schema uses (a full JSON Schema library is not needed for that).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_FACTIONS_DIR } from '../../src/faction/loader.js';
import { FACTION_KEYS, ID_PATTERN, COLOR_PATTERN, FACTION_LIMITS } from '../../src/faction/format.js';
import { CARGO_KINDS, EMBLEM_SHAPES, FITTING_KINDS, HULL_STYLES, ORNAMENT_KINDS, SAIL_LOOKS, SLOT_FACINGS, SURFACES } from '../../src/faction/types.js';
import { SHIPS_PER_SET, MOVE_COUNT } from '../../src/rules/rulebook.js';

interface Schema {
  $ref?: string;
  type?: 'object' | 'array' | 'string' | 'integer' | 'number';
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  oneOf?: Schema[];
  $defs?: Record<string, Schema>;
}

const KNOWN = new Set(['$schema', '$id', 'title', 'description', '$ref', 'type', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'enum', 'const', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'oneOf', '$defs']);
const ROOT = JSON.parse(readFileSync('schema/faction.schema.json', 'utf8')) as Schema;

function def(ref: string): Schema {
  const name = /^#\/\$defs\/(\w+)$/.exec(ref)?.[1];
  const s = name === undefined ? undefined : ROOT.$defs?.[name];
  if (!s) throw new Error(`unresolvable $ref ${ref}`);
  return s;
}

/** Errors of `value` against `schema`, each as `path: what`. */
function validate(value: unknown, schema: Schema, path = '$'): string[] {
  for (const k of Object.keys(schema)) if (!KNOWN.has(k)) throw new Error(`the test's validator does not know the keyword ${k} (at ${path})`);
  const errors: string[] = [];
  if (schema.$ref) errors.push(...validate(value, def(schema.$ref), path));
  if (schema.oneOf) {
    const passing = schema.oneOf.filter((s) => validate(value, s, path).length === 0).length;
    if (passing !== 1) errors.push(`${path}: matches ${passing} of oneOf`);
  }
  if ('const' in schema && value !== schema.const) errors.push(`${path}: not ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${path}: not in enum`);
  const t = schema.type;
  if (t === 'object') {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return [...errors, `${path}: not an object`];
    const obj = value as Record<string, unknown>;
    for (const r of schema.required ?? []) if (!(r in obj)) errors.push(`${path}: missing ${r}`);
    for (const [k, v] of Object.entries(obj)) {
      const sub = schema.properties?.[k];
      if (sub) errors.push(...validate(v, sub, `${path}.${k}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unknown ${k}`);
    }
  } else if (t === 'array') {
    if (!Array.isArray(value)) return [...errors, `${path}: not an array`];
    if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${path}: too few items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) errors.push(`${path}: too many items`);
    if (schema.items) value.forEach((v, i) => errors.push(...validate(v, schema.items!, `${path}[${i}]`)));
  } else if (t === 'string') {
    if (typeof value !== 'string') return [...errors, `${path}: not a string`];
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) errors.push(`${path}: does not match ${schema.pattern}`);
    if (schema.minLength !== undefined && value.length < schema.minLength) errors.push(`${path}: too short`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) errors.push(`${path}: too long`);
  } else if (t === 'integer' || t === 'number') {
    if (typeof value !== 'number' || (t === 'integer' && !Number.isInteger(value))) return [...errors, `${path}: not an ${t}`];
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${path}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${path}: above ${schema.maximum}`);
  }
  return errors;
}

const shipped = readdirSync(DEFAULT_FACTIONS_DIR).filter((f) => f.endsWith('.yaml'));

describe('schema/faction.schema.json', () => {
  it('is JSON Schema 2020-12 and every faction file points editors at it', () => {
    expect((ROOT as { $schema?: string }).$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(shipped).toHaveLength(7);
    for (const f of shipped) expect(readFileSync(join(DEFAULT_FACTIONS_DIR, f), 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../schema/faction.schema.json');
  });

  for (const f of shipped) {
    it(`validates ${f}`, () => {
      expect(validate(parse(readFileSync(join(DEFAULT_FACTIONS_DIR, f), 'utf8')), ROOT)).toEqual([]);
    });
  }

  it('rejects what the loader rejects (the validator can fail)', () => {
    const qf = parse(readFileSync(join(DEFAULT_FACTIONS_DIR, 'queens-fleet.yaml'), 'utf8')) as { id: string; card: Record<string, unknown>; model: { hull: Record<string, unknown>; cannonSlots: unknown[]; coinSlot: unknown } };
    const broken = structuredClone(qf);
    broken.id = '../x';
    broken.card.ships = 7;
    broken.card.moveCuont = 2;
    broken.model.hull.length = 86;
    broken.model.cannonSlots.push({ mount: 'turret', facing: 'bow' });
    broken.model.coinSlot = 'nowhere';
    expect(validate(broken, ROOT)).toEqual([
      '$.id: does not match ^[a-z0-9]+(-[a-z0-9]+)*$',
      '$.card.ships: above 5',
      '$.card: unknown moveCuont',
      '$.model.hull.length: not a string',
      '$.model.cannonSlots[2]: matches 0 of oneOf',
      '$.model.coinSlot: matches 0 of oneOf',
    ]);
  });

  it('has exactly the loader\'s key sets, one definition per mapping', () => {
    const where = (name: string): Schema => (name === 'faction' ? ROOT : def(`#/$defs/${name}`));
    for (const [name, keys] of Object.entries(FACTION_KEYS)) {
      const s = where(name);
      expect(s.additionalProperties, name).toBe(false);
      expect(Object.keys(s.properties ?? {}).sort(), name).toEqual([...keys.required, ...keys.optional].sort());
      expect([...(s.required ?? [])].sort(), name).toEqual([...keys.required].sort());
    }
  });

  it('has the loader\'s enumerations, patterns and bounds', () => {
    const props = (name: string): Record<string, Schema> => def(`#/$defs/${name}`).properties!;
    expect(props('hull').style!.enum).toEqual([...HULL_STYLES]);
    expect(props('fitting').kind!.enum).toEqual([...FITTING_KINDS]);
    expect(props('hullCannonSlot').facing!.enum).toEqual([...SLOT_FACINGS]);
    expect(props('look').surface!.enum).toEqual([...SURFACES]);
    expect(props('look').cargo!.enum).toEqual([...CARGO_KINDS]);
    expect(props('look').sails!.enum).toEqual([...SAIL_LOOKS]);
    expect(props('ornamentEmblem').shape!.enum).toEqual([...EMBLEM_SHAPES]);
    const kinds = (def('#/$defs/look').properties!.ornaments!.items as Schema).oneOf!.map((o) => (def(o.$ref!).properties!.kind as { const: string }).const);
    expect(kinds).toEqual([...ORNAMENT_KINDS]);
    expect([props('ornamentSternWindows').count!.minimum, props('ornamentSternWindows').count!.maximum]).toEqual([FACTION_LIMITS.sternWindows.min, FACTION_LIMITS.sternWindows.max]);
    expect(ROOT.properties!.id!.pattern).toBe(ID_PATTERN.source);
    expect(props('card').color!.pattern).toBe(COLOR_PATTERN.source);
    expect([props('card').ships!.minimum, props('card').ships!.maximum]).toEqual([SHIPS_PER_SET.min, SHIPS_PER_SET.max]);
    expect([props('card').moveCount!.minimum, props('card').moveCount!.maximum]).toEqual([MOVE_COUNT.min, MOVE_COUNT.max]);
    expect(props('model').fittings!.maxItems).toBe(FACTION_LIMITS.listItems);
    expect(props('ability').text!.maxLength).toBe(FACTION_LIMITS.abilityTextChars);
  });

  it('describes every property', () => {
    const undescribed: string[] = [];
    const walk = (s: Schema, path: string): void => {
      for (const [k, sub] of Object.entries(s.properties ?? {})) {
        if (!(sub as { description?: string }).description) undescribed.push(`${path}.${k}`);
      }
    };
    walk(ROOT, '$');
    for (const [name, s] of Object.entries(ROOT.$defs ?? {})) walk(s, name);
    expect(undescribed).toEqual([]);
  });
});
