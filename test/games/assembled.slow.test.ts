/**
 * Rigadoon's board drawn assembled (generate --game rigadoon --previews: previews/board.png): the picture
 * the README shows (docs/rigadoon-board.png, remade by npm run docs), its board filling the frame in the
 * board's colour. Slow: it builds and draws the 9 tiles.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { displayColor } from '../../src/standard.js';
import { runInProcess as run } from '../helpers/cli.js';

describe("Rigadoon's board, assembled", () => {
  it('is drawn whole, in its colour, and is the picture in docs/', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'sw-board-')), 'rigadoon');
    const r = await run('generate', '--game', 'rigadoon', '--previews', '--out', out, '--no-cache');
    expect(r.code, r.err).toBe(0);
    const bytes = readFileSync(join(out, 'previews/board.png'));
    const png = PNG.sync.read(bytes);
    // The board's blue-grey (shaded) covers most of the picture: one board, not nine cells of a sheet.
    const [br, bg, bb] = [1, 3, 5].map((i) => parseInt(displayColor('blue-grey').slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
    let board = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      const [r0, g0, b0] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
      // Same hue family, any shade: blue over red by about as much as the colour's.
      if (
        b0 > r0 + 10 &&
        Math.abs((b0 - r0) / Math.max(1, b0) - (bb - br) / bb) < 0.25 &&
        Math.abs(g0 - (r0 + (b0 - r0) * ((bg - br) / Math.max(1, bb - br)))) < 30
      )
        board++;
    }
    expect(board / (png.width * png.height)).toBeGreaterThan(0.6);
    expect(
      bytes.equals(readFileSync(new URL('../../docs/rigadoon-board.png', import.meta.url))),
      'docs/rigadoon-board.png is stale: run npm run docs',
    ).toBe(true);
  }, 120_000);
});
