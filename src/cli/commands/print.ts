/**
 * `shipwright print`: a table's whole print job in one folder: every part's STL and the manifest (as
 * `generate` writes them), the parts laid out on plates, one 3MF per plate by colour and material, and
 * print-plan.md; with --json the plan on stdout.
 */
import type { Command } from 'commander';
import { cachedThumbnails, drawThumbnail, planPlates, printPlanJson, printPlanMarkdown } from '../../bom/print-plan.js';
import { composeManifest, GENERATOR } from '../../generate/manifest.js';
import { openOutput, writeOutput } from '../../io/output.js';
import { addCannonOptions } from '../options.js';
import { addTableOptions, runTable, type TableFlags } from '../table-run.js';
import type { Register } from '../terminal.js';

interface Flags extends TableFlags {
  out: string;
  json?: boolean;
}

export const PRINT_PLAN_FILE = 'print-plan.md';
/** Without --players or --armada: a common table, in the rulebook's default mode (2–6 players). */
export const DEFAULT_PRINT_PLAYERS = 4;

export const registerPrint: Register = (cmd: Command, io) => {
  addCannonOptions(addTableOptions(cmd))
    .option('--out <dir>', 'output folder', 'out')
    .option('--json', 'print the plan as JSON on stdout and nothing else')
    .action(async (flags: Flags) => {
      const previous = await openOutput(flags.out);
      if (flags.players === undefined && flags.armada === undefined) flags.players = String(DEFAULT_PRINT_PLAYERS);
      // Settings that would mix with the folder's kept factions are refused before building (and again when writing).
      const { plan: table, settings, files, bom, mesh, cache } = await runTable(flags, io, (s, used) => void composeManifest([], s, GENERATOR, used, previous, flags.out));
      const plan = await planPlates(bom, mesh, settings.printer, cache ? cachedThumbnails(cache) : drawThumbnail);
      const enc = new TextEncoder();
      const others = [...plan.plates.map((p) => ({ path: p.file, bytes: p.bytes })), { path: PRINT_PLAN_FILE, bytes: enc.encode(printPlanMarkdown(plan, bom)) }];
      const built = new Set(table.sets.flatMap((s) => s.factions));
      const counts = new Map<string, number>();
      for (const r of bom.rows) counts.set(r.file, (counts.get(r.file) ?? 0) + r.quantity);
      const extras = { otherFiles: others.map((o) => o.path), table: { players: bom.players, mode: bom.mode, counts } };
      await writeOutput(flags.out, [...files, ...others], (now) => composeManifest(files, settings, GENERATOR, built, now, flags.out, extras));
      if (flags.json) io.out(printPlanJson(plan, bom));
      else io.out(`${plan.plates.length} plates (at least ${plan.lowerBound} by area) for ${bom.players} players → ${flags.out}/plates/, plan in ${flags.out}/${PRINT_PLAN_FILE}\n`);
    });
};
