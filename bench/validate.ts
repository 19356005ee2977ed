/**
 * Benchmark of `shipwright validate` over all shipped factions as a user runs it: a fresh process each
 * time, cold (an empty part cache each run) and warm (the cache generate or an earlier validate filled),
 * median of 3; target ≤ 2 s (README). Also the share the rules take once the parts are built, timed in
 * this process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../src/faction/loader.js';
import { defaultSettings, generateParts } from '../src/generate/index.js';
import { checkFiles } from '../src/validate/validate.js';

const CHILD = fileURLToPath(new URL('./child.js', import.meta.url));

function run(cacheDir: string): { seconds: number; maxRssMb: number; findings: number } {
  const t0 = performance.now();
  // Exit 1 is validate reporting findings (the figures still count); anything else is a failed run.
  const child = spawnSync(process.execPath, [CHILD, 'validate', '--json', '--cache-dir', cacheDir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const seconds = (performance.now() - t0) / 1000;
  if (child.status !== 0 && child.status !== 1) throw new Error(`validate exited ${child.status}: ${child.stderr}`);
  const stdout = child.stdout;
  const lines = stdout.trim().split('\n');
  const rss = JSON.parse(lines.pop()!) as { maxRssMb: number };
  return {
    seconds,
    maxRssMb: rss.maxRssMb,
    findings: (JSON.parse(lines.join('\n')) as { findings: unknown[] }).findings.length,
  };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchValidate(): Promise<Record<string, number | string>> {
  const work = await mkdtemp(join(tmpdir(), 'sw-bench-validate-'));
  const cold = [0, 1, 2].map((i) => run(join(work, `cold-${i}`)));
  const warm = [0, 1, 2].map(() => run(join(work, 'cold-2')));
  await rm(work, { recursive: true, force: true });
  const factions = await loadFactions(DEFAULT_FACTIONS_DIR, { rulebook: 'defer' });
  const settings = defaultSettings();
  const files = await generateParts({ factions, settings, cache: null });
  const t0 = performance.now();
  await checkFiles(files, { factions, settings });
  return {
    'validate cold, all shipped factions (s, median of 3)': median(cold.map((r) => r.seconds)).toFixed(2),
    'validate warm, parts from the cache (s, median of 3)': median(warm.map((r) => r.seconds)).toFixed(2),
    'rules only, parts already built (s)': ((performance.now() - t0) / 1000).toFixed(2),
    'peak RSS (MB, max of 3)': Math.max(...cold.map((r) => r.maxRssMb)).toFixed(0),
    'findings on the shipped factions': cold[0]!.findings,
  };
}
