/**
 * The plates against PrusaSlicer: every 3MF `shipwright print` writes for a 4-player table opens with
 * `--info` (each object manifold), and two plates (hulls; island toppers nested by outline) slice to G-code
 * on a 220 mm bed without PrusaSlicer moving anything (`--dont-arrange`). Skipped, saying why, where PrusaSlicer is not installed. A slow
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
  const name = 'opens every plate and slices two in place';
  it.skipIf(!exe)(exe ? name : `${name} (skipped: prusa-slicer is not on PATH; Debian: apt-get install prusa-slicer)`, async () => {
    const work = await mkdtemp(join(tmpdir(), 'sw-print-slow-'));
    const r = await runBuilt(['print', '--players', '4', '--out', join(work, 'out'), '--json']);
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.out) as { plates: { file: string; objects: { count: number }[] }[] };
    const datadir = join(work, 'datadir');
    for (const p of plan.plates) {
      const { stdout } = await run(exe!, ['--datadir', datadir, '--info', join(work, 'out', p.file)], { maxBuffer: 16 << 20, timeout: 120_000 });
      const objects = stdout.split('\n').filter((l) => l.startsWith('manifold = '));
      expect(objects.length, p.file).toBeGreaterThan(0);
      expect(objects.every((l) => l === 'manifold = yes'), p.file).toBe(true);
    }
    // The hull plate, and the island toppers (nested by their outlines in this plan), sliced where they lie.
    for (const colour of ['blue-grey', 'sand']) {
      const plate = plan.plates.find((p) => p.file.includes(colour))!;
      const gcode = join(work, `${colour}.gcode`);
      await run(exe!, ['--datadir', datadir, '--bed-shape', '0x0,220x0,220x220,0x220', '--dont-arrange', '--export-gcode', '--output', gcode, join(work, 'out', plate.file)], { maxBuffer: 16 << 20, timeout: 300_000 });
      expect(await readFile(gcode, 'utf8'), plate.file).toMatch(/; estimated printing time \(normal mode\) = /);
    }
  }, 600_000);
});
