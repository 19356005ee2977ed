/**
 * How cost grows with work (issue 31): `print` for 2, 6 and 20 players, and `generate` and `validate` over
 * 7, 50 and 500 factions, each once, cold (an empty part cache), in a fresh process, with its peak RSS.
 * The factions past the seven shipped ones are copies of them, each with its own id and a hull a little
 * longer (so no two build the same parts and the cache cannot share them). Growth is linear when the time
 * per unit of work (per player, per faction) stays flat as the work grows.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';

const CHILD = fileURLToPath(new URL('./child.js', import.meta.url));
const FACTIONS = fileURLToPath(new URL('../../factions/', import.meta.url));
export const SCALE_PLAYERS = [2, 6, 20] as const;
export const SCALE_FACTIONS = [7, 50, 500] as const;
/** How much longer each copy's hull is than the one before it of the same faction (mm). */
const LENGTH_STEP_MM = 0.05;

/**
 * One cold run of the CLI in a fresh process: wall seconds and peak RSS (exit 1, findings, still counts), or
 * why it failed (at the largest scales a run may run out of memory: the table says so rather than stopping).
 */
function run(args: readonly string[]): { seconds: number; maxRssMb: number } | { failed: string } {
  const t0 = performance.now();
  const child = spawnSync(process.execPath, [CHILD, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1 << 30,
  });
  const seconds = (performance.now() - t0) / 1000;
  // Exit 1 is validate's findings, and also what an uncaught error exits with: only a run that ends with its
  // peak RSS line finished.
  const last = child.stdout.trim().split('\n').pop() ?? '';
  if ((child.status === 0 || child.status === 1) && last.startsWith('{"maxRssMb"'))
    return { seconds, maxRssMb: (JSON.parse(last) as { maxRssMb: number }).maxRssMb };
  const why =
    child.stderr
      .trim()
      .split('\n')
      .find((l) => l.trim()) ?? 'no message';
  return {
    failed: `failed after ${seconds.toFixed(0)} s (exit ${child.status ?? child.signal}): ${why.slice(0, 160)}`,
  };
}

/** `count` faction files in `dir`: the shipped ones, then numbered copies with longer hulls. */
async function writeFactions(dir: string, count: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  const shipped = (await readdir(FACTIONS)).filter((f) => f.endsWith('.yaml')).sort();
  const texts = await Promise.all(shipped.map((f) => readFile(join(FACTIONS, f), 'utf8')));
  for (let i = 0; i < count; i++) {
    const k = Math.floor(i / shipped.length);
    const doc = parseDocument(texts[i % shipped.length]!);
    if (k > 0) {
      doc.set('id', `${String(doc.get('id'))}-${k}`);
      doc.set('name', `${String(doc.get('name'))} ${k}`);
      const length = String(doc.getIn(['model', 'hull', 'length']));
      doc.setIn(['model', 'hull', 'length'], `${+(parseFloat(length) + k * LENGTH_STEP_MM).toFixed(2)}mm`);
    }
    await writeFile(join(dir, `${String(doc.get('id'))}.yaml`), doc.toString());
  }
}

const row = (r: ReturnType<typeof run>, per: number, unit: string): string =>
  'failed' in r
    ? r.failed
    : `${r.seconds.toFixed(2)} s, ${((r.seconds / per) * 1000).toFixed(0)} ms per ${unit}, peak ${r.maxRssMb.toFixed(0)} MB`;

export async function benchScale(): Promise<Record<string, string>> {
  const work = await mkdtemp(join(tmpdir(), 'sw-bench-scale-'));
  const out: Record<string, string> = {};
  try {
    for (const players of SCALE_PLAYERS) {
      const dir = join(work, `print-${players}`);
      await mkdir(dir, { recursive: true });
      const r = run([
        'print',
        '--players',
        String(players),
        '--json',
        '--out',
        join(dir, 'out'),
        '--cache-dir',
        join(dir, 'cache'),
      ]);
      out[`print, ${players} players, cold`] = row(r, players, 'player');
    }
    for (const count of SCALE_FACTIONS) {
      const dir = join(work, `factions-${count}`);
      const factions = join(dir, 'factions');
      await writeFactions(factions, count);
      const g = run([
        'generate',
        '--json',
        '--factions-dir',
        factions,
        '--out',
        join(dir, 'out'),
        '--cache-dir',
        join(dir, 'cache-g'),
      ]);
      out[`generate, ${count} factions, cold`] = row(g, count, 'faction');
      const v = run(['validate', '--json', '--factions-dir', factions, '--cache-dir', join(dir, 'cache-v')]);
      out[`validate, ${count} factions, cold`] = row(v, count, 'faction');
      await rm(dir, { recursive: true, force: true });
    }
    return out;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
