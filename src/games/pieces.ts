/**
 * The builders a game pack may name for its pieces, as data: which catalogue builder makes the file
 * (src/generate/catalog.ts BUILDERS, so the worker threads and the part cache serve packs as they serve
 * factions), where its defaults are (each part module's DEFAULTS: the parameters a pack may set), and, for
 * a piece too big for one bed, how it is split into files (`expand`).
 *
 * The printer's clearance is never a pack's parameter: every fit takes `--clearance` (BuildSettings).
 */
import type { BuilderName } from '../generate/catalog.js';
import type { BuildSettings } from '../generate/types.js';
import { checkOption } from '../parts/options.js';

export interface PieceBuilder {
  builder: BuilderName;
  /** The builder's DEFAULTS: the parameters a pack may set and the type each takes. */
  defaults: () => Promise<Record<string, unknown>>;
  /** Parameters of the piece that are not the builder's (read by `expand`), with their defaults. */
  pieceParams?: Record<string, unknown>;
  /** Parameters the pack may not set: `expand` sets them per file. */
  internal?: readonly string[];
  /** The builder option a variant's id fills when the pack does not set it (the label a template engraves). */
  variantLabel?: string;
  /** One piece's files, when one is too big for the bed: each a suffix and the builder's options. */
  expand?: (params: Record<string, unknown>, settings: BuildSettings) => Promise<{ id: string; options: Record<string, unknown> }[]>;
}

const defaultsOf = (load: () => Promise<{ DEFAULTS: object }>) => async (): Promise<Record<string, unknown>> => ({ ...(await load()).DEFAULTS }) as Record<string, unknown>;

/** A board's markers: Rigadoon's (board-layout.ts rigadoonMarkers), or none (a plain grid). */
const BOARD_LAYOUTS = ['rigadoon', 'plain'] as const;

/** Millimetres of bed kept free round a split piece (a first layer's skirt and the bed's edge). */
const SPLIT_MARGIN_MM = 5;

export const PIECE_BUILDERS = {
  'token-ship': { builder: 'tokenShip', defaults: defaultsOf(() => import('../parts/token-ship.js')) },
  mast: { builder: 'mast', defaults: defaultsOf(() => import('../parts/mast.js')) },
  'treasure-chest': { builder: 'treasureChest', defaults: defaultsOf(() => import('../parts/treasure-chest.js')) },
  'wind-die': { builder: 'windDie', defaults: defaultsOf(() => import('../parts/wind-die.js')) },
  board: {
    builder: 'boardTile',
    defaults: defaultsOf(() => import('../parts/board-tile.js')),
    pieceParams: { boardCols: 11, boardRows: 11, layout: 'rigadoon' },
    internal: ['cols', 'rows', 'keys', 'keyways', 'markers'],
    async expand(params, settings) {
      const { tileBoard, rigadoonMarkers } = await import('./board-layout.js');
      const { boardCols, boardRows, layout, ...tile } = params as { boardCols: number; boardRows: number; layout: string; squareMm: number } & Record<string, unknown>;
      checkOption('board', 'layout', layout, (BOARD_LAYOUTS as readonly string[]).includes(layout), `one of ${BOARD_LAYOUTS.join(', ')}`);
      // Rigadoon's markers need an odd square board of 9 or more.
      if (layout === 'rigadoon') checkOption('board', 'boardCols', boardCols, Number.isInteger(boardCols) && boardCols === boardRows && boardCols % 2 === 1 && boardCols >= 9 && boardCols <= 31, 'an odd whole number from 9 to 31, equal to boardRows, for the rigadoon layout');
      const markers = layout === 'rigadoon' ? rigadoonMarkers(boardCols, boardRows) : [];
      const board = { cols: boardCols, rows: boardRows, squareMm: tile.squareMm, markers };
      return tileBoard(board, settings.printer.bedXMm, settings.printer.bedYMm, SPLIT_MARGIN_MM).map((t) => ({ id: t.id, options: { ...tile, cols: t.cols, rows: t.rows, keys: t.keys, keyways: t.keyways, markers: t.markers } }));
    },
  },
  'ship-base': { builder: 'shipBase', defaults: defaultsOf(() => import('../parts/ship-base.js')) },
  'movement-template': { builder: 'movementTemplate', defaults: defaultsOf(() => import('../parts/movement-template.js')), variantLabel: 'id' },
  'range-ruler': {
    builder: 'rangeRuler',
    defaults: defaultsOf(() => import('../parts/range-ruler.js')),
    internal: ['fromIn', 'toIn', 'keyAtEnd', 'keywayAtStart'],
    async expand(params, settings) {
      const { rulerSegments, DEFAULTS } = await import('../parts/range-ruler.js');
      const bands = (params.bandsIn as number[] | undefined) ?? DEFAULTS.bandsIn;
      const segs = rulerSegments(bands, Math.max(settings.printer.bedXMm, settings.printer.bedYMm) - 2 * SPLIT_MARGIN_MM);
      return segs.map((s, i) => ({ id: `${i + 1}-of-${segs.length}`, options: { ...params, fromIn: s.fromIn, toIn: s.toIn, keyAtEnd: i < segs.length - 1, keywayAtStart: i > 0 } }));
    },
  },
  'fire-arc-gauge': { builder: 'fireArcGauge', defaults: defaultsOf(() => import('../parts/fire-arc-gauge.js')) },
  dial: { builder: 'dial', defaults: defaultsOf(() => import('../parts/dial.js')) },
  'dial-base': { builder: 'dialBase', defaults: defaultsOf(() => import('../parts/dial-base.js')) },
  'card-tray': { builder: 'cardTray', defaults: defaultsOf(() => import('../parts/card-tray.js')) },
  'tray-lid': { builder: 'trayLid', defaults: defaultsOf(() => import('../parts/tray-lid.js')) },
} as const satisfies Record<string, PieceBuilder>;

export type PieceBuilderId = keyof typeof PIECE_BUILDERS;
export const PIECE_BUILDER_IDS = Object.keys(PIECE_BUILDERS) as PieceBuilderId[];

/** Parameters no pack sets: the printer's. */
export const SETTINGS_PARAMS = ['clearanceMm'] as const;
