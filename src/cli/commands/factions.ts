/** `shipwright factions`: the factions in a folder and their card stats. */
import type { Command } from 'commander';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../../faction/loader.js';
import type { Faction } from '../../faction/types.js';
import { CLICK_DISTANCE_MM } from '../../standard.js';
import { mmToIn } from '../../units.js';
import type { Register } from '../terminal.js';
import { formatTable } from '../../table.js';

interface Flags {
  factionsDir?: string;
  json?: boolean;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function tableRows(factions: readonly Faction[]): string[][] {
  const header = ['id', 'name', 'ships', 'move', 'fittings', 'cannon slots', 'hits to sink', 'heading', 'colour', 'ability', 'hull (length × beam × height)'];
  const rows = factions.map((f) => {
    const c = f.card;
    const h = f.model.hull;
    return [
      f.id,
      f.name,
      String(c.ships),
      `${plural(c.moveCount, 'click')} (${+mmToIn(c.moveCount * CLICK_DISTANCE_MM).toFixed(1)} in)`,
      String(c.fittings),
      String(c.cannonSlots),
      String(c.hitsToSink),
      `${c.maxHeadingDeg}°`,
      c.color,
      c.ability.name,
      `${h.style} ${h.lengthMm} × ${h.beamMm} × ${h.heightMm} mm`,
    ];
  });
  return [header, ...rows];
}

export const registerFactions: Register = (cmd: Command, io) => {
  cmd
    .option('--factions-dir <dir>', 'folder of faction YAML files (default: the shipped factions)')
    .option('--json', 'print the resolved factions as JSON on stdout')
    .action(async (flags: Flags) => {
      const dir = flags.factionsDir ?? DEFAULT_FACTIONS_DIR;
      const factions = await loadFactions(dir);
      if (flags.json) {
        io.out(`${JSON.stringify(factions, null, 2)}\n`);
        return;
      }
      io.out(formatTable(tableRows(factions), [2, 4, 5, 6]));
      io.out(`\n${plural(factions.length, 'faction')} from ${dir}; one click of the movement wheel is ${+mmToIn(CLICK_DISTANCE_MM).toFixed(1)} in (${CLICK_DISTANCE_MM} mm).\n`);
    });
};
