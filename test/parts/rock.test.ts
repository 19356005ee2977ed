import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { rock, TERRAIN, type RockOptions } from '../../src/parts/rock.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const BED_MM = { x: 220, y: 220, z: 250 };
/** Ship width the terrain has to block (BRIEF: rocks are obstacles). */
const SHIP_WIDTH_MM = 30;

function inspect(o: Partial<RockOptions>) {
  const r = buildAndInspect(() => rock(o));
  const { min, max } = r.topology.bounds;
  const footprintMm2 = withArena(() => solidFromStl(r.bytes).sliceAt(0.05).areaMm2());
  return { ...r, size: [max[0] - min[0], max[1] - min[1], max[2] - min[2]] as const, footprintMm2 };
}

/** The crag (or any reef lump) contains the cone from its base decagon to its apex: a lower bound on volume. */
const coneMm3 = (rMm: number, hMm: number): number => (Math.PI * (Math.cos(Math.PI / 10) * rMm) ** 2 * hMm) / 3;

describe('rock', () => {
  it('a rock is one tall, watertight body on a flat base, sized from TERRAIN.rock', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const { topology, features, size, footprintMm2 } = inspect({ kind: 'rock', seed });
        const t = TERRAIN.rock;
        expect(topology.watertight).toBe(true);
        expect(topology.bodies).toBe(1);
        expect(features).toEqual([]);
        expect(topology.bounds.min[2]).toBeCloseTo(0, 6);
        // The apex sets the height; shoulders are lower than any crag.
        expect(size[2]).toBeGreaterThanOrEqual(t.crag.heightMm[0] - 1e-3);
        expect(size[2]).toBeLessThanOrEqual(t.crag.heightMm[1] + 1e-3);
        expect(Math.min(size[0], size[1])).toBeGreaterThanOrEqual(SHIP_WIDTH_MM);
        expect(size[0]).toBeLessThan(BED_MM.x);
        expect(size[1]).toBeLessThan(BED_MM.y);
        const cragMin = coneMm3(t.crag.baseRadiusMm[0], t.crag.heightMm[0]);
        expect(topology.volumeMm3).toBeGreaterThan(cragMin);
        expect(topology.volumeMm3).toBeLessThan(size[0] * size[1] * size[2]);
        // Flat bottom: the base is a full footprint, at least the crag's smallest base.
        expect(footprintMm2).toBeGreaterThan(Math.PI * (Math.cos(Math.PI / 10) * t.crag.baseRadiusMm[0]) ** 2);
      }),
      { numRuns: 8 },
    );
  });

  it('a reef is one low, wide, watertight body on a flat base', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const { topology, size, footprintMm2 } = inspect({ kind: 'reef', seed });
        const t = TERRAIN.reef;
        expect(topology.watertight).toBe(true);
        expect(topology.bodies).toBe(1);
        expect(topology.bounds.min[2]).toBeCloseTo(0, 6);
        expect(size[2]).toBeGreaterThanOrEqual(t.lump.heightMm[0] - 1e-3);
        expect(size[2]).toBeLessThanOrEqual(t.lump.heightMm[1] + 1e-3);
        // Wide: a chain of at least four lumps is longer than a ship is wide, and at least four times its height.
        expect(Math.max(size[0], size[1])).toBeGreaterThan(SHIP_WIDTH_MM);
        expect(Math.max(size[0], size[1])).toBeGreaterThan(4 * size[2]);
        expect(Math.max(size[0], size[1])).toBeLessThan(BED_MM.x);
        const lumpsMin = t.lumps[0] * coneMm3(t.lump.baseRadiusMm[0], t.lump.heightMm[0]);
        expect(topology.volumeMm3).toBeGreaterThan(lumpsMin / 2); // neighbours overlap by less than half
        expect(topology.volumeMm3).toBeLessThan(size[0] * size[1] * size[2]);
        expect(footprintMm2).toBeGreaterThan(Math.PI * (Math.cos(Math.PI / 10) * t.lump.baseRadiusMm[0]) ** 2 * 2);
      }),
      { numRuns: 8 },
    );
  });

  it('same seed, same bytes; another seed, another solid; a reef is lower than a rock', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xfffffffe }), (seed) => {
        const a = inspect({ kind: 'rock', seed });
        expect(Buffer.from(inspect({ kind: 'rock', seed }).bytes).equals(Buffer.from(a.bytes))).toBe(true);
        expect(Buffer.from(inspect({ kind: 'rock', seed: seed + 1 }).bytes).equals(Buffer.from(a.bytes))).toBe(false);
        expect(inspect({ kind: 'reef', seed }).size[2]).toBeLessThan(a.size[2]);
      }),
      { numRuns: 8 },
    );
  });

  it('rejects an unknown kind and a seed that is not a 32-bit whole number, naming the field', () => {
    expect(() => buildAndInspect(() => rock({ kind: 'shoal' as 'rock' }))).toThrow(/kind = "shoal" .*"rock", "reef"/);
    expect(() => buildAndInspect(() => rock({ seed: 1.5 }))).toThrow(/seed = 1.5 .*integer from 0 to 4294967295/);
    expect(() => buildAndInspect(() => rock({ seed: -1 }))).toThrow(/seed = -1/);
  });
});
