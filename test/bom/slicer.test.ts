/** Reading PrusaSlicer's G-code report; the comparison with the slicer itself is slicer.slow.test.ts (npm run test:slow). */
import { describe, expect, it } from 'vitest';
import { parseSlicerReport } from '../../src/io/slicer.js';

describe('parseSlicerReport', () => {
  it('reads grams and the normal-mode time from G-code comments', () => {
    const gcode =
      '; filament used [mm] = 295.86\n; filament used [g] = 2.17\n; estimated printing time (silent mode) = 9m 9s\n; estimated printing time (normal mode) = 1d 2h 3m 30s\n';
    expect(parseSlicerReport(gcode)).toEqual({ grams: 2.17, minutes: 1440 + 120 + 3 + 0.5 });
    expect(() => parseSlicerReport('; filament used [mm] = 1\n')).toThrow(/no "; filament used \[g\]"/);
  });
});
