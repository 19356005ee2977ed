/**
 * The builders a game pack may name for its pieces: those of the one registry (src/parts/registry.ts)
 * that carry a `pack` use, so the worker threads and the part cache serve packs as they serve factions.
 * A piece's parameters are its builder's DEFAULTS; a piece too big for one bed is split into files by its
 * builder's `expand`.
 *
 * The printer's clearance is never a pack's parameter: every fit takes `--clearance` (BuildSettings).
 */
import { builderDefaults, PACK_BUILDER_NAMES, packUse, type PackBuilderName, type PackUse } from '../parts/registry.js';
import { MM_PER_FOOT } from '../units.js';
import { PACK_LIMITS } from './limits.js';

export type PieceBuilderId = PackBuilderName;
export const PIECE_BUILDER_IDS: readonly PieceBuilderId[] = PACK_BUILDER_NAMES;

export interface PieceBuilder extends PackUse {
  /** The builder's DEFAULTS: the parameters a pack may set and the type each takes. */
  defaults: () => Promise<Record<string, unknown>>;
  /**
   * The counts in a piece's parameters that multiply the work of its split (a board's squares), checked
   * when the pack is loaded (PACK_LIMITS): each problem names its parameter. `params`: defaults and the pack's.
   */
  bounds?: (params: Record<string, unknown>) => { param: string; message: string }[];
}

/** A board is whole squares, and lies on the largest table the rulebooks name (PACK_LIMITS.boardMm). */
function boardBounds(params: Record<string, unknown>): { param: string; message: string }[] {
  const whole = (['boardCols', 'boardRows'] as const).filter(
    (k) => !(Number.isInteger(params[k]) && (params[k] as number) >= 1),
  );
  const out = whole.map((k) => ({
    param: k,
    message: `${String(params[k])} is not valid: expected a whole number of squares, at least 1`,
  }));
  const {
    boardCols: cols,
    boardRows: rows,
    squareMm,
  } = params as { boardCols: number; boardRows: number; squareMm: unknown };
  if (out.length > 0 || !(typeof squareMm === 'number' && Number.isFinite(squareMm) && squareMm > 0)) return out;
  const { short, long } = PACK_LIMITS.boardMm;
  if (Math.min(cols, rows) * squareMm <= short && Math.max(cols, rows) * squareMm <= long) return [];
  // Blame the side that does not fit: the longer past the table's length, else the shorter past its width.
  const longer = cols >= rows ? 'boardCols' : 'boardRows',
    shorter = longer === 'boardCols' ? 'boardRows' : 'boardCols';
  const param = Math.max(cols, rows) * squareMm > long ? longer : shorter;
  const [w, l] = [Math.floor(short / squareMm), Math.floor(long / squareMm)];
  const message = `${cols} × ${rows} squares of ${squareMm} mm make a board of ${Math.round(cols * squareMm)} × ${Math.round(rows * squareMm)} mm; the largest table the rulebooks name is ${short / MM_PER_FOOT} × ${long / MM_PER_FOOT} ft (${Math.round(short)} × ${Math.round(long)} mm): at most ${w} × ${l} squares of ${squareMm} mm`;
  return [{ param, message }];
}

/** Load-time bounds of the builders whose parameters multiply their work. */
const BOUNDS: Partial<Record<PieceBuilderId, PieceBuilder['bounds']>> = { board: boardBounds };

/** What a pack may do with a builder: its defaults, its `pack` use and its bounds. */
export const pieceBuilder = (id: PieceBuilderId): PieceBuilder => ({
  ...packUse(id),
  defaults: () => builderDefaults(id),
  ...(BOUNDS[id] ? { bounds: BOUNDS[id] } : {}),
});

/** Parameters no pack sets: the printer's. */
export const SETTINGS_PARAMS = ['clearanceMm'] as const;
