/**
 * Facts from the Cannons & Coastlines rulebook v0.3 (shared/seeds/000_…txt) that the software enforces or
 * counts with. Page references are to the rulebook's sections.
 */

/** "Ships 2–5" (The Print List, per faction set). */
export const SHIPS_PER_SET = { min: 2, max: 5 } as const;
/** Move Count 1, 2 or 3 clicks (Action A: Move). */
export const MOVE_COUNT = { min: 1, max: 3 } as const;
/** Set Heading: up to 90°; Queen's Fleet's Disciplined Crew allows 180° (Action A: Move). */
export const MAX_HEADING_DEG = 90;
export const DISCIPLINED_CREW_HEADING_DEG = 180;
export const DISCIPLINED_CREW_ABILITY = 'Disciplined Crew';

/** Coin set per player, 20 coins, and what each does (Coin Actions, quoted). Order as the rulebook lists them. */
export const COIN_SET = [
  {
    id: 'brace',
    name: 'Brace for Impact',
    count: 2,
    effect:
      "Place the coin in a ship's coin slot. The next hit that ship takes is negated (no fitting lost) and the coin returns to the bag.",
  },
  {
    id: 'signal',
    name: 'Signal Flags',
    count: 2,
    effect:
      'One of your ships, or one allied ship, immediately takes a free Move action. They may still take a Fire action afterwards.',
  },
  {
    id: 'full-sail',
    name: 'Full Sail',
    count: 4,
    effect:
      'One of your ships takes two Move actions this turn. Each is a full Set Heading followed by Move-Count clicks.',
  },
  {
    id: 'evasive',
    name: 'Evasive Maneuvers',
    count: 2,
    effect:
      "One of your ships slides exactly one ship-width sideways (port or starboard) without rotating. This does not use that ship's action.",
  },
  {
    id: 'gunner',
    name: 'Skilled Gunner',
    count: 4,
    effect: 'One of your ships fires twice this turn. You may move the cannon between shots.',
  },
  {
    id: 'repair',
    name: 'Repair Crew',
    count: 4,
    effect: 'Restore 1 fitting to one of your ships. Required to capture a dead-in-the-water enemy ship.',
  },
  {
    id: 'boarding',
    name: 'Boarding Party',
    count: 2,
    effect:
      'While touching an enemy ship, remove 1 fitting from it. Required to capture a dead-in-the-water enemy ship.',
  },
] as const;
export type CoinId = (typeof COIN_SET)[number]['id'];
export const COINS_PER_PLAYER = 20;

/** Players: 2–20; Default mode 2–6, Group mode 6–20 (At the Table). */
export const PLAYERS = { min: 2, max: 20 } as const;
export const DEFAULT_MODE_PLAYERS = { min: 2, max: 6 } as const;
export const GROUP_MODE_PLAYERS = { min: 6, max: 20 } as const;

/** Islands on the table by player count (Setup table). Group mode gives a range. */
export function islandsForPlayers(players: number, mode: 'default' | 'group'): { min: number; max: number } {
  if (mode === 'group') return { min: 10, max: 12 };
  if (players <= 2) return { min: 4, max: 4 };
  if (players <= 4) return { min: 6, max: 6 };
  return { min: 8, max: 8 };
}

/** Rocks or reefs for the whole table, optional (Setup step 3). */
export const ROCKS_PER_TABLE = { min: 2, max: 6 } as const;

/** Per faction set (The Print List). */
export const PRINT_LIST = {
  cannons: { min: 3, max: 4 },
  cannonballs: 10,
  spareFlagHolders: 5,
  islands: { min: 2, max: 3 },
  rocks: { min: 2, max: 4 },
} as const;

/** Custom Armada: up to 15 ships, no more than half from one faction, at most 20 coins held. */
export const ARMADA = { maxShips: 15, maxFractionOneFaction: 0.5, maxCoins: 20, movesPerTurn: 3 } as const;

/** Table sizes in feet (Custom Armada), with the recommended armada size for each. */
export const TABLE_SIZES_FT = [
  { widthFt: 4, depthFt: 4, ships: { min: 4, max: 6 } },
  { widthFt: 5, depthFt: 5, ships: { min: 6, max: 9 } },
  { widthFt: 6, depthFt: 6, ships: { min: 8, max: 12 } },
  { widthFt: 6, depthFt: 8, ships: { min: 10, max: 15 } },
] as const;

/** Setup distances, inches: islands ≥ 6" apart and ≥ 12" from an edge; deploy within 3" of your edge. */
export const SETUP_IN = { islandSpacing: 6, islandEdge: 12, deployDepth: 3 } as const;
