import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { mastSocket } from '../../src/parts/cutters.js';
import { DEFAULTS, mast } from '../../src/parts/mast.js';
import { INTERFACES } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

describe('mast', () => {
  it('is one watertight body lying along the bed, with the volume of its round sections', () => {
    const { topology } = buildAndInspect(() => mast());
    const { mastPeg: peg, mastPole: pole, mastTenon: tenon } = INTERFACES;
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    expect(topology.bounds.min[2]).toBeCloseTo(0, 5);
    const length = peg.lengthMm + DEFAULTS.collarLengthMm + pole.lengthMm + tenon.lengthMm;
    expect(topology.bounds.max[0] - topology.bounds.min[0]).toBeCloseTo(length, 3);
    // Lying down: as tall as the collar less its flat.
    expect(topology.bounds.max[2]).toBeCloseTo(DEFAULTS.collarDiameterMm / 2 + peg.diameterMm / 2 - peg.flatDepthMm, 2);
    const cyl = (d: number, l: number): number => (Math.PI * d * d * l) / 4;
    const full =
      cyl(peg.diameterMm, peg.lengthMm) +
      cyl(DEFAULTS.collarDiameterMm, DEFAULTS.collarLengthMm) +
      cyl(pole.diameterMm, pole.lengthMm) +
      cyl(tenon.diameterMm, tenon.lengthMm);
    expect(topology.volumeMm3).toBeLessThan(full);
    expect(topology.volumeMm3).toBeGreaterThan(full * 0.85); // flats, chamfers and facets
  });

  it("is one body with no zero-volume shell at any pole length (Rigadoon's 18 mm pole once carried a film at the tenon)", () => {
    for (const poleLengthMm of [5, 12, 18, 18.5, 25, 33, 50, 77, 120]) {
      const { topology } = buildAndInspect(() => mast({ poleLengthMm }));
      expect(topology.zeroVolumeShells, `pole ${poleLengthMm} mm`).toBe(0);
      expect(topology.bodies, `pole ${poleLengthMm} mm`).toBe(1);
      expect(topology.watertight, `pole ${poleLengthMm} mm`).toBe(true);
    }
  });

  it('declares peg, pole and tenon; each is solid and measures its nominal diameter', () => {
    const { features } = buildAndInspect(() => mast());
    expect(features.map((f) => f.feature.kind)).toEqual(['mast-peg', 'mast-pole', 'mast-tenon']);
    const nominal = {
      'mast-peg': INTERFACES.mastPeg.diameterMm,
      'mast-pole': INTERFACES.mastPole.diameterMm,
      'mast-tenon': INTERFACES.mastTenon.diameterMm,
    } as const;
    for (const f of features) {
      // Solid everywhere above the axis; below it the section stands on its bed chamfer (chamfer.ts), so the
      // probe's samples straight down and 45° either side of it (three at each of three depths) may be open.
      expect(f.wrongPoints.length, f.feature.id).toBeLessThanOrEqual(9);
      for (const p of f.wrongPoints) expect(p[2], f.feature.id).toBeLessThan(f.feature.positionMm[2]);
      expect(f.feature.role).toBe('peg');
      expect(Math.abs(f.measured.maxMm - nominal[f.feature.kind as keyof typeof nominal]), f.feature.id).toBeLessThan(
        0.05,
      );
      // Lying down: every axis is horizontal.
      expect(f.feature.axis[2]).toBeCloseTo(0, 9);
    }
    // The peg carries the printing flat: its smallest chord is the diameter less the flat.
    const peg = features[0]!;
    expect(peg.measured.minMm).toBeCloseTo(INTERFACES.mastPeg.diameterMm - INTERFACES.mastPeg.flatDepthMm, 1);
  });

  it('fits the hull mast socket with twice the sliding clearance across', () => {
    for (const c of [0.1, 0.2, 0.3]) {
      const socket = withArena(() => mastSocket('s', c).feature);
      const { features } = buildAndInspect(() => mast());
      const peg = features.find((f) => f.feature.kind === 'mast-peg')!;
      if (socket.size.shape !== 'round') throw new Error('round socket expected');
      expect(socket.size.diameterMm - peg.measured.maxMm).toBeGreaterThan(2 * c - 0.05);
      expect(socket.size.diameterMm - peg.measured.maxMm).toBeLessThan(2 * c + 0.05);
      expect(socket.depthMm).toBeGreaterThanOrEqual(peg.feature.depthMm);
    }
  });

  it('rejects a collar thinner than the peg plus two walls, naming the field', () => {
    expect(() => buildAndInspect(() => mast({ collarDiameterMm: 5 }))).toThrow(/collarDiameterMm = 5 .*6\.8 to 20 mm/);
  });
});
