/**
 * The builders a game pack may name for its pieces: those of the one registry (src/parts/registry.ts)
 * that carry a `pack` use, so the worker threads and the part cache serve packs as they serve factions.
 * A piece's parameters are its builder's DEFAULTS; a piece too big for one bed is split into files by its
 * builder's `expand`.
 *
 * The printer's clearance is never a pack's parameter: every fit takes `--clearance` (BuildSettings).
 */
import { builderDefaults, PACK_BUILDER_NAMES, packUse, type PackBuilderName, type PackUse } from '../parts/registry.js';

export type PieceBuilderId = PackBuilderName;
export const PIECE_BUILDER_IDS: readonly PieceBuilderId[] = PACK_BUILDER_NAMES;

export interface PieceBuilder extends PackUse {
  /** The builder's DEFAULTS: the parameters a pack may set and the type each takes. */
  defaults: () => Promise<Record<string, unknown>>;
}

/** What a pack may do with a builder: its defaults and its `pack` use. */
export const pieceBuilder = (id: PieceBuilderId): PieceBuilder => ({ ...packUse(id), defaults: () => builderDefaults(id) });

/** Parameters no pack sets: the printer's. */
export const SETTINGS_PARAMS = ['clearanceMm'] as const;
