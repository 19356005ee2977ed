/**
 * Images beyond the renderer: blank canvases, pasting one image into another (scaled down by whole
 * factors), lettering in JSCAD's Hershey vector font (./font.ts: drawn here, no system font is read), and PNG bytes
 * (deflated by zlib). Same input, same bytes.
 */
import { constants, deflateSync } from 'node:zlib';
import { textStrokes } from './font.js';
import { hypot2 } from '../geometry/vec3.js';
import { opaque, parseHex, type Image } from './raster.js';

export function blank(widthPx: number, heightPx: number, backgroundHex: string): Image {
  return { widthPx, heightPx, rgba: opaque(widthPx * heightPx, parseHex(backgroundHex)) };
}

/** `src` averaged over `factor` × `factor` blocks (colours weighted by their alpha). */
export function shrink(src: Image, factor: number): Image {
  const w = Math.floor(src.widthPx / factor),
    h = Math.floor(src.heightPx / factor);
  return { widthPx: w, heightPx: h, rgba: averaged(src, factor, w, h) };
}

/**
 * shrink's pixels. Its own function, returning as its loops end: an image made after them, not yet run when
 * their optimised code was compiled, threw that code away at the end of every call.
 */
function averaged({ rgba: from, widthPx }: Image, factor: number, w: number, h: number): Uint8Array {
  const rgba = new Uint8Array(w * h * 4);
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < factor; sy++)
        for (let sx = 0; sx < factor; sx++) {
          const s = 4 * ((j * factor + sy) * widthPx + i * factor + sx);
          const al = from[s + 3]!;
          ((r += from[s]! * al), (g += from[s + 1]! * al), (b += from[s + 2]! * al), (a += al));
        }
      if (a === 0) continue;
      const o = 4 * (j * w + i);
      ((rgba[o] = Math.round(r / a)),
        (rgba[o + 1] = Math.round(g / a)),
        (rgba[o + 2] = Math.round(b / a)),
        (rgba[o + 3] = Math.round(a / (factor * factor))));
    }
  return rgba;
}

/** Blends `src` (straight alpha) over `dst` with its top-left corner at the whole pixel (x, y). */
export function paste(dst: Image, src: Image, x: number, y: number): void {
  const from = src.rgba,
    to = dst.rgba;
  // The source's columns and rows that land on the destination.
  const i0 = Math.max(0, -x),
    i1 = Math.min(src.widthPx, dst.widthPx - x);
  const j0 = Math.max(0, -y),
    j1 = Math.min(src.heightPx, dst.heightPx - y);
  for (let j = j0; j < j1; j++) {
    const row = 4 * j * src.widthPx,
      onto = 4 * ((y + j) * dst.widthPx + x);
    for (let i = i0; i < i1; i++) {
      const s = row + 4 * i;
      const alpha = from[s + 3]!;
      if (alpha === 0) continue;
      const d = onto + 4 * i;
      if (alpha === 255) {
        // Opaque: the blend below gives the source's pixel exactly; most of a picture is opaque or empty,
        // so a run of opaque pixels is copied as memory.
        let end = i + 1;
        while (end < i1 && from[row + 4 * end + 3] === 255) end++;
        to.set(from.subarray(s, row + 4 * end), d);
        i = end - 1;
        continue;
      }
      const cover = alpha / 255;
      for (let c = 0; c < 3; c++) to[d + c] = Math.round(to[d + c]! * (1 - cover) + from[s + c]! * cover);
      to[d + 3] = Math.max(to[d + 3]!, alpha);
    }
  }
}

/**
 * Draws one line of `text` with its baseline's left end at (x, y), cap height `capPx`, strokes a tenth of
 * that wide (at least 1.2 px), antialiased by each pixel's distance to the nearest stroke.
 */
export function drawText(img: Image, text: string, x: number, y: number, capPx: number, colorHex: string): void {
  const { strokes } = textStrokes(text, capPx);
  if (strokes.length === 0) return;
  const half = Math.max(1.2, capPx / 10) / 2;
  // Each segment's ends on the image (x0 y0 x1 y1; the font's y runs up, the image's down), a one-point line
  // a dot, a segment of no length. In a typed array: the font's points come as whole and fractional numbers
  // alike, arrays of them in more than one kind, and each new kind threw drawText's optimised code away.
  const segments = new Float64Array(
    4 * strokes.reduce((n, line) => n + (line.length === 1 ? 1 : Math.max(0, line.length - 1)), 0),
  );
  let k = 0;
  for (const line of strokes)
    for (let i = Math.min(1, line.length - 1); i < line.length; i++) {
      const from = line[Math.max(0, i - 1)]!,
        to = line[i]!;
      segments.set([x + from[0], y - from[1], x + to[0], y - to[1]], 4 * k++);
    }
  // Coverage over the text's own box, the most any stroke gives each pixel.
  let xMin = Infinity,
    xMax = -Infinity,
    yMin = Infinity,
    yMax = -Infinity;
  for (let i = 0; i < segments.length; i += 2)
    ((xMin = Math.min(xMin, segments[i]!)),
      (xMax = Math.max(xMax, segments[i]!)),
      (yMin = Math.min(yMin, segments[i + 1]!)),
      (yMax = Math.max(yMax, segments[i + 1]!)));
  const bx0 = Math.max(0, Math.floor(xMin - half - 1)),
    bx1 = Math.min(img.widthPx - 1, Math.ceil(xMax + half + 1));
  const by0 = Math.max(0, Math.floor(yMin - half - 1)),
    by1 = Math.min(img.heightPx - 1, Math.ceil(yMax + half + 1));
  if (bx1 < bx0 || by1 < by0) return;
  const box = { bx0, by0, bx1, by1 };
  blend(img, strokeCover(segments, half, box), box, parseHex(colorHex));
}

/**
 * `rgb` over the image's pixels in the box, each by its cover. Its own function, as strokeCover is: drawText,
 * with no loop over pixels of its own, is not optimised with the font's code inlined, whose arrays of points
 * come in several kinds (each new kind threw that code away, and compiling it again took ~25-40 ms).
 */
function blend(
  img: Image,
  cover: Float32Array,
  { bx0, by0, bx1 }: { bx0: number; by0: number; bx1: number },
  [r, g, b]: readonly [number, number, number],
): void {
  const bw = bx1 - bx0 + 1;
  for (let i = 0; i < cover.length; i++) {
    const c = cover[i]!;
    if (c === 0) continue;
    const o = 4 * ((by0 + Math.floor(i / bw)) * img.widthPx + bx0 + (i % bw));
    img.rgba[o] = Math.round(img.rgba[o]! * (1 - c) + r * c);
    img.rgba[o + 1] = Math.round(img.rgba[o + 1]! * (1 - c) + g * c);
    img.rgba[o + 2] = Math.round(img.rgba[o + 2]! * (1 - c) + b * c);
    img.rgba[o + 3] = Math.max(img.rgba[o + 3]!, Math.round(255 * c));
  }
}

/**
 * How much of each pixel of the box (row by row) strokes `half` wide each side cover: the most any stroke
 * gives it. Its own function, returning as its loops end: inside drawText, the blend after them, not yet run
 * when the loops' optimised code was compiled, threw that code away on many a call.
 */
function strokeCover(
  segments: Float64Array,
  half: number,
  { bx0, by0, bx1, by1 }: { bx0: number; by0: number; bx1: number; by1: number },
): Float32Array {
  const bw = bx1 - bx0 + 1;
  const cover = new Float32Array(bw * (by1 - by0 + 1));
  const farSquared = (half + 0.5) ** 2 * (1 + 1e-9),
    coreSquared = Math.max(0, half - 0.5) ** 2 * (1 - 1e-9);
  for (let s = 0; s < segments.length; s += 4) {
    const ax = segments[s]!,
      ay = segments[s + 1]!,
      bx = segments[s + 2]!,
      by = segments[s + 3]!;
    const dx = bx - ax,
      dy = by - ay;
    const len2 = dx * dx + dy * dy;
    for (
      let py = Math.max(by0, Math.floor(Math.min(ay, by) - half - 1));
      py <= Math.min(by1, Math.ceil(Math.max(ay, by) + half + 1));
      py++
    )
      for (
        let px = Math.max(bx0, Math.floor(Math.min(ax, bx) - half - 1));
        px <= Math.min(bx1, Math.ceil(Math.max(ax, bx) + half + 1));
        px++
      ) {
        const cx = px + 0.5,
          cy = py + 0.5;
        const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((cx - ax) * dx + (cy - ay) * dy) / len2));
        const ex = cx - ax - t * dx,
          ey = cy - ay - t * dy;
        // Clearly beyond the stroke's edge (no cover) or inside its core (full cover), by more than the
        // rounding of the square: only the antialiased band needs the exact distance.
        const d2 = ex * ex + ey * ey;
        const i = (py - by0) * bw + px - bx0;
        if (d2 > farSquared) continue;
        if (d2 < coreSquared) {
          cover[i] = 1;
          continue;
        }
        const c = Math.min(1, Math.max(0, half + 0.5 - hypot2(ex, ey)));
        if (c > cover[i]!) cover[i] = c;
      }
  }
  return cover;
}

const PNG_SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

/** The CRC-32 of each byte value, PNG's (ISO 3309) polynomial. */
const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

/**
 * The CRC-32 of `bytes` from `from` to `to`, as a signed 32-bit number. Its own function, returning as its
 * loop ends: inside putChunk, the code after the loop, not yet run when the loop's optimised code was
 * compiled, threw that code away at the end of every chunk.
 */
function crc32(bytes: Uint8Array, from: number, to: number): number {
  let crc = -1;
  for (let i = from; i < to; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 255]! ^ (crc >>> 8);
  return crc ^ -1;
}

/** Writes a PNG chunk into `png` at `at` (its data's length, its type, the data, the CRC-32 of type and data); returns where it ends. */
function putChunk(png: Uint8Array, at: number, type: string, data: Uint8Array): number {
  const view = new DataView(png.buffer, png.byteOffset);
  view.setUint32(at, data.length);
  for (let k = 0; k < 4; k++) png[at + 4 + k] = type.charCodeAt(k);
  png.set(data, at + 8);
  const end = at + 8 + data.length;
  view.setInt32(end, crc32(png, at + 4, end));
  return end + 4;
}

/**
 * The rows Sub-filtered, each after its filter type byte (1): every byte less the one a pixel to its left.
 * Written here rather than by pngjs, whose filtering (a function call per row, a test per byte) took twice
 * as long as the deflate after it.
 */
function subFiltered(rgba: Uint8Array, widthPx: number, heightPx: number): Uint8Array {
  const row = 4 * widthPx;
  const out = new Uint8Array((row + 1) * heightPx);
  for (let y = 0; y < heightPx; y++) {
    const from = y * row,
      to = y * (row + 1) + 1;
    out[to - 1] = 1;
    // The pixel to the left, kept as the row is walked (none left of the first: zeros).
    let r0 = 0,
      g0 = 0,
      b0 = 0,
      a0 = 0;
    for (let x = 0; x < row; x += 4) {
      const r = rgba[from + x]!,
        g = rgba[from + x + 1]!,
        b = rgba[from + x + 2]!,
        a = rgba[from + x + 3]!;
      ((out[to + x] = r - r0), (out[to + x + 1] = g - g0), (out[to + x + 2] = b - b0), (out[to + x + 3] = a - a0));
      ((r0 = r), (g0 = g), (b0 = b), (a0 = a));
    }
  }
  return out;
}

/**
 * PNG bytes: 8-bit RGBA, Sub-filtered (the cheapest filter that still pays on flat colour), deflated by zlib at
 * level 6 with run-length matching, in one IDAT chunk: the bytes pngjs writes with those options.
 */
export function encodePng(img: Image): Uint8Array {
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, img.widthPx);
  new DataView(header.buffer).setUint32(4, img.heightPx);
  header.set([8, 6, 0, 0, 0], 8); // bit depth, colour type RGBA, deflate, adaptive filtering, no interlace
  const idat = deflateSync(subFiltered(img.rgba, img.widthPx, img.heightPx), {
    chunkSize: 32 * 1024,
    level: 6,
    strategy: constants.Z_RLE,
  });
  const png = new Uint8Array(PNG_SIGNATURE.length + 3 * 12 + header.length + idat.length);
  png.set(PNG_SIGNATURE);
  const end = putChunk(png, PNG_SIGNATURE.length, 'IHDR', header);
  putChunk(png, putChunk(png, end, 'IDAT', idat), 'IEND', new Uint8Array(0));
  return png;
}
