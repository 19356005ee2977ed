/**
 * The rules' context over a set of built meshes: each file parsed once, its solid rebuilt from its exported
 * bytes, its topology, overhangs and hull probe measured on first use, and the rules run over it. Loaded
 * where the rules run (a pool's thread, or the command's thread when it checks them itself).
 */
import type { Faction } from '../faction/types.js';
import { fromMesh, initKernel, withArena, type MeshData, type Solid } from '../geometry/kernel.js';
import { canonicalJson } from '../generate/index.js';
import { parseStl } from '../mesh/stl.js';
import { checkTopology, type TopologyReport } from '../mesh/topology.js';
import { CLICK_DISTANCE_MM, PRINT_DEFAULTS, PRINTABILITY } from '../standard.js';
import { probeHull, type HullProbe } from './hull-probe.js';
import { analyseOverhangs, type OverhangAnalysis } from './overhang.js';
import { RULES } from './rules/index.js';
import type { Context, Figure, Finding, MeshFile, Rule } from './types.js';
import { checkedFiles, sortFindings, type GroupResult, type GroupTask, type ValidateInput } from './input.js';

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

/** Every rule (default RULES) over one group's context: a thread's task, or this thread's. */
export function checkGroup(t: GroupTask, rules: readonly Rule[] = RULES): Promise<GroupResult> {
  return withContext(t.files, t.input, (ctx) => runRules(ctx, rules));
}

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
  return { findings: sortFindings(findings), figures, ruleIds: rules.map((r) => r.id) };
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
