/**
 * Every part builder, by its id, found by one convention: the builder `flag-holder` is the function
 * `flagHolder` that `src/parts/flag-holder.ts` exports (one builder per file, named after what it builds).
 * It is loaded when a job runs, so a warm run that takes everything from the cache never loads the kernel,
 * and worker threads receive plain JSON (the id and the options). One registry serves the parts catalogue
 * (src/generate/catalog.ts), the game packs (src/games/pieces.ts) and the workers (src/generate/build.ts):
 * a new builder needs a line here only when a game pack may name it.
 *
 * `PACK_USES`: the builders a game pack may name for its pieces, with what a pack needs besides the
 * builder's DEFAULTS (the parameters a pack may set); the others take options only Shipwright can make
 * (a faction's hull model, the tuned cannon).
 */
import type { Part } from '../geometry/part.js';
import { checkOption } from './options.js';

export interface PackUse {
  /** Parameters of the piece that are not the builder's (read by `expand`), with their defaults. */
  pieceParams?: Record<string, unknown>;
  /** Parameters the pack may not set: `expand` sets them per file. */
  internal?: readonly string[];
  /** The builder option a variant's id fills when the pack does not set it (the label a template engraves). */
  variantLabel?: string;
  /**
   * One piece's files, when one is too big for the printer's bed: each a suffix, the builder's options and,
   * when the files join into one thing, where the file's frame sits in it (`atMm`, for its picture assembled).
   */
  expand?: (
    params: Record<string, unknown>,
    bed: { xMm: number; yMm: number },
  ) => Promise<{ id: string; options: Record<string, unknown>; atMm?: readonly [number, number] }[]>;
}

/** A board's markers: Rigadoon's (board-layout.ts rigadoonMarkers), or none (a plain grid). */
const BOARD_LAYOUTS = ['rigadoon', 'plain'] as const;
/** Millimetres of bed kept free round a split piece (a first layer's skirt and the bed's edge). */
const SPLIT_MARGIN_MM = 5;

export const PACK_USES = {
  mast: {},
  rock: {},
  'token-ship': {},
  'treasure-chest': {},
  'wind-die': {},
  board: {
    pieceParams: { boardCols: 11, boardRows: 11, layout: 'rigadoon' },
    internal: ['cols', 'rows', 'keys', 'keyways', 'markers'],
    async expand(params, bed) {
      const { tileBoard, rigadoonMarkers } = await import('./board-layout.js');
      const { boardCols, boardRows, layout, ...tile } = params as {
        boardCols: number;
        boardRows: number;
        layout: string;
        squareMm: number;
      } & Record<string, unknown>;
      checkOption(
        'board',
        'layout',
        layout,
        (BOARD_LAYOUTS as readonly string[]).includes(layout),
        `one of ${BOARD_LAYOUTS.join(', ')}`,
      );
      // Rigadoon's markers need an odd square board of 9 or more.
      if (layout === 'rigadoon')
        checkOption(
          'board',
          'boardCols',
          boardCols,
          Number.isInteger(boardCols) &&
            boardCols === boardRows &&
            boardCols % 2 === 1 &&
            boardCols >= 9 &&
            boardCols <= 31,
          'an odd whole number from 9 to 31, equal to boardRows, for the rigadoon layout',
        );
      const markers = layout === 'rigadoon' ? rigadoonMarkers(boardCols, boardRows) : [];
      const board = { cols: boardCols, rows: boardRows, squareMm: tile.squareMm, markers };
      // A tile's frame is the south-west corner of its squares (board-tile.ts): it sits at its offset in the board.
      return tileBoard(board, bed.xMm, bed.yMm, SPLIT_MARGIN_MM).map((t) => ({
        id: t.id,
        options: { ...tile, cols: t.cols, rows: t.rows, keys: t.keys, keyways: t.keyways, markers: t.markers },
        atMm: [t.colOffset * tile.squareMm, t.rowOffset * tile.squareMm] as const,
      }));
    },
  },
  'ship-base': {},
  'ship-miniature': {},
  'movement-template': { variantLabel: 'id' },
  'range-ruler': {
    internal: ['fromIn', 'toIn', 'keyAtEnd', 'keywayAtStart'],
    async expand(params, bed) {
      const { rulerSegments, DEFAULTS } = await import('./range-ruler.js');
      const bands = (params.bandsIn as number[] | undefined) ?? DEFAULTS.bandsIn;
      const segs = rulerSegments(bands, Math.max(bed.xMm, bed.yMm) - 2 * SPLIT_MARGIN_MM);
      return segs.map((s, i) => ({
        id: `${i + 1}-of-${segs.length}`,
        options: { ...params, fromIn: s.fromIn, toIn: s.toIn, keyAtEnd: i < segs.length - 1, keywayAtStart: i > 0 },
      }));
    },
  },
  'fire-arc-gauge': {},
  dial: {},
  'dial-base': {},
  'card-tray': {},
  'tray-lid': {},
} as const satisfies Record<string, PackUse>;

/** The builders a game pack may name. */
export type PackBuilderName = keyof typeof PACK_USES;
export const PACK_BUILDER_NAMES = Object.keys(PACK_USES) as PackBuilderName[];

/** A builder's id: lower-case words joined by hyphens, its module's name in src/parts/. */
const BUILDER_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
/** A builder whose module is not named after its id: a pack's `board` is built tile by tile. */
const MODULE_OF: Readonly<Record<string, string>> = { board: 'board-tile' };

type Builder = (options: unknown) => Part;

/** The module of a builder's id (a programmer's error for an id the convention cannot name). */
function moduleOf(id: string): string {
  if (!BUILDER_ID.test(id)) throw new Error(`"${id}" is no builder id: lower-case words joined by hyphens`);
  return MODULE_OF[id] ?? id;
}

/**
 * A builder's module. The specifier is computed, so the test runner's bundler is told to leave it to the
 * runtime, which resolves it as Node does; test/house/layers.test.ts reads it as an import of every module
 * of this folder.
 */
const load = async (id: string): Promise<Record<string, unknown>> =>
  (await import(/* @vite-ignore */ `./${moduleOf(id)}.js`)) as Record<string, unknown>;

/** Loads a builder by id: `flag-holder` is flag-holder.ts's `flagHolder` (each validates its own JSON options). */
export async function loadBuilder(id: string): Promise<Builder> {
  const fn = moduleOf(id).replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  const builder = (await load(id))[fn];
  if (typeof builder !== 'function')
    throw new Error(`src/parts/${moduleOf(id)}.ts exports no ${fn}(): no builder is ${id}`);
  return builder as Builder;
}

/** A builder's DEFAULTS: the parameters a pack may set and the type each takes. */
export async function builderDefaults(id: PackBuilderName): Promise<Record<string, unknown>> {
  return { ...((await load(id)).DEFAULTS as object | undefined) } as Record<string, unknown>;
}

/** What a pack needs of a builder besides its defaults. */
export const packUse = (id: PackBuilderName): PackUse => PACK_USES[id];
