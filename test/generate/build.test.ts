import { describe, expect, it } from 'vitest';
import { buildFiles, type FileToBuild } from '../../src/generate/index.js';
import { parseStl } from '../../src/mesh/stl.js';

const ball = (path: string, diameterMm: number): FileToBuild => ({
  job: { path, part: 'cannonball', faction: null, builder: 'cannonball', options: { diameterMm, flatDepthMm: 0.4 } },
  quantity: { perSet: { test: 1 }, rule: 'one a set', optional: false },
  brim: { brim: false, reason: null },
  color: 'black',
  material: 'PLA',
});
/** The STL after its 80-byte header, which names the file. */
const body = (bytes: Uint8Array): Uint8Array => bytes.subarray(80);
const header = (bytes: Uint8Array): string => Buffer.from(bytes.subarray(0, 80)).toString('latin1');

describe('buildFiles', () => {
  it('builds once the files whose builds differ only in their path, each file named in its own header', async () => {
    const [a, other, b] = await buildFiles([ball('a/ball.stl', 10), ball('a/big.stl', 12), ball('b/ball.stl', 10)], {
      jobs: 1,
    });
    // Built (the time its build took), built, and not built: a copy (no mock counts the builds here, as the
    // suite's files share their modules).
    expect(a!.buildMs).toBeGreaterThan(0);
    expect(other!.buildMs).toBeGreaterThan(0);
    expect(b!.buildMs).toBe(0);
    expect(header(a!.bytes)).toMatch(/^shipwright a\/ball\.stl\0+$/);
    expect(header(b!.bytes)).toMatch(/^shipwright b\/ball\.stl\0+$/);
    expect(body(b!.bytes)).toEqual(body(a!.bytes));
    expect(b!.sha256).not.toBe(a!.sha256);
    expect({ ...b!, path: '', bytes: null, sha256: '', buildMs: 0 }).toEqual({
      ...a!,
      path: '',
      bytes: null,
      sha256: '',
      buildMs: 0,
    });
    // The copy is what building it would give.
    const alone = await buildFiles([ball('b/ball.stl', 10)], { jobs: 1 });
    expect(alone[0]!.bytes).toEqual(b!.bytes);
    expect(alone[0]!.sha256).toBe(b!.sha256);
    expect(parseStl(other!.bytes).triangles.length).toBeGreaterThan(0);
    expect(other!.volumeMm3).toBeGreaterThan(a!.volumeMm3);
  });
});
