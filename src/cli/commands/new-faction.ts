/**
 * `shipwright new-faction NAME [--from ID]`: writes NAME's faction file (`<id>.yaml`, in --out or the
 * working folder), made from a shipped faction (default queens-fleet) with every section commented; it
 * validates clean as written. An existing file is never overwritten.
 */
import type { Command } from 'commander';
import { join, relative, resolve } from 'node:path';
import { InputError } from '../../errors.js';
import { writeFileAtomic } from '../../files/atomic.js';
import { pathExists, readTextFile } from '../../files/read.js';
import { DEFAULT_FACTIONS_DIR, loadFactions, MAX_FACTION_FILE_BYTES } from '../../faction/loader.js';
import { newFactionText } from '../../faction/new-faction.js';
import type { Register } from '../terminal.js';

interface Flags {
  from: string;
  out?: string;
  factionsDir?: string;
}

/** The faction a new one starts from: the first faction of the rulebook's first game. */
export const DEFAULT_FROM = 'queens-fleet';

/**
 * Writes the new faction file and returns its path.
 * @throws InputError for an unknown --from id, a name that makes no id, or a file already there.
 */
export async function writeNewFaction(name: string, flags: Flags): Promise<string> {
  const dir = flags.factionsDir ?? DEFAULT_FACTIONS_DIR;
  const factions = await loadFactions(dir);
  const from = factions.find((f) => f.id === flags.from.trim().toLowerCase());
  if (!from)
    throw InputError.single(
      '--from',
      '',
      `unknown faction "${flags.from}": expected one of ${factions.map((f) => f.id).join(', ')}`,
    );
  const outDir = flags.out ?? '.';
  const schema = relative(resolve(outDir), join(DEFAULT_FACTIONS_DIR, '..', 'schema', 'faction.schema.json'))
    .split('\\')
    .join('/');
  const { id, text } = newFactionText(name, await readTextFile(from.sourceFile, MAX_FACTION_FILE_BYTES), schema);
  const path = join(outDir, `${id}.yaml`);
  if (pathExists(path))
    throw InputError.single(
      path,
      '',
      'already exists; new-faction never overwrites a file: give another NAME, or another --out folder',
    );
  await writeFileAtomic(path, text);
  return path;
}

export const registerNewFaction: Register = (cmd: Command, io) => {
  cmd
    .argument(
      '<name>',
      'the faction\'s name, as on its card (its id, which names the file, is made from it: "Iron Armada" → iron-armada)',
    )
    .option('--from <id>', 'the shipped faction to start from (any case)', DEFAULT_FROM)
    .option('--out <dir>', 'folder to write <id>.yaml in (default: the working folder)')
    .option('--factions-dir <dir>', 'folder of faction YAML files --from picks from (default: the shipped factions)')
    .action(async (name: string, flags: Flags) => {
      const path = await writeNewFaction(name, flags);
      io.out(
        `wrote ${path}, made from ${flags.from.toLowerCase()}: check it with shipwright validate ${path}, or edit it live with shipwright studio ${path}\n`,
      );
    });
};
