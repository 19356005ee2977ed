/** Plain-text tables for human output: columns padded to their widest cell, two spaces apart. */
import { printable } from './text.js';

/**
 * Lays out rows as an aligned text table: the first row is the header, columns are separated by two
 * spaces, and the columns listed in `rightAligned` (numbers) are padded on the left.
 */
export function formatTable(cells: readonly (readonly string[])[], rightAligned: readonly number[] = []): string {
  // Cells may hold text from faction files: shown with its control characters escaped.
  const rows = cells.map((row) => row.map(printable));
  const width = (s: string): number => [...s].length;
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, width(cell))));
  const pad = (cell: string, i: number): string => {
    const fill = ' '.repeat(widths[i]! - width(cell));
    return rightAligned.includes(i) ? fill + cell : cell + fill;
  };
  return rows.map((row) => `${row.map(pad).join('  ').trimEnd()}\n`).join('');
}
