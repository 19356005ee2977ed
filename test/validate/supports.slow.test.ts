/**
 * print/supports against the real slicer: PrusaSlicer's automatic supports, at the same 45° limit, on every
 * part the shipped factions print, as it lies. A referee that shares none of src/validate/overhang.ts's
 * assumptions (its bridge and sliver allowances, its faces-not-layers view). Skipped, saying why, where
 * PrusaSlicer is not installed. A slow referee: `npm run test:slow`.
 */
import { describe, expect, it } from 'vitest';
import { CALIBRATION_PRINTS } from '../../src/bom/calibrate.js';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../../src/faction/loader.js';
import { defaultSettings, generateParts } from '../../src/generate/index.js';
import { findPrusaSlicer, parseSupportRoadMm, supportRoadMm } from '../../src/io/slicer.js';
import { findMaterial } from '../../src/materials.js';
import { PRINTABILITY } from '../../src/standard.js';

const exe = findPrusaSlicer();

/**
 * Parts PrusaSlicer still supports though print/supports passes them (issue 15, open): the carriage inside
 * its fork under the tongues' slits and ramps, the wheel under its stubs' vee tips (each starts as a sliver
 * in the air beside its flange), the islands, and the five hulls with side cannon slots: under the slot's
 * flat roof where its mouth follows a side that curves in plan (a block with the same slot in a straight
 * side is not supported; in a side bowed by 0.03 mm over 40 mm it is). Each fixed one must come off this list.
 */
const SUPPORTED = [
  'corsairs/hull.stl',
  'queens-fleet/hull.stl',
  'shadow-fleet/hull.stl',
  'shared/carriage.stl',
  'shared/island-topper.stl',
  'shared/island.stl',
  'shared/wheel.stl',
  'sun-fleet/hull.stl',
  'treasure-fleet/hull.stl',
];

describe('parseSupportRoadMm', () => {
  it('sums the extruding moves under support types only', () => {
    const gcode = [';TYPE:Perimeter', 'G1 X0 Y0', 'G1 X10 Y0 E1', ';TYPE:Support material', 'G1 X10 Y3 E2', 'G1 X10 Y5 F900', ';TYPE:Support material interface', 'G1 X14 Y8 E3', ';TYPE:Solid infill', 'G1 X20 Y8 E4'].join('\n');
    expect(parseSupportRoadMm(gcode)).toBeCloseTo(3 + 5, 9);
  });
});

describe('PrusaSlicer as the supports referee', () => {
  const name = 'slices every shipped part with automatic supports at 45°: support only under the parts still open';
  it.skipIf(!exe)(exe ? name : `${name} (skipped: prusa-slicer is not on PATH; Debian: apt-get install prusa-slicer)`, async () => {
    // At the rulebook's 0.2 mm layers, the print settings the slicer calibration uses.
    const files = await generateParts({ factions: await loadFactions(DEFAULT_FACTIONS_DIR), settings: defaultSettings() });
    const supported: string[] = [];
    for (const f of files) {
      const density = findMaterial(f.material)!.densityGPerCm3.value;
      if ((await supportRoadMm(exe!, f.bytes, CALIBRATION_PRINTS[0]!, density, PRINTABILITY.overhangDeg)) > 0) supported.push(f.path);
    }
    expect(supported.sort()).toEqual(SUPPORTED);
  }, 900_000);
});
