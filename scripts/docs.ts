/**
 * `npm run docs`: remakes the pictures the README shows, with the tool itself: the Corsairs' contact sheet,
 * the hulls side by side and every faction's assembly guide from `shipwright generate --previews`, and the first page of
 * `shipwright cards --format svg` (the faction cards) and of `cards --game rigadoon` (the Wind Direction
 * deck), Rigadoon's board assembled from its tiles; and the game packs' JSON Schemas (game.yaml, cards.yaml) from the tables the
 * loader checks against. test/generate/previews.test.ts, test/cli/cards.test.ts, test/games/loader.test.ts, test/paper/schema.test.ts
 * and (the board) test/games/assembled.slow.test.ts fail when they are stale.
 */
import { gameSchema } from '../src/games/schema.js';
import { paperSchema } from '../src/paper/schema.js';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The pictures the README shows; the runs that make them are the tests'. */
const DOCS_SHEET = 'docs/corsairs-contact-sheet.png';
const DOCS_CARDS = 'docs/cards-page-1.svg';
const DOCS_WIND = 'docs/rigadoon-wind-cards.svg';
const DOCS_HULLS = 'docs/hulls.png';
const DOCS_FLEET = 'docs/fleet.png';
/** Rigadoon's board, its 9 tiles assembled (generate --game rigadoon --previews: previews/board.png). */
const DOCS_BOARD = 'docs/rigadoon-board.png';
/** Each shipped faction's assembly guide, docs/assembly/<faction>.png. */
const DOCS_ASSEMBLY = 'docs/assembly';
const GAME_SCHEMA = 'schema/game.schema.json';
const CARDS_SCHEMA = 'schema/cards.schema.json';
writeFileSync(join(ROOT, GAME_SCHEMA), `${JSON.stringify(await gameSchema(), null, 2)}\n`);
writeFileSync(join(ROOT, CARDS_SCHEMA), `${JSON.stringify(paperSchema(), null, 2)}\n`);
process.stdout.write(`${GAME_SCHEMA} and ${CARDS_SCHEMA} remade\n`);
const work = mkdtempSync(join(tmpdir(), 'sw-docs-'));
try {
  execFileSync(process.execPath, [join(ROOT, 'bin/shipwright.js'), 'generate', '--previews', '--out', work], {
    stdio: 'inherit',
  });
  copyFileSync(join(work, 'previews/corsairs.png'), join(ROOT, DOCS_SHEET));
  copyFileSync(join(work, 'previews/hulls.png'), join(ROOT, DOCS_HULLS));
  copyFileSync(join(work, 'previews/fleet.png'), join(ROOT, DOCS_FLEET));
  // Each faction's assembly guide (generate --previews: previews/<faction>/assembly.png).
  mkdirSync(join(ROOT, DOCS_ASSEMBLY), { recursive: true });
  for (const id of readdirSync(join(ROOT, 'factions'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.slice(0, -'.yaml'.length)))
    copyFileSync(join(work, `previews/${id}/assembly.png`), join(ROOT, DOCS_ASSEMBLY, `${id}.png`));
  execFileSync(
    process.execPath,
    [join(ROOT, 'bin/shipwright.js'), 'cards', '--format', 'svg', '--out', join(work, 'cards')],
    { stdio: 'inherit' },
  );
  copyFileSync(join(work, 'cards/cards-01.svg'), join(ROOT, DOCS_CARDS));
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'bin/shipwright.js'),
      'cards',
      '--game',
      'rigadoon',
      '--format',
      'svg',
      '--out',
      join(work, 'rigadoon'),
    ],
    { stdio: 'inherit' },
  );
  copyFileSync(join(work, 'rigadoon/cards-01.svg'), join(ROOT, DOCS_WIND));
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'bin/shipwright.js'),
      'generate',
      '--game',
      'rigadoon',
      '--previews',
      '--out',
      join(work, 'rigadoon-pieces'),
    ],
    { stdio: 'inherit' },
  );
  copyFileSync(join(work, 'rigadoon-pieces/previews/board.png'), join(ROOT, DOCS_BOARD));
  process.stdout.write(
    `${DOCS_SHEET}, ${DOCS_HULLS}, ${DOCS_FLEET}, ${DOCS_CARDS}, ${DOCS_WIND} and ${DOCS_BOARD} remade\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
