/** What a part's file measures (MeshFacts), from its mesh and its bytes: one way for built parts and a user's own. */
import { createHash } from 'node:crypto';
import type { MeshData } from '../geometry/kernel.js';
import type { Feature } from '../geometry/part.js';
import { measureMesh } from '../mesh/topology.js';
import type { MeshFacts } from './types.js';

/** Rounds to 1 µm (1 µm³, 1 µm²) so manifests do not carry float noise. */
const round3 = (x: number): number => Math.round(x * 1000) / 1000 + 0;

/** The facts of `bytes`, the STL of `mesh`, with the features the part declares. */
export function meshFacts(mesh: MeshData, bytes: Uint8Array, features: Feature[]): MeshFacts {
  const m = measureMesh(mesh);
  return {
    volumeMm3: round3(m.volumeMm3),
    surfaceAreaMm2: round3(m.surfaceAreaMm2),
    bounds: { min: m.bounds.min.map(round3) as never, max: m.bounds.max.map(round3) as never },
    triangles: mesh.triangles.length / 3,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    features,
  };
}
