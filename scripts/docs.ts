/**
 * `npm run docs`: remakes the pictures the README shows, with the tool itself: the Corsairs' contact sheet
 * and the hulls side by side from `shipwright generate --previews`, and the first page of
 * `shipwright cards --format svg` (the faction cards) and of `cards --game rigadoon` (the Wind Direction
 * deck); and the game packs' JSON Schema from the tables the
 * loader checks against. test/generate/previews.test.ts, test/cli/cards.test.ts and test/games/schema.test.ts
 * fail when they are stale.
 */
import { gameSchema } from '../src/games/schema.js';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
const GAME_SCHEMA = 'schema/game.schema.json';
writeFileSync(join(ROOT, GAME_SCHEMA), `${JSON.stringify(await gameSchema(), null, 2)}\n`);
process.stdout.write(`${GAME_SCHEMA} remade\n`);
const work = mkdtempSync(join(tmpdir(), 'sw-docs-'));
try {
  execFileSync(process.execPath, [join(ROOT, 'bin/shipwright.js'), 'generate', '--previews', '--out', work], { stdio: 'inherit' });
  copyFileSync(join(work, 'previews/corsairs.png'), join(ROOT, DOCS_SHEET));
  copyFileSync(join(work, 'previews/hulls.png'), join(ROOT, DOCS_HULLS));
  copyFileSync(join(work, 'previews/fleet.png'), join(ROOT, DOCS_FLEET));
  execFileSync(process.execPath, [join(ROOT, 'bin/shipwright.js'), 'cards', '--format', 'svg', '--out', join(work, 'cards')], { stdio: 'inherit' });
  copyFileSync(join(work, 'cards/cards-01.svg'), join(ROOT, DOCS_CARDS));
  execFileSync(process.execPath, [join(ROOT, 'bin/shipwright.js'), 'cards', '--game', 'rigadoon', '--format', 'svg', '--out', join(work, 'rigadoon')], { stdio: 'inherit' });
  copyFileSync(join(work, 'rigadoon/cards-01.svg'), join(ROOT, DOCS_WIND));
  process.stdout.write(`${DOCS_SHEET}, ${DOCS_HULLS}, ${DOCS_FLEET}, ${DOCS_CARDS} and ${DOCS_WIND} remade\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
