/**
 * Print settings as the slicers name them, for the plates' metadata (src/mesh/threemf.ts writes them).
 *
 * PrusaSlicer (src/libslic3r/PrintConfig.cpp, read by src/libslic3r/Format/3mf.cpp): the plate's settings
 * go in `Metadata/Slic3r_PE.config`, each object's own in `Metadata/Slic3r_PE_model.config`. The plate
 * file pins what the estimate models (src/bom/estimate.ts: PrusaSlicer's built-in defaults plus the
 * settings src/io/slicer.ts passes when calibrating), so a plate opened as a project, or sliced headless
 * with nothing but `--dont-arrange`, prints what the plan weighed.
 *
 * OrcaSlicer and Bambu Studio (src/libslic3r/PrintConfig.cpp and Format/bbs_3mf.cpp in SoftFever/OrcaSlicer)
 * read each object's settings from `Metadata/model_settings.config` under their own names; they load a
 * project's plate-wide settings only from a file their own version wrote, so each object carries
 * everything it must not print without (its brim, supports off, its exceptions).
 */
import type { PrinterProfile } from '../standard.js';
import { PRINT_DEFAULTS } from '../standard.js';
import type { PrintSettings } from './estimate.js';

export type KeyValues = [string, string][];

/** PrusaSlicer's `filament_type` for each material id (its enum in PrintConfig.cpp has PET for PETG, FLEX for TPU). */
const FILAMENT_TYPE: Readonly<Record<string, string>> = {
  pla: 'PLA',
  'pla-plus': 'PLA',
  petg: 'PET',
  abs: 'ABS',
  asa: 'ASA',
  'tpu-95a': 'FLEX',
  pa: 'PA',
  pc: 'PC',
};

const pct = (fraction: number): string => `${Math.round(fraction * 1000) / 10}%`;
const mm = (x: number): string => String(Math.round(x * 1000) / 1000);

/** What a plate's settings are made from: the table's print, the bed, and the spool loaded. */
export interface PlateSlicing {
  print: PrintSettings;
  printer: PrinterProfile;
  /** The filament's sRGB colour, `#RRGGBB`. */
  colorHex: string;
  materialId: string;
  densityGPerCm3: number;
}

/**
 * `Metadata/Slic3r_PE.config`: the plate's print, filament and printer settings, PrusaSlicer's keys, in
 * alphabetical order as PrusaSlicer writes them. No brim and no supports plate-wide: the objects that need
 * a brim carry their own.
 */
export function prusaPlateConfig(p: PlateSlicing): KeyValues {
  const { print, printer } = p;
  const out: KeyValues = [
    ['bed_shape', `0x0,${mm(printer.bedXMm)}x0,${mm(printer.bedXMm)}x${mm(printer.bedYMm)},0x${mm(printer.bedYMm)}`],
    ['bottom_solid_layers', String(print.bottomLayers)],
    ['brim_width', '0'],
    // A single extruder's colour: the 3D view paints the objects in it.
    ['extruder_colour', p.colorHex],
    ['extrusion_width', mm(print.lineWidthMm)],
    ['filament_colour', p.colorHex],
    ['filament_density', mm(p.densityGPerCm3)],
    ['filament_diameter', '1.75'],
    ['filament_type', FILAMENT_TYPE[p.materialId] ?? 'PLA'],
    ['fill_density', pct(print.infillFraction)],
    ['first_layer_extrusion_width', mm(print.lineWidthMm)],
    ['first_layer_height', mm(print.layerHeightMm)],
    // Each object's moves labelled, so a failed part can be cancelled alone (and the G-code read per part).
    ['gcode_label_objects', '1'],
    ['layer_height', mm(print.layerHeightMm)],
    ['max_print_height', mm(printer.maxZMm)],
    ['nozzle_diameter', mm(PRINT_DEFAULTS.nozzleMm)],
    ['perimeters', String(print.perimeters)],
    // The estimate counts no skirt; the plates leave the priming to the printer's own purge line.
    ['skirts', '0'],
    ['support_material', '0'],
    ['top_solid_layers', String(print.topLayers)],
  ];
  return out;
}

/** One object's own settings for PrusaSlicer: its brim (or none), supports off, and what the settings table changes. */
export function prusaObjectConfig(own: PrintSettings, plate: PrintSettings): KeyValues {
  const brim = own.brimWidthMm ?? 0;
  return [
    ['brim_type', brim > 0 ? 'outer_only' : 'no_brim'],
    ['brim_width', mm(brim)],
    ...(own.infillFraction !== plate.infillFraction
      ? [['fill_density', pct(own.infillFraction)] as [string, string]]
      : []),
    ...(own.perimeters !== plate.perimeters ? [['perimeters', String(own.perimeters)] as [string, string]] : []),
    ['support_material', '0'],
  ];
}

/** The same for OrcaSlicer and Bambu Studio, under their names (`brim_object_gap` 0, as PrusaSlicer's brim touches the part). */
export function orcaObjectConfig(own: PrintSettings, plate: PrintSettings): KeyValues {
  const brim = own.brimWidthMm ?? 0;
  return [
    ['brim_object_gap', '0'],
    ['brim_type', brim > 0 ? 'outer_only' : 'no_brim'],
    ['brim_width', mm(brim)],
    ['enable_support', '0'],
    ['extruder', '1'],
    ...(own.infillFraction !== plate.infillFraction
      ? [['sparse_infill_density', pct(own.infillFraction)] as [string, string]]
      : []),
    ...(own.perimeters !== plate.perimeters ? [['wall_loops', String(own.perimeters)] as [string, string]] : []),
  ];
}
