/**
 * `shipwright tune`: the flex arm that shoots a chosen distance in a chosen plastic (BRIEF §4), with the
 * figures a player needs to judge it, and optionally the tuned cannon as STL. The design flags are shared
 * with `shipwright calibrate`, which re-solves the same design.
 */
import { Option, type Command } from 'commander';
import { InputError } from '../../errors.js';
import { initKernel, withArena } from '../../geometry/kernel.js';
import { writeFileAtomic } from '../../io/atomic.js';
import { calibrationKey, checkFamily, findCalibration, readProfile } from '../../io/profile.js';
import { findMaterial, MATERIAL_IDS } from '../../materials.js';
import { serializeStl } from '../../mesh/stl.js';
import { cannon } from '../../parts/cannon.js';
import type { CannonDesign } from '../../generate/types.js';
import { TAPER_CHOICES, type TaperChoice, type TuneRequest } from '../../physics/solver.js';
import { cannonOptionsFor, describeSolution, solveCannon, type TuneResult } from '../../physics/tune.js';
import { WEAR_MAX_SHOTS } from '../../physics/wear.js';
import { CANNON, CANNON_LIMITS, INTERFACES } from '../../standard.js';
import { mmToIn, parseAngleDeg } from '../../units.js';
import { parseMmFlag, parseRangeFlag } from '../options.js';
import { formatTable } from '../table.js';
import type { Register } from './index.js';

const ELEVATION_LIMITS_DEG = { min: 0, max: CANNON_LIMITS.elevationMaxDeg } as const;
/** --ball-diameter's range: from the game's 8 mm (a smaller ball drops into the pusher slot) up to the largest the cannon is built for. */
export const BALL_DIAMETER_LIMITS_MM = { min: INTERFACES.cannonball.diameterMm, max: CANNON_LIMITS.ballDiameterMaxMm } as const;

/** The flags that shape a cannon besides its material and range (tune, calibrate, generate, validate). */
export interface ArmDesignFlags {
  elevation?: string;
  ballDiameter?: string;
  ballMaterial?: string;
  armLength?: string;
  taper?: TaperChoice;
  profile?: string;
  family?: string;
}

export interface DesignFlags extends ArmDesignFlags {
  material: string;
}

/** The design flags every cannon-making command shares (generate and validate take --profile with their build options). */
export function addArmDesignOptions(cmd: Command): Command {
  return cmd
    .option('--elevation <deg>', `bore elevation, ${ELEVATION_LIMITS_DEG.min}–${ELEVATION_LIMITS_DEG.max}° (default ${CANNON.elevationDeg})`)
    .option('--ball-diameter <mm>', `ball diameter, ${BALL_DIAMETER_LIMITS_MM.min}–${BALL_DIAMETER_LIMITS_MM.max} mm (default ${INTERFACES.cannonball.diameterMm})`)
    .addOption(new Option('--ball-material <id>', 'ball material (default: the arm material)').choices(MATERIAL_IDS))
    .option('--arm-length <mm>', `fix the arm's free length, ${CANNON.armLengthRangeMm.min}–${CANNON.armLengthRangeMm.max} mm (default: ${CANNON.armLengthMm} mm, or the nearest length that reaches)`)
    .addOption(new Option('--taper <how>', 'the arm\'s width along its length: tapered (even strain), uniform, or auto (the better of the two; default)').choices([...TAPER_CHOICES]))
    .option('--family <name>', 'calibration family within the material (e.g. one per cannon design you print); default: the material\'s own factor');
}

/** The options that fix a design: material, elevation, ball, arm length, taper, and the profile with its calibration. */
export function addDesignOptions(cmd: Command, profileHelp = 'printer profile with calibration factors (written by shipwright calibrate)'): Command {
  return addArmDesignOptions(cmd.addOption(new Option('--material <id>', 'arm material (see shipwright materials)').choices(MATERIAL_IDS).makeOptionMandatory())).option('--profile <file>', profileHelp);
}

/** `--elevation 15`, `15deg` or `15°`. */
function parseElevation(text: string): number {
  const p = /^\s*[0-9.]+\s*$/.test(text) ? { ok: true as const, value: Number(text) } : parseAngleDeg(text);
  const { min, max } = ELEVATION_LIMITS_DEG;
  if (!p.ok || !Number.isFinite(p.value) || p.value < min || p.value > max) throw InputError.single('--elevation', '', `"${text}" is not valid: expected degrees from ${min} to ${max}, e.g. --elevation 15`);
  return p.value;
}

/** The design the flags describe, without its material, range or calibration factor. */
export function designFrom(flags: ArmDesignFlags): CannonDesign {
  const d: CannonDesign = {};
  if (flags.elevation !== undefined) d.elevationDeg = parseElevation(flags.elevation);
  if (flags.ballDiameter !== undefined) d.ballDiameterMm = parseMmFlag('--ball-diameter', flags.ballDiameter, BALL_DIAMETER_LIMITS_MM.min, BALL_DIAMETER_LIMITS_MM.max);
  if (flags.ballMaterial !== undefined) d.ballMaterialId = flags.ballMaterial;
  if (flags.armLength !== undefined) d.armLengthMm = parseMmFlag('--arm-length', flags.armLength, CANNON.armLengthRangeMm.min, CANNON.armLengthRangeMm.max);
  if (flags.taper !== undefined) d.taper = flags.taper;
  return d;
}

/** The request the design flags describe (without the calibration factor). */
export function requestFrom(flags: DesignFlags, targetRangeM: number): TuneRequest {
  return { ...designFrom(flags), materialId: flags.material, targetRangeM };
}

const fmt = (x: number, digits = 3): string => String(+x.toPrecision(digits));
const m = (x: number): string => `${fmt(x)} m (${fmt(mmToIn(x * 1000))} in)`;

/** The readable report: one row per figure, with its unit; then the warnings. */
export function formatTune(r: TuneResult): string {
  const name = findMaterial(r.material)!.name;
  const rows: string[][] = [
    ['', 'value', 'unit'],
    ['target range', fmt(r.targetRangeM, 4), 'm'],
    ['predicted range (carry)', fmt(r.predictedRangeM, 4), 'm'],
    ['two copies land between (P10–P90)', `${fmt(r.dispersion.p10RangeM)}–${fmt(r.dispersion.p90RangeM)}`, 'm'],
    ['largest spread from', `${r.dispersion.dominantTerm} (±${fmt(r.dispersion.terms[0]!.swingM / 2)} m alone)`, ''],
    ['arm length', fmt(r.arm.lengthMm), 'mm'],
    ['arm thickness', `${fmt(r.arm.thicknessMm)} (${r.arm.thicknessLines} lines)`, 'mm'],
    ['arm width (height on the bed), root → tip', `${fmt(r.arm.widthMm)} → ${fmt(r.arm.tipWidthMm)}`, 'mm'],
    ['draw (the pad\'s edge at the catch)', fmt(r.arm.releaseDeflectionMm), 'mm'],
    ['catch edge / thumb / pusher from the arm\'s root', `${fmt(r.asPrinted.drawPointFromRootMm)} / ${fmt(r.asPrinted.thumbPointFromRootMm)} / ${fmt(r.asPrinted.pusherFromRootMm)}`, 'mm'],
    ['arm tip deflection / length (linear ≤ 0.2)', fmt(r.armTipDeflectionRatio), ''],
    ['thumb force', fmt(r.pressForceN), 'N'],
    ['peak strain / limit', `${fmt(r.peakStrain * 100)} / ${fmt(r.strainLimit * 100)}`, '%'],
    ['stored energy / ceiling σ²V/(6E)', `${fmt(r.storedEnergyJ * 1000)} / ${fmt(r.energyCeilingJ * 1000)} (${fmt(r.energyHeadroom * 100)} % used)`, 'mJ'],
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
  return `${name} cannon for ${m(r.targetRangeM)}\n\n${formatTable(rows)}\nWarnings:\n${r.warnings.map((w) => `  - ${w}\n`).join('')}`;
}

/** The calibration factor for this material (and family) from a profile file, or 1 with a warning when it has none. */
export async function calibrationFrom(profilePath: string | undefined, materialId: string, family?: string): Promise<{ factor: number; warning?: string }> {
  if (profilePath === undefined) return { factor: 1 };
  const key = calibrationKey(materialId, family);
  const entry = findCalibration(await readProfile(profilePath, false), materialId, family);
  if (!entry) return { factor: 1, warning: `${profilePath} has no calibration for ${key}: run shipwright calibrate --material ${materialId}${family ? ` --family ${family}` : ''} --profile ${profilePath}` };
  return { factor: entry.energyFactor };
}

/** Writes the cannon that prints this design as binary STL. */
export async function writeCannonStl(path: string, options: ReturnType<typeof cannonOptionsFor>): Promise<void> {
  await initKernel();
  const bytes = withArena(() => serializeStl(cannon(options).solid.toMesh(), 'tuned cannon'));
  await writeFileAtomic(path, bytes);
}

interface Flags extends DesignFlags {
  range: string;
  stl?: string;
  json?: boolean;
}

export const registerTune: Register = (program: Command, io) => {
  const cmd = program.command('tune').description("size the cannon's flex arm to shoot a distance in a material");
  addDesignOptions(cmd)
    .requiredOption('--range <dist>', 'target carry to the first touchdown, with its unit: 24in, 0.6m, 60cm')
    .option('--stl <file>', 'also write the tuned cannon as binary STL')
    .option('--json', 'print one JSON object on stdout and nothing else')
    .action(async (flags: Flags) => {
      checkFamily(flags.family);
      const request = requestFrom(flags, parseRangeFlag('--range', flags.range));
      const calibration = await calibrationFrom(flags.profile, flags.material, flags.family);
      const solution = solveCannon({ ...request, calibrationFactor: calibration.factor });
      const result = describeSolution(solution);
      if (calibration.warning) result.warnings.unshift(calibration.warning);
      if (flags.stl !== undefined) await writeCannonStl(flags.stl, cannonOptionsFor(solution));
      if (flags.json) io.out(`${JSON.stringify(result, null, 2)}\n`);
      else {
        io.out(formatTune(result));
        if (flags.stl !== undefined) io.out(`\nTuned cannon → ${flags.stl}\n`);
      }
    });
};
