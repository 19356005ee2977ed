/** `shipwright games`: the game packs Shipwright prints for, with their players and pieces. */
import type { Command } from 'commander';
import { DEFAULT_GAME_ID, GAMES_DIR, loadGames } from '../../games/loader.js';
import type { Game } from '../../games/types.js';
import { formatTable } from '../../table.js';
import type { Register } from '../terminal.js';

interface Flags {
  json?: boolean;
}

const players = (g: Game): string =>
  g.players.min === g.players.max ? `${g.players.min}` : `${g.players.min}–${g.players.max}`;
const pieces = (g: Game): string =>
  g.factionsDir ? 'the faction sets (shipwright factions)' : g.pieces.map((p) => p.id).join(', ');

export const registerGames: Register = (cmd: Command, io) => {
  cmd.option('--json', 'print the packs as JSON on stdout').action(async (flags: Flags) => {
    const games = await loadGames(GAMES_DIR);
    if (flags.json) {
      const out = games.map((g) => ({
        id: g.id,
        name: g.name,
        default: g.id === DEFAULT_GAME_ID,
        rulebook: g.rulebook,
        players: g.players,
        colors: g.colors,
        pieces: g.pieces.map((p) => ({
          id: p.id,
          builder: p.builder,
          perPlayer: p.count.per.player ?? 0,
          perTable: p.count.per.table ?? 0,
          color: p.color,
          variants: p.variants.map((v) => v.id).filter(Boolean),
          rule: p.count.rule,
        })),
        checks: g.checks.map((c) => ({ check: c.kind, rule: c.rule })),
      }));
      io.out(`${JSON.stringify(out, null, 2)}\n`);
      return;
    }
    const rows = games.map((g) => [g.id + (g.id === DEFAULT_GAME_ID ? '*' : ''), g.name, players(g), pieces(g)]);
    io.out(
      `${formatTable([['id', 'game', 'players', 'pieces'], ...rows])}* the default: every command without --game\n`,
    );
  });
};
