/**
 * The bill of materials: the plan's lines with grams and minutes from each part's mesh, totals by colour
 * and material, spools and cost. Pure: meshes are looked up through a function.
 */
import type { MeshData } from '../geometry/kernel.js';
import { findMaterial } from '../materials.js';
import { estimatePrint, type PrintEstimate, type PrintSettings } from './estimate.js';
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
  rule: string;
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
}

export interface BomRequest {
  plan: Plan;
  print: PrintSettings;
  /** The mesh of a generated file, by its path (`shared/mast.stl`). */
  mesh: (path: string) => MeshData;
  pricePerKg: number | null;
}

/**
 * Spools for each colour-material group, in the order given: each named colour of each material needs
 * whole spools of its own; the "any" parts of a material use up what those spools leave over, and only
 * the rest needs spools of its own.
 */
export function countSpools(groups: readonly { color: string; material: string; grams: number }[]): number[] {
  const whole = (grams: number): number => Math.max(0, Math.ceil(grams / SPOOL_GRAMS - 1e-9));
  const leftover = new Map<string, number>();
  for (const g of groups) {
    if (g.color !== ANY_COLOR) leftover.set(g.material, (leftover.get(g.material) ?? 0) + whole(g.grams) * SPOOL_GRAMS - g.grams);
  }
  return groups.map((g) => whole(g.color === ANY_COLOR ? g.grams - (leftover.get(g.material) ?? 0) : g.grams));
}

/** Builds the bill of materials; one estimate per distinct file, material and print setting. */
export function buildBom(req: BomRequest): Bom {
  const { plan, print } = req;
  const cache = new Map<string, PrintEstimate>();
  const rows: BomRow[] = plan.lines.map((line) => {
    const material = findMaterial(line.material);
    if (!material) throw new Error(`unknown material "${line.material}" in the plan`);
    const settings = { ...print, ...line.print };
    const key = `${line.path}\0${material.id}\0${JSON.stringify(settings)}`;
    let est = cache.get(key);
    if (!est) cache.set(key, (est = estimatePrint(req.mesh(line.path), settings, material.densityGPerCm3.value)));
    return {
      part: line.part,
      faction: line.faction ?? 'shared',
      file: line.path,
      quantity: line.quantity,
      color: line.color,
      material: material.id,
      gramsEach: est.grams,
      gramsTotal: est.grams * line.quantity,
      minutesEach: est.minutes,
      minutesTotal: est.minutes * line.quantity,
      rule: line.rule,
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
  };
}
