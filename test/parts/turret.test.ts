import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { ballastPocket, turretSeat } from '../../src/parts/cutters.js';
import { DEFAULTS, turret } from '../../src/parts/turret.js';
import { BALLAST_WASHER, fitHoleMm, INTERFACES, washerGrams } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

describe('turret', () => {
  it('is one watertight body, roof on the bed and pivot up, within its drum and pivot volume', () => {
    const { topology } = buildAndInspect(() => turret());
    const p = INTERFACES.turretPivot;
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    expect(topology.bounds.min[2]).toBeCloseTo(0, 5);
    expect(topology.bounds.max[2]).toBeCloseTo(DEFAULTS.drumHeightMm + p.lengthMm, 3);
    expect(topology.bounds.max[1] - topology.bounds.min[1]).toBeCloseTo(DEFAULTS.drumDiameterMm, 1);
    const r = DEFAULTS.drumDiameterMm / 2;
    const full = Math.PI * r * r * DEFAULTS.drumHeightMm + (Math.PI * p.diameterMm ** 2 * p.lengthMm) / 4;
    const slot = fitHoleMm(INTERFACES.cannonPlug.sideMm, 'sliding', 0.2) ** 2 * INTERFACES.cannonPlug.lengthMm;
    const pocket = withArena(() => ballastPocket('p', DEFAULTS.ballastWashers, 0.2).feature);
    if (pocket.size.shape !== 'round' || pocket.size.coreDiameterMm === undefined)
      throw new Error('annular pocket expected');
    const ring = (Math.PI / 4) * (pocket.size.diameterMm ** 2 - pocket.size.coreDiameterMm ** 2) * pocket.depthMm;
    expect(topology.volumeMm3).toBeLessThan(full - slot - ring);
    expect(topology.volumeMm3).toBeGreaterThan((full - slot - ring) * 0.85); // flat, chamfer, facets
  });

  it('declares a solid pivot, one level, open cannon slot and a ballast pocket round the pivot in the deck face, each true to size', () => {
    const { features } = buildAndInspect(() => turret());
    expect(features.map((f) => f.feature.kind).sort()).toEqual(['ballast-pocket', 'cannon-slot', 'turret-pivot']);
    for (const f of features) expect(f.ok, f.feature.id).toBe(true);
    const slot = features.find((f) => f.feature.kind === 'cannon-slot')!;
    const side = fitHoleMm(INTERFACES.cannonPlug.sideMm, 'sliding', DEFAULTS.clearanceMm);
    expect(slot.feature.axis[2]).toBeCloseTo(0, 9);
    expect(Math.abs(slot.measured.widthMm - side)).toBeLessThan(0.05);
    expect(Math.abs(slot.measured.heightMm - side)).toBeLessThan(0.05);
    // Its centre slotAboveDeckMm under the deck face (the roof is on the bed): the cannon turns over the deck's cargo.
    expect(slot.feature.positionMm[2]).toBeCloseTo(DEFAULTS.drumHeightMm - DEFAULTS.slotAboveDeckMm, 5);
    const pivot = features.find((f) => f.feature.kind === 'turret-pivot')!;
    expect(Math.abs(pivot.measured.maxMm - INTERFACES.turretPivot.diameterMm)).toBeLessThan(0.05);
    // The pocket opens up in the deck face, round the pivot (it prints as an open well, no bridge), and takes the washers at their thickest.
    const pocket = features.find((f) => f.feature.kind === 'ballast-pocket')!;
    expect(pocket.feature.axis[2]).toBeCloseTo(1, 9);
    expect(pocket.feature.positionMm[2]).toBeCloseTo(DEFAULTS.drumHeightMm, 5);
    expect(pocket.feature.positionMm[2]).toBeCloseTo(pivot.feature.positionMm[2], 5);
    expect(pocket.feature.depthMm).toBeGreaterThanOrEqual(DEFAULTS.ballastWashers * BALLAST_WASHER.thicknessMaxMm);
    // The washers go over the pivot to the boss at its root.
    expect(BALLAST_WASHER.holeMinMm).toBeGreaterThan(INTERFACES.turretPivot.diameterMm);
    expect(
      Math.abs(pocket.measured.minMm - fitHoleMm(BALLAST_WASHER.outsideMaxMm, 'sliding', DEFAULTS.clearanceMm)),
    ).toBeLessThan(0.05);
    // ISO 7089 M10 from its nominal size in steel: π/4 · (20² − 10.5²) · 2 mm³ × 7.85 g/cm³.
    expect(washerGrams()).toBeCloseTo(3.573, 3);
  });

  it('turns in the hull turret seat with twice the rotating clearance across', () => {
    const pivot = buildAndInspect(() => turret()).features.find((f) => f.feature.kind === 'turret-pivot')!;
    for (const c of [0.1, 0.2, 0.3]) {
      const seat = withArena(() => turretSeat('s', c).feature);
      if (seat.size.shape !== 'round') throw new Error('round seat expected');
      const gap = seat.size.diameterMm - pivot.measured.maxMm;
      expect(gap).toBeGreaterThan(2 * 1.5 * c - 0.05);
      expect(gap).toBeLessThan(2 * 1.5 * c + 0.05);
      expect(seat.depthMm).toBeGreaterThanOrEqual(pivot.feature.depthMm);
    }
  });

  it('rejects a drum too short for the slot and its walls, or a slot too low for the pocket under it, naming the field', () => {
    expect(() => buildAndInspect(() => turret({ drumHeightMm: 9 }))).toThrow(/drumHeightMm = 9 .*from 23 to 40 mm/);
    expect(() => buildAndInspect(() => turret({ slotAboveDeckMm: 8 }))).toThrow(
      /slotAboveDeckMm = 8 .*from 14\.2\d* to 30 mm/,
    );
    expect(() => buildAndInspect(() => turret({ ballastWashers: 0, slotAboveDeckMm: 3 }))).toThrow(
      /slotAboveDeckMm = 3 .*from 6\.2 to 30 mm/,
    );
    expect(() => buildAndInspect(() => turret({ ballastWashers: 1.5 }))).toThrow(
      /ballastWashers = 1\.5 .*whole number of washers/,
    );
  });
});
