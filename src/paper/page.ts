/**
 * Paper as data: pages of shapes in millimetres (origin top-left, y down), and two serializers, SVG (one
 * document per page) and PDF (pdf-lib, every page in one file). Lettering is stroked from the Hershey font
 * (../render/font.ts), so a page looks the same on every machine with no font embedded or installed; the
 * PDF also carries each line of text, invisible, over its strokes, so a reader can find, copy and read it
 * aloud. Same pages, same bytes: no dates, no ids.
 */
import {
  LineCapStyle,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setTextRenderingMode,
  StandardFonts,
  TextRenderingMode,
} from 'pdf-lib';
import { textStrokes } from '../render/font.js';
import { parseHex } from '../render/raster.js';

export type Point = readonly [number, number];

export type Shape =
  /** Polylines (open) or rings (closed; filled by the nonzero rule, so holes run the other way). */
  | {
      kind: 'path';
      rings: readonly (readonly Point[])[];
      closed: boolean;
      strokeMm: number | null;
      strokeHex: string;
      fillHex: string | null;
      dashMm?: readonly [number, number];
    }
  /** One line of text, its baseline's left end at (x, y); strokes a tenth of the cap height × `weight`. */
  | { kind: 'text'; text: string; xMm: number; yMm: number; capMm: number; colorHex: string; weight?: number };

export interface Page {
  widthMm: number;
  heightMm: number;
  shapes: Shape[];
}

/** Paper sizes, mm (ISO 216 A4; US Letter, 8.5 × 11 in). */
export const PAPER = { a4: { widthMm: 210, heightMm: 297 }, letter: { widthMm: 215.9, heightMm: 279.4 } } as const;
export type PaperId = keyof typeof PAPER;

/** A text shape's strokes as open paths in page coordinates. */
function strokesOf(t: Extract<Shape, { kind: 'text' }>): Extract<Shape, { kind: 'path' }> {
  const { strokes } = textStrokes(t.text, t.capMm);
  return {
    kind: 'path',
    rings: strokes.map((line) =>
      (line.length === 1 ? [line[0]!, line[0]!] : line).map(([x, y]) => [t.xMm + x, t.yMm - y] as const),
    ),
    closed: false,
    strokeMm: (t.capMm / 10) * (t.weight ?? 1),
    strokeHex: t.colorHex,
    fillHex: null,
  };
}

const paths = (page: Page): Extract<Shape, { kind: 'path' }>[] =>
  page.shapes.map((s) => (s.kind === 'text' ? strokesOf(s) : s));
const n = (x: number): string => String(Math.round(x * 1000) / 1000 + 0);
const pathData = (p: Extract<Shape, { kind: 'path' }>): string =>
  p.rings.map((ring) => `M${ring.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}${p.closed ? 'Z' : ''}`).join('');

/** One SVG document for the page, in millimetres. */
export function pageSvg(page: Page): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(page.widthMm)}mm" height="${n(page.heightMm)}mm" viewBox="0 0 ${n(page.widthMm)} ${n(page.heightMm)}">`,
  ];
  for (const p of paths(page)) {
    const stroke =
      p.strokeMm === null
        ? 'stroke="none"'
        : `stroke="${p.strokeHex}" stroke-width="${n(p.strokeMm)}" stroke-linecap="round" stroke-linejoin="round"${p.dashMm ? ` stroke-dasharray="${n(p.dashMm[0])} ${n(p.dashMm[1])}"` : ''}`;
    out.push(`<path d="${pathData(p)}" fill="${p.fillHex ?? 'none'}" ${stroke}/>`);
  }
  out.push('</svg>', '');
  return out.join('\n');
}

const PT_PER_MM = 72 / 25.4;
const colour = (hex: string) => {
  const [r, g, b] = parseHex(hex);
  return rgb(r / 255, g / 255, b / 255);
};

/** Helvetica's cap height, in ems (its AFM's CapHeight, 718/1000). */
const HELVETICA_CAP_EM = 0.718;

/**
 * Every page in one PDF: vector paths, and under them each text shape's words as invisible text (render
 * mode 3) in Helvetica, one of the PDF's standard fonts (no font file embedded), set at the strokes' cap
 * height on their baseline; no dates.
 */
export async function pagesPdf(pages: readonly Page[], title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title, { showInWindowTitleBar: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const page of pages) {
    const pdfPage = doc.addPage([page.widthMm * PT_PER_MM, page.heightMm * PT_PER_MM]);
    for (const p of paths(page)) {
      // The path is in mm, y down from the page's top: pdf-lib's SVG paths flip y about the origin given.
      pdfPage.drawSvgPath(pathData(p), {
        x: 0,
        y: page.heightMm * PT_PER_MM,
        scale: PT_PER_MM,
        ...(p.fillHex ? { color: colour(p.fillHex) } : {}),
        ...(p.strokeMm !== null
          ? { borderColor: colour(p.strokeHex), borderWidth: p.strokeMm, borderLineCap: LineCapStyle.Round }
          : {}),
        ...(p.dashMm ? { borderDashArray: [...p.dashMm] } : {}),
      });
    }
    for (const t of page.shapes) {
      if (t.kind !== 'text') continue;
      pdfPage.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible));
      pdfPage.drawText(t.text, {
        x: t.xMm * PT_PER_MM,
        y: (page.heightMm - t.yMm) * PT_PER_MM,
        size: (t.capMm * PT_PER_MM) / HELVETICA_CAP_EM,
        font,
      });
      pdfPage.pushOperators(popGraphicsState());
    }
  }
  return doc.save({ useObjectStreams: false });
}
