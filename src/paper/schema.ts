/**
 * The JSON Schema of a game pack's paper (schema/cards.schema.json), made from the tables its loader
 * (./pack-file.ts) checks against, as schema/game.schema.json is made from the pieces' (src/games/schema.ts):
 * the keys of each mapping, the block kinds, icons, token shapes, winds and angles off the wind, the colour
 * names, the limits. An editor then completes and flags what the loader accepts and refuses; what a schema
 * cannot say (text the lettering cannot draw, a card that overflows, a pattern with no `sailing`, a deck
 * named but not declared) the loader still reports at its line:column. test/paper/schema.test.ts keeps the
 * shipped file equal to this.
 */
import { PRINT_COLORS } from '../standard.js';
import { AREA_HEIGHT_MM, BLOCK_KINDS, ID, PAPER_LIMITS, PAPER_TEXT, TOKEN_SIZE_MM, TOP_KEYS } from './pack-file.js';
import { ICONS, TOKEN_SHAPES } from './pack-types.js';
import { OFF_WIND_DEG, WINDS } from './sailing.js';

/** A length with its unit, as the loader reads it (units.ts parseLengthMm): `16mm`, `0.6in`. */
const LENGTH_PATTERN = '^\\s*[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?\\s*(mm|cm|m|in|ft|")\\s*$';

const text = (maxLength: number, description?: string): object => ({
  type: 'string',
  maxLength,
  ...(description ? { description } : {}),
});
const list = (items: object, maxItems: number, description?: string): object => ({
  type: 'array',
  maxItems,
  items,
  ...(description ? { description } : {}),
});
const mapping = (required: readonly string[], properties: Record<string, object>, description?: string): object => ({
  type: 'object',
  additionalProperties: false,
  ...(required.length ? { required: [...required] } : {}),
  properties,
  ...(description ? { description } : {}),
});
const ref = (name: string): object => ({ $ref: `#/$defs/${name}` });
const length = (min: number, max: number): object => ({
  type: 'string',
  pattern: LENGTH_PATTERN,
  description: `A length with its unit, from ${min} mm to ${max} mm, e.g. ${min + 4}mm.`,
});

/** Each block kind's value. */
function blockValue(kind: (typeof BLOCK_KINDS)[number]): object {
  const labels = (max: number): object => list(text(PAPER_TEXT.label), max);
  switch (kind) {
    case 'heading':
      return text(PAPER_TEXT.heading, 'A heading over what follows.');
    case 'text':
      return text(PAPER_LIMITS.textChars, 'A paragraph, wrapped to the card.');
    case 'fields':
      return { ...labels(PAPER_TEXT.fieldLabels), description: 'Labels, each with a line to write on, one a line.' };
    case 'row':
      return { ...labels(PAPER_TEXT.rowLabels), description: 'Labels with their lines side by side on one line.' };
    case 'track':
      return mapping(
        ['label', 'boxes'],
        {
          label: text(PAPER_TEXT.trackLabel),
          boxes: { type: 'integer', minimum: 1, maximum: PAPER_LIMITS.boxes },
          fields: list(text(PAPER_TEXT.trackField), PAPER_TEXT.trackFields),
        },
        'A label, its write-ins (ARM, HP) and a row of boxes to tick.',
      );
    case 'lines':
      return mapping(
        ['label', 'count'],
        { label: text(PAPER_TEXT.linesLabel), count: { type: 'integer', minimum: 1, maximum: PAPER_LIMITS.lines } },
        'A label and ruled lines under it.',
      );
    case 'area':
      return mapping(
        ['label', 'height'],
        { label: text(PAPER_TEXT.areaLabel), height: length(AREA_HEIGHT_MM.min, AREA_HEIGHT_MM.max) },
        'A dashed space for tokens laid on the card.',
      );
    case 'icon':
      return { enum: [...ICONS] };
    case 'pattern':
      return {
        enum: [...WINDS],
        description: "The spaces a ship may sail to under this wind, drawn from the file's `sailing` (which it needs).",
      };
    case 'table':
      return mapping(
        ['header', 'rows'],
        {
          header: list(text(PAPER_TEXT.label), PAPER_LIMITS.tableCells),
          rows: list(
            list(
              { oneOf: [{ type: 'string', maxLength: PAPER_TEXT.cell }, { type: 'number' }] },
              PAPER_LIMITS.tableCells,
            ),
            PAPER_LIMITS.tableRows,
          ),
        },
        'Column titles and rows of cells, one a column.',
      );
  }
}

/** The JSON Schema of cards.yaml (draft 2020-12). */
export function paperSchema(): object {
  const rule = text(
    PAPER_LIMITS.textChars,
    'The rule the count and the content come from, or where they are ours and why.',
  );
  const blocks = list(ref('block'), PAPER_LIMITS.blocks, 'Blocks, top to bottom.');
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: "Shipwright game pack's paper",
    description:
      "A game pack's paper (games/<id>/cards.yaml): the cards, tokens and reference pages `shipwright cards --game ID` prints and `validate --game ID` checks, each counted per player or per table with the rule its count and content come from. It needs `cards`, `tokens` or `pages`. Generated from src/paper (npm run docs keeps it current).",
    type: 'object',
    additionalProperties: false,
    required: [...TOP_KEYS.required],
    properties: {
      title: text(PAPER_TEXT.title, "The PDF's title."),
      sailing: ref('sailing'),
      decks: list(ref('deck'), PAPER_LIMITS.entries, 'Decks the rules count: validate checks the cards that name one.'),
      cards: list(ref('card'), PAPER_LIMITS.entries),
      tokens: list(ref('token'), PAPER_LIMITS.entries),
      pages: list(ref('page'), PAPER_LIMITS.entries),
    },
    $defs: {
      id: {
        type: 'string',
        pattern: ID.re.source,
        maxLength: PAPER_TEXT.id,
        description: `Names it in messages and findings: ${ID.hint}; unique in the file.`,
      },
      count: mapping(
        [],
        {
          perPlayer: { type: 'integer', minimum: 0, maximum: PAPER_LIMITS.copies },
          perTable: { type: 'integer', minimum: 0, maximum: PAPER_LIMITS.copies },
        },
        'How many a table prints: perPlayer × players + perTable, at least 1.',
      ),
      color: {
        oneOf: [{ type: 'string', pattern: '^#[0-9a-fA-F]{6}$' }, { enum: Object.keys(PRINT_COLORS) }],
        description: 'A colour name or #rrggbb.',
      },
      block: { oneOf: BLOCK_KINDS.map((kind) => mapping([kind], { [kind]: blockValue(kind) })) },
      sailing: mapping(
        ['named', 'reach', 'rule'],
        {
          named: {
            enum: ['from', 'toward'],
            description: 'Whether a Wind Direction is named for where the wind blows from or toward.',
          },
          reach: list(
            mapping(['offDeg', 'spaces', 'allMasts'], {
              offDeg: { enum: [...OFF_WIND_DEG] },
              spaces: { type: 'integer', minimum: 1, maximum: PAPER_LIMITS.reach },
              allMasts: { type: 'integer', minimum: 1, maximum: PAPER_LIMITS.reach },
            }),
            OFF_WIND_DEG.length,
            `One reach for each angle off the wind (${OFF_WIND_DEG.join(', ')}°).`,
          ),
          rule: text(PAPER_LIMITS.textChars),
        },
        "Rigadoon's sailing rules as data: how far a ship sails at each angle off the wind.",
      ),
      deck: mapping(['id', 'name', 'rule'], {
        id: ref('id'),
        name: text(PAPER_TEXT.deckName),
        cards: { type: 'integer', minimum: 1, maximum: PAPER_LIMITS.copies },
        each: { type: 'integer', minimum: 1, maximum: PAPER_LIMITS.copies },
        rule: text(PAPER_LIMITS.textChars),
      }),
      card: mapping(['id', 'title', 'count', 'rule', 'body'], {
        id: ref('id'),
        title: text(PAPER_TEXT.cardTitle),
        band: text(PAPER_TEXT.band, "The card's kind, over its title."),
        color: ref('color'),
        count: ref('count'),
        rule,
        note: text(PAPER_TEXT.cardNote, "Small print at the card's foot."),
        deck: ref('id'),
        body: blocks,
      }),
      token: mapping(['id', 'label', 'shape', 'size', 'count', 'rule'], {
        id: ref('id'),
        label: text(PAPER_TEXT.tokenLabel),
        shape: { enum: [...TOKEN_SHAPES] },
        size: length(TOKEN_SIZE_MM.min, TOKEN_SIZE_MM.max),
        color: ref('color'),
        count: ref('count'),
        rule,
      }),
      page: mapping(['id', 'title', 'count', 'rule', 'body'], {
        id: ref('id'),
        title: text(PAPER_TEXT.pageTitle),
        count: ref('count'),
        rule,
        note: text(PAPER_TEXT.pageNote),
        body: blocks,
      }),
    },
  };
}
