/**
 * A game pack's paper laid out (`cards --game`): the cards, US poker size (CARD_SIZES.usPoker, so they
 * sleeve and fit the deck boxes), nine to a page with crop marks as the faction cards are; then the tokens,
 * cut lines round each; then the reference pages. Each is printed as often as its count asks for the
 * table. Cards and pages are stacks of blocks drawn top to bottom; a stack that runs past its card or page
 * is an error at its line:column, never clipped. Rigadoon's Wind Direction cards draw the sailing pattern
 * from the pack's sailing rules (src/paper/sailing.ts) round the black diamond, with north marked.
 */
import { InputError } from '../errors.js';
import { capToFit, textWidth } from '../render/font.js';
import { CARD_SIZES, displayColor } from '../standard.js';
import { circleRing, gridPages, inkOn, INK_HEX, line, rectRing, text, wrap } from './layout.js';
import type { Page, Point, Shape } from './page.js';
import type { Block, Count, Icon, PackPaper, PaperCard, PaperToken, ReferencePage } from './pack-types.js';
import { downwindDeg, sailingCells, sailingRadius, type Sailing, type Wind } from './sailing.js';

/** The packs' cards: US poker size, 2.5 × 3.5 in. */
export const PACK_CARD = {
  widthMm: CARD_SIZES.usPoker.widthMm,
  heightMm: CARD_SIZES.usPoker.lengthMm,
  marginMm: 3.5,
} as const;
const BAND_MM = 12.5;

/** The rules' colours on a Wind Direction card: "orange squares", "yellow circles", "a black diamond". */
export const SAIL_COLORS = { any: displayColor('orange'), all: displayColor('yellow'), ship: '#000000' } as const;
const GRID_HEX = '#B4B4B4';
const MUTED_HEX = '#555555';

interface Style {
  capMm: number;
  lineMm: number;
  headCapMm: number;
  gapMm: number;
  /** A write-in line's height. */
  fieldMm: number;
  iconMm: number;
}
const CARD_STYLE: Style = { capMm: 1.9, lineMm: 2.9, headCapMm: 2.4, gapMm: 1.4, fieldMm: 4.4, iconMm: 30 };
const PAGE_STYLE: Style = { capMm: 2.4, lineMm: 3.6, headCapMm: 3.2, gapMm: 2.4, fieldMm: 6, iconMm: 30 };

/** Where a Wind Direction card drew its pattern: `validate --game` measures the page there. */
export interface DrawnPattern {
  card: string;
  wind: Wind;
  page: number;
  /** The card's outline on its page. */
  rect: { xMm: number; yMm: number; widthMm: number; heightMm: number };
  /** The black diamond's centre: the ship's space. */
  shipMm: Point;
  cellMm: number;
}

export interface PackPaperSet {
  pages: Page[];
  /** Copies printed of each card, token and page, by id, in the file's order. */
  printed: { kind: 'card' | 'token' | 'page'; id: string; copies: number }[];
  patterns: DrawnPattern[];
}

/** Copies of a thing a table of `players` prints. */
export const copiesOf = (c: Count, players: number): number => c.perPlayer * players + c.perTable;

interface Ctx {
  source: string;
  sailing: Sailing | null;
  /** Patterns drawn so far, their page filled in by the caller. */
  patterns: Omit<DrawnPattern, 'page' | 'rect'>[];
}

const fail = (ctx: Ctx, place: string, message: string): never => {
  throw InputError.single(ctx.source, place, message);
};

/** `t` at cap `cap` if it fits `width`, else an error at `place`. */
function fitted(ctx: Ctx, place: string, t: string, cap: number, width: number, what: string): string {
  if (textWidth(t, cap) > width + 1e-9)
    fail(
      ctx,
      place,
      `${what} "${t}" is ${textWidth(t, cap).toFixed(1)} mm wide at ${cap} mm letters; it has ${width.toFixed(1)} mm: shorten it`,
    );
  return t;
}

const filled = (rings: Point[][], fillHex: string, strokeHex: string | null = null, strokeMm = 0.2): Shape => ({
  kind: 'path',
  rings,
  closed: true,
  strokeMm: strokeHex ? strokeMm : null,
  strokeHex: strokeHex ?? INK_HEX,
  fillHex,
});
const outline = (ring: Point[], strokeMm: number, strokeHex = INK_HEX, dashMm?: readonly [number, number]): Shape => ({
  kind: 'path',
  rings: [ring],
  closed: true,
  strokeMm,
  strokeHex,
  fillHex: null,
  ...(dashMm ? { dashMm } : {}),
});

/** A label and the line to write on after it, from x to x + w, its baseline at `base`. */
function writeIn(ctx: Ctx, place: string, label: string, x: number, base: number, w: number, s: Style): Shape[] {
  const lw = textWidth(fitted(ctx, place, label, s.capMm, w - 5, 'the label'), s.capMm);
  return [text(label, x, base, s.capMm), line([x + lw + 1.2, base + 0.5], [x + w, base + 0.5], 0.2, '#777777')];
}

/** One block's shapes from its top at y, `w` wide, and the height it takes. */
function blockShapes(
  ctx: Ctx,
  b: Block,
  x: number,
  y: number,
  w: number,
  s: Style,
): { shapes: Shape[]; heightMm: number } {
  switch (b.kind) {
    case 'heading': {
      // Room above a heading, so it leads what follows rather than trailing what came before.
      const above = s.gapMm * 0.6;
      return {
        shapes: [
          text(
            fitted(ctx, b.place, b.text, s.headCapMm, w, 'the heading'),
            x,
            y + above + s.headCapMm,
            s.headCapMm,
            INK_HEX,
            1.4,
          ),
        ],
        heightMm: above + s.headCapMm + s.gapMm,
      };
    }
    case 'text': {
      const lines = wrap(b.text, s.capMm, w).map((l) => fitted(ctx, b.place, l, s.capMm, w, 'a word'));
      return {
        shapes: lines.map((l, i) => text(l, x, y + s.capMm + i * s.lineMm, s.capMm)),
        heightMm: s.capMm + (lines.length - 1) * s.lineMm + s.gapMm,
      };
    }
    case 'fields':
      return {
        shapes: b.labels.flatMap((l, i) => writeIn(ctx, b.place, l, x, y + (i + 1) * s.fieldMm - 1.2, w, s)),
        heightMm: b.labels.length * s.fieldMm + s.gapMm / 2,
      };
    case 'row': {
      // Each label its own width and an equal share of the line to write on.
      const gap = 1.5,
        widths = b.labels.map((l) => textWidth(l, s.capMm) + 1.2);
      const share = (w - widths.reduce((a, c) => a + c, 0) - gap * (b.labels.length - 1)) / b.labels.length;
      if (share < 5)
        fail(
          ctx,
          b.place,
          `the labels ${b.labels.map((l) => `"${l}"`).join(', ')} leave ${Math.max(0, share).toFixed(1)} mm each to write on, on a ${w.toFixed(1)} mm line; at least 5 mm: shorten them or split the row`,
        );
      let at = x;
      return {
        shapes: b.labels.flatMap((l, i) => {
          const out = writeIn(ctx, b.place, l, at, y + s.fieldMm - 1.2, widths[i]! + share, s);
          at += widths[i]! + share + gap;
          return out;
        }),
        heightMm: s.fieldMm + s.gapMm / 2,
      };
    }
    case 'track': {
      const base = y + s.fieldMm - 1.2;
      // Labels a fifth of the width, so the tracks' write-ins and boxes line up down a card.
      const lw = Math.max(
        w / 5,
        textWidth(fitted(ctx, b.place, b.label, s.capMm, w / 3, 'the track label'), s.capMm) + 2,
      );
      const shapes: Shape[] = [text(b.label, x, base, s.capMm, INK_HEX, 1.4)];
      const fw = b.fields.length ? (w - lw) / b.fields.length : 0;
      b.fields.forEach((f, i) => shapes.push(...writeIn(ctx, b.place, f, x + lw + i * fw, base, fw - 1.5, s)));
      const pitch = Math.min(4.6, w / b.boxes),
        side = pitch - 0.8,
        top = y + s.fieldMm + 0.2;
      for (let i = 0; i < b.boxes; i++) shapes.push(outline(rectRing(x + i * pitch, top, side, side), 0.2));
      return { shapes, heightMm: s.fieldMm + 0.2 + side + s.gapMm };
    }
    case 'lines': {
      const shapes: Shape[] = [
        text(fitted(ctx, b.place, b.label, s.capMm, w, 'the label'), x, y + s.capMm, s.capMm, MUTED_HEX),
      ];
      for (let i = 1; i <= b.count; i++)
        shapes.push(line([x, y + s.capMm + i * s.fieldMm], [x + w, y + s.capMm + i * s.fieldMm], 0.2, '#777777'));
      return { shapes, heightMm: s.capMm + b.count * s.fieldMm + s.gapMm };
    }
    case 'area': {
      const cap = s.capMm * 0.9;
      return {
        shapes: [
          outline(rectRing(x, y, w, b.heightMm), 0.25, '#8A8A8A', [1.2, 0.9]),
          text(fitted(ctx, b.place, b.label, cap, w - 3, 'the label'), x + 1.5, y + 1.5 + cap, cap, '#8A8A8A'),
        ],
        heightMm: b.heightMm + s.gapMm,
      };
    }
    case 'icon':
      return { shapes: iconShapes(b.icon, x + (w - s.iconMm) / 2, y, s.iconMm), heightMm: s.iconMm + s.gapMm };
    case 'pattern':
      return patternShapes(ctx, b.wind, b.place, x, y, w);
    case 'table':
      return tableShapes(ctx, b, x, y, w, s);
  }
}

function tableShapes(
  ctx: Ctx,
  b: Extract<Block, { kind: 'table' }>,
  x: number,
  y: number,
  w: number,
  s: Style,
): { shapes: Shape[]; heightMm: number } {
  const all = [b.header, ...b.rows];
  const natural = b.header.map((_, j) => Math.max(...all.map((r) => textWidth(r[j] ?? '', s.capMm))) + 2);
  const total = natural.reduce((a, c) => a + c, 0);
  if (total > w)
    fail(
      ctx,
      b.place,
      `the table is ${total.toFixed(1)} mm wide at ${s.capMm} mm letters; it has ${w.toFixed(1)} mm: shorten its cells or drop a column`,
    );
  const widths = natural.map((c) => c + (w - total) / natural.length);
  const shapes: Shape[] = [];
  const rowH = s.lineMm + 0.4;
  all.forEach((r, i) => {
    const top = y + i * rowH;
    if (i > 0 && i % 2 === 0) shapes.push(filled([rectRing(x, top, w, rowH)], '#EFEFEF'));
    let cx = x;
    r.forEach((cell, j) => {
      shapes.push(text(cell, cx + 1, top + rowH - (rowH - s.capMm) / 2, s.capMm, INK_HEX, i === 0 ? 1.4 : 1));
      cx += widths[j]!;
    });
  });
  shapes.push(line([x, y + rowH], [x + w, y + rowH], 0.25));
  return { shapes, heightMm: all.length * rowH + s.gapMm };
}

/**
 * The sailing pattern: the grid of spaces round the ship's (the black diamond), an orange square on each
 * space any ship with a Mast may sail to and a yellow circle on each further one for a ship with all 3,
 * north marked over the grid, an arrow the way the wind blows, and the key under it.
 */
function patternShapes(
  ctx: Ctx,
  wind: Wind,
  place: string,
  x: number,
  y: number,
  w: number,
): { shapes: Shape[]; heightMm: number } {
  const sailing = ctx.sailing ?? fail(ctx, place, "a sailing pattern needs the file's `sailing` rules");
  const R = sailingRadius(sailing),
    n = 2 * R + 1;
  const cell = Math.min(w / n, 6),
    gw = n * cell,
    gx = x + (w - gw) / 2;
  const cx = gx + gw / 2,
    top = y + 6.4;
  const shapes: Shape[] = [];
  // North: an arrowhead and the letter over the grid's middle column.
  shapes.push(
    filled(
      [
        [
          [cx, y],
          [cx + 1.3, y + 2.3],
          [cx - 1.3, y + 2.3],
        ],
      ],
      INK_HEX,
    ),
    text('N', cx - textWidth('N', 2.8) / 2, y + 5.6, 2.8, INK_HEX, 1.4),
  );
  // The wind: an arrow the way it blows, at the grid's top right.
  const b = (downwindDeg(sailing, wind) * Math.PI) / 180,
    [ux, uy] = [Math.sin(b), -Math.cos(b)];
  const [ax, ay] = [gx + gw - 3.2, y + 3.2],
    half = 2.6;
  const tip: Point = [ax + ux * half, ay + uy * half],
    tail: Point = [ax - ux * half, ay - uy * half];
  shapes.push(
    line(tail, [ax + ux * (half - 1.2), ay + uy * (half - 1.2)], 0.45),
    filled(
      [
        [
          tip,
          [tip[0] - ux * 1.6 - uy * 0.9, tip[1] - uy * 1.6 + ux * 0.9],
          [tip[0] - ux * 1.6 + uy * 0.9, tip[1] - uy * 1.6 - ux * 0.9],
        ],
      ],
      INK_HEX,
    ),
  );
  shapes.push(text('wind', ax - 4.2 - textWidth('wind', 1.6), ay + 0.8, 1.6, MUTED_HEX));
  for (let i = 0; i <= n; i++)
    shapes.push(
      line([gx + i * cell, top], [gx + i * cell, top + gw], 0.15, GRID_HEX),
      line([gx, top + i * cell], [gx + gw, top + i * cell], 0.15, GRID_HEX),
    );
  const ship: Point = [cx, top + gw / 2];
  for (const c of sailingCells(sailing, wind)) {
    const [px, py] = [ship[0] + c.dx * cell, ship[1] + c.dy * cell];
    if (c.need === 'any')
      shapes.push(filled([rectRing(px - 0.36 * cell, py - 0.36 * cell, 0.72 * cell, 0.72 * cell)], SAIL_COLORS.any));
    else shapes.push(filled([circleRing(px, py, 0.34 * cell)], SAIL_COLORS.all, '#8C6D00', 0.15));
  }
  const d = 0.42 * cell;
  shapes.push(
    filled(
      [
        [
          [ship[0], ship[1] - d],
          [ship[0] + d, ship[1]],
          [ship[0], ship[1] + d],
          [ship[0] - d, ship[1]],
        ],
      ],
      SAIL_COLORS.ship,
    ),
  );
  ctx.patterns.push({ card: '', wind, shipMm: ship, cellMm: cell });
  // The key, one line under the grid.
  const ky = top + gw + 1.4,
    key = 2.4,
    kcap = 1.6;
  const a = 'with a Mast',
    c = 'all 3 Masts';
  shapes.push(filled([rectRing(x, ky, key, key)], SAIL_COLORS.any), text(a, x + key + 1, ky + key - 0.3, kcap));
  const x2 = x + key + 1 + textWidth(a, kcap) + 3;
  shapes.push(
    filled([circleRing(x2 + key / 2, ky + key / 2, key / 2)], SAIL_COLORS.all, '#8C6D00', 0.15),
    text(c, x2 + key + 1, ky + key - 0.3, kcap),
  );
  const x3 = x2 + key + 1 + textWidth(c, kcap) + 3;
  shapes.push(
    filled(
      [
        [
          [x3 + key / 2, ky],
          [x3 + key, ky + key / 2],
          [x3 + key / 2, ky + key],
          [x3, ky + key / 2],
        ],
      ],
      SAIL_COLORS.ship,
    ),
    text('your ship', x3 + key + 1, ky + key - 0.3, kcap),
  );
  return { shapes, heightMm: top - y + gw + 1.4 + key + 1 };
}

/** A pictogram in a `s` × `s` box at (x, y). */
function iconShapes(icon: Icon, x: number, y: number, s: number): Shape[] {
  const [cx, cy] = [x + s / 2, y + s / 2];
  const ball = (bx: number, by: number, r: number): Shape[] => [
    filled([circleRing(bx, by, r)], '#2B2B2B'),
    filled([circleRing(bx - r * 0.35, by - r * 0.35, r * 0.22)], '#D8D8D8'),
  ];
  switch (icon) {
    case 'cannon-ball':
      return ball(cx, cy, s * 0.3);
    case 'chain-shot': {
      const out = [...ball(cx - s * 0.3, cy, s * 0.16), ...ball(cx + s * 0.3, cy, s * 0.16)];
      for (let i = -1; i <= 1; i++) out.push(outline(circleRing(cx + i * s * 0.09, cy, s * 0.055, 24), 0.5, '#2B2B2B'));
      return out;
    }
    case 'grape-shot': {
      const r = s * 0.1;
      const out: Shape[] = [outline(circleRing(cx, cy, s * 0.38), 0.3, '#8A8A8A', [1, 0.8])];
      out.push(...ball(cx, cy, r));
      for (let i = 0; i < 6; i++)
        out.push(...ball(cx + 2.1 * r * Math.cos((i * Math.PI) / 3), cy + 2.1 * r * Math.sin((i * Math.PI) / 3), r));
      return out;
    }
    default: {
      // A compass rose, its named point's arm filled and lettered large.
      const point = icon.slice(-1).toUpperCase();
      const r = s * 0.3,
        out: Shape[] = [outline(circleRing(cx, cy, r * 0.72), 0.3, '#8A8A8A')];
      (['N', 'E', 'S', 'W'] as const).forEach((p, i) => {
        const a = (i * Math.PI) / 2,
          [ux, uy] = [Math.sin(a), -Math.cos(a)],
          [vx, vy] = [-uy, ux];
        const arm: Point[] = [
          [cx + ux * r, cy + uy * r],
          [cx + vx * r * 0.16, cy + vy * r * 0.16],
          [cx - ux * r * 0.1, cy - uy * r * 0.1],
          [cx - vx * r * 0.16, cy - vy * r * 0.16],
        ];
        const on = p === point;
        out.push(filled([arm], on ? INK_HEX : '#FFFFFF', INK_HEX, 0.25));
        // Letters outside the arms' tips, within the box: r + 0.9 × cap + cap / 2 < s / 2.
        const cap = on ? s * 0.14 : s * 0.09,
          lx = cx + ux * (r + cap * 0.9),
          ly = cy + uy * (r + cap * 0.9);
        out.push(text(p, lx - textWidth(p, cap) / 2, ly + cap / 2, cap, on ? INK_HEX : '#8A8A8A', on ? 1.5 : 1));
      });
      return out;
    }
  }
}

/** Blocks from `y` down, each `w` wide; an error at `place` when they pass `bottom`. */
function stack(
  ctx: Ctx,
  blocks: readonly Block[],
  x: number,
  y: number,
  w: number,
  bottom: number,
  s: Style,
  what: string,
  place: string,
): Shape[] {
  const shapes: Shape[] = [];
  let at = y;
  for (const b of blocks) {
    const drawn = blockShapes(ctx, b, x, at, w, s);
    shapes.push(...drawn.shapes);
    at += drawn.heightMm;
  }
  if (at - s.gapMm > bottom + 1e-6)
    fail(
      ctx,
      place,
      `${what} runs ${(at - s.gapMm - bottom).toFixed(1)} mm past the room it has: shorten its text or drop a block`,
    );
  return shapes;
}

/** Small print at the foot, bottom-aligned at `bottom`; its top. */
function foot(
  note: string | null,
  x: number,
  bottom: number,
  w: number,
  cap: number,
): { shapes: Shape[]; topMm: number } {
  if (!note) return { shapes: [], topMm: bottom };
  const lines = wrap(note, cap, w),
    lh = cap * 1.45;
  return {
    shapes: lines.map((l, i) => text(l, x, bottom - (lines.length - 1 - i) * lh, cap, MUTED_HEX)),
    topMm: bottom - (lines.length - 1) * lh - cap - 1.2,
  };
}

function cardShapes(ctx: Ctx, card: PaperCard, x: number, y: number): Shape[] {
  const { widthMm: W, heightMm: H, marginMm: m } = PACK_CARD;
  const inner = W - 2 * m,
    fill = displayColor(card.color),
    ink = inkOn(fill);
  const shapes: Shape[] = [filled([rectRing(x, y, W, BAND_MM)], fill), outline(rectRing(x, y, W, H), 0.25, '#9A9A9A')];
  if (card.band)
    shapes.push(text(fitted(ctx, card.place, card.band, 2.0, inner, 'the band'), x + m, y + 4.6, 2.0, ink));
  const cap = card.band ? 4.0 : 4.4;
  shapes.push(
    text(
      fitted(ctx, card.place, card.title, cap, inner, 'the title'),
      x + m,
      y + (card.band ? 10.4 : 8.3),
      cap,
      ink,
      1.4,
    ),
  );
  const note = foot(card.note, x + m, y + H - m, inner, 1.5);
  shapes.push(...note.shapes);
  const before = ctx.patterns.length;
  shapes.push(
    ...stack(
      ctx,
      card.blocks,
      x + m,
      y + BAND_MM + 2.2,
      inner,
      note.topMm,
      CARD_STYLE,
      `card "${card.id}"`,
      card.place,
    ),
  );
  for (const p of ctx.patterns.slice(before)) p.card = card.id;
  return shapes;
}

function tokenPages(
  tokens: readonly PaperToken[],
  players: number,
  paper: { widthMm: number; heightMm: number },
): Page[] {
  const m = 12,
    gap = 2.5,
    pages: Page[] = [];
  let shapes: Shape[] = [],
    y = m;
  const flush = (): void => {
    if (shapes.length) pages.push({ ...paper, shapes });
    ((shapes = []), (y = m));
  };
  for (const t of tokens) {
    const copies = copiesOf(t.count, players),
      s = t.sizeMm,
      pitch = s + gap;
    const perRow = Math.floor((paper.widthMm - 2 * m + gap) / pitch);
    if (y + 8 + s > paper.heightMm - m) flush();
    shapes.push(
      text(
        `${t.id.replaceAll('-', ' ')}: ${copies} (${countText(t.count, players)}); cut on the lines`,
        m,
        y + 3,
        2.6,
        INK_HEX,
        1.2,
      ),
    );
    y += 6;
    const fill = displayColor(t.color),
      ink = inkOn(fill);
    const cap = capToFit(t.label, s * 0.3, s * 0.78);
    for (let i = 0; i < copies; i++) {
      const col = i % perRow;
      if (i > 0 && col === 0) y += pitch;
      if (y + s > paper.heightMm - m) {
        flush();
        shapes.push(text(`${t.id.replaceAll('-', ' ')}, continued`, m, y + 3, 2.6, INK_HEX, 1.2));
        y += 6;
      }
      const [cx, cy] = [m + col * pitch + s / 2, y + s / 2];
      const ring = t.shape === 'circle' ? circleRing(cx, cy, s / 2, 64) : rectRing(cx - s / 2, cy - s / 2, s, s);
      shapes.push(
        filled([ring], fill, INK_HEX, 0.25),
        text(t.label, cx - textWidth(t.label, cap) / 2, cy + cap / 2, cap, ink, 1.3),
      );
    }
    y += pitch + 4;
  }
  flush();
  return pages;
}

function referencePage(ctx: Ctx, p: ReferencePage, paper: { widthMm: number; heightMm: number }): Page {
  const m = 14,
    w = paper.widthMm - 2 * m;
  const shapes: Shape[] = [text(fitted(ctx, p.place, p.title, 5.5, w, 'the title'), m, 20, 5.5, INK_HEX, 1.4)];
  const note = foot(p.note, m, paper.heightMm - 10, w, 2);
  shapes.push(...note.shapes, ...stack(ctx, p.blocks, m, 27, w, note.topMm, PAGE_STYLE, `page "${p.id}"`, p.place));
  return { ...paper, shapes };
}

/** "2 per player × 3 + 1 for the table". */
export function countText(c: Count, players: number): string {
  return [c.perPlayer ? `${c.perPlayer} per player × ${players}` : '', c.perTable ? `${c.perTable} for the table` : '']
    .filter(Boolean)
    .join(' + ');
}

/** Every page of the pack's paper for a table of `players`: cards, then tokens, then reference pages. */
export function packPages(
  paper: PackPaper,
  players: number,
  size: { widthMm: number; heightMm: number },
): PackPaperSet {
  const ctx: Ctx = { source: paper.source, sailing: paper.sailing, patterns: [] };
  const cards = paper.cards.flatMap((c) => Array.from({ length: copiesOf(c.count, players) }, () => c));
  const patterns: DrawnPattern[] = [];
  const cardPages = gridPages(cards.length, PACK_CARD, size, (i, x, y) => {
    const before = ctx.patterns.length;
    const shapes = cardShapes(ctx, cards[i]!, x, y);
    for (const p of ctx.patterns.slice(before))
      patterns.push({
        ...p,
        page: Math.floor(i / 9),
        rect: { xMm: x, yMm: y, widthMm: PACK_CARD.widthMm, heightMm: PACK_CARD.heightMm },
      });
    return shapes;
  });
  const pages = [
    ...cardPages,
    ...tokenPages(paper.tokens, players, size),
    ...paper.pages.flatMap((p) =>
      Array.from({ length: copiesOf(p.count, players) }, () => referencePage(ctx, p, size)),
    ),
  ];
  const printed = [
    ...paper.cards.map((c) => ({ kind: 'card' as const, id: c.id, copies: copiesOf(c.count, players) })),
    ...paper.tokens.map((t) => ({ kind: 'token' as const, id: t.id, copies: copiesOf(t.count, players) })),
    ...paper.pages.map((p) => ({ kind: 'page' as const, id: p.id, copies: copiesOf(p.count, players) })),
  ];
  return { pages, printed, patterns };
}
