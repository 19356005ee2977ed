/**
 * The plates against PrusaSlicer: every 3MF `shipwright print` writes for a 2-player table opens with
 * `--info` (each object manifold), and one plate slices to G-code on the printer's bed without PrusaSlicer
 * moving anything (`--dont-arrange`). Skipped, saying why, where PrusaSlicer is not installed. A slow
 * referee: `npm run test:slow`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findPrusaSlicer } from '../../src/io/slicer.js';
import { runBuilt } from '../helpers/cli.js';

const exe = findPrusaSlicer();
const run = promisify(execFile);

describe('print plates in PrusaSlicer', () => {
  const name = 'opens every plate and slices one in place';
  it.skipIf(!exe)(exe ? name : `${name} (skipped: prusa-slicer is not on PATH; Debian: apt-get install prusa-slicer)`, async () => {
    const work = await mkdtemp(join(tmpdir(), 'sw-print-slow-'));
    const r = await runBuilt(['print', '--players', '2', '--factions', 'queens-fleet,the-industry', '--out', join(work, 'out'), '--json']);
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.out) as { plates: { file: string; objects: { count: number }[] }[] };
    const datadir = join(work, 'datadir');
    for (const p of plan.plates) {
      const { stdout } = await run(exe!, ['--datadir', datadir, '--info', join(work, 'out', p.file)], { maxBuffer: 16 << 20, timeout: 120_000 });
      const objects = stdout.split('\n').filter((l) => l.startsWith('manifold = '));
      expect(objects.length, p.file).toBeGreaterThan(0);
      expect(objects.every((l) => l === 'manifold = yes'), p.file).toBe(true);
    }
    // The hull plate, sliced where it lies on a 220 mm bed.
    const hulls = plan.plates.find((p) => p.file.includes('blue-grey'))!;
    const gcode = join(work, 'hulls.gcode');
    await run(exe!, ['--datadir', datadir, '--bed-shape', '0x0,220x0,220x220,0x220', '--dont-arrange', '--export-gcode', '--output', gcode, join(work, 'out', hulls.file)], { maxBuffer: 16 << 20, timeout: 300_000 });
    expect(await readFile(gcode, 'utf8')).toMatch(/; estimated printing time \(normal mode\) = /);
  }, 600_000);
});
