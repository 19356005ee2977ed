/**
 * The printer profile: per-material calibration factors that `shipwright calibrate` fits from practice
 * shots and `shipwright tune --profile` applies. Written as JSON (keys in a fixed order, so the same
 * calibration gives the same bytes); read as YAML, which accepts that JSON and hand-written YAML alike.
 */
import { InputError, type Problem } from '../errors.js';
import { MATERIAL_IDS } from '../materials.js';
import { describe } from '../units.js';
import { writeFileAtomic } from './atomic.js';
import { parseYaml } from '../yaml-syntax.js';
import { readTextFile } from './read.js';

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
export const calibrationKey = (materialId: string, family?: string): string => (family ? `${materialId}/${family}` : materialId);

/** A family's calibration, else its material's, else none. */
export function findCalibration(p: Profile, materialId: string, family?: string): MaterialCalibration | undefined {
  return (family ? p.calibration[calibrationKey(materialId, family)] : undefined) ?? p.calibration[materialId];
}

/** A `--family` name: lower-case letters, digits and dashes. */
export function checkFamily(family: string | undefined): void {
  if (family !== undefined && !FAMILY.test(family)) throw InputError.single('--family', '', `"${family}" is not valid: expected lower-case letters, digits and dashes (up to 40), e.g. --family long-arm`);
}

export interface Profile {
  version: number;
  calibration: Record<string, MaterialCalibration>;
}

export const emptyProfile = (): Profile => ({ version: PROFILE_VERSION, calibration: {} });

/** Bytes of a profile: materials in id order, fields in a fixed order. */
export function serializeProfile(p: Profile): string {
  const calibration: Record<string, MaterialCalibration> = {};
  for (const id of Object.keys(p.calibration).sort()) {
    const c = p.calibration[id]!;
    calibration[id] = { energyFactor: c.energyFactor, basedOnFactor: c.basedOnFactor, tunedForM: c.tunedForM, measuredM: [...c.measuredM], shotsFired: c.shotsFired };
  }
  return `${JSON.stringify({ version: PROFILE_VERSION, calibration }, null, 2)}\n`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
const got = (v: unknown): string => (v === undefined ? 'it is missing' : `got ${describe(v)}`);

/** Checks a parsed profile, reporting each problem at its field path. */
function check(data: unknown, source: string): Profile {
  const problems: Problem[] = [];
  const bad = (place: string, message: string): void => void problems.push({ source, place, message });
  if (!isObject(data)) {
    bad('', `expected a mapping with keys version and calibration, got ${describe(data)}`);
    throw new InputError(problems);
  }
  for (const key of Object.keys(data)) if (key !== 'version' && key !== 'calibration') bad(key, `unknown key; expected version and calibration`);
  if (data.version !== PROFILE_VERSION) bad('version', `expected ${PROFILE_VERSION}, ${got(data.version)}`);
  const calibration: Record<string, MaterialCalibration> = {};
  if (!isObject(data.calibration)) bad('calibration', `expected a mapping from material id to its calibration, ${got(data.calibration)}`);
  else {
    for (const [id, c] of Object.entries(data.calibration)) {
      const at = `calibration.${id}`;
      const [materialId, family, ...rest] = id.split('/');
      if (!MATERIAL_IDS.includes(materialId!)) bad(at, `unknown material; expected one of ${MATERIAL_IDS.join(', ')}, optionally followed by /family`);
      else if (rest.length > 0 || (family !== undefined && !FAMILY.test(family))) bad(at, 'expected a material id or material/family, the family in lower-case letters, digits and dashes');
      if (!isObject(c)) {
        bad(at, `expected a mapping with energyFactor, tunedForM and measuredM, ${got(c)}`);
        continue;
      }
      const KEYS = ['energyFactor', 'basedOnFactor', 'tunedForM', 'measuredM', 'shotsFired'];
      for (const key of Object.keys(c)) if (!KEYS.includes(key)) bad(`${at}.${key}`, `unknown key; expected ${KEYS.join(', ')}`);
      const { min, max } = CALIBRATION_FACTOR_RANGE;
      if (!positive(c.energyFactor) || c.energyFactor < min || c.energyFactor > max) bad(`${at}.energyFactor`, `expected a number from ${min} to ${max}, ${got(c.energyFactor)}`);
      if (c.basedOnFactor !== undefined && (!positive(c.basedOnFactor) || c.basedOnFactor < min || c.basedOnFactor > max)) bad(`${at}.basedOnFactor`, `expected a number from ${min} to ${max}, ${got(c.basedOnFactor)}`);
      if (c.shotsFired !== undefined && !(Number.isInteger(c.shotsFired) && (c.shotsFired as number) >= 0)) bad(`${at}.shotsFired`, `expected a whole number of shots, ${got(c.shotsFired)}`);
      if (!positive(c.tunedForM)) bad(`${at}.tunedForM`, `expected a range in metres above 0, ${got(c.tunedForM)}`);
      if (!Array.isArray(c.measuredM) || c.measuredM.length === 0 || !c.measuredM.every(positive)) bad(`${at}.measuredM`, `expected a list of ranges in metres above 0, ${got(c.measuredM)}`);
      calibration[id] = { ...(c as unknown as MaterialCalibration), basedOnFactor: (c.basedOnFactor as number | undefined) ?? 1, shotsFired: (c.shotsFired as number | undefined) ?? 0 };
    }
  }
  if (problems.length) throw new InputError(problems);
  return { version: PROFILE_VERSION, calibration };
}

/** Parses a profile's text; syntax errors at their line:column, content errors at their field path. */
export function parseProfile(text: string, source: string): Profile {
  const { doc, duplicateKeys, errors, warnings } = parseYaml(text, source, 'a printer profile');
  const syntax = [...errors, ...duplicateKeys, ...warnings];
  if (syntax.length > 0) throw new InputError(syntax.map((p) => ({ ...p, message: `not valid JSON or YAML: ${p.message}` })));
  return check(doc.toJS(), source);
}

/** Reads a profile; a missing file is an empty profile when `missingOk` (calibrate starts one), an error otherwise. */
export async function readProfile(path: string, missingOk: boolean): Promise<Profile> {
  let text: string;
  try {
    text = await readTextFile(path, MAX_PROFILE_BYTES);
  } catch (e) {
    if (missingOk && e instanceof InputError && e.problems[0]?.message === 'no such file') return emptyProfile();
    throw e;
  }
  return parseProfile(text, path);
}

/** Writes a profile atomically. */
export async function writeProfile(path: string, profile: Profile): Promise<void> {
  await writeFileAtomic(path, serializeProfile(profile));
}
