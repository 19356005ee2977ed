/**
 * `generate --previews` as a user runs it (every shipped faction): a picture of every STL it wrote, in the
 * part's colour, a contact sheet per set with a cell per part the set prints, and the hulls side by side;
 * read back with a PNG reader.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { displayColor, PRINT_COLORS } from '../../src/standard.js';
import { runBuilt } from '../helpers/cli.js';

let work: string;
interface Entry {
  path: string;
  faction: string | null;
  part: string;
  color: string;
  quantityPerSet: Record<string, number>;
}
let manifest: { files: Entry[]; otherFiles: { path: string }[] };
const png = async (rel: string): Promise<PNG> => PNG.sync.read(await readFile(join(work, 'out', rel)));
/** The mean colour of a picture's opaque pixels, as shares of r + g + b. */
function chroma(img: PNG): number[] {
  const sum = [0, 0, 0];
  for (let i = 0; i < img.data.length; i += 4)
    if (img.data[i + 3] === 255) for (let c = 0; c < 3; c++) sum[c]! += img.data[i + c]!;
  const t = sum[0]! + sum[1]! + sum[2]!;
  return sum.map((v) => v / t);
}
const hexChroma = (hex: string): number[] => {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return c.map((v) => v / (c[0]! + c[1]! + c[2]!));
};

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sw-previews-'));
  const r = await runBuilt(['generate', '--previews', '--out', join(work, 'out'), '--json']);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  manifest = JSON.parse(await readFile(join(work, 'out', 'manifest.json'), 'utf8'));
}, 180_000);

describe('generate --previews', () => {
  it('draws every STL at 512 × 384, the part filling a fair share of it, in its printing colour', async () => {
    for (const f of manifest.files) {
      const rel = `previews/${f.path.replace(/\.stl$/, '.png')}`;
      expect(
        manifest.otherFiles.map((o) => o.path),
        rel,
      ).toContain(rel);
      const img = await png(rel);
      expect([img.width, img.height], rel).toEqual([512, 384]);
      let opaque = 0;
      for (let i = 3; i < img.data.length; i += 4) if (img.data[i]! > 0) opaque++;
      expect(opaque / (512 * 384), rel).toBeGreaterThan(0.05);
    }
    // Coloured parts read as their colour: nearer its hue than any other colour of the rulebook's list.
    for (const part of ['cannonball', 'mast']) {
      const f = manifest.files.find((x) => x.part === part)!;
      const seen = chroma(await png(`previews/${f.path.replace(/\.stl$/, '.png')}`));
      const distance = (hex: string): number => Math.hypot(...hexChroma(hex).map((v, i) => v - seen[i]!));
      const nearest = Object.keys(PRINT_COLORS).reduce((a, b) =>
        distance(PRINT_COLORS[a]!) <= distance(PRINT_COLORS[b]!) ? a : b,
      );
      expect(displayColor(nearest), part).toBe(displayColor(f.color));
    }
  });

  it('lays out a sheet per set, a cell for every part it prints, and one of the shared parts', async () => {
    for (const id of ['corsairs', 'sun-fleet']) {
      // A cell per part, and the ship assembled.
      const cells = manifest.files.filter((f) => (f.quantityPerSet[id] ?? 0) > 0).length + 1;
      const sheet = await png(`previews/${id}.png`);
      // Five cells of 256 × (192 + 30) to a row, under a 56 px title, 16 px margins.
      expect([sheet.width, sheet.height]).toEqual([2 * 16 + 5 * 256, 56 + Math.ceil(cells / 5) * 222 + 16]);
    }
    const shared = manifest.files.filter((f) => f.faction === null).length;
    expect((await png('previews/shared.png')).height).toBe(56 + Math.ceil(shared / 5) * 222 + 16);
  });

  it('lays the hulls side by side, from above and from the side, at one scale', async () => {
    const hulls = manifest.files.filter((f) => f.part === 'hull').length;
    const sheet = await png('previews/hulls.png');
    expect([sheet.width, sheet.height]).toEqual([2 * 16 + 2 * 256, 56 + hulls * 222 + 16]);
  });

  it('lays out the fleet: every hull at full picture size, two to a row', async () => {
    const hulls = manifest.files.filter((f) => f.part === 'hull').length;
    const sheet = await png('previews/fleet.png');
    expect([sheet.width, sheet.height]).toEqual([2 * 16 + 2 * 512, 56 + Math.ceil(hulls / 2) * (384 + 30) + 16]);
  });

  it("draws hulls that tell apart: every two factions' silhouettes, from above and from the side, differ in more than an eighth of their pixels", async () => {
    // The silhouettes in the sheet at one scale: each cell's pixels that are not the sheet's background.
    const sheet = await png('previews/hulls.png');
    const cw = 256,
      ch = 222,
      bg = [0xf7, 0xf6, 0xf2];
    const mask = (col: number, row: number): Uint8Array => {
      const m = new Uint8Array(cw * 192);
      for (let y = 0; y < 192; y++)
        for (let x = 0; x < cw; x++) {
          const i = ((56 + row * ch + y) * sheet.width + 16 + col * cw + x) * 4;
          m[y * cw + x] =
            Math.abs(sheet.data[i]! - bg[0]!) +
              Math.abs(sheet.data[i + 1]! - bg[1]!) +
              Math.abs(sheet.data[i + 2]! - bg[2]!) >
            24
              ? 1
              : 0;
        }
      return m;
    };
    const hulls = manifest.files.filter((f) => f.part === 'hull');
    const masks = hulls.map((_, row) => [mask(0, row), mask(1, row)]);
    for (let a = 0; a < hulls.length; a++)
      for (let b = a + 1; b < hulls.length; b++) {
        let xor = 0,
          or = 0;
        for (const v of [0, 1])
          for (let k = 0; k < masks[a]![v]!.length; k++) {
            const p = masks[a]![v]![k]!,
              q = masks[b]![v]![k]!;
            xor += p ^ q;
            or += p | q;
          }
        expect(xor / or, `${hulls[a]!.faction} vs ${hulls[b]!.faction}`).toBeGreaterThan(1 / 8);
      }
  });

  it("matches the README's pictures (npm run docs remakes them)", async () => {
    const guides = manifest.files
      .filter((f) => f.part === 'hull')
      .map((f) => [`assembly/${f.faction}.png`, `previews/${f.faction}/assembly.png`]);
    expect(guides.length).toBe(7);
    for (const [docs, made] of [
      ['corsairs-contact-sheet.png', 'previews/corsairs.png'],
      ['hulls.png', 'previews/hulls.png'],
      ['fleet.png', 'previews/fleet.png'],
      ...guides,
    ]) {
      const bytes = await readFile(new URL(`../../docs/${docs}`, import.meta.url));
      expect(bytes.equals(await readFile(join(work, 'out', made!))), `docs/${docs} is stale: run npm run docs`).toBe(
        true,
      );
    }
  });

  // One faction again (its sheet, its guide and every shared part's picture are drawn anew): each is the same
  // bytes. The shared sheet is not compared: its labels count the shared parts the factions built need.
  it('writes the same bytes again', async () => {
    const again = join(work, 'again');
    expect((await runBuilt(['generate', '--previews', '--faction', 'corsairs', '--out', again])).code).toBe(0);
    const redrawn = manifest.otherFiles.filter(
      ({ path: rel }) => rel !== 'previews/shared.png' && existsSync(join(again, rel)),
    );
    expect(redrawn.map((f) => f.path)).toEqual(
      expect.arrayContaining(['previews/corsairs.png', 'previews/corsairs/assembly.png', 'previews/shared/cannon.png']),
    );
    for (const { path: rel } of redrawn)
      expect((await readFile(join(again, rel))).equals(await readFile(join(work, 'out', rel))), rel).toBe(true);
  });
});
