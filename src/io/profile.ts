/**
 * The printer profile: per-material calibration factors that `shipwright calibrate` fits from practice
 * shots and `shipwright tune --profile` applies; the rubber band this table's wheels wear (`band`, default
 * DEFAULT_BAND) and the wheel's measured roll (`wheel`, fitted by `shipwright calibrate-wheel`), which
 * `generate`, `validate` and `bom --profile` build with; and the filament on the user's shelf (`have`),
 * which `print --profile` buys only the rest of. Written as JSON (keys in a fixed order, so the
 * same calibration gives the same bytes); read as YAML, which accepts that JSON and hand-written YAML alike.
 */
import { InputError, type Problem } from '../errors.js';
import { MATERIAL_IDS } from '../materials.js';
import {
  CANNON,
  CANNON_LIMITS,
  DEFAULT_BAND,
  INTERFACES,
  WHEEL_ROLL_FACTOR_RANGE,
  type BandSpec,
} from '../standard.js';
import type { CannonDesign } from '../generate/types.js';
import { TAPER_CHOICES } from '../physics/solver.js';
import { describe } from '../units.js';
import { lstat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { withLock } from '../files/lock.js';
import { writeFileAtomic } from '../files/atomic.js';
import { parseYaml } from '../yaml-syntax.js';
import { readTextFile } from '../files/read.js';

export const PROFILE_VERSION = 1;
/** Where calibrate writes when no --profile is given. */
export const DEFAULT_PROFILE_PATH = 'shipwright-profile.json';
/** Factors outside this band are not a printer's spread but a measuring mistake (BRIEF §4: brands differ 10–25 %). */
export const CALIBRATION_FACTOR_RANGE = { min: 0.25, max: 4 } as const;
const MAX_PROFILE_BYTES = 256 * 1024;

/**
 * One calibration on this printer, for a material (key `pla`) or a design family within it (`pla/long-arm`).
 * The file may leave out `basedOnFactor` (then 1) and `shotsFired` (then 0): only the reader sees that.
 */
export interface MaterialCalibration {
  /** Measured over predicted launch energy. */
  energyFactor: number;
  /** The factor the fired cannon was tuned with, so the same shots fed again give the same factor. */
  basedOnFactor: number;
  /** The practice shots it was fitted from. */
  tunedForM: number;
  measuredM: number[];
  /** Shots the cannon had fired when the practice shots were taken. */
  shotsFired: number;
}

const FAMILY = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The profile key of a material's calibration, or of a family within it. */
export const calibrationKey = (materialId: string, family?: string): string =>
  family ? `${materialId}/${family}` : materialId;

/** A family's calibration, else its material's, else none. */
export function findCalibration(p: Profile, materialId: string, family?: string): MaterialCalibration | undefined {
  return (family ? p.calibration[calibrationKey(materialId, family)] : undefined) ?? p.calibration[materialId];
}

/** A `--family` name: lower-case letters, digits and dashes. */
export function checkFamily(family: string | undefined): void {
  if (family !== undefined && !FAMILY.test(family))
    throw InputError.single(
      '--family',
      '',
      `"${family}" is not valid: expected lower-case letters, digits and dashes (up to 40), e.g. --family long-arm`,
    );
}

/** The wheel's roll on this table, as `calibrate-wheel` measured it. */
export interface WheelCalibration {
  /** Measured roll over designed roll: the wheel is built for click ÷ this. */
  rollFactor: number;
  /** The measurement it was fitted from: clicks counted and the distance they rolled. */
  clicks: number;
  measuredMm: number;
}

/**
 * Filament the user owns, for `print`: a colour (a name or `#rrggbb`), its material (absent: the table's
 * `--material`), and how much, in full 1 kg spools or in grams left on a spool. `print` buys only the rest.
 */
export interface OwnedFilament {
  colour: string;
  material?: string;
  spools?: number;
  grams?: number;
}

/**
 * The cannon this printer shoots with (issue 29), as `calibrate` last calibrated it: its material, the range
 * it is tuned for, the calibration family and the design flags. `tune`, `generate`, `validate`, `print` and
 * `bom` given the profile build this cannon where their own flags say nothing, so one design is not
 * calibrated as PETG and then generated as the default PLA.
 */
export interface ProfileCannon {
  materialId: string;
  rangeM: number;
  family?: string;
  design: CannonDesign;
}

export interface Profile {
  version: number;
  /** The cannon design; absent: the commands' defaults. */
  cannon?: ProfileCannon;
  calibration: Record<string, MaterialCalibration>;
  /** The band the wheels wear; absent: DEFAULT_BAND. */
  band?: BandSpec;
  wheel?: WheelCalibration;
  /** Filament on the shelf (print --have adds to it); absent: none. */
  have?: OwnedFilament[];
}

/** Most filament one entry of `have` may name: a shelf, not a warehouse. */
export const HAVE_LIMITS = { spools: 100, grams: 100_000 } as const;

/** Ranges a band in a profile may take (the wheel builder then checks it fits the groove). */
export const PROFILE_BAND_RANGE = {
  innerDiameterMm: { min: 4, max: 40 },
  crossSectionMm: { min: 0.8, max: 3 },
} as const;

export const emptyProfile = (): Profile => ({ version: PROFILE_VERSION, calibration: {} });

/** Bytes of a profile: materials in id order, fields in a fixed order. */
export function serializeProfile(p: Profile): string {
  const calibration: Record<string, MaterialCalibration> = {};
  for (const id of Object.keys(p.calibration).sort()) {
    const c = p.calibration[id]!;
    calibration[id] = {
      energyFactor: c.energyFactor,
      basedOnFactor: c.basedOnFactor,
      tunedForM: c.tunedForM,
      measuredM: [...c.measuredM],
      shotsFired: c.shotsFired,
    };
  }
  const band = p.band && {
    name: p.band.name,
    innerDiameterMm: p.band.innerDiameterMm,
    crossSectionMm: p.band.crossSectionMm,
    source: p.band.source,
  };
  const wheel = p.wheel && { rollFactor: p.wheel.rollFactor, clicks: p.wheel.clicks, measuredMm: p.wheel.measuredMm };
  const have =
    p.have && p.have.map((h) => ({ colour: h.colour, material: h.material, spools: h.spools, grams: h.grams }));
  const c = p.cannon;
  const cannon = c && {
    materialId: c.materialId,
    rangeM: c.rangeM,
    family: c.family,
    design: Object.fromEntries(DESIGN_KEYS.flatMap((k) => (c.design[k] === undefined ? [] : [[k, c.design[k]]]))),
  };
  return `${JSON.stringify({ version: PROFILE_VERSION, cannon, calibration, band, wheel, have }, null, 2)}\n`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
const got = (v: unknown): string => (v === undefined ? 'it is missing' : `got ${describe(v)}`);

/** Checks a parsed profile, reporting each problem at its field path. */
function check(data: unknown, source: string): Profile {
  const problems: Problem[] = [];
  const bad = (place: string, message: string): void => void problems.push({ source, place, message });
  if (!isObject(data)) {
    bad('', `expected a mapping with keys version, calibration, band, wheel and have, got ${describe(data)}`);
    throw new InputError(problems);
  }
  for (const key of Object.keys(data))
    if (!['version', 'cannon', 'calibration', 'band', 'wheel', 'have'].includes(key))
      bad(key, `unknown key; expected version, cannon, calibration, band, wheel and have`);
  if (data.version !== PROFILE_VERSION) bad('version', `expected ${PROFILE_VERSION}, ${got(data.version)}`);
  const calibration: Record<string, MaterialCalibration> = {};
  if (!isObject(data.calibration))
    bad('calibration', `expected a mapping from material id to its calibration, ${got(data.calibration)}`);
  else {
    for (const [id, c] of Object.entries(data.calibration)) {
      const at = `calibration.${id}`;
      const [materialId, family, ...rest] = id.split('/');
      if (!MATERIAL_IDS.includes(materialId!))
        bad(at, `unknown material; expected one of ${MATERIAL_IDS.join(', ')}, optionally followed by /family`);
      else if (rest.length > 0 || (family !== undefined && !FAMILY.test(family)))
        bad(at, 'expected a material id or material/family, the family in lower-case letters, digits and dashes');
      if (!isObject(c)) {
        bad(at, `expected a mapping with energyFactor, tunedForM and measuredM, ${got(c)}`);
        continue;
      }
      const KEYS = ['energyFactor', 'basedOnFactor', 'tunedForM', 'measuredM', 'shotsFired'];
      for (const key of Object.keys(c))
        if (!KEYS.includes(key)) bad(`${at}.${key}`, `unknown key; expected ${KEYS.join(', ')}`);
      const { min, max } = CALIBRATION_FACTOR_RANGE;
      if (!positive(c.energyFactor) || c.energyFactor < min || c.energyFactor > max)
        bad(`${at}.energyFactor`, `expected a number from ${min} to ${max}, ${got(c.energyFactor)}`);
      if (
        c.basedOnFactor !== undefined &&
        (!positive(c.basedOnFactor) || c.basedOnFactor < min || c.basedOnFactor > max)
      )
        bad(`${at}.basedOnFactor`, `expected a number from ${min} to ${max}, ${got(c.basedOnFactor)}`);
      if (c.shotsFired !== undefined && !(Number.isInteger(c.shotsFired) && (c.shotsFired as number) >= 0))
        bad(`${at}.shotsFired`, `expected a whole number of shots, ${got(c.shotsFired)}`);
      if (!positive(c.tunedForM)) bad(`${at}.tunedForM`, `expected a range in metres above 0, ${got(c.tunedForM)}`);
      if (!Array.isArray(c.measuredM) || c.measuredM.length === 0 || !c.measuredM.every(positive))
        bad(`${at}.measuredM`, `expected a list of ranges in metres above 0, ${got(c.measuredM)}`);
      calibration[id] = {
        ...(c as unknown as MaterialCalibration),
        basedOnFactor: (c.basedOnFactor as number | undefined) ?? 1,
        shotsFired: (c.shotsFired as number | undefined) ?? 0,
      };
    }
  }
  const band = data.band === undefined ? undefined : checkBand(data.band, bad);
  const wheel = data.wheel === undefined ? undefined : checkWheel(data.wheel, bad);
  const have = data.have === undefined ? undefined : checkHave(data.have, bad);
  const cannon = data.cannon === undefined ? undefined : checkCannon(data.cannon, bad);
  if (problems.length) throw new InputError(problems);
  return {
    version: PROFILE_VERSION,
    ...(cannon && { cannon }),
    calibration,
    ...(band && { band }),
    ...(wheel && { wheel }),
    ...(have && { have }),
  };
}

/** The design fields a profile's cannon keeps, in the order written. */
const DESIGN_KEYS = ['elevationDeg', 'ballDiameterMm', 'ballMaterialId', 'armLengthMm', 'taper'] as const;
/** The carry a profile's cannon may be tuned for: a few centimetres of table up to well past any feasible shot. */
const PROFILE_RANGE_M = { min: 0.05, max: 3 } as const;

function checkCannon(c: unknown, bad: (place: string, message: string) => void): ProfileCannon | undefined {
  if (!isObject(c)) {
    bad(
      'cannon',
      `expected a mapping with materialId, rangeM, family (optional) and design (written by shipwright calibrate), ${got(c)}`,
    );
    return undefined;
  }
  for (const key of Object.keys(c))
    if (!['materialId', 'rangeM', 'family', 'design'].includes(key))
      bad(`cannon.${key}`, 'unknown key; expected materialId, rangeM, family and design');
  if (!(typeof c.materialId === 'string' && MATERIAL_IDS.includes(c.materialId)))
    bad('cannon.materialId', `expected one of ${MATERIAL_IDS.join(', ')}, ${got(c.materialId)}`);
  if (!inRange(c.rangeM, PROFILE_RANGE_M))
    bad('cannon.rangeM', `expected metres from ${PROFILE_RANGE_M.min} to ${PROFILE_RANGE_M.max}, ${got(c.rangeM)}`);
  if (c.family !== undefined && !(typeof c.family === 'string' && FAMILY.test(c.family)))
    bad('cannon.family', `expected lower-case letters, digits and dashes, ${got(c.family)}`);
  const d = c.design ?? {};
  if (!isObject(d)) {
    bad('cannon.design', `expected a mapping of ${DESIGN_KEYS.join(', ')}, ${got(d)}`);
    return undefined;
  }
  for (const key of Object.keys(d))
    if (!(DESIGN_KEYS as readonly string[]).includes(key))
      bad(`cannon.design.${key}`, `unknown key; expected ${DESIGN_KEYS.join(', ')}`);
  const ranges = {
    elevationDeg: { min: 0, max: CANNON_LIMITS.elevationMaxDeg },
    ballDiameterMm: { min: INTERFACES.cannonball.diameterMm, max: CANNON_LIMITS.ballDiameterMaxMm },
    armLengthMm: CANNON.armLengthRangeMm,
  };
  for (const [key, r] of Object.entries(ranges))
    if (d[key] !== undefined && !inRange(d[key], r))
      bad(`cannon.design.${key}`, `expected a number from ${r.min} to ${r.max}, ${got(d[key])}`);
  if (
    d.ballMaterialId !== undefined &&
    !(typeof d.ballMaterialId === 'string' && MATERIAL_IDS.includes(d.ballMaterialId))
  )
    bad('cannon.design.ballMaterialId', `expected one of ${MATERIAL_IDS.join(', ')}, ${got(d.ballMaterialId)}`);
  if (d.taper !== undefined && !(TAPER_CHOICES as readonly unknown[]).includes(d.taper))
    bad('cannon.design.taper', `expected one of ${TAPER_CHOICES.join(', ')}, ${got(d.taper)}`);
  return {
    materialId: String(c.materialId),
    rangeM: c.rangeM as number,
    ...(typeof c.family === 'string' && { family: c.family }),
    design: d as CannonDesign,
  };
}

const COLOUR = /^([a-z]+(-[a-z]+)*|#[0-9a-fA-F]{6})$/;

function checkHave(h: unknown, bad: (place: string, message: string) => void): OwnedFilament[] | undefined {
  const example = 'e.g. [{ colour: black, spools: 2 }, { colour: white, material: petg, grams: 650 }]';
  if (!Array.isArray(h)) {
    bad('have', `expected a list of the filament you own, ${example}, ${got(h)}`);
    return undefined;
  }
  return h.flatMap((e: unknown, i): OwnedFilament[] => {
    const at = `have[${i}]`;
    if (!isObject(e)) {
      bad(at, `expected a mapping with colour, material (optional) and spools or grams, ${example}, ${got(e)}`);
      return [];
    }
    for (const key of Object.keys(e))
      if (!['colour', 'material', 'spools', 'grams'].includes(key))
        bad(`${at}.${key}`, 'unknown key; expected colour, material, spools or grams');
    if (typeof e.colour !== 'string' || !COLOUR.test(e.colour))
      bad(`${at}.colour`, `expected a colour name in kebab-case (black, wood-brown) or #rrggbb, ${got(e.colour)}`);
    if (e.material !== undefined && !(typeof e.material === 'string' && MATERIAL_IDS.includes(e.material)))
      bad(`${at}.material`, `expected one of ${MATERIAL_IDS.join(', ')}, ${got(e.material)}`);
    if (e.spools === undefined && e.grams === undefined)
      bad(at, 'expected spools (full 1 kg spools) or grams (what is left on a spool)');
    if (e.spools !== undefined && e.grams !== undefined)
      bad(at, 'give spools or grams, not both: one entry per spool that is not full');
    if (
      e.spools !== undefined &&
      !(Number.isInteger(e.spools) && (e.spools as number) >= 1 && (e.spools as number) <= HAVE_LIMITS.spools)
    )
      bad(`${at}.spools`, `expected a whole number of full spools from 1 to ${HAVE_LIMITS.spools}, ${got(e.spools)}`);
    if (e.grams !== undefined && !(positive(e.grams) && (e.grams as number) <= HAVE_LIMITS.grams))
      bad(`${at}.grams`, `expected grams above 0 and at most ${HAVE_LIMITS.grams}, ${got(e.grams)}`);
    return [
      {
        colour: String(e.colour),
        ...(e.material !== undefined && { material: e.material as string }),
        ...(e.spools !== undefined && { spools: e.spools as number }),
        ...(e.grams !== undefined && { grams: e.grams as number }),
      },
    ];
  });
}

const inRange = (v: unknown, r: { min: number; max: number }): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= r.min && v <= r.max;

function checkBand(b: unknown, bad: (place: string, message: string) => void): BandSpec | undefined {
  if (!isObject(b)) {
    bad(
      'band',
      `expected a mapping with name, innerDiameterMm, crossSectionMm and source (e.g. an O-ring: ${DEFAULT_BAND.name}, ${DEFAULT_BAND.innerDiameterMm} × ${DEFAULT_BAND.crossSectionMm} mm), ${got(b)}`,
    );
    return undefined;
  }
  for (const key of Object.keys(b))
    if (!['name', 'innerDiameterMm', 'crossSectionMm', 'source'].includes(key))
      bad(`band.${key}`, 'unknown key; expected name, innerDiameterMm, crossSectionMm and source');
  if (typeof b.name !== 'string' || b.name.trim() === '')
    bad('band.name', `expected the size as sold, e.g. "${DEFAULT_BAND.name}", ${got(b.name)}`);
  if (b.source !== undefined && typeof b.source !== 'string')
    bad('band.source', `expected text saying where the size comes from, ${got(b.source)}`);
  for (const key of ['innerDiameterMm', 'crossSectionMm'] as const) {
    const r = PROFILE_BAND_RANGE[key];
    if (!inRange(b[key], r)) bad(`band.${key}`, `expected millimetres from ${r.min} to ${r.max}, ${got(b[key])}`);
  }
  return {
    name: String(b.name),
    innerDiameterMm: b.innerDiameterMm as number,
    crossSectionMm: b.crossSectionMm as number,
    source: typeof b.source === 'string' ? b.source : 'printer profile',
  };
}

function checkWheel(w: unknown, bad: (place: string, message: string) => void): WheelCalibration | undefined {
  if (!isObject(w)) {
    bad(
      'wheel',
      `expected a mapping with rollFactor, clicks and measuredMm (written by shipwright calibrate-wheel), ${got(w)}`,
    );
    return undefined;
  }
  for (const key of Object.keys(w))
    if (!['rollFactor', 'clicks', 'measuredMm'].includes(key))
      bad(`wheel.${key}`, 'unknown key; expected rollFactor, clicks and measuredMm');
  if (!inRange(w.rollFactor, WHEEL_ROLL_FACTOR_RANGE))
    bad(
      'wheel.rollFactor',
      `expected a number from ${WHEEL_ROLL_FACTOR_RANGE.min} to ${WHEEL_ROLL_FACTOR_RANGE.max}, ${got(w.rollFactor)}`,
    );
  if (!(typeof w.clicks === 'number' && Number.isInteger(w.clicks) && w.clicks > 0))
    bad('wheel.clicks', `expected a whole number of clicks above 0, ${got(w.clicks)}`);
  if (!positive(w.measuredMm))
    bad('wheel.measuredMm', `expected a distance in millimetres above 0, ${got(w.measuredMm)}`);
  return w as unknown as WheelCalibration;
}

/** Parses a profile's text; syntax errors at their line:column, content errors at their field path. */
export function parseProfile(text: string, source: string): Profile {
  const { doc, duplicateKeys, errors, warnings, aliases } = parseYaml(text, source, 'a printer profile');
  const syntax = [...errors, ...duplicateKeys, ...warnings];
  if (syntax.length > 0)
    throw new InputError(syntax.map((p) => ({ ...p, message: `not valid JSON or YAML: ${p.message}` })));
  if (aliases.length > 0) throw new InputError(aliases);
  return check(doc.toJS(), source);
}

/** Reads a profile; a missing file is an empty profile when `missingOk` (calibrate starts one), an error otherwise. */
export async function readProfile(path: string, missingOk: boolean): Promise<Profile> {
  // Only a file that is not there at all starts a new profile: a dangling link or an unreadable disk is an error.
  if (
    missingOk &&
    (await lstat(path).then(
      () => false,
      (e: NodeJS.ErrnoException) => e.code === 'ENOENT',
    ))
  )
    return emptyProfile();
  return parseProfile(await readTextFile(path, MAX_PROFILE_BYTES), path);
}

/** Writes a profile atomically. */
export async function writeProfile(path: string, profile: Profile): Promise<void> {
  await writeFileAtomic(path, serializeProfile(profile));
}

/**
 * Runs `fn` (which reads and writes the profile at `path`) holding the profile's lock, `.<name>.shipwright-lock`
 * beside it, so two calibrations of one profile (calibrate and calibrate-wheel at once) both land.
 */
export function withProfileLock<T>(path: string, fn: () => Promise<T>): Promise<T> {
  return withLock(join(dirname(path), `.${basename(path)}.shipwright-lock`), path, fn, { what: 'this profile' });
}
