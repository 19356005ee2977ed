/**
 * A game pack (games/<id>/game.yaml): the pieces one game's players print, how many of each per player
 * or per table and the rule each count comes from, their colours and builder parameters, and the checks
 * its `validate` runs. Two types: the file as written (`GameFile`, seen only by the loader) and the
 * resolved pack (`Game`, defaults filled, every place in the file remembered for messages).
 */
import type { PieceBuilderId } from './pieces.js';
import type { CheckKind } from './checks.js';
import type { Count } from '../rules/count.js';

/** The pack every command uses without `--game` (here, so that naming it loads no pack loader). */
export const DEFAULT_GAME_ID = 'cannons-and-coastlines';

/** A piece as written. */
export interface PieceFile {
  id: string;
  builder: PieceBuilderId;
  count: { perPlayer?: number; perTable?: number };
  rule: string;
  /** A colour name, or `player`: one per seat, in the seat's colour. Default `any`. */
  color?: string;
  material?: string;
  params?: Record<string, unknown>;
  /** Several files from one builder: each variant's id and its parameters over the piece's. */
  variants?: { id: string; params?: Record<string, unknown> }[];
  /** The same, read from a YAML file in the pack's folder holding `variants:`. */
  variantsFile?: string;
  optional?: boolean;
}

export interface GameFile {
  id: string;
  name: string;
  /** The rulebook the pack follows, cited as a user finds it: its title and publisher (never a path in our folders). */
  rulebook: string;
  players: { min: number; max: number };
  /** Seat colours, one per player up to `players.max`. */
  colors?: string[];
  /** Cannons & Coastlines only: its pieces are the faction sets (factions/), built by the catalogue. */
  factions?: string;
  pieces?: PieceFile[];
  checks?: Record<string, unknown>[];
}

export interface Variant {
  /** Appended to the piece id for the file name (`board-r0c1`), '' for the piece itself. */
  id: string;
  params: Record<string, unknown>;
  /** Where its parameters were written (file and line:column), by field, for a builder's complaint. */
  paramPlaces: Record<string, { source: string; place: string }>;
}

export interface Piece {
  id: string;
  builder: PieceBuilderId;
  /** How many per player and per table (scopes `player`, `table`), the rule, whether optional (src/rules/count.ts). */
  count: Count;
  color: string;
  material: string;
  /** The piece's own parameters (variants' are merged over them). */
  params: Record<string, unknown>;
  paramPlaces: Record<string, { source: string; place: string }>;
  variants: Variant[];
  /** `line:column` of the piece in its file. */
  place: string;
}

export interface Check {
  kind: CheckKind;
  /** The check's parameters as written (each kind reads its own, checked by the loader). */
  params: Record<string, unknown>;
  /** Where the rulebook says so, quoted in findings. */
  rule: string;
  place: string;
}

export interface Game {
  id: string;
  name: string;
  rulebook: string;
  /** The pack's game.yaml, as the user named it. */
  source: string;
  dir: string;
  players: { min: number; max: number };
  colors: string[];
  /** The factions folder for Cannons & Coastlines; null for a pack of pieces. */
  factionsDir: string | null;
  pieces: Piece[];
  checks: Check[];
}
