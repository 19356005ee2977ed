/**
 * Builds one job: runs its part builder, exports the mesh as binary STL and measures what the file
 * holds. Pure apart from loading the builder module; runs in a worker thread or in-process.
 */
import { initKernel, withArena } from '../geometry/kernel.js';
import { roundFeature } from '../geometry/part.js';
import { serializeStl } from '../mesh/stl.js';
import { loadBuilder } from '../parts/registry.js';
import { meshFacts } from './facts.js';
import type { Job, MeshFacts } from './types.js';

export interface Built {
  facts: MeshFacts;
  bytes: Uint8Array;
  buildMs: number;
}

export async function buildJob(job: Job): Promise<Built> {
  await initKernel();
  const builder = await loadBuilder(job.builder);
  const t0 = performance.now();
  return withArena(() => {
    const part = builder(job.options);
    const mesh = part.solid.toMesh();
    // A builder whose booleans lost the part (a degenerate cutter can empty a union) is a bug, not a file.
    if (mesh.triangles.length === 0) throw new Error(`${job.path}: the ${job.builder} builder made an empty mesh`);
    const bytes = serializeStl(mesh, job.path);
    const facts = meshFacts(mesh, bytes, part.features.map(roundFeature));
    return { facts, bytes, buildMs: performance.now() - t0 };
  });
}
