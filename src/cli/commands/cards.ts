/**
 * `shipwright cards`: the paper half of the game for the selected factions, drawn from the parts as
 * generated: DIR/cards.pdf, or with --format svg DIR/cards-NN.svg, one per page. With --game, a pack's
 * paper from its cards.yaml (cards, tokens, reference pages) into the pack's folder beside its pieces.
 */
import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import { generateParts } from '../../generate/index.js';
import { join } from 'node:path';
import { HOME_GAME, owner } from '../../generate/manifest.js';
import { buildOf, openOut, writeRun } from '../output-run.js';
import { PAPER_PARTS, paperPages } from '../../paper/index.js';
import { PAPER, pagesPdf, pageSvg, type Page, type PaperId } from '../../paper/page.js';
import { loadPackPaper, PAPER_FILE } from '../../paper/pack-file.js';
import { packPages } from '../../paper/pack.js';
import type { Game } from '../../games/types.js';
import {
  addBuildOptions,
  addCannonOptions,
  addFactionOptions,
  addGameOption,
  buildSettingsFrom,
  factionsFrom,
  packFrom,
  parseIntFlag,
  type BuildFlags,
  type FactionFlags,
  type GameFlags,
} from '../options.js';
import { addCacheOptions, cacheFrom, type CacheFlags } from '../cache-options.js';
import { readExternalHulls } from '../stl-input.js';
import type { Io, Register } from '../terminal.js';

interface Flags extends FactionFlags, BuildFlags, CacheFlags, GameFlags {
  paper: string;
  format: string;
  out?: string;
  players?: string;
}

/** The pages as files: one PDF, or an SVG per page. */
async function paperFiles(
  pages: readonly Page[],
  format: string,
  title: string,
): Promise<{ path: string; bytes: Uint8Array }[]> {
  const enc = new TextEncoder();
  return format === 'pdf'
    ? [{ path: 'cards.pdf', bytes: await pagesPdf(pages, title) }]
    : pages.map((p, i) => ({ path: `cards-${String(i + 1).padStart(2, '0')}.svg`, bytes: enc.encode(pageSvg(p)) }));
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** `cards --game`: the pack's paper for a table of --players (default the fewest it plays). */
async function packCards(game: Game, flags: Flags, io: Io): Promise<void> {
  const paper = await loadPackPaper(game);
  if (!paper)
    throw InputError.single(
      '--game',
      '',
      `${game.name} has no paper to print: its folder ${game.dir} holds no ${PAPER_FILE}`,
    );
  const { min, max } = game.players;
  const players = flags.players === undefined ? min : parseIntFlag('--players', flags.players, min, max);
  const { pages, printed } = packPages(paper, players, PAPER[flags.paper as PaperId]);
  const settings = await buildSettingsFrom(flags);
  const project = await openOut(flags.out, game.id);
  const files = await paperFiles(pages, flags.format, paper.title);
  // A pack's cards are their own owner, as the factions' are: the pack's pieces stay as they are.
  const cards = owner.cards(buildOf(project, game.id));
  await writeRun(
    project,
    {
      game: game.id,
      settings,
      parts: [],
      others: files.map((f) => ({ ...f, owner: cards })),
      replaces: (o) => o === cards,
      factions: [],
      keepsBuild: true,
    },
    io,
  );
  const total = (kind: string): number => printed.filter((p) => p.kind === kind).reduce((s, p) => s + p.copies, 0);
  const what = [
    plural(total('card'), 'card'),
    plural(total('token'), 'token'),
    plural(total('page'), 'reference page'),
  ].filter((t) => !t.startsWith('0 '));
  io.out(
    `${plural(pages.length, 'page')} for ${game.name}, ${plural(players, 'player')} (${what.join(', ')}) → ${files.map((f) => join(project.shownFolder, f.path)).join(', ')}\n`,
  );
}

export const registerCards: Register = (cmd: Command, io) => {
  cmd.argument('[files...]', 'faction YAML files to draw instead of the factions folder');
  addFactionOptions(addGameOption(cmd));
  addCacheOptions(addCannonOptions(addBuildOptions(cmd)))
    .option(
      '--players <n>',
      "with --game: players at the table, within the pack's range (default its fewest); per-player cards and tokens are printed for each",
    )
    .option('--paper <size>', `paper size: ${Object.keys(PAPER).join(' or ')}`, 'a4')
    .option('--format <format>', 'pdf (one file, every page) or svg (one file per page)', 'pdf')
    .option('--out <dir>', 'output folder (default out; made if missing; other files in it are left alone)')
    .action(async (paths: string[], flags: Flags) => {
      if (!(flags.paper in PAPER))
        throw InputError.single(
          '--paper',
          '',
          `"${flags.paper}" is not a paper size: use ${Object.keys(PAPER).join(' or ')}`,
        );
      if (flags.format !== 'pdf' && flags.format !== 'svg')
        throw InputError.single('--format', '', `"${flags.format}" is not a format: use pdf or svg`);
      const game = await packFrom(flags, paths);
      if (game) return packCards(game, flags, io);
      if (flags.players !== undefined)
        throw InputError.single(
          '--players',
          '',
          "the faction cards are one per faction, whatever the table; --players counts a game pack's paper (with --game)",
        );
      const settings = await buildSettingsFrom(flags);
      const project = await openOut(flags.out, null);
      const factions = await factionsFrom(paths, flags);
      const externalHulls = await readExternalHulls(factions);
      const files = await generateParts({
        factions,
        settings,
        parts: PAPER_PARTS,
        cache: await cacheFrom(flags, (m) => io.err(`warning: ${m}\n`)),
      });
      const { pages, flag } = await paperPages({
        factions,
        files,
        settings,
        paper: flags.paper as PaperId,
        externalHulls,
      });
      const paper = await paperFiles(pages, flags.format, 'Cannons & Coastlines: cards, flags and quick reference');
      // The cards are their own owner: a run replaces the cards (pdf or svg) and leaves the build's parts as they are.
      const cards = owner.cards(buildOf(project, HOME_GAME));
      const others = paper.map((f) => ({ ...f, owner: cards }));
      await writeRun(
        project,
        { game: HOME_GAME, settings, parts: [], others, replaces: (o) => o === cards, factions: [], keepsBuild: true },
        io,
      );
      io.out(
        `${pages.length} pages (${factions.length} faction card${factions.length === 1 ? '' : 's'}, flags with a ${flag.tabWidthMm.toFixed(2)} mm tab, the quick reference) → ${paper.map((f) => join(project.shownFolder, f.path)).join(', ')}\n`,
      );
    });
};
