/** STL files the user names (validate's --part, a faction's external hull): read, bounded, and checked to parse. */
import { InputError } from '../errors.js';
import type { Faction } from '../faction/types.js';
import { readFileBounded } from '../files/read.js';
import { parseStl, StlFormatError } from '../mesh/stl.js';

/** A hull STL is at most a few MiB; anything past this is not one. */
export const MAX_STL_BYTES = 64 * 2 ** 20;

/**
 * Reads an STL and checks it parses and holds a surface, so a bad file is bad input (exit 2) and not a
 * finding: a file of no triangles is no part at all (a mesh that is not closed is one, and validate says so).
 */
export async function readStl(path: string, source: string, place: string): Promise<Uint8Array> {
  const bytes = await readFileBounded(path, MAX_STL_BYTES);
  let triangles: number;
  try {
    triangles = parseStl(bytes).triangles.length / 3;
  } catch (e) {
    if (e instanceof StlFormatError)
      throw InputError.single(source, place, `${path} is not an STL file (binary or ASCII): ${e.message}`);
    throw e;
  }
  if (triangles === 0)
    throw InputError.single(
      source,
      place,
      `${path} holds no triangles: expected the closed mesh of a part, exported as STL (binary or ASCII)`,
    );
  return bytes;
}

/** The bytes of each faction's external hull (`model.externalHull.stl`), by faction id. */
export async function readExternalHulls(factions: readonly Faction[]): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const f of factions)
    if (f.model.externalHullStl)
      out.set(f.id, await readStl(f.model.externalHullStl, f.sourceFile, 'model.externalHull.stl'));
  return out;
}
