/**
 * The one place where units are parsed and converted. Rules measure in inches, models in millimetres,
 * physics in SI. Values in files and flags carry their unit (`24in`, `610mm`, `90deg`); a bare number is
 * rejected because "24" could be inches or millimetres.
 */

/** Exact by definition of the international inch (1959). */
export const MM_PER_INCH = 25.4;
export const MM_PER_FOOT = 12 * MM_PER_INCH;

const LENGTH_UNITS_MM: Readonly<Record<string, number>> = {
  mm: 1,
  cm: 10,
  m: 1000,
  in: MM_PER_INCH,
  inch: MM_PER_INCH,
  inches: MM_PER_INCH,
  '"': MM_PER_INCH,
  ft: MM_PER_FOOT,
};
const ANGLE_UNITS_DEG: Readonly<Record<string, number>> = { deg: 1, '°': 1, rad: 180 / Math.PI };

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const QUANTITY = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z"°]+)\s*$/i;

function parseQuantity(
  input: unknown,
  units: Readonly<Record<string, number>>,
  what: string,
  example: string,
): Parsed<number> {
  const accepted = Object.keys(units).join(', ');
  if (typeof input === 'number') {
    return {
      ok: false,
      message: `a bare number (${input}) is ambiguous for a ${what}; write it with a unit, e.g. "${input}${example}" (units: ${accepted})`,
    };
  }
  if (typeof input !== 'string') {
    return { ok: false, message: `expected a ${what} such as "24${example}", got ${describe(input)}` };
  }
  const m = QUANTITY.exec(input);
  if (!m) {
    return {
      ok: false,
      message: `"${input}" is not a ${what}; write a number and a unit, e.g. "24${example}" (units: ${accepted})`,
    };
  }
  const factor = units[m[2]!.toLowerCase()];
  if (factor === undefined) {
    return { ok: false, message: `unknown unit "${m[2]}" in "${input}"; use one of ${accepted}` };
  }
  const value = Number(m[1]) * factor;
  if (!Number.isFinite(value)) return { ok: false, message: `"${input}" is not a finite ${what}` };
  return { ok: true, value };
}

/** Parses `24in`, `24 inches`, `24inch`, `24"`, `610mm`, `61cm`, `0.61m` or `2ft` to millimetres (units in any case). */
export function parseLengthMm(input: unknown): Parsed<number> {
  return parseQuantity(input, LENGTH_UNITS_MM, 'length', 'mm');
}

/** The units a length is answered in: each spelling of the inch is `in`. */
export type LengthUnit = 'mm' | 'cm' | 'm' | 'in' | 'ft';
const CANONICAL_LENGTH_UNIT: Readonly<Record<string, LengthUnit>> = {
  mm: 'mm',
  cm: 'cm',
  m: 'm',
  in: 'in',
  inch: 'in',
  inches: 'in',
  '"': 'in',
  ft: 'ft',
};

/** The unit a length was written in (`24 inches` → `in`), or null when it is not a length with a unit. */
export function lengthUnitOf(input: string): LengthUnit | null {
  const m = QUANTITY.exec(input);
  return (m && CANONICAL_LENGTH_UNIT[m[2]!.toLowerCase()]) ?? null;
}

/** Millimetres in `unit`. */
export const mmIn = (mm: number, unit: LengthUnit): number => mm / LENGTH_UNITS_MM[unit]!;

/** Parses `90deg`, `90°` or `1.57rad` to degrees. */
export function parseAngleDeg(input: unknown): Parsed<number> {
  return parseQuantity(input, ANGLE_UNITS_DEG, 'angle', 'deg');
}

export const mmToM = (mm: number): number => mm / 1000;
export const mToMm = (m: number): number => m * 1000;
export const mmToIn = (mm: number): number => mm / MM_PER_INCH;
export const inToMm = (inches: number): number => inches * MM_PER_INCH;
export const degToRad = (deg: number): number => (deg * Math.PI) / 180;
export const radToDeg = (rad: number): number => (rad * 180) / Math.PI;
/** g/cm³ → kg/m³. */
export const gPerCm3ToKgPerM3 = (d: number): number => d * 1000;
export const gpaToPa = (gpa: number): number => gpa * 1e9;
export const mpaToPa = (mpa: number): number => mpa * 1e6;

/** A short description of a value for error messages. */
export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return `the text "${v.length > 40 ? v.slice(0, 40) + '…' : v}"`;
  return `${typeof v} ${String(v)}`;
}
