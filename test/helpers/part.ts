import { withArena } from '../../src/geometry/kernel.js';
import type { Part } from '../../src/geometry/part.js';
import { inspectStl, type Inspection } from '../../src/mesh/inspect.js';
import { serializeStl } from '../../src/mesh/stl.js';

/** Builds a part, exports it to STL bytes, and inspects those bytes (topology, features probed and measured). */
export function buildAndInspect(build: () => Part): Inspection & { bytes: Uint8Array } {
  return withArena(() => {
    const part = build();
    const bytes = serializeStl(part.solid.toMesh(), 'test');
    return { bytes, ...inspectStl(bytes, part.features) };
  });
}
