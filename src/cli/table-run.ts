/**
 * The table a command prints for (bom, print): its flags, and the run from them to the plan, the built
 * files and the bill of materials, so every command that counts a table counts it the same way.
 */
import { loadArmada, type Armada } from '../armada/load.js';
import { buildBom, cachedEstimates, type Bom } from '../bom/bom.js';
import type { PrintSettings } from '../bom/estimate.js';
import { BOM_MODES, planBom, resolveMode, type BomMode, type Fleet, type Plan } from '../bom/quantities.js';
import { InputError } from '../errors.js';
import { DEFAULT_FACTIONS_DIR, loadFactionFiles, loadFactions } from '../faction/loader.js';
import type { Faction } from '../faction/types.js';
import {
  generateParts,
  recallTunedCannon,
  type BuildSettings,
  type GeneratedFile,
  type PartCache,
} from '../generate/index.js';
import { bedProblems } from '../generate/manifest.js';
import type { Pool } from '../generate/pool.js';
import { findMaterial, MATERIAL_IDS } from '../materials.js';
import type { MeshData } from '../geometry/kernel.js';
import { parseStl } from '../mesh/stl.js';
import { PLAYERS } from '../rules/rulebook.js';
import { PRINT_DEFAULTS } from '../standard.js';
import {
  addGameOption,
  packFrom,
  type GameFlags,
  addBuildOptions,
  buildSettingsFrom,
  parseIntFlag,
  parseMmFlag,
  parseNumberFlag,
  type BuildFlags,
} from './options.js';
import { addCacheOptions, cacheFrom, type CacheFlags } from './cache-options.js';
import { progressReporter } from './progress.js';
import { readExternalHulls } from './stl-input.js';
import { Option, type Command, type Io } from './terminal.js';
import { generatePack, planPackTable } from '../games/plan.js';
import type { Game } from '../games/types.js';

export interface TableFlags extends BuildFlags, CacheFlags, GameFlags {
  /** Faction files named as arguments: the table's factions instead of the factions folder's. */
  files?: string[];
  players?: string;
  mode?: BomMode;
  factions?: string;
  armada?: string;
  factionsDir?: string;
  material?: string;
  ballMaterial?: string;
  layerHeight: string;
  infill: string;
  pricePerKg?: string;
}

/** Layer heights a 0.4 mm nozzle prints: 0.05 mm up to its usual ceiling of 0.4 mm. */
export const LAYER_HEIGHT_RANGE_MM = { min: 0.05, max: 0.4 } as const;

function materialFlag(flag: string, id: string): string {
  const m = findMaterial(id);
  if (!m)
    throw InputError.single(
      flag,
      '',
      `unknown material "${id}": expected one of ${MATERIAL_IDS.join(', ')} (see shipwright materials)`,
    );
  return m.id;
}

function factionById(all: readonly Faction[], id: string, source: string, place: string): Faction {
  const f = all.find((x) => x.id === id.trim().toLowerCase());
  if (!f)
    throw InputError.single(
      source,
      place,
      `unknown faction "${id}": expected one of ${all.map((x) => x.id).join(', ')}`,
    );
  return f;
}

/** The players' fleets: from the armada list, the --factions list (one per player), or round-robin. */
function fleetsFrom(
  flags: TableFlags,
  all: readonly Faction[],
  armada: Armada | null,
): { fleets: Fleet[]; mode: BomMode; why: string } {
  if (armada) {
    const players = armada.players.length;
    if (flags.players !== undefined && parseIntFlag('--players', flags.players, PLAYERS.min, PLAYERS.max) !== players) {
      throw InputError.single(
        '--players',
        '',
        `${flags.players} players, but ${armada.source} lists ${players}; leave --players out or make them agree`,
      );
    }
    if (players < PLAYERS.min || players > PLAYERS.max)
      throw InputError.single(
        armada.source,
        'players',
        `${players} player${players === 1 ? '' : 's'} listed; the rulebook plays ${PLAYERS.min} to ${PLAYERS.max}`,
      );
    const fleets = armada.players.map((p) => ({
      player: p.name,
      ships: p.ships.map((s) => ({ faction: factionById(all, s.faction, armada.source, s.place), count: s.count })),
    }));
    return { fleets, ...resolveMode(players, 'armada') };
  }
  if (flags.players === undefined)
    throw InputError.single(
      '--players',
      '',
      `missing: give the number of players, ${PLAYERS.min} to ${PLAYERS.max}, e.g. --players 4 (or an --armada list)`,
    );
  const players = parseIntFlag('--players', flags.players, PLAYERS.min, PLAYERS.max);
  const { mode, why } = resolveMode(players, flags.mode);
  let chosen: Faction[];
  if (flags.factions !== undefined) {
    const ids = flags.factions.split(',').map((s) => s.trim());
    if (ids.length !== players)
      throw InputError.single(
        '--factions',
        '',
        `${ids.length} faction${ids.length === 1 ? '' : 's'} for ${players} players; give one id per player, repeats allowed (e.g. --factions ${Array.from({ length: players }, (_, i) => all[i % all.length]!.id).join(',')})`,
      );
    chosen = ids.map((id) => factionById(all, id, '--factions', ''));
  } else chosen = Array.from({ length: players }, (_, i) => all[i % all.length]!);
  const fleets = chosen.map((f, i) => ({ player: `player ${i + 1}`, ships: [{ faction: f, count: f.card.ships }] }));
  return {
    fleets,
    mode,
    why: flags.factions === undefined ? `${why}; factions dealt round-robin over the ${all.length} loaded` : why,
  };
}

/** The table's flags: players, mode, factions or an armada list, materials and print settings, and the build and cache flags. */
export function addTableOptions(cmd: Command): Command {
  return addCacheOptions(
    addBuildOptions(
      addGameOption(
        cmd.argument('[files...]', 'faction YAML files to deal the table from instead of the factions folder'),
      ),
    ),
  )
    .option(
      '--players <n>',
      `players at the table, ${PLAYERS.min}–${PLAYERS.max} (another --game: its own range, shipwright games)`,
    )
    .addOption(
      new Option(
        '--mode <mode>',
        'default (2–6 players), group (6–20) or armada (needs --armada); default: by player count',
      ).choices(BOM_MODES),
    )
    .option(
      '--factions <ids>',
      'one faction id per player, comma-separated, repeats allowed (default: round-robin over the shipped factions)',
    )
    .option('--armada <file>', 'a Custom Armada list (YAML: players: [{ name, ships: [{ faction, count }] }])')
    .option('--factions-dir <dir>', 'folder of faction YAML files (default: the shipped factions)')
    .option(
      '--material <id>',
      `material of every part (default: the catalogue's, PLA); one of ${MATERIAL_IDS.join(', ')}`,
    )
    .option(
      '--ball-material <id>',
      'material of the cannonballs, e.g. tpu-95a (printed with three walls and no infill)',
    )
    .option(
      '--layer-height <mm>',
      `layer height, ${LAYER_HEIGHT_RANGE_MM.min}–${LAYER_HEIGHT_RANGE_MM.max} mm`,
      String(PRINT_DEFAULTS.layerHeightMm),
    )
    .option('--infill <pct>', 'sparse infill, 0–100 %', String(PRINT_DEFAULTS.infillFraction * 100))
    .option('--price-per-kg <amount>', 'filament price per kg, in your currency, for the cost');
}

export interface TableRun {
  plan: Plan;
  settings: BuildSettings;
  /** Every file the table's factions print, built (or from the cache). */
  files: GeneratedFile[];
  bom: Bom;
  /** Each file's mesh as its STL holds it, parsed once. */
  mesh: (path: string) => MeshData;
  /** The part cache the run used (null with --no-cache). */
  cache: PartCache | null;
  /** The factions built: the table's, and those `beforeBuild` added (none for a pack). */
  factions: Faction[];
}

/** A table's run once its parts are built, before its bill of materials is counted. */
export type BuiltTable = Omit<TableRun, 'bom' | 'mesh'>;

/**
 * From the flags to the plan, the built files and the bill of materials. `beforeBuild` sees the settings
 * and the factions the table prints before anything is built, and returns more factions to build with
 * them (print: those its folder holds with other settings). `afterBuild` sees the built table and is awaited
 * before the bill is counted, so work on the files can be set going on other threads first (print's assembly
 * guides) rather than wait for this thread between the bill's steps.
 * `pack`: the `--game` pack when the caller has loaded it already (null: Cannons & Coastlines); default
 * read from the flags. `pool`: the threads the factions' parts are built on (the command's, which it uses
 * again after); default the build's own.
 */
export async function runTable(
  flags: TableFlags,
  io: Io,
  beforeBuild?: (settings: BuildSettings, factions: ReadonlySet<string>) => Promise<readonly Faction[]>,
  pack?: Game | null,
  afterBuild?: (table: BuiltTable) => Promise<void> | void,
  pool?: Pool,
): Promise<TableRun> {
  const print: PrintSettings = {
    layerHeightMm: parseMmFlag(
      '--layer-height',
      flags.layerHeight,
      LAYER_HEIGHT_RANGE_MM.min,
      LAYER_HEIGHT_RANGE_MM.max,
    ),
    lineWidthMm: PRINT_DEFAULTS.lineWidthMm,
    perimeters: PRINT_DEFAULTS.perimeters,
    topLayers: PRINT_DEFAULTS.topLayers,
    bottomLayers: PRINT_DEFAULTS.bottomLayers,
    infillFraction: parseNumberFlag('--infill', flags.infill, 0, 100, 'per cent', '%') / 100,
  };
  const pricePerKg =
    flags.pricePerKg === undefined
      ? null
      : parseNumberFlag('--price-per-kg', flags.pricePerKg, 0, 1e6, 'a price per kg in your currency');
  const materialId = flags.material === undefined ? undefined : materialFlag('--material', flags.material);
  const ballMaterialId =
    flags.ballMaterial === undefined ? undefined : materialFlag('--ball-material', flags.ballMaterial);
  const game = pack === undefined ? await packFrom(flags, flags.files) : pack;
  if (game) return billOf(await buildGameTable(game, flags, io, materialId), print, pricePerKg, afterBuild);
  if (flags.mode === 'armada' && flags.armada === undefined)
    throw InputError.single('--mode', '', 'armada mode needs an armada list: --armada <file>');
  if (flags.armada !== undefined && flags.mode !== undefined && flags.mode !== 'armada')
    throw InputError.single(
      '--mode',
      '',
      `an --armada list is played in armada mode, not ${flags.mode}; leave --mode out`,
    );
  if (flags.armada !== undefined && flags.factions !== undefined)
    throw InputError.single(
      '--factions',
      '',
      'the armada list already says which factions each player fields; leave --factions out',
    );

  if (flags.files?.length && flags.factionsDir !== undefined)
    throw InputError.single('--factions-dir', '', 'name faction files or a --factions-dir, not both');
  const all = flags.files?.length
    ? await loadFactionFiles(flags.files)
    : await loadFactions(flags.factionsDir ?? DEFAULT_FACTIONS_DIR);
  const armada = flags.armada === undefined ? null : await loadArmada(flags.armada);
  const { fleets, mode, why } = fleetsFrom(flags, all, armada);
  const settings = await buildSettingsFrom(flags);
  if (materialId) settings.cannonMaterialId = materialId;
  const cache = await cacheFrom(flags, (m) => io.err(`warning: ${m}\n`));
  // The tuned cannon from the cache, before the plan and the folder's check (print) first ask for it.
  if (cache) await recallTunedCannon(settings, cache);
  const plan = planBom({ mode, fleets, settings, materialId, ballMaterialId });
  plan.decisions.unshift(why);

  const used = all.filter((f) => fleets.some((fl) => fl.ships.some((s) => s.faction.id === f.id)));
  const factions = [...used, ...((await beforeBuild?.(settings, new Set(used.map((f) => f.id)))) ?? [])];
  // The shared parts' counts are the whole folder's; a hull made in another tool is printed from its file.
  const files = await generateParts({
    factions,
    setFactions: all,
    externalHulls: await readExternalHulls(factions),
    settings,
    cache,
    pool,
    onProgress: io.isTty ? progressReporter(io) : undefined,
  });
  const tooBig = bedProblems(files, settings.printer, factions);
  if (tooBig.length) throw new InputError(tooBig);
  return billOf({ plan, settings, files, cache, factions }, print, pricePerKg, afterBuild);
}

/**
 * The built table with its bill of materials, `afterBuild` shown the table first: each file's mesh parsed
 * once, estimates from the cache where it holds them.
 */
async function billOf(
  table: BuiltTable,
  print: PrintSettings,
  pricePerKg: number | null,
  afterBuild?: (table: BuiltTable) => Promise<void> | void,
): Promise<TableRun> {
  await afterBuild?.(table);
  const { plan, files, cache } = table;
  const byPath = new Map(files.map((f) => [f.path, f]));
  const meshes = new Map<string, MeshData>();
  const mesh = (path: string): MeshData => {
    const file = byPath.get(path);
    if (!file) throw new Error(`generate made no ${path}`);
    if (!meshes.has(path)) meshes.set(path, parseStl(file.bytes));
    return meshes.get(path)!;
  };
  // Brims where the manifest says (each file's `brim`): the settings table prices them.
  const brim = (path: string): boolean => byPath.get(path)?.brim.brim ?? false;
  const estimates = cache
    ? await cachedEstimates(plan, print, (path) => byPath.get(path)!.sha256, mesh, cache, brim)
    : undefined;
  const bom = buildBom({
    plan,
    print,
    pricePerKg,
    mesh,
    brim,
    ...(estimates ? { estimates } : {}),
  });
  return { ...table, bom, mesh };
}

/** `--game`: a pack's table, its player count checked against the pack's, its files built through the same cache. */
async function buildGameTable(
  game: Game,
  flags: TableFlags,
  io: Io,
  materialId: string | undefined,
): Promise<BuiltTable> {
  for (const flag of ['mode', 'ballMaterial'] as const) {
    if (flags[flag] !== undefined)
      throw InputError.single(
        flag === 'mode' ? '--mode' : '--ball-material',
        '',
        `${game.name} has no ${flag === 'mode' ? 'play modes' : 'cannonballs'}; leave it out`,
      );
  }
  const { min, max } = game.players;
  if (flags.players === undefined)
    throw InputError.single(
      '--players',
      '',
      `missing: ${game.name} plays ${min === max ? min : `${min} to ${max}`}, e.g. --players ${min}`,
    );
  const players = parseIntFlag('--players', flags.players, min, max);
  const settings = await buildSettingsFrom(flags);
  const cache = await cacheFrom(flags, (m) => io.err(`warning: ${m}\n`));
  const { planned, files } = await generatePack(game, settings, {
    cache,
    onProgress: io.isTty ? progressReporter(io) : undefined,
  });
  const tooBig = bedProblems(files, settings.printer, []);
  if (tooBig.length) throw new InputError(tooBig.map((p) => ({ ...p, source: game.source })));
  const plan = planPackTable(game, planned, players, materialId);
  return { plan, settings, files, cache, factions: [] };
}
