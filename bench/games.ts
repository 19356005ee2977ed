/**
 * Benchmark of the game packs as a user runs them: `generate --game` and `validate --game` for every
 * pack of pieces, each a fresh process with an empty part cache (cold), median of 3. Targets (README):
 * generate ≤ 2 s and validate ≤ 3 s per pack on this 2-core machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadGames } from '../src/games/loader.js';

const CHILD = fileURLToPath(new URL('./child.js', import.meta.url));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function run(args: readonly string[]): { seconds: number; maxRssMb: number } {
  const t0 = performance.now();
  const child = spawnSync(process.execPath, [CHILD, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const seconds = (performance.now() - t0) / 1000;
  if (child.status !== 0) throw new Error(`${args.join(' ')} exited ${child.status}: ${child.stderr}`);
  return { seconds, maxRssMb: (JSON.parse(child.stdout.trim().split('\n').pop()!) as { maxRssMb: number }).maxRssMb };
}

export async function benchGames(): Promise<Record<string, number | string>> {
  const work = await mkdtemp(join(tmpdir(), 'sw-bench-games-'));
  const out: Record<string, number | string> = {};
  let rss = 0;
  for (const game of await loadGames()) {
    if (game.factionsDir) continue;
    const gen = [0, 1, 2].map((i) =>
      run([
        'generate',
        '--game',
        game.id,
        '--json',
        '--out',
        join(work, `${game.id}-${i}`),
        '--cache-dir',
        join(work, `gen-cache-${game.id}-${i}`),
      ]),
    );
    const val = [0, 1, 2].map((i) =>
      run(['validate', '--game', game.id, '--json', '--cache-dir', join(work, `val-cache-${game.id}-${i}`)]),
    );
    out[`${game.id}: generate cold (s, median of 3)`] = median(gen.map((r) => r.seconds)).toFixed(2);
    out[`${game.id}: validate cold (s, median of 3)`] = median(val.map((r) => r.seconds)).toFixed(2);
    rss = Math.max(rss, ...gen.map((r) => r.maxRssMb), ...val.map((r) => r.maxRssMb));
  }
  await rm(work, { recursive: true, force: true });
  out['peak RSS (MB, max of all)'] = rss.toFixed(0);
  return out;
}
