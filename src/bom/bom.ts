/**
 * The bill of materials: the plan's lines with grams and minutes from each part's mesh, totals by colour
 * and material, spools and cost. Pure: meshes are looked up through a function.
 */
import { createHash } from 'node:crypto';
import type { MeshData } from '../geometry/kernel.js';
import type { PartCache } from '../generate/index.js';
import { findMaterial } from '../materials.js';
import { estimatePrint, type LayerTimes, type PrintEstimate, type PrintSettings } from './estimate.js';
import { partPrint } from './part-print.js';
import type { Plan } from './quantities.js';

/** Filament is sold in 1 kg spools (BRIEF §5). */
export const SPOOL_GRAMS = 1000;
/** Parts whose colour does not matter: printed from what is left on the other spools first. */
export const ANY_COLOR = 'any';

export interface BomRow {
  part: string;
  /** Faction id, or "shared" for the table's parts. */
  faction: string;
  /** The generated file it prints, relative to the output folder (`corsairs/hull.stl`). */
  file: string;
  quantity: number;
  color: string;
  material: string;
  gramsEach: number;
  gramsTotal: number;
  minutesEach: number;
  minutesTotal: number;
  /** One copy's layers, for timing a plate of several (estimate.ts plateMinutes); absent: time it by minutesEach. */
  layerTimes?: LayerTimes;
  rule: string;
  /** The settings it is printed, weighed and timed with: the table's, with its own from src/bom/part-print.ts. */
  print: PrintSettings;
  /** The ids of the settings table's rules that apply to it. */
  printRules: string[];
}

export interface ColorTotal {
  color: string;
  material: string;
  grams: number;
  minutes: number;
  /** Spools of this colour; for "any", only what the leftovers of the same material cannot cover. */
  spools: number;
}

export interface Bom {
  players: number;
  mode: Plan['mode'];
  settings: PrintSettings;
  rows: BomRow[];
  totals: {
    grams: number;
    minutes: number;
    spools: number;
    /** Filament used × price per kg; null without a price. */
    cost: number | null;
    /** Spools to buy × price per kg; null without a price. */
    spoolsCost: number | null;
    pricePerKg: number | null;
    byColor: ColorTotal[];
    byMaterial: { material: string; grams: number; minutes: number; spools: number }[];
  };
  notPrinted: Plan['notPrinted'];
  decisions: string[];
  warnings: string[];
  sets: Plan['sets'];
  /** The game pack's name (`--game`); absent for Cannons & Coastlines. */
  game?: string;
}

/** What a bill or a print plan is for: `Rigadoon, 2 players`, or `4 players, default mode`. */
export const tableTitle = (bom: Pick<Bom, 'players' | 'mode' | 'game'>): string =>
  bom.game ? `${bom.game}, ${bom.players} players` : `${bom.players} players, ${bom.mode} mode`;

export interface BomRequest {
  plan: Plan;
  print: PrintSettings;
  /** The mesh of a generated file, by its path (`shared/mast.stl`). */
  mesh: (path: string) => MeshData;
  /** Whether a generated file prints with a brim (its manifest entry's `brim`); default: none does. */
  brim?: (path: string) => boolean;
  pricePerKg: number | null;
  /** Estimates already made (a cache's), by `estimateJobs`' keys; the rest are made from the meshes. */
  estimates?: ReadonlyMap<string, PrintEstimate>;
}

/** One estimate the bill of materials needs: a file at a print setting in a material's density. */
export interface EstimateJob {
  key: string;
  path: string;
  settings: PrintSettings;
  densityGPerCm3: number;
}

/** Default for BomRequest.brim: no file prints with a brim. */
const NO_BRIM = (): boolean => false;

/**
 * A plan line's estimate: the file, its print settings (the table's, with the part's own from the settings
 * table, src/bom/part-print.ts) and material, and the key the estimate goes by.
 */
function lineEstimate(
  line: Plan['lines'][number],
  print: PrintSettings,
  brim: (path: string) => boolean,
): EstimateJob & { materialId: string; rules: string[] } {
  const material = findMaterial(line.material);
  if (!material) throw new Error(`unknown material "${line.material}" in the plan`);
  const { settings, rules } = partPrint(print, { part: line.part, material: material.id, brim: brim(line.path) });
  return {
    key: `${line.path}\0${material.id}\0${JSON.stringify(settings)}`,
    path: line.path,
    settings,
    densityGPerCm3: material.densityGPerCm3.value,
    materialId: material.id,
    rules: rules.map((r) => r.id),
  };
}

/** The estimates a plan needs, one per distinct file, material and print setting, each with its key. */
export function estimateJobs(
  plan: Plan,
  print: PrintSettings,
  brim: (path: string) => boolean = NO_BRIM,
): EstimateJob[] {
  const jobs = new Map<string, EstimateJob>();
  for (const line of plan.lines) {
    const { key, path, settings, densityGPerCm3 } = lineEstimate(line, print, brim);
    if (!jobs.has(key)) jobs.set(key, { key, path, settings, densityGPerCm3 });
  }
  return [...jobs.values()];
}

/**
 * Every estimate the plan needs, taken from the part cache where it holds one and made and stored where it
 * does not: keyed by the code version, the file's sha256 and the estimate's own key, so a changed part,
 * setting or estimator is estimated afresh. Pass the result to buildBom as `estimates`.
 */
export async function cachedEstimates(
  plan: Plan,
  print: PrintSettings,
  sha256Of: (path: string) => string,
  mesh: (path: string) => MeshData,
  cache: PartCache,
  brim: (path: string) => boolean = NO_BRIM,
): Promise<Map<string, PrintEstimate>> {
  const out = new Map<string, PrintEstimate>();
  const missing: { job: EstimateJob; key: string; mesh: MeshData }[] = [];
  for (const job of estimateJobs(plan, print, brim)) {
    const key = createHash('sha256')
      .update(`${cache.codeVersion}\0${sha256Of(job.path)}\0${job.key}\0${job.densityGPerCm3}`)
      .digest('hex');
    const kept = await cache.getBytes(key, ESTIMATE_KIND);
    if (kept) out.set(job.key, JSON.parse(new TextDecoder().decode(kept)) as PrintEstimate);
    else missing.push({ job, key, mesh: mesh(job.path) });
  }
  // The smallest meshes first: a cold run's estimate code is optimised on them, not while it runs through
  // a hull unoptimised (about a third less CPU for a table's estimates). Each estimate is the same either way.
  missing.sort((a, b) => a.mesh.triangles.length - b.mesh.triangles.length);
  // Each estimate is kept as it is made, its write (two synced files) overlapping the estimates still to
  // make: awaited one by one, a table's 26 writes held a cold print 0.2–0.7 s while the disk was busy.
  const stores: Promise<void>[] = [];
  for (const { job, key, mesh: m } of missing) {
    const est = estimatePrint(m, job.settings, job.densityGPerCm3);
    stores.push(cache.putBytes(key, ESTIMATE_KIND, new TextEncoder().encode(JSON.stringify(est))));
    out.set(job.key, est);
  }
  await Promise.all(stores);
  return out;
}

const ESTIMATE_KIND = 'print-estimate';

/**
 * Spools to buy for each colour-material group, in the order given: each named colour of each material
 * needs whole spools of its own, less those `owned` (by `spoolKey`, full spools); the "any" parts of a
 * material use up what those spools leave over (spools owned in a colour the groups do not use count
 * whole), and only the rest needs spools of its own.
 */
export function countSpools(
  groups: readonly { color: string; material: string; grams: number }[],
  owned: ReadonlyMap<string, number> = new Map(),
): number[] {
  const whole = (grams: number): number => Math.max(0, Math.ceil(grams / SPOOL_GRAMS - 1e-9));
  const leftover = new Map<string, number>();
  const addLeft = (material: string, grams: number): void =>
    void leftover.set(material, (leftover.get(material) ?? 0) + grams);
  for (const [key, n] of owned) {
    const [color, material] = key.split('\0') as [string, string];
    if (!groups.some((g) => g.color === color && g.material === material)) addLeft(material, n * SPOOL_GRAMS);
  }
  const bought = groups.map((g) => {
    if (g.color === ANY_COLOR) return 0;
    const have = owned.get(spoolKey(g.color, g.material)) ?? 0;
    const buy = whole(g.grams - have * SPOOL_GRAMS);
    addLeft(g.material, (have + buy) * SPOOL_GRAMS - g.grams);
    return buy;
  });
  return groups.map((g, i) => (g.color === ANY_COLOR ? whole(g.grams - (leftover.get(g.material) ?? 0)) : bought[i]!));
}

/** The key of a spool: its colour and material. */
export const spoolKey = (color: string, material: string): string => `${color}\0${material}`;

/** Builds the bill of materials; one estimate per distinct file, material and print setting. */
export function buildBom(req: BomRequest): Bom {
  const { plan, print } = req;
  const estimates = new Map(req.estimates);
  const rows: BomRow[] = plan.lines.map((line) => {
    const job = lineEstimate(line, print, req.brim ?? NO_BRIM);
    let est = estimates.get(job.key);
    if (!est) estimates.set(job.key, (est = estimatePrint(req.mesh(job.path), job.settings, job.densityGPerCm3)));
    return {
      part: line.part,
      faction: line.faction ?? 'shared',
      file: line.path,
      quantity: line.quantity,
      color: line.color,
      material: job.materialId,
      gramsEach: est.grams,
      gramsTotal: est.grams * line.quantity,
      minutesEach: est.minutes,
      minutesTotal: est.minutes * line.quantity,
      layerTimes: est.layerTimes,
      rule: line.rule,
      print: job.settings,
      printRules: job.rules,
    };
  });

  const groups = new Map<string, ColorTotal>();
  for (const r of rows) {
    const key = `${r.color}\0${r.material}`;
    const g = groups.get(key) ?? { color: r.color, material: r.material, grams: 0, minutes: 0, spools: 0 };
    g.grams += r.gramsTotal;
    g.minutes += r.minutesTotal;
    groups.set(key, g);
  }
  const byColor = [...groups.values()].sort((a, b) => b.grams - a.grams);
  countSpools(byColor).forEach((n, i) => (byColor[i]!.spools = n));
  const byMaterial = new Map<string, { material: string; grams: number; minutes: number; spools: number }>();
  for (const g of byColor) {
    const m = byMaterial.get(g.material) ?? { material: g.material, grams: 0, minutes: 0, spools: 0 };
    m.grams += g.grams;
    m.minutes += g.minutes;
    m.spools += g.spools;
    byMaterial.set(g.material, m);
  }
  const grams = rows.reduce((s, r) => s + r.gramsTotal, 0);
  const totalSpools = byColor.reduce((s, g) => s + g.spools, 0);
  const price = req.pricePerKg;
  return {
    players: plan.players,
    mode: plan.mode,
    settings: print,
    rows,
    totals: {
      grams,
      minutes: rows.reduce((s, r) => s + r.minutesTotal, 0),
      spools: totalSpools,
      cost: price === null ? null : (grams / 1000) * price,
      spoolsCost: price === null ? null : totalSpools * (SPOOL_GRAMS / 1000) * price,
      pricePerKg: price,
      byColor,
      byMaterial: [...byMaterial.values()],
    },
    notPrinted: plan.notPrinted,
    decisions: plan.decisions,
    warnings: plan.warnings,
    sets: plan.sets,
    ...(plan.game ? { game: plan.game } : {}),
  };
}
