/**
 * `shipwright print`: a table's whole print job in one folder: every part's STL and the manifest (as
 * `generate` writes them), the plates in printing order (the fit coupon, a test ship, then the table's
 * copies by colour and material, grouped by spool), one 3MF each with every part's slicer settings, and
 * print-plan.md with each faction's assembly guide beside it (assembly/<faction>.png); with --json the plan on stdout. `--have` names the spools the user owns.
 */
import type { Command } from 'commander';
import type { AssemblyText } from '../../bom/print-plan.js';
import type { GuideFiles } from '../assembly.js';
import { defaultJobs, Pool } from '../../generate/pool.js';
import { findMaterial } from '../../materials.js';
import { HOME_GAME, owner } from '../../generate/manifest.js';
import type { GeneratedFile } from '../../generate/types.js';
import { buildOf, openOut, rebuildWithRun, writeRun } from '../output-run.js';
import { addCannonOptions, haveFromProfile, packFrom, parseHave } from '../options.js';
import { readProfile } from '../../io/profile.js';
import { addTableOptions, runTable, type TableFlags } from '../table-run.js';
import type { Register } from '../terminal.js';

interface Flags extends TableFlags {
  out?: string;
  json?: boolean;
  have?: string;
}

export const PRINT_PLAN_FILE = 'print-plan.md';
/** Where each faction's assembly guide goes: `assembly/<faction>.png`. */
export const ASSEMBLY_DIR = 'assembly';
/** Without --players or --armada: a common table, in the rulebook's default mode (2–6 players). */
export const DEFAULT_PRINT_PLAYERS = 4;
/** The coupon the plan prints first (plate 0). */
const COUPON_FILE = 'shared/fit-coupon.stl';

export const registerPrint: Register = (cmd: Command, io) => {
  addCannonOptions(addTableOptions(cmd))
    .option('--out <dir>', 'output folder (default out; out/<game> for another --game)')
    .option('--json', 'print the plan as JSON on stdout and nothing else')
    .option(
      '--have <spools>',
      "filament you own besides the --profile's have: a full 1 kg spool per colour named, of --material unless colour/material, or :N spools or :Ng left on one: black,white:2,black/petg:650g",
    )
    .action(async (factionFiles: string[], flags: Flags) => {
      flags.files = factionFiles;
      const game = await packFrom(flags, factionFiles);
      const project = await openOut(flags.out, game?.id ?? null);
      if (flags.players === undefined && flags.armada === undefined)
        flags.players = String(game ? game.players.min : DEFAULT_PRINT_PLAYERS);
      const gameId = game?.id ?? HOME_GAME;
      // Checked before anything is built; an unknown --material is runTable's to report.
      // The profile's shelf first, then --have's spools on top of it.
      const tableMaterial = findMaterial(flags.material ?? 'pla')?.id ?? 'pla';
      const shelf =
        flags.profile === undefined
          ? []
          : haveFromProfile((await readProfile(flags.profile, false)).have ?? [], tableMaterial);
      const have = [...shelf, ...(flags.have === undefined ? [] : parseHave(flags.have, tableMaterial))];
      // How each of the table's factions' ships goes together (a game pack's pieces have no guide), drawn on
      // worker threads as soon as the parts are built, while this thread counts the bill and packs the plates;
      // stopped when this thread fails meanwhile, so the error ends the run at once. The threads that built
      // the parts draw the guides.
      let drawing: Promise<GuideFiles[]> = Promise.resolve([]);
      const stopGuides = new AbortController();
      const pool = new Pool(defaultJobs());
      // Started now, so that they start and load the builds', the guides' and the plates' modules while this
      // thread loads the factions, plans the parts and reads the cache: loaded after the builds, the guides'
      // held up the threads there, the run's critical path (cold 2.63–2.70 s against 2.70–2.74 s; a warm run,
      // which uses no thread, 0.36 s against 0.32 s).
      pool.start('build', 'guide', 'plate');
      try {
        // Factions the folder holds with other settings are built again, so the folder stays one build.
        const { settings, files, bom, mesh, cache, factions } = await runTable(
          flags,
          io,
          (s, used) => rebuildWithRun(project, gameId, s, used, io),
          game,
          async (t) => {
            const tableFactions = game ? [] : t.factions.filter((f) => t.plan.lines.some((l) => l.faction === f.id));
            const { startGuides } = await import('../assembly.js');
            drawing = (await startGuides(t.files, tableFactions, t.settings, t.cache, pool, stopGuides.signal)).drawn;
            // Awaited below; a failure before then must reach the command's error, not end the process unhandled.
            drawing.catch(() => undefined);
          },
          pool,
        );
        // Loaded once the parts are built: the plates' modules are this thread's only from here on.
        const { cachedPlanPlates, planPlates, platesOn, printPlanJson, printPlanMarkdown } =
          await import('../../bom/print-plan.js');
        const brims = new Map(files.map((f) => [f.path, f.brim.brim]));
        const planOptions = {
          brim: (file: string) => brims.get(file) ?? false,
          ...(brims.has(COUPON_FILE) ? { couponFile: COUPON_FILE } : {}),
          build: settings,
          have,
        };
        // The plates' packages and thumbnails are made on the threads, beside the guides still drawing there.
        const plan = cache
          ? await cachedPlanPlates(cache, files, bom, mesh, settings.printer, planOptions, pool)
          : await planPlates(bom, mesh, settings.printer, platesOn(pool, null), planOptions);
        const build = buildOf(project, gameId);
        const enc = new TextEncoder();
        const guides = await drawing;
        const assembly: AssemblyText[] = guides.map((g) => ({ ...g, picture: `${ASSEMBLY_DIR}/${g.faction}.png` }));
        const others = [
          ...plan.plates.map((p) => ({ path: p.file, bytes: p.bytes })),
          ...guides.map((g) => ({ path: `${ASSEMBLY_DIR}/${g.faction}.png`, bytes: g.sheetPng })),
          { path: PRINT_PLAN_FILE, bytes: enc.encode(printPlanMarkdown(plan, bom, assembly)) },
        ].map((o) => ({ ...o, owner: owner.print(build) }));
        const partOwner = (f: GeneratedFile): string =>
          game ? owner.pieces(build) : f.faction ? owner.faction(build, f.faction) : owner.shared(build);
        const parts = files.map((file) => ({ file, owner: partOwner(file) }));
        const owners = new Set([...parts.map((p) => p.owner), owner.print(build)]);
        const counts = new Map<string, number>();
        for (const r of bom.rows) counts.set(r.file, (counts.get(r.file) ?? 0) + r.quantity);
        const sources = factions.map((f) => ({ id: f.id, source: f.sourceFile }));
        await writeRun(
          project,
          {
            game: gameId,
            settings,
            parts,
            others,
            replaces: (o) => owners.has(o),
            factions: sources,
            table: { players: bom.players, mode: bom.mode, counts },
          },
          io,
          cache,
        );
        if (flags.json) io.out(printPlanJson(plan, bom, assembly));
        else
          io.out(
            `${plan.plates.length} plates (the table's at least ${plan.lowerBound} by area), ${plan.filamentChanges} filament changes, for ${bom.players} players${game ? ` of ${game.name}` : ''} → ${project.shownFolder}/plates/, plan in ${project.shownFolder}/${PRINT_PLAN_FILE}\n`,
          );
      } catch (e) {
        stopGuides.abort(e);
        throw e;
      } finally {
        await pool.close();
      }
    });
};
