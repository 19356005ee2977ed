/**
 * How much a game pack may ask for. Every count that multiplies the work of a run (players at the table,
 * files to build, pieces to lay on plates, a board's squares) is bounded by what the rulebooks we print for
 * allow (../shared/seeds), and checked when the pack is loaded (src/games/loader.ts), before any work: a
 * pack past them is refused at the field, never minutes of building first.
 */
import { PLAYERS, TABLE_SIZES_FT } from '../rules/rulebook.js';
import { MM_PER_FOOT } from '../units.js';

const LARGEST_TABLE_FT = TABLE_SIZES_FT[TABLE_SIZES_FT.length - 1]!;

export const PACK_LIMITS = {
  /**
   * Players at one table: 20, the most any of the five rulebooks seats (Cannons & Coastlines' group mode,
   * rulebook PLAYERS; Cannonades 5, Kingdom Fleets 6, Rigadoon and Ships of the Line 2).
   */
  players: PLAYERS.max,
  /**
   * Files one pack builds, every piece's variants together (a split piece counts once here: a board's
   * tiles are bounded by `boardMm`, a ruler's segments by its length): Cannons & Coastlines, the largest
   * game the rulebooks describe, builds 37 for all seven faction sets; 100 leaves a bigger game room.
   */
  files: 100,
  /**
   * Pieces one table prints, every copy of every file at the pack's most players: the largest table the
   * rulebooks allow prints 3,514 (Cannons & Coastlines, a Custom Armada of 20 players × 15 ships from the
   * factions with the most fittings; test/games/limits.test.ts measures it), so 4,000.
   */
  tablePieces: 4000,
  /** A board lies on the table: at most the largest one the rulebooks name, 6 × 8 ft (seeds/000, Custom Armada). */
  boardMm: { short: LARGEST_TABLE_FT.widthFt * MM_PER_FOOT, long: LARGEST_TABLE_FT.depthFt * MM_PER_FOOT },
} as const;
