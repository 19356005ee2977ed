/**
 * `shipwright calibrate`: fits this printer's correction from practice shots of a cannon tuned for a
 * range (the rulebook asks players to fire a few), stores it in the printer profile, and shows the arm
 * re-solved with it. `shipwright tune --profile FILE` then uses it.
 */
import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import {
  CALIBRATION_FACTOR_RANGE,
  calibrationKey,
  checkFamily,
  DEFAULT_PROFILE_PATH,
  findCalibration,
  readProfile,
  withProfileLock,
  writeProfile,
} from '../../io/profile.js';
import { fitCalibration } from '../../physics/calibrate.js';
import { cannonOptionsFor, describeSolution, solveCannon } from '../../physics/tune.js';
import { wearEstimate } from '../../physics/wear.js';
import { formatTable, wrap } from '../../table.js';
import {
  addDesignOptions,
  designFrom,
  parseIntFlag,
  parseRangeFlag,
  requestFrom,
  type DesignFlags,
} from '../options.js';
import { formatTune, writeCannonStl } from './tune.js';
import type { Register } from '../terminal.js';

interface Flags extends DesignFlags {
  tunedFor: string;
  measured: string;
  shotsFired: string;
  stl?: string;
  json?: boolean;
}

/** `58cm,61cm,0.6m`: each shot with its unit. */
function parseMeasured(text: string): number[] {
  const items = text.split(',').map((s) => s.trim());
  if (items.some((s) => s === ''))
    throw InputError.single(
      '--measured',
      '',
      `"${text}" has an empty entry: expected distances separated by commas, e.g. 58cm,61cm,60cm`,
    );
  return items.map((s, i) => {
    try {
      return parseRangeFlag('--measured', s);
    } catch (e) {
      if (e instanceof InputError) throw InputError.single('--measured', `shot ${i + 1}`, e.problems[0]!.message);
      throw e;
    }
  });
}

const fmt = (x: number, digits = 3): string => String(+x.toPrecision(digits));

const sameShots = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export const registerCalibrate: Register = (cmd: Command, io) => {
  addDesignOptions(cmd, 'printer profile to update (created if missing)')
    .requiredOption('--tuned-for <dist>', 'the range the fired cannon was tuned for (as given to shipwright tune)')
    .requiredOption(
      '--measured <dist,...>',
      'where the practice shots first touched down, each with its unit: 58cm,61cm,57cm',
    )
    .requiredOption(
      '--shots-fired <n>',
      'how many shots that cannon has fired in its life, practice shots included (a worn arm is reprinted, not calibrated)',
    )
    .option('--stl <file>', 'also write the corrected cannon as binary STL')
    .option('--json', 'print one JSON object on stdout and nothing else')
    .action(async (flags: Flags) => {
      const profilePath = flags.profile ?? DEFAULT_PROFILE_PATH;
      checkFamily(flags.family);
      const tunedForM = parseRangeFlag('--tuned-for', flags.tunedFor);
      const measuredM = parseMeasured(flags.measured);
      const shotsFired = parseIntFlag('--shots-fired', flags.shotsFired, 0, 1e7);
      const request = requestFrom(flags, tunedForM);
      await withProfileLock(profilePath, async () => {
        const profile = await readProfile(profilePath, true);
        const key = calibrationKey(flags.material, flags.family);
        const own = profile.calibration[key];
        // The same shots fed again are refitted from the factor they were first fitted from: nothing compounds.
        const again = own !== undefined && own.tunedForM === tunedForM && sameShots(own.measuredM, measuredM);
        const previous = again
          ? own.basedOnFactor
          : (findCalibration(profile, flags.material, flags.family)?.energyFactor ?? 1);
        // The design the player fired: tuned with the factor in use then.
        const fired = solveCannon({ ...request, calibrationFactor: previous });
        const wear = wearEstimate(fired);
        if (shotsFired > wear.shots) {
          const verdict = {
            verdict: 'reprint',
            material: flags.material,
            shotsFired,
            wearShots: wear.shots,
            profile: profilePath,
            message: `this cannon has fired ${shotsFired.toLocaleString('en')} shots, past its wear estimate of about ${wear.shots.toLocaleString('en')} [E]: its arm has softened, so its carry says nothing about your printer. Print a new cannon and fire the practice shots with it; the profile is unchanged`,
          };
          io.out(flags.json ? `${JSON.stringify(verdict, null, 2)}\n` : `Reprint it: ${verdict.message}.\n`);
          return;
        }
        const fit = fitCalibration(fired, measuredM);
        const { min, max } = CALIBRATION_FACTOR_RANGE;
        if (fit.factor < min || fit.factor > max) {
          throw InputError.single(
            '--measured',
            '',
            `the shots carried ${fmt(fit.meanMeasuredM)} m on average against ${fmt(fit.predictedRangeM)} m predicted: a factor of ${fmt(fit.factor)} on the energy, outside ${min}–${max}. Check the units and that the cannon was tuned for ${flags.tunedFor} with these settings`,
          );
        }
        const factor = +fit.factor.toPrecision(4);
        profile.calibration[key] = { energyFactor: factor, basedOnFactor: previous, tunedForM, measuredM, shotsFired };
        // The design calibrated is the one the profile's commands build from now on (tune, generate, print...).
        profile.cannon = {
          materialId: flags.material,
          rangeM: tunedForM,
          ...(flags.family && { family: flags.family }),
          design: designFrom(flags),
        };
        await writeProfile(profilePath, profile);
        const correctedSolution = solveCannon({ ...request, calibrationFactor: factor });
        const corrected = describeSolution(correctedSolution);
        if (flags.stl !== undefined) await writeCannonStl(flags.stl, cannonOptionsFor(correctedSolution));
        if (flags.json) {
          io.out(
            `${JSON.stringify({ verdict: 'calibrated', material: flags.material, family: flags.family ?? null, profile: profilePath, previousFactor: previous, factor, refitted: again, shots: fit.shots, shotsFired, wearShots: wear.shots, meanMeasuredM: +fit.meanMeasuredM.toPrecision(4), predictedRangeM: +fit.predictedRangeM.toPrecision(4), corrected }, null, 2)}\n`,
          );
          return;
        }
        io.out(
          formatTable([
            ['', 'value', 'unit'],
            ['practice shots', String(fit.shots), ''],
            [
              'shots fired / wear estimate [E]',
              `${shotsFired.toLocaleString('en')} / ${wear.shots.toLocaleString('en')}`,
              'shots',
            ],
            ['mean carry', fmt(fit.meanMeasuredM, 4), 'm'],
            ['predicted carry', fmt(fit.predictedRangeM, 4), 'm'],
            ['calibration factor (energy), before → after', `${fmt(previous, 4)} → ${fmt(factor, 4)}`, ''],
          ]),
        );
        io.out(
          `\n${wrap(`Saved to ${profilePath} as ${key}${again ? ' (the same shots as before: refitted, not compounded)' : ''}, with this cannon's design (${key}, tuned for ${fmt(tunedForM)} m): tune, generate, validate, print and bom with --profile ${profilePath} build it without repeating the design flags`, '  ')}\n`,
        );
        if (flags.stl !== undefined) io.out(`Corrected cannon → ${flags.stl}\n`);
        io.out('\nCorrected arm:\n');
        io.out(formatTune(corrected));
      });
    });
};
