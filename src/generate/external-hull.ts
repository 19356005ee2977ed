/** A faction's hull made in another tool, as the file its set prints (`GenerateRequest.externalHulls`). */
import type { Faction } from '../faction/types.js';
import { parseStl } from '../mesh/stl.js';
import { CATALOG, quantityFor } from './catalog.js';
import { meshFacts } from './facts.js';
import type { BuildSettings, GeneratedFile } from './types.js';

/**
 * A faction's hull made in another tool (`model.externalHull`) as the file its set prints, `<faction>/hull.stl`:
 * the user's bytes as they are, measured as a built part is (its features are probed by validate, not declared).
 */
export function externalHullFile(faction: Faction, bytes: Uint8Array, settings: BuildSettings): GeneratedFile {
  const entry = CATALOG.find((e) => e.part === 'hull')!;
  return {
    path: `${faction.id}/hull.stl`,
    part: entry.part,
    faction: faction.id,
    quantity: quantityFor(entry, [faction]),
    brim: { brim: entry.brim !== undefined, reason: entry.brim ?? null },
    color: entry.color(faction),
    material: entry.material(settings),
    ...meshFacts(parseStl(bytes), bytes, []),
    bytes,
    cached: false,
    buildMs: 0,
  };
}
