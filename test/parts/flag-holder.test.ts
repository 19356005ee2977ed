import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel } from '../../src/geometry/kernel.js';
import { DEFAULTS, flagHolder } from '../../src/parts/flag-holder.js';
import { mast } from '../../src/parts/mast.js';
import { DEFAULTS as SAIL } from '../../src/parts/sail.js';
import { INTERFACES, MIN_FEATURE_MM } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

describe('flag holder', () => {
  it('is one watertight body standing on the bed: the sleeve, the masthead top, and the staff over the clip', () => {
    const { topology } = buildAndInspect(() => flagHolder());
    const f = INTERFACES.flagHolder;
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    expect(topology.bounds.min[2]).toBeCloseTo(0, 5);
    const clipH = f.paperSlotHeightMm + 2 * DEFAULTS.clipWallMm;
    // The sleeve, the top's deck (five layers) on it, the clip on the deck, and the staff's tip above.
    const deckTop = f.sleeveLengthMm + 1;
    const tall = topology.bounds.max[2] - topology.bounds.min[2];
    expect(tall).toBeGreaterThan(deckTop + clipH + DEFAULTS.staffAboveClipMm - 0.05);
    expect(tall).toBeLessThanOrEqual(deckTop + clipH + DEFAULTS.staffAboveClipMm + DEFAULTS.staffDiameterMm / 2 + 1e-3);
    // Across: the top's platform; along: the clip reaches past it.
    expect(topology.bounds.max[1] - topology.bounds.min[1]).toBeCloseTo(DEFAULTS.topDiameterMm, 1);
    expect(topology.bounds.max[0]).toBeGreaterThan(DEFAULTS.topDiameterMm / 2);
    const r = f.sleeveOuterMm / 2;
    const sleeve = Math.PI * r * r * f.sleeveLengthMm;
    const top = Math.PI * (DEFAULTS.topDiameterMm / 2) ** 2 * 2;
    const clip = (DEFAULTS.slotDepthMm + 2 * MIN_FEATURE_MM) * (f.paperSlotMm + 2 * DEFAULTS.clipWallMm) * clipH;
    const staff = Math.PI * (DEFAULTS.staffDiameterMm / 2) ** 2 * (clipH + DEFAULTS.staffAboveClipMm + 2);
    expect(topology.volumeMm3).toBeGreaterThan(sleeve * 0.7 + clip * 0.7);
    expect(topology.volumeMm3).toBeLessThan(sleeve + top + clip + staff + clip / 2);
  });

  it('stands over the mast in proportion to the sail: what shows above the tenon is at most two thirds of the sail', () => {
    const { topology } = buildAndInspect(() => flagHolder());
    const shows = topology.bounds.max[2] - topology.bounds.min[2] - INTERFACES.mastTenon.lengthMm;
    expect(shows).toBeLessThanOrEqual((2 / 3) * SAIL.heightMm);
  });

  it('declares an open sleeve bore and paper slot that measure their sizes', () => {
    const { features } = buildAndInspect(() => flagHolder());
    expect(features.map((f) => f.feature.kind)).toEqual(['sleeve', 'paper-slot']);
    for (const f of features) expect(f.ok, f.feature.id).toBe(true);
    const [bore, slot] = features as [(typeof features)[0], (typeof features)[0]];
    if (bore.feature.size.shape !== 'round' || slot.feature.size.shape !== 'rect') throw new Error('shapes');
    expect(Math.abs(bore.measured.minMm - bore.feature.size.diameterMm)).toBeLessThan(0.05);
    expect(Math.abs(slot.measured.widthMm - INTERFACES.flagHolder.paperSlotHeightMm)).toBeLessThan(0.05);
    expect(Math.abs(slot.measured.heightMm - INTERFACES.flagHolder.paperSlotMm)).toBeLessThan(0.05);
    // The bore opens down onto the bed.
    expect(bore.feature.axis).toEqual([0, 0, -1]);
  });

  it('slides over the mast tenon with twice the sliding clearance', () => {
    for (const c of [0.1, 0.2, 0.4]) {
      const bore = buildAndInspect(() => flagHolder({ clearanceMm: c })).features[0]!;
      const tenon = buildAndInspect(() => mast()).features.find((f) => f.feature.kind === 'mast-tenon')!;
      expect(bore.measured.minMm - tenon.measured.maxMm).toBeGreaterThan(2 * c - 0.05);
      expect(bore.measured.minMm - tenon.measured.maxMm).toBeLessThan(2 * c + 0.05);
      expect(bore.feature.depthMm).toBeGreaterThanOrEqual(tenon.feature.depthMm);
    }
  });

  it('rejects a clip wall thinner than two line widths, naming the field', () => {
    expect(() => buildAndInspect(() => flagHolder({ clipWallMm: 0.5 }))).toThrow(/clipWallMm = 0\.5 .*0\.9 to 3 mm/);
  });
});
