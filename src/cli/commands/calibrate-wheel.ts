/**
 * `shipwright calibrate-wheel`: roll a printed ship a counted number of clicks, measure the distance, and
 * this fits the wheel's roll factor (measured over designed roll), stores it in the printer profile, and
 * shows the wheel resized so it rolls the click on this table. `generate`, `validate` and `bom` build that
 * wheel (and a carriage for it) with `--profile FILE`; `--stl FILE` writes it now.
 */
import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import { initKernel, withArena } from '../../geometry/kernel.js';
import { DEFAULT_PROFILE_PATH, readProfile, withProfileLock, writeProfile } from '../../io/profile.js';
import { writeFileAtomic } from '../../files/atomic.js';
import { serializeStl } from '../../mesh/stl.js';
import { carriage, carriageAxleHeightMm } from '../../parts/carriage.js';
import { fitWheelRoll, wheel, wheelRadiiMm } from '../../parts/wheel.js';
import {
  CLICK_DISTANCE_MM,
  DEFAULT_BAND,
  DEFAULT_CLEARANCE_MM,
  INTERFACES,
  WHEEL_ROLL_FACTOR_RANGE,
} from '../../standard.js';
import { parseLengthMm } from '../../units.js';
import { formatTable } from '../../table.js';
import type { Register } from '../terminal.js';

interface Flags {
  measured: string;
  profile: string;
  stl?: string;
  json?: boolean;
}

const EXAMPLE = '"10 clicks = 18.5in"';

/** `10 clicks = 18.5in`: a whole number of clicks and the distance they rolled, with its unit. */
export function parseRoll(text: string): { clicks: number; distanceMm: number } {
  const m = /^\s*(\S+)\s*clicks?\s*=\s*(.*?)\s*$/i.exec(text);
  if (!m)
    throw InputError.single(
      '--measured',
      '',
      `"${text}" is not a measured roll: expected a count of clicks and the distance they rolled, e.g. ${EXAMPLE}`,
    );
  const clicks = /^\d+$/.test(m[1]!) ? Number(m[1]) : NaN;
  if (!Number.isInteger(clicks) || clicks < 1 || clicks > 1000)
    throw InputError.single(
      '--measured',
      'clicks',
      `"${m[1]}" is not valid: expected a whole number of clicks from 1 to 1000, e.g. ${EXAMPLE}`,
    );
  const d = parseLengthMm(m[2]!);
  if (!d.ok) throw InputError.single('--measured', 'distance', d.message);
  if (!(d.value > 0))
    throw InputError.single(
      '--measured',
      'distance',
      `"${m[2]}" is not valid: expected a distance above 0, e.g. ${EXAMPLE}`,
    );
  return { clicks, distanceMm: d.value };
}

const fmt = (x: number, digits = 4): string => String(+x.toPrecision(digits));

export const registerCalibrateWheel: Register = (cmd: Command, io) => {
  cmd
    .requiredOption('--measured <roll>', `clicks counted and the distance they rolled, with its unit: ${EXAMPLE}`)
    .option(
      '--profile <file>',
      'printer profile to update (created if missing); generate, validate and bom read it with --profile',
      DEFAULT_PROFILE_PATH,
    )
    .option('--stl <file>', 'also write the resized wheel as binary STL')
    .option('--json', 'print one JSON object on stdout and nothing else')
    .action(async (flags: Flags) => {
      const { clicks, distanceMm } = parseRoll(flags.measured);
      await withProfileLock(flags.profile, async () => {
        const profile = await readProfile(flags.profile, true);
        const band = profile.band ?? DEFAULT_BAND;
        const previous = profile.wheel?.rollFactor ?? 1;
        const fit = fitWheelRoll(clicks, distanceMm, previous);
        const { min, max } = WHEEL_ROLL_FACTOR_RANGE;
        if (fit.factor < min || fit.factor > max) {
          throw InputError.single(
            '--measured',
            '',
            `${clicks} clicks rolled ${fmt(fit.measuredClickMm)} mm each against ${fmt(fit.designedClickMm)} mm designed: a roll factor of ${fmt(fit.factor)}, outside ${min}–${max}. Check the count and the unit, and that the ship rolled on its wheel without skidding`,
          );
        }
        const factor = +fit.factor.toPrecision(4);
        const clickMm = CLICK_DISTANCE_MM / factor;
        // The resized wheel and its carriage must still build: the band must fit the new groove, the wheel the carriage.
        await initKernel();
        const bytes = withArena(() => {
          const w = wheel({ clickDistanceMm: clickMm, band });
          carriage({ clickDistanceMm: clickMm, band, clearanceMm: DEFAULT_CLEARANCE_MM });
          return serializeStl(w.solid.toMesh(), 'wheel resized by calibrate-wheel');
        });
        profile.wheel = { rollFactor: factor, clicks, measuredMm: +distanceMm.toFixed(3) };
        await writeProfile(flags.profile, profile);
        if (flags.stl !== undefined) await writeFileAtomic(flags.stl, bytes);
        const radii = wheelRadiiMm({
          clickDistanceMm: clickMm,
          flatHalfAngleDeg: INTERFACES.wheel.flatHalfAngleDeg,
          band,
        });
        const proudMm = radii.rollingMm - carriageAxleHeightMm({ clickDistanceMm: clickMm, band });
        const result = {
          profile: flags.profile,
          clicks,
          measuredMm: +distanceMm.toFixed(3),
          measuredClickMm: +fit.measuredClickMm.toFixed(3),
          designedClickMm: +fit.designedClickMm.toFixed(3),
          previousFactor: previous,
          factor,
          wheel: {
            builtForClickMm: +clickMm.toFixed(3),
            rollingRadiusMm: +radii.rollingMm.toFixed(3),
            grooveRadiusMm: +radii.grooveMm.toFixed(3),
            bandStretch: +radii.band.stretch.toFixed(4),
            bandCordMm: +radii.band.crossSectionMm.toFixed(3),
            belowHullMm: +proudMm.toFixed(3),
          },
          band: band.name,
          stl: flags.stl ?? null,
        };
        if (flags.json) {
          io.out(`${JSON.stringify(result, null, 2)}\n`);
          return;
        }
        const w = result.wheel;
        io.out(
          formatTable([
            ['', 'value', 'unit'],
            ['clicks counted', String(clicks), ''],
            ['measured click', fmt(fit.measuredClickMm), 'mm'],
            ['designed click (the wheel measured)', fmt(fit.designedClickMm), 'mm'],
            ['roll factor, before → after', `${fmt(previous)} → ${fmt(factor)}`, ''],
            ['resized wheel: built for a click of', fmt(w.builtForClickMm), 'mm'],
            [`  rolling radius (${band.name} on)`, fmt(w.rollingRadiusMm), 'mm'],
            ['  band stretch / cord', `${fmt(w.bandStretch * 100, 3)} % / ${fmt(w.bandCordMm, 3)}`, 'mm'],
            ['  stands below the hull', fmt(w.belowHullMm, 3), 'mm'],
          ]),
        );
        io.out(`\nSaved to ${flags.profile}; build with it: shipwright generate --profile ${flags.profile}\n`);
        if (flags.stl !== undefined) io.out(`Resized wheel → ${flags.stl}\n`);
      });
    });
};
