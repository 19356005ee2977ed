/**
 * The bill of materials as text: a terminal table (at most 100 columns), a Markdown table and CSV to paste
 * into a document or a sheet, and JSON. Pure: each returns a string.
 */
import { formatTable, wrap } from '../table.js';
import { tableTitle, type Bom, type BomRow } from './bom.js';

export const BOM_FORMATS = ['table', 'markdown', 'csv', 'json'] as const;
export type BomFormat = (typeof BOM_FORMATS)[number];

const g = (x: number): string => x.toFixed(1);
const min = (x: number): string => x.toFixed(0);
export const hours = (minutes: number): string => {
  const whole = Math.round(minutes);
  return `${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, '0')} min`;
};
const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;

const HEADER = [
  'part',
  'faction',
  'quantity',
  'color',
  'material',
  'gramsEach',
  'gramsTotal',
  'minutesEach',
  'minutesTotal',
  'file',
] as const;
const cellsOf = (r: BomRow): string[] => [
  r.part,
  r.faction,
  String(r.quantity),
  r.color,
  r.material,
  g(r.gramsEach),
  g(r.gramsTotal),
  min(r.minutesEach),
  min(r.minutesTotal),
];

function summaryLines(bom: Bom): string[] {
  const s = bom.settings;
  const t = bom.totals;
  const lines = [
    `Bill of materials: ${tableTitle(bom)}`,
    `Print: ${s.layerHeightMm} mm layers, ${round(s.infillFraction * 100, 1)} % infill, ${s.perimeters} walls, ${s.topLayers} top / ${s.bottomLayers} bottom layers; grams and minutes estimated from each part's mesh (calibrated against PrusaSlicer)`,
  ];
  const cost =
    t.cost === null
      ? 'cost: give --price-per-kg'
      : `cost ${t.cost.toFixed(2)} for the filament used, ${t.spoolsCost!.toFixed(2)} for the spools, at ${t.pricePerKg} per kg`;
  lines.push(
    `Total: ${g(t.grams)} g, ${hours(t.minutes)} of printing, ${t.spools} × 1 kg spool${t.spools === 1 ? '' : 's'}; ${cost}`,
  );
  return lines;
}

/** The terminal table: parts, totals by colour and material, what to buy, and the choices made. */
export function formatBomTable(bom: Bom): string {
  const head = [
    'part',
    bom.game ? 'for' : 'faction',
    'qty',
    'colour',
    'material',
    'g each',
    'g total',
    'min each',
    'min total',
  ];
  const parts = formatTable([head, ...bom.rows.map((r) => cellsOf(r))], [2, 5, 6, 7, 8]);
  const colours = formatTable(
    [
      ['colour', 'material', 'grams', 'print time', 'spools'],
      ...bom.totals.byColor.map((c) => [c.color, c.material, g(c.grams), hours(c.minutes), String(c.spools)]),
    ],
    [2, 3, 4],
  );
  const notPrinted = formatTable(
    bom.notPrinted.map((n) => [`  ${n.item}`, String(n.quantity)]),
    [1],
  );
  const notes = [
    ...bom.decisions,
    ...(bom.totals.byColor.some((c) => c.color === 'any')
      ? [
          'colour "any": print from what is left on the other spools of the same material; spools are counted for the rest only',
        ]
      : []),
  ];
  return [
    ...summaryLines(bom).map((l) => wrap(l, '  ')),
    '',
    parts.trimEnd(),
    '',
    'By colour and material (1 kg spools):',
    colours.trimEnd(),
    '',
    ...(bom.notPrinted.length ? ['Not printed, to buy:', notPrinted.trimEnd(), ''] : []),
    'Choices where the rulebook gives a range:',
    ...notes.map((d) => wrap(`  - ${d}`, '    ')),
    ...(bom.warnings.length ? ['', 'Warnings:', ...bom.warnings.map((d) => wrap(`  - ${d}`, '    '))] : []),
    '',
  ].join('\n');
}

const mdCell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, ' ');
function mdTable(head: readonly string[], rows: readonly (readonly string[])[], right: readonly number[]): string {
  const sep = head.map((_, i) => (right.includes(i) ? '---:' : '---'));
  return [head, sep, ...rows].map((r) => `| ${r.map(mdCell).join(' | ')} |`).join('\n');
}

/** Markdown: the summary, the parts table, totals by colour, and what to buy. */
export function formatBomMarkdown(bom: Bom): string {
  const t = bom.totals;
  return [
    `# ${summaryLines(bom)[0]}`,
    '',
    ...summaryLines(bom).slice(1),
    '',
    mdTable(
      [
        'part',
        bom.game ? 'for' : 'faction',
        'quantity',
        'colour',
        'material',
        'g each',
        'g total',
        'min each',
        'min total',
        'file',
      ],
      bom.rows.map((r) => [...cellsOf(r), `\`${r.file}\``]),
      [2, 5, 6, 7, 8],
    ),
    `| **total** | | | | | | **${g(t.grams)}** | | **${min(t.minutes)}** | |`,
    '',
    '## By colour and material',
    '',
    mdTable(
      ['colour', 'material', 'grams', 'minutes', '1 kg spools'],
      t.byColor.map((c) => [c.color, c.material, g(c.grams), min(c.minutes), String(c.spools)]),
      [2, 3, 4],
    ),
    '',
    ...(bom.notPrinted.length
      ? [
          '## Not printed',
          '',
          mdTable(
            ['item', 'quantity'],
            bom.notPrinted.map((n) => [n.item, String(n.quantity)]),
            [1],
          ),
          '',
        ]
      : []),
    '## Choices',
    '',
    ...bom.decisions.map((d) => `- ${d}`),
    ...bom.warnings.map((d) => `- **warning:** ${d}`),
    '',
  ].join('\n');
}

/** RFC 4180: quote a field holding a comma, quote, or line break; double the quotes inside. */
export function csvField(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV: one header row and one row per part, CRLF line ends, numbers without units. */
export function formatBomCsv(bom: Bom): string {
  const rows = [
    [...HEADER],
    ...bom.rows.map((r) => [
      r.part,
      r.faction,
      String(r.quantity),
      r.color,
      r.material,
      String(round(r.gramsEach, 2)),
      String(round(r.gramsTotal, 2)),
      String(round(r.minutesEach, 1)),
      String(round(r.minutesTotal, 1)),
      r.file,
    ]),
  ];
  return rows.map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
}

/** JSON as the issue specifies it, plus settings, per-player sets, choices and warnings. */
export function formatBomJson(bom: Bom): string {
  const t = bom.totals;
  const data = {
    ...(bom.game ? { game: bom.game } : {}),
    players: bom.players,
    mode: bom.mode,
    rows: bom.rows.map((r) => ({
      part: r.part,
      faction: r.faction,
      file: r.file,
      quantity: r.quantity,
      color: r.color,
      material: r.material,
      gramsEach: round(r.gramsEach, 2),
      gramsTotal: round(r.gramsTotal, 2),
      minutesEach: round(r.minutesEach, 1),
      minutesTotal: round(r.minutesTotal, 1),
      rule: r.rule,
    })),
    totals: {
      grams: round(t.grams, 1),
      minutes: round(t.minutes, 1),
      spools: t.spools,
      cost: t.cost === null ? null : round(t.cost, 2),
      spoolsCost: t.spoolsCost === null ? null : round(t.spoolsCost, 2),
      pricePerKg: t.pricePerKg,
      byColor: t.byColor.map((c) => ({ ...c, grams: round(c.grams, 1), minutes: round(c.minutes, 1) })),
      byMaterial: t.byMaterial.map((m) => ({ ...m, grams: round(m.grams, 1), minutes: round(m.minutes, 1) })),
    },
    notPrinted: bom.notPrinted,
    settings: bom.settings,
    sets: bom.sets,
    decisions: bom.decisions,
    warnings: bom.warnings,
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

export function formatBom(bom: Bom, format: BomFormat): string {
  if (format === 'markdown') return formatBomMarkdown(bom);
  if (format === 'csv') return formatBomCsv(bom);
  if (format === 'json') return formatBomJson(bom);
  return formatBomTable(bom);
}
