/**
 * A mesh with no surface is no part: no rule measures it (the solid a rule is given is null, as for any
 * mesh the kernel cannot rebuild), and print/manifold reports it. validate's --part refuses such a file
 * at once (src/cli/stl-input.ts); this is the library's side, for meshes that reach it another way.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../../src/faction/loader.js';
import { defaultSettings } from '../../src/generate/index.js';
import { validate } from '../../src/validate/validate.js';

/** A binary STL of no triangles: an 80-byte header and a count of 0. */
const EMPTY = new Uint8Array(84);

describe('an empty mesh in place of a part', () => {
  it.each(['wheel', 'carriage', 'mast', 'cannon'])('as the %s: reported, never measured', async (part) => {
    const factions = (await loadFactions(DEFAULT_FACTIONS_DIR)).filter((f) => f.id === 'corsairs');
    const findings = await validate({
      factions,
      settings: defaultSettings(),
      replacements: new Map([[part, { path: `empty-${part}.stl`, bytes: EMPTY }]]),
      jobs: 1,
    });
    expect(findings).toContainEqual(
      expect.objectContaining({
        rule: 'print/manifold',
        severity: 'error',
        part,
        message: expect.stringMatching(new RegExp(`empty-${part}\\.stl is not a closed 2-manifold`)),
      }),
    );
  });
});
