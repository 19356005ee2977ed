/**
 * The JSON Schema of a game pack (schema/game.schema.json), made from the same tables the loader checks
 * against, so an editor completes exactly what the loader accepts: the builders and the parameters each
 * takes (its DEFAULTS, less the printer's and the split's), and the checks with theirs. test/games/schema
 * keeps the shipped file equal to this.
 */
import { CHECK_KINDS, CHECKS, type ParamType } from './checks.js';
import { PACK_LIMITS } from './limits.js';
import { PIECE_BUILDER_IDS, pieceBuilder, SETTINGS_PARAMS, type PieceBuilder } from './pieces.js';

const ID_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

const jsonType = (d: unknown): object =>
  Array.isArray(d)
    ? { type: 'array', default: d }
    : typeof d === 'number'
      ? { type: 'number', default: d }
      : typeof d === 'boolean'
        ? { type: 'boolean', default: d }
        : typeof d === 'string'
          ? { type: 'string', default: d }
          : { type: 'object' };

const checkParamType: Record<ParamType, object> = {
  piece: { type: 'string', pattern: ID_PATTERN, description: "one of this pack's piece ids" },
  integer: { type: 'integer' },
  number: { type: 'number' },
  text: { type: 'string' },
  numbers: { type: 'array', items: { type: 'number' }, minItems: 1 },
  texts: { type: 'array', items: { type: ['string', 'number'] }, minItems: 1 },
};

export async function gameSchema(): Promise<object> {
  const paramsOf = async (id: (typeof PIECE_BUILDER_IDS)[number]): Promise<object> => {
    const pb: PieceBuilder = pieceBuilder(id);
    const all = { ...(await pb.defaults()), ...(pb.pieceParams ?? {}) };
    const skip = new Set<string>([...(pb.internal ?? []), ...SETTINGS_PARAMS]);
    const properties = Object.fromEntries(
      Object.entries(all)
        .filter(([k]) => !skip.has(k))
        .map(([k, d]) => [k, jsonType(d)]),
    );
    return { type: 'object', additionalProperties: false, properties };
  };
  const byBuilder = await Promise.all(
    PIECE_BUILDER_IDS.map(async (id) => {
      const params = await paramsOf(id);
      return {
        if: { properties: { builder: { const: id } }, required: ['builder'] },
        then: { properties: { params, variants: { items: { properties: { params } } } } },
      };
    }),
  );
  const checks = CHECK_KINDS.map((kind) => {
    const spec = CHECKS[kind].params as Record<string, { type: ParamType; default?: unknown }>;
    const required = ['check', 'rule', ...Object.keys(spec).filter((k) => spec[k]!.default === undefined)];
    const properties = {
      check: { const: kind, description: CHECKS[kind].title },
      rule: { type: 'string', description: 'Where the rulebook says so, quoted in findings.' },
      ...Object.fromEntries(
        Object.entries(spec).map(([k, p]) => [
          k,
          { ...checkParamType[p.type], ...(p.default === undefined ? {} : { default: p.default }) },
        ]),
      ),
    };
    return { type: 'object', additionalProperties: false, required, properties };
  });
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Shipwright game pack',
    description:
      'One game Shipwright prints for (games/<id>/game.yaml): its pieces, how many per player or per table and the rule each count comes from, their colours, builders and parameters, and the checks `shipwright validate --game` runs. Generated from src/games (npm run docs keeps it current).',
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name', 'rulebook', 'players'],
    properties: {
      id: {
        type: 'string',
        pattern: ID_PATTERN,
        maxLength: 40,
        description: 'Names the pack (`--game ID`) and its output folder (out/ID).',
      },
      name: { type: 'string', maxLength: 80 },
      rulebook: { type: 'string', maxLength: 300, description: 'The rules the pack follows.' },
      players: {
        type: 'object',
        additionalProperties: false,
        required: ['min', 'max'],
        properties: {
          min: { type: 'integer', minimum: 1, maximum: PACK_LIMITS.players },
          max: { type: 'integer', minimum: 1, maximum: PACK_LIMITS.players },
        },
      },
      colors: {
        type: 'array',
        items: { type: 'string' },
        description: 'Seat colours, one per player up to players.max; a piece coloured `player` is printed in each.',
      },
      factions: {
        type: 'string',
        description:
          'Cannons & Coastlines (or a copy of it): the folder of faction files, relative to the pack, whose faction sets it prints; such a pack takes no pieces, checks or colors, and plays 2–20.',
      },
      pieces: {
        type: 'array',
        maxItems: PACK_LIMITS.files,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'builder', 'count', 'rule'],
          properties: {
            id: {
              type: 'string',
              pattern: ID_PATTERN,
              maxLength: 40,
              description: 'Names its file: <id>.stl, or <id>-<variant>.stl.',
            },
            builder: { enum: PIECE_BUILDER_IDS },
            count: {
              type: 'object',
              additionalProperties: false,
              properties: {
                perPlayer: { type: 'integer', minimum: 0, maximum: PACK_LIMITS.tablePieces },
                perTable: { type: 'integer', minimum: 0, maximum: PACK_LIMITS.tablePieces },
              },
            },
            rule: { type: 'string', maxLength: 300, description: 'The rule the count comes from.' },
            color: {
              type: 'string',
              default: 'any',
              description: 'A colour name, `player` (one per seat, in its colour) or `any`.',
            },
            material: { type: 'string', default: 'pla' },
            optional: { type: 'boolean', default: false },
            params: { type: 'object' },
            variants: {
              type: 'array',
              maxItems: PACK_LIMITS.files,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['id'],
                properties: { id: { type: 'string' }, params: { type: 'object' } },
              },
            },
            variantsFile: {
              type: 'string',
              pattern: '^[A-Za-z0-9_-]+\\.ya?ml$',
              description: 'A YAML file in the pack folder holding `variants:`.',
            },
          },
          allOf: byBuilder,
        },
      },
      checks: { type: 'array', items: { oneOf: checks } },
    },
  };
}
