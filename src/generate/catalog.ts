/**
 * The parts catalogue (BRIEF §3) as data: which builder makes each file, with what options, in which
 * colour and material, and how many one faction set needs (BRIEF §1, rulebook "The Print List").
 *
 * Builders are named by their id in the one registry (src/parts/registry.ts): `flag-holder` is the
 * `flagHolder` of src/parts/flag-holder.ts, so a new part is its builder, its test and its entry here.
 */
import type { Faction } from '../faction/types.js';
import type { TuneRequest } from '../physics/solver.js';
import { cannonOptionsFor, solveCannon } from '../physics/tune.js';
import { countOf, fittingScope, type Count, type Tally } from '../rules/count.js';
import { COIN_SET, PRINT_LIST } from '../rules/rulebook.js';
import { CLICK_DISTANCE_MM } from '../standard.js';
import type { BuildSettings, Quantity } from './types.js';

/**
 * The cannon the spring solver (BRIEF §4) tunes for the settings' material and range: its arm, catch,
 * bore and ball. Throws InfeasibleError when no printable arm reaches the range.
 */
export function tunedCannon(s: BuildSettings): TunedCannon {
  // One solve per request: the plan, the manifest and its checks all ask for the same cannon (tens of ms each).
  const key = JSON.stringify(cannonRequest(s));
  let options = TUNED.get(key);
  if (!options) TUNED.set(key, (options = cannonOptionsFor(solveCannon(cannonRequest(s)))));
  return structuredClone(options);
}

export type TunedCannon = ReturnType<typeof cannonOptionsFor>;
const TUNED = new Map<string, TunedCannon>();

/** Takes `options` as the solve of the settings' cannon: one a run before made of the same request and code (the part cache keeps it). */
export function rememberTunedCannon(s: BuildSettings, options: TunedCannon): void {
  TUNED.set(JSON.stringify(cannonRequest(s)), options);
}

/** What the solver is asked for the build's cannon: its material, range, clearance and design. */
export function cannonRequest(s: BuildSettings): TuneRequest {
  return {
    ...s.cannonDesign,
    materialId: s.cannonMaterialId,
    targetRangeM: s.cannonRangeM,
    clearanceMm: s.clearanceMm,
  };
}

export interface CatalogEntry {
  /** File stem: `<part>.stl`. */
  part: string;
  /** Where its file goes: the faction's folder (one file per faction) or `shared/` (one for every faction). */
  folder: 'faction' | 'shared';
  /** The builder's id (src/parts/registry.ts). */
  builder: string;
  /** Builder options, or null when this faction has no such part (e.g. a turret without a turret fitting). */
  options(settings: BuildSettings, faction: Faction | null): unknown | null;
  /** Recommended colour (rulebook "The Parts"). */
  color(faction: Faction | null): string;
  material(settings: BuildSettings): string;
  /** How many are printed, per what (its scopes), and the rule (BRIEF §1; src/rules/count.ts). */
  count: Count;
  /** Whether a faction's set prints it at all (a faction with sails of its own prints no shared sails); default: yes. */
  prints?: (faction: Faction) => boolean;
  /**
   * Why the part prints with a brim (PRINTABILITY.brimWidthMm), when it stands on too little first layer for
   * its height (print/first-layer); absent: no brim.
   */
  brim?: string;
}

/** Islands per faction set: the print list says 2–3; we take 2 (the table's islands come from the BOM). */
export const ISLANDS_PER_SET = PRINT_LIST.islands.min;
/** Cannons per faction set: the print list says 3–4; we take 4 ("good to have options if one fails"). */
export const CANNONS_PER_SET = PRINT_LIST.cannons.max;

const fittings = (f: Faction, kind: string): number => f.model.fittings.filter((s) => s.kind === kind).length;
/** Rocks and reefs: the print list's 2–4 per set; the table's come from its setup (src/bom/quantities.ts tableRocks). */
const ROCKS_RULE = `${PRINT_LIST.rocks.min}–${PRINT_LIST.rocks.max} rocks or reefs per set, optional terrain; 1 rock + 1 reef taken`;
const PLA = (): string => 'pla';
const clearance = (s: BuildSettings): { clearanceMm: number } => ({ clearanceMm: s.clearanceMm });
/** The wheel as this printer needs it: sized for its band, for the click over the measured roll factor. */
const wheelSizing = (s: BuildSettings): { clickDistanceMm: number; band: BuildSettings['band'] } => ({
  clickDistanceMm: CLICK_DISTANCE_MM / s.wheelRollFactor,
  band: s.band,
});
/** The printer's elephant's foot, for parts with a fit on the bed (src/parts/chamfer.ts). */
const bedChamfer = (s: BuildSettings): { bedChamferMm: number } => ({ bedChamferMm: s.printer.elephantFootMm });

export const CATALOG: readonly CatalogEntry[] = [
  {
    part: 'hull',
    folder: 'faction',
    builder: 'hull',
    options: (s, f) =>
      f && !f.model.externalHullStl ? { model: f.model, clearanceMm: s.clearanceMm, ...bedChamfer(s) } : null,
    color: (f) => f?.card.color ?? 'faction colour',
    material: PLA,
    count: { per: { ship: 1 }, rule: 'ships: the faction card', optional: false },
  },
  {
    part: 'turret',
    folder: 'faction',
    builder: 'turret',
    options: (s, f) => (f && fittings(f, 'turret') > 0 ? { ...clearance(s), ...bedChamfer(s) } : null),
    color: (f) => f?.card.color ?? 'faction colour',
    material: PLA,
    count: { per: { [fittingScope('turret')]: 1 }, rule: 'turret fittings per ship × ships', optional: false },
  },
  {
    part: 'mast',
    folder: 'shared',
    builder: 'mast',
    options: bedChamfer,
    color: () => 'wood-brown',
    material: PLA,
    count: {
      per: { mast: 1 },
      rule: `1 per ship + 1 per island (${ISLANDS_PER_SET} islands per set)`,
      optional: false,
    },
  },
  {
    part: 'sail',
    folder: 'shared',
    builder: 'sail',
    options: (s) => ({ ...clearance(s), damaged: false }),
    color: () => 'white',
    material: PLA,
    prints: (f) => f.model.look.sails === 'plain',
    count: { per: { mast: 1 }, rule: '1 per mast (plain sails)', optional: false },
  },
  {
    // A faction whose look has its own sails prints them in place of the shared ones.
    part: 'sail',
    folder: 'faction',
    builder: 'sail',
    options: (s, f) =>
      f && f.model.look.sails === 'tattered' ? { ...clearance(s), damaged: false, tattered: true } : null,
    color: () => 'white',
    material: PLA,
    prints: (f) => f.model.look.sails === 'tattered',
    count: { per: { mast: 1 }, rule: "1 per mast (the faction's tattered sails)", optional: false },
  },
  {
    part: 'sail-damaged',
    folder: 'shared',
    builder: 'sail',
    options: (s) => ({ ...clearance(s), damaged: true }),
    color: () => 'white',
    material: PLA,
    count: { per: {}, rule: 'optional torn variant, printed in place of a sail', optional: true },
  },
  {
    part: 'cargo',
    folder: 'faction',
    builder: 'cargo',
    options: (_s, f) => (f ? { kind: f.model.look.cargo } : null),
    color: () => 'wood-brown',
    material: PLA,
    count: { per: { [fittingScope('cargo')]: 1 }, rule: 'cargo fittings per ship × ships', optional: false },
  },
  {
    part: 'flag-holder',
    folder: 'shared',
    builder: 'flag-holder',
    options: (s) => ({ ...clearance(s), ...bedChamfer(s) }),
    color: () => 'any',
    material: PLA,
    count: {
      per: { mast: 1, player: PRINT_LIST.spareFlagHolders },
      rule: `1 per mast + ${PRINT_LIST.spareFlagHolders} spare`,
      optional: false,
    },
    brim: 'a tall sleeve and clip on a small footprint: a brim keeps it down while its top is printed',
  },
  {
    part: 'flag',
    folder: 'shared',
    builder: 'flag',
    options: clearance,
    color: () => 'fleet colour',
    material: PLA,
    count: { per: {}, rule: 'optional solid flag, in place of a paper flag holder', optional: true },
  },
  {
    part: 'cannon',
    folder: 'shared',
    builder: 'cannon',
    options: (s) => ({ ...clearance(s), ...tunedCannon(s), ...bedChamfer(s) }),
    color: () => 'black',
    material: (s) => s.cannonMaterialId,
    count: {
      per: { player: CANNONS_PER_SET },
      rule: `${PRINT_LIST.cannons.min}–${PRINT_LIST.cannons.max} per set; ${CANNONS_PER_SET} taken`,
      optional: false,
    },
  },
  {
    part: 'cannonball',
    folder: 'shared',
    builder: 'cannonball',
    options: () => ({}),
    color: () => 'neon green',
    material: PLA,
    count: { per: { player: PRINT_LIST.cannonballs }, rule: `${PRINT_LIST.cannonballs} per set`, optional: false },
    brim: 'a ball stands on a small flat: without a brim it knocks loose as the nozzle passes its top',
  },
  {
    part: 'wheel',
    folder: 'shared',
    builder: 'wheel',
    options: (s) => ({ ...wheelSizing(s), ...bedChamfer(s) }),
    color: () => 'any',
    material: PLA,
    count: { per: { ship: 1 }, rule: '1 per ship', optional: false },
    brim: 'the wheel stands on its narrow flat, its centre of mass high above it: it rocks and tips without a brim',
  },
  {
    part: 'carriage',
    folder: 'shared',
    builder: 'carriage',
    options: (s) => ({ ...clearance(s), ...wheelSizing(s), ...bedChamfer(s) }),
    color: () => 'any',
    material: PLA,
    count: { per: { ship: 1 }, rule: '1 per ship', optional: false },
  },
  {
    part: 'island-topper',
    folder: 'shared',
    builder: 'island-topper',
    options: clearance,
    color: () => 'sand',
    material: PLA,
    count: {
      per: { island: 1 },
      rule: `${PRINT_LIST.islands.min}–${PRINT_LIST.islands.max} islands per set; ${ISLANDS_PER_SET} taken, as toppers`,
      optional: false,
    },
  },
  {
    part: 'island',
    folder: 'shared',
    builder: 'island',
    options: clearance,
    color: () => 'sand',
    material: PLA,
    count: { per: {}, rule: 'optional full island, in place of a topper on a household object', optional: true },
  },
  {
    part: 'rock',
    folder: 'shared',
    builder: 'rock',
    options: (s) => ({ kind: 'rock', seed: s.terrainSeed }),
    color: () => 'grey',
    material: PLA,
    count: { per: { rock: 1 }, rule: ROCKS_RULE, optional: false },
  },
  {
    part: 'reef',
    folder: 'shared',
    builder: 'rock',
    options: (s) => ({ kind: 'reef', seed: s.terrainSeed + 1 }),
    color: () => 'grey',
    material: PLA,
    count: { per: { reef: 1 }, rule: ROCKS_RULE, optional: false },
  },
  ...COIN_SET.map((c): CatalogEntry => ({
    part: `coin-${c.id}`,
    folder: 'shared',
    builder: 'coin',
    options: (s) => ({ type: c.id, ...bedChamfer(s) }),
    color: () => 'gold',
    material: PLA,
    count: { per: { player: c.count }, rule: `${c.count} ${c.name} in the 20-coin set`, optional: false, pooled: true },
  })),
  {
    part: 'fit-coupon',
    folder: 'shared',
    builder: 'coupon',
    options: bedChamfer,
    color: () => 'any',
    material: PLA,
    count: { per: {}, rule: 'once per printer and material, to find --clearance', optional: true },
  },
];

/**
 * What one faction set numbers (the print list, BRIEF §1): its player, its card's ships, their fittings by
 * kind, its `ISLANDS_PER_SET` islands and their masts, one rock and one reef.
 */
export function setTally(f: Faction): Tally {
  const tally: Tally = {
    player: 1,
    ship: f.card.ships,
    island: ISLANDS_PER_SET,
    mast: f.card.ships + ISLANDS_PER_SET,
    rock: 1,
    reef: 1,
  };
  for (const kind of new Set(f.model.fittings.map((s) => s.kind)))
    tally[fittingScope(kind)] = f.card.ships * fittings(f, kind);
  return tally;
}

/** How many of an entry one faction set prints: none where the faction does not print it. */
export const setCount = (entry: CatalogEntry, f: Faction): number =>
  (entry.prints?.(f) ?? true) ? countOf(entry.count, setTally(f)) : 0;

/** The quantity record of an entry over the factions being built. */
export function quantityFor(entry: CatalogEntry, factions: readonly Faction[]): Quantity {
  const perSet: Record<string, number> = {};
  for (const f of factions) perSet[f.id] = setCount(entry, f);
  return { perSet, rule: entry.count.rule, optional: entry.count.optional };
}
