/**
 * Option handling shared by every part builder (the model of @jscad/modeling's primitives): merge the
 * caller's options over the builder's DEFAULTS, then check each field with a message that names it and
 * says what would be valid. A bad option is a user error (exit 2) because options come from faction files
 * and flags.
 */
import { InputError } from '../errors.js';

export function mergeOptions<T extends object>(defaults: T, options: Partial<T> | undefined): T {
  const out = { ...defaults };
  if (options)
    for (const [k, v] of Object.entries(options)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/** A value as written in a message: JSON, but NaN and the infinities by name (JSON would call them null). */
const shown = (value: unknown): string =>
  typeof value === 'number'
    ? String(value)
    : (JSON.stringify(value, (_, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v)) ??
      String(value));

/** Throws an InputError naming `<part> options` and the field unless `ok`. */
export function checkOption(part: string, field: string, value: unknown, ok: boolean, valid: string): void {
  if (!ok)
    throw InputError.single(`${part} options`, field, `${field} = ${shown(value)} is not valid: expected ${valid}`);
}

/**
 * A finite number in [min, max], both taken to a thousandth, rounded inward (a bound computed as
 * 21.285350318471338 is 21.286; one computed as 40.199999999999996, float noise, is 40.2): the message
 * states exactly the bounds that are enforced.
 */
export function checkRange(part: string, field: string, value: number, min: number, max: number, unit = 'mm'): void {
  const lo = Math.ceil(min * 1000 - 1e-6) / 1000,
    hi = Math.floor(max * 1000 + 1e-6) / 1000;
  checkOption(
    part,
    field,
    value,
    Number.isFinite(value) && value >= lo && value <= hi,
    `a number from ${lo} to ${hi} ${unit}`,
  );
}
