/**
 * `shipwright calibrate`: fits this printer's correction from practice shots of a cannon tuned for a
 * range (the rulebook asks players to fire a few), stores it in the printer profile, and shows the arm
 * re-solved with it. `shipwright tune --profile FILE` then uses it.
 */
import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import { CALIBRATION_FACTOR_RANGE, DEFAULT_PROFILE_PATH, readProfile, writeProfile } from '../../io/profile.js';
import { fitCalibration } from '../../physics/calibrate.js';
import { describeSolution, solveCannon } from '../../physics/tune.js';
import { formatTable } from '../table.js';
import { parseRangeFlag } from '../options.js';
import { addDesignOptions, formatTune, requestFrom, type DesignFlags } from './tune.js';
import type { Register } from './index.js';

interface Flags extends DesignFlags {
  tunedFor: string;
  measured: string;
  json?: boolean;
}

/** `58cm,61cm,0.6m`: each shot with its unit. */
function parseMeasured(text: string): number[] {
  const items = text.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) throw InputError.single('--measured', '', `"${text}" has an empty entry: expected distances separated by commas, e.g. 58cm,61cm,60cm`);
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

export const registerCalibrate: Register = (program: Command, io) => {
  const cmd = program.command('calibrate').description("fit this printer's correction from practice shots and store it in the printer profile");
  addDesignOptions(cmd)
    .requiredOption('--tuned-for <dist>', 'the range the fired cannon was tuned for (as given to shipwright tune)')
    .requiredOption('--measured <dist,...>', 'where the practice shots first touched down, each with its unit: 58cm,61cm,57cm')
    .option('--profile <file>', 'printer profile to update (created if missing)', DEFAULT_PROFILE_PATH)
    .option('--json', 'print one JSON object on stdout and nothing else')
    .action(async (flags: Flags & { profile: string }) => {
      const tunedForM = parseRangeFlag('--tuned-for', flags.tunedFor);
      const measuredM = parseMeasured(flags.measured);
      const request = requestFrom(flags, tunedForM);
      const profile = await readProfile(flags.profile, true);
      const previous = profile.calibration[flags.material]?.energyFactor ?? 1;
      // The design the player fired: tuned with the factor in use then.
      const fit = fitCalibration(solveCannon({ ...request, calibrationFactor: previous }), measuredM);
      const { min, max } = CALIBRATION_FACTOR_RANGE;
      if (fit.factor < min || fit.factor > max) {
        throw InputError.single('--measured', '', `the shots carried ${fmt(fit.meanMeasuredM)} m on average against ${fmt(fit.predictedRangeM)} m predicted: a factor of ${fmt(fit.factor)} on the energy, outside ${min}–${max}. Check the units and that the cannon was tuned for ${flags.tunedFor} with these settings`);
      }
      profile.calibration[flags.material] = { energyFactor: +fit.factor.toPrecision(4), tunedForM, measuredM };
      await writeProfile(flags.profile, profile);
      const corrected = describeSolution(solveCannon({ ...request, calibrationFactor: profile.calibration[flags.material]!.energyFactor }));
      if (flags.json) {
        io.out(`${JSON.stringify({ material: flags.material, profile: flags.profile, previousFactor: fit.previousFactor, factor: profile.calibration[flags.material]!.energyFactor, shots: fit.shots, meanMeasuredM: +fit.meanMeasuredM.toPrecision(4), predictedRangeM: +fit.predictedRangeM.toPrecision(4), corrected }, null, 2)}\n`);
        return;
      }
      io.out(
        formatTable([
          ['', 'value', 'unit'],
          ['practice shots', String(fit.shots), ''],
          ['mean carry', fmt(fit.meanMeasuredM, 4), 'm'],
          ['predicted carry', fmt(fit.predictedRangeM, 4), 'm'],
          ['calibration factor (energy), before → after', `${fmt(fit.previousFactor, 4)} → ${fmt(fit.factor, 4)}`, ''],
        ]),
      );
      io.out(`\nSaved to ${flags.profile}; use it with: shipwright tune --profile ${flags.profile}\n\nCorrected arm:\n`);
      io.out(formatTune(corrected));
    });
};
