/**
 * Plain-text tables and paragraphs for human output, at most TABLE_MAX_COLUMNS wide: columns padded to
 * their widest cell, two spaces apart, and when that is too wide the widest text columns wrap at spaces.
 */
import { printable } from './text.js';

/** The width human output keeps within: a common terminal, and a README code block without scrolling. */
export const TABLE_MAX_COLUMNS = 100;

const width = (s: string): number => [...s].length;

/** Splits text into lines of at most `columns` characters at spaces; a word longer than a line is split. */
export function wrapLines(text: string, columns: number): string[] {
  const out: string[] = [];
  let line = '';
  for (let word of text.split(' ')) {
    while (width(word) > columns) {
      if (line !== '') (out.push(line), (line = ''));
      out.push([...word].slice(0, columns).join(''));
      word = [...word].slice(columns).join('');
    }
    if (line !== '' && width(line) + 1 + width(word) > columns) (out.push(line), (line = word));
    else line = line === '' ? word : `${line} ${word}`;
  }
  out.push(line);
  return out;
}

/** Wraps a paragraph at `columns` (default TABLE_MAX_COLUMNS), indenting continuation lines with `indent`. */
export function wrap(text: string, indent = '', columns = TABLE_MAX_COLUMNS): string {
  const lead = /^ */.exec(text)![0];
  const [first = '', ...rest] = wrapLines(text.slice(lead.length), columns - lead.length);
  const more = rest.length > 0 ? wrapLines(rest.join(' '), columns - width(indent)) : [];
  return [lead + first, ...more.map((l) => indent + l)].join('\n');
}

/**
 * Lays out rows as an aligned text table: the first row is the header, columns are separated by two
 * spaces, and the columns listed in `rightAligned` (numbers) are padded on the left. A table wider than
 * `maxColumns` (default TABLE_MAX_COLUMNS) narrows its widest columns, no narrower than their longest
 * word (or number), and wraps their cells and headers onto more lines.
 */
export function formatTable(
  cells: readonly (readonly string[])[],
  rightAligned: readonly number[] = [],
  maxColumns = TABLE_MAX_COLUMNS,
): string {
  // Cells may hold text from faction files: shown with its control characters escaped.
  const rows = cells.map((row) => row.map(printable));
  const widths: number[] = [];
  const floors: number[] = [];
  rows.forEach((row, r) => {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, width(cell));
      // A number is never broken; a header and text break between words.
      const unbroken = rightAligned.includes(i) && r > 0 ? width(cell) : Math.max(...cell.split(' ').map(width));
      floors[i] = Math.max(floors[i] ?? 0, unbroken);
    });
  });
  const total = (): number => widths.reduce((s, w) => s + w, 0) + 2 * (widths.length - 1);
  // Narrow one character at a time the column where that adds the fewest lines (the widest on a tie).
  const linesAt = (i: number, w: number): number =>
    rows.reduce((n, row) => n + (width(row[i] ?? '') <= w ? 1 : wrapLines(row[i]!, w).length), 0);
  while (total() > maxColumns) {
    let best = -1;
    let bestCost = Infinity;
    widths.forEach((w, i) => {
      if (w <= floors[i]!) return;
      const cost = linesAt(i, w - 1) - linesAt(i, w);
      if (cost < bestCost || (cost === bestCost && w > widths[best]!)) ((best = i), (bestCost = cost));
    });
    if (best < 0) break;
    widths[best]! -= 1;
  }
  const lines: string[] = [];
  for (const row of rows) {
    const wrapped = row.map((cell, i) => (width(cell) <= widths[i]! ? [cell] : wrapLines(cell, widths[i]!)));
    const height = Math.max(...wrapped.map((c) => c.length));
    for (let k = 0; k < height; k++) {
      const line = wrapped.map((c, i) => {
        const text = c[k] ?? '';
        const fill = ' '.repeat(Math.max(0, widths[i]! - width(text)));
        return rightAligned.includes(i) ? fill + text : text + fill;
      });
      lines.push(`${line.join('  ').trimEnd()}\n`);
    }
  }
  return lines.join('');
}
