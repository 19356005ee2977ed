/**
 * What the bench's times are compared with, measured in the same run so the machine's speed cancels out
 * (issue 31): a bare `node -e 0`, and OpenSCAD rendering one ship's hull (bench/reference-hull.scad, the
 * Corsairs' sloop at 256 segments a circle) plain (its sockets and slots) and with the surface detail our
 * hulls carry, when `openscad` is on the PATH (Debian: apt-get install openscad).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCAD = fileURLToPath(new URL('../../bench/reference-hull.scad', import.meta.url));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface Reference {
  nodeS: number;
  /** OpenSCAD's plain and detailed hull, or null when it is not installed. */
  openscadPlainS: number | null;
  openscadDetailS: number | null;
}

function timeS(cmd: string, args: readonly string[]): number | null {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { stdio: 'ignore' });
  return r.error || r.status !== 0 ? null : (performance.now() - t0) / 1000;
}

/** node -e 0 (median of 7), OpenSCAD's plain hull (median of 3) and its detailed one (once: it is slow). */
export async function measureReference(): Promise<Reference> {
  const nodeS = median(Array.from({ length: 7 }, () => timeS(process.execPath, ['-e', '0'])!));
  const work = await mkdtemp(join(tmpdir(), 'sw-bench-scad-'));
  try {
    const scad = (detail: boolean): number | null =>
      timeS('openscad', ['-q', '-D', `detail=${detail}`, '-o', join(work, 'hull.stl'), SCAD]);
    const first = scad(false);
    if (first === null) return { nodeS, openscadPlainS: null, openscadDetailS: null };
    return { nodeS, openscadPlainS: median([first, scad(false)!, scad(false)!]), openscadDetailS: scad(true) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export function referenceFigures(r: Reference): Record<string, string> {
  const s = (x: number | null): string => (x === null ? 'openscad not installed' : x.toFixed(2));
  return {
    'node -e 0 (s, median of 7)': r.nodeS.toFixed(3),
    'OpenSCAD 256-segment hull, plain (s, median of 3)': s(r.openscadPlainS),
    'OpenSCAD 256-segment hull, surface detail (s, once)': s(r.openscadDetailS),
  };
}

/** A time figure beside the references: "= 32.1× node, 0.95× OpenSCAD's plain hull, 0.05× its detailed". */
export function ratios(seconds: number, r: Reference): string {
  const parts = [`${(seconds / r.nodeS).toFixed(1)}× node`];
  if (r.openscadPlainS !== null) parts.push(`${(seconds / r.openscadPlainS).toFixed(2)}× OpenSCAD's plain hull`);
  if (r.openscadDetailS !== null) parts.push(`${(seconds / r.openscadDetailS).toFixed(3)}× its detailed hull`);
  return `= ${parts.join(', ')}`;
}
