/**
 * A split piece as the table sees it: the files of a piece that its builder split over the printer's beds
 * (Rigadoon's board in 9 tiles) drawn together, each at its place in the assembled piece (the `atMm` its
 * builder's `expand` gives), in the piece's colour, from above and a little to the south so the markers
 * and the seams read. `generate --game --previews` writes one per such piece: previews/<piece>.png.
 */
import type { GeneratedFile } from '../generate/types.js';
import { parseStl } from '../mesh/stl.js';
import { blank, drawText, encodePng, paste } from '../render/image.js';
import { capToFit } from '../render/font.js';
import { render, type Image } from '../render/raster.js';
import { displayColor } from '../standard.js';
import type { PackFile } from './plan.js';

/** The picture's size: a board is square-ish, and its squares' markers need the pixels. */
export const ASSEMBLED_SIZE = { widthPx: 1024, heightPx: 900 } as const;
/** Room over the picture for its title. */
const TITLE_PX = 56;
/** The contact sheets' paper. */
const BACKGROUND_HEX = '#F7F6F2';

/** One piece's files at their places, drawn as one; `colorOf` maps a piece's colour (`player`) to what it is drawn in. */
export function assembledPicture(
  title: string,
  parts: readonly { file: GeneratedFile; atMm: readonly [number, number] }[],
  colorOf: (color: string) => string,
): Image {
  const scene = parts.map(({ file, atMm }) => ({
    mesh: parseStl(file.bytes),
    colorHex: displayColor(colorOf(file.color)),
    placement: { xMm: atMm[0], yMm: atMm[1], zMm: 0, rotationDeg: 0 },
  }));
  // From the south (north up the picture, as the board's compass has it), 60° up.
  const img = render(scene, {
    widthPx: ASSEMBLED_SIZE.widthPx,
    heightPx: ASSEMBLED_SIZE.heightPx - TITLE_PX,
    view: { azimuthDeg: -90, elevationDeg: 60 },
    supersample: 2,
    backgroundHex: BACKGROUND_HEX,
    marginPx: 16,
  });
  const out = blank(img.widthPx, img.heightPx + TITLE_PX, BACKGROUND_HEX);
  paste(out, img, 0, TITLE_PX);
  drawText(out, title, 16, 38, capToFit(title, 22, out.widthPx - 32), '#202020');
  return out;
}

/**
 * The pictures of every piece of the pack split into files that join into one (`atMm` set), as output files
 * `<dir>/<piece>.png`, titled with the piece, how many files and the assembled size.
 */
export function assembledPictures(
  dir: string,
  planned: readonly PackFile[],
  files: readonly GeneratedFile[],
  colorOf: (color: string) => string,
): { path: string; bytes: Uint8Array }[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const pieces = [...new Set(planned.filter((p) => p.atMm !== null).map((p) => p.piece))];
  return pieces.map((piece) => {
    const parts = planned
      .filter((p) => p.piece === piece && p.atMm !== null)
      .map((p) => ({ file: byPath.get(p.job.path)!, atMm: p.atMm! }));
    const ext = parts.flatMap(({ file, atMm }) => {
      const b = file.bounds;
      return [
        [atMm[0] + b.min[0], atMm[1] + b.min[1]],
        [atMm[0] + b.max[0], atMm[1] + b.max[1]],
      ];
    });
    const w = Math.max(...ext.map((e) => e[0]!)) - Math.min(...ext.map((e) => e[0]!));
    const d = Math.max(...ext.map((e) => e[1]!)) - Math.min(...ext.map((e) => e[1]!));
    const title = `${piece.id}, assembled: ${parts.length} files, ${Math.round(w)} × ${Math.round(d)} mm, north up`;
    return { path: `${dir}/${piece.id}.png`, bytes: encodePng(assembledPicture(title, parts, colorOf)) };
  });
}
