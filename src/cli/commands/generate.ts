/** `shipwright generate`: every part of every faction set as print-ready binary STL, plus out/manifest.json. */
import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import { generateParts, type GeneratedFile } from '../../generate/index.js';
import { bedProblems, composeManifest, GENERATOR } from '../../generate/manifest.js';
import { previewFiles, PREVIEWS_DIR } from '../../generate/previews.js';
import { ensureParentFolder, openOutput, writeOutput } from '../../io/output.js';
import { defaultJobs } from '../../generate/pool.js';
import { addGameOption, packFrom, type GameFlags, addBuildOptions, addCacheOptions, addCannonOptions, cacheFrom, type CacheFlags, addFactionOptions, buildSettingsFrom, factionsFrom, parseIntFlag, type BuildFlags, type FactionFlags } from '../options.js';
import { progressReporter } from '../progress.js';
import type { Register } from '../terminal.js';

import { generatePack } from '../../games/plan.js';
import type { Game } from '../../games/types.js';
import type { BuildSettings } from '../../generate/types.js';
import type { Io } from '../terminal.js';

interface Flags extends FactionFlags, BuildFlags, CacheFlags, GameFlags {
  out?: string;
  jobs?: string;
  json?: boolean;
  previews?: boolean;
}


export const registerGenerate: Register = (cmd: Command, io) => {
  cmd
    .argument('[files...]', 'faction YAML files to build instead of the factions folder');
  addFactionOptions(addGameOption(cmd));
  addCacheOptions(addCannonOptions(addBuildOptions(cmd)))
    .option('--out <dir>', 'output folder (default out; out/<game> for another --game)')
    .option('--jobs <n>', `worker threads (default: ${defaultJobs()}, the machine's cores)`)
    .option('--json', 'print a JSON summary on stdout and nothing else')
    .option('--previews', `also write ${PREVIEWS_DIR}/: a picture of every part, a contact sheet per faction set and one of the shared parts`)
    .action(async (paths: string[], flags: Flags) => {
      const settings = await buildSettingsFrom(flags);
      const jobs = flags.jobs === undefined ? defaultJobs() : parseIntFlag('--jobs', flags.jobs, 1, 64);
      const game = await packFrom(flags, paths);
      if (game) {
        await generateGame(game, settings, jobs, flags, io);
        return;
      }
      const out = flags.out ?? 'out';
      const factions = await factionsFrom(paths, flags);
      // Refuse a folder that is not ours, and settings that would mix with the kept factions', before building.
      const previous = await openOutput(out);
      const built = new Set(factions.map((f) => f.id));
      composeManifest([], settings, GENERATOR, built, previous, out);
      const cache = await cacheFrom(flags, (m) => io.err(`warning: ${m}\n`));
      const t0 = performance.now();
      const progress = flags.json ? null : progressReporter(io);
      const files = await generateParts({ factions, settings, jobs, cache, onProgress: progress ?? undefined });
      const tooBig = bedProblems(files, settings.printer, factions);
      if (tooBig.length) throw new InputError(tooBig);
      // A --faction run leaves other factions' files in place and keeps their manifest entries; the
      // manifest is composed again under the output's lock, in case another run finished meanwhile.
      const others = flags.previews ? previewFiles(files, factions) : [];
      await writeOutput(out, [...files, ...others], (now) => composeManifest(files, settings, GENERATOR, built, now, out, { otherFiles: others.map((o) => o.path) }));
      const seconds = (performance.now() - t0) / 1000;
      if (flags.json) io.out(`${JSON.stringify(summary(out, files, seconds), null, 2)}\n`);
      else {
        const rebuilt = files.filter((f) => !f.cached).length;
        io.out(`${files.length} files (${rebuilt} built, ${files.length - rebuilt} from cache) for ${factions.length} faction${factions.length === 1 ? '' : 's'} in ${seconds.toFixed(2)} s → ${out}/\n`);
      }
    });
};

/** `generate --game`: the pack's files and its manifest into out/<game> (or --out). */
async function generateGame(game: Game, settings: BuildSettings, jobs: number, flags: Flags, io: Io): Promise<void> {
  const out = flags.out ?? `out/${game.id}`;
  if (flags.out === undefined) await ensureParentFolder(out);
  await openOutput(out);
  const cache = await cacheFrom(flags, (m) => io.err(`warning: ${m}\n`));
  const t0 = performance.now();
  const progress = flags.json ? null : progressReporter(io);
  const { files } = await generatePack(game, settings, { jobs, cache, onProgress: progress ?? undefined });
  const tooBig = bedProblems(files, settings.printer, []);
  if (tooBig.length) throw new InputError(tooBig.map((p) => ({ ...p, source: game.source })));
  const sets = [{ id: 'player', name: `${game.name}, each player` }, { id: 'table', name: `${game.name}, the table` }];
  const others = flags.previews ? previewFiles(files, sets, false) : [];
  await writeOutput(out, [...files, ...others], (now) => composeManifest(files, settings, GENERATOR, new Set(), now, out, { game: game.id, otherFiles: others.map((o) => o.path) }));
  const seconds = (performance.now() - t0) / 1000;
  if (flags.json) io.out(`${JSON.stringify(summary(out, files, seconds), null, 2)}\n`);
  else io.out(`${files.length} files (${files.filter((f) => !f.cached).length} built) for ${game.name} in ${seconds.toFixed(2)} s → ${out}/\n`);
}

function summary(outDir: string, files: readonly GeneratedFile[], seconds: number): object {
  return {
    outDir,
    seconds: Math.round(seconds * 1000) / 1000,
    files: files.map((f) => ({ path: f.path, faction: f.faction, part: f.part, triangles: f.triangles, sha256: f.sha256, cached: f.cached, buildMs: Math.round(f.buildMs) })),
  };
}
