import { beforeAll, describe, expect, it } from 'vitest';
import { fromMesh, initKernel, rayHitsMm, withArena } from '../../src/geometry/kernel.js';
import { parseStl } from '../../src/mesh/stl.js';
import { CARGO_KINDS } from '../../src/faction/types.js';
import { cargo, DEFAULTS } from '../../src/parts/cargo.js';
import { cargoSocket } from '../../src/parts/cutters.js';
import { DETAIL, INTERFACES } from '../../src/standard.js';
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

  it("makes every kind one watertight body within the crates' square and height, its peg true to size", () => {
    const p = INTERFACES.cargoPeg;
    for (const kind of CARGO_KINDS) {
      const { topology, features } = buildAndInspect(() => cargo({ kind }));
      expect(topology.watertight, kind).toBe(true);
      expect(topology.bodies, kind).toBe(1);
      const { min, max } = topology.bounds;
      expect(max[2] - min[2], kind).toBeCloseTo(DEFAULTS.levels * DEFAULTS.crateMm + p.lengthMm, 3);
      expect(Math.max(max[0] - min[0], max[1] - min[1]), kind).toBeLessThanOrEqual(2 * DEFAULTS.crateMm + 1e-3);
      expect(features[0]!.ok, kind).toBe(true);
      expect(Math.abs(features[0]!.measured.widthMm - p.sideMm), kind).toBeLessThan(0.05);
    }
  });

  it('sinks barrel hoops and chest straps a side groove deep, as measured by rays', () => {
    withArena(() => {
      const depthAt = (
        kind: 'barrels' | 'chests',
        from: [number, number, number],
        to: [number, number, number],
      ): number => {
        const solid = fromMesh(parseStl(buildAndInspect(() => cargo({ kind })).bytes));
        return rayHitsMm(solid, from, to)[0]!;
      };
      // A barrel's stave, along a ray through its axis from outside, at a hoop and beside it (the raft is
      // centred: the near barrel's axis is half a girth less half a seam from the middle).
      const at = DEFAULTS.crateMm / 2 - DEFAULTS.seamDepthMm / 2;
      const zHoop = 0.18 * DEFAULTS.crateMm + DETAIL.sideGrooveHeightMm / 4;
      const ray = (z: number): number => depthAt('barrels', [at, 20, z], [at, -20, z]);
      expect(ray(zHoop) - ray(zHoop + 1)).toBeGreaterThan(DETAIL.sideGrooveDepthMm - 0.12);
      // A chest's strap, a third of the way in from its end, against the panel beside it.
      const w = 2 * DEFAULTS.crateMm;
      const strap = depthAt('chests', [w / 6, 20, 4], [w / 6, -20, 4]),
        panel = depthAt('chests', [0, 20, 4], [0, -20, 4]);
      expect(strap - panel).toBeCloseTo(DETAIL.sideGrooveDepthMm, 2);
    });
  });

  it('rejects a fractional number of levels, naming the field', () => {
    expect(() => buildAndInspect(() => cargo({ levels: 1.5 }))).toThrow(/levels = 1\.5 .*whole number from 1 to 4/);
    expect(() => buildAndInspect(() => cargo({ kind: 'sacks' as never }))).toThrow(
      /kind = "sacks" .*one of crates, barrels, chests/,
    );
  });
});
