import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { cargo, DEFAULTS } from '../../src/parts/cargo.js';
import { cargoSocket } from '../../src/parts/cutters.js';
import { INTERFACES } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

describe('cargo', () => {
  it('is one watertight body, crates on the bed and peg up, with the volume of its block and peg', () => {
    const { topology } = buildAndInspect(() => cargo());
    const p = INTERFACES.cargoPeg;
    const side = 2 * DEFAULTS.crateMm;
    const height = DEFAULTS.levels * DEFAULTS.crateMm;
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    expect(topology.bounds.min[2]).toBeCloseTo(0, 5);
    expect(topology.bounds.max[2]).toBeCloseTo(height + p.lengthMm, 3);
    expect(topology.bounds.max[0] - topology.bounds.min[0]).toBeCloseTo(side, 3);
    const full = side * side * height + p.sideMm * p.sideMm * p.lengthMm;
    expect(topology.volumeMm3).toBeLessThan(full);
    expect(topology.volumeMm3).toBeGreaterThan(full * 0.9); // seams and chamfer
  });

  it('declares a solid square peg pointing up that measures its side', () => {
    const { features } = buildAndInspect(() => cargo());
    expect(features).toHaveLength(1);
    const peg = features[0]!;
    expect(peg.feature.kind).toBe('cargo-peg');
    expect(peg.ok).toBe(true);
    expect(peg.feature.axis).toEqual([0, 0, 1]);
    expect(Math.abs(peg.measured.widthMm - INTERFACES.cargoPeg.sideMm)).toBeLessThan(0.05);
    expect(Math.abs(peg.measured.heightMm - INTERFACES.cargoPeg.sideMm)).toBeLessThan(0.05);
  });

  it('fits the hull cargo socket with twice the sliding clearance across', () => {
    const peg = buildAndInspect(() => cargo()).features[0]!;
    for (const c of [0.1, 0.2, 0.3]) {
      const socket = withArena(() => cargoSocket('s', c).feature);
      if (socket.size.shape !== 'rect') throw new Error('square socket expected');
      expect(socket.size.widthMm - peg.measured.maxMm).toBeCloseTo(2 * c, 1);
      expect(socket.depthMm).toBeGreaterThanOrEqual(peg.feature.depthMm);
    }
  });

  it('rejects a fractional number of levels, naming the field', () => {
    expect(() => buildAndInspect(() => cargo({ levels: 1.5 }))).toThrow(/levels = 1\.5 .*whole number from 1 to 4/);
  });
});
