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
import {
  CARGO_KINDS,
  EMBLEM_SHAPES,
  FITTING_KINDS,
  HULL_STYLES,
  ORNAMENT_KINDS,
  SAIL_LOOKS,
  SLOT_FACINGS,
  SURFACES,
} from '../../src/faction/types.js';
import { SHIPS_PER_SET, MOVE_COUNT } from '../../src/rules/rulebook.js';
import { schemaChecker, type Schema } from '../helpers/json-schema.js';

const ROOT = JSON.parse(readFileSync('schema/faction.schema.json', 'utf8')) as Schema;
const { def, validate } = schemaChecker(ROOT);

const shipped = readdirSync(DEFAULT_FACTIONS_DIR).filter((f) => f.endsWith('.yaml'));

describe('schema/faction.schema.json', () => {
  it('is JSON Schema 2020-12 and every faction file points editors at it', () => {
    expect((ROOT as { $schema?: string }).$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(shipped).toHaveLength(7);
    for (const f of shipped)
      expect(readFileSync(join(DEFAULT_FACTIONS_DIR, f), 'utf8').split('\n')[0]).toBe(
        '# yaml-language-server: $schema=../schema/faction.schema.json',
      );
  });

  for (const f of shipped) {
    it(`validates ${f}`, () => {
      expect(validate(parse(readFileSync(join(DEFAULT_FACTIONS_DIR, f), 'utf8')), ROOT)).toEqual([]);
    });
  }

  it('rejects what the loader rejects (the validator can fail)', () => {
    const qf = parse(readFileSync(join(DEFAULT_FACTIONS_DIR, 'queens-fleet.yaml'), 'utf8')) as {
      id: string;
      card: Record<string, unknown>;
      model: { hull: Record<string, unknown>; cannonSlots: unknown[]; coinSlot: unknown };
    };
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

  it("has exactly the loader's key sets, one definition per mapping", () => {
    const where = (name: string): Schema => (name === 'faction' ? ROOT : def(`#/$defs/${name}`));
    for (const [name, keys] of Object.entries(FACTION_KEYS)) {
      const s = where(name);
      expect(s.additionalProperties, name).toBe(false);
      expect(Object.keys(s.properties ?? {}).sort(), name).toEqual([...keys.required, ...keys.optional].sort());
      expect([...(s.required ?? [])].sort(), name).toEqual([...keys.required].sort());
    }
  });

  it("has the loader's enumerations, patterns and bounds", () => {
    const props = (name: string): Record<string, Schema> => def(`#/$defs/${name}`).properties!;
    expect(props('hull').style!.enum).toEqual([...HULL_STYLES]);
    expect(props('fitting').kind!.enum).toEqual([...FITTING_KINDS]);
    expect(props('hullCannonSlot').facing!.enum).toEqual([...SLOT_FACINGS]);
    expect(props('look').surface!.enum).toEqual([...SURFACES]);
    expect(props('look').cargo!.enum).toEqual([...CARGO_KINDS]);
    expect(props('look').sails!.enum).toEqual([...SAIL_LOOKS]);
    expect(props('ornamentEmblem').shape!.enum).toEqual([...EMBLEM_SHAPES]);
    const kinds = (def('#/$defs/look').properties!.ornaments!.items as Schema).oneOf!.map(
      (o) => (def(o.$ref!).properties!.kind as { const: string }).const,
    );
    expect(kinds).toEqual([...ORNAMENT_KINDS]);
    expect([props('ornamentSternWindows').count!.minimum, props('ornamentSternWindows').count!.maximum]).toEqual([
      FACTION_LIMITS.sternWindows.min,
      FACTION_LIMITS.sternWindows.max,
    ]);
    expect(ROOT.properties!.id!.pattern).toBe(ID_PATTERN.source);
    expect(props('card').color!.pattern).toBe(COLOR_PATTERN.source);
    expect([props('card').ships!.minimum, props('card').ships!.maximum]).toEqual([
      SHIPS_PER_SET.min,
      SHIPS_PER_SET.max,
    ]);
    expect([props('card').moveCount!.minimum, props('card').moveCount!.maximum]).toEqual([
      MOVE_COUNT.min,
      MOVE_COUNT.max,
    ]);
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
