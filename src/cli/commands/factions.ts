/** `shipwright factions`: the factions in a folder and their card stats. */
import type { Command } from 'commander';
import {
  DEFAULT_FACTIONS_DIR,
  loadFactions,
  parseFactionFolder,
  readFactionFolder,
  remembered,
} from '../../faction/loader.js';
import type { Faction } from '../../faction/types.js';
import type { Register } from '../terminal.js';
import type { PartCache, PartFacts } from '../../generate/index.js';
import type { DiskCache } from '../../io/cache.js';
import { addCacheOptions, cacheFrom, type CacheFlags } from '../cache-options.js';
import { basename } from 'node:path';

interface Flags extends CacheFlags {
  factionsDir?: string;
  json?: boolean;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * Each faction's hull as printed: length × beam × height of the generated mesh, from the part cache's record
 * of it when it has one, else built (an external hull's own file is not measured here). The sizes are kept
 * in the cache for the very factions and code: a warm run loads neither the catalogue nor the spring solver
 * behind it (18 modules, ~7 ms of CPU).
 */
async function printedHulls(factions: readonly Faction[], cache: PartCache | null): Promise<Map<string, string>> {
  const sizes = await remembered(cache, 'factions-hulls', [JSON.stringify(factions)], async () => {
    const { defaultSettings, partFacts } = await import('../../generate/index.js');
    const files = await partFacts({ factions, settings: defaultSettings(), cache, parts: ['hull'] });
    const size = (f: PartFacts): string => f.bounds.max.map((v, i) => +(v - f.bounds.min[i]!).toFixed(1)).join('×');
    return files.map((f): [string, string] => [f.faction!, size(f)]);
  });
  return new Map(sizes);
}

/**
 * The table of the factions in `dir` and the paragraph under it, which says they are from `source`, or the
 * one a run before kept in `cache` from the very same files and source: a warm run reads the files and one
 * entry, and neither parses, hashes, measures nor lays out, so it loads neither node:crypto nor the three
 * modules that lay out.
 */
async function listing(dir: string, source: string, cache: DiskCache | null): Promise<string> {
  const files = await readFactionFolder(dir);
  // Kept only when every file could be read; otherwise the parse below reports which could not.
  const texts = files.texts.map((t) => (t.status === 'fulfilled' ? t.value : null));
  const inputs = texts.every((t) => t !== null) ? [source, ...files.paths.flatMap((p, i) => [p, texts[i]!])] : null;
  const name = `factions ${dir}`;
  const kept = inputs && (await cache?.recall(name, inputs));
  if (typeof kept === 'string') return kept;
  const factions = await parseFactionFolder(files, { memo: cache });
  const table = await printedTable(factions, await printedHulls(factions, cache), source);
  if (inputs) await cache?.keep(name, inputs, table);
  return table;
}

/** The table of `factions` and the paragraph under it, which says they are from `source`. */
async function printedTable(
  factions: readonly Faction[],
  hulls: ReadonlyMap<string, string>,
  source: string,
): Promise<string> {
  // Loaded here: a listing kept whole needs none of these.
  const [{ formatTable, wrap }, { CLICK_DISTANCE_MM }, { mmToIn }] = await Promise.all([
    import('../../table.js'),
    import('../../standard.js'),
    import('../../units.js'),
  ]);
  const about = `${plural(factions.length, 'faction')} from ${source}. move: clicks of the movement wheel, ${+mmToIn(CLICK_DISTANCE_MM).toFixed(1)} in (${CLICK_DISTANCE_MM} mm) each; slots: cannon slots; hits: hits to sink; printed: the hull's generated mesh.`;
  return `${formatTable(tableRows(factions, hulls), [1, 2, 3, 4, 5])}\n${wrap(about)}\n`;
}

function tableRows(factions: readonly Faction[], hulls: ReadonlyMap<string, string>): string[][] {
  const header = [
    'id',
    'ships',
    'move',
    'fittings',
    'slots',
    'hits',
    'heading',
    'colour',
    'ability',
    'hull, printed L×B×H mm',
  ];
  const rows = factions.map((f) => {
    const c = f.card;
    return [
      f.id,
      String(c.ships),
      String(c.moveCount),
      String(c.fittings),
      String(c.cannonSlots),
      String(c.hitsToSink),
      `${c.maxHeadingDeg}°`,
      c.color,
      c.ability.name,
      `${f.model.hull.style} ${hulls.get(f.id) ?? `external: ${basename(f.model.externalHullStl ?? '')}`}`,
    ];
  });
  return [header, ...rows];
}

export const registerFactions: Register = (cmd: Command, io) => {
  cmd
    .option('--factions-dir <dir>', 'folder of faction YAML files (default: the shipped factions)')
    .option('--json', 'print the resolved factions as JSON on stdout');
  addCacheOptions(cmd).action(async (flags: Flags) => {
    const dir = flags.factionsDir ?? DEFAULT_FACTIONS_DIR;
    const cache = await cacheFrom(flags, (m) => io.err(`warning: ${m}\n`));
    if (flags.json) {
      io.out(`${JSON.stringify(await loadFactions(dir, { memo: cache }), null, 2)}\n`);
      return;
    }
    io.out(await listing(dir, flags.factionsDir ?? 'the shipped factions/', cache));
  });
};
