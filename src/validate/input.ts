/**
 * What `validate` is given and what a context of its rules checks: the input, a group's task and result,
 * the files checked and the findings' order. Shared by the run (./validate.ts) and the rules' context
 * (./context.ts), which the run loads only where the rules run.
 */
import type { Armada } from '../armada/load.js';
import type { Faction } from '../faction/types.js';
import type { BuildSettings, PartCache } from '../generate/index.js';
import type { Pool } from '../generate/pool.js';
import type { HullProbe } from './hull-probe.js';
import type { Figure, Finding, MeshFile, Rule } from './types.js';

export interface ValidateInput {
  /** Factions whose cards and models are checked (may be empty when only an armada list is checked). */
  factions: readonly Faction[];
  settings: BuildSettings;
  /** The click distance the table plays with. Default CLICK_DISTANCE_MM (2 in). */
  clickDistanceMm?: number;
  armada?: Armada | null;
  /** Faction ids an armada list may name. Default: the ids of `factions`. */
  knownFactionIds?: readonly string[];
  /** Bytes of each faction's external hull STL (model.externalHullStl), by faction id. */
  externalHulls?: ReadonlyMap<string, Uint8Array>;
  /**
   * Shared parts exported from another tool, checked in place of the generated ones (by part name, e.g.
   * `wheel`); they keep the generated part's features, so they must be exported in the same frame.
   */
  replacements?: ReadonlyMap<string, { path: string; bytes: Uint8Array }>;
  /** Worker threads for building and checking. Default: the machine's cores. */
  jobs?: number;
  /** The threads to build and check on (the command's). Default: `jobs` threads of this run's own. */
  pool?: Pool;
  /** The part cache generate fills (default none: every part built afresh). */
  cache?: PartCache | null;
  /** The rules to run. Default: all of RULES, in order. */
  rules?: readonly Rule[];
  /** Factions checked in one context at most. Default VALIDATE_BATCH. */
  batch?: number;
  /** Hull probes kept from earlier runs, and kept for later ones. Default: none (each run probes afresh). */
  hullProbes?: HullProbeMemo;
  /** Whether the shared parts' own findings are this run's to report (Context.checked). Default true. */
  reportsShared?: boolean;
}

/**
 * Hull probes kept between runs over the same built files (the studio's, from one card-only edit to the
 * next): by the hull mesh's bytes (the same object), then by all else the probe reads: the faction's model,
 * the clearance and the file's path and features. A probe never reads the card.
 */
export type HullProbeMemo = WeakMap<Uint8Array, Map<string, HullProbe | null>>;

/** Severity order for output: errors first, then by faction, part and rule. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  const key = (f: Finding): string =>
    `${f.severity === 'error' ? 0 : 1}\0${f.faction ?? ''}\0${f.part ?? ''}\0${f.rule}`;
  return [...findings].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The meshes to check: the built ones with the user's replacements, and each faction's external hull. */
export function checkedFiles(built: readonly MeshFile[], input: ValidateInput): MeshFile[] {
  const files: MeshFile[] = built.map((f) => {
    const r = f.faction === null ? input.replacements?.get(f.part) : undefined;
    return r ? { ...f, path: r.path, bytes: r.bytes } : f;
  });
  for (const f of input.factions) {
    if (!f.model.externalHullStl) continue;
    const bytes = input.externalHulls?.get(f.id);
    if (!bytes) throw new Error(`validate: no bytes given for ${f.id}'s external hull ${f.model.externalHullStl}`);
    files.push({ path: f.model.externalHullStl, part: 'hull', faction: f.id, bytes, features: [] });
  }
  return files;
}

/** What one context checks: a group of factions with their files and the shared ones (rules-worker.ts). */
export interface GroupTask {
  files: readonly MeshFile[];
  input: Omit<ValidateInput, 'rules' | 'hullProbes' | 'cache' | 'jobs' | 'batch' | 'pool'>;
}

/** What the rules found over one group. */
export interface GroupResult {
  findings: Finding[];
  figures: Figure[];
  /** The rules' ids in the order they ran: the groups' figures are merged in that order. */
  ruleIds: string[];
}
