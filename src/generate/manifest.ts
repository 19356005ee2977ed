/**
 * The output folder's manifest.json: every file shipwright wrote there, which run owns it, and what it is.
 * Part files carry their faction, quantity per set, colour, material, volume, bounding box, triangle count,
 * sha256 and feature manifest; other files (plates, plan, previews, cards) their sha256. One folder holds
 * several builds (Cannons & Coastlines, game packs in their sub-folders), each with the settings its files
 * were made with. No timestamps: same input, same bytes.
 */
import { createHash } from 'node:crypto';
import type { Faction } from '../faction/types.js';
import type { Feature } from '../geometry/part.js';
import type { Problem } from '../errors.js';
import type { PrinterProfile } from '../standard.js';
import type { BuildSettings, GeneratedFile, LazyBytes } from './types.js';
import { tunedCannon } from './catalog.js';
import { packageVersion } from '../files/read.js';

export const MANIFEST_FILE = 'manifest.json';

/** The manifest's generator field: this package and its version (how a folder is recognised as ours). */
export const GENERATOR = `shipwright ${packageVersion()}`;
export const MANIFEST_VERSION = 2;
/** The build id of the game this tool is named for; packs use their own ids. */
export const HOME_GAME = 'cannons-and-coastlines';

export interface ManifestEntry {
  /** Relative to the manifest's folder. */
  path: string;
  /** The run's part of the folder that wrote it (see `owners`). */
  owner: string;
  /** The build it belongs to: HOME_GAME or a pack's id. */
  game: string;
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
  /** How many the table of its build's `table` prints (`shipwright print`, the same count as `bom`); null without a table. */
  tableQuantity: number | null;
}

/** A file that is not a part: a plate, the print plan, a preview, the cards. */
export interface OtherFileEntry {
  path: string;
  owner: string;
  game: string;
  sha256: string;
  /** The digest of its build's generator and settings when it was written: another digest now means it is out of date. */
  madeWith: string;
}

export interface ManifestSettings {
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
}

/** One game's files in the folder and the settings they were built with. */
export interface BuildRecord {
  game: string;
  /** Its sub-folder ('' for the manifest's own folder). */
  folder: string;
  generator: string;
  settings: ManifestSettings;
  /** The factions built and the file each was read from, so a run with other settings can build them again. */
  factions: { id: string; source: string }[];
  /** The table `shipwright print` planned for (each entry's `tableQuantity`), or null. */
  table: { players: number; mode: string } | null;
}

export interface Manifest {
  manifestVersion: number;
  generator: string;
  builds: BuildRecord[];
  files: ManifestEntry[];
  otherFiles: OtherFileEntry[];
}

/** A build's id: its game and, when not the folder itself, its sub-folder (`rigadoon@rigadoon`). */
export const buildId = (game: string, folder: string): string => `${game}@${folder === '' ? '.' : folder}`;

/**
 * Owners: `<build>:<kind>`. Each run replaces the files of the owners it names and keeps every other
 * owner's: a faction's parts, the shared parts, a pack's pieces, the previews, the print job, the cards.
 */
export const owner = {
  faction: (build: string, id: string): string => `${build}:faction:${id}`,
  shared: (build: string): string => `${build}:shared`,
  pieces: (build: string): string => `${build}:pieces`,
  previews: (build: string): string => `${build}:previews`,
  print: (build: string): string => `${build}:print`,
  cards: (build: string): string => `${build}:cards`,
};
/** Whether an owner belongs to a build. */
export const ownedBy = (ownerId: string, build: string): boolean => ownerId.startsWith(`${build}:`);

/** Every file a manifest lists, with its owner and sha256 (empty when an older manifest did not record it). */
export const listedFiles = (m: Manifest | null): { path: string; owner: string; sha256: string }[] =>
  m ? [...m.files, ...m.otherFiles] : [];

const r3 = (x: number): number => Math.round(x * 1000) / 1000 + 0;
export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export function manifestEntry(f: GeneratedFile<LazyBytes>, ownerId: string, game: string): ManifestEntry {
  return {
    path: f.path,
    owner: ownerId,
    game,
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
    boundingBoxMm: {
      min: [...f.bounds.min],
      max: [...f.bounds.max],
      size: f.bounds.max.map((v, i) => r3(v - f.bounds.min[i]!)),
    },
    triangles: f.triangles,
    sha256: f.sha256,
    features: f.features,
    tableQuantity: null,
  };
}

/** The settings as the manifest states them. */
export function manifestSettings(settings: BuildSettings): ManifestSettings {
  return {
    clearanceMm: settings.clearanceMm,
    printer: settings.printer.id,
    cannonMaterial: settings.cannonMaterialId,
    cannonRangeM: settings.cannonRangeM,
    cannonDesign: settings.cannonDesign,
    cannon: tunedCannon(settings),
    terrainSeed: settings.terrainSeed,
    band: settings.band,
    wheelRollFactor: settings.wheelRollFactor,
  };
}

/** A short digest of what a build's files depend on besides their inputs: the generator and the settings. */
export const buildDigest = (generator: string, settings: ManifestSettings): string =>
  sha256Of(new TextEncoder().encode(JSON.stringify([generator, settings]))).slice(0, 16);

/** What differs between two builds' generator and settings: `clearanceMm 0.3 → 0.2`, `cannon`. */
export function settingsDiff(
  before: Pick<BuildRecord, 'generator' | 'settings'>,
  after: Pick<BuildRecord, 'generator' | 'settings'>,
): string[] {
  const show = (v: unknown): string => (typeof v === 'object' && v !== null ? '' : ` ${String(v)}`);
  const diff: string[] = [];
  if (before.generator !== after.generator) diff.push(`generator ${before.generator} → ${after.generator}`);
  for (const k of Object.keys(after.settings) as (keyof ManifestSettings)[]) {
    const [a, b] = [before.settings?.[k], after.settings[k]];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const scalar = show(a) !== '' && show(b) !== '';
    diff.push(scalar ? `${k}${show(a)} →${show(b)}` : k);
  }
  return diff;
}

/** What one run writes into the folder, for `composeManifest`. */
export interface ManifestRun {
  /** HOME_GAME or a pack's id, and the sub-folder its files go in ('' the folder itself). */
  game: string;
  folder: string;
  generator: string;
  settings: BuildSettings;
  /** The part files, their paths relative to the manifest's folder, each with its owner. */
  parts: readonly { file: GeneratedFile<LazyBytes>; owner: string }[];
  /** The other files, relative to the manifest's folder. */
  others: readonly { path: string; bytes: Uint8Array; owner: string }[];
  /** The owners whose earlier files this run replaces: their files it does not write again are removed. */
  replaces: (ownerId: string) => boolean;
  /** The factions built, with the file each was read from. */
  factions: readonly { id: string; source: string }[];
  /** The table planned for and how many copies of each file (by path) it prints; undefined keeps the folder's. */
  table?: { players: number; mode: string; counts: ReadonlyMap<string, number> };
  /** A run that builds no parts (cards): the build's record and parts stay as they are, whatever its settings. */
  keepsBuild?: boolean;
}

/**
 * The manifest after `run`, from the folder's `previous` one, and notes for the user. Files of owners the
 * run does not replace are kept, except those of the run's own game built with other settings (a folder's
 * build states one set of settings: the caller builds them again, see `keptWithOtherSettings`; any still
 * left are dropped, and the notes say so). Kept other files of the run's game made with other settings are
 * listed as out of date in the notes.
 */
export function composeManifest(previous: Manifest | null, run: ManifestRun): { manifest: Manifest; notes: string[] } {
  const settings = manifestSettings(run.settings);
  const digest = buildDigest(run.generator, settings);
  const id = buildId(run.game, run.folder);
  const mine = (e: { owner: string }): boolean => ownedBy(e.owner, id);
  const before = previous?.builds.find((b) => b.game === run.game && b.folder === run.folder) ?? null;
  const current = before && buildDigest(before.generator, before.settings);
  const same = run.keepsBuild === true || current === digest;
  const notes: string[] = [];
  const written = new Set([...run.parts.map((p) => p.file.path), ...run.others.map((o) => o.path)]);
  const keep = (e: { path: string; owner: string }): boolean => !run.replaces(e.owner) && !written.has(e.path);
  const keptParts = (previous?.files ?? []).filter(keep);
  const stale = keptParts.filter((e) => mine(e) && !same);
  if (stale.length > 0) {
    const what = [...new Set(stale.map((e) => e.faction ?? 'shared'))].join(', ');
    notes.push(
      `removed ${stale.length} files (${what}) built with other settings (${before ? settingsDiff(before, { generator: run.generator, settings }).join('; ') : 'unknown'}): generate them again with these settings`,
    );
  }
  const table = run.table ?? null;
  const keepTable = run.table === undefined && same ? (before?.table ?? null) : null;
  const oldQuantity = new Map((previous?.files ?? []).map((e) => [e.path, e.tableQuantity]));
  const quantity = (e: ManifestEntry): number | null => {
    if (!mine(e)) return e.tableQuantity;
    if (table) return table.counts.get(e.path) ?? 0;
    return keepTable ? (oldQuantity.get(e.path) ?? 0) : null;
  };
  const files = [
    ...keptParts.filter((e) => !stale.includes(e)),
    ...run.parts.map((p) => manifestEntry(p.file, p.owner, run.game)),
  ].map((e) => ({ ...e, tableQuantity: quantity(e) }));
  const keptOthers = (previous?.otherFiles ?? []).filter(keep);
  const outdated = keptOthers
    .filter((o) => mine(o) && o.madeWith !== (run.keepsBuild ? (current ?? digest) : digest))
    .map((o) => o.path);
  if (outdated.length > 0)
    notes.push(
      `kept ${outdated.length} files made with other settings or parts (${outdated.slice(0, 3).join(', ')}${outdated.length > 3 ? ', …' : ''}): run the command that made them again to bring them up to date`,
    );
  const otherFiles = [
    ...keptOthers,
    ...run.others.map((o) => ({
      path: o.path,
      owner: o.owner,
      game: run.game,
      sha256: sha256Of(o.bytes),
      madeWith: digest,
    })),
  ];
  const keptFactions = same
    ? (before?.factions ?? []).filter(
        (f) => files.some((e) => mine(e) && e.faction === f.id) && !run.factions.some((g) => g.id === f.id),
      )
    : [];
  const build: BuildRecord | null = run.keepsBuild
    ? before
    : {
        game: run.game,
        folder: run.folder,
        generator: run.generator,
        settings,
        factions: [...keptFactions, ...run.factions].sort((a, b) => compare(a.id, b.id)),
        table: table ? { players: table.players, mode: table.mode } : keepTable,
      };
  return {
    manifest: {
      manifestVersion: MANIFEST_VERSION,
      generator: run.generator,
      builds: [
        ...(previous?.builds ?? []).filter((b) => buildId(b.game, b.folder) !== id),
        ...(build ? [build] : []),
      ].sort((a, b) => compare(buildId(a.game, a.folder), buildId(b.game, b.folder))),
      files: files.sort((a, b) => compare(a.path, b.path)),
      otherFiles: otherFiles.sort((a, b) => compare(a.path, b.path)),
    },
    notes,
  };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The factions of `game` the folder holds that a run building `building` with `settings` would leave with
 * other settings: the caller builds them again (from their recorded source) so the folder stays one build.
 */
export function keptWithOtherSettings(
  previous: Manifest | null,
  game: string,
  folder: string,
  generator: string,
  settings: BuildSettings,
  building: ReadonlySet<string>,
): { id: string; source: string }[] {
  const before = previous?.builds.find((b) => b.game === game && b.folder === folder);
  if (!before || buildDigest(before.generator, before.settings) === buildDigest(generator, manifestSettings(settings)))
    return [];
  return before.factions.filter((f) => !building.has(f.id));
}

/**
 * A manifest as version 1 wrote it (one build, other files as bare paths), read as version 2: every file
 * it lists is ours, owned by the run that writes that kind of file, with no sha256 to check.
 */
export function upgradeManifest(
  m: Manifest & { settings?: ManifestSettings; table?: BuildRecord['table']; game?: string; otherFiles: unknown[] },
): Manifest {
  if (m.manifestVersion >= MANIFEST_VERSION) return m;
  const game = m.game ?? HOME_GAME;
  const id = buildId(game, '');
  const ownerOf = (path: string): string =>
    path.startsWith('plates/') || path === 'print-plan.md'
      ? owner.print(id)
      : path.startsWith('previews/')
        ? owner.previews(id)
        : owner.cards(id);
  return {
    manifestVersion: MANIFEST_VERSION,
    generator: m.generator,
    builds: m.settings
      ? [{ game, folder: '', generator: m.generator, settings: m.settings, factions: [], table: m.table ?? null }]
      : [],
    files: m.files.map((e) => ({
      ...e,
      game,
      owner: game === HOME_GAME ? (e.faction ? owner.faction(id, e.faction) : owner.shared(id)) : owner.pieces(id),
    })),
    otherFiles: (m.otherFiles as string[]).map((path) => ({
      path,
      owner: ownerOf(path),
      game,
      sha256: '',
      madeWith: '',
    })),
  };
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
export function bedProblems(
  files: readonly GeneratedFile<LazyBytes>[],
  printer: PrinterProfile,
  factions: readonly Faction[],
): Problem[] {
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
