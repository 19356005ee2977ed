/**
 * Checks the filament and time estimate (src/bom/estimate.ts) against PrusaSlicer on the real parts, and
 * refits its constants: every part of every shipped faction set is generated, analysed and sliced (each
 * distinct file once) at the rulebook's 0.20 and 0.16 mm layers with 15 % infill. Per set (and per part
 * with `--parts`) the estimate is printed beside PrusaSlicer's `; filament used [g]` and
 * `; estimated printing time (normal mode)`, with the error; then the constants `fitCalibration` finds
 * on these sets, and the errors they would give. `CALIBRATION` holds the constants this run printed.
 *
 * On its own, after `npm run build`: `node dist/bench/slicer-calibration.js [faction-id ...] [--parts]`.
 */
import { fileURLToPath } from 'node:url';
import { CALIBRATION_PRINTS, fitCalibration } from '../src/bom/calibrate.js';
import { calibrate, CALIBRATION, type Calibration } from '../src/bom/estimate.js';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../src/faction/loader.js';
import { defaultSettings, generateParts } from '../src/generate/index.js';
import { findPrusaSlicer, prusaSlicerVersion, sliceStl } from '../src/io/slicer.js';
import { compareSetsWithSlicer, type PartComparison, type SetComparison } from '../src/bom/slicer-compare.js';
import { PRINT_DEFAULTS } from '../src/standard.js';

/** Relative error of an estimate against the slicer. */
export const relativeError = (estimate: number, slicer: number): number => (estimate - slicer) / slicer;
const pct = (e: number): string => `${e >= 0 ? '+' : ''}${(e * 100).toFixed(1)} %`;

/** Estimates and slices the sets of `factionIds` (all shipped ones when empty) at both layer heights. */
export async function compareAll(exe: string, factionIds: readonly string[] = []): Promise<SetComparison[]> {
  const factions = (await loadFactions(DEFAULT_FACTIONS_DIR)).filter(
    (f) => factionIds.length === 0 || factionIds.includes(f.id),
  );
  const files = await generateParts({ factions, settings: defaultSettings() });
  const out: SetComparison[] = [];
  for (const print of CALIBRATION_PRINTS)
    out.push(
      ...(await compareSetsWithSlicer(
        (stl, p, d) => sliceStl(exe, stl, p, d),
        files,
        factions.map((f) => f.id),
        print,
      )),
    );
  return out;
}

/** A set's estimate under other constants, from the analyses already made. */
function estimateWith(set: SetComparison, calibration: Calibration): { grams: number; minutes: number } {
  return set.parts.reduce(
    (s, p) => {
      const e = calibrate(p.analysis, p.densityGPerCm3, calibration);
      return { grams: s.grams + p.quantity * e.grams, minutes: s.minutes + p.quantity * e.minutes };
    },
    { grams: 0, minutes: 0 },
  );
}

/** Per-set errors (grams, minutes) under `calibration`. */
export function setErrors(
  sets: readonly SetComparison[],
  calibration: Calibration = CALIBRATION,
): { faction: string; layerHeightMm: number; grams: number; minutes: number }[] {
  return sets.map((s) => {
    const e = estimateWith(s, calibration);
    return {
      faction: s.faction,
      layerHeightMm: s.print.layerHeightMm,
      grams: relativeError(e.grams, s.slicer.grams),
      minutes: relativeError(e.minutes, s.slicer.minutes),
    };
  });
}

/** Each distinct part at each layer height once: the fit's samples. */
export function distinctParts(sets: readonly SetComparison[]): PartComparison[] {
  const byKey = new Map<string, PartComparison>();
  for (const s of sets) for (const p of s.parts) byKey.set(`${s.print.layerHeightMm}\0${p.path}`, p);
  return [...byKey.values()];
}

/** Relative errors of each distinct part under `calibration`. */
function partErrors(sets: readonly SetComparison[], calibration: Calibration): { grams: number[]; minutes: number[] } {
  const parts = distinctParts(sets).map((p) => ({ p, e: calibrate(p.analysis, p.densityGPerCm3, calibration) }));
  return {
    grams: parts.map(({ p, e }) => relativeError(e.grams, p.slicer.grams)),
    minutes: parts.map(({ p, e }) => relativeError(e.minutes, p.slicer.minutes)),
  };
}
const rms = (xs: readonly number[]): string =>
  `${(Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length) * 100).toFixed(1)} %`;

/** Constants that change nothing: what the model alone gives. */
const NEUTRAL: Calibration = { volumeFactor: 1, moveTimeFactor: 1, layerOverheadS: 0 };

const worst = (xs: readonly number[]): string => `${(Math.max(...xs.map(Math.abs)) * 100).toFixed(1)} %`;

/**
 * Worst per-set errors when each faction's sets are left out of the fit and then estimated with the
 * constants fitted on the others: how well the constants carry over to a set they were not fitted on.
 */
export function heldOutErrors(sets: readonly SetComparison[]): { grams: string; minutes: string } {
  const errors = [...new Set(sets.map((s) => s.faction))].flatMap((faction) => {
    const rest = sets.filter((s) => s.faction !== faction);
    return rest.length === 0
      ? []
      : setErrors(
          sets.filter((s) => s.faction === faction),
          fitCalibration(distinctParts(rest)),
        );
  });
  return { grams: worst(errors.map((e) => e.grams)), minutes: worst(errors.map((e) => e.minutes)) };
}
const describe = (c: Calibration): string =>
  `volumeFactor ${c.volumeFactor.toFixed(3)}, moveTimeFactor ${c.moveTimeFactor.toFixed(3)}, layerOverheadS ${c.layerOverheadS.toFixed(3)}`;

/** The per-set table (and per part with `parts`), the fitted constants and their errors, as text. */
export function formatComparisons(sets: readonly SetComparison[], perPart: boolean): string {
  const lines = [
    `CALIBRATION in use: ${describe(CALIBRATION)}`,
    'set               layer  est g  slicer g  error     est min  slicer min  error',
  ];
  for (const s of sets) {
    lines.push(
      `${s.faction.padEnd(16)}  ${s.print.layerHeightMm.toFixed(2)}  ${s.estimate.grams.toFixed(1).padStart(6)}  ${s.slicer.grams.toFixed(1).padStart(8)}  ${pct(relativeError(s.estimate.grams, s.slicer.grams)).padStart(8)}  ${s.estimate.minutes.toFixed(0).padStart(7)}  ${s.slicer.minutes.toFixed(0).padStart(10)}  ${pct(relativeError(s.estimate.minutes, s.slicer.minutes)).padStart(8)}`,
    );
    if (perPart) {
      for (const p of s.parts) {
        lines.push(
          `  ${p.path.padEnd(26)} ×${String(p.quantity).padStart(2)}  g ${p.estimate.grams.toFixed(2)} vs ${p.slicer.grams.toFixed(2)} (${pct(relativeError(p.estimate.grams, p.slicer.grams))})  min ${p.estimate.minutes.toFixed(1)} vs ${p.slicer.minutes.toFixed(1)} (${pct(relativeError(p.estimate.minutes, p.slicer.minutes))})`,
        );
      }
    }
  }
  const now = setErrors(sets);
  const parts = partErrors(sets, CALIBRATION);
  const neutral = setErrors(sets, NEUTRAL);
  lines.push(
    `worst per-set error uncalibrated (${describe(NEUTRAL)}): grams ${worst(neutral.map((e) => e.grams))}, time ${worst(neutral.map((e) => e.minutes))}`,
    `worst per-set error in use: grams ${worst(now.map((e) => e.grams))}, time ${worst(now.map((e) => e.minutes))}`,
    `per-part error in use (${parts.grams.length} parts): grams rms ${rms(parts.grams)}, worst ${worst(parts.grams)}; time rms ${rms(parts.minutes)}, worst ${worst(parts.minutes)}`,
  );
  const fitted = fitCalibration(distinctParts(sets));
  const refit = setErrors(sets, fitted);
  const held = heldOutErrors(sets);
  lines.push(
    `refitted on these parts: ${describe(fitted)}`,
    `worst per-set error refitted: grams ${worst(refit.map((e) => e.grams))}, time ${worst(refit.map((e) => e.minutes))}`,
    `worst per-set error, each faction held out of the fit: grams ${held.grams}, time ${held.minutes}`,
  );
  return `${lines.join('\n')}\n`;
}

/** For bench/run.ts: worst per-set errors over every shipped faction at both layer heights, and the refit. */
export async function benchSlicerCalibration(): Promise<Record<string, string | number>> {
  const exe = findPrusaSlicer();
  if (!exe)
    return { 'slicer calibration': 'skipped: prusa-slicer is not installed (Debian: apt-get install prusa-slicer)' };
  const started = performance.now();
  const sets = await compareAll(exe);
  const now = setErrors(sets);
  const fitted = fitCalibration(distinctParts(sets));
  const held = heldOutErrors(sets);
  const parts = partErrors(sets, CALIBRATION);
  return {
    'PrusaSlicer version': await prusaSlicerVersion(exe),
    'sets compared (factions × 0.20/0.16 mm)': sets.length,
    'distinct files sliced per layer height': new Set(sets.flatMap((s) => s.parts.map((p) => p.path))).size,
    'worst per-set grams error (target ≤ 15 %)': worst(now.map((e) => e.grams)),
    'worst per-set time error (target ≤ 30 %)': worst(now.map((e) => e.minutes)),
    'worst per-set grams / time error, faction held out of the fit': `${held.grams} / ${held.minutes}`,
    'per-part grams error, rms / worst': `${rms(parts.grams)} / ${worst(parts.grams)}`,
    'per-part time error, rms / worst': `${rms(parts.minutes)} / ${worst(parts.minutes)}`,
    'CALIBRATION in use': describe(CALIBRATION),
    'refitted on this run': describe(fitted),
    'generate + analyse + slice, s': ((performance.now() - started) / 1000).toFixed(1),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const exe = findPrusaSlicer();
  if (!exe) throw new Error('prusa-slicer is not on PATH (Debian: apt-get install prusa-slicer)');
  process.stdout.write(
    `PrusaSlicer ${await prusaSlicerVersion(exe)}, 15 % infill, ${PRINT_DEFAULTS.perimeters} walls, ${PRINT_DEFAULTS.topLayers}/${PRINT_DEFAULTS.bottomLayers} top/bottom layers\n`,
  );
  process.stdout.write(
    formatComparisons(
      await compareAll(
        exe,
        args.filter((a) => !a.startsWith('--')),
      ),
      args.includes('--parts'),
    ),
  );
}
