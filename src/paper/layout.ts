/** Small layout helpers shared by the cards, flags and reference sheet: measured text, wrapping, boxes. */
import { textWidth } from '../render/font.js';
import type { Page, Point, Shape } from './page.js';

export const INK_HEX = '#1E1E1E';

/** `text` broken into lines no wider than `widthMm` at cap height `capMm`, at spaces. */
export function wrap(text: string, capMm: number, widthMm: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, capMm) > widthMm) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export const text = (t: string, xMm: number, yMm: number, capMm: number, colorHex = INK_HEX, weight = 1): Shape => ({
  kind: 'text',
  text: t,
  xMm,
  yMm,
  capMm,
  colorHex,
  weight,
});

export const rectRing = (x: number, y: number, w: number, h: number): Point[] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

export const line = (
  a: Point,
  b: Point,
  strokeMm: number,
  strokeHex = INK_HEX,
  dashMm?: readonly [number, number],
): Shape => ({
  kind: 'path',
  rings: [[a, b]],
  closed: false,
  strokeMm,
  strokeHex,
  fillHex: null,
  ...(dashMm ? { dashMm } : {}),
});

/** Black or white, whichever reads on `hex` (relative luminance above or below the middle). */
export function inkOn(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const lum = 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
  return lum > 140 ? INK_HEX : '#FFFFFF';
}

/** Corner marks for cutting a grid of `cols` × `rows` cells from (x, y): short lines just outside each cut line. */
export function cropMarks(x: number, y: number, cellW: number, cellH: number, cols: number, rows: number): Shape[] {
  const out: Shape[] = [];
  const [gap, len] = [1.5, 4];
  for (let i = 0; i <= cols; i++) {
    const cx = x + i * cellW;
    out.push(
      line([cx, y - gap - len], [cx, y - gap], 0.2),
      line([cx, y + rows * cellH + gap], [cx, y + rows * cellH + gap + len], 0.2),
    );
  }
  for (let j = 0; j <= rows; j++) {
    const cy = y + j * cellH;
    out.push(
      line([x - gap - len, cy], [x - gap, cy], 0.2),
      line([x + cols * cellW + gap, cy], [x + cols * cellW + gap + len, cy], 0.2),
    );
  }
  return out;
}

/**
 * Cards of one size nine to a page (3 × 3), centred, with crop marks: `draw(i, x, y)` draws card i with its
 * top-left corner at (x, y).
 */
export function gridPages(
  count: number,
  card: { widthMm: number; heightMm: number },
  paper: { widthMm: number; heightMm: number },
  draw: (i: number, x: number, y: number) => Shape[],
): Page[] {
  const pages: Page[] = [];
  const [cols, rows] = [3, 3];
  const x = (paper.widthMm - cols * card.widthMm) / 2,
    y = (paper.heightMm - rows * card.heightMm) / 2;
  for (let i = 0; i < count; i += cols * rows) {
    const n = Math.min(cols * rows, count - i);
    const shapes = Array.from({ length: n }, (_, k) =>
      draw(i + k, x + (k % cols) * card.widthMm, y + Math.floor(k / cols) * card.heightMm),
    ).flat();
    pages.push({
      ...paper,
      shapes: [...shapes, ...cropMarks(x, y, card.widthMm, card.heightMm, cols, Math.ceil(n / cols))],
    });
  }
  return pages;
}

/** A circle as a closed ring of `n` points. */
export const circleRing = (cx: number, cy: number, r: number, n = 48): Point[] =>
  Array.from(
    { length: n },
    (_, i) => [cx + r * Math.cos((2 * Math.PI * i) / n), cy + r * Math.sin((2 * Math.PI * i) / n)] as const,
  );
