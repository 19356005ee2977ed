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

/** One material's calibration on this printer. */
export interface MaterialCalibration {
  /** Measured over predicted launch energy. */
  energyFactor: number;
  /** The practice shots it was fitted from. */
  tunedForM: number;
  measuredM: number[];
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
    calibration[id] = { energyFactor: c.energyFactor, tunedForM: c.tunedForM, measuredM: [...c.measuredM] };
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
      if (!MATERIAL_IDS.includes(id)) bad(at, `unknown material; expected one of ${MATERIAL_IDS.join(', ')}`);
      if (!isObject(c)) {
        bad(at, `expected a mapping with energyFactor, tunedForM and measuredM, ${got(c)}`);
        continue;
      }
      for (const key of Object.keys(c)) if (!['energyFactor', 'tunedForM', 'measuredM'].includes(key)) bad(`${at}.${key}`, 'unknown key; expected energyFactor, tunedForM and measuredM');
      const { min, max } = CALIBRATION_FACTOR_RANGE;
      if (!positive(c.energyFactor) || c.energyFactor < min || c.energyFactor > max) bad(`${at}.energyFactor`, `expected a number from ${min} to ${max}, ${got(c.energyFactor)}`);
      if (!positive(c.tunedForM)) bad(`${at}.tunedForM`, `expected a range in metres above 0, ${got(c.tunedForM)}`);
      if (!Array.isArray(c.measuredM) || c.measuredM.length === 0 || !c.measuredM.every(positive)) bad(`${at}.measuredM`, `expected a list of ranges in metres above 0, ${got(c.measuredM)}`);
      calibration[id] = c as unknown as MaterialCalibration;
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
