import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { isInside } from '../../src/mesh/probe.js';
import { bedHoleDepthMm, measurePivot, pegHeightMm } from '../../src/mesh/measure.js';
import { dial, DEFAULTS as DIAL } from '../../src/parts/dial.js';
import { dialBase } from '../../src/parts/dial-base.js';
import { clearanceMm, GAME_INTERFACES, PRINT_IN_PLACE_GAP_MM, SNAP_RETENTION_MM } from '../../src/standard.js';
import { InputError } from '../../src/errors.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

/** A dial and a base built at a clearance, measured on their exported meshes. */
function measured(clearance: number, labels = DIAL.labels) {
  const d = buildAndInspect(() => dial({ labels, clearanceMm: clearance }));
  const b = buildAndInspect(() => dialBase({ titles: ['HULL', 'RIGGING', 'CREW'], clearanceMm: clearance }));
  return withArena(() => {
    const ds = solidFromStl(d.bytes),
      bs = solidFromStl(b.bytes);
    const bore = d.features.map((f) => f.feature).find((f) => f.kind === 'dial-bore')!;
    const pivots = b.features.map((f) => f.feature).filter((f) => f.kind === 'dial-pivot');
    const nubs = b.features.map((f) => f.feature).filter((f) => f.kind === 'detent-nub');
    const dimples = d.features.map((f) => f.feature).filter((f) => f.kind === 'detent-dimple');
    return {
      d,
      b,
      pivot: measurePivot(bs, pivots[0]!, ds, bore),
      nubMm: nubs.map((n) => pegHeightMm(bs, n)),
      dimpleMm: dimples.map((f) => bedHoleDepthMm(ds, f)),
      pivots: pivots.length,
    };
  });
}

describe('click dial and its base', () => {
  it('are single watertight bodies with every declared feature where it says (probed on the meshes)', () => {
    const m = measured(0.2);
    for (const part of [m.d, m.b]) {
      expect(part.topology.watertight).toBe(true);
      expect(part.topology.bodies).toBe(1);
      // The split pivot (its slot) and the nub (a cap, narrower as it rises) are measured below instead.
      const probed = part.features.filter((f) => f.feature.kind !== 'dial-pivot' && f.feature.kind !== 'detent-nub');
      expect(probed.filter((f) => !f.ok).map((f) => f.feature.id)).toEqual([]);
    }
    expect(m.pivots).toBe(3);
    expect(m.dimpleMm).toHaveLength(8);
  });

  it('the dial clicks: the nub stands the axial play plus the engagement, and the dimples take it', () => {
    for (const c of [0.1, 0.2, 0.3]) {
      const m = measured(c);
      const play = clearanceMm('rotating', c);
      // Measured on the meshes: the pivot's axial play, the nub's height, the dimples' depth.
      expect(m.pivot.axialPlayMm).toBeGreaterThan(play - 0.05);
      expect(m.pivot.axialPlayMm).toBeLessThan(play + 0.05);
      for (const h of m.nubMm) expect(h - m.pivot.axialPlayMm).toBeGreaterThanOrEqual(SNAP_RETENTION_MM.min);
      for (const h of m.nubMm) expect(h - m.pivot.axialPlayMm).toBeLessThanOrEqual(SNAP_RETENTION_MM.max);
      for (const depth of m.dimpleMm) expect(depth).toBeGreaterThan(Math.max(...m.nubMm));
      // The snap: the barb stands over the bore by the retention; the dial turns with the rotating play.
      expect(m.pivot.retentionMm).toBeGreaterThanOrEqual(SNAP_RETENTION_MM.min);
      expect(m.pivot.retentionMm).toBeLessThanOrEqual(SNAP_RETENTION_MM.max);
      expect(m.pivot.radialPlayMm).toBeGreaterThan(play - 0.03);
      expect(Math.abs(m.pivot.retentionMm - GAME_INTERFACES.dialPivot.retentionMm)).toBeLessThan(0.03);
    }
  });

  it("the pivot's prongs are split by the print-in-place gap", () => {
    const b = buildAndInspect(() => dialBase({ titles: ['X'] }));
    const pivot = b.features.map((f) => f.feature).find((f) => f.kind === 'dial-pivot')!;
    withArena(() => {
      const s = solidFromStl(b.bytes);
      const [x, y, top] = pivot.positionMm;
      // Along Y through the axis at mid-shaft: material, the slot, material.
      const inside = (yy: number): boolean => isInside(s, [x, yy, top + 1.5]);
      expect(inside(y)).toBe(false);
      expect(inside(y + PRINT_IN_PLACE_GAP_MM / 2 + 0.05)).toBe(true);
      expect(inside(y - PRINT_IN_PLACE_GAP_MM / 2 - 0.05)).toBe(true);
      expect(inside(y + PRINT_IN_PLACE_GAP_MM / 2 - 0.05)).toBe(false);
    });
  });

  it('any labels from 2 to 12 stops make a dial with one dimple per stop', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), (n) => {
        // One letter a stop: 12 two-digit numbers would not stand half a letter apart on the default dial.
        const labels = Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));
        const d = buildAndInspect(() => dial({ labels }));
        expect(d.topology.watertight).toBe(true);
        expect(d.features.filter((f) => f.feature.kind === 'detent-dimple' && f.ok)).toHaveLength(n);
      }),
      { numRuns: 4 },
    );
  });

  it('refuses options it cannot build, naming the field and what is valid', () => {
    const build = (f: () => unknown) => () => withArena(f);
    expect(build(() => dial({ labels: ['1'] }))).toThrow(InputError);
    expect(build(() => dial({ labels: ['1'] }))).toThrow(/labels.*2 to 16 labels/);
    expect(build(() => dial({ thicknessMm: 1 }))).toThrow(/thicknessMm = 1 is not valid: expected a number from/);
    // Kingdom Fleets' ten maneuvers at the default 6 mm ran together ("S1S2S3..."): refused, with the room there is.
    expect(build(() => dial({ labels: ['S1', 'S2', 'S3', 'S4', 'S5', 'G2', 'G3', 'B2', 'B3', 'T2'] }))).toThrow(
      /labels\[0\] = "S1" is not valid: expected a label at most \d+\.\d mm wide at 6 mm tall, half a letter clear of its neighbours 36\.0° round/,
    );
    expect(build(() => dialBase({ titles: ['A', 'B', 'C', 'D', 'E'] }))).toThrow(/titles.*1 to 4 titles/);
    expect(build(() => dialBase({ titles: ['RIGGINGRIG'], titleHeightMm: 12 }))).toThrow(
      /titles\[0\].*no wider than its dial/,
    );
  });
});
