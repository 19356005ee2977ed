/**
 * `shipwright print` for a 4-player table as a user runs it: a fresh process each time, cold (an empty
 * part cache) and warm (the same cache, nothing changed). Targets (README): ≤ 3 s cold, ≤ 1 s warm.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/shipwright.js', import.meta.url));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function run(args: string[]): { seconds: number; out: string } {
  const t0 = performance.now();
  const out = execFileSync(process.execPath, [BIN, 'print', '--players', '4', '--json', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return { seconds: (performance.now() - t0) / 1000, out };
}

export async function benchPrint(): Promise<Record<string, string | number>> {
  const work = await mkdtemp(join(tmpdir(), 'sw-bench-print-'));
  try {
    const cold = [0, 1, 2].map((i) => run(['--out', join(work, `out-${i}`), '--cache-dir', join(work, `cache-${i}`)]));
    const warm = [0, 1, 2].map(() => run(['--out', join(work, 'out-2'), '--cache-dir', join(work, 'cache-2')]));
    const plan = JSON.parse(cold[0]!.out) as { plates: { step: string }[]; lowerBound: number };
    return {
      'print, 4 players, cold (s, median of 3)': median(cold.map((r) => r.seconds)).toFixed(2),
      'print, 4 players, warm (s, median of 3)': median(warm.map((r) => r.seconds)).toFixed(2),
      // The table's plates: the coupon and the test ship come before them.
      'table plates used / area lower bound (generic-220)': `${plan.plates.filter((p) => p.step === 'table').length} / ${plan.lowerBound}`,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
