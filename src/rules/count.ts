/**
 * One way to count what is printed, for Cannons & Coastlines' parts and the packs' pieces alike. A piece is
 * counted per unit of the game, its scope: per ship, per fitting of a kind, per mast, per player, per
 * island, per rock or reef, per table; its count is how many per unit of each scope it names, summed, and
 * the rule that count comes from is written once beside it. What the units number is a tally: one faction
 * set's (the print list), a table's (the bill of materials, the print plan and its plates), a pack's table.
 * The manifest, bom, the plan and the plates read every count through `countOf`.
 */

/** A fitting of one kind (`fitting:turret`): so many per ship of the faction's model. */
export type FittingScope = `fitting:${string}`;
/** The unit a piece is counted per. */
export type Scope = 'ship' | FittingScope | 'mast' | 'player' | 'island' | 'rock' | 'reef' | 'table';

export interface Count {
  /** How many per unit of each scope it names; the count is their sum over a tally. None: an optional extra. */
  per: Partial<Record<Scope, number>>;
  /** Where the count comes from (a rulebook line, or our choice within its range). */
  rule: string;
  /** An optional extra (damaged sail, printed flag, full island, coupon): not part of a minimum set. */
  optional: boolean;
  /** Counted per player but printed for the table: each player's coins go into the table's draw bag. */
  pooled?: boolean;
}

/** How many units of each scope there are; a scope it does not name numbers none. */
export type Tally = Partial<Record<Scope, number>>;

/** The scopes a count names, in the order it names them. */
export const scopesOf = (count: Count): Scope[] => Object.keys(count.per) as Scope[];

/** How many a tally prints: each scope's number per unit times its units, summed. */
export function countOf(count: Count, tally: Tally): number {
  return scopesOf(count).reduce((n, scope) => n + count.per[scope]! * (tally[scope] ?? 0), 0);
}

/** A fitting kind's scope. */
export const fittingScope = (kind: string): FittingScope => `fitting:${kind}`;

/** A count's numbers by scope, as the manifest states a pack's piece (`{ player: 4, table: 1 }`). */
export const perScope = (count: Count): Record<string, number> =>
  Object.fromEntries(scopesOf(count).map((s) => [s, count.per[s]!]));
