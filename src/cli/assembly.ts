/**
 * The assembly guides as the commands write them: each faction's sheet and its finished ship as PNG bytes,
 * with the steps' words, drawn by src/validate/assembly-guide.ts and kept in the part cache (a warm run draws
 * nothing). The key is the code's version, the faction, the build settings and every file's hash, so any
 * change draws again.
 */
import { createHash } from 'node:crypto';
import type { Faction } from '../faction/types.js';
import type { BuildSettings, GeneratedFile, PartCache } from '../generate/index.js';
import { PNG } from 'pngjs';
import type { Image } from '../render/raster.js';
import type { Pool, TaskKind } from '../generate/pool.js';
import type { DrawnGuide, GuideTask } from '../validate/assembly-guide.js';

/** A faction's guide, drawn. */
export interface GuideFiles {
  faction: string;
  name: string;
  /** Ballast washers one ship takes. */
  washers: number;
  steps: { id: string; title: string; text: string }[];
  /** The exploded view, the finished ship and every step, one sheet. */
  sheetPng: Uint8Array;
  /** The finished ship at a part picture's size (512 × 384), for the contact sheet: a cached one is decoded only when asked (print never is). */
  ship: () => Image;
}

const KIND = 'assembly-guide';
/** A group of factions' guides (guide-worker.ts on a thread). */
// The guides' module (the renderer, and the rules' context they place the parts by) is loaded only where
// they are drawn: on the threads, or here when the pool has none.
const DRAW_GUIDES: TaskKind<GuideTask, DrawnGuide[]> = {
  name: 'guide',
  local: async () => (await import('../validate/assembly-guide.js')).drawnGuides,
};

/**
 * The guides of `factions`, drawn on `pool`: the factions dealt round one task a thread (each rebuilds the
 * shared parts' solids once for all of its factions), in `factions`' order.
 */
async function drawGuides(
  files: readonly GeneratedFile[],
  factions: readonly Faction[],
  settings: BuildSettings,
  pool: Pool,
  signal?: AbortSignal,
): Promise<DrawnGuide[]> {
  const workers = Math.min(pool.parallel, factions.length);
  const tasks: GuideTask[] = Array.from({ length: workers }, (_, w) => ({
    files,
    factions: factions.filter((_f, i) => i % workers === w),
    settings,
  }));
  const drawn = new Map<string, DrawnGuide>();
  await pool.run(DRAW_GUIDES, tasks, (_i, guides) => guides.forEach((g) => drawn.set(g.faction, g)), undefined, signal);
  return factions.flatMap((f) => drawn.get(f.id) ?? []);
}

interface Stored {
  faction: string;
  name: string;
  washers: number;
  steps: GuideFiles['steps'];
  sheetPng: string;
  shipPng: string;
}

function decodePng(bytes: Uint8Array): Image {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { widthPx: png.width, heightPx: png.height, rgba: new Uint8Array(png.data) };
}

/**
 * Each faction's guide (factions whose ship cannot be placed have none), from the cache where it holds them,
 * the rest drawn on `pool`'s threads (the command's).
 */
export async function guideFiles(
  files: readonly GeneratedFile[],
  factions: readonly Faction[],
  settings: BuildSettings,
  cache: PartCache | null,
  pool: Pool,
): Promise<GuideFiles[]> {
  return (await startGuides(files, factions, settings, cache, pool)).drawn;
}

/**
 * `guideFiles` begun: settles once the cache has been read (every lookup at once) and the guides it lacks
 * are on their threads, so the caller can go on with other work while they are drawn; `drawn` then settles
 * with them all, in `factions`' order. Aborting `signal` (the caller failed meanwhile) stops the pool's threads.
 */
export async function startGuides(
  files: readonly GeneratedFile[],
  factions: readonly Faction[],
  settings: BuildSettings,
  cache: PartCache | null,
  pool: Pool,
  signal?: AbortSignal,
): Promise<{ drawn: Promise<GuideFiles[]> }> {
  const sums = files
    .map((f) => `${f.path}\0${f.sha256}\0${f.color}`)
    .sort()
    .join('\0');
  const keyOf = (f: Faction): string =>
    createHash('sha256')
      .update(`${cache?.codeVersion ?? ''}\0${JSON.stringify(f)}\0${JSON.stringify(settings)}\0${sums}`)
      .digest('hex');
  const out = new Map<string, GuideFiles>();
  const kept = await Promise.all(factions.map((f) => (cache ? cache.getBytes(keyOf(f), KIND) : null)));
  const missing = factions.filter((_f, i) => !kept[i]);
  factions.forEach((f, i) => {
    if (!kept[i]) return;
    const s = JSON.parse(new TextDecoder().decode(kept[i]!)) as Stored;
    out.set(f.id, {
      faction: s.faction,
      name: s.name,
      washers: s.washers,
      steps: s.steps,
      sheetPng: new Uint8Array(Buffer.from(s.sheetPng, 'base64')),
      ship: () => decodePng(Buffer.from(s.shipPng, 'base64')),
    });
  });
  const store = async (guides: DrawnGuide[]): Promise<GuideFiles[]> => {
    // The guides' writes together, not one synced file after another.
    const stores: Promise<void>[] = [];
    for (const g of guides) {
      const made: GuideFiles = {
        faction: g.faction,
        name: g.name,
        washers: g.washers,
        steps: g.steps,
        sheetPng: g.sheetPng,
        ship: () => g.ship,
      };
      out.set(g.faction, made);
      const { ship: _, ...rest } = made;
      const stored: Stored = {
        ...rest,
        sheetPng: Buffer.from(made.sheetPng).toString('base64'),
        shipPng: Buffer.from(g.shipPng).toString('base64'),
      };
      if (cache)
        stores.push(
          cache.putBytes(
            keyOf(missing.find((f) => f.id === g.faction)!),
            KIND,
            new TextEncoder().encode(JSON.stringify(stored)),
          ),
        );
    }
    await Promise.all(stores);
    return factions.flatMap((f) => out.get(f.id) ?? []);
  };
  return {
    drawn: (missing.length ? drawGuides(files, missing, settings, pool, signal) : Promise.resolve([])).then(store),
  };
}
