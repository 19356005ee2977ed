/**
 * Benchmark of `shipwright generate` as a user runs it: a fresh process each time (child_process), an
 * empty cache for cold runs, the same cache for warm runs, and one faction edited for the partial re-run.
 * Peak RSS is the child's own getrusage (threads included), reported by bench/child.ts.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./child.js', import.meta.url));
const FACTIONS = fileURLToPath(new URL('../../factions/', import.meta.url));

interface RunResult {
  seconds: number;
  maxRssMb: number;
  files: { path: string; cached: boolean; buildMs: number }[];
}

function run(args: string[]): RunResult {
  const t0 = performance.now();
  const stdout = execFileSync(process.execPath, [CHILD, 'generate', '--json', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const seconds = (performance.now() - t0) / 1000;
  const lines = stdout.trim().split('\n');
  const rss = JSON.parse(lines.pop()!) as { maxRssMb: number };
  const summary = JSON.parse(lines.join('\n')) as { files: RunResult['files'] };
  return { seconds, maxRssMb: rss.maxRssMb, files: summary.files };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchGenerate(): Promise<Record<string, string | number>> {
  const work = await mkdtemp(join(tmpdir(), 'sw-bench-'));
  try {
    const factionsDir = join(work, 'factions');
    await cp(FACTIONS, factionsDir, { recursive: true });
    const common = ['--factions-dir', factionsDir, '--out', join(work, 'out')];
    const cold: RunResult[] = [];
    for (let i = 0; i < 3; i++) cold.push(run([...common, '--cache-dir', join(work, `cache-cold-${i}`)]));
    const cache = ['--cache-dir', join(work, 'cache-cold-2')];
    const warm: RunResult[] = [];
    for (let i = 0; i < 3; i++) warm.push(run([...common, ...cache]));
    // Touch one faction: lengthen the Corsairs' hull by a millimetre, so only that faction's hull rebuilds.
    const file = join(factionsDir, 'corsairs.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('length: 80mm', 'length: 81mm'));
    const touched = run([...common, ...cache]);
    const slowest = [...cold[0]!.files].sort((a, b) => b.buildMs - a.buildMs).slice(0, 10);
    return {
      'generate cold, all factions (s, median of 3)': median(cold.map((r) => r.seconds)).toFixed(2),
      'generate warm, nothing changed (s, median of 3)': median(warm.map((r) => r.seconds)).toFixed(2),
      'generate after editing one faction (s)': touched.seconds.toFixed(2),
      'files rebuilt after editing one faction': touched.files
        .filter((f) => !f.cached)
        .map((f) => f.path)
        .join(', '),
      'peak RSS, cold (MB, max of 3)': Math.max(...cold.map((r) => r.maxRssMb)).toFixed(0),
      'peak RSS, warm (MB)': Math.max(...warm.map((r) => r.maxRssMb)).toFixed(0),
      'files per run': cold[0]!.files.length,
      'ten slowest parts (build ms, first cold run)': slowest.map((f) => `${f.path} ${f.buildMs}`).join('; '),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
