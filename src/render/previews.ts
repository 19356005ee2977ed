/**
 * Pictures of parts and sets: one picture per part, seen from where its features show, and contact sheets
 * of a set's parts, each labelled with its name and count. Inputs are meshes and words; the caller maps
 * files, colours and counts.
 */
import type { MeshData } from '../geometry/kernel.js';
import type { ThreeMfModel } from '../mesh/threemf.js';
import { capToFit, textWidth } from './font.js';
import { blank, drawText, paste, shrink } from './image.js';
import { render, type Image, type View } from './raster.js';

/** A part's picture: 512 × 384 (the size), transparent around the part. */
export const PREVIEW_SIZE = { widthPx: 512, heightPx: 384 } as const;
/** Sheet cells are the pictures at half size, five to a row. */
const SHEET = {
  shrink: 2,
  columns: 5,
  labelPx: 30,
  titlePx: 56,
  marginPx: 16,
  backgroundHex: '#F7F6F2',
  inkHex: '#202020',
} as const;

/**
 * Where the camera stands for a part: front-right and 35° up; a flat part (a coin, a sail lying down) from
 * 60° up so its face reads; a tall one from 20° so its height does.
 */
export function viewFor(mesh: MeshData): View {
  const box = extremes(mesh.positions);
  const [w, d, h] = [0, 1, 2].map((k) => box[k + 3]! - box[k]!) as [number, number, number];
  const elevationDeg = h <= 0.3 * Math.min(w, d) ? 60 : h >= 1.5 * Math.max(w, d) ? 20 : 35;
  return { azimuthDeg: -55, elevationDeg };
}

/**
 * The vertices' least and greatest x, y and z, kept in the array as the loop runs: code after the loop, not
 * yet run when its optimised code was compiled, threw that code away at the end of every call (once per
 * part picture).
 */
function extremes(p: Float32Array): Float64Array {
  const box = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  for (let v = 0; v < p.length; v++)
    ((box[v % 3] = Math.min(box[v % 3]!, p[v]!)), (box[3 + (v % 3)] = Math.max(box[3 + (v % 3)]!, p[v]!)));
  return box;
}

/** One part's picture in its printing colour (`#RRGGBB`). */
export function partPicture(mesh: MeshData, colorHex: string): Image {
  return render([{ mesh, colorHex }], { ...PREVIEW_SIZE, view: viewFor(mesh), supersample: 2 });
}

export interface SheetCell {
  /** At sheet size: `sheetPicture` of the part's picture. */
  picture: Image;
  /** e.g. "hull × 3". */
  label: string;
}

/** A part's picture at sheet size (half), made once for every sheet it is on. */
export function sheetPicture(picture: Image): Image {
  return shrink(picture, SHEET.shrink);
}

/**
 * A contact sheet: the title, then the pictures (at sheet size, or any one size) in rows of `columns`
 * (default five), each over its label.
 */
export function contactSheet(title: string, cells: readonly SheetCell[], columnsWanted: number = SHEET.columns): Image {
  const cw = Math.max(PREVIEW_SIZE.widthPx / SHEET.shrink, ...cells.map((c) => c.picture.widthPx));
  const ch = Math.max(PREVIEW_SIZE.heightPx / SHEET.shrink, ...cells.map((c) => c.picture.heightPx)) + SHEET.labelPx;
  const columns = Math.min(columnsWanted, Math.max(1, cells.length));
  const rows = Math.ceil(cells.length / columns);
  const sheet = blank(
    2 * SHEET.marginPx + columns * cw,
    SHEET.titlePx + rows * ch + SHEET.marginPx,
    SHEET.backgroundHex,
  );
  drawText(sheet, title, SHEET.marginPx, 38, capToFit(title, 22, sheet.widthPx - 2 * SHEET.marginPx), SHEET.inkHex);
  cells.forEach((c, i) => {
    const x = SHEET.marginPx + (i % columns) * cw,
      y = SHEET.titlePx + Math.floor(i / columns) * ch;
    paste(sheet, c.picture, x, y);
    // Centred under the picture.
    const cap = capToFit(c.label, 13, cw - 8);
    drawText(sheet, c.label, x + (cw - textWidth(c.label, cap)) / 2, y + ch - 10, cap, SHEET.inkHex);
  });
  return sheet;
}

/**
 * Hulls side by side at one scale, each from above (bow to the right) and from the side: the views in
 * which a faction's hull should be told from the others.
 */
export function hullViews(hulls: readonly { mesh: MeshData; colorHex: string }[]): { above: Image; side: Image }[] {
  // One frame for all: the largest length, beam and height, centred as the hulls are (on x and y).
  const extent = [0, 0, 0];
  for (const { mesh } of hulls)
    for (let v = 0; v < mesh.positions.length; v++)
      extent[v % 3] = Math.max(extent[v % 3]!, v % 3 === 2 ? mesh.positions[v]! : Math.abs(mesh.positions[v]!));
  const frame = { min: [-extent[0]!, -extent[1]!, 0] as const, max: [extent[0]!, extent[1]!, extent[2]!] as const };
  const view = (mesh: MeshData, colorHex: string, elevationDeg: number): Image =>
    render([{ mesh, colorHex }], { ...PREVIEW_SIZE, view: { azimuthDeg: -90, elevationDeg }, frame, supersample: 2 });
  return hulls.map(({ mesh, colorHex }) => ({ above: view(mesh, colorHex, 90), side: view(mesh, colorHex, 0) }));
}

/** A plate's thumbnail: 256 × 256, every copy on the bed seen from the front, 55° up, the bed filling the frame. */
export function plateThumbnail(
  plate: Pick<ThreeMfModel, 'objects' | 'items' | 'materials'>,
  bedXMm: number,
  bedYMm: number,
): Image {
  const tallest = Math.max(
    0,
    ...plate.objects.map((o) => o.mesh.positions.reduce((m, v, i) => (i % 3 === 2 ? Math.max(m, v) : m), 0)),
  );
  return render(
    plate.items.map((it) => {
      const o = plate.objects[it.object]!;
      return {
        mesh: o.mesh,
        colorHex: plate.materials[o.material]!.color,
        placement: { xMm: it.xMm, yMm: it.yMm, zMm: it.zMm, rotationDeg: it.rotationDeg },
      };
    }),
    {
      widthPx: 256,
      heightPx: 256,
      view: { azimuthDeg: -90, elevationDeg: 55 },
      supersample: 2,
      marginPx: 4,
      backgroundHex: '#E4E7EB',
      frame: { min: [0, 0, 0], max: [bedXMm, bedYMm, tallest] },
    },
  );
}
