/**
 * Builds one job: runs its part builder, exports the mesh as binary STL and measures what the file
 * holds. Pure apart from loading the builder module; runs in a worker thread or in-process.
 */
import { createHash } from 'node:crypto';
import { initKernel, withArena } from '../geometry/kernel.js';
import { roundFeature } from '../geometry/part.js';
import { serializeStl } from '../mesh/stl.js';
import { measureMesh } from '../mesh/topology.js';
import { loadBuilder, type BuilderName } from '../parts/registry.js';
import type { Job, MeshFacts } from './types.js';

export interface Built {
  facts: MeshFacts;
  bytes: Uint8Array;
  buildMs: number;
}

/** Rounds to 1 µm (1 µm³, 1 µm²) so manifests do not carry float noise. */
const round3 = (x: number): number => Math.round(x * 1000) / 1000 + 0;

export async function buildJob(job: Job): Promise<Built> {
  await initKernel();
  const builder = await loadBuilder(job.builder as BuilderName);
  const t0 = performance.now();
  return withArena(() => {
    const part = builder(job.options);
    const mesh = part.solid.toMesh();
    // A builder whose booleans lost the part (a degenerate cutter can empty a union) is a bug, not a file.
    if (mesh.triangles.length === 0) throw new Error(`${job.path}: the ${job.builder} builder made an empty mesh`);
    const bytes = serializeStl(mesh, job.path);
    const m = measureMesh(mesh);
    const facts: MeshFacts = {
      volumeMm3: round3(m.volumeMm3),
      surfaceAreaMm2: round3(m.surfaceAreaMm2),
      bounds: { min: m.bounds.min.map(round3) as never, max: m.bounds.max.map(round3) as never },
      triangles: mesh.triangles.length / 3,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      features: part.features.map(roundFeature),
    };
    return { facts, bytes, buildMs: performance.now() - t0 };
  });
}
