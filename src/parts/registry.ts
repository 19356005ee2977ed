/**
 * Every part builder, by the id a game names it with: the module that makes it and the function it
 * exports, loaded when a job runs (so a warm run that takes everything from the cache never loads the
 * kernel, and worker threads receive plain JSON). One registry serves the parts catalogue
 * (src/generate/catalog.ts) and the game packs (src/games/pieces.ts).
 *
 * `pack`: a builder a game pack may name for its pieces, with what a pack needs besides the builder's
 * DEFAULTS (the parameters a pack may set); a builder without it takes options only Shipwright can make
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

interface Entry {
  /** The builder's module. Each import is spelled out so both Node and the test runner's bundler resolve it. */
  load: () => Promise<object>;
  /** The function it exports. */
  fn: string;
  pack?: PackUse;
}

/** A board's markers: Rigadoon's (board-layout.ts rigadoonMarkers), or none (a plain grid). */
const BOARD_LAYOUTS = ['rigadoon', 'plain'] as const;
/** Millimetres of bed kept free round a split piece (a first layer's skirt and the bed's edge). */
const SPLIT_MARGIN_MM = 5;

export const BUILDERS = {
  hull: { load: () => import('./hull.js'), fn: 'hull' },
  mast: { load: () => import('./mast.js'), fn: 'mast', pack: {} },
  sail: { load: () => import('./sail.js'), fn: 'sail' },
  cargo: { load: () => import('./cargo.js'), fn: 'cargo' },
  turret: { load: () => import('./turret.js'), fn: 'turret' },
  'flag-holder': { load: () => import('./flag-holder.js'), fn: 'flagHolder' },
  flag: { load: () => import('./flag.js'), fn: 'flag' },
  cannon: { load: () => import('./cannon.js'), fn: 'cannon' },
  cannonball: { load: () => import('./cannonball.js'), fn: 'cannonball' },
  wheel: { load: () => import('./wheel.js'), fn: 'wheel' },
  carriage: { load: () => import('./carriage.js'), fn: 'carriage' },
  coin: { load: () => import('./coin.js'), fn: 'coin' },
  coupon: { load: () => import('./coupon.js'), fn: 'coupon' },
  'island-topper': { load: () => import('./island-topper.js'), fn: 'islandTopper' },
  island: { load: () => import('./island.js'), fn: 'island' },
  rock: { load: () => import('./rock.js'), fn: 'rock', pack: {} },
  'token-ship': { load: () => import('./token-ship.js'), fn: 'tokenShip', pack: {} },
  'treasure-chest': { load: () => import('./treasure-chest.js'), fn: 'treasureChest', pack: {} },
  'wind-die': { load: () => import('./wind-die.js'), fn: 'windDie', pack: {} },
  board: {
    load: () => import('./board-tile.js'),
    fn: 'boardTile',
    pack: {
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
  },
  'ship-base': { load: () => import('./ship-base.js'), fn: 'shipBase', pack: {} },
  'ship-miniature': { load: () => import('./ship-miniature.js'), fn: 'shipMiniature', pack: {} },
  'movement-template': {
    load: () => import('./movement-template.js'),
    fn: 'movementTemplate',
    pack: { variantLabel: 'id' },
  },
  'range-ruler': {
    load: () => import('./range-ruler.js'),
    fn: 'rangeRuler',
    pack: {
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
  },
  'fire-arc-gauge': { load: () => import('./fire-arc-gauge.js'), fn: 'fireArcGauge', pack: {} },
  dial: { load: () => import('./dial.js'), fn: 'dial', pack: {} },
  'dial-base': { load: () => import('./dial-base.js'), fn: 'dialBase', pack: {} },
  'card-tray': { load: () => import('./card-tray.js'), fn: 'cardTray', pack: {} },
  'tray-lid': { load: () => import('./tray-lid.js'), fn: 'trayLid', pack: {} },
} as const satisfies Record<string, Entry>;

export type BuilderName = keyof typeof BUILDERS;
/** The builders a game pack may name. */
export type PackBuilderName = {
  [K in BuilderName]: (typeof BUILDERS)[K] extends { pack: object } ? K : never;
}[BuilderName];
export const PACK_BUILDER_NAMES = (Object.keys(BUILDERS) as BuilderName[]).filter(
  (k) => 'pack' in BUILDERS[k],
) as PackBuilderName[];

type Builder = (options: unknown) => Part;

/** Loads a builder by name (each validates its own JSON options). */
export async function loadBuilder(name: BuilderName): Promise<Builder> {
  const { load, fn } = BUILDERS[name];
  const builder = ((await load()) as Record<string, unknown>)[fn];
  if (typeof builder !== 'function') throw new Error(`the ${name} builder module does not export ${fn}()`);
  return builder as Builder;
}

/** A builder's DEFAULTS: the parameters a pack may set and the type each takes. */
export async function builderDefaults(name: BuilderName): Promise<Record<string, unknown>> {
  return { ...((await BUILDERS[name].load()) as { DEFAULTS?: object }).DEFAULTS } as Record<string, unknown>;
}

/** What a pack needs of a builder besides its defaults. */
export const packUse = (name: PackBuilderName): PackUse => BUILDERS[name].pack;
