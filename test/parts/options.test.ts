import { describe, expect, it } from 'vitest';
import { checkRange } from '../../src/parts/options.js';

describe('checkRange', () => {
  it('takes computed bounds to a thousandth, rounded inward, and names exactly those', () => {
    const min = 21.285350318471338,
      max = 1.1999999999999997 + 39;
    expect(() => checkRange('turret', 'drumHeightMm', 21.2, min, max)).toThrow(
      /drumHeightMm = 21\.2 is not valid: expected a number from 21\.286 to 40\.2 mm$/,
    );
    expect(() => checkRange('turret', 'drumHeightMm', 21.286, min, max)).not.toThrow();
    expect(() => checkRange('turret', 'drumHeightMm', 40.2, min, max)).not.toThrow();
    expect(() => checkRange('turret', 'drumHeightMm', 21.2855, min, max)).toThrow();
    // Round bounds stay as they are.
    expect(() => checkRange('cargo', 'crateMm', 30, 3.4, 20)).toThrow(/from 3\.4 to 20 mm$/);
  });
});
