/**
 * Loads a game pack's paper (games/<id>/cards.yaml) as game.yaml is loaded (src/games/loader.ts): size
 * capped, strict UTF-8, YAML syntax, duplicate keys and aliases refused, then every field checked with its
 * line:column and what would be valid, all the file's problems at once. Text is checked to be drawable by
 * the lettering; what depends on the layout (text that does not fit its card) is refused by the layout
 * (src/paper/pack.ts), at the card's line:column.
 */
import { join } from 'node:path';
import { InputError, type Problem } from '../errors.js';
import { childPath, type Field, type YamlReader } from '../faction/yaml-reader.js';
import { readerFor } from '../games/loader.js';
import type { Game } from '../games/types.js';
import { pathExists, readTextFile } from '../files/read.js';
import { HEX_COLOR, PRINT_COLORS } from '../standard.js';
import {
  ICONS,
  TOKEN_SHAPES,
  type Block,
  type Count,
  type Deck,
  type PackPaper,
  type PaperCard,
  type PaperToken,
  type ReferencePage,
} from './pack-types.js';
import { OFF_WIND_DEG, WINDS, type OffWindDeg, type Reach } from './sailing.js';

export const PAPER_FILE = 'cards.yaml';
const MAX_PAPER_FILE_BYTES = 256 * 1024;
export const ID = {
  re: /^[a-z0-9]+(-[a-z0-9]+)*$/,
  hint: 'lowercase letters, digits and single hyphens, e.g. north-wind',
};

/**
 * Bounds on a file's asks, so a typo cannot ask for a ream: 200 copies of one card or token on a table
 * (Ships of the Line's deck, the largest the rulebooks name, is 56 cards, 8 of each), 100 entries of each
 * kind, 12 boxes on a track and a sailing pattern 6 spaces out (what a card's width draws legibly).
 */
export const PAPER_LIMITS = {
  copies: 200,
  entries: 100,
  blocks: 30,
  boxes: 12,
  reach: 6,
  textChars: 1200,
  tableCells: 12,
  tableRows: 40,
  lines: 20,
} as const;

/** Longest text of each field, in characters: what its place on a card or page holds (schema/cards.schema.json has the same). */
export const PAPER_TEXT = {
  title: 120,
  id: 40,
  deckName: 60,
  color: 40,
  label: 40,
  rowLabels: 4,
  fieldLabels: 12,
  trackLabel: 30,
  trackField: 12,
  trackFields: 3,
  linesLabel: 60,
  areaLabel: 60,
  heading: 100,
  cell: 80,
  cardTitle: 40,
  band: 40,
  cardNote: 200,
  tokenLabel: 12,
  pageTitle: 80,
  pageNote: 300,
} as const;
/** A token's side, mm: from a counter fingers pick up (10 mm) to one that still leaves a card's face readable under it (40 mm). */
export const TOKEN_SIZE_MM = { min: 10, max: 40 } as const;
/** A space for tokens on a card or page, mm. */
export const AREA_HEIGHT_MM = { min: 5, max: 200 } as const;

export const TOP_KEYS = { required: ['title'], optional: ['sailing', 'decks', 'cards', 'tokens', 'pages'] } as const;
export const BLOCK_KINDS = [
  'heading',
  'text',
  'fields',
  'row',
  'track',
  'lines',
  'area',
  'icon',
  'pattern',
  'table',
] as const;

/** The pack's paper file, or null when the pack has none. */
export function paperFileOf(game: Pick<Game, 'dir'>): string | null {
  const path = join(game.dir, PAPER_FILE);
  return pathExists(path) ? path : null;
}

/** The pack's paper, or null when it has no cards.yaml. */
export async function loadPackPaper(game: Pick<Game, 'dir'>): Promise<PackPaper | null> {
  const path = paperFileOf(game);
  return path === null ? null : parsePackPaper(await readTextFile(path, MAX_PAPER_FILE_BYTES), path);
}

/** Parses and checks one cards.yaml; `source` names it in messages. */
export function parsePackPaper(text: string, source: string): PackPaper {
  const r = readerFor(text, source, "a pack's paper");
  const reader = r.reader;
  if (r.doc === null)
    throw InputError.single(
      source,
      '1:1',
      "the file is empty; a pack's paper is a mapping with `title` and `cards`, `tokens` or `pages` (see games/rigadoon/cards.yaml)",
    );
  const root: Field = { node: r.doc, at: r.doc };
  const top = reader.mapping(
    root,
    '',
    { required: [...TOP_KEYS.required], optional: [...TOP_KEYS.optional] },
    "a pack's paper",
  );
  if (!top) throw new InputError([...r.problems, ...reader.problems]);
  const title = top.get('title') && reader.drawnText(top.get('title')!, 'title', PAPER_TEXT.title);
  if (!top.get('cards') && !top.get('tokens') && !top.get('pages'))
    reader.report(root.at, '', "a pack's paper needs `cards`, `tokens` or `pages`");
  const sailing = top.get('sailing') ? readSailing(reader, top.get('sailing')!) : null;
  const entries = (key: string): Field[] =>
    top.get(key) ? (reader.list(top.get(key)!, key, key, PAPER_LIMITS.entries) ?? []) : [];
  const decks = entries('decks')
    .map((f, i) => readDeck(reader, f, `decks[${i}]`))
    .filter((d): d is Deck => d !== undefined);
  const ctx = { hasSailing: top.get('sailing') !== undefined, decks: decks.map((d) => d.id) };
  const cards = entries('cards')
    .map((f, i) => readCard(reader, f, `cards[${i}]`, ctx))
    .filter((c): c is PaperCard => c !== undefined);
  const tokens = entries('tokens')
    .map((f, i) => readToken(reader, f, `tokens[${i}]`))
    .filter((t): t is PaperToken => t !== undefined);
  const pages = entries('pages')
    .map((f, i) => readPage(reader, f, `pages[${i}]`, ctx))
    .filter((p): p is ReferencePage => p !== undefined);
  // Ids name what `cards` reports and what validate's findings point at: one thing each.
  const seen = new Set<string>();
  for (const key of ['decks', 'cards', 'tokens', 'pages'])
    entries(key).forEach((f, i) => {
      const id = reader.peek(f, 'id');
      if (typeof id !== 'string') return;
      if (seen.has(id))
        reader.report(
          f.at,
          `${key}[${i}].id`,
          `"${id}" is already used in this file; each deck, card, token and page needs its own id`,
        );
      seen.add(id);
    });
  const problems: Problem[] = [...r.problems, ...reader.problems];
  if (problems.length > 0 || title === undefined || (top.get('sailing') && !sailing)) throw new InputError(problems);
  return { source, title, sailing: sailing ?? null, decks, cards, tokens, pages };
}

function readSailing(reader: YamlReader, f: Field): PackPaper['sailing'] | undefined {
  const m = reader.mapping(f, 'sailing', { required: ['named', 'reach', 'rule'], optional: [] }, 'the sailing rules');
  if (!m) return undefined;
  const named = m.get('named') && reader.choice(m.get('named')!, 'sailing.named', ['from', 'toward'] as const);
  const rule = m.get('rule') && reader.text(m.get('rule')!, 'sailing.rule', PAPER_LIMITS.textChars);
  const items =
    m.get('reach') &&
    reader.list(
      m.get('reach')!,
      'sailing.reach',
      `reaches, one for each angle off the wind (${OFF_WIND_DEG.join(', ')}°)`,
      OFF_WIND_DEG.length,
    );
  const reach: Reach[] = [];
  (items ?? []).forEach((it, i) => {
    const p = `sailing.reach[${i}]`;
    const rm = reader.mapping(it, p, { required: ['offDeg', 'spaces', 'allMasts'], optional: [] }, 'a reach');
    if (!rm) return;
    const offDeg = rm.get('offDeg') && reader.integer(rm.get('offDeg')!, childPath(p, 'offDeg'), { min: 0, max: 180 });
    if (offDeg !== undefined && !(OFF_WIND_DEG as readonly number[]).includes(offDeg))
      reader.report(
        rm.get('offDeg')!.at,
        childPath(p, 'offDeg'),
        `${offDeg}° is not a heading's angle off the wind; ships sail the 8 compass headings, so expected one of ${OFF_WIND_DEG.join(', ')}`,
      );
    // "Ships with Masts can sail in any direction": every heading at least a space.
    const spaces =
      rm.get('spaces') &&
      reader.integer(
        rm.get('spaces')!,
        childPath(p, 'spaces'),
        { min: 1, max: PAPER_LIMITS.reach },
        '"Ships with Masts can sail in any direction": at least 1',
      );
    const allMasts =
      rm.get('allMasts') &&
      reader.integer(
        rm.get('allMasts')!,
        childPath(p, 'allMasts'),
        { min: spaces ?? 1, max: PAPER_LIMITS.reach },
        'a ship with all 3 Masts sails at least as far as one with fewer',
      );
    if (
      offDeg === undefined ||
      spaces === undefined ||
      allMasts === undefined ||
      !(OFF_WIND_DEG as readonly number[]).includes(offDeg)
    )
      return;
    if (reach.some((x) => x.offDeg === offDeg))
      reader.report(
        rm.get('offDeg')!.at,
        childPath(p, 'offDeg'),
        `${offDeg}° off the wind is already given; one reach per angle`,
      );
    else reach.push({ offDeg: offDeg as OffWindDeg, spaces, allMasts });
  });
  const missing = OFF_WIND_DEG.filter((d) => !reach.some((x) => x.offDeg === d));
  if (items && missing.length > 0 && reach.length === items.length)
    reader.report(
      m.get('reach')!.at,
      'sailing.reach',
      `no reach for ${missing.join(', ')}° off the wind; give one for each of ${OFF_WIND_DEG.join(', ')} (the pattern "applies to all 8 Wind Directions")`,
    );
  if (!named || !rule || missing.length > 0) return undefined;
  return { named, reach: [...reach].sort((a, b) => a.offDeg - b.offDeg), rule, place: reader.placeOf(f.at, 'sailing') };
}

function readDeck(reader: YamlReader, f: Field, path: string): Deck | undefined {
  const m = reader.mapping(f, path, { required: ['id', 'name', 'rule'], optional: ['cards', 'each'] }, 'a deck');
  if (!m) return undefined;
  const id = m.get('id') && reader.text(m.get('id')!, childPath(path, 'id'), PAPER_TEXT.id, ID);
  const name = m.get('name') && reader.drawnText(m.get('name')!, childPath(path, 'name'), PAPER_TEXT.deckName);
  const rule = m.get('rule') && reader.text(m.get('rule')!, childPath(path, 'rule'), PAPER_LIMITS.textChars);
  const cards = m.get('cards')
    ? reader.integer(m.get('cards')!, childPath(path, 'cards'), { min: 1, max: PAPER_LIMITS.copies })
    : null;
  const each = m.get('each')
    ? reader.integer(m.get('each')!, childPath(path, 'each'), { min: 1, max: PAPER_LIMITS.copies })
    : null;
  if (!id || !name || !rule || cards === undefined || each === undefined) return undefined;
  return { id, name, rule, cards, each, place: reader.placeOf(f.at, path) };
}

function readCount(reader: YamlReader, f: Field, path: string): Count | undefined {
  const m = reader.mapping(
    f,
    path,
    { required: [], optional: ['perPlayer', 'perTable'] },
    'a count per player and/or per table',
  );
  if (!m) return undefined;
  const most = `at most ${PAPER_LIMITS.copies} copies of one thing on a table`;
  const perPlayer = m.get('perPlayer')
    ? reader.integer(m.get('perPlayer')!, childPath(path, 'perPlayer'), { min: 0, max: PAPER_LIMITS.copies }, most)
    : 0;
  const perTable = m.get('perTable')
    ? reader.integer(m.get('perTable')!, childPath(path, 'perTable'), { min: 0, max: PAPER_LIMITS.copies }, most)
    : 0;
  if (perPlayer === undefined || perTable === undefined) return undefined;
  if (perPlayer + perTable === 0) {
    reader.report(f.at, path, 'printed at least once: give `perPlayer`, `perTable` or both, e.g. { perTable: 1 }');
    return undefined;
  }
  return { perPlayer, perTable };
}

function readColor(reader: YamlReader, f: Field, path: string): string | undefined {
  const v = reader.text(f, path, PAPER_TEXT.color);
  if (v === undefined || HEX_COLOR.test(v) || v in PRINT_COLORS) return v;
  reader.report(
    f.at,
    path,
    `"${v}" is not a colour the paper knows; expected #rrggbb or one of ${Object.keys(PRINT_COLORS).join(', ')}`,
  );
  return undefined;
}

const textList = (
  reader: YamlReader,
  f: Field,
  path: string,
  what: string,
  max: number,
  chars: number,
): string[] | undefined => {
  const items = reader.list(f, path, what, max);
  const out = items?.map((it, i) => reader.drawnText(it, childPath(path, i), chars));
  return out && out.every((t) => t !== undefined) ? (out as string[]) : undefined;
};

function readBlocks(reader: YamlReader, f: Field, path: string, ctx: { hasSailing: boolean }): Block[] | undefined {
  const items = reader.list(f, path, `blocks, each one of ${BLOCK_KINDS.join(', ')}`, PAPER_LIMITS.blocks);
  if (!items) return undefined;
  const blocks: (Block | undefined)[] = items.map((it, i) => {
    const p = childPath(path, i);
    const place = reader.placeOf(it.at, p);
    const kind = BLOCK_KINDS.find((k) => reader.peek(it, k) !== undefined);
    const m = reader.mapping(it, p, { required: [], optional: kind ? [kind] : [...BLOCK_KINDS] }, 'a block');
    if (!m) return undefined;
    if (!kind) {
      reader.report(it.at, p, `a block is one of ${BLOCK_KINDS.join(', ')}, e.g. \`- text: "..."\``);
      return undefined;
    }
    const v = m.get(kind)!;
    const q = childPath(p, kind);
    switch (kind) {
      case 'heading':
      case 'text': {
        const t = reader.drawnText(
          v,
          q,
          kind === 'heading' ? PAPER_TEXT.heading : PAPER_LIMITS.textChars,
          kind === 'text',
        );
        return t === undefined ? undefined : { kind, text: t, place };
      }
      case 'fields':
      case 'row': {
        const labels = textList(
          reader,
          v,
          q,
          'labels',
          kind === 'row' ? PAPER_TEXT.rowLabels : PAPER_TEXT.fieldLabels,
          PAPER_TEXT.label,
        );
        return labels && { kind, labels, place };
      }
      case 'track': {
        const tm = reader.mapping(v, q, { required: ['label', 'boxes'], optional: ['fields'] }, 'a track');
        const label =
          tm?.get('label') && reader.drawnText(tm.get('label')!, childPath(q, 'label'), PAPER_TEXT.trackLabel);
        const boxes =
          tm?.get('boxes') &&
          reader.integer(
            tm.get('boxes')!,
            childPath(q, 'boxes'),
            { min: 1, max: PAPER_LIMITS.boxes },
            'a row of boxes a card holds',
          );
        const fields = tm?.get('fields')
          ? textList(
              reader,
              tm.get('fields')!,
              childPath(q, 'fields'),
              'write-ins',
              PAPER_TEXT.trackFields,
              PAPER_TEXT.trackField,
            )
          : [];
        return label && boxes && fields ? { kind, label, boxes, fields, place } : undefined;
      }
      case 'lines': {
        const lm = reader.mapping(v, q, { required: ['label', 'count'], optional: [] }, 'ruled lines');
        const label =
          lm?.get('label') && reader.drawnText(lm.get('label')!, childPath(q, 'label'), PAPER_TEXT.linesLabel);
        const count =
          lm?.get('count') &&
          reader.integer(lm.get('count')!, childPath(q, 'count'), { min: 1, max: PAPER_LIMITS.lines });
        return label && count ? { kind, label, count, place } : undefined;
      }
      case 'area': {
        const am = reader.mapping(v, q, { required: ['label', 'height'], optional: [] }, 'a space for tokens');
        const label =
          am?.get('label') && reader.drawnText(am.get('label')!, childPath(q, 'label'), PAPER_TEXT.areaLabel);
        const height = am?.get('height') && reader.length(am.get('height')!, childPath(q, 'height'), AREA_HEIGHT_MM);
        return label && height ? { kind, label, heightMm: height.mm, place } : undefined;
      }
      case 'icon': {
        const icon = reader.choice(v, q, ICONS);
        return icon && { kind, icon, place };
      }
      case 'pattern': {
        const wind = reader.choice(v, q, WINDS);
        if (wind && !ctx.hasSailing)
          reader.report(v.at, q, "a sailing pattern is drawn from the file's `sailing` rules: add them");
        return wind && { kind, wind, place };
      }
      case 'table': {
        const tm = reader.mapping(v, q, { required: ['header', 'rows'], optional: [] }, 'a table');
        const header =
          tm?.get('header') &&
          textList(
            reader,
            tm.get('header')!,
            childPath(q, 'header'),
            'column titles',
            PAPER_LIMITS.tableCells,
            PAPER_TEXT.label,
          );
        const rowFields =
          tm?.get('rows') && reader.list(tm.get('rows')!, childPath(q, 'rows'), 'rows', PAPER_LIMITS.tableRows);
        const rows = rowFields?.map((rf, j) => {
          // Cells are text as the rules print them: numbers are written as numbers and drawn as written.
          const cells = reader.list(rf, childPath(childPath(q, 'rows'), j), 'cells', PAPER_LIMITS.tableCells);
          const out = cells?.map((c, k) => {
            const cv = reader.data(c);
            if (typeof cv === 'number' && Number.isFinite(cv)) return String(cv);
            return reader.drawnText(c, childPath(childPath(childPath(q, 'rows'), j), k), PAPER_TEXT.cell);
          });
          if (out && header && out.length !== header.length)
            reader.report(
              rf.at,
              childPath(childPath(q, 'rows'), j),
              `${out.length} cells under ${header.length} column titles; give one a column`,
            );
          return out && out.every((x) => x !== undefined) ? (out as string[]) : undefined;
        });
        return header && rows && rows.every((x) => x !== undefined)
          ? { kind, header, rows: rows as string[][], place }
          : undefined;
      }
    }
  });
  return blocks.every((b) => b !== undefined) ? (blocks as Block[]) : undefined;
}

function readCard(
  reader: YamlReader,
  f: Field,
  path: string,
  ctx: { hasSailing: boolean; decks: string[] },
): PaperCard | undefined {
  const m = reader.mapping(
    f,
    path,
    { required: ['id', 'title', 'count', 'rule', 'body'], optional: ['band', 'color', 'note', 'deck'] },
    'a card',
  );
  if (!m) return undefined;
  const id = m.get('id') && reader.text(m.get('id')!, childPath(path, 'id'), PAPER_TEXT.id, ID);
  const title = m.get('title') && reader.drawnText(m.get('title')!, childPath(path, 'title'), PAPER_TEXT.cardTitle);
  const band = m.get('band') ? reader.drawnText(m.get('band')!, childPath(path, 'band'), PAPER_TEXT.band) : null;
  const color = m.get('color') ? readColor(reader, m.get('color')!, childPath(path, 'color')) : 'ivory';
  const count = m.get('count') && readCount(reader, m.get('count')!, childPath(path, 'count'));
  const rule = m.get('rule') && reader.text(m.get('rule')!, childPath(path, 'rule'), PAPER_LIMITS.textChars);
  const note = m.get('note')
    ? reader.drawnText(m.get('note')!, childPath(path, 'note'), PAPER_TEXT.cardNote, true)
    : null;
  const deck = m.get('deck') ? reader.text(m.get('deck')!, childPath(path, 'deck'), PAPER_TEXT.id, ID) : null;
  if (deck && !ctx.decks.includes(deck))
    reader.report(
      m.get('deck')!.at,
      childPath(path, 'deck'),
      `no deck "${deck}" in \`decks\`${ctx.decks.length ? `; expected one of ${ctx.decks.join(', ')}` : ': declare it there with what the rules say of it'}`,
    );
  const blocks = m.get('body') && readBlocks(reader, m.get('body')!, childPath(path, 'body'), ctx);
  if (
    !id ||
    !title ||
    band === undefined ||
    !color ||
    !count ||
    !rule ||
    note === undefined ||
    deck === undefined ||
    !blocks
  )
    return undefined;
  return { id, title, band, color, count, rule, note, deck, blocks, place: reader.placeOf(f.at, path) };
}

function readToken(reader: YamlReader, f: Field, path: string): PaperToken | undefined {
  const m = reader.mapping(
    f,
    path,
    { required: ['id', 'label', 'shape', 'size', 'count', 'rule'], optional: ['color'] },
    'a token',
  );
  if (!m) return undefined;
  const id = m.get('id') && reader.text(m.get('id')!, childPath(path, 'id'), PAPER_TEXT.id, ID);
  const label = m.get('label') && reader.drawnText(m.get('label')!, childPath(path, 'label'), PAPER_TEXT.tokenLabel);
  const shape = m.get('shape') && reader.choice(m.get('shape')!, childPath(path, 'shape'), TOKEN_SHAPES);
  const size =
    m.get('size') &&
    reader.length(m.get('size')!, childPath(path, 'size'), {
      ...TOKEN_SIZE_MM,
      why: 'a counter fingers pick up, at most a third of a card',
    });
  const color = m.get('color') ? readColor(reader, m.get('color')!, childPath(path, 'color')) : 'ivory';
  const count = m.get('count') && readCount(reader, m.get('count')!, childPath(path, 'count'));
  const rule = m.get('rule') && reader.text(m.get('rule')!, childPath(path, 'rule'), PAPER_LIMITS.textChars);
  if (!id || !label || !shape || !size || !color || !count || !rule) return undefined;
  return { id, label, shape, sizeMm: size.mm, color, count, rule, place: reader.placeOf(f.at, path) };
}

function readPage(reader: YamlReader, f: Field, path: string, ctx: { hasSailing: boolean }): ReferencePage | undefined {
  const m = reader.mapping(
    f,
    path,
    { required: ['id', 'title', 'count', 'rule', 'body'], optional: ['note'] },
    'a reference page',
  );
  if (!m) return undefined;
  const id = m.get('id') && reader.text(m.get('id')!, childPath(path, 'id'), PAPER_TEXT.id, ID);
  const title = m.get('title') && reader.drawnText(m.get('title')!, childPath(path, 'title'), PAPER_TEXT.pageTitle);
  const count = m.get('count') && readCount(reader, m.get('count')!, childPath(path, 'count'));
  const rule = m.get('rule') && reader.text(m.get('rule')!, childPath(path, 'rule'), PAPER_LIMITS.textChars);
  const note = m.get('note')
    ? reader.drawnText(m.get('note')!, childPath(path, 'note'), PAPER_TEXT.pageNote, true)
    : null;
  const blocks = m.get('body') && readBlocks(reader, m.get('body')!, childPath(path, 'body'), ctx);
  if (!id || !title || !count || !rule || note === undefined || !blocks) return undefined;
  return { id, title, count, rule, note, blocks, place: reader.placeOf(f.at, path) };
}
