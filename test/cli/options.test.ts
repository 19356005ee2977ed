import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleIn, parseIntFlag, parseMmFlag, parseNumberFlag } from '../../src/cli/options.js';
import { InputError } from '../../src/errors.js';
import { BALL_DIAMETER_LIMITS_MM } from '../../src/cli/options.js';
import { CLEARANCE_RANGE_MM } from '../../src/standard.js';

describe('flag examples', () => {
  it('are round numbers inside the range they illustrate', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0.001, max: 100, noNaN: true }),
        (min, span) => {
          const ex = exampleIn(min, min + span);
          expect(ex).toBeGreaterThanOrEqual(min);
          expect(ex).toBeLessThanOrEqual(min + span);
        },
      ),
    );
    expect(exampleIn(BALL_DIAMETER_LIMITS_MM.min, BALL_DIAMETER_LIMITS_MM.max)).toBe(10);
    expect(exampleIn(CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max)).toBe(0.3);
  });

  it('a millimetre flag out of range names the range and an example that the flag accepts', () => {
    let message = '';
    try {
      parseMmFlag('--ball-diameter', '5', BALL_DIAMETER_LIMITS_MM.min, BALL_DIAMETER_LIMITS_MM.max);
    } catch (e) {
      message = (e as InputError).problems[0]!.message;
    }
    expect(message).toBe('"5" is not valid: expected millimetres from 8 to 12, e.g. --ball-diameter 10');
    expect(parseMmFlag('--ball-diameter', '10', BALL_DIAMETER_LIMITS_MM.min, BALL_DIAMETER_LIMITS_MM.max)).toBe(10);
  });

  it('every number flag refuses what is out of range with an example it then accepts', () => {
    const messageOf = (f: () => unknown): string => {
      try {
        f();
      } catch (e) {
        return (e as InputError).problems[0]!.message;
      }
      throw new Error('accepted');
    };
    const parsers: [string, (t: string, min: number, max: number) => number][] = [
      ['--clearance', (t, a, b) => parseMmFlag('--clearance', t, a, b)],
      ['--infill', (t, a, b) => parseNumberFlag('--infill', t, a, b, 'per cent', '%')],
      ['--players', (t, a, b) => parseIntFlag('--players', t, Math.ceil(a), Math.ceil(a) + Math.ceil(b - a))],
    ];
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 50, noNaN: true }),
        fc.double({ min: 1, max: 50, noNaN: true }),
        fc.constantFrom(...parsers),
        (min, span, [flag, parse]) => {
          const message = messageOf(() => parse('far too many', min, min + span));
          const example = new RegExp(`e\\.g\\. ${flag} (\\S+)$`).exec(message)?.[1];
          expect(example, message).toBeDefined();
          expect(() => parse(example!, min, min + span)).not.toThrow();
        },
      ),
    );
  });

  it("takes the unit in a flag's name written after the number, and no other", () => {
    expect(parseMmFlag('--clearance', '0.25mm', 0.05, 0.6)).toBe(0.25);
    expect(parseNumberFlag('--infill', '15%', 0, 100, 'per cent', '%')).toBe(15);
    expect(() => parseMmFlag('--clearance', '0.25in', 0.05, 0.6)).toThrow(/expected millimetres/);
  });
});
