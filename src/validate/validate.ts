/**
 * `validate`: builds every part the factions need in memory, rebuilds each solid from its exported bytes,
 * and runs the ordered rule list over them. It returns findings; a rule violation never throws. The rules'
 * context (./context.ts, the kernel and every rule) is loaded where the rules run: a thread, or this one
 * when it checks them itself, so a command that hands them to threads starts them sooner.
 */
import { generateParts } from '../generate/index.js';
import { defaultJobs, withPool, type Pool, type TaskKind } from '../generate/pool.js';
import { checkedFiles, sortFindings, type GroupResult, type GroupTask, type ValidateInput } from './input.js';
import type { Figure, Finding, MeshFile } from './types.js';

export { sortFindings, type HullProbeMemo, type ValidateInput } from './input.js';

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

/** The rules' context (./context.ts), loaded in this thread only when it checks rules itself. */
const context = (): Promise<typeof import('./context.js')> => import('./context.js');

/** The rules over one group: context.ts's checkGroup, on a thread (rules-worker.ts) or in this one. */
const CHECK_GROUP: TaskKind<GroupTask, GroupResult> = {
  name: 'rules',
  local: async () => (await context()).checkGroup,
};

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
  const { factions } = input;
  const inParallel = !input.rules && !input.hullProbes && pool.threaded;
  const threads = inParallel ? Math.max(1, Math.min(pool.parallel, factions.length)) : 1;
  const size = Math.min(input.batch ?? VALIDATE_BATCH, Math.ceil(factions.length / threads));
  if (factions.length <= size) return (await context()).checkGroup({ files: built, input }, input.rules);
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
  else {
    const { checkGroup } = await context();
    for (const t of tasks) results.push(await checkGroup(t, input.rules));
  }
  const findings = new Map<string, Finding>();
  const figures = new Map<string, Figure>();
  for (const r of results) {
    for (const f of r.findings) findings.set(JSON.stringify(f), f);
    for (const m of r.figures) figures.set(JSON.stringify(m), m);
  }
  const ruleAt = new Map(results[0]!.ruleIds.map((id, i) => [id, i]));
  const factionAt = new Map(factions.map((f, i) => [f.id, i]));
  const order = (m: Figure): [number, number] => [ruleAt.get(m.rule) ?? -1, factionAt.get(m.faction ?? '') ?? -1];
  return {
    findings: sortFindings([...findings.values()]),
    figures: [...figures.values()].sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1]),
    ruleIds: results[0]!.ruleIds,
  };
}
