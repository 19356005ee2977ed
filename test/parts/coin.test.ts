import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { circle, initKernel, withArena, type Profile } from '../../src/geometry/kernel.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { coin, COIN_MARKS } from '../../src/parts/coin.js';
import { coinSlot } from '../../src/parts/cutters.js';
import { COIN_SET, type CoinId } from '../../src/rules/rulebook.js';
import { clearanceMm, DEFAULT_CLEARANCE_MM, INTERFACES, MIN_FEATURE_MM } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const { diameterMm, thicknessMm, reliefMm } = INTERFACES.coin;
const ids = COIN_SET.map((c) => c.id);

/** The coin's cross-section at height z, cut from the solid rebuilt from its exported bytes. */
function sliceOf(type: CoinId, z: number): Profile {
  const { bytes } = buildAndInspect(() => coin({ type }));
  return solidFromStl(bytes).sliceAt(z);
}

describe('coin', () => {
  it('every type is a watertight single disc of the coin size lying flat, less its sunk letters', () => {
    for (const type of ids) {
      const { topology, features } = buildAndInspect(() => coin({ type }));
      expect(topology.watertight).toBe(true);
      expect(topology.bodies).toBe(1);
      const b = topology.bounds;
      expect(b.min[2]).toBeCloseTo(0, 6);
      expect(b.max[2]).toBeCloseTo(thicknessMm, 6);
      expect(b.max[0] - b.min[0]).toBeCloseTo(diameterMm, 2);
      const disc = Math.PI * (diameterMm / 2) ** 2 * thicknessMm;
      // Two faces engraved reliefMm deep; the letters take a few percent of each face.
      expect(topology.volumeMm3).toBeLessThan(disc * 0.99);
      expect(topology.volumeMm3).toBeGreaterThan(disc * (1 - (2 * reliefMm * 0.4) / thicknessMm));
      expect(features).toHaveLength(1);
      expect(features[0]!.ok).toBe(true);
      expect(Math.abs(features[0]!.measured.maxMm - diameterMm)).toBeLessThan(0.05);
      expect(features[0]!.feature.depthMm).toBe(thicknessMm);
    }
  });

  it('fits the hull coin slot with one sliding gap per side', () => {
    withArena(() => {
      const slot = coinSlot('s', DEFAULT_CLEARANCE_MM).feature;
      const peg = coin().features[0]!;
      if (slot.size.shape !== 'rect' || peg.size.shape !== 'round') throw new Error('shapes');
      expect(slot.size.widthMm - peg.size.diameterMm).toBeCloseTo(2 * clearanceMm('sliding', DEFAULT_CLEARANCE_MM), 9);
      expect(slot.size.heightMm - peg.depthMm).toBeCloseTo(2 * clearanceMm('sliding', DEFAULT_CLEARANCE_MM), 9);
    });
  });

  it('marks both faces, in strokes a 0.4 mm nozzle can print, and every type differs in shape', () => {
    withArena(() => {
      const disc = circle(diameterMm / 2 - 0.05);
      const marks = new Map<CoinId, Profile>();
      for (const type of ids) {
        const top = disc.subtract(sliceOf(type, thicknessMm - reliefMm / 2));
        const bottom = disc.subtract(sliceOf(type, reliefMm / 2));
        expect(top.areaMm2()).toBeGreaterThan(10);
        expect(bottom.areaMm2()).toBeCloseTo(top.areaMm2(), 0); // the same letters, mirrored
        // Opening by half the minimum feature keeps what is at least MIN_FEATURE_MM wide: nearly all of it.
        const opened = top.offset(-(MIN_FEATURE_MM / 2 - 0.02)).offset(MIN_FEATURE_MM / 2 - 0.02);
        expect(opened.areaMm2()).toBeGreaterThan(top.areaMm2() * 0.9);
        marks.set(type, top);
      }
      for (let i = 0; i < ids.length; i++)
        for (let j = i + 1; j < ids.length; j++) {
          const a = marks.get(ids[i]!)!, b = marks.get(ids[j]!)!;
          const differ = a.subtract(b).areaMm2() + b.subtract(a).areaMm2();
          expect(differ, `${ids[i]} vs ${ids[j]}`).toBeGreaterThan(5);
        }
    });
    expect(new Set(Object.values(COIN_MARKS)).size).toBe(ids.length);
  });

  it('stays watertight for any type and legal stroke', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.double({ min: MIN_FEATURE_MM, max: 1.4, noNaN: true }), (type, strokeMm) => {
        const { topology, features } = buildAndInspect(() => coin({ type, strokeMm }));
        expect(topology.watertight).toBe(true);
        expect(features[0]!.ok).toBe(true);
      }),
      { numRuns: 8 },
    );
  });

  it('rejects an unknown type, listing the valid ones', () => {
    expect(() => coin({ type: 'gold' as CoinId })).toThrow(/type = "gold" .*brace, signal, full-sail/);
  });
});
