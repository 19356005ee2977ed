/**
 * From a game pack to its files and to what a table prints: each piece's builder options (its parameters,
 * its variant's over them, the printer's clearance), split over beds where the piece says so, built
 * through the same cache and workers as the factions' parts; and the table's lines for the bill of
 * materials, a line per seat colour for a player's piece.
 */
import { InputError, type Problem } from '../errors.js';
import { buildFiles, type FileToBuild, type GenerateRequest } from '../generate/index.js';
import type { BuildSettings, GeneratedFile } from '../generate/types.js';
import type { Plan, PlanLine } from '../bom/quantities.js';
import { countOf, perScope } from '../rules/count.js';
import { pieceBuilder, type PieceBuilder } from './pieces.js';
import type { Game, Piece } from './types.js';

/** A file of a pack: the piece it prints and its variant's id ('' for the piece itself). */
export interface PackFile extends FileToBuild {
  piece: Piece;
  variantId: string;
  /** Where the file sits in its piece assembled (a board's tile), or null for a piece of one file or of loose parts. */
  atMm: readonly [number, number] | null;
}

/** The file name of a piece's variant: `ship.stl`, `board-r0c1.stl`, `template-T45-3.stl`. */
export const piecePath = (piece: Piece, variantId: string): string =>
  `${piece.id}${variantId ? `-${variantId}` : ''}.stl`;

/** Every file the pack prints, in the pack's order of pieces and variants. */
export async function planPack(game: Game, settings: BuildSettings): Promise<PackFile[]> {
  const out: PackFile[] = [];
  for (const piece of game.pieces) {
    const pb: PieceBuilder = pieceBuilder(piece.builder);
    const defaults = await pb.defaults();
    const withSettings = (o: Record<string, unknown>): Record<string, unknown> =>
      'clearanceMm' in defaults ? { ...o, clearanceMm: settings.clearanceMm } : o;
    const variants = pb.expand
      ? (
          await expanded(pb, { ...defaults, ...pb.pieceParams, ...piece.params }, settings, (p) =>
            blame(game, piece, '', piece.paramPlaces, p),
          )
        ).map((v) => ({ id: v.id, options: v.options, places: piece.paramPlaces, atMm: v.atMm ?? null }))
      : piece.variants.map((v) => ({
          id: v.id,
          options: { ...(pb.variantLabel && v.id ? { [pb.variantLabel]: v.id } : {}), ...piece.params, ...v.params },
          places: { ...piece.paramPlaces, ...v.paramPlaces },
          atMm: null,
        }));
    for (const v of variants) {
      const path = piecePath(piece, v.id);
      out.push({
        piece,
        variantId: v.id,
        atMm: v.atMm,
        job: {
          path,
          part: path.replace(/\.stl$/, ''),
          faction: null,
          builder: piece.builder,
          options: withSettings(v.options),
        },
        quantity: { perSet: perScope(piece.count), rule: piece.count.rule, optional: piece.count.optional },
        brim: { brim: false, reason: null },
        color: piece.color,
        material: piece.material,
        blame: (p: Problem): Problem => blame(game, piece, v.id, v.places, p),
      });
    }
  }
  return out;
}

/** A builder names the option it refuses: point at the parameter in the pack, or at the piece. */
function blame(game: Game, piece: Piece, variantId: string, places: Piece['paramPlaces'], p: Problem): Problem {
  const at = places[p.place];
  const where = `${piece.id}${variantId ? ` (${variantId})` : ''}`;
  return at
    ? { source: at.source, place: at.place, message: `${where}: ${p.message}` }
    : { source: game.source, place: piece.place, message: `${where}, ${p.source} ${p.place}: ${p.message}` };
}

/** A split piece's files; a parameter the split refuses is blamed on the pack like a builder's. */
async function expanded(
  pb: PieceBuilder,
  params: Record<string, unknown>,
  settings: BuildSettings,
  toPack: (p: Problem) => Problem,
): ReturnType<NonNullable<PieceBuilder['expand']>> {
  try {
    return await pb.expand!(params, { xMm: settings.printer.bedXMm, yMm: settings.printer.bedYMm });
  } catch (e) {
    if (e instanceof InputError) throw new InputError(e.problems.map(toPack));
    throw e;
  }
}

/** Builds (or takes from the cache) every file of the pack. */
export async function generatePack(
  game: Game,
  settings: BuildSettings,
  options: Pick<GenerateRequest, 'jobs' | 'cache' | 'onProgress'> = {},
): Promise<{ planned: PackFile[]; files: GeneratedFile[] }> {
  const planned = await planPack(game, settings);
  return { planned, files: await buildFiles(planned, options) };
}

/** How many of a piece's file a table of `players` prints, by colour: a player's piece in each seat's colour. */
export function tableCounts(game: Game, piece: Piece, players: number): { color: string; quantity: number }[] {
  if (piece.color === 'player')
    return game.colors.slice(0, players).map((color) => ({ color, quantity: countOf(piece.count, { player: 1 }) }));
  return [{ color: piece.color, quantity: countOf(piece.count, { player: players, table: 1 }) }];
}

/** The table's print list for the bill of materials: every file of the pack, by colour. */
export function planPackTable(game: Game, planned: readonly PackFile[], players: number, materialId?: string): Plan {
  const lines: PlanLine[] = [];
  for (const f of planned) {
    for (const { color, quantity } of tableCounts(game, f.piece, players)) {
      if (quantity === 0 || f.piece.count.optional) continue;
      lines.push({
        part: f.job.part,
        faction: (f.piece.count.per.player ?? 0) > 0 ? 'player' : 'table',
        quantity,
        color,
        material: materialId ?? f.material,
        path: f.job.path,
        rule: f.piece.count.rule,
      });
    }
  }
  return {
    players,
    mode: 'default',
    decisions: [
      `${game.name}: ${players} players (the rules play ${game.players.min}${game.players.max > game.players.min ? `–${game.players.max}` : ''})`,
    ],
    islands: 0,
    sets: [],
    lines,
    notPrinted: [],
    warnings: [],
    game: game.name,
  };
}
