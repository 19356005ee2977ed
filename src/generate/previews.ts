/**
 * `generate --previews`: a picture of every generated part (previews/<faction or shared>/<part>.png), a
 * contact sheet per faction set (previews/<faction>.png: every part the set prints, own and shared, with
 * its count per set, and the ship assembled where the caller gives its picture), one of the shared parts (previews/shared.png), the fleet's hulls side by side at
 * one scale, from above and from the side (previews/hulls.png), and each faction's hull at full picture
 * size (previews/fleet.png). For a game pack (generate --game): every piece's picture, and a sheet of what
 * each player prints and one of what the table prints.
 */
import { parseStl } from '../mesh/stl.js';
import { encodePng } from '../render/image.js';
import { contactSheet, hullViews, partPicture, sheetPicture } from '../render/previews.js';
import type { Image } from '../render/raster.js';
import { displayColor } from '../standard.js';
import { PREVIEWS_DIR, type GeneratedFile } from './types.js';

/**
 * The pictures and sheets for `files`, as output files; `factions` gives each set's name, in order, and
 * what its count is per (default `per set`; a game pack's sets are `player` and `table`, `for each player`
 * and `for the table`, and it has no sheet of shared parts: `sharedSheet` false).
 */
export function previewFiles(
  files: readonly GeneratedFile[],
  factions: readonly { id: string; name: string; per?: string }[],
  sharedSheet = true,
  ships: ReadonlyMap<string, Image> = new Map(),
): { path: string; bytes: Uint8Array }[] {
  const pictures = new Map(files.map((f) => [f.path, partPicture(parseStl(f.bytes), displayColor(f.color))]));
  const out = files.map((f) => ({
    path: `${PREVIEWS_DIR}/${f.path.replace(/\.stl$/, '.png')}`,
    bytes: encodePng(pictures.get(f.path)!),
  }));
  const small = new Map([...pictures].map(([path, p]) => [path, sheetPicture(p)]));
  // An optional part counts none in a set: its label says it is optional instead.
  const label = (f: GeneratedFile, count: string): string =>
    f.quantity.optional ? `${f.part} (optional)` : `${f.part} × ${count}`;
  for (const faction of factions) {
    // The set's own parts first, then the shared ones it prints.
    const inSet = files
      .filter((f) => (f.quantity.perSet[faction.id] ?? 0) > 0)
      .sort((a, b) => Number(a.faction === null) - Number(b.faction === null));
    const pieces = inSet.filter((f) => !f.quantity.optional).reduce((s, f) => s + f.quantity.perSet[faction.id]!, 0);
    const sheet = contactSheet(
      `${faction.name}: ${pieces} ${pieces === 1 ? 'piece' : 'pieces'} ${faction.per ?? 'per set'}`,
      [
        ...inSet.map((f) => ({ picture: small.get(f.path)!, label: label(f, String(f.quantity.perSet[faction.id])) })),
        // The ship they make, assembled (src/validate/assembly-guide.ts), where the caller drew it.
        ...(ships.has(faction.id)
          ? [{ picture: sheetPicture(ships.get(faction.id)!), label: 'the ship, assembled' }]
          : []),
      ],
    );
    out.push({ path: `${PREVIEWS_DIR}/${faction.id}.png`, bytes: encodePng(sheet) });
  }
  const shared = files.filter((f) => f.faction === null);
  if (sharedSheet && shared.length > 0) {
    const perSet = (f: GeneratedFile): string => {
      const n = factions.map((x) => f.quantity.perSet[x.id] ?? 0);
      return Math.min(...n) === Math.max(...n) ? `${n[0]}` : `${Math.min(...n)}–${Math.max(...n)}`;
    };
    const sheet = contactSheet(
      'Shared parts, per set',
      shared.map((f) => ({ picture: small.get(f.path)!, label: label(f, perSet(f)) })),
    );
    out.push({ path: `${PREVIEWS_DIR}/shared.png`, bytes: encodePng(sheet) });
  }
  const hulls = files.filter((f) => f.part === 'hull');
  if (hulls.length > 1) {
    const views = hullViews(hulls.map((f) => ({ mesh: parseStl(f.bytes), colorHex: displayColor(f.color) })));
    const cells = hulls.flatMap((f, i) => [
      { picture: sheetPicture(views[i]!.above), label: `${f.faction}, above` },
      { picture: sheetPicture(views[i]!.side), label: `${f.faction}, side` },
    ]);
    out.push({
      path: `${PREVIEWS_DIR}/hulls.png`,
      bytes: encodePng(contactSheet('The hulls at one scale, bow to the right', cells, 2)),
    });
    // The fleet: each faction's hull at full picture size, where its surface and ornaments read.
    const names = new Map(factions.map((x) => [x.id, x.name]));
    const fleet = hulls.map((f) => ({ picture: pictures.get(f.path)!, label: names.get(f.faction!) ?? f.faction! }));
    out.push({
      path: `${PREVIEWS_DIR}/fleet.png`,
      bytes: encodePng(contactSheet("The fleet: every faction's hull", fleet, 2)),
    });
  }
  return out;
}
