/**
 * The lid is made from its tray's options, so it takes only what a tray takes (card-tray.ts
 * checkTrayOptions): a lid of NaN cards, infinite stacks or −1 bays is refused by name, never built empty
 * or silently. And, as a class: no builder a pack may name builds from a number that is not one.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { pieceBuilder, PIECE_BUILDER_IDS, SETTINGS_PARAMS } from '../../src/games/pieces.js';
import { DEFAULTS as TRAY } from '../../src/parts/card-tray.js';
import { loadBuilder } from '../../src/parts/registry.js';
import { DEFAULTS, trayLid } from '../../src/parts/tray-lid.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const TRAY_FIELDS = Object.keys(TRAY).filter((k) => k !== 'clearanceMm') as (keyof typeof TRAY)[];

describe('tray-lid', () => {
  it('builds its default: one closed body', () => {
    const r = buildAndInspect(() => trayLid());
    expect(r.topology.watertight).toBe(true);
    expect(r.topology.bodies).toBe(1);
  });

  it('refuses any tray option a tray would refuse, naming it (NaN, infinities, −1, part bays)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TRAY_FIELDS, 'overlapMm' as const, 'ceilingMm' as const),
        fc.constantFrom(NaN, Infinity, -Infinity, -1, 0, 1e9),
        (field, value) => {
          const refused = (() => {
            try {
              withArena(() => trayLid({ [field]: value }).solid.toMesh());
              return null;
            } catch (e) {
              if (e instanceof InputError) return e.message;
              throw e;
            }
          })();
          expect(refused).toMatch(
            new RegExp(
              `^tray-lid options \\(${field}\\): ${field} = ${String(value).replace('+', '\\+')} is not valid: expected `,
            ),
          );
        },
      ),
      { numRuns: 60 },
    );
    expect(() => trayLid({ columns: 1.5 })).toThrow(
      /columns = 1\.5 is not valid: expected a whole number of bays from 1 to 4/,
    );
    expect(DEFAULTS.columns).toBe(1);
  });
});

describe('every builder a pack may name', () => {
  it('refuses a number that is not finite for each numeric option, by name, and never builds an empty part', async () => {
    const cases: { id: (typeof PIECE_BUILDER_IDS)[number]; key: string; defaults: Record<string, unknown> }[] = [];
    for (const id of PIECE_BUILDER_IDS) {
      const pb = pieceBuilder(id);
      const defaults = await pb.defaults();
      for (const key of Object.keys(defaults))
        if (typeof defaults[key] === 'number' && !(SETTINGS_PARAMS as readonly string[]).includes(key))
          cases.push({ id, key, defaults });
    }
    expect(cases.length).toBeGreaterThan(30);
    for (const { id, key, defaults } of cases) {
      const build = await loadBuilder(id);
      for (const value of [NaN, Infinity, -Infinity]) {
        let error: unknown = null;
        try {
          withArena(() => build({ ...defaults, [key]: value }).solid.toMesh());
        } catch (e) {
          error = e;
        }
        expect(error, `${id}.${key} = ${value}`).toBeInstanceOf(InputError);
        expect((error as InputError).message, `${id}.${key}`).toMatch(new RegExp(`${key}|${id}`));
      }
    }
  });
});
