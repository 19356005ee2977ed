import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleIn, parseMmFlag } from '../../src/cli/options.js';
import { InputError } from '../../src/errors.js';
import { BALL_DIAMETER_LIMITS_MM } from '../../src/cli/options.js';
import { CLEARANCE_RANGE_MM } from '../../src/standard.js';

describe('flag examples', () => {
  it('are round numbers inside the range they illustrate', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 100, noNaN: true }), fc.double({ min: 0.001, max: 100, noNaN: true }), (min, span) => {
        const ex = exampleIn(min, min + span);
        expect(ex).toBeGreaterThanOrEqual(min);
        expect(ex).toBeLessThanOrEqual(min + span);
      }),
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
});
