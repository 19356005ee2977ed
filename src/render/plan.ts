/**
 * Flat drawings seen from above (the deck map): filled and outlined polygons, dashed outlines, dots,
 * arrows and labels, in millimetres with +x to the right and +y up, fitted into a picture. Drawn at
 * `supersample`× and averaged down, then lettered at full size; plain arithmetic in a fixed order, so the
 * same shapes give the same pixels.
 */
import { blank, drawText, shrink } from './image.js';
import { parseHex, type Image } from './raster.js';

export type PointMm = readonly [number, number];

/** One thing drawn, in the order given (later on top). Colours `#RRGGBB`; `alpha` 0–1 (default 1). */
export type PlanShape =
  | {
      kind: 'polygon';
      pointsMm: readonly PointMm[];
      fillHex?: string;
      strokeHex?: string;
      alpha?: number;
      dashed?: boolean;
      widthPx?: number;
    }
  | { kind: 'dot'; atMm: PointMm; radiusPx: number; fillHex: string; alpha?: number }
  | { kind: 'arrow'; fromMm: PointMm; toMm: PointMm; strokeHex: string; widthPx?: number }
  | { kind: 'label'; atMm: PointMm; text: string; capPx: number; colorHex: string };

export interface PlanOptions {
  widthPx: number;
  heightPx: number;
  /** What is fitted into the picture (mm), with `marginPx` round it. */
  frameMm: { min: PointMm; max: PointMm };
  marginPx: number;
  backgroundHex: string;
  supersample: number;
}

/** Defaults: 960 × 480 on white, 24 px margin, 3× supersampling; the frame is the caller's. */
export const PLAN_DEFAULTS: Omit<PlanOptions, 'frameMm'> = {
  widthPx: 960,
  heightPx: 480,
  marginPx: 24,
  backgroundHex: '#FFFFFF',
  supersample: 3,
};

/** Draws `shapes` into a new picture. */
export function drawPlan(
  shapes: readonly PlanShape[],
  options: Partial<PlanOptions> & Pick<PlanOptions, 'frameMm'>,
): Image {
  const o = { ...PLAN_DEFAULTS, ...options };
  const s = o.supersample;
  const { min, max } = o.frameMm;
  const scale = Math.min(
    (o.widthPx - 2 * o.marginPx) / (max[0] - min[0]),
    (o.heightPx - 2 * o.marginPx) / (max[1] - min[1]),
  );
  // Centred: the frame's middle at the picture's middle, y flipped (the picture's y runs down).
  const cx = (min[0] + max[0]) / 2,
    cy = (min[1] + max[1]) / 2;
  const toPx = (p: PointMm, k: number): [number, number] => [
    (o.widthPx / 2 + (p[0] - cx) * scale) * k,
    (o.heightPx / 2 - (p[1] - cy) * scale) * k,
  ];
  const big = blank(o.widthPx * s, o.heightPx * s, o.backgroundHex);
  for (const sh of shapes) {
    if (sh.kind === 'polygon') {
      const pts = sh.pointsMm.map((p) => toPx(p, s));
      if (sh.fillHex) fillPolygon(big, pts, sh.fillHex, sh.alpha ?? 1);
      if (sh.strokeHex)
        strokePath(big, [...pts, pts[0]!], (sh.widthPx ?? 1.5) * s, sh.strokeHex, sh.dashed ? 4 * s : 0);
    } else if (sh.kind === 'dot') {
      const [x, y] = toPx(sh.atMm, s);
      const r = sh.radiusPx * s;
      const ring: [number, number][] = Array.from({ length: 16 }, (_, i) => [
        x + r * Math.cos((i * Math.PI) / 8),
        y + r * Math.sin((i * Math.PI) / 8),
      ]);
      fillPolygon(big, ring, sh.fillHex, sh.alpha ?? 1);
    } else if (sh.kind === 'arrow') {
      const [a, b] = [toPx(sh.fromMm, s), toPx(sh.toMm, s)];
      const w = (sh.widthPx ?? 2) * s;
      strokePath(big, [a, b], w, sh.strokeHex, 0);
      const ang = Math.atan2(b[1] - a[1], b[0] - a[0]),
        head = 4 * w;
      fillPolygon(
        big,
        [
          b,
          [b[0] - head * Math.cos(ang - 0.4), b[1] - head * Math.sin(ang - 0.4)],
          [b[0] - head * Math.cos(ang + 0.4), b[1] - head * Math.sin(ang + 0.4)],
        ],
        sh.strokeHex,
        1,
      );
    }
  }
  const img = shrink(big, s);
  for (const sh of shapes) if (sh.kind === 'label') drawText(img, sh.text, ...toPx(sh.atMm, 1), sh.capPx, sh.colorHex);
  return img;
}

/** Blends a colour into one pixel by `cover` (0–1). */
function blend(img: Image, x: number, y: number, rgb: readonly [number, number, number], cover: number): void {
  if (x < 0 || y < 0 || x >= img.widthPx || y >= img.heightPx || cover <= 0) return;
  const o = 4 * (y * img.widthPx + x);
  for (let c = 0; c < 3; c++) img.rgba[o + c] = Math.round(img.rgba[o + c]! * (1 - cover) + rgb[c]! * cover);
}

/** Even-odd scanline fill through pixel centres. */
function fillPolygon(img: Image, pts: readonly (readonly [number, number])[], hex: string, alpha: number): void {
  const rgb = parseHex(hex);
  const ys = pts.map((p) => p[1]);
  const y0 = Math.max(0, Math.floor(Math.min(...ys))),
    y1 = Math.min(img.heightPx - 1, Math.ceil(Math.max(...ys)));
  for (let y = y0; y <= y1; y++) {
    const yc = y + 0.5;
    const xs: number[] = [];
    for (let i = 0; i < pts.length; i++) {
      const [a, b] = [pts[i]!, pts[(i + 1) % pts.length]!];
      if (a[1] <= yc !== b[1] <= yc) xs.push(a[0] + ((yc - a[1]) / (b[1] - a[1])) * (b[0] - a[0]));
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2)
      for (let x = Math.max(0, Math.round(xs[k]!)); x < Math.min(img.widthPx, Math.round(xs[k + 1]!)); x++)
        blend(img, x, y, rgb, alpha);
  }
}

/** A line `widthPx` wide along the points; with `dashPx` > 0, dashes and gaps of that length. */
function strokePath(
  img: Image,
  pts: readonly (readonly [number, number])[],
  widthPx: number,
  hex: string,
  dashPx: number,
): void {
  const rgb = parseHex(hex);
  const half = widthPx / 2;
  let run = 0;
  for (let i = 0; i + 1 < pts.length; i++) {
    const [[ax, ay], [bx, by]] = [pts[i]!, pts[i + 1]!];
    const [dx, dy] = [bx - ax, by - ay];
    const len = Math.hypot(dx, dy);
    for (let py = Math.floor(Math.min(ay, by) - half); py <= Math.ceil(Math.max(ay, by) + half); py++)
      for (let px = Math.floor(Math.min(ax, bx) - half); px <= Math.ceil(Math.max(ax, bx) + half); px++) {
        const t = len === 0 ? 0 : Math.min(1, Math.max(0, ((px + 0.5 - ax) * dx + (py + 0.5 - ay) * dy) / (len * len)));
        if (dashPx > 0 && Math.floor((run + t * len) / dashPx) % 2 === 1) continue;
        const d = Math.hypot(px + 0.5 - ax - t * dx, py + 0.5 - ay - t * dy);
        if (d <= half) blend(img, px, py, rgb, 1);
      }
    run += len;
  }
}
