/**
 * The estimate against the real slicer (BRIEF §5, issue 6): one faction set at both of the rulebook's
 * layer heights must agree with PrusaSlicer within 5 % in grams and 6 % in time (issue 25; issue 6
 * asked for 15 % and 30 %), and the settings table's exceptions part by part. Slicing is slow, so the
 * test takes one set (the Industry: the most distinct parts, its turret included); the bench
 * (bench/slicer-calibration.ts) takes all seven. Skipped, saying why, where PrusaSlicer is not installed.
 * A slow referee: `npm run test:slow`, not `npm test`.
 */
import { describe, expect, it } from 'vitest';
import { CALIBRATION_PRINTS } from '../../src/bom/calibrate.js';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../../src/faction/loader.js';
import { defaultSettings, generateParts } from '../../src/generate/index.js';
import { findPrusaSlicer, sliceStl } from '../../src/io/slicer.js';
import { compareSetsWithSlicer, type SetComparison } from '../../src/bom/slicer-compare.js';
import { estimatePrint } from '../../src/bom/estimate.js';
import { partPrint } from '../../src/bom/part-print.js';
import { findMaterial } from '../../src/materials.js';
import { parseStl } from '../../src/mesh/stl.js';

const exe = findPrusaSlicer();
const FACTION = 'the-industry';

describe('the estimate against PrusaSlicer', () => {
  // Measured 2026-11-27 (issue 25, CALIBRATION 1.032, 1.017, 0.535 s): −0.6 % and −2.1 % at 0.20 mm, −2.1 % and
  // −2.4 % at 0.16 mm; every set within 2.4 % and 3.1 % (node dist/bench/slicer-calibration.js).
  const name = `agrees with PrusaSlicer for the ${FACTION} set at 0.20 and 0.16 mm layers: grams within 5 %, time within 6 %`;
  it.skipIf(!exe)(
    exe ? name : `${name} (skipped: prusa-slicer is not on PATH; Debian: apt-get install prusa-slicer)`,
    async () => {
      const factions = (await loadFactions(DEFAULT_FACTIONS_DIR)).filter((f) => f.id === FACTION);
      const files = await generateParts({ factions, settings: defaultSettings() });
      const sets: SetComparison[] = [];
      for (const print of CALIBRATION_PRINTS)
        sets.push(...(await compareSetsWithSlicer((stl, p, d) => sliceStl(exe!, stl, p, d), files, [FACTION], print)));
      expect(sets.map((s) => s.print.layerHeightMm)).toEqual([0.2, 0.16]);
      for (const s of sets) {
        // Every part the set prints was sliced, the turret and hull among them.
        expect(s.parts.map((p) => p.path)).toEqual(
          expect.arrayContaining([`${FACTION}/hull.stl`, `${FACTION}/turret.stl`, 'shared/coin-brace.stl']),
        );
        expect(s.parts.every((p) => p.slicer.grams > 0 && p.slicer.minutes > 0)).toBe(true);
        expect(Math.abs(s.estimate.grams - s.slicer.grams) / s.slicer.grams).toBeLessThan(0.05);
        expect(Math.abs(s.estimate.minutes - s.slicer.minutes) / s.slicer.minutes).toBeLessThan(0.06);
      }
    },
    600_000,
  );

  // The settings table's exceptions (src/bom/part-print.ts), part by part, as the plates print them: the
  // cannon solid, the TPU ball with three walls, no infill and its brim. Measured 2026-11-27 (issue 25),
  // ours against PrusaSlicer 2.5: the solid cannon 11.41 g against 11.37 g (+0.4 %), 65.7 min against 67.3
  // (−2.5 %; at 15 % infill's speeds alone it was −13 %); the TPU ball 0.227 g against 0.212 g (+7 %; was
  // +46 % before the walls were Steiner's band and the flanks' skin only what lies inside the walls), 3.3 min
  // against 3.0 (+9 %, a ball's 38 layers are all stretched to the 5 s minimum layer time).
  const bands = { cannon: { grams: 0.05, minutes: 0.1 }, cannonball: { grams: 0.1, minutes: 0.15 } } as const;
  const exceptions =
    "prints the settings table's exceptions as PrusaSlicer does: a solid cannon within 5 % in grams and 10 % in time, a TPU ball within 10 % and 15 %";
  it.skipIf(!exe)(
    exe ? exceptions : `${exceptions} (skipped: prusa-slicer is not on PATH)`,
    async () => {
      const factions = (await loadFactions(DEFAULT_FACTIONS_DIR)).filter((f) => f.id === 'corsairs');
      const files = await generateParts({ factions, settings: defaultSettings() });
      for (const [part, material, brim] of [
        ['cannon', 'pla', false],
        ['cannonball', 'tpu-95a', true],
      ] as const) {
        const file = files.find((f) => f.part === part)!;
        const { settings } = partPrint(CALIBRATION_PRINTS[0]!, { part, material, brim });
        const density = findMaterial(material)!.densityGPerCm3.value;
        const ours = estimatePrint(parseStl(file.bytes), settings, density);
        const theirs = await sliceStl(exe!, file.bytes, settings, density);
        // PrusaSlicer prints grams to two decimals: a ball's 0.21 g is read as that ± 0.005.
        expect(
          Math.abs(ours.grams - theirs.grams) / theirs.grams,
          `${part}: ${ours.grams.toFixed(3)} g, PrusaSlicer ${theirs.grams} g`,
        ).toBeLessThan(bands[part].grams + 0.005 / theirs.grams);
        expect(
          Math.abs(ours.minutes - theirs.minutes) / theirs.minutes,
          `${part}: ${ours.minutes.toFixed(1)} min, PrusaSlicer ${theirs.minutes.toFixed(1)} min`,
        ).toBeLessThan(bands[part].minutes);
      }
    },
    600_000,
  );
});
