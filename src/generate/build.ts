/**
 * Builds one job: runs its part builder, exports the mesh as binary STL and measures what the file
 * holds. Pure apart from loading the builder module; runs in a worker thread or in-process.
 */
import { initKernel, withArena, type MeshData } from '../geometry/kernel.js';
import { roundFeature, type Feature } from '../geometry/part.js';
import { serializeStl } from '../mesh/stl.js';
import { loadBuilder } from '../parts/registry.js';
import { meshFacts } from './facts.js';
import type { Job, MeshFacts } from './types.js';

export interface Built {
  facts: MeshFacts;
  bytes: Uint8Array;
  buildMs: number;
}

/** A builder's output as plain data: the mesh and its features, rounded as the manifest states them. */
interface Made {
  mesh: MeshData;
  features: Feature[];
}

/**
 * The last few parts this thread made, by builder and options: factions that share a part (three carry the
 * same barrels, three the same crates) differ only in the STL's header, so the mesh is made once. Bounded,
 * as a run over many factions builds many hulls that never repeat.
 */
const recent = new Map<string, Made>();
const RECENT_PARTS = 8;

/**
 * Builds `job`'s file: a build is a function of the builder and its options, the path only naming the file.
 * `buildMs` leaves out loading the kernel and the builder's module.
 */
export async function buildJob(job: Job): Promise<Built> {
  const key = `${job.builder}\0${JSON.stringify(job.options)}`;
  let made = recent.get(key);
  const builder = made ? null : (await initKernel(), await loadBuilder(job.builder));
  const t0 = performance.now();
  made ??= withArena(() => {
    const part = builder!(job.options);
    const mesh = part.solid.toMesh();
    // A builder whose booleans lost the part (a degenerate cutter can empty a union) is a bug, not a file.
    if (mesh.triangles.length === 0) throw new Error(`${job.path}: the ${job.builder} builder made an empty mesh`);
    return { mesh, features: part.features.map(roundFeature) };
  });
  // Most recently used last; the least recently used goes when there are too many.
  recent.delete(key);
  recent.set(key, made);
  if (recent.size > RECENT_PARTS) recent.delete(recent.keys().next().value!);
  const bytes = serializeStl(made.mesh, job.path);
  const facts = meshFacts(made.mesh, bytes, made.features);
  return { facts, bytes, buildMs: performance.now() - t0 };
}
