/**
 * What a file's quantityPerSet says does not depend on which factions a run builds: a shared part lists
 * every faction it serves (`setFactions`), so a run of one faction into a folder of seven leaves the
 * shared parts' counts as a run of all seven states them. And a hull made in another tool is the file its
 * faction prints (`externalHulls`), so the bill of materials and the plates find it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FACTIONS_DIR, loadFactionFile, loadFactions } from '../../src/faction/loader.js';
import { externalHullFile } from '../../src/generate/external-hull.js';
import { defaultSettings, generateParts } from '../../src/generate/index.js';
import { parseStl } from '../../src/mesh/stl.js';
import { measureMesh } from '../../src/mesh/topology.js';

const FX = join(import.meta.dirname, '../fixtures/validate');

describe("a shared part's count per set", () => {
  it('lists every faction it serves, whichever are built', async () => {
    const all = await loadFactions(DEFAULT_FACTIONS_DIR);
    const corsairs = all.filter((f) => f.id === 'corsairs');
    const settings = defaultSettings();
    const [everyone] = await generateParts({ factions: all, settings, parts: ['mast'], jobs: 1 });
    const [one] = await generateParts({ factions: corsairs, setFactions: all, settings, parts: ['mast'], jobs: 1 });
    expect(one!.quantity).toEqual(everyone!.quantity);
    expect(Object.keys(one!.quantity.perSet)).toEqual(all.map((f) => f.id));
    // Without the folder, the run's own factions: what a run of faction files states.
    const [alone] = await generateParts({ factions: corsairs, settings, parts: ['mast'], jobs: 1 });
    expect(Object.keys(alone!.quantity.perSet)).toEqual(['corsairs']);
  });
});

describe('an external hull', () => {
  it("is its faction's hull file: the bytes as given, measured", async () => {
    const faction = await loadFactionFile(join(FX, 'external-clean.yaml'));
    const bytes = new Uint8Array(readFileSync(join(FX, 'ext-hull.stl')));
    const settings = defaultSettings();
    const files = await generateParts({
      factions: [faction],
      settings,
      parts: ['hull'],
      externalHulls: new Map([[faction.id, bytes]]),
      jobs: 1,
    });
    expect(files.map((f) => f.path)).toEqual([`${faction.id}/hull.stl`]);
    const hull = files[0]!;
    expect(hull).toEqual(externalHullFile(faction, bytes, settings));
    expect(hull.bytes).toBe(bytes);
    expect(hull.quantity.perSet).toEqual({ [faction.id]: faction.card.ships });
    expect(hull.volumeMm3).toBeCloseTo(measureMesh(parseStl(bytes)).volumeMm3, 2);
    // Without its bytes the faction prints no hull file (generate leaves the user's where it is).
    expect(await generateParts({ factions: [faction], settings, parts: ['hull'], jobs: 1 })).toEqual([]);
  });
});
