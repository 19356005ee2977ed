/**
 * The README's example outputs are the real commands' output: each `<!-- output: shipwright ... -->`
 * marker is followed by a code block holding `$ command` and what it prints (stdout; stderr too when it
 * exits non-zero), run by the built CLI in an empty folder. `UPDATE_README=1 npx vitest run
 * test/readme.test.ts` rewrites them; otherwise a stale block fails the test.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runBuilt } from './helpers/cli.js';

const README = join(import.meta.dirname, '../README.md');
const BLOCK = /<!-- output: (shipwright [^\n]*?) -->\n```\n[\s\S]*?```\n/g;

/** Splits a command line as a shell would for these examples: words, and "quoted words". */
const words = (line: string): string[] => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);

async function render(command: string): Promise<string> {
  const [, ...args] = words(command);
  const r = await runBuilt(args, await mkdtemp(join(tmpdir(), 'sw-readme-')));
  const shown = r.code === 0 ? r.out : `${r.out}${r.err}`;
  return `<!-- output: ${command} -->\n\`\`\`\n$ ${command}\n${shown.trimEnd()}\n\`\`\`\n`;
}

it('shows the real output of every example command', async () => {
  const text = await readFile(README, 'utf8');
  const blocks = [...text.matchAll(BLOCK)];
  expect(blocks.length).toBeGreaterThanOrEqual(6);
  // One at a time: after a code change the part cache is cold, and the first command's build then serves
  // the rest (run together, each built everything at once and the suite's load pushed past the timeout).
  const rendered: string[] = [];
  for (const b of blocks) rendered.push(await render(b[1]!));
  let i = 0;
  const fresh = text.replace(BLOCK, () => rendered[i++]!);
  if (process.env.UPDATE_README) await writeFile(README, fresh);
  else expect(text, 'README examples are stale: UPDATE_README=1 npx vitest run test/readme.test.ts').toBe(fresh);
}, 180_000);
