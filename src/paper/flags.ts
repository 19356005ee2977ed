/**
 * Paper flags for the flag holder's slot (BRIEF §3: "slide a paper flag of any design into the slot").
 * A flag is cut as one piece, front and back panels either side of a fold; folded, the two layers of its
 * narrow hoist make the tab that slides into the slot: as wide as the slot measured on the generated mesh
 * less the sliding clearance each side, as deep as the slot. Cut lines solid, the fold dashed.
 */
import { InputError } from '../errors.js';
import { clearanceMm, displayColor, PAPER_THICKNESS_MM } from '../standard.js';
import { capToFit } from '../render/font.js';
import { INK_HEX, inkOn, line, text, wrap } from './layout.js';
import type { Page, Point, Shape } from './page.js';

/** The paper slot as measured on the flag holder's mesh (mm). */
export interface MeasuredSlot {
  /** Across the slot's long side: the tab's width goes here. */
  widthMm: number;
  /** The slot's gap: two layers of paper go here. */
  thicknessMm: number;
  depthMm: number;
}

/** A flag's size: the tab from the slot; each panel 16 mm long and 6 mm taller than the tab (a pennant in scale with the 26 mm sail). */
export interface FlagSize {
  tabWidthMm: number;
  tabDepthMm: number;
  panelLengthMm: number;
  panelHeightMm: number;
}

const PANEL = { lengthMm: 16, extraHeightMm: 6 } as const;

/** The flag that fits `slot` at the table's clearance; an error when two layers of paper cannot go in. */
export function flagSize(slot: MeasuredSlot, clearance: number): FlagSize {
  const gap = clearanceMm('sliding', clearance);
  if (2 * PAPER_THICKNESS_MM > slot.thicknessMm)
    throw InputError.single(
      'flag-holder',
      'paper-slot',
      `the slot is ${slot.thicknessMm.toFixed(2)} mm wide, less than a folded flag (2 × ${PAPER_THICKNESS_MM} mm of paper)`,
    );
  const tabWidthMm = slot.widthMm - 2 * gap;
  return {
    tabWidthMm,
    tabDepthMm: slot.depthMm,
    panelLengthMm: PANEL.lengthMm,
    panelHeightMm: tabWidthMm + PANEL.extraHeightMm,
  };
}

/** The flag's cut outline, unfolded, centred on its fold at (cx, cy): back panel left, front panel right. */
function flagOutline(size: FlagSize, cx: number, cy: number): Point[] {
  const { tabWidthMm: t, tabDepthMm: d, panelLengthMm: l, panelHeightMm: h } = size;
  const pts: [number, number][] = [
    [-d - l, -h / 2],
    [-d, -h / 2],
    [-d, -t / 2],
    [d, -t / 2],
    [d, -h / 2],
    [d + l, -h / 2],
    [d + l, h / 2],
    [d, h / 2],
    [d, t / 2],
    [-d, t / 2],
    [-d, h / 2],
    [-d - l, h / 2],
  ];
  return pts.map(([x, y]) => [cx + x, cy + y]);
}

/** One flag: panels filled in `colorHex` (or blank), the name on the front, the fold dashed. */
function flagShapes(size: FlagSize, cx: number, cy: number, colorHex: string | null, label: string): Shape[] {
  const { tabDepthMm: d, panelLengthMm: l, panelHeightMm: h, tabWidthMm: t } = size;
  const panel = (x0: number): Point[] => [
    [x0, cy - h / 2],
    [x0 + l, cy - h / 2],
    [x0 + l, cy + h / 2],
    [x0, cy + h / 2],
  ];
  const cap = capToFit(label, 3, l - 3);
  return [
    ...(colorHex
      ? [
          {
            kind: 'path' as const,
            rings: [panel(cx - d - l), panel(cx + d)],
            closed: true,
            strokeMm: null,
            strokeHex: INK_HEX,
            fillHex: colorHex,
          },
        ]
      : []),
    {
      kind: 'path',
      rings: [flagOutline(size, cx, cy)],
      closed: true,
      strokeMm: 0.2,
      strokeHex: INK_HEX,
      fillHex: null,
    },
    line([cx, cy - t / 2], [cx, cy + t / 2], 0.2, INK_HEX, [1, 0.8]),
    text(label, cx + d + 1.5, cy + cap / 2, cap, colorHex ? inkOn(colorHex) : '#8A8A8A'),
  ];
}

/**
 * The flag pages: for each faction as many flags in its colour as its set prints flag holders (`count`, one
 * flag per holder), each faction from a new row, then a row of blank templates to design your own; with the
 * fit written at the top of the first page. Rows run on to further pages.
 */
export function flagPages(
  factions: readonly { name: string; color: string; count: number }[],
  size: FlagSize,
  paper: { widthMm: number; heightMm: number },
  rule: string,
): Page[] {
  const pitchX = 2 * (size.tabDepthMm + size.panelLengthMm) + 4,
    pitchY = size.panelHeightMm + 4;
  const perRow = Math.floor((paper.widthMm - 20) / pitchX);
  if (perRow < 1) throw new Error(`a ${pitchX.toFixed(0)} mm flag does not fit across the page`);
  const x0 = (paper.widthMm - perRow * pitchX) / 2 + pitchX / 2;
  const groups = [
    ...factions.map((f) => ({ colorHex: displayColor(f.color) as string | null, label: f.name, count: f.count })),
    { colorHex: null, label: 'your design', count: perRow },
  ];
  const rows = groups.flatMap((g) =>
    Array.from({ length: Math.ceil(g.count / perRow) }, (_, r) => ({
      ...g,
      count: Math.min(perRow, g.count - r * perRow),
    })),
  );
  const note = [
    ...wrap(
      `Paper flags, one for each flag holder a set prints (${rule}): cut on the solid lines, fold on the dashed line, slide the fold into the flag holder.`,
      3,
      paper.widthMm - 24,
    ).map((l) => ({ l, cap: 3 })),
    ...wrap(
      `Tab ${size.tabWidthMm.toFixed(2)} mm wide (the slot measured on the printed holder, less the sliding clearance each side), ${size.tabDepthMm.toFixed(1)} mm deep; folded, ${(2 * PAPER_THICKNESS_MM).toFixed(1)} mm of paper.`,
      2.2,
      paper.widthMm - 24,
    ).map((l) => ({ l, cap: 2.2 })),
  ];
  const pages: Page[] = [];
  let shapes: Shape[] = [];
  let top = 12;
  for (const { l, cap } of note) {
    shapes.push(text(l, 12, top, cap));
    top += cap * 1.7;
  }
  top += 4;
  for (const r of rows) {
    if (top + pitchY > paper.heightMm - 10) {
      pages.push({ ...paper, shapes });
      shapes = [];
      top = 12;
    }
    for (let i = 0; i < r.count; i++)
      shapes.push(...flagShapes(size, x0 + i * pitchX, top + size.panelHeightMm / 2, r.colorHex, r.label));
    top += pitchY;
  }
  pages.push({ ...paper, shapes });
  return pages;
}
