/**
 * `generateParts`: factions + settings → every print file in memory, with its manifest facts.
 * Unchanged parts come from a content-hash cache (the key covers the builder's options and the code
 * that builds them), the rest are spread over worker threads. Disk access is injected (`PartCache`).
 */
import { createHash } from 'node:crypto';
import { remembered } from '../faction/loader.js';
import type { Faction } from '../faction/types.js';
import { DEFAULT_TUNE } from '../physics/solver.js';
import { DEFAULT_BAND, DEFAULT_CLEARANCE_MM, DEFAULT_PRINTER_ID, PRINTERS } from '../standard.js';
import { CATALOG, cannonRequest, quantityFor, rememberTunedCannon, tunedCannon, type CatalogEntry } from './catalog.js';
import { InfeasibleError, InputError, type Problem } from '../errors.js';
import { buildAll, defaultJobs, withPool, type Pool } from './pool.js';
import type { Brim, BuildSettings, GeneratedFile, Job, LazyBytes, MeshFacts, Quantity } from './types.js';

export type { BuildSettings, GeneratedFile, Job, LazyBytes, MeshFacts, Quantity } from './types.js';

/** Where built meshes are kept between runs; `src/io/cache.ts` implements it on disk. */
export interface PartCache {
  /** The entry stored under `key` for `part`, or null (missing, or not what it claims to be). */
  get(key: string, part: string): Promise<{ facts: MeshFacts; bytes: Uint8Array } | null>;
  /**
   * What the entry's mesh measures, from its metadata alone (its mesh is neither read nor hashed), or null.
   * The key covers every input of the build, so the facts stored under it are the mesh's whatever its bytes.
   */
  facts(key: string, part: string): Promise<MeshFacts | null>;
  put(key: string, part: string, facts: MeshFacts, bytes: Uint8Array): Promise<void>;
  /** Other bytes derived from parts (a plate's thumbnail, `kind` "plate-thumbnail"), checked alike, or null. */
  getBytes(key: string, kind: string): Promise<Uint8Array | null>;
  putBytes(key: string, kind: string, bytes: Uint8Array): Promise<void>;
  /** Changes whenever the code that builds parts changes. */
  codeVersion: string;
}

export interface GenerateRequest {
  factions: readonly Faction[];
  /**
   * Every faction the shared parts serve (the factions folder, though `factions` builds only some): a
   * shared part's quantityPerSet lists each of them and each faction built, so a run of one faction states
   * the same counts as a run of all. Default: `factions`.
   */
  setFactions?: readonly Faction[];
  /**
   * Each faction's hull made in another tool (`model.externalHull`), its STL's bytes by faction id: that
   * faction's hull file is these bytes, measured (`externalHullFile`). Without them such a faction prints
   * no hull file (generate leaves the user's hull where it is).
   */
  externalHulls?: ReadonlyMap<string, Uint8Array>;
  settings: BuildSettings;
  /** Worker threads. Default: the machine's cores. */
  jobs?: number;
  /** The threads to build on (the command's, which it uses again after). Default: `jobs` threads of this request's own. */
  pool?: Pool;
  cache?: PartCache | null;
  /** Only these catalogue parts (e.g. `['hull']`). Default: every part. */
  parts?: readonly string[];
  /** Called as each file is ready (from cache or built). */
  onProgress?: (done: number, total: number, file: GeneratedFile<LazyBytes>) => void;
}

/** Shipped defaults: 0.20 mm clearance, the generic 220 mm printer, a PLA cannon tuned for 24 in (DEFAULT_TUNE). */
export function defaultSettings(): BuildSettings {
  return {
    clearanceMm: DEFAULT_CLEARANCE_MM,
    printer: PRINTERS.find((p) => p.id === DEFAULT_PRINTER_ID)!,
    cannonMaterialId: DEFAULT_TUNE.materialId,
    cannonRangeM: DEFAULT_TUNE.rangeM,
    cannonDesign: {},
    terrainSeed: 1,
    band: DEFAULT_BAND,
    wheelRollFactor: 1,
  };
}

/**
 * The settings' tuned cannon (`tunedCannon`) from the cache when a run before solved the same request with
 * the same code, else solved here and kept there: the solve is ~20 ms of a warm run. A request that cannot be
 * solved is left to the caller's own call, which throws its InfeasibleError.
 */
export async function recallTunedCannon(settings: BuildSettings, cache: PartCache): Promise<void> {
  try {
    const options = await remembered(cache, 'tuned-cannon', [canonicalJson(cannonRequest(settings))], async () =>
      tunedCannon(settings),
    );
    rememberTunedCannon(settings, options);
  } catch (e) {
    if (!(e instanceof InfeasibleError)) throw e;
  }
}

interface PlannedJob {
  job: Job;
  entry: CatalogEntry;
  faction: Faction | null;
}

/**
 * Every file to make (only the catalogue's `parts` when given), faction parts first (they are the slowest,
 * so they start first), then shared ones.
 */
export function planJobs(
  factions: readonly Faction[],
  settings: BuildSettings,
  parts?: readonly string[],
): PlannedJob[] {
  const planned: PlannedJob[] = [];
  const add = (entry: CatalogEntry, faction: Faction | null): void => {
    // Filtered before its options are made: the cannon's are a solve.
    if (parts && !parts.includes(entry.part)) return;
    const options = entry.options(settings, faction);
    if (options === null) return;
    const path = `${faction ? faction.id : 'shared'}/${entry.part}.stl`;
    planned.push({
      job: { path, part: entry.part, faction: faction?.id ?? null, builder: entry.builder, options },
      entry,
      faction,
    });
  };
  for (const f of factions) for (const e of CATALOG) if (e.folder === 'faction') add(e, f);
  for (const e of CATALOG) if (e.folder === 'shared') add(e, null);
  return planned;
}

/**
 * The cache key: the code version, the file's path (the STL's header names it, so two factions' equal
 * parts are different bytes), the builder and its options, as canonical JSON.
 */
export function jobKey(job: Job, codeVersion: string): string {
  return createHash('sha256')
    .update(codeVersion)
    .update('\0')
    .update(job.path)
    .update('\0')
    .update(job.builder)
    .update('\0')
    .update(canonicalJson(job.options))
    .digest('hex');
}

/** JSON with object keys sorted, so equal options give equal keys whatever their order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Builds (or takes from the cache) every file for the factions, in plan order. */
export async function generateParts(request: GenerateRequest): Promise<GeneratedFile[]> {
  return withExternalHulls(await buildFiles(filesToBuild(request), request), request);
}

/**
 * `generateParts` for a writer: a part the cache holds comes with the facts recorded with it and a way to
 * read its bytes, read only when the writer needs them (the output folder does not hold them already).
 */
export async function generatePartsToWrite(request: GenerateRequest): Promise<GeneratedFile<LazyBytes>[]> {
  return withExternalHulls(await buildFilesToWrite(filesToBuild(request), request), request);
}

/** Every file the request plans, with the facts the manifest states about it. */
function filesToBuild(request: GenerateRequest): FileToBuild[] {
  const { factions, settings } = request;
  const sets = [
    ...(request.setFactions ?? []),
    ...factions.filter((f) => !request.setFactions?.some((s) => s.id === f.id)),
  ];
  return planJobs(factions, settings, request.parts).map(({ job, entry, faction }) => ({
    job,
    quantity: quantityFor(entry, faction ? [faction] : sets),
    brim: { brim: entry.brim !== undefined, reason: entry.brim ?? null },
    color: entry.color(faction),
    material: entry.material(settings),
    // A builder knows the model field it rejects, not the file: name the faction file the model came from.
    blame: faction ? (p) => ({ ...p, source: faction.sourceFile }) : undefined,
  }));
}

/** The built files with each faction's hull made in another tool in the place its generated hull would take. */
async function withExternalHulls<B extends LazyBytes>(
  built: GeneratedFile<B | Uint8Array>[],
  request: GenerateRequest,
): Promise<GeneratedFile<B | Uint8Array>[]> {
  if (request.parts && !request.parts.includes('hull')) return built;
  const external = request.factions.flatMap((f) => {
    const bytes = f.model.externalHullStl ? request.externalHulls?.get(f.id) : undefined;
    return bytes ? [{ f, bytes }] : [];
  });
  if (external.length === 0) return built;
  // Loaded here: only a hull made in another tool is read and measured in this process.
  const { externalHullFile } = await import('./external-hull.js');
  for (const { f, bytes } of external) {
    // First of its faction's files.
    const at = built.findIndex((b) => b.faction === f.id);
    built.splice(at < 0 ? built.length : at, 0, externalHullFile(f, bytes, request.settings));
  }
  return built;
}

/** A file's place and what its mesh measures, without its bytes. */
export type PartFacts = MeshFacts & Pick<GeneratedFile, 'path' | 'part' | 'faction'>;

/**
 * What the files `request` asks for measure, without their bytes: from the cache's metadata when it holds
 * every one (no kernel loaded, no mesh read), else as `generateParts` makes them (building, and caching,
 * what it lacks). A hull made in another tool is not among them.
 */
export async function partFacts(request: Omit<GenerateRequest, 'externalHulls'>): Promise<PartFacts[]> {
  const { cache } = request;
  const planned = planJobs(request.factions, request.settings, request.parts);
  const known = cache
    ? await Promise.all(planned.map(({ job }) => cache.facts(jobKey(job, cache.codeVersion), job.part)))
    : [];
  if (planned.length > 0 && known.length === planned.length && known.every((f) => f !== null))
    return planned.map(({ job }, i) => ({ path: job.path, part: job.part, faction: job.faction, ...known[i]! }));
  return generateParts(request);
}

/** One file to make: its job and the facts the manifest states about it. */
export interface FileToBuild {
  job: Job;
  quantity: Quantity;
  brim: Brim;
  color: string;
  material: string;
  /** Turns a builder's complaint about an option into one about the file the option came from. */
  blame?: (p: Problem) => Problem;
}

/**
 * Builds (or takes from the cache) each file, in the order given: unchanged ones from the content-hash
 * cache, the rest spread over worker threads. Shared by the factions' catalogue and the game packs.
 */
export function buildFiles(
  planned: readonly FileToBuild[],
  options: Pick<GenerateRequest, 'jobs' | 'pool' | 'cache' | 'onProgress'>,
): Promise<GeneratedFile[]> {
  return buildWith(planned, options, (cache, key, job) => cache.get(key, job.part));
}

/** `buildFiles`, a cached part's bytes left unread until asked for (`generatePartsToWrite`). */
function buildFilesToWrite(
  planned: readonly FileToBuild[],
  options: Pick<GenerateRequest, 'jobs' | 'pool' | 'cache' | 'onProgress'>,
): Promise<GeneratedFile<LazyBytes>[]> {
  return buildWith(planned, options, async (cache, key, job) => {
    const facts = await cache.facts(key, job.part);
    return facts && { facts, bytes: () => recordedBytes(cache, key, job, facts.sha256) };
  });
}

/**
 * The bytes the cache recorded `sha256` for under `key`; built again (the same bytes: a build is a function
 * of its key) and stored again when the entry has gone since (trimmed by another run) or is damaged.
 */
async function recordedBytes(cache: PartCache, key: string, job: Job, sha256: string): Promise<Uint8Array> {
  const hit = await cache.get(key, job.part);
  if (hit?.facts.sha256 === sha256) return hit.bytes;
  const { buildJob } = await import('./build.js');
  const built = await buildJob(job);
  if (built.facts.sha256 !== sha256) throw new Error(`${job.path}: built again, it is not the mesh the cache recorded`);
  await cache.put(key, job.part, toFacts(built.facts), built.bytes);
  return built.bytes;
}

/** Builds what `recall` does not find in the cache (each hit's facts and bytes, as `recall` gives them). */
async function buildWith<B extends LazyBytes>(
  planned: readonly FileToBuild[],
  options: Pick<GenerateRequest, 'jobs' | 'pool' | 'cache' | 'onProgress'>,
  recall: (cache: PartCache, key: string, job: Job) => Promise<{ facts: MeshFacts; bytes: B } | null>,
): Promise<GeneratedFile<B | Uint8Array>[]> {
  const { cache = null } = options;
  const results: GeneratedFile<B | Uint8Array>[] = new Array(planned.length);
  let done = 0;
  const finish = (
    i: number,
    built: { facts: MeshFacts; bytes: B | Uint8Array; buildMs: number },
    cached: boolean,
  ): void => {
    const { job, quantity, brim, color, material } = planned[i]!;
    const file: GeneratedFile<B | Uint8Array> = {
      path: job.path,
      part: job.part,
      faction: job.faction,
      quantity,
      brim,
      color,
      material,
      ...built.facts,
      bytes: built.bytes,
      cached,
      buildMs: built.buildMs,
    };
    results[i] = file;
    options.onProgress?.(++done, planned.length, file);
  };

  const keys = cache ? planned.map((p) => jobKey(p.job, cache.codeVersion)) : [];
  const toBuild: number[] = [];
  // Files whose builds differ only in their path (three factions carry the same barrels): built once, the
  // others are its bytes under their own header, the STL's only difference.
  const copies = new Map<number, number[]>();
  const firstOf = new Map<string, number>();
  // Looked up together (the disk's waits overlap), taken in plan order.
  const hits = cache ? await Promise.all(planned.map((p, i) => recall(cache, keys[i]!, p.job))) : [];
  for (let i = 0; i < planned.length; i++) {
    const hit = hits[i];
    if (hit) {
      finish(i, { ...hit, buildMs: 0 }, true);
      continue;
    }
    const { builder, options } = planned[i]!.job;
    const same = `${builder}\0${canonicalJson(options)}`;
    const first = firstOf.get(same);
    if (first === undefined) (firstOf.set(same, i), toBuild.push(i));
    else copies.set(first, [...(copies.get(first) ?? []), i]);
  }
  const relabelStl = copies.size ? (await import('../mesh/stl.js')).relabelStl : null;
  // Each part is stored as it is built, its writes overlapping the builds still running.
  const stores: Promise<void>[] = [];
  try {
    await withPool(options.pool, options.jobs ?? defaultJobs(), (pool) =>
      buildAll(
        toBuild.map((i) => planned[i]!.job),
        pool,
        (k, made) => {
          const first = toBuild[k]!;
          for (const i of [first, ...(copies.get(first) ?? [])]) {
            const bytes = i === first ? made.bytes : relabelStl!(made.bytes, planned[i]!.job.path);
            const sha256 = i === first ? made.facts.sha256 : createHash('sha256').update(bytes).digest('hex');
            const built = { facts: { ...made.facts, sha256 }, bytes, buildMs: i === first ? made.buildMs : 0 };
            finish(i, built, false);
            if (!cache) continue;
            const stored = cache.put(keys[i]!, results[i]!.part, toFacts(built.facts), built.bytes);
            // Handled here so a write failing mid-build is not an unhandled rejection; awaited, and thrown, below.
            stored.catch(() => undefined);
            stores.push(stored);
          }
        },
        (k, e) => {
          const blame = planned[toBuild[k]!]!.blame;
          return blame ? new InputError(e.problems.map(blame)) : e;
        },
      ),
    );
  } catch (e) {
    // No write is left running behind the build's error.
    await Promise.allSettled(stores);
    throw e;
  }
  await Promise.all(stores);
  return results;
}

function toFacts(f: MeshFacts): MeshFacts {
  return {
    volumeMm3: f.volumeMm3,
    surfaceAreaMm2: f.surfaceAreaMm2,
    bounds: f.bounds,
    triangles: f.triangles,
    sha256: f.sha256,
    features: f.features,
  };
}
