import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describe as describeValue,
  inToMm,
  MM_PER_INCH,
  mmToIn,
  parseAngleDeg,
  parseLengthMm,
  degToRad,
  radToDeg,
} from '../src/units.js';

const ok = (r: ReturnType<typeof parseLengthMm>): number => {
  if (!r.ok) throw new Error(r.message);
  return r.value;
};
const fails = (r: ReturnType<typeof parseLengthMm>): string => {
  if (r.ok) throw new Error(`expected a failure, got ${r.value}`);
  return r.message;
};

describe('parseLengthMm', () => {
  it('reads the same table distance written five ways', () => {
    expect(ok(parseLengthMm('24in'))).toBeCloseTo(609.6, 9);
    expect(ok(parseLengthMm('610mm'))).toBe(610);
    expect(ok(parseLengthMm('61cm'))).toBe(610);
    expect(ok(parseLengthMm('0.61m'))).toBeCloseTo(610, 9);
    expect(ok(parseLengthMm('2ft'))).toBeCloseTo(609.6, 9);
    expect(ok(parseLengthMm('24"'))).toBeCloseTo(609.6, 9);
  });

  it('accepts signs, spaces, upper case, leading dots and exponents', () => {
    expect(ok(parseLengthMm('-12mm'))).toBe(-12);
    expect(ok(parseLengthMm(' 3.5 MM '))).toBe(3.5);
    expect(ok(parseLengthMm('.5in'))).toBeCloseTo(12.7, 9);
    expect(ok(parseLengthMm('1e2mm'))).toBe(100);
  });

  it('rejects a bare number with a hint to add a unit', () => {
    const message = fails(parseLengthMm(24));
    expect(message).toContain('a bare number (24) is ambiguous');
    expect(message).toContain('"24mm"');
    expect(fails(parseLengthMm('24'))).toContain('write a number and a unit');
  });

  it('rejects unknown units, non-numbers, non-finite values and other types', () => {
    expect(fails(parseLengthMm('3px'))).toBe(
      'unknown unit "px" in "3px"; use one of mm, cm, m, in, inch, inches, ", ft',
    );
    expect(fails(parseLengthMm('mm'))).toContain('is not a length');
    expect(fails(parseLengthMm('NaNmm'))).toContain('is not a length');
    expect(fails(parseLengthMm('1e999mm'))).toBe('"1e999mm" is not a finite length');
    expect(fails(parseLengthMm(null))).toContain('got null');
    expect(fails(parseLengthMm(['1mm']))).toContain('got a list');
    expect(fails(parseLengthMm(Number.NaN))).toContain('bare number (NaN)');
  });

  it('round-trips any millimetre value written in inches', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (mm) => {
        const inches = mmToIn(mm);
        expect(ok(parseLengthMm(`${inches}in`))).toBeCloseTo(mm, 6);
        expect(inToMm(inches)).toBeCloseTo(mm, 6);
      }),
    );
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue(), fc.double()), (input) => {
        const r = parseLengthMm(input);
        if (r.ok) expect(Number.isFinite(r.value)).toBe(true);
        else expect(r.message.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('parseAngleDeg', () => {
  it('reads degrees and radians', () => {
    expect(parseAngleDeg('90deg')).toEqual({ ok: true, value: 90 });
    expect(parseAngleDeg('180°')).toEqual({ ok: true, value: 180 });
    const rad = parseAngleDeg(`${Math.PI}rad`);
    expect(rad.ok && rad.value).toBeCloseTo(180, 9);
  });

  it('rejects a bare number and lengths', () => {
    const bare = parseAngleDeg(90);
    expect(!bare.ok && bare.message).toContain('write it with a unit, e.g. "90deg"');
    const len = parseAngleDeg('90mm');
    expect(!len.ok && len.message).toContain('unknown unit "mm"');
  });
});

describe('conversions', () => {
  it('uses the international inch and inverts exactly', () => {
    expect(MM_PER_INCH).toBe(25.4);
    expect(mmToIn(50.8)).toBe(2);
    fc.assert(
      fc.property(
        fc.double({ min: -720, max: 720, noNaN: true }),
        (deg) => Math.abs(radToDeg(degToRad(deg)) - deg) < 1e-9,
      ),
    );
  });

  it('describes values for messages, shortening long text', () => {
    expect(describeValue(null)).toBe('null');
    expect(describeValue([1])).toBe('a list');
    expect(describeValue({})).toBe('a mapping');
    expect(describeValue('x'.repeat(50))).toBe(`the text "${'x'.repeat(40)}…"`);
    expect(describeValue(3)).toBe('number 3');
  });
});
