/** `shipwright generate`: every part of every faction set as print-ready binary STL, plus out/manifest.json. */
import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import {
  generateParts,
  generatePartsToWrite,
  recallTunedCannon,
  type GeneratedFile,
  type LazyBytes,
} from '../../generate/index.js';
import { bedProblems, HOME_GAME, owner } from '../../generate/manifest.js';
import type { Project } from '../../io/output.js';
import { buildOf, openOut, rebuildWithRun, writeRun } from '../output-run.js';
import { defaultJobs, Pool } from '../../generate/pool.js';
import {
  addGameOption,
  packFrom,
  type GameFlags,
  addBuildOptions,
  addCannonOptions,
  addFactionOptions,
  allFactionsFrom,
  buildSettingsFrom,
  factionsFrom,
  parseIntFlag,
  type BuildFlags,
  type FactionFlags,
} from '../options.js';
import { addCacheOptions, cacheFrom, type CacheFlags } from '../cache-options.js';
import { progressReporter } from '../progress.js';
import type { Register } from '../terminal.js';

import type { Game } from '../../games/types.js';
import { PREVIEWS_DIR, type BuildSettings } from '../../generate/types.js';
import type { Io } from '../terminal.js';

interface Flags extends FactionFlags, BuildFlags, CacheFlags, GameFlags {
  out?: string;
  jobs?: string;
  json?: boolean;
  previews?: boolean;
}

export const registerGenerate: Register = (cmd: Command, io) => {
  cmd.argument('[files...]', 'faction YAML files to build instead of the factions folder');
  addFactionOptions(addGameOption(cmd));
  addCacheOptions(addCannonOptions(addBuildOptions(cmd)))
    .option('--out <dir>', 'output folder (default out; out/<game> for another --game)')
    .option('--jobs <n>', `worker threads (default: ${defaultJobs()}, the machine's cores)`)
    .option('--json', 'print a JSON summary on stdout and nothing else')
    .option(
      '--previews',
      `also write ${PREVIEWS_DIR}/: a picture of every part, a contact sheet per faction set and one of the shared parts, and each faction's assembly guide`,
    )
    .action(async (paths: string[], flags: Flags) => {
      const settings = await buildSettingsFrom(flags);
      const jobs = flags.jobs === undefined ? defaultJobs() : parseIntFlag('--jobs', flags.jobs, 1, 64);
      const game = await packFrom(flags, paths);
      const project = await openOut(flags.out, game?.id ?? null);
      if (game) {
        await generateGame(game, project, settings, jobs, flags, io);
        return;
      }
      // The threads that build the parts draw the guides after (with --previews).
      const pool = new Pool(jobs);
      try {
        // Opened first: it keeps the factions' parses as well as the parts.
        const cache = await cacheFrom(flags, (m) => io.err(`warning: ${m}\n`));
        if (cache) await recallTunedCannon(settings, cache);
        const asked = await factionsFrom(paths, flags, { memo: cache });
        const factions = [
          ...asked,
          ...(await rebuildWithRun(project, HOME_GAME, settings, new Set(asked.map((f) => f.id)), io)),
        ];
        const t0 = performance.now();
        const progress = flags.json ? null : progressReporter(io);
        // The shared parts count for every faction of the folder, not only those a --faction run builds.
        const setFactions = flags.faction?.length ? await allFactionsFrom(paths, flags, { memo: cache }) : factions;
        const request = { factions, setFactions, settings, pool, cache, onProgress: progress ?? undefined };
        // The previews draw every part; without them a cached part's bytes are read only if the folder lacks them.
        const drawn = flags.previews ? await generateParts(request) : null;
        const files = drawn ?? (await generatePartsToWrite(request));
        const tooBig = bedProblems(files, settings.printer, factions);
        if (tooBig.length) throw new InputError(tooBig);
        // The run owns its factions' files, the shared parts and, with --previews, the previews; every other
        // file in the folder (other factions, the print job, the cards, a user's own) stays as it is.
        const build = buildOf(project, HOME_GAME);
        const parts = files.map((file) => ({
          file,
          owner: file.faction ? owner.faction(build, file.faction) : owner.shared(build),
        }));
        // With the previews, each faction's assembly guide (previews/<faction>/assembly.png) and its ship on its
        // sheet; their modules (the renderer, the validator's assembly) are loaded only then.
        const pictures: { path: string; bytes: Uint8Array }[] = [];
        if (drawn) {
          const [{ guideFiles }, { previewFiles }] = await Promise.all([
            import('../assembly.js'),
            import('../../generate/previews.js'),
          ]);
          const guides = await guideFiles(drawn, factions, settings, cache, pool);
          pictures.push(
            ...previewFiles(drawn, factions, true, new Map(guides.map((g) => [g.faction, g.ship()]))),
            ...guides.map((g) => ({ path: `${PREVIEWS_DIR}/${g.faction}/assembly.png`, bytes: g.sheetPng })),
          );
        }
        const others = pictures.map((o) => ({ ...o, owner: owner.previews(build) }));
        const owners = new Set([
          ...factions.map((f) => owner.faction(build, f.id)),
          owner.shared(build),
          ...(flags.previews ? [owner.previews(build)] : []),
        ]);
        const sources = factions.map((f) => ({ id: f.id, source: f.sourceFile }));
        await writeRun(
          project,
          { game: HOME_GAME, settings, parts, others, replaces: (o) => owners.has(o), factions: sources },
          io,
          cache,
        );
        const seconds = (performance.now() - t0) / 1000;
        if (flags.json) io.out(`${JSON.stringify(summary(project.shownFolder, files, seconds), null, 2)}\n`);
        else {
          const rebuilt = files.filter((f) => !f.cached).length;
          io.out(
            `${files.length} files (${rebuilt} built, ${files.length - rebuilt} from cache) for ${factions.length} faction${factions.length === 1 ? '' : 's'} in ${seconds.toFixed(2)} s → ${project.shownFolder}/\n`,
          );
        }
      } finally {
        await pool.close();
      }
    });
};

/** `generate --game`: the pack's files and its manifest into out/<game> (or --out). */
async function generateGame(
  game: Game,
  project: Project,
  settings: BuildSettings,
  jobs: number,
  flags: Flags,
  io: Io,
): Promise<void> {
  const cache = await cacheFrom(flags, (m) => io.err(`warning: ${m}\n`));
  const t0 = performance.now();
  const progress = flags.json ? null : progressReporter(io);
  const { generatePack } = await import('../../games/plan.js');
  const { planned, files } = await generatePack(game, settings, { jobs, cache, onProgress: progress ?? undefined });
  const tooBig = bedProblems(files, settings.printer, []);
  if (tooBig.length) throw new InputError(tooBig.map((p) => ({ ...p, source: game.source })));
  // A sheet for what each player prints and one for the table's, when it prints anything (Cannonades' table prints one tray, Kingdom Fleets' its terrain).
  const sets = [
    { id: 'player', name: game.name, per: 'for each player' },
    { id: 'table', name: game.name, per: 'for the table' },
  ].filter((set) => files.some((f) => (f.quantity.perSet[set.id] ?? 0) > 0 && !f.quantity.optional));
  const build = buildOf(project, game.id);
  // A piece in each seat's colour is drawn in the first seat's (Rigadoon's ships blue), not the grey of no colour.
  const colorOf = (color: string): string => (color === 'player' && game.colors[0] ? game.colors[0] : color);
  const drawn = files.map((f) => ({ ...f, color: colorOf(f.color) }));
  // And a split piece (Rigadoon's board) assembled, as it lies on the table.
  const pictures = [];
  if (flags.previews) {
    const [{ previewFiles }, { assembledPictures }] = await Promise.all([
      import('../../generate/previews.js'),
      import('../../games/assembled.js'),
    ]);
    pictures.push(...previewFiles(drawn, sets, false), ...assembledPictures(PREVIEWS_DIR, planned, files, colorOf));
  }
  const others = pictures.map((o) => ({ ...o, owner: owner.previews(build) }));
  const owners = new Set([owner.pieces(build), ...(flags.previews ? [owner.previews(build)] : [])]);
  await writeRun(
    project,
    {
      game: game.id,
      settings,
      parts: files.map((file) => ({ file, owner: owner.pieces(build) })),
      others,
      replaces: (o) => owners.has(o),
      factions: [],
    },
    io,
    cache,
  );
  const seconds = (performance.now() - t0) / 1000;
  if (flags.json) io.out(`${JSON.stringify(summary(project.shownFolder, files, seconds), null, 2)}\n`);
  else
    io.out(
      `${files.length} files (${files.filter((f) => !f.cached).length} built) for ${game.name} in ${seconds.toFixed(2)} s → ${project.shownFolder}/\n`,
    );
}

function summary(outDir: string, files: readonly GeneratedFile<LazyBytes>[], seconds: number): object {
  return {
    outDir,
    seconds: Math.round(seconds * 1000) / 1000,
    files: files.map((f) => ({
      path: f.path,
      faction: f.faction,
      part: f.part,
      triangles: f.triangles,
      sha256: f.sha256,
      cached: f.cached,
      buildMs: Math.round(f.buildMs),
    })),
  };
}
