/**
 * Previews for every shipped faction at 512 × 384 (`generate --previews`), parts from a warm cache so the
 * figure is the pictures: the same run without --previews is timed beside it and the difference reported.
 * Target (README): ≤ 2 s for the previews on this 2-core machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/shipwright.js', import.meta.url));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function seconds(args: string[]): number {
  const t0 = performance.now();
  execFileSync(process.execPath, [BIN, 'generate', '--json', ...args], { stdio: 'ignore' });
  return (performance.now() - t0) / 1000;
}

export async function benchPreviews(): Promise<Record<string, string | number>> {
  const work = await mkdtemp(join(tmpdir(), 'sw-bench-previews-'));
  try {
    const cache = ['--cache-dir', join(work, 'cache')];
    seconds([...cache, '--out', join(work, 'warm-up')]);
    const plain = median([0, 1, 2].map((i) => seconds([...cache, '--out', join(work, `plain-${i}`)])));
    const withPreviews = median(
      [0, 1, 2].map((i) => seconds([...cache, '--previews', '--out', join(work, `previews-${i}`)])),
    );
    return {
      'generate --previews, all factions, warm (s, median of 3)': withPreviews.toFixed(2),
      'generate, all factions, warm (s, median of 3)': plain.toFixed(2),
      'previews alone (s, the difference)': (withPreviews - plain).toFixed(2),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
