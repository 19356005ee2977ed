/** Findings as text for people (grouped by faction, errors first, a fix per finding) and as JSON. */
import { formatTable, TABLE_MAX_COLUMNS, wrap } from '../table.js';
import { printable } from '../text.js';
import type { Figure, Finding } from './types.js';

/** Where `validate --previews` wrote each finding's picture. */
export type Pictures = ReadonlyMap<Finding, string>;

/** `{"findings": [...]}`, and `"figures": [...]` when the rules' measured figures are given. */
export function findingsJson(
  findings: readonly Finding[],
  pictures: Pictures = new Map(),
  figures?: readonly Figure[],
): string {
  const rows = findings.map((f) => ({
    rule: f.rule,
    severity: f.severity,
    faction: f.faction,
    part: f.part,
    message: f.message,
    expected: f.expected,
    measured: f.measured,
    hint: f.hint,
    at: f.at,
    ...(pictures.has(f) ? { picture: pictures.get(f) } : {}),
  }));
  return `${JSON.stringify({ findings: rows, ...(figures ? { figures } : {}) }, null, 2)}\n`;
}

const UNIT: Record<Figure['unit'], string> = { deg: '°', mm: ' mm' };

/** The figures the rules measured, as a table under the findings (nothing when there are none). */
export function figuresText(figures: readonly Figure[]): string {
  if (figures.length === 0) return '';
  // By faction, each faction's in the order its rules measured them.
  const byFaction = [...figures].sort((a, b) =>
    (a.faction ?? '\uffff') < (b.faction ?? '\uffff') ? -1 : (a.faction ?? '\uffff') > (b.faction ?? '\uffff') ? 1 : 0,
  );
  const rows = byFaction.map((f) => [
    f.faction ?? 'all factions',
    f.name,
    `${f.value.toFixed(f.unit === 'deg' ? 1 : 2)}${UNIT[f.unit]}`,
    f.note,
  ]);
  return `measured:\n${formatTable([['faction', 'figure', 'value', 'how'], ...rows], [2], TABLE_MAX_COLUMNS - 2)
    .split('\n')
    .map((l) => (l ? `  ${l}` : l))
    .join('\n')}`;
}

/** What was checked: how many factions, and how many players' lists when an armada list came too. */
export interface Checked {
  factions: number;
  players?: number;
  /** A game pack's name (`validate --game`): its pieces were checked, not factions. */
  game?: string;
  /** The pack's paper (cards.yaml) was checked too. */
  paper?: boolean;
}

/** Human output: one block per faction (shared parts and lists under "all factions"), errors first. */
export function findingsText(findings: readonly Finding[], checked: Checked, pictures: Pictures = new Map()): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
  const lists = checked.players === undefined ? [] : [plural(checked.players, "player's list", "players' lists")];
  // An armada list alone builds no faction: say what was checked, the lists.
  const scope = checked.game
    ? `the pieces${checked.paper ? ' and paper' : ''} of ${checked.game}`
    : [
        ...(checked.factions > 0 || lists.length === 0 ? [plural(checked.factions, 'faction', 'factions')] : []),
        ...lists,
      ].join(' and ');
  if (findings.length === 0) return `clean: ${scope} checked, no findings\n`;
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = f.faction ?? checked.game ?? 'all factions';
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const lines: string[] = [];
  const order = [...groups.keys()].sort((a, b) =>
    a === 'all factions' ? 1 : b === 'all factions' ? -1 : a < b ? -1 : 1,
  );
  for (const key of order) {
    const group = groups.get(key)!.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
    // Messages quote names from faction files and armada lists: printed as text.
    lines.push(`${printable(key)}:`);
    for (const f of group) {
      lines.push(
        wrap(
          `  ${f.severity === 'error' ? 'error  ' : 'warning'} ${f.rule}${f.part ? ` (${f.part})` : ''}: ${printable(f.message)}`,
          '          ',
        ),
      );
      lines.push(wrap(`          fix: ${printable(f.hint)}`, '               '));
      if (pictures.has(f)) lines.push(`          picture: ${printable(pictures.get(f)!)}`);
    }
  }
  lines.push(
    `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} (${scope} checked)`,
  );
  return `${lines.join('\n')}\n`;
}
