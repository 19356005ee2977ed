/**
 * `shipwright studio [FILE.yaml]`: the faction file in a live page (src/studio/): a small HTTP server on
 * 127.0.0.1 at a free port, printed on start, until Ctrl+C. Without FILE it opens my-faction.yaml in the
 * working folder, made by new-faction when it is not there yet. The page's buttons write the faction's
 * STLs, plates and cards by running generate, print and cards on the saved file, as the user would.
 */
import type { Command } from 'commander';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../../files/atomic.js';
import { findPackageRoot, pathExists, readTextFile } from '../../files/read.js';
import { MAX_FACTION_FILE_BYTES } from '../../faction/loader.js';
import { startStudio, type WriteKind } from '../../studio/server.js';
import { StudioSession } from '../../studio/session.js';
import { addBuildOptions, addCannonOptions, buildSettingsFrom, parseIntFlag, type BuildFlags } from '../options.js';
import { addCacheOptions, cacheFrom, type CacheFlags } from '../cache-options.js';
import type { Register } from '../terminal.js';
import { DEFAULT_FROM, writeNewFaction } from './new-faction.js';

interface Flags extends BuildFlags, CacheFlags {
  out?: string;
  port?: string;
  jobs?: string;
}

/** The file the studio opens without FILE. */
export const DEFAULT_STUDIO_FILE = 'my-faction.yaml';
const BIN = join(findPackageRoot(dirname(fileURLToPath(import.meta.url))), 'bin', 'shipwright.js');

/** The command line each button runs on the saved file. */
function commandFor(kind: WriteKind, file: string, out: string): string[] {
  if (kind === 'stl') return ['generate', file, '--out', out];
  if (kind === 'plates') return ['print', file, '--players', '2', '--out', out];
  return ['cards', file, '--out', out];
}

/** The build flags given to the studio, passed on to what its buttons run. */
function buildArgs(flags: Flags): string[] {
  const pairs: [string, string | undefined][] = [
    ['--clearance', flags.clearance],
    ['--printer', flags.printer],
    ['--profile', flags.profile],
    ['--cannon-material', flags.cannonMaterial],
    ['--range', flags.range],
  ];
  return pairs.flatMap(([flag, v]) => (v === undefined ? [] : [flag, v]));
}

/** Runs shipwright with `args`, as a child process; resolves with its exit and what it printed. */
function runShipwright(args: readonly string[]): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ ok: code === 0, output }));
  });
}

export const registerStudio: Register = (cmd: Command, io) => {
  cmd.argument(
    '[file]',
    `faction YAML file to edit (default ${DEFAULT_STUDIO_FILE}, made from ${DEFAULT_FROM} when missing)`,
  );
  addCacheOptions(addCannonOptions(addBuildOptions(cmd)))
    .option('--out <dir>', "folder the page's buttons write into (default out)", 'out')
    .option('--port <n>', 'port on 127.0.0.1 (default: a free one)')
    .option('--jobs <n>', "worker threads for building (default: the machine's cores)")
    .action(async (given: string | undefined, flags: Flags) => {
      const file = given ?? DEFAULT_STUDIO_FILE;
      if (given === undefined && !pathExists(file))
        io.err(`note: made ${await writeNewFaction('My Faction', { from: DEFAULT_FROM })}\n`);
      const text = await readTextFile(file, MAX_FACTION_FILE_BYTES);
      const settings = await buildSettingsFrom(flags);
      const cache = await cacheFrom(flags, (m) => io.err(`warning: ${m}\n`));
      const port = flags.port === undefined ? 0 : parseIntFlag('--port', flags.port, 1024, 65535);
      const jobs = flags.jobs === undefined ? undefined : parseIntFlag('--jobs', flags.jobs, 1, 64);
      const out = flags.out ?? 'out';
      const server = await startStudio({
        session: new StudioSession({ file, settings, cache, ...(jobs ? { jobs } : {}) }),
        text,
        port,
        save: (t) => writeFileAtomic(file, t),
        write: async (kind) => ({
          ...(await runShipwright([...commandFor(kind, file, out), ...buildArgs(flags)])),
          folder: out,
        }),
      });
      io.out(`studio: ${server.url} (editing ${file}; Ctrl+C stops)\n`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await server.close();
    });
};
