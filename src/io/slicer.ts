/**
 * PrusaSlicer, headless, as the independent referee for the filament estimate (DEVELOPERS.md, "Working").
 * Each call slices in a fresh temporary folder with its own `--datadir`, so no user profile leaks in; the
 * print settings are passed explicitly and everything else is PrusaSlicer's built-in default.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import type { PrintFigures } from '../bom/calibrate.js';
import type { PrintSettings } from '../bom/estimate.js';
import { PRINT_DEFAULTS } from '../standard.js';

const run = promisify(execFile);

/** The executable's path on PATH, or null when PrusaSlicer is not installed. */
export function findPrusaSlicer(): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'prusa-slicer');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

export async function prusaSlicerVersion(exe: string): Promise<string> {
  const { stdout } = await run(exe, ['--help'], { maxBuffer: 4 << 20 });
  return /PrusaSlicer-([\w.+-]+)/.exec(stdout)?.[1] ?? 'unknown';
}

export type SlicerReport = PrintFigures;

/** Reads `; filament used [g] = 2.17` and `; estimated printing time (normal mode) = 1d 2h 3m 4s` from G-code. */
export function parseSlicerReport(gcode: string): SlicerReport {
  const grams = /^; filament used \[g\] = ([\d.]+)/m.exec(gcode);
  const time = /^; estimated printing time \(normal mode\) = (.+)$/m.exec(gcode);
  if (!grams || !time) throw new Error('G-code has no "; filament used [g]" or "; estimated printing time" line');
  const units: Record<string, number> = { d: 1440, h: 60, m: 1, s: 1 / 60 };
  let minutes = 0;
  for (const [, n, u] of time[1]!.matchAll(/(\d+)([dhms])/g)) minutes += Number(n) * units[u!]!;
  return { grams: Number(grams[1]), minutes };
}

/** The command-line settings that pin the print to `print` (first layer as the others, no skirt, its brim if any). */
export function slicerArgs(print: PrintSettings, densityGPerCm3: number): string[] {
  return [
    '--layer-height',
    String(print.layerHeightMm),
    '--first-layer-height',
    String(print.layerHeightMm),
    '--fill-density',
    `${Math.round(print.infillFraction * 100)}%`,
    '--perimeters',
    String(print.perimeters),
    '--top-solid-layers',
    String(print.topLayers),
    '--bottom-solid-layers',
    String(print.bottomLayers),
    '--nozzle-diameter',
    String(PRINT_DEFAULTS.nozzleMm),
    '--extrusion-width',
    String(print.lineWidthMm),
    '--first-layer-extrusion-width',
    String(print.lineWidthMm),
    '--filament-diameter',
    '1.75',
    '--filament-density',
    String(densityGPerCm3),
    '--skirts',
    '0',
    // A brim where the settings table asks for one (the plates carry it per object).
    ...(print.brimWidthMm ? ['--brim-width', String(print.brimWidthMm)] : []),
    // PrusaSlicer refuses its default sparse pattern at 100 % from the command line; a solid part's fill is rectilinear.
    ...(print.infillFraction >= 1 ? ['--fill-pattern', 'rectilinear'] : []),
  ];
}

/** Slices one binary STL with PrusaSlicer, with `args` besides the input and output, and returns the G-code. */
async function sliceToGcode(exe: string, stl: Uint8Array, args: readonly string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shipwright-slice-'));
  try {
    const input = join(dir, 'part.stl');
    const output = join(dir, 'part.gcode');
    await writeFile(input, stl);
    await run(
      exe,
      ['--export-gcode', '--datadir', join(dir, 'datadir'), ...args, '--center', '110,110', '--output', output, input],
      { maxBuffer: 16 << 20, timeout: 120_000 },
    );
    return await readFile(output, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Slices one binary STL with PrusaSlicer and returns its filament and time figures. */
export async function sliceStl(
  exe: string,
  stl: Uint8Array,
  print: PrintSettings,
  densityGPerCm3: number,
): Promise<SlicerReport> {
  return parseSlicerReport(await sliceToGcode(exe, stl, slicerArgs(print, densityGPerCm3)));
}

/** The length of the support roads (`;TYPE:Support material` and its interface) that G-code extrudes, mm. */
export function parseSupportRoadMm(gcode: string): number {
  let support = false,
    x: number | null = null,
    y: number | null = null,
    mm = 0;
  for (const line of gcode.split('\n')) {
    if (line.startsWith(';TYPE:')) support = line.startsWith(';TYPE:Support material');
    const m = /^G1 X(-?[\d.]+) Y(-?[\d.]+)(.*)$/.exec(line);
    if (!m) continue;
    const nx = Number(m[1]),
      ny = Number(m[2]);
    if (support && x !== null && y !== null && / E/.test(m[3]!)) mm += Math.hypot(nx - x, ny - y);
    x = nx;
    y = ny;
  }
  return mm;
}

/**
 * How much support PrusaSlicer's automatic supports would print under one binary STL as it lies, mm of road:
 * supports on, for overhangs past `overhangDeg` from vertical (PrusaSlicer's threshold is the shallowest
 * slope from the bed printed without them, so 90° − overhangDeg, less a degree for facets modelled at the
 * limit), bridges left to bridge.
 */
export async function supportRoadMm(
  exe: string,
  stl: Uint8Array,
  print: PrintSettings,
  densityGPerCm3: number,
  overhangDeg: number,
): Promise<number> {
  const args = [
    ...slicerArgs(print, densityGPerCm3),
    '--support-material',
    '--support-material-threshold',
    String(90 - overhangDeg - 1),
    '--dont-support-bridges',
  ];
  return parseSupportRoadMm(await sliceToGcode(exe, stl, args));
}
