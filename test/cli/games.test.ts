import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES_DIR } from '../../src/games/loader.js';
import { runInProcess as run } from '../helpers/cli.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/games');
const tmp = (): string => mkdtempSync(join(tmpdir(), 'sw-games-'));

describe('shipwright games and --game', () => {
  it('lists the five packs, the default marked', async () => {
    const { code, out } = await run('games');
    expect(code).toBe(0);
    for (const id of ['cannonades', 'cannons-and-coastlines', 'kingdom-fleets', 'rigadoon', 'ships-of-the-line'])
      expect(out).toContain(id);
    expect(out).toMatch(/^cannons-and-coastlines\*\s+Cannons & Coastlines/m);
    expect(out).toMatch(/\* the default: every command without --game\n$/);
    const json = JSON.parse((await run('games', '--json')).out) as {
      id: string;
      name: string;
      rulebook: string;
      pieces: { id: string }[];
    }[];
    expect(json.find((g) => g.id === 'rigadoon')!.pieces.map((p) => p.id)).toEqual([
      'ship',
      'mast',
      'treasure-chest',
      'wind-die',
      'board',
    ]);
    // Each rulebook cited by its title, as a user finds it, never a path in our development folders.
    for (const g of json) {
      expect(g.rulebook, g.id).toContain(g.name);
      expect(g.rulebook, g.id).not.toMatch(/seeds|\.\.\/|\.txt/);
    }
  });

  it("generates a pack's files and manifest into its own folder, the same bytes again", async () => {
    const out = join(tmp(), 'rigadoon');
    const first = await run('generate', '--game', 'rigadoon', '--out', out, '--no-cache');
    expect(first.code, first.err).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'ship.stl',
        'mast.stl',
        'treasure-chest.stl',
        'wind-die.stl',
        'board-r0c0.stl',
        'board-r2c2.stl',
        'manifest.json',
      ]),
    );
    expect(files.filter((f) => f.startsWith('board-'))).toHaveLength(9);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      builds: { game: string }[];
      files: { path: string; quantityPerSet: Record<string, number>; color: string }[];
    };
    expect(manifest.builds.map((b) => b.game)).toEqual(['rigadoon']);
    expect(manifest.files.find((f) => f.path === 'mast.stl')).toMatchObject({
      quantityPerSet: { player: 12 },
      color: 'white',
    });
    const bytes = readFileSync(join(out, 'wind-die.stl'));
    expect((await run('generate', '--game', 'rigadoon', '--out', out, '--no-cache')).code).toBe(0);
    expect(readFileSync(join(out, 'wind-die.stl')).equals(bytes)).toBe(true);
  }, 60_000);

  it('draws every piece and a sheet of what a player and the table print (--previews)', async () => {
    const out = join(tmp(), 'c');
    const r = await run('generate', '--game', 'cannonades', '--previews', '--out', out, '--no-cache');
    expect(r.code, r.err).toBe(0);
    expect(readdirSync(join(out, 'previews')).sort()).toEqual([
      'discard-tray.png',
      'player.png',
      'ship-stand.png',
      'table.png',
    ]);
  }, 60_000);

  it("bills a pack's table: each seat's pieces in its colour, grams and hours from the meshes", async () => {
    const { code, out, err } = await run(
      'bom',
      '--game',
      'rigadoon',
      '--players',
      '2',
      '--format',
      'json',
      '--no-cache',
    );
    expect(code, err).toBe(0);
    const bom = JSON.parse(out) as {
      game: string;
      rows: { part: string; faction: string; color: string; quantity: number; gramsEach: number }[];
      totals: { grams: number; spools: number };
    };
    expect(bom.game).toBe('Rigadoon');
    expect(bom.rows.find((r) => r.part === 'wind-die')!.faction).toBe('table');
    const rows = (part: string) => bom.rows.filter((r) => r.part === part);
    expect(rows('ship').map((r) => [r.color, r.quantity])).toEqual([
      ['blue', 4],
      ['green', 4],
    ]);
    expect(rows('mast')[0]!.quantity).toBe(24);
    expect(bom.rows.filter((r) => r.part.startsWith('board-')).reduce((s, r) => s + r.quantity, 0)).toBe(9);
    for (const r of bom.rows) expect(r.gramsEach).toBeGreaterThan(0);
    expect(bom.totals.spools).toBeGreaterThanOrEqual(4); // blue, green, white, gold, blue-grey each a spool of its own
  }, 60_000);

  it("prints a pack's table: its STLs, plates by colour and the print plan, into its own folder", async () => {
    const out = join(tmp(), 'sotl');
    const r = await run('print', '--game', 'ships-of-the-line', '--players', '2', '--out', out, '--no-cache');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/plates .* for 2 players of Ships of the Line/);
    const plates = readdirSync(join(out, 'plates'));
    for (const colour of ['white', 'navy', 'wood-brown']) expect(plates.some((p) => p.includes(colour))).toBe(true);
    expect(readFileSync(join(out, 'print-plan.md'), 'utf8')).toMatch(/^# Print plan: Ships of the Line, 2 players/);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      builds: { game: string }[];
      files: { path: string; tableQuantity: number }[];
    };
    expect(manifest.builds.map((b) => b.game)).toEqual(['ships-of-the-line']);
    expect(manifest.files.find((f) => f.path === 'stat-dial.stl')!.tableQuantity).toBe(6);
  }, 60_000);

  it('refuses what a pack cannot take, naming the flag, with exit 2', async () => {
    const players = await run('bom', '--game', 'rigadoon', '--players', '3');
    expect(players.code).toBe(2);
    expect(players.err).toMatch(/--players.*from 2 to 2/);
    const faction = await run('generate', '--game', 'cannonades', '--faction', 'corsairs');
    expect(faction.code).toBe(2);
    expect(faction.err).toMatch(/Cannonades has no factions; leave out --faction/);
    const unknown = await run('validate', '--game', 'rigadon');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/did you mean rigadoon/);
  });

  it('reports a bad parameter at its place in the pack, builds nothing and leaves the output as it was', async () => {
    const dir = join(tmp(), 'pack');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'game.yaml'),
      readFileSync(join(GAMES_DIR, 'cannonades', 'game.yaml'), 'utf8').replace('stackMm: 36', 'stackMm: 90'),
    );
    const out = join(tmp(), 'out');
    const r = await run('generate', '--game', dir, '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /pack\/game\.yaml:\d+:\d+: discard-tray: stackMm = 90 is not valid: expected a number from 0\.5 to 60 mm/,
    );
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
    // A parameter the board's split into tiles refuses is placed the same way.
    writeFileSync(
      join(dir, 'game.yaml'),
      readFileSync(join(GAMES_DIR, 'rigadoon', 'game.yaml'), 'utf8').replace(
        'boardCols: 11, boardRows: 11',
        'boardCols: 10, boardRows: 11',
      ),
    );
    const board = await run('generate', '--game', dir, '--out', out);
    expect(board.code).toBe(2);
    expect(board.err).toMatch(
      /pack\/game\.yaml:\d+:\d+: board: boardCols = 10 is not valid: expected an odd whole number from 9 to 31/,
    );
  });

  it('validates a pack: clean exits 0, a broken one 1 with the rule that caught it', async () => {
    const clean = await run('validate', '--game', 'cannonades', '--no-cache');
    expect(clean.code).toBe(0);
    expect(clean.out).toMatch(/^clean: the pieces and paper of Cannonades checked/);
    const broken = await run('validate', '--game', join(FIXTURES, 'cannonades-three-bays'), '--json', '--no-cache');
    expect(broken.code).toBe(1);
    expect((JSON.parse(broken.out) as { findings: { rule: string }[] }).findings.map((f) => f.rule)).toContain(
      'cannonades/feature-count',
    );
    const rules = await run('validate', '--game', 'ships-of-the-line', '--list-rules');
    expect(rules.out).toMatch(/ships-of-the-line\/click\s+the dial on its base's pivot/);
  });
});
