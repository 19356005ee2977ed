/**
 * `shipwright tune`: the flex arm that shoots a chosen distance in a chosen plastic (BRIEF §4), with the
 * figures a player needs to judge it, and optionally the tuned cannon as STL. The design flags are shared
 * with `shipwright calibrate`, which re-solves the same design.
 */
import type { Command } from 'commander';
import { initKernel, withArena } from '../../geometry/kernel.js';
import { writeFileAtomic } from '../../files/atomic.js';
import { InputError } from '../../errors.js';
import { checkFamily, readProfile } from '../../io/profile.js';
import { findMaterial } from '../../materials.js';
import { serializeStl } from '../../mesh/stl.js';
import { cannon } from '../../parts/cannon.js';
import { cannonOptionsFor, describeSolution, solveCannon, type TuneResult } from '../../physics/tune.js';
import { WEAR_MAX_SHOTS } from '../../physics/wear.js';
import { lengthUnitOf, mmIn, type LengthUnit } from '../../units.js';
import { PART_PRINT } from '../../bom/part-print.js';
import { addDesignOptions, calibrationFrom, parseRangeFlag, requestFrom, type DesignFlags } from '../options.js';
import { formatTable, wrap } from '../../table.js';
import type { Register } from '../terminal.js';

const fmt = (x: number, digits = 3): string => String(+x.toPrecision(digits));
/** A distance in the unit it was asked in, then in the other system's (metres beside inches and feet, inches beside the rest). */
const distance = (metres: number, unit: LengthUnit): string => {
  const other: LengthUnit = unit === 'in' || unit === 'ft' ? 'm' : 'in';
  return `${fmt(mmIn(metres * 1000, unit))} ${unit} (${fmt(mmIn(metres * 1000, other))} ${other})`;
};

/**
 * The plain answer, first: where it lands and how far two copies spread, in the unit asked; then what a
 * player feels and plans by (the draw, the thumb's force, how many shots it lasts, how to print it).
 */
export function tuneSummary(r: TuneResult, unit: LengthUnit): string {
  const name = findMaterial(r.material)!.name;
  const inUnit = (metres: number): string => `${fmt(mmIn(metres * 1000, unit))} ${unit}`;
  const solid = PART_PRINT.some(
    (p) => p.applies({ part: 'cannon', material: r.material, brim: false }) && p.settings.infillFraction === 1,
  );
  const shots = `${r.wear.shots >= WEAR_MAX_SHOTS ? 'more than ' : '~'}${Number(r.wear.shots.toPrecision(2)).toLocaleString('en')}`;
  return [
    `${name} cannon for ${distance(r.targetRangeM, unit)}: lands at ${inUnit(r.predictedRangeM)}; two copies land between ${fmt(mmIn(r.dispersion.p10RangeM * 1000, unit))} and ${inUnit(r.dispersion.p90RangeM)}`,
    `draw ${fmt(r.arm.releaseDeflectionMm, 2)} mm, thumb ${fmt(r.pressForceN, 2)} N, lasts ${shots} shots`,
    `arm ${fmt(r.arm.thicknessMm)} mm thick (${r.arm.thicknessLines} lines), ${fmt(r.arm.lengthMm)} mm long${solid ? '; print it solid (100 % infill)' : ''}`,
    '',
  ].join('\n');
}

/** The warnings, one bullet each, wrapped. */
const warningsText = (r: TuneResult): string =>
  `Warnings:\n${r.warnings.map((w) => `${wrap(`  - ${w}`, '    ')}\n`).join('')}`;

/** The readable report: the summary in `unit`, then (with `detail`) one row per figure with its unit, then the warnings. */
export function formatTune(r: TuneResult, unit: LengthUnit = 'm', detail = true): string {
  const summary = tuneSummary(r, unit);
  if (!detail) return `${summary}\n${warningsText(r)}(every figure, with its unit: --detail)\n`;
  const rows: string[][] = [
    ['', 'value', 'unit'],
    ['target range', fmt(r.targetRangeM, 4), 'm'],
    ['predicted range (carry)', fmt(r.predictedRangeM, 4), 'm'],
    ['two copies land between (P10–P90)', `${fmt(r.dispersion.p10RangeM)}–${fmt(r.dispersion.p90RangeM)}`, 'm'],
    ['largest spread from', `${r.dispersion.dominantTerm} (±${fmt(r.dispersion.terms[0]!.swingM / 2)} m alone)`, ''],
    ['arm length', fmt(r.arm.lengthMm), 'mm'],
    ['arm thickness', `${fmt(r.arm.thicknessMm)} (${r.arm.thicknessLines} lines)`, 'mm'],
    ['arm width (height on the bed), root → tip', `${fmt(r.arm.widthMm)} → ${fmt(r.arm.tipWidthMm)}`, 'mm'],
    ["draw (the pad's edge at the catch)", fmt(r.arm.releaseDeflectionMm), 'mm'],
    [
      "catch edge / thumb / pusher from the arm's root",
      `${fmt(r.asPrinted.drawPointFromRootMm)} / ${fmt(r.asPrinted.thumbPointFromRootMm)} / ${fmt(r.asPrinted.pusherFromRootMm)}`,
      'mm',
    ],
    ['arm tip deflection / length (linear ≤ 0.2)', fmt(r.armTipDeflectionRatio), ''],
    ['thumb force', fmt(r.pressForceN), 'N'],
    ['peak strain / limit', `${fmt(r.peakStrain * 100)} / ${fmt(r.strainLimit * 100)}`, '%'],
    [
      'stored energy / ceiling σ²V/(6E)',
      `${fmt(r.storedEnergyJ * 1000)} / ${fmt(r.energyCeilingJ * 1000)} (${fmt(r.energyHeadroom * 100)} % used)`,
      'mJ',
    ],
    ['most-used limit', fmt(r.limitUse * 100), '%'],
    ['stiffness at the thumb', fmt(r.stiffnessNPerM), 'N/m'],
    ['modulus (along the roads)', fmt(r.elasticModulusGPa), 'GPa'],
    ['arm mass / tip block mass (solid)', `${fmt(r.arm.massG)} / ${fmt(r.tipMassG)}`, 'g'],
    ['tip block share of the moving mass', fmt(r.tipMassShare * 100), '%'],
    ['ball diameter', `${fmt(r.ball.diameterMm)} (${findMaterial(r.ball.material)!.name})`, 'mm'],
    ['ball mass', fmt(r.ball.massG), 'g'],
    ['transfer efficiency (to the ball at the muzzle)', fmt(r.efficiency * 100), '%'],
    ['bore friction [E]', fmt(r.boreFriction), ''],
    ['calibration factor (energy)', fmt(r.calibrationFactor, 4), ''],
    ['launch speed', fmt(r.launchSpeedMps), 'm/s'],
    ['elevation', fmt(r.elevationDeg), '°'],
    ['launch height above the table', fmt(r.launchHeightMm), 'mm'],
    ['drag coefficient', fmt(r.dragCoefficient), ''],
    ['wear [E]', `${r.wear.shots >= WEAR_MAX_SHOTS ? 'more than ' : ''}${r.wear.shots.toLocaleString('en')}`, 'shots'],
  ];
  return `${summary}\n${formatTable(rows)}\n${warningsText(r)}`;
}

/** Writes the cannon that prints this design as binary STL. */
export async function writeCannonStl(path: string, options: ReturnType<typeof cannonOptionsFor>): Promise<void> {
  await initKernel();
  const bytes = withArena(() => serializeStl(cannon(options).solid.toMesh(), 'tuned cannon'));
  await writeFileAtomic(path, bytes);
}

interface Flags extends Omit<DesignFlags, 'material'> {
  material?: string;
  range?: string;
  stl?: string;
  json?: boolean;
  detail?: boolean;
}

export const registerTune: Register = (cmd: Command, io) => {
  addDesignOptions(
    cmd,
    'printer profile: its calibration, and its cannon (material, range, design) where these flags say nothing (written by shipwright calibrate)',
    false,
  )
    .option(
      '--range <dist>',
      "target carry to the first touchdown, with its unit: 24in, 0.6m, 60cm (default: the --profile's cannon)",
    )
    .option('--stl <file>', 'also write the tuned cannon as binary STL')
    .option('--json', 'print one JSON object on stdout and nothing else')
    .option('--detail', 'after the summary, every figure of the design with its unit (the engineering table)')
    .action(async (flags: Flags) => {
      checkFamily(flags.family);
      // The profile's cannon fills what the flags leave out (calibrate records it): one design, remembered.
      const kept = flags.profile === undefined ? undefined : (await readProfile(flags.profile, false)).cannon;
      const missing = (flag: string, example: string): never => {
        throw InputError.single(
          flag,
          '',
          `missing: give ${example}, or a --profile that holds a cannon (shipwright calibrate records one)`,
        );
      };
      const material =
        flags.material ?? kept?.materialId ?? missing('--material', 'the arm material, e.g. --material pla');
      const rangeM =
        flags.range !== undefined
          ? parseRangeFlag('--range', flags.range)
          : (kept?.rangeM ?? missing('--range', 'the target carry, e.g. --range 24in'));
      const family = flags.family ?? kept?.family;
      const request = { ...kept?.design, ...requestFrom({ ...flags, material }, rangeM) };
      const calibration = await calibrationFrom(flags.profile, material, family);
      const solution = solveCannon({ ...request, calibrationFactor: calibration.factor });
      const result = describeSolution(solution);
      if (calibration.warning) result.warnings.unshift(calibration.warning);
      if (flags.stl !== undefined) await writeCannonStl(flags.stl, cannonOptionsFor(solution));
      if (flags.json) io.out(`${JSON.stringify(result, null, 2)}\n`);
      else {
        io.out(
          formatTune(result, (flags.range !== undefined && lengthUnitOf(flags.range)) || 'm', flags.detail === true),
        );
        if (flags.stl !== undefined) io.out(`\nTuned cannon → ${flags.stl}\n`);
      }
    });
};
