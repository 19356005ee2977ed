/** Findings as text for people (grouped by faction, errors first, a fix per finding) and as JSON. */
import { wrap } from '../table.js';
import { printable } from '../text.js';
import type { Finding } from './types.js';

/** Where `validate --previews` wrote each finding's picture. */
export type Pictures = ReadonlyMap<Finding, string>;

export function findingsJson(findings: readonly Finding[], pictures: Pictures = new Map()): string {
  const rows = findings.map((f) => ({ rule: f.rule, severity: f.severity, faction: f.faction, part: f.part, message: f.message, expected: f.expected, measured: f.measured, hint: f.hint, at: f.at, ...(pictures.has(f) ? { picture: pictures.get(f) } : {}) }));
  return `${JSON.stringify({ findings: rows }, null, 2)}\n`;
}

/** What was checked: how many factions, and how many players' lists when an armada list came too. */
export interface Checked {
  factions: number;
  players?: number;
  /** A game pack's name (`validate --game`): its pieces were checked, not factions. */
  game?: string;
}

/** Human output: one block per faction (shared parts and lists under "all factions"), errors first. */
export function findingsText(findings: readonly Finding[], checked: Checked, pictures: Pictures = new Map()): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
  const lists = checked.players === undefined ? [] : [plural(checked.players, "player's list", "players' lists")];
  // An armada list alone builds no faction: say what was checked, the lists.
  const scope = checked.game ? `${checked.game}'s pieces` : [...(checked.factions > 0 || lists.length === 0 ? [plural(checked.factions, 'faction', 'factions')] : []), ...lists].join(' and ');
  if (findings.length === 0) return `clean: ${scope} checked, no findings\n`;
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = f.faction ?? (checked.game ?? 'all factions');
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const lines: string[] = [];
  const order = [...groups.keys()].sort((a, b) => (a === 'all factions' ? 1 : b === 'all factions' ? -1 : a < b ? -1 : 1));
  for (const key of order) {
    const group = groups.get(key)!.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
    // Messages quote names from faction files and armada lists: printed as text.
    lines.push(`${printable(key)}:`);
    for (const f of group) {
      lines.push(wrap(`  ${f.severity === 'error' ? 'error  ' : 'warning'} ${f.rule}${f.part ? ` (${f.part})` : ''}: ${printable(f.message)}`, '          '));
      lines.push(wrap(`          fix: ${printable(f.hint)}`, '               '));
      if (pictures.has(f)) lines.push(`          picture: ${printable(pictures.get(f)!)}`);
    }
  }
  lines.push(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} (${scope} checked)`);
  return `${lines.join('\n')}\n`;
}
