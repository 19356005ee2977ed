/**
 * `shipwright print`: a table's whole print job in one folder: every part's STL and the manifest (as
 * `generate` writes them), the parts laid out on plates, one 3MF per plate by colour and material, and
 * print-plan.md; with --json the plan on stdout.
 */
import type { Command } from 'commander';
import { cachedThumbnails, drawThumbnail, planPlates, printPlanJson, printPlanMarkdown } from '../../bom/print-plan.js';
import { composeManifest, GENERATOR } from '../../generate/manifest.js';
import { ensureParentFolder, openOutput, writeOutput } from '../../io/output.js';
import { addCannonOptions, packFrom } from '../options.js';
import { addTableOptions, runTable, type TableFlags } from '../table-run.js';
import type { Register } from '../terminal.js';

interface Flags extends TableFlags {
  out?: string;
  json?: boolean;
}

export const PRINT_PLAN_FILE = 'print-plan.md';
/** Without --players or --armada: a common table, in the rulebook's default mode (2–6 players). */
export const DEFAULT_PRINT_PLAYERS = 4;

export const registerPrint: Register = (cmd: Command, io) => {
  addCannonOptions(addTableOptions(cmd))
    .option('--out <dir>', 'output folder (default out; out/<game> for another --game)')
    .option('--json', 'print the plan as JSON on stdout and nothing else')
    .action(async (flags: Flags) => {
      const game = await packFrom(flags);
      const out = flags.out ?? (game ? `out/${game.id}` : 'out');
      if (game && flags.out === undefined) await ensureParentFolder(out);
      const previous = await openOutput(out);
      if (flags.players === undefined && flags.armada === undefined) flags.players = String(game ? game.players.min : DEFAULT_PRINT_PLAYERS);
      // Settings that would mix with the folder's kept factions are refused before building (and again when writing).
      const { plan: table, settings, files, bom, mesh, cache } = await runTable(flags, io, (s, used) => void composeManifest([], s, GENERATOR, used, previous, out), game);
      const plan = await planPlates(bom, mesh, settings.printer, cache ? cachedThumbnails(cache) : drawThumbnail);
      const enc = new TextEncoder();
      const others = [...plan.plates.map((p) => ({ path: p.file, bytes: p.bytes })), { path: PRINT_PLAN_FILE, bytes: enc.encode(printPlanMarkdown(plan, bom)) }];
      const built = new Set(table.sets.flatMap((s) => s.factions));
      const counts = new Map<string, number>();
      for (const r of bom.rows) counts.set(r.file, (counts.get(r.file) ?? 0) + r.quantity);
      const extras = { otherFiles: others.map((o) => o.path), table: { players: bom.players, mode: bom.mode, counts }, ...(game ? { game: game.id } : {}) };
      await writeOutput(out, [...files, ...others], (now) => composeManifest(files, settings, GENERATOR, built, now, out, extras));
      if (flags.json) io.out(printPlanJson(plan, bom));
      else io.out(`${plan.plates.length} plates (at least ${plan.lowerBound} by area) for ${bom.players} players${game ? ` of ${game.name}` : ''} → ${out}/plates/, plan in ${out}/${PRINT_PLAN_FILE}\n`);
    });
};
