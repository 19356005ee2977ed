/**
 * Custom Armada lists (rulebook "Custom Armada"): which ships each player fields, from which factions.
 * The file as written:
 *
 *     players:
 *       - name: Anne
 *         ships: [{ faction: corsairs, count: 4 }, { faction: queens-fleet, count: 3 }]
 *
 * Parsing checks the structure, and that the list is no bigger than the largest table the rulebook allows
 * (every ship multiplies the work of `bom` and `print`); whether the ids name loaded factions and whether a
 * fleet keeps the rulebook's limits (15 ships, at most half from one faction) is for its users: `bom`
 * reports it, `validate` finds it.
 */
import { InputError } from '../errors.js';
import { childPath, YamlReader } from '../faction/yaml-reader.js';
import { readTextFile } from '../files/read.js';
import { ARMADA, PLAYERS } from '../rules/rulebook.js';
import { parseYaml } from '../yaml-syntax.js';

/** An armada list is a few KiB; anything past this is not one. */
export const MAX_ARMADA_FILE_BYTES = 256 * 1024;
/**
 * The largest table the rulebook allows: 20 players (PLAYERS, "At the Table") fielding up to 15 ships each
 * (ARMADA, "Custom Armada"), 300 ships. One player's fleet past 15 breaks a rule the commands report; a list
 * past the whole table's 300 is refused as it is read, before any part is counted or laid on a plate. A
 * player's entries are bounded by the same ships (each entry is at least one).
 */
export const ARMADA_LIST_LIMITS = { players: PLAYERS.max, shipsPerTable: PLAYERS.max * ARMADA.maxShips } as const;

export interface ArmadaShips {
  faction: string;
  count: number;
  /** Where the entry is, `line:col` in the file, for messages about it. */
  place: string;
}

export interface ArmadaPlayer {
  name: string;
  ships: ArmadaShips[];
  place: string;
}

export interface Armada {
  /** The file as the user named it. */
  source: string;
  players: ArmadaPlayer[];
}

const ID = {
  re: /^[a-z0-9]+(-[a-z0-9]+)*$/,
  hint: 'a faction id in lower-case words joined by hyphens, e.g. queens-fleet',
};

/**
 * Parses the text of an armada list. Pure: `sourceName` is only used in messages.
 * @throws InputError with every problem found, each at its line:column.
 */
export function parseArmada(text: string, sourceName: string): Armada {
  const { doc, lines, duplicateKeys, errors, warnings, aliases } = parseYaml(text, sourceName, 'an armada list');
  const syntax = [...errors, ...duplicateKeys, ...warnings, ...aliases];
  if (syntax.length > 0) throw new InputError(syntax);
  const reader = new YamlReader(sourceName, doc, lines);
  const placeOf = (node: unknown): string => {
    const start = (node as { range?: readonly number[] } | null)?.range?.[0];
    if (start === undefined) return '';
    const { line, col } = lines.linePos(start);
    return `${line}:${col}`;
  };
  const root = { node: doc.contents, at: doc.contents };
  const players: ArmadaPlayer[] = [];
  const top = reader.mapping(root, '', { required: ['players'], optional: [] }, 'an armada list');
  const playerFields =
    top?.get('players') &&
    reader.list(
      top.get('players')!,
      'players',
      `players (the rulebook seats ${PLAYERS.min} to ${PLAYERS.max})`,
      ARMADA_LIST_LIMITS.players,
    );
  const { shipsPerTable } = ARMADA_LIST_LIMITS;
  // Ships so far, so the entry that takes the list past the largest table is the one named.
  let shipsListed = 0;
  playerFields?.forEach((pf, i) => {
    const path = childPath('players', i);
    const fields = reader.mapping(pf, path, { required: ['name', 'ships'], optional: [] }, 'a player');
    if (!fields) return;
    const name = fields.get('name') && reader.text(fields.get('name')!, childPath(path, 'name'), 80);
    const ships: ArmadaShips[] = [];
    const shipsPath = childPath(path, 'ships');
    const entries =
      fields.get('ships') &&
      reader.list(
        fields.get('ships')!,
        shipsPath,
        `ship entries (each of at least one ship, of the ${shipsPerTable} the largest table fields)`,
        shipsPerTable,
      );
    if (entries?.length === 0)
      reader.report(
        fields.get('ships')!.at,
        shipsPath,
        'a player needs at least one entry `{ faction: <id>, count: <ships> }`',
      );
    entries?.forEach((ef, j) => {
      const epath = childPath(shipsPath, j);
      const e = reader.mapping(ef, epath, { required: ['faction', 'count'], optional: [] }, 'a ship entry');
      if (!e) return;
      const faction = e.get('faction') && reader.text(e.get('faction')!, childPath(epath, 'faction'), 64, ID);
      const count =
        e.get('count') &&
        reader.integer(
          e.get('count')!,
          childPath(epath, 'count'),
          { min: 1, max: shipsPerTable },
          `the largest table, ${PLAYERS.max} players of ${ARMADA.maxShips} ships, fields ${shipsPerTable}`,
        );
      if (count !== undefined && shipsListed <= shipsPerTable && (shipsListed += count) > shipsPerTable) {
        reader.report(
          e.get('count')!.at,
          childPath(epath, 'count'),
          `the list reaches ${shipsListed} ships here; the largest table the rulebook allows, ${PLAYERS.max} players of up to ${ARMADA.maxShips} ships (Custom Armada), fields ${shipsPerTable}`,
        );
      }
      if (faction !== undefined && count !== undefined) ships.push({ faction, count, place: placeOf(ef.at) });
    });
    if (name !== undefined) players.push({ name, ships, place: placeOf(pf.at) });
  });
  if (doc.contents === null)
    reader.problems.splice(0, reader.problems.length, {
      source: sourceName,
      place: '1:1',
      message: 'the file is empty; an armada list is a mapping `players:` with a list of `{ name, ships }`',
    });
  if (reader.problems.length > 0) throw new InputError(reader.problems);
  return { source: sourceName, players };
}

/** Reads (at most MAX_ARMADA_FILE_BYTES, strict UTF-8) and parses an armada list. */
export async function loadArmada(path: string): Promise<Armada> {
  return parseArmada(await readTextFile(path, MAX_ARMADA_FILE_BYTES), path);
}
