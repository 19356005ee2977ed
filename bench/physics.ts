/**
 * Benchmark of the cannon spring solver: one inverse solve (median of 200 after a warm-up; target ≤ 5 ms)
 * and one 10,000-sample dispersion (median of 5; target ≤ 300 ms), for PETG at 24 in, the generate
 * default range, in this process.
 */
import { dispersion, DISPERSION_SAMPLES } from '../src/physics/dispersion.js';
import { resolveSetup, solve } from '../src/physics/solver.js';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function time(runs: number, fn: () => unknown): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

export async function benchPhysics(): Promise<Record<string, string | number>> {
  const setup = resolveSetup({ materialId: 'petg', targetRangeM: 0.6096 });
  time(20, () => solve(setup, 0.6096));
  const solveMs = median(time(200, () => solve(setup, 0.6096)));
  const sol = solve(setup, 0.6096);
  dispersion(sol, 1000);
  const dispersionMs = median(time(5, () => dispersion(sol, DISPERSION_SAMPLES)));
  return {
    'inverse solve, PETG 24 in (µs, median of 200)': (solveMs * 1000).toFixed(0),
    [`dispersion, ${DISPERSION_SAMPLES.toLocaleString('en')} samples (ms, median of 5)`]: dispersionMs.toFixed(1),
  };
}
