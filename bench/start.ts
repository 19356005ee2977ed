/**
 * How fast the CLI starts, as ratios to a bare `node -e 0` measured in the same run (so the machine's
 * speed cancels out). Targets (README): `--help` and `factions` ≤ 1.5×, a warm `generate` with nothing
 * changed ≤ 2.5×. Each figure is the median of 7 runs of the real executable, the runs interleaved.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/shipwright.js', import.meta.url));
const RUNS = 7;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function timeMs(args: readonly string[]): number {
  const t0 = performance.now();
  execFileSync(process.execPath, args, { stdio: 'ignore' });
  return performance.now() - t0;
}

export async function benchStart(): Promise<Record<string, string>> {
  const work = await mkdtemp(join(tmpdir(), 'sw-bench-start-'));
  try {
    const generate = [BIN, 'generate', '--out', join(work, 'out'), '--cache-dir', join(work, 'cache')];
    timeMs(generate); // fills the cache and the folder: the timed runs find nothing to do
    const cases: [string, string[]][] = [
      ['node -e 0', ['-e', '0']],
      ['shipwright --help', [BIN, '--help']],
      ['shipwright factions', [BIN, 'factions']],
      ['shipwright generate, warm, nothing changed', generate],
    ];
    const times = new Map<string, number[]>(cases.map(([name]) => [name, []]));
    for (let i = 0; i < RUNS; i++) for (const [name, args] of cases) times.get(name)!.push(timeMs(args));
    const base = median(times.get('node -e 0')!);
    const out: Record<string, string> = {};
    for (const [name] of cases) {
      const ms = median(times.get(name)!);
      out[`${name} (ms, median of ${RUNS})`] =
        name === 'node -e 0' ? ms.toFixed(0) : `${ms.toFixed(0)} = ${(ms / base).toFixed(2)}× node`;
    }
    return out;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
