/**
 * `shipwright cards`: the paper half of the game for the selected factions, drawn from the parts as
 * generated: DIR/cards.pdf, or with --format svg DIR/cards-NN.svg, one per page.
 */
import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import { generateParts } from '../../generate/index.js';
import { join } from 'node:path';
import { HOME_GAME, owner } from '../../generate/manifest.js';
import { buildOf, openOut, writeRun } from '../output-run.js';
import { PAPER_PARTS, paperPages } from '../../paper/index.js';
import { PAPER, pagesPdf, pageSvg, type PaperId } from '../../paper/page.js';
import { addBuildOptions, addCacheOptions, addCannonOptions, addFactionOptions, buildSettingsFrom, cacheFrom, factionsFrom, type BuildFlags, type CacheFlags, type FactionFlags } from '../options.js';
import { readExternalHulls } from '../stl-input.js';
import type { Register } from '../terminal.js';

interface Flags extends FactionFlags, BuildFlags, CacheFlags {
  paper: string;
  format: string;
  out?: string;
}

export const registerCards: Register = (cmd: Command, io) => {
  cmd.argument('[files...]', 'faction YAML files to draw instead of the factions folder');
  addFactionOptions(cmd);
  addCacheOptions(addCannonOptions(addBuildOptions(cmd)))
    .option('--paper <size>', `paper size: ${Object.keys(PAPER).join(' or ')}`, 'a4')
    .option('--format <format>', 'pdf (one file, every page) or svg (one file per page)', 'pdf')
    .option('--out <dir>', 'output folder (default out; made if missing; other files in it are left alone)')
    .action(async (paths: string[], flags: Flags) => {
      if (!(flags.paper in PAPER)) throw InputError.single('--paper', '', `"${flags.paper}" is not a paper size: use ${Object.keys(PAPER).join(' or ')}`);
      if (flags.format !== 'pdf' && flags.format !== 'svg') throw InputError.single('--format', '', `"${flags.format}" is not a format: use pdf or svg`);
      const settings = await buildSettingsFrom(flags);
      const project = await openOut(flags.out, null);
      const factions = await factionsFrom(paths, flags);
      const externalHulls = await readExternalHulls(factions);
      const files = await generateParts({ factions, settings, parts: PAPER_PARTS, cache: await cacheFrom(flags, (m) => io.err(`warning: ${m}\n`)) });
      const { pages, flag } = await paperPages({ factions, files, settings, paper: flags.paper as PaperId, externalHulls });
      const enc = new TextEncoder();
      const paper =
        flags.format === 'pdf'
          ? [{ path: 'cards.pdf', bytes: await pagesPdf(pages, 'Cannons & Coastlines: cards, flags and quick reference') }]
          : pages.map((p, i) => ({ path: `cards-${String(i + 1).padStart(2, '0')}.svg`, bytes: enc.encode(pageSvg(p)) }));
      // The cards are their own owner: a run replaces the cards (pdf or svg) and leaves the build's parts as they are.
      const cards = owner.cards(buildOf(project, HOME_GAME));
      const others = paper.map((f) => ({ ...f, owner: cards }));
      await writeRun(project, { game: HOME_GAME, settings, parts: [], others, replaces: (o) => o === cards, factions: [], keepsBuild: true }, io);
      io.out(`${pages.length} pages (${factions.length} faction card${factions.length === 1 ? '' : 's'}, flags with a ${flag.tabWidthMm.toFixed(2)} mm tab, the quick reference) → ${paper.map((f) => join(project.shownFolder, f.path)).join(', ')}\n`);
    });
};
