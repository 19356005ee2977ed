/** Shared by the BOM tests: the shipped factions, fleets for a player count, closed box meshes, a part cache in memory, a CSV reader. */
import type { MeshData } from '../../src/geometry/kernel.js';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../../src/faction/loader.js';
import type { Faction } from '../../src/faction/types.js';
import type { Fleet } from '../../src/bom/quantities.js';
import type { PartCache } from '../../src/generate/index.js';

export const shippedFactions = (): Promise<Faction[]> => loadFactions(DEFAULT_FACTIONS_DIR);

/** One fleet per faction given, each of its card's ship count. */
export function fleetsOf(factions: readonly Faction[]): Fleet[] {
  return factions.map((f, i) => ({ player: `player ${i + 1}`, ships: [{ faction: f, count: f.card.ships }] }));
}

/** An axis-aligned box from the origin, outward-oriented, 12 triangles. */
export function boxMesh(x: number, y: number, z: number): MeshData {
  const positions = new Float32Array([0, 0, 0, x, 0, 0, x, y, 0, 0, y, 0, 0, 0, z, x, 0, z, x, y, z, 0, y, z]);
  // Each face's quad as two triangles, counter-clockwise seen from outside.
  const quads = [
    [0, 3, 2, 1],
    [4, 5, 6, 7],
    [0, 1, 5, 4],
    [1, 2, 6, 5],
    [2, 3, 7, 6],
    [3, 0, 4, 7],
  ];
  const triangles = new Uint32Array(quads.flatMap(([a, b, c, d]) => [a!, b!, c!, a!, c!, d!]));
  return { positions, triangles };
}

/** A part cache in memory that keeps only bytes (estimates, plans): `stored` by `<kind>/<key>`. */
export function memoryCache(stored = new Map<string, Uint8Array>()): PartCache {
  return {
    codeVersion: 'v1',
    get: async () => null,
    facts: async () => null,
    put: async () => undefined,
    getBytes: async (key, kind) => stored.get(`${kind}/${key}`) ?? null,
    putBytes: async (key, kind, bytes) => void stored.set(`${kind}/${key}`, bytes),
  };
}

/** A small RFC 4180 reader, to check the CSV parses back. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [],
    field = '',
    quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(field), (field = ''));
    else if (c === '\r' && text[i + 1] === '\n') (row.push(field), rows.push(row), (row = []), (field = ''), i++);
    else field += c;
  }
  return rows;
}
