/**
 * What a table of N players prints (rulebook "Setup" and "The Print List"; BRIEF §1 and §5): one faction
 * set per player and the table's islands, terrain and coins. Counts, colours and materials come from the
 * parts catalogue (src/generate/catalog.ts) and the rulebook constants; this module only decides what the
 * catalogue cannot know, the table: how many islands, how they are shared out, how much terrain.
 *
 * The catalogue counts one set with 2 islands (`ISLANDS_PER_SET`), so 2 island masts. Here each player's
 * masts are their ships plus their share of the TABLE's islands: the islands are dealt round the table
 * as in setup step 2 ("each player sets one island"), so the shares add up to the table's islands.
 */
import { InputError } from '../errors.js';
import type { Faction } from '../faction/types.js';
import { CANNONS_PER_SET, CATALOG, type CatalogEntry } from '../generate/catalog.js';
import type { BuildSettings } from '../generate/types.js';
import type { BandSpec } from '../standard.js';
import { countOf, fittingScope, scopesOf, type Count, type Tally } from '../rules/count.js';
import {
  ARMADA,
  DEFAULT_MODE_PLAYERS,
  GROUP_MODE_PLAYERS,
  islandsForPlayers,
  PLAYERS,
  PRINT_LIST,
  ROCKS_PER_TABLE,
} from '../rules/rulebook.js';
import type { PrintSettings } from './estimate.js';
import { BALLAST_WASHER, TURRET } from '../standard.js';

export type BomMode = 'default' | 'group' | 'armada';
export const BOM_MODES: readonly BomMode[] = ['default', 'group', 'armada'];

/** One player's fleet: ships by faction. In default and group mode, one faction's card count. */
export interface Fleet {
  player: string;
  ships: { faction: Faction; count: number }[];
}

export interface PlanRequest {
  mode: BomMode;
  fleets: readonly Fleet[];
  settings: BuildSettings;
  /** Material of every part (`--material`); default: the catalogue's. */
  materialId?: string;
  /** Material of the cannonballs (`--ball-material`). */
  ballMaterialId?: string;
}

/** One line to print: a catalogue part for one faction (or the table), how many, and from which file. */
export interface PlanLine {
  part: string;
  /** The faction whose set it belongs to, or null for the table's shared parts. */
  faction: string | null;
  quantity: number;
  color: string;
  material: string;
  /** The generated file it is printed from (`<faction>/<part>.stl` or `shared/<part>.stl`). */
  path: string;
  rule: string;
}

export interface PlayerSet {
  player: string;
  factions: string[];
  ships: number;
  islands: number;
  masts: number;
}

export interface Plan {
  players: number;
  mode: BomMode;
  /** Table-level choices where the rulebook gives a range, and why. */
  decisions: string[];
  islands: number;
  sets: PlayerSet[];
  lines: PlanLine[];
  notPrinted: { item: string; quantity: number }[];
  /** Rulebook limits the request breaks (armada lists), reported but not refused. */
  warnings: string[];
  /** The game pack's name when it is not Cannons & Coastlines (`--game`); its lines' `faction` is `player` or `table`. */
  game?: string;
}

/** "Three walls and no infill" for TPU balls (rulebook, The Print List); applied by the settings table, src/bom/part-print.ts. */
export const TPU_BALL_PRINT: Partial<PrintSettings> = { perimeters: 3, infillFraction: 0 };

/** The mode a player count plays in when none is asked for; refuses a count the mode does not allow. */
export function resolveMode(players: number, asked: BomMode | undefined): { mode: BomMode; why: string } {
  if (!Number.isInteger(players) || players < PLAYERS.min || players > PLAYERS.max) {
    throw InputError.single(
      '--players',
      '',
      `${players} is not allowed; expected a whole number from ${PLAYERS.min} to ${PLAYERS.max} (rulebook: Default mode ${DEFAULT_MODE_PLAYERS.min}–${DEFAULT_MODE_PLAYERS.max}, Group mode ${GROUP_MODE_PLAYERS.min}–${GROUP_MODE_PLAYERS.max})`,
    );
  }
  const range = asked === 'group' ? GROUP_MODE_PLAYERS : DEFAULT_MODE_PLAYERS;
  if (asked === 'default' || asked === 'group') {
    if (players < range.min || players > range.max) {
      const other = asked === 'group' ? 'default' : 'group';
      throw InputError.single(
        '--mode',
        '',
        `${asked} mode is for ${range.min}–${range.max} players, not ${players}; use --mode ${other} or leave --mode out`,
      );
    }
    return { mode: asked, why: `${asked} mode, as asked` };
  }
  if (asked === 'armada') return { mode: 'armada', why: 'custom armada, from the armada list' };
  return players <= DEFAULT_MODE_PLAYERS.max
    ? {
        mode: 'default',
        why: `default mode: the rulebook's standard game for ${DEFAULT_MODE_PLAYERS.min}–${DEFAULT_MODE_PLAYERS.max} players`,
      }
    : {
        mode: 'group',
        why: `group mode: more than ${DEFAULT_MODE_PLAYERS.max} players need it (${GROUP_MODE_PLAYERS.min}–${GROUP_MODE_PLAYERS.max})`,
      };
}

/**
 * Islands on the table. Default mode: the setup table's exact count. Group mode gives 10–12: we take one per
 * player (setup step 2 has each player place one) held within 10–12. An armada table uses the default
 * table up to 6 players and the group one above.
 */
export function tableIslands(players: number, mode: BomMode): { islands: number; why: string } {
  const table = mode === 'group' || (mode === 'armada' && players > DEFAULT_MODE_PLAYERS.max) ? 'group' : 'default';
  const { min, max } = islandsForPlayers(players, table);
  if (min === max) return { islands: min, why: `${min} islands for ${players} players (setup table, ${table} mode)` };
  const islands = Math.min(max, Math.max(min, players));
  return {
    islands,
    why: `${islands} islands: the setup table allows ${min}–${max} in group mode; we take one per player (each player places one), within that range`,
  };
}

/** Rocks and reefs for the table: 2–6 (setup step 3); we take one per player within that range. */
export function tableRocks(players: number): { rocks: number; why: string } {
  const rocks = Math.min(ROCKS_PER_TABLE.max, Math.max(ROCKS_PER_TABLE.min, players));
  return {
    rocks,
    why: `${rocks} rocks and reefs: setup allows ${ROCKS_PER_TABLE.min}–${ROCKS_PER_TABLE.max} per table; we take one per player within that range, half rocks and half reefs`,
  };
}

/** Shares `total` out over `n` players, the first ones getting the remainder (round the table). */
export function dealOut(total: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));
}

/** The band to buy, as the BOM names it: the size as sold and what it measures (the wheels are sized for it). */
export function bandItem(band: BandSpec): string {
  return `rubber band: O-ring ${band.name} (${band.innerDiameterMm} mm ID × ${band.crossSectionMm} mm cord), one per movement wheel`;
}

/** What `count` ships of a faction number: the ships, their fittings by kind and their masts (one each). */
function shipTally(count: Count, faction: Faction, ships: number): Tally {
  const tally: Tally = { ship: ships, mast: ships };
  for (const scope of scopesOf(count))
    if (scope.startsWith('fitting:'))
      tally[scope] = ships * faction.model.fittings.filter((s) => fittingScope(s.kind) === scope).length;
  return tally;
}

/**
 * Every line to print for the fleets, with the table's choices. Pure. Each catalogue part is counted by its
 * scopes (src/rules/count.ts): its ships, fittings and their masts in each faction's line, a player's island
 * masts and once-a-player parts in their first faction's, the table's islands, terrain and coins in the table's.
 */
export function planBom(req: PlanRequest): Plan {
  const players = req.fleets.length;
  const decisions: string[] = [];
  const { islands, why: islandsWhy } = tableIslands(players, req.mode);
  const { rocks, why: rocksWhy } = tableRocks(players);
  decisions.push(islandsWhy, rocksWhy);
  const shares = dealOut(islands, players);
  decisions.push(
    `island masts: each player's masts are their ships plus their share of the ${islands} islands (${shares.join(', ')}), dealt round the table`,
  );
  decisions.push(
    `${CANNONS_PER_SET} cannons per player: the print list says ${PRINT_LIST.cannons.min}–${PRINT_LIST.cannons.max}; we take ${CANNONS_PER_SET}, since the arm loses tension with use and a spare saves a reprint`,
  );
  const material = (e: CatalogEntry): string => {
    if (e.part === 'cannonball' && req.ballMaterialId) return req.ballMaterialId;
    return req.materialId ?? e.material(req.settings);
  };

  // Lines keyed by part and faction, so players of the same faction add up.
  const lines = new Map<string, PlanLine>();
  const add = (e: CatalogEntry, faction: Faction | null, quantity: number): void => {
    if (quantity <= 0) return;
    const label = faction?.id ?? null;
    const key = `${e.part}\0${label ?? ''}`;
    const line = lines.get(key);
    if (line) {
      line.quantity += quantity;
      return;
    }
    lines.set(key, {
      part: e.part,
      faction: label,
      quantity,
      color: e.color(e.folder === 'faction' ? faction : null),
      material: material(e),
      path: `${e.folder === 'faction' ? faction!.id : 'shared'}/${e.part}.stl`,
      rule: e.count.rule,
    });
  };

  const entries = CATALOG.filter((e) => !e.count.optional);
  const sets: PlayerSet[] = [];
  req.fleets.forEach((fleet, i) => {
    // A player's own parts (cannons, balls, spares) and their island masts go with their first faction.
    const lead = fleet.ships[0]!.faction;
    const fleetShips = fleet.ships.reduce((s, x) => s + x.count, 0);
    for (const e of entries) {
      const counted = (f: Faction, tally: Tally): void => {
        if (e.prints?.(f) ?? true) add(e, f, countOf(e.count, tally));
      };
      // Ships, their fittings and their masts: each faction's ships in its own line.
      for (const { faction, count } of fleet.ships) counted(faction, shipTally(e.count, faction, count));
      // The player's share of the table's islands (their masts) and what each player prints once.
      counted(lead, { mast: shares[i]!, player: e.count.pooled ? 0 : 1 });
    }
    const masts = fleetShips + shares[i]!;
    sets.push({
      player: fleet.player,
      factions: [...new Set(fleet.ships.map((s) => s.faction.id))],
      ships: fleetShips,
      islands: shares[i]!,
      masts,
    });
  });
  // The table's: its islands, rocks and reefs, and the coins each player adds to the bag.
  const table: Tally = { island: islands, rock: Math.ceil(rocks / 2), reef: Math.floor(rocks / 2), table: 1 };
  for (const e of entries) add(e, null, countOf(e.count, { ...table, player: e.count.pooled ? players : 0 }));

  const wheels = [...lines.values()].filter((l) => l.part === 'wheel').reduce((s, l) => s + l.quantity, 0);
  // Ballast washers: each hull's pocket (its model's `ballast`) and each turret's roof.
  const factionOf = new Map(req.fleets.flatMap((f) => f.ships.map((s) => [s.faction.id, s.faction] as const)));
  const washersPer = (l: PlanLine): number =>
    l.part === 'turret'
      ? TURRET.ballastWashers
      : l.part === 'hull'
        ? (factionOf.get(l.faction ?? '')?.model.ballast?.washers ?? 0)
        : 0;
  const washers = [...lines.values()].reduce((s, l) => s + l.quantity * washersPer(l), 0);
  return {
    players,
    mode: req.mode,
    decisions,
    islands,
    sets,
    lines: [...lines.values()],
    notPrinted: [
      { item: 'draw bag (any small cloth pouch)', quantity: 1 },
      { item: bandItem(req.settings.band), quantity: wheels },
      ...(washers > 0 ? [{ item: `${BALLAST_WASHER.name} (ballast)`, quantity: washers }] : []),
    ],
    warnings: req.mode === 'armada' ? armadaWarnings(req.fleets) : [],
  };
}

/** Custom Armada limits: up to 15 ships, no more than half from one faction (reported, not refused). */
function armadaWarnings(fleets: readonly Fleet[]): string[] {
  const out: string[] = [];
  for (const f of fleets) {
    const total = f.ships.reduce((s, x) => s + x.count, 0);
    if (total > ARMADA.maxShips)
      out.push(`${f.player} fields ${total} ships; the rulebook allows up to ${ARMADA.maxShips}`);
    const byFaction = new Map<string, number>();
    for (const s of f.ships) byFaction.set(s.faction.id, (byFaction.get(s.faction.id) ?? 0) + s.count);
    for (const [id, n] of byFaction) {
      if (n > total * ARMADA.maxFractionOneFaction)
        out.push(
          `${f.player} fields ${n} of ${total} ships from ${id}; the rulebook allows no more than half from one faction`,
        );
    }
  }
  return out;
}
