/**
 * Inspect exported bytes the way a slicer would see them: parse the STL, check its topology, rebuild a
 * solid from it and probe every declared feature. Shared by part tests, `generate`'s self-check and the
 * validator, so "closed manifold" and "feature is open" mean one thing everywhere.
 */
import { fromMesh, type Solid } from '../geometry/kernel.js';
import type { Feature } from '../geometry/part.js';
import { measureFeature, probeFeature, type MeasuredSize, type ProbeResult } from './probe.js';
import { parseStl } from './stl.js';
import { checkTopology, type TopologyReport } from './topology.js';

export interface FeatureInspection extends ProbeResult {
  feature: Feature;
  measured: MeasuredSize;
}

export interface Inspection {
  topology: TopologyReport;
  features: FeatureInspection[];
}

/** Rebuilds a solid from STL bytes (call inside `withArena`). Throws if the bytes are not a closed manifold. */
export function solidFromStl(bytes: Uint8Array): Solid {
  return fromMesh(parseStl(bytes));
}

/** Topology from the bytes, and every feature probed and measured on the solid rebuilt from them. Call inside `withArena`. */
export function inspectStl(bytes: Uint8Array, features: readonly Feature[]): Inspection {
  const mesh = parseStl(bytes);
  const topology = checkTopology(mesh);
  if (!topology.watertight) return { topology, features: [] };
  const solid = fromMesh(mesh);
  return {
    topology,
    features: features.map((feature) => ({
      feature,
      ...probeFeature(solid, feature),
      measured: measureFeature(solid, feature),
    })),
  };
}
