import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { circle, initKernel, withArena, type Profile } from '../../src/geometry/kernel.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { coin, DEFAULTS } from '../../src/parts/coin.js';
import { ICON_RADIUS_MM } from '../../src/parts/coin-icons.js';
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
  it('every type is a watertight single disc of the coin size lying flat, less its sunk field round the icon', () => {
    for (const type of ids) {
      const { topology, features } = buildAndInspect(() => coin({ type }));
      expect(topology.watertight).toBe(true);
      expect(topology.bodies).toBe(1);
      const b = topology.bounds;
      expect(b.min[2]).toBeCloseTo(0, 6);
      expect(b.max[2]).toBeCloseTo(thicknessMm, 6);
      expect(b.max[0] - b.min[0]).toBeCloseTo(diameterMm, 2);
      // The top loses its field less the icon, reliefMm deep (less a sliver to the bed chamfer and the facets).
      const disc = Math.PI * (diameterMm / 2) ** 2 * thicknessMm;
      const iconMm2 = withArena(() =>
        sliceOf(type, thicknessMm - reliefMm / 2)
          .intersect(circle(diameterMm / 2 - DEFAULTS.rimMm - 0.05))
          .areaMm2(),
      );
      const sunk = (Math.PI * (diameterMm / 2 - DEFAULTS.rimMm) ** 2 - iconMm2) * reliefMm;
      expect(Math.abs(topology.volumeMm3 - (disc - sunk)) / (disc - sunk)).toBeLessThan(0.015);
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

  it('raises the icon and the rim on the top face, leaves the bed face whole, in strokes a 0.4 mm nozzle prints, every type its own', () => {
    withArena(() => {
      const inner = circle(diameterMm / 2 - DEFAULTS.rimMm - 0.05);
      const rim = circle(diameterMm / 2 - 0.05).subtract(circle(diameterMm / 2 - DEFAULTS.rimMm + 0.05));
      const icons = new Map<CoinId, Profile>();
      for (const type of ids) {
        const top = sliceOf(type, thicknessMm - reliefMm / 2);
        // The rim stands whole at the top; inside it, what stands is the icon.
        expect(top.intersect(rim).areaMm2()).toBeCloseTo(rim.areaMm2(), 0);
        const icon = top.intersect(inner);
        expect(icon.areaMm2()).toBeGreaterThan(15);
        expect(inner.subtract(sliceOf(type, reliefMm / 2)).areaMm2()).toBeLessThan(0.5); // the bed face: whole
        const b = icon.bounds();
        expect(Math.max(...b.max.map(Math.abs), ...b.min.map(Math.abs))).toBeLessThanOrEqual(ICON_RADIUS_MM + 0.01);
        // Opening by half the minimum feature keeps what is at least MIN_FEATURE_MM wide: nearly all of it,
        // in the icon and in the field's gaps round it.
        const opened = (p: Profile): number =>
          p
            .offset(-(MIN_FEATURE_MM / 2 - 0.02))
            .offset(MIN_FEATURE_MM / 2 - 0.02)
            .areaMm2();
        expect(opened(icon)).toBeGreaterThan(icon.areaMm2() * 0.9);
        const gaps = inner.subtract(icon);
        expect(opened(gaps)).toBeGreaterThan(gaps.areaMm2() * 0.97);
        icons.set(type, icon);
      }
      for (let i = 0; i < ids.length; i++)
        for (let j = i + 1; j < ids.length; j++) {
          const a = icons.get(ids[i]!)!,
            b = icons.get(ids[j]!)!;
          const differ = a.subtract(b).areaMm2() + b.subtract(a).areaMm2();
          expect(differ, `${ids[i]} vs ${ids[j]}`).toBeGreaterThan(10);
        }
    });
  });

  it('stays watertight for any type and legal rim', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ids),
        fc.double({ min: MIN_FEATURE_MM, max: diameterMm / 2 - ICON_RADIUS_MM - MIN_FEATURE_MM, noNaN: true }),
        (type, rimMm) => {
          const { topology, features } = buildAndInspect(() => coin({ type, rimMm }));
          expect(topology.watertight).toBe(true);
          expect(topology.bodies).toBe(1);
          expect(features[0]!.ok).toBe(true);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('rejects an unknown type, listing the valid ones', () => {
    expect(() => coin({ type: 'gold' as CoinId })).toThrow(/type = "gold" .*brace, signal, full-sail/);
  });
});
