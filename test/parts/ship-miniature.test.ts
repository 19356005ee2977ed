/**
 * Kingdom Fleets' ship miniature on its base, and the terrain scaled for it, by invariants measured on
 * the exported meshes: one watertight body on the bed, every socket open and of the sliding fit, the
 * base's peg the mast's, the ship on its peg seated (socket deeper than the peg), the sizes asked for.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { bedHoleDepthMm, pegHeightMm } from '../../src/mesh/measure.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { measureFeature } from '../../src/mesh/probe.js';
import { rock } from '../../src/parts/rock.js';
import { shipBase } from '../../src/parts/ship-base.js';
import { shipMiniature } from '../../src/parts/ship-miniature.js';
import { fitHoleMm, INTERFACES } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const size = (b: { min: readonly number[]; max: readonly number[] }): number[] => b.max.map((v, i) => v - b.min[i]!);

describe('ship miniature', () => {
  it('is a hull of the size asked for, a mast socket per mast on deck and a socket underneath for its base', () => {
    const ship = buildAndInspect(() =>
      shipMiniature({ style: 'carrack', lengthMm: 74, beamMm: 24, heightMm: 18, masts: 2 }),
    );
    expect(ship.topology.watertight).toBe(true);
    expect(ship.topology.bodies).toBe(1);
    expect(ship.topology.bounds.min[2]).toBeCloseTo(0, 6);
    expect(ship.features.filter((f) => !f.ok).map((f) => f.feature.id)).toEqual([]);
    const [l, b] = size(ship.topology.bounds);
    expect(l).toBeCloseTo(74, 1);
    expect(b).toBeCloseTo(24, 1);
    const sockets = ship.features.filter((f) => f.feature.kind === 'mast-socket');
    expect(sockets.map((s) => s.feature.id).sort()).toEqual(['base-socket', 'mast-socket-1', 'mast-socket-2']);
    for (const s of sockets)
      expect(s.measured.minMm).toBeCloseTo(fitHoleMm(INTERFACES.mastPeg.diameterMm, 'sliding', 0.2), 1);
    // Nothing in Cannons & Coastlines' play: no cannon, coin or wheel slot.
    expect(ship.features.filter((f) => !['mast-socket'].includes(f.feature.kind))).toEqual([]);
    const bottom = ship.features.find((f) => f.feature.id === 'base-socket')!.feature;
    expect(bottom.positionMm[2]).toBeCloseTo(0, 6);
    // Opening downward, onto the peg.
    expect(bottom.axis[2]).toBeCloseTo(-1, 6);
  });

  it('presses onto its base: the peg is the mast peg, the socket is deeper than it', () => {
    const base = buildAndInspect(() => shipBase({ widthMm: 30, lengthMm: 60, label: 'L', mount: 'peg' }));
    const ship = buildAndInspect(() =>
      shipMiniature({ style: 'sloop', lengthMm: 54, beamMm: 18, heightMm: 16, masts: 1 }),
    );
    expect(base.topology.watertight).toBe(true);
    expect(base.topology.bodies).toBe(1);
    const peg = base.features.find((f) => f.feature.id === 'base-peg')!;
    expect(peg.ok).toBe(true);
    const socket = ship.features.find((f) => f.feature.id === 'base-socket')!;
    withArena(() => {
      const [b, s] = [solidFromStl(base.bytes), solidFromStl(ship.bytes)];
      expect(measureFeature(b, peg.feature).maxMm).toBeCloseTo(INTERFACES.mastPeg.diameterMm, 1);
      expect(pegHeightMm(b, peg.feature)).toBeCloseTo(INTERFACES.mastPeg.lengthMm, 2);
      expect(bedHoleDepthMm(s, socket.feature)).toBeGreaterThan(INTERFACES.mastPeg.lengthMm);
    });
    // The single mast stands over the bottom socket: a floor between them.
    expect(() => shipMiniature({ heightMm: 12 })).toThrow(/heightMm/);
  });
});

describe('terrain scaled', () => {
  it('scale 2 doubles every size of the same seed', () => {
    const [one, two] = [1, 2].map((scale) => buildAndInspect(() => rock({ kind: 'reef', seed: 2, scale })));
    expect(two!.topology.watertight).toBe(true);
    size(two!.topology.bounds).forEach((v, i) => expect(v).toBeCloseTo(2 * size(one!.topology.bounds)[i]!, 3));
    expect(() => rock({ scale: 4 })).toThrow(/scale/);
  });
});
