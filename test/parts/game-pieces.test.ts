/**
 * The game packs' simpler pieces (token ship, treasure chest, ship base, card tray and its lid), by
 * invariants measured on their exported meshes: one watertight body on the bed, every declared fit open
 * and of its size, and the sizes the rules need.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { surfaceZMm } from '../../src/mesh/measure.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { cardTray, trayOutside, DEFAULTS as TRAY } from '../../src/parts/card-tray.js';
import { shipBase } from '../../src/parts/ship-base.js';
import { tokenShip } from '../../src/parts/token-ship.js';
import { trayLid } from '../../src/parts/tray-lid.js';
import { treasureChest } from '../../src/parts/treasure-chest.js';
import { clearanceMm, fitHoleMm, INTERFACES, TRIANGLE_BUDGET } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const size = (b: { min: readonly number[]; max: readonly number[] }): number[] => b.max.map((v, i) => v - b.min[i]!);

/** One watertight body on the bed, within the triangle budget, every declared feature probed open (or solid) on the mesh. */
function sound(part: ReturnType<typeof buildAndInspect>): void {
  expect(part.topology.watertight).toBe(true);
  expect(part.topology.bodies).toBe(1);
  expect(part.topology.bounds.min[2]).toBeCloseTo(0, 6);
  expect(part.topology.triangles).toBeLessThan(TRIANGLE_BUDGET);
  expect(part.features.filter((f) => !f.ok).map((f) => f.feature.id)).toEqual([]);
}

describe('token ship', () => {
  it('takes a mast in each socket with the sliding fit, and sits in a 38 mm square', () => {
    const ship = buildAndInspect(() => tokenShip());
    sound(ship);
    const sockets = ship.features.filter((f) => f.feature.kind === 'mast-socket');
    expect(sockets).toHaveLength(3);
    for (const s of sockets)
      expect(s.measured.minMm).toBeCloseTo(fitHoleMm(INTERFACES.mastPeg.diameterMm, 'sliding', 0.2), 1);
    const [l, b] = size(ship.topology.bounds);
    expect(Math.max(l!, b!)).toBeLessThanOrEqual(36);
  });

  it('stays sound for any mast count and length it accepts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.double({ min: 0, max: 1, noNaN: true }), (masts, t) => {
        const lengthMm = 45 + t * 40;
        const ship = buildAndInspect(() => tokenShip({ masts, lengthMm }));
        sound(ship);
        expect(ship.features.filter((f) => f.feature.kind === 'mast-socket')).toHaveLength(masts);
      }),
      // Lengths a float hair over 45 mm once left slivers: at 45 + 4.5e-11 mm, and at 45.0005 mm (the stern deck).
      {
        numRuns: 5,
        examples: [
          [1, 1.1250556042341487e-12],
          [1, 0.000012499999999970868],
        ],
      },
    );
  });
});

describe('treasure chest', () => {
  it('is flat on top, where a ship runs aground on it, between its engraved straps', () => {
    const chest = buildAndInspect(() => treasureChest());
    sound(chest);
    withArena(() => {
      const s = solidFromStl(chest.bytes);
      const top = s.bounds().max[2];
      for (const [x, y] of [
        [0, 0],
        [2, 2],
        [-2, -2],
        [6, 3],
        [-6, -3],
      ] as const)
        expect(surfaceZMm(s, x, y)).toBeCloseTo(top, 3);
    });
  });
});

describe('ship base', () => {
  it('is the size asked for, with its mast socket open', () => {
    const base = buildAndInspect(() => shipBase({ widthMm: 50, lengthMm: 100 }));
    sound(base);
    const [w, l] = size(base.topology.bounds);
    expect(w).toBeCloseTo(50, 3);
    expect(l).toBeCloseTo(100, 3);
  });
});

describe('card tray and its lid', () => {
  it("bays a card plus the sliding clearance each side; the lid's inside the tray's outside plus it", () => {
    for (const c of [0.1, 0.2, 0.3]) {
      const box = { columns: 1, rows: 1, stackMm: 19, clearanceMm: c };
      const tray = buildAndInspect(() => cardTray(box));
      const lid = buildAndInspect(() => trayLid(box));
      sound(tray);
      sound(lid);
      for (const bay of tray.features)
        expect(bay.measured.widthMm).toBeCloseTo(TRAY.cardWidthMm + 2 * clearanceMm('sliding', c), 3);
      const out = trayOutside({ ...TRAY, ...box });
      const [tw, tl] = size(tray.topology.bounds);
      expect(tw).toBeCloseTo(out.widthMm, 3);
      expect(tl).toBeCloseTo(out.lengthMm, 3);
      const inside = lid.features[0]!.measured;
      expect(inside.widthMm - tw!).toBeCloseTo(2 * clearanceMm('sliding', c), 3);
      expect(inside.heightMm - tl!).toBeCloseTo(2 * clearanceMm('sliding', c), 3);
    }
  });
});
