/**
 * `npm run docs`: remakes the pictures the README shows, with the tool itself: the Corsairs' contact sheet
 * from `shipwright generate --previews` (test/generate/previews.test.ts fails when it is stale).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The sheet the README shows, and the run that makes it (the same as the previews test's). */
const DOCS_SHEET = 'docs/corsairs-contact-sheet.png';
const work = mkdtempSync(join(tmpdir(), 'sw-docs-'));
try {
  execFileSync(process.execPath, [join(ROOT, 'bin/shipwright.js'), 'generate', '--faction', 'corsairs', '--faction', 'sun-fleet', '--previews', '--out', work], { stdio: 'inherit' });
  copyFileSync(join(work, 'previews/corsairs.png'), join(ROOT, DOCS_SHEET));
  process.stdout.write(`${DOCS_SHEET} remade\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
