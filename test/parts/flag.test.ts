import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../src/geometry/kernel.js';
import { DEFAULTS, flag } from '../../src/parts/flag.js';
import { flagHolder } from '../../src/parts/flag-holder.js';
import { INTERFACES } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

describe('printed flag', () => {
  it('is one watertight body lying flat, as thick as its sleeve less the flat', () => {
    const { topology } = buildAndInspect(() => flag());
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    expect(topology.bounds.min[2]).toBeCloseTo(0, 5);
    expect(topology.bounds.max[2]).toBeLessThan(INTERFACES.flagHolder.sleeveOuterMm);
    const panel = DEFAULTS.lengthMm * DEFAULTS.heightMm * DEFAULTS.thicknessMm;
    const r = INTERFACES.flagHolder.sleeveOuterMm / 2;
    const sleeve = Math.PI * r * r * INTERFACES.flagHolder.sleeveLengthMm;
    expect(topology.volumeMm3).toBeGreaterThan(panel * 0.6);
    expect(topology.volumeMm3).toBeLessThan(panel + sleeve);
  });

  it('has the same sleeve as the flag holder: open, true to size, lying along the bed', () => {
    const { features } = buildAndInspect(() => flag());
    expect(features).toHaveLength(1);
    const s = features[0]!;
    expect(s.feature.kind).toBe('sleeve');
    expect(s.ok).toBe(true);
    expect(s.feature.axis[2]).toBeCloseTo(0, 9);
    const holder = buildAndInspect(() => flagHolder()).features[0]!;
    expect(s.feature.size).toEqual(holder.feature.size);
    expect(s.feature.depthMm).toBe(holder.feature.depthMm);
    expect(Math.abs(s.measured.minMm - holder.measured.minMm)).toBeLessThan(0.05);
  });

  it('rejects a wave taller than a fifth of the hoist, naming the field', () => {
    expect(() => buildAndInspect(() => flag({ waveMm: 5 }))).toThrow(/waveMm = 5 .*0 to 2\.8 mm/);
  });
});
