/**
 * out/manifest.json: every file with its faction, part, quantity per faction set, colour, material,
 * volume, bounding box, triangle count, sha256 and feature manifest. No timestamps: same input, same bytes.
 */
import type { Faction } from '../faction/types.js';
import type { Feature } from '../geometry/part.js';
import { InputError, type Problem } from '../errors.js';
import type { PrinterProfile } from '../standard.js';
import type { BuildSettings, GeneratedFile } from './types.js';
import { tunedCannon } from './catalog.js';
import { packageVersion } from '../io/read.js';

export const MANIFEST_FILE = 'manifest.json';

/** The manifest's generator field: this package and its version (how a folder is recognised as ours). */
export const GENERATOR = `shipwright ${packageVersion()}`;
export const MANIFEST_VERSION = 1;

export interface ManifestEntry {
  path: string;
  faction: string | null;
  part: string;
  quantityPerSet: Record<string, number>;
  quantityRule: string;
  optional: boolean;
  /** Print with a brim (PRINTABILITY.brimWidthMm wide), and why; print/first-layer checks the part with it. */
  brim: boolean;
  brimReason: string | null;
  color: string;
  material: string;
  volumeMm3: number;
  surfaceAreaMm2: number;
  boundingBoxMm: { min: number[]; max: number[]; size: number[] };
  triangles: number;
  sha256: string;
  features: Feature[];
  /** How many the table of `Manifest.table` prints (`shipwright print`, the same count as `bom`); null without a table. */
  tableQuantity: number | null;
}

export interface Manifest {
  manifestVersion: number;
  generator: string;
  settings: {
    clearanceMm: number;
    printer: string;
    cannonMaterial: string;
    cannonRangeM: number;
    /** The design flags and calibration factor the cannon was tuned with (empty: the solver's defaults). */
    cannonDesign: BuildSettings['cannonDesign'];
    /** The tuned cannon's builder options (arm, catch, bore, ball) in mm and degrees. */
    cannon: ReturnType<typeof tunedCannon>;
    terrainSeed: number;
    /** The band the wheels are sized for, and their measured roll factor (1 uncorrected). */
    band: BuildSettings['band'];
    wheelRollFactor: number;
  };
  files: ManifestEntry[];
  /** Other files the run wrote into the folder (print plates and the print plan), relative paths. */
  otherFiles: string[];
  /** The table `shipwright print` planned for (each entry's `tableQuantity`), or null (`generate`). */
  table: { players: number; mode: string } | null;
  /** The game pack the files are for (`generate --game`); absent for Cannons & Coastlines, the default. */
  game?: string;
}

/** What a run adds to its manifest besides the parts: files kept from earlier runs, other files, the table. */
export interface ManifestExtras {
  kept?: readonly ManifestEntry[];
  otherFiles?: readonly string[];
  /** The table planned for, and how many copies of each file (by path) it prints. */
  table?: { players: number; mode: string; counts: ReadonlyMap<string, number> };
  /** The game pack's id, when not Cannons & Coastlines. */
  game?: string;
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000 + 0;

export function manifestEntry(f: GeneratedFile): ManifestEntry {
  return {
    path: f.path,
    faction: f.faction,
    part: f.part,
    quantityPerSet: f.quantity.perSet,
    quantityRule: f.quantity.rule,
    optional: f.quantity.optional,
    brim: f.brim.brim,
    brimReason: f.brim.reason,
    color: f.color,
    material: f.material,
    volumeMm3: f.volumeMm3,
    surfaceAreaMm2: f.surfaceAreaMm2,
    boundingBoxMm: { min: [...f.bounds.min], max: [...f.bounds.max], size: f.bounds.max.map((v, i) => r3(v - f.bounds.min[i]!)) },
    triangles: f.triangles,
    sha256: f.sha256,
    features: f.features,
    tableQuantity: null,
  };
}

/**
 * The manifest for this run's files plus `kept` entries of earlier runs (other factions' files left in
 * place by a `--faction` run), sorted by path.
 */
export function buildManifest(files: readonly GeneratedFile[], settings: BuildSettings, generator: string, extras: ManifestExtras = {}): Manifest {
  const { kept = [], otherFiles = [], table } = extras;
  const paths = new Set(files.map((f) => f.path));
  const entries = [...kept.filter((e) => !paths.has(e.path)), ...files.map(manifestEntry)].map((e) => ({ ...e, tableQuantity: table ? (table.counts.get(e.path) ?? 0) : null }));
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    manifestVersion: MANIFEST_VERSION,
    generator,
    settings: {
      clearanceMm: settings.clearanceMm,
      printer: settings.printer.id,
      cannonMaterial: settings.cannonMaterialId,
      cannonRangeM: settings.cannonRangeM,
      cannonDesign: settings.cannonDesign,
      cannon: tunedCannon(settings),
      terrainSeed: settings.terrainSeed,
      band: settings.band,
      wheelRollFactor: settings.wheelRollFactor,
    },
    files: entries,
    otherFiles: [...otherFiles].sort(),
    table: table ? { players: table.players, mode: table.mode } : null,
    ...(extras.game ? { game: extras.game } : {}),
  };
}

/** What differs between two manifests' generator and settings: `clearanceMm 0.3 → 0.2`, `cannon`. */
export function settingsDiff(before: Manifest, after: Manifest): string[] {
  const show = (v: unknown): string => (typeof v === 'object' && v !== null ? '' : ` ${String(v)}`);
  const diff: string[] = [];
  if (before.generator !== after.generator) diff.push(`generator ${before.generator} → ${after.generator}`);
  const keys = Object.keys(after.settings) as (keyof Manifest['settings'])[];
  for (const k of keys) {
    const [a, b] = [before.settings?.[k], after.settings[k]];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const scalar = show(a) !== '' && show(b) !== '';
    diff.push(scalar ? `${k}${show(a)} →${show(b)}` : k);
  }
  return diff;
}

/**
 * The manifest of a run that built `built` factions into a folder whose previous manifest is `previous`:
 * the other factions' entries are kept (their files stay in place). A folder states one set of settings,
 * so keeping files built with other settings (or by another version) is refused with InputError
 * naming `outShown` and the settings that differ. `extras`: the run's other files and its table.
 */
export function composeManifest(
  files: readonly GeneratedFile[],
  settings: BuildSettings,
  generator: string,
  built: ReadonlySet<string>,
  previous: Manifest | null,
  outShown: string,
  extras: Omit<ManifestExtras, 'kept'> = {},
): Manifest {
  const kept = (previous?.files ?? []).filter((e) => e.faction !== null && !built.has(e.faction));
  const next = buildManifest(files, settings, generator, { ...extras, kept });
  const diff = previous && kept.length > 0 ? settingsDiff(previous, next) : [];
  if (diff.length > 0) {
    const others = [...new Set(kept.map((e) => e.faction))].join(', ');
    throw InputError.single(
      outShown,
      '',
      `holds ${others} built with other settings (${diff.join('; ')}); a folder's manifest states one set of settings: build those factions again with these settings too (generate without --faction), or choose another --out`,
    );
  }
  return next;
}

/** Serializes with a trailing newline; key order is fixed by construction. */
export function serializeManifest(m: Manifest): string {
  return `${JSON.stringify(m, null, 2)}\n`;
}

/** Whether a part of this size fits the printer, turned 90° on the bed if that helps. */
export function fitsBed(size: readonly number[], printer: PrinterProfile): boolean {
  const [x, y, z] = size as [number, number, number];
  const flat = (x <= printer.bedXMm && y <= printer.bedYMm) || (y <= printer.bedXMm && x <= printer.bedYMm);
  return flat && z <= printer.maxZMm;
}

/** A problem for every file that does not fit the printer; faction parts point at their hull's size. */
export function bedProblems(files: readonly GeneratedFile[], printer: PrinterProfile, factions: readonly Faction[]): Problem[] {
  const problems: Problem[] = [];
  for (const f of files) {
    const size = f.bounds.max.map((v, i) => v - f.bounds.min[i]!);
    if (fitsBed(size, printer)) continue;
    const faction = factions.find((x) => x.id === f.faction);
    const dims = size.map((v) => v.toFixed(1)).join(' × ');
    problems.push({
      source: faction?.sourceFile ?? `part ${f.part}`,
      place: faction ? 'model.hull' : '',
      message: `${f.path} is ${dims} mm but the ${printer.name} prints at most ${printer.bedXMm} × ${printer.bedYMm} × ${printer.maxZMm} mm: choose a larger --printer or make the part smaller`,
    });
  }
  return problems;
}
