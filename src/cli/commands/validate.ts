/**
 * `shipwright validate`: checks every faction's card against the geometry that will be printed, the
 * rulebook's bounds, fits, printability and (with --armada) an armada list. Exit 0 clean, 1 when any
 * error-level finding, 2 on bad input.
 */
import type { Command } from 'commander';
import { loadArmada } from '../../armada/load.js';
import { InputError } from '../../errors.js';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../../faction/loader.js';
import type { Faction } from '../../faction/types.js';
import { CATALOG } from '../../generate/catalog.js';
import { figuresText, findingsJson, findingsText } from '../../validate/report.js';
import { formatTable } from '../../table.js';
import type { Rule } from '../../validate/types.js';
import { validateWithFiles } from '../../validate/validate.js';
import { defaultJobs, Pool } from '../../generate/pool.js';
import { writeNamedFiles } from '../../io/named-files.js';
import { EXIT } from '../terminal.js';
import {
  addGameOption,
  packFrom,
  type GameFlags,
  addBuildOptions,
  addCannonOptions,
  addFactionOptions,
  buildSettingsFrom,
  factionsFrom,
  parseIntFlag,
  selectFactions,
  type BuildFlags,
  type FactionFlags,
} from '../options.js';
import { addCacheOptions, cacheFrom, type CacheFlags } from '../cache-options.js';
import type { Register } from '../terminal.js';
import { readExternalHulls, readStl } from '../stl-input.js';
import type { Game } from '../../games/types.js';

// The rules, a pack's checks and paper, and the pictures are loaded where a run needs them: the threads,
// started first, then load the builds and the rules while this one loads less.

const collect = (v: string, prev: string[] | undefined): string[] => [...(prev ?? []), v];

interface Flags extends FactionFlags, BuildFlags, CacheFlags, GameFlags {
  armada?: string;
  json?: boolean;
  part?: string[];
  jobs?: string;
  listRules?: boolean;
  previews?: string;
}

async function loadSelected(files: readonly string[], flags: Flags): Promise<{ factions: Faction[]; known: string[] }> {
  const dir = flags.factionsDir ?? DEFAULT_FACTIONS_DIR;
  if (files.length > 0) {
    const factions = await factionsFrom(files, flags, { rulebook: 'defer' });
    const known = flags.armada ? (await loadFactions(dir, { rulebook: 'defer' })).map((f) => f.id) : [];
    return { factions, known: [...new Set([...known, ...factions.map((f) => f.id)])] };
  }
  // An armada list alone checks the list against the folder's factions without building them.
  if (flags.armada && !flags.faction?.length)
    return { factions: [], known: (await loadFactions(dir, { rulebook: 'defer' })).map((f) => f.id) };
  const factions = await selectFactions(flags, { rulebook: 'defer' });
  return {
    factions,
    known: flags.armada ? (await loadFactions(dir, { rulebook: 'defer' })).map((f) => f.id) : factions.map((f) => f.id),
  };
}

async function replacements(specs: readonly string[]): Promise<Map<string, { path: string; bytes: Uint8Array }>> {
  const shared = CATALOG.filter((e) => e.folder === 'shared').map((e) => e.part);
  const out = new Map<string, { path: string; bytes: Uint8Array }>();
  for (const spec of specs) {
    const m = /^([a-z0-9-]+)=(.+)$/.exec(spec);
    if (!m || !shared.includes(m[1]!))
      throw InputError.single(
        '--part',
        '',
        `"${spec}" is not valid: expected PART=FILE.stl with PART one of ${shared.join(', ')}`,
      );
    out.set(m[1]!, { path: m[2]!, bytes: await readStl(m[2]!, '--part', '') });
  }
  return out;
}

/** A `--game` pack with its paper (its cards.yaml, or null) and the modules that check them, loaded only for one. */
async function packOf(game: Game) {
  const [rules, file, pack, check, page] = await Promise.all([
    import('../../games/rules.js'),
    import('../../paper/pack-file.js'),
    import('../../paper/pack.js'),
    import('../../paper/pack-check.js'),
    import('../../paper/page.js'),
  ]);
  return {
    game,
    paper: await file.loadPackPaper(game),
    packRules: rules.packRules,
    validatePack: rules.validatePack,
    packPages: pack.packPages,
    paperFindings: check.paperFindings,
    PAPER_RULES: check.PAPER_RULES,
    PAPER: page.PAPER,
  };
}

/** Every rule id beside what it checks, one per line, in the order they run. */
function rulesTable(rules: readonly Pick<Rule, 'id' | 'title'>[]): string {
  return formatTable([['rule', 'checks'], ...rules.map((r) => [r.id, r.title])]);
}

export const registerValidate: Register = (cmd: Command, io, setExit) => {
  cmd.argument('[files...]', 'faction YAML files to check instead of the factions folder');
  addFactionOptions(addGameOption(cmd));
  addCacheOptions(addCannonOptions(addBuildOptions(cmd)))
    .option('--armada <file>', 'also check a Custom Armada list (YAML: players with ships by faction)')
    .option(
      '--part <part=file.stl>',
      'check a shared part exported from another tool in place of the generated one (repeatable)',
      collect,
    )
    .option('--jobs <n>', "worker threads for building and checking (default: the machine's cores)")
    .option('--list-rules', 'print every rule id with what it checks, and check nothing (with --json: [{id, checks}])')
    .option(
      '--previews <dir>',
      "draw each finding's part with the place highlighted, as DIR/<faction>-<part>-<rule>-<n>.png, named beside the finding, and each faction's deck map (its features, keep-outs and free places) as DIR/<faction>-deck-map.png",
    )
    .option('--json', 'print {"findings": [...], "figures": [...]} on stdout and nothing else')
    .action(async (files: string[], flags: Flags) => {
      const game = await packFrom(flags, files);
      // A pack's paper (its cards.yaml) is checked with its pieces: the deck's count, every card's pattern.
      const pack = game ? await packOf(game) : null;
      if (flags.listRules) {
        const rules = pack
          ? [...pack.packRules(pack.game, []), ...(pack.paper ? pack.PAPER_RULES : [])]
          : (await import('../../validate/rules/index.js')).RULES;
        io.out(
          flags.json
            ? `${JSON.stringify(
                rules.map((r) => ({ id: r.id, checks: r.title })),
                null,
                2,
              )}\n`
            : rulesTable(rules),
        );
        return;
      }
      const settings = await buildSettingsFrom(flags);
      const jobs = flags.jobs === undefined ? defaultJobs() : parseIntFlag('--jobs', flags.jobs, 1, 64);
      // One pool of threads for the builds and then the rules.
      const pool = new Pool(jobs);
      try {
        if (pack) {
          const { game, paper } = pack;
          for (const [flag, v] of [
            ['--part', flags.part],
            ['--previews', flags.previews],
          ] as const)
            if (v !== undefined)
              throw InputError.single(
                flag,
                '',
                `${flag} checks the faction sets' parts; leave it out for ${game.name}`,
              );
          const findings = await pack.validatePack(game, settings, {
            pool,
            cache: await cacheFrom(flags, (m) => io.err(`warning: ${m}\n`)),
          });
          if (paper)
            findings.push(
              ...pack.paperFindings(paper, pack.packPages(paper, game.players.min, pack.PAPER.a4), game.players.min),
            );
          io.out(
            flags.json
              ? findingsJson(findings)
              : findingsText(findings, { factions: 0, game: game.name, paper: paper !== null }),
          );
          if (findings.some((f) => f.severity === 'error')) setExit(EXIT.violations);
          return;
        }
        // Started now, so that they start and load the builds' and the rules' modules while this thread loads
        // the factions, plans the parts and reads the cache (an armada list alone builds and checks no part).
        if (!flags.armada) pool.start('build', 'rules');
        const { factions, known } = await loadSelected(files, flags);
        // Each faction's deck map first: written even when its layout stops the build below. A hull made in
        // another tool has no planned layout to draw.
        if (flags.previews) {
          const { deckMapPng } = await import('../../validate/deck-map.js');
          const planned = factions.filter((f) => !f.model.externalHullStl);
          const maps = await writeNamedFiles(
            flags.previews,
            new Map(
              await Promise.all(planned.map(async (f) => [f.id, await deckMapPng(f, settings.clearanceMm)] as const)),
            ),
          );
          for (const path of maps.values()) io.err(`deck map: ${path}\n`);
        }
        const armada = flags.armada ? await loadArmada(flags.armada) : null;
        const externalHulls = await readExternalHulls(factions);
        const {
          findings,
          files: checked,
          figures,
        } = await validateWithFiles({
          factions,
          settings,
          armada,
          knownFactionIds: known,
          externalHulls,
          replacements: await replacements(flags.part ?? []),
          pool,
          cache: await cacheFrom(flags, (m) => io.err(`warning: ${m}\n`)),
        });
        const pictures = flags.previews
          ? await writeNamedFiles(
              flags.previews,
              (await import('../../validate/pictures.js')).findingPictures(findings, checked),
            )
          : new Map();
        io.out(
          flags.json
            ? findingsJson(findings, pictures, figures)
            : `${findingsText(findings, { factions: factions.length, ...(armada ? { players: armada.players.length } : {}) }, pictures)}${figuresText(figures)}`,
        );
        if (findings.some((f) => f.severity === 'error')) setExit(EXIT.violations);
      } finally {
        await pool.close();
      }
    });
};
