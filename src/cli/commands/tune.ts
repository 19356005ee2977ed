/**
 * `shipwright tune`: the flex arm that shoots a chosen distance in a chosen plastic (BRIEF §4), with the
 * figures a player needs to judge it, and optionally the tuned cannon as STL. The design flags are shared
 * with `shipwright calibrate`, which re-solves the same design.
 */
import type { Command } from 'commander';
import { initKernel, withArena } from '../../geometry/kernel.js';
import { writeFileAtomic } from '../../io/atomic.js';
import { checkFamily } from '../../io/profile.js';
import { findMaterial } from '../../materials.js';
import { serializeStl } from '../../mesh/stl.js';
import { cannon } from '../../parts/cannon.js';
import { cannonOptionsFor, describeSolution, solveCannon, type TuneResult } from '../../physics/tune.js';
import { WEAR_MAX_SHOTS } from '../../physics/wear.js';
import { mmToIn } from '../../units.js';
import { addDesignOptions, calibrationFrom, parseRangeFlag, requestFrom, type DesignFlags } from '../options.js';
import { formatTable, wrap } from '../../table.js';
import type { Register } from '../terminal.js';

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
  return `${name} cannon for ${m(r.targetRangeM)}\n\n${formatTable(rows)}\nWarnings:\n${r.warnings.map((w) => `${wrap(`  - ${w}`, '    ')}\n`).join('')}`;
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

export const registerTune: Register = (cmd: Command, io) => {
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
