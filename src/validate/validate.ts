/**
 * `validate`: builds every part the factions need in memory, rebuilds each solid from its exported bytes,
 * and runs the ordered rule list over them. It returns findings; a rule violation never throws.
 */
import type { Armada } from '../armada/load.js';
import type { Faction } from '../faction/types.js';
import { fromMesh, initKernel, withArena, type MeshData, type Solid } from '../geometry/kernel.js';
import { canonicalJson, generateParts, type BuildSettings, type PartCache } from '../generate/index.js';
import { defaultJobs, withPool, type Pool, type TaskKind } from '../generate/pool.js';
import { parseStl } from '../mesh/stl.js';
import { checkTopology, type TopologyReport } from '../mesh/topology.js';
import { CLICK_DISTANCE_MM, PRINT_DEFAULTS, PRINTABILITY } from '../standard.js';
import { probeHull, type HullProbe } from './hull-probe.js';
import { analyseOverhangs, type OverhangAnalysis } from './overhang.js';
import { RULES } from './rules/index.js';
import type { Context, Figure, Finding, MeshFile, Rule } from './types.js';

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

/**
 * The solid the kernel rebuilds from the mesh, or null when it cannot (print/manifold says why). A mesh of
 * no triangles rebuilds as the empty solid: no part to measure either, so null too, and no rule sees it.
 */
function rebuild(mesh: MeshData): Solid | null {
  try {
    const solid = fromMesh(mesh);
    return solid.isEmpty() ? null : solid;
  } catch {
    return null;
  }
}

/** Severity order for output: errors first, then by faction, part and rule. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  const key = (f: Finding): string =>
    `${f.severity === 'error' ? 0 : 1}\0${f.faction ?? ''}\0${f.part ?? ''}\0${f.rule}`;
  return [...findings].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Builds the parts, runs every rule and returns the findings (errors first). */
export async function validate(input: ValidateInput): Promise<Finding[]> {
  return (await validateWithFiles(input)).findings;
}

/** `validate`, the meshes it checked (findings' places name their paths) and the figures its rules measured. */
export async function validateWithFiles(
  input: ValidateInput,
): Promise<{ findings: Finding[]; files: MeshFile[]; figures: Figure[] }> {
  // One pool for the builds and the rules: its threads keep their modules and kernel from one to the next.
  return withPool(input.pool, input.jobs ?? defaultJobs(), async (pool) => {
    const generated =
      input.factions.length > 0
        ? await generateParts({ factions: input.factions, settings: input.settings, pool, cache: input.cache ?? null })
        : [];
    const { findings, figures } = await checkFilesWithFigures(generated, { ...input, pool });
    return { findings, files: checkedFiles(generated, input), figures };
  });
}

/** The meshes to check: the built ones with the user's replacements, and each faction's external hull. */
function checkedFiles(built: readonly MeshFile[], input: ValidateInput): MeshFile[] {
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

/** Runs the rules over meshes already built (plus each faction's external hull). */
export async function checkFiles(built: readonly MeshFile[], input: ValidateInput): Promise<Finding[]> {
  return (await checkFilesWithFigures(built, input)).findings;
}

/**
 * Factions checked in one context at most. The rules keep every solid, probe and placement of the factions
 * they see until the context closes (some 30 MB a faction), and the kernel's heap stops at 4 GB (a 32-bit
 * WASM module: 500 factions in one context ran out of it), so a run over more checks them a group at a time,
 * each group with the shared parts. A thread's heap keeps the size its largest group needed: 50 factions
 * peaked at 912-924 MB in groups of 8, 771-792 MB in groups of 4 for the same CPU time, 620-637 MB in groups
 * of 2 for 1 s more of it (a group measures the shared parts its factions meet again).
 */
export const VALIDATE_BATCH = 4;

/** What one context checks: a group of factions with their files and the shared ones (rules-worker.ts). */
export interface GroupTask {
  files: readonly MeshFile[];
  input: Omit<ValidateInput, 'rules' | 'hullProbes' | 'cache' | 'jobs' | 'batch' | 'pool'>;
}

/** What the rules found over one group. */
export interface GroupResult {
  findings: Finding[];
  figures: Figure[];
}

/** Every rule (default RULES) over one group's context: a thread's task, or this thread's. */
export function checkGroup(t: GroupTask, rules = RULES): Promise<GroupResult> {
  return withContext(t.files, t.input, (ctx) => runRules(ctx, rules));
}

/** The default rules over one group (rules-worker.ts on a thread). */
const CHECK_GROUP: TaskKind<GroupTask, GroupResult> = { name: 'rules', local: async () => checkGroup };

/** Every rule over one context: findings sorted, figures in rule order, then faction. */
function runRules(ctx: Context, rules: readonly Rule[]): GroupResult {
  const findings: Finding[] = [];
  const figures: Figure[] = [];
  for (const rule of rules) {
    rule.check(
      ctx,
      (f) => findings.push({ ...f, rule: rule.id, severity: f.severity ?? 'error', at: f.at ?? null }),
      (m) => figures.push({ rule: rule.id, ...m }),
    );
  }
  return { findings: sortFindings(findings), figures };
}

/**
 * `checkFiles`, and the figures the rules measured (in rule order, then faction). The factions are checked
 * in groups of at most VALIDATE_BATCH, each with the shared parts; the first group reports the shared parts'
 * own findings, the others use them only where their factions' parts meet them, and what two groups both
 * report (an armada's) is counted once. With the default rules and a threaded pool (`pool`, else `jobs`
 * threads, default the cores), the groups are at least as many as the threads and run on them at once;
 * otherwise one after another in this thread.
 */
async function checkFilesWithFigures(built: readonly MeshFile[], input: ValidateInput): Promise<GroupResult> {
  return withPool(input.pool, input.jobs ?? defaultJobs(), (pool) => checkOn(pool, built, input));
}

/** `checkFilesWithFigures` on `pool`. */
async function checkOn(pool: Pool, built: readonly MeshFile[], input: ValidateInput): Promise<GroupResult> {
  const rules = input.rules ?? RULES;
  const { factions } = input;
  const inParallel = !input.rules && !input.hullProbes && pool.threaded;
  const threads = inParallel ? Math.max(1, Math.min(pool.parallel, factions.length)) : 1;
  const size = Math.min(input.batch ?? VALIDATE_BATCH, Math.ceil(factions.length / threads));
  if (factions.length <= size) return withContext(built, input, (ctx) => runRules(ctx, rules));
  const knownFactionIds = input.knownFactionIds ?? factions.map((f) => f.id);
  const { settings, clickDistanceMm, armada, externalHulls, replacements } = input;
  const tasks: GroupTask[] = [];
  // The first group, which also reports the shared parts, takes what is left over from full groups.
  const first = factions.length - size * (Math.ceil(factions.length / size) - 1);
  for (let i = 0; i < factions.length; i += i === 0 ? first : size) {
    const group = factions.slice(i, i === 0 ? first : i + size);
    const ids = new Set(group.map((f) => f.id));
    tasks.push({
      files: built.filter((f) => f.faction === null || ids.has(f.faction)),
      input: {
        factions: group,
        settings,
        clickDistanceMm,
        armada,
        knownFactionIds,
        externalHulls,
        replacements,
        reportsShared: i === 0,
      },
    });
  }
  const results: GroupResult[] = [];
  if (inParallel) await pool.run(CHECK_GROUP, tasks, (i, r) => (results[i] = r));
  else for (const t of tasks) results.push(await checkGroup(t, rules));
  const findings = new Map<string, Finding>();
  const figures = new Map<string, Figure>();
  for (const r of results) {
    for (const f of r.findings) findings.set(JSON.stringify(f), f);
    for (const m of r.figures) figures.set(JSON.stringify(m), m);
  }
  const ruleAt = new Map(rules.map((r, i) => [r.id, i]));
  const factionAt = new Map(factions.map((f, i) => [f.id, i]));
  const order = (m: Figure): [number, number] => [ruleAt.get(m.rule) ?? -1, factionAt.get(m.faction ?? '') ?? -1];
  return {
    findings: sortFindings([...findings.values()]),
    figures: [...figures.values()].sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1]),
  };
}

/**
 * Runs `fn` over the rules' context for meshes already built (plus each faction's external hull): the
 * solids, hull probes and placements the rules see (the assembly guide draws from them). Kernel objects
 * live only while `fn` runs: return plain values.
 */
export async function withContext<T>(
  built: readonly MeshFile[],
  input: ValidateInput,
  fn: (ctx: Context) => T,
): Promise<T> {
  const files = checkedFiles(built, input);
  await initKernel();
  return withArena(() => {
    const solids = new Map<MeshFile, Solid | null>();
    const topologies = new Map<MeshFile, TopologyReport>();
    const hulls = new Map<string, HullProbe | null>();
    const analyses = new Map<MeshFile, OverhangAnalysis | null>();
    // Each file is parsed once, for its topology and for its solid.
    const meshes = new Map<MeshFile, MeshData>();
    const mesh = (file: MeshFile): MeshData => {
      if (!meshes.has(file)) meshes.set(file, parseStl(file.bytes));
      return meshes.get(file)!;
    };
    const probed = (faction: Faction): HullProbe | null => {
      const file = ctx.file('hull', faction.id);
      if (!file) return null;
      const { clearanceMm } = input.settings;
      const key = canonicalJson({ model: faction.model, clearanceMm, path: file.path, features: file.features });
      const kept = input.hullProbes?.get(file.bytes)?.get(key);
      if (kept !== undefined) return kept && { ...kept, file };
      const solid = ctx.solid(file);
      const probe = solid && probeHull(faction, file, solid, clearanceMm);
      if (input.hullProbes) {
        if (!input.hullProbes.has(file.bytes)) input.hullProbes.set(file.bytes, new Map());
        input.hullProbes.get(file.bytes)!.set(key, probe);
      }
      return probe;
    };
    const ctx: Context = {
      factions: input.factions,
      files,
      settings: input.settings,
      clickDistanceMm: input.clickDistanceMm ?? CLICK_DISTANCE_MM,
      armada: input.armada ?? null,
      knownFactionIds: input.knownFactionIds ?? input.factions.map((f) => f.id),
      checked: input.reportsShared === false ? files.filter((f) => f.faction !== null) : files,
      topology(file) {
        if (!topologies.has(file)) topologies.set(file, checkTopology(mesh(file)));
        return topologies.get(file)!;
      },
      overhangAnalysis(file) {
        if (!analyses.has(file)) {
          const t = ctx.topology(file);
          const solid = t.watertight && t.bodies === 1 ? ctx.solid(file) : null;
          analyses.set(
            file,
            solid &&
              analyseOverhangs(solid.toMesh(), {
                overhangDeg: PRINTABILITY.overhangDeg,
                bridgeMm: PRINTABILITY.bridgeMm,
                lineWidthMm: PRINT_DEFAULTS.lineWidthMm,
              }),
          );
        }
        return analyses.get(file)!;
      },
      solid(file) {
        if (!solids.has(file)) solids.set(file, rebuild(mesh(file)));
        return solids.get(file)!;
      },
      file(part, faction = null) {
        return files.find((f) => f.part === part && f.faction === faction) ?? null;
      },
      features(file) {
        const faction = file.part === 'hull' ? input.factions.find((f) => f.id === file.faction) : undefined;
        const hull = faction ? ctx.hull(faction) : null;
        if (!hull) return file.features;
        const all = [...hull.fittings, ...hull.cannonSlots, hull.coinSlot, hull.wheelSlot];
        return all.flatMap((p) => (p && p.open ? [p.feature] : []));
      },
      hull(faction) {
        if (!hulls.has(faction.id)) hulls.set(faction.id, probed(faction));
        return hulls.get(faction.id)!;
      },
    };
    return fn(ctx);
  });
}
