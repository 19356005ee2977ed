/** Part pictures' camera choice and the hulls' shared scale, checked on pixels of known boxes. */
import { describe, expect, it } from 'vitest';
import { hullViews, viewFor } from '../../src/render/previews.js';
import type { Image } from '../../src/render/raster.js';
import { prism, rectangle } from '../helpers/prism.js';

const centred = (w: number, d: number, h: number) => {
  const m = prism(rectangle(w, d), h);
  return {
    positions: m.positions.map((v, i) => (i % 3 === 0 ? v - w / 2 : i % 3 === 1 ? v - d / 2 : v)),
    triangles: m.triangles,
  };
};
/** The columns holding any opaque pixel: first and last. */
function opaqueColumns(img: Image): [number, number] {
  let x0 = img.widthPx,
    x1 = -1;
  for (let y = 0; y < img.heightPx; y++)
    for (let x = 0; x < img.widthPx; x++)
      if (img.rgba[4 * (y * img.widthPx + x) + 3]! > 127) ((x0 = Math.min(x0, x)), (x1 = Math.max(x1, x)));
  return [x0, x1];
}

describe('previews', () => {
  it('looks at flat parts from higher up and tall ones from lower down', () => {
    expect(viewFor(centred(20, 20, 2.4)).elevationDeg).toBe(60);
    expect(viewFor(centred(4, 4, 60)).elevationDeg).toBe(20);
    expect(viewFor(centred(80, 30, 17)).elevationDeg).toBe(35);
  });

  it('draws every hull at one scale: twice the length, twice the pixels, from above and from the side', () => {
    const [short, long] = hullViews([
      { mesh: centred(40, 20, 10), colorHex: '#5B6E80' },
      { mesh: centred(80, 20, 10), colorHex: '#5B6E80' },
    ]);
    for (const view of ['above', 'side'] as const) {
      const [a0, a1] = opaqueColumns(short![view]);
      const [b0, b1] = opaqueColumns(long![view]);
      expect(Math.abs((b1 - b0 + 1) / (a1 - a0 + 1) - 2), view).toBeLessThan(0.05);
    }
  });
});
