/** The renderer, checked by pixels that geometry predicts: areas, holes, colours, highlights; no snapshots. */
import fc from 'fast-check';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { MeshData } from '../../src/geometry/kernel.js';
import { textWidth } from '../../src/render/font.js';
import { drawText, encodePng, blank, paste } from '../../src/render/image.js';
import { HIGHLIGHT_HEX, parseHex, render, type Image, type RenderOptions } from '../../src/render/raster.js';
import { prism, rectangle } from '../helpers/prism.js';

const moved = (m: MeshData, dx: number, dy: number, dz = 0): MeshData => ({
  positions: m.positions.map((v, i) => v + [dx, dy, dz][i % 3]!),
  triangles: m.triangles,
});
const box = (w: number, d: number, h: number, x = 0, y = 0, z = 0): MeshData =>
  moved(prism(rectangle(w, d), h), x, y, z);
/** Straight down, +X to the right, +Y up the image; 2 px per mm over a 100 mm frame. */
const TOP: Partial<RenderOptions> = {
  widthPx: 200,
  heightPx: 200,
  view: { azimuthDeg: -90, elevationDeg: 90 },
  marginPx: 0,
  frame: { min: [0, 0, 0], max: [100, 100, 10] },
  supersample: 3,
};
const alpha = (img: Image, x: number, y: number): number => img.rgba[4 * (y * img.widthPx + x) + 3]!;
const rgb = (img: Image, x: number, y: number): number[] =>
  [0, 1, 2].map((c) => img.rgba[4 * (y * img.widthPx + x) + c]!);
const coverage = (img: Image): number => {
  let sum = 0;
  for (let i = 3; i < img.rgba.length; i += 4) sum += img.rgba[i]! / 255;
  return sum;
};
/** The image pixel (x right, y down) over bed point (xMm, yMm) in TOP. */
const px = (xMm: number, yMm: number): [number, number] => [Math.floor(xMm * 2), Math.floor(200 - yMm * 2)];

describe('render', () => {
  it("covers a box's silhouette, its area to within its outline's antialiasing, where the camera puts it; on a background, the background exactly where it is not", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 2, max: 55 }),
        fc.integer({ min: 2, max: 55 }),
        (w, d, x, y) => {
          const img = render([{ mesh: box(w, d, 5, x, y), colorHex: '#808080' }], TOP);
          const areaPx = w * d * 4;
          expect(Math.abs(coverage(img) - areaPx)).toBeLessThanOrEqual(2 * (w + d) * 2 * 0.5 + 4);
          // Inside is solid, a pixel beyond the outline is empty.
          expect(alpha(img, ...px(x + w / 2, y + d / 2))).toBe(255);
          expect(alpha(img, ...px(x + w + 1, y + d / 2))).toBe(0);
          expect(alpha(img, ...px(x + w / 2, y - 1))).toBe(0);
          // On a background: the background where the transparent picture is empty, its colour where opaque.
          const filled = render([{ mesh: box(w, d, 5, x, y), colorHex: '#808080' }], {
            ...TOP,
            backgroundHex: '#E4E7EB',
          });
          const want = new Uint8Array(filled.rgba);
          for (let i = 0; i < want.length; i += 4) {
            if (img.rgba[i + 3] === 0) want.set([0xe4, 0xe7, 0xeb, 255], i);
            if (img.rgba[i + 3] === 255) want.set([...img.rgba.subarray(i, i + 3), 255], i);
          }
          // The first byte that differs (a typed array's deep equality is slow to report on 160 000 bytes).
          expect(want.findIndex((v, i) => v !== filled.rgba[i])).toBe(-1);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('sees through a hole: a plate with a square hole shows background in it and plastic around it', () => {
    // A 40 mm plate built of four bars around a 10 mm hole at (30..40, 30..40).
    const bars = [box(40, 15, 4, 15, 15), box(40, 15, 4, 15, 40), box(15, 10, 4, 15, 30), box(15, 10, 4, 40, 30)];
    const img = render(
      bars.map((mesh) => ({ mesh, colorHex: '#C2B280' })),
      TOP,
    );
    expect(alpha(img, ...px(35, 35))).toBe(0);
    expect(alpha(img, ...px(25, 35))).toBe(255);
    expect(alpha(img, ...px(45, 35))).toBe(255);
  });

  it('paints a face in its colour, lit: a red box shows red, between the ambient share and full colour', () => {
    const img = render([{ mesh: box(30, 30, 30, 35, 35), colorHex: '#C03020' }], {
      ...TOP,
      view: { azimuthDeg: -55, elevationDeg: 35 },
      frame: null,
      marginPx: 10,
    });
    let reddest: number[] = [0, 0, 0];
    for (let y = 0; y < 200; y++)
      for (let x = 0; x < 200; x++) {
        const c = rgb(img, x, y);
        if (alpha(img, x, y) === 255 && c[0]! > reddest[0]!) reddest = c;
      }
    expect(reddest[0]!).toBeGreaterThan(2 * reddest[1]!);
    expect(reddest[0]!).toBeGreaterThan(2 * reddest[2]!);
    const [r] = parseHex('#C03020');
    // Lit above the ambient share, never above the brightest the lights give (ambient 0.32 + key 0.55 + fill 0.22).
    expect(reddest[0]!).toBeGreaterThan(0.6 * r);
    expect(reddest[0]!).toBeLessThanOrEqual(Math.round(r * (0.32 + 0.55 + 0.22)));
  });

  it("draws a finding's highlighted feature inside its projected box, and nowhere else", () => {
    // A 60 × 20 bar; the highlight box holds its right third.
    const mesh = box(60, 20, 5, 20, 40);
    const img = render([{ mesh, colorHex: '#808080', highlight: { min: [59, 39, -1], max: [81, 61, 6] } }], TOP);
    const [hr, hg, hb] = parseHex(HIGHLIGHT_HEX);
    let inside = 0,
      outside = 0;
    for (let y = 0; y < 200; y++)
      for (let x = 0; x < 200; x++) {
        const [r, g, b] = rgb(img, x, y);
        // Magenta: red and blue far above green, as the highlight is.
        const magenta =
          alpha(img, x, y) > 0 && r! > 2 * g! && b! > 2 * g! && Math.abs(r! / hr - b! / hb) < 0.25 && hg < 100;
        if (!magenta) continue;
        const [xMm, yMm] = [(x + 0.5) / 2, 100 - (y + 0.5) / 2];
        if (xMm >= 59 && xMm <= 81 && yMm >= 39 && yMm <= 61) inside++;
        else outside++;
      }
    expect(inside).toBeGreaterThan(0.8 * 20 * 20 * 4);
    expect(outside).toBe(0);
  });

  it('draws copies of one mesh as it draws each alone', () => {
    const coin = box(10, 10, 2);
    const one = coverage(
      render([{ mesh: coin, colorHex: '#D4AF37', placement: { xMm: 20, yMm: 20, zMm: 0, rotationDeg: 0 } }], TOP),
    );
    const three = render(
      [20, 45, 70].map((x) => ({
        mesh: coin,
        colorHex: '#D4AF37',
        placement: { xMm: x, yMm: 20, zMm: 0, rotationDeg: 0 },
      })),
      TOP,
    );
    expect(Math.abs(coverage(three) - 3 * one)).toBeLessThan(3 * 4);
    for (const x of [25, 50, 75]) expect(alpha(three, ...px(x, 25))).toBe(255);
  });

  it('gives the same bytes for the same scene', () => {
    const scene = [{ mesh: box(20, 10, 8, 10, 10), colorHex: '#4A5059' }];
    expect(encodePng(render(scene))).toEqual(encodePng(render(scene)));
  });

  it('encodes a PNG any reader decodes to the same pixels', () => {
    const img = render([{ mesh: box(20, 10, 8), colorHex: '#1A1A1A' }], { widthPx: 64, heightPx: 48 });
    const back = PNG.sync.read(Buffer.from(encodePng(img)));
    expect([back.width, back.height]).toEqual([64, 48]);
    expect(new Uint8Array(back.data)).toEqual(img.rgba);
  });

  it('writes the bytes pngjs writes with its filter and deflate options', () => {
    const img = render([{ mesh: box(20, 10, 8), colorHex: '#4A5059' }], { widthPx: 96, heightPx: 64 });
    const png = new PNG({ width: img.widthPx, height: img.heightPx });
    png.data = Buffer.from(img.rgba);
    const theirs = PNG.sync.write(png, { colorType: 6, filterType: 1, deflateLevel: 6 });
    expect(Buffer.from(encodePng(img)).equals(theirs)).toBe(true);
  });

  it('pastes pixel by pixel: opaque ones copied, clear ones skipped, the rest blended over, clipped at the edges', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 4 * 6 * 5, maxLength: 4 * 6 * 5 }),
        fc.integer({ min: -4, max: 9 }),
        fc.integer({ min: -3, max: 8 }),
        (bytes, x, y) => {
          // Alpha mostly opaque or clear, in runs, as a rendered picture's is.
          const rgba = bytes.map((v, i) => (i % 4 === 3 ? (v < 100 ? 255 : v < 160 ? 0 : v) : v));
          const src: Image = { widthPx: 6, heightPx: 5, rgba };
          const dst = blank(8, 7, '#336699');
          const want = new Uint8Array(dst.rgba);
          for (let j = 0; j < 5; j++)
            for (let i = 0; i < 6; i++) {
              const [X, Y] = [x + i, y + j];
              if (X < 0 || Y < 0 || X >= 8 || Y >= 7) continue;
              const s = 4 * (j * 6 + i),
                d = 4 * (Y * 8 + X),
                cover = rgba[s + 3]! / 255;
              if (cover === 0) continue;
              for (let c = 0; c < 3; c++) want[d + c] = Math.round(want[d + c]! * (1 - cover) + rgba[s + c]! * cover);
              want[d + 3] = Math.max(want[d + 3]!, rgba[s + 3]!);
            }
          paste(dst, src, x, y);
          expect(dst.rgba).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('letters a label inside its measured width and cap height', () => {
    const img = blank(300, 60, '#FFFFFF');
    drawText(img, 'hull x 3', 10, 40, 20, '#000000');
    let x0 = 300,
      x1 = 0,
      y0 = 60,
      y1 = 0,
      ink = 0;
    for (let y = 0; y < 60; y++)
      for (let x = 0; x < 300; x++)
        if (rgb(img, x, y)[0]! < 128)
          (ink++, (x0 = Math.min(x0, x)), (x1 = Math.max(x1, x)), (y0 = Math.min(y0, y)), (y1 = Math.max(y1, y)));
    expect(ink).toBeGreaterThan(100);
    expect(x0).toBeGreaterThanOrEqual(8);
    expect(x1).toBeLessThanOrEqual(10 + textWidth('hull x 3', 20) + 2);
    // Cap height 20 above the baseline at 40; no descenders in this label.
    expect(y0).toBeGreaterThanOrEqual(40 - 20 - 2);
    expect(y1).toBeLessThanOrEqual(40 + 2);
  });
});
