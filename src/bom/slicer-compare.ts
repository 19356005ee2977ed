/**
 * The estimate against a slicer, set by set: every part a faction set prints, estimated here and sliced by
 * the referee (PrusaSlicer through src/io/slicer.ts, passed in, so this stays free of processes and disks).
 */
import { availableParallelism } from 'node:os';
import type { GeneratedFile } from '../generate/types.js';
import { findMaterial } from '../materials.js';
import { parseStl } from '../mesh/stl.js';
import type { PrintFigures } from './calibrate.js';
import {
  analysePrint,
  calibrate,
  CALIBRATION,
  type Calibration,
  type PrintAnalysis,
  type PrintSettings,
} from './estimate.js';

/** Slices one binary STL and returns its filament and time figures (src/io/slicer.ts's sliceStl, bound to an executable). */
export type SliceStl = (stl: Uint8Array, print: PrintSettings, densityGPerCm3: number) => Promise<PrintFigures>;

/** One part of a faction set: how many the set prints, its analysis and estimate, and the slicer's figures. */
export interface PartComparison {
  path: string;
  quantity: number;
  densityGPerCm3: number;
  analysis: PrintAnalysis;
  estimate: PrintFigures;
  slicer: PrintFigures;
}

/** A whole faction set (the catalogue's per-set counts), estimated and sliced part by part. */
export interface SetComparison {
  faction: string;
  print: PrintSettings;
  parts: PartComparison[];
  estimate: PrintFigures;
  slicer: PrintFigures;
}

/** The non-optional files one set of `faction` prints, with their per-set counts. */
function setFiles(files: readonly GeneratedFile[], faction: string): { file: GeneratedFile; quantity: number }[] {
  return files
    .filter(
      (f) =>
        (f.faction === faction || f.faction === null) && !f.quantity.optional && (f.quantity.perSet[faction] ?? 0) > 0,
    )
    .map((file) => ({ file, quantity: file.quantity.perSet[faction]! }));
}

/** Sums a set's parts, each weighed by its count. */
function setTotals(parts: readonly { quantity: number; figures: PrintFigures }[]): PrintFigures {
  return {
    grams: parts.reduce((s, p) => s + p.quantity * p.figures.grams, 0),
    minutes: parts.reduce((s, p) => s + p.quantity * p.figures.minutes, 0),
  };
}

/**
 * Estimates and slices with `slice` (PrusaSlicer, src/io/slicer.ts) every non-optional file the sets of `factions` print, each
 * distinct file once and `parallel` slicer processes at a time, and compares the sets with `calibration`.
 * @param calibration default: the fitted `CALIBRATION`
 * @param parallel default: the machine's available parallelism
 */
export async function compareSetsWithSlicer(
  slice: SliceStl,
  files: readonly GeneratedFile[],
  factions: readonly string[],
  print: PrintSettings,
  calibration: Calibration = CALIBRATION,
  parallel = availableParallelism(),
): Promise<SetComparison[]> {
  const wanted = [...new Set(factions.flatMap((id) => setFiles(files, id).map((x) => x.file)))];
  const done = new Map<string, Omit<PartComparison, 'quantity'>>();
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < wanted.length; i = next++) {
      const f = wanted[i]!;
      const material = findMaterial(f.material);
      if (!material) throw new Error(`${f.path}: unknown material "${f.material}"`);
      const density = material.densityGPerCm3.value;
      const analysis = analysePrint(parseStl(f.bytes), print);
      const { grams, minutes } = calibrate(analysis, density, calibration);
      done.set(f.path, {
        path: f.path,
        densityGPerCm3: density,
        analysis,
        estimate: { grams, minutes },
        slicer: await slice(f.bytes, print, density),
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  return factions.map((faction) => {
    const parts = setFiles(files, faction).map(({ file, quantity }) => ({ ...done.get(file.path)!, quantity }));
    return {
      faction,
      print,
      parts,
      estimate: setTotals(parts.map((p) => ({ quantity: p.quantity, figures: p.estimate }))),
      slicer: setTotals(parts.map((p) => ({ quantity: p.quantity, figures: p.slicer }))),
    };
  });
}
