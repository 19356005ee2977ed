import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, rayHitsMm, withArena, type Vec3 } from '../../src/geometry/kernel.js';
import { isInside } from '../../src/mesh/probe.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { findMaterial } from '../../src/materials.js';
import {
  carriage,
  carriageAxleHeightMm,
  carriageFootMm,
  carriageSnap,
  DEFAULTS as CARRIAGE,
} from '../../src/parts/carriage.js';
import { carriageOuterMm, wheelSlot } from '../../src/parts/cutters.js';
import { bandIdForStretchMm, DEFAULTS as WHEEL, wheel, wheelRadiiMm } from '../../src/parts/wheel.js';
import {
  clearanceMm,
  DEFAULT_CLEARANCE_MM,
  fitHoleMm,
  INTERFACES,
  MIN_FEATURE_MM,
  PRINT_IN_PLACE_GAP_MM,
  SNAP_RETENTION_MM,
} from '../../src/standard.js';
import { measureWheelRetention } from '../../src/validate/rules/assembly-wheel.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const c = DEFAULT_CLEARANCE_MM;
const outer = carriageOuterMm(c);
const r = wheelRadiiMm(WHEEL).rollingMm;
/** The band-wrapped wheel's reach over its keel's corners, which the fork must clear as it turns. */
const reach = wheelRadiiMm(WHEEL).reachMm;
/** The foot under the block: the exported part stands this much taller than the block the hull takes. */
const foot = carriageFootMm(CARRIAGE);

describe('carriage', () => {
  it('is a watertight single block of carriageOuterMm on its foot, lying flat, with the gap, bearings and snap cut out', () => {
    const { topology } = buildAndInspect(() => carriage());
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    const b = topology.bounds;
    expect(b.min[2]).toBeCloseTo(0, 6);
    expect(b.max[0] - b.min[0]).toBeCloseTo(outer.lengthMm, 4);
    // The foot is wider than the block: a flange either side.
    const footWidth = INTERFACES.carriage.footWidthMm;
    expect(b.max[1] - b.min[1]).toBeCloseTo(footWidth, 4);
    expect(foot).toBeGreaterThan(1);
    const height = outer.heightMm + foot;
    expect(b.max[2] - b.min[2]).toBeCloseTo(height, 4);
    // The block and its foot less the fork and two whole bearing bores is an upper bound; less every snap cut
    // taken through the whole cheek (slits, hinge, ramp groove as deep as the cheek) and the slits that cut
    // each flange from its tongue, a lower one.
    const gap = fitHoleMm(2 * r, 'rotating', c) * fitHoleMm(INTERFACES.wheel.widthMm, 'rotating', c) * height;
    const bearing = fitHoleMm(INTERFACES.axle.diameterMm, 'rotating', c);
    const cheek = INTERFACES.carriage.cheekMm;
    const upper =
      outer.lengthMm * (outer.widthMm * outer.heightMm + footWidth * foot) -
      gap -
      2 * cheek * Math.PI * (bearing / 2) ** 2;
    const s = carriageSnap();
    const top = s.topZMm + foot;
    const slits = PRINT_IN_PLACE_GAP_MM * (top + PRINT_IN_PLACE_GAP_MM + (s.freeXMm - s.rootXMm));
    const hinge = (s.hingeEndXMm - s.rootXMm) * top;
    const groove = (bearing + 0.2) * (carriageAxleHeightMm(CARRIAGE) + foot + 0.2 + s.throatDepthMm);
    const flangeSlits = 2 * PRINT_IN_PLACE_GAP_MM * (s.freeXMm + PRINT_IN_PLACE_GAP_MM - s.rootXMm) * foot;
    const lower =
      upper -
      2 * cheek * (slits + hinge + groove) -
      flangeSlits -
      2 * 0.5 * foot * (bearing + 0.2 + PRINT_IN_PLACE_GAP_MM);
    expect(topology.volumeMm3).toBeLessThan(upper);
    expect(topology.volumeMm3).toBeGreaterThan(lower);
  });

  it('has a fork gap and two bearings that probe open and measure their declared sizes', () => {
    const { features } = buildAndInspect(() => carriage());
    const byKind = (k: string) => features.filter((f) => f.feature.kind === k);
    const [gap] = byKind('fork-gap');
    expect(gap!.ok).toBe(true);
    expect(gap!.feature.size.shape).toBe('rect');
    if (gap!.feature.size.shape !== 'rect') return;
    expect(Math.abs(gap!.measured.widthMm - gap!.feature.size.widthMm)).toBeLessThan(0.05);
    expect(Math.abs(gap!.measured.heightMm - gap!.feature.size.heightMm)).toBeLessThan(0.05);
    // Wheel (band included, at its reach) vs fork gap: a rotating gap each side, in length and width.
    expect(gap!.feature.size.widthMm - 2 * reach).toBeCloseTo(2 * clearanceMm('rotating', c), 9);
    expect(gap!.feature.size.heightMm - INTERFACES.wheel.widthMm).toBeCloseTo(2 * clearanceMm('rotating', c), 9);
    const bearings = byKind('bearing');
    expect(bearings).toHaveLength(2);
    for (const b of bearings) {
      expect(b.ok).toBe(true);
      if (b.feature.size.shape !== 'round') throw new Error('round');
      expect(Math.abs(b.measured.minMm - b.feature.size.diameterMm)).toBeLessThan(0.05);
      // Axle vs bearing: two rotating gaps across the diameter.
      expect(b.feature.size.diameterMm - INTERFACES.axle.diameterMm).toBeCloseTo(2 * clearanceMm('rotating', c), 9);
    }
  });

  it('stands the default wheel wheelProudMm below the block, its parked flat just under the foot at any pitch up to footPitchMaxDeg', () => {
    const { block, bearing, positions } = withArena(() => {
      const p = carriage();
      return {
        block: p.features.find((f) => f.kind === 'carriage-block')!,
        bearing: p.features.find((f) => f.kind === 'bearing')!,
        positions: p.solid.toMesh().positions,
      };
    });
    // The block's root is the hull's bottom; the foot stands below it, its bottom on the bed.
    expect(block.positionMm[2]).toBeCloseTo(foot, 6);
    expect(bearing.positionMm[2] - block.positionMm[2] - r).toBeCloseTo(-INTERFACES.carriage.wheelProudMm, 6);
    expect(carriageAxleHeightMm(CARRIAGE)).toBeCloseTo(bearing.positionMm[2] - block.positionMm[2], 9);
    // The band on the parked flat: rollingMm − flatInsetMm under the axle, its leading edge where the
    // flange's flat ends. Pitch the carriage bow-down (+x) about that edge: every vertex of the mesh stays
    // at least footGapMm over the table, and the front edge comes within a hundredth of it at the largest pitch.
    const { rimMm, flatInsetMm } = wheelRadiiMm(WHEEL);
    const bandZ = bearing.positionMm[2] - (r - flatInsetMm);
    const edgeX = Math.sqrt(rimMm ** 2 - (rimMm - flatInsetMm) ** 2);
    const clearance = (deg: number): number => {
      const t = Math.tan((deg * Math.PI) / 180);
      let min = Infinity;
      for (let i = 0; i < positions.length; i += 3)
        min = Math.min(min, positions[i + 2]! - bandZ - (positions[i]! - edgeX) * t);
      return min;
    };
    const { footGapMm, footPitchMaxDeg } = INTERFACES.carriage;
    for (const deg of [0, 1, 2, footPitchMaxDeg]) expect(clearance(deg)).toBeGreaterThanOrEqual(footGapMm - 1e-3);
    expect(clearance(footPitchMaxDeg)).toBeLessThan(footGapMm + 0.01);
  });

  it('presses into the hull wheel slot: slot minus block is one press gap per side', () => {
    withArena(() => {
      const block = carriage().features.find((f) => f.kind === 'carriage-block')!;
      const slot = wheelSlot('s', c).feature;
      if (block.size.shape !== 'rect' || slot.size.shape !== 'rect') throw new Error('rect');
      expect(slot.size.widthMm - block.size.widthMm).toBeCloseTo(2 * clearanceMm('press', c), 9);
      expect(slot.size.heightMm - block.size.heightMm).toBeCloseTo(2 * clearanceMm('press', c), 9);
      // The block is hollow (the fork), so measure its outside from outside: rays in from beyond each face.
      const { bytes } = buildAndInspect(() => carriage());
      const solid = solidFromStl(bytes);
      const z = block.positionMm[2] + block.depthMm * 0.9;
      const inward = (from: Vec3, to: Vec3): number => rayHitsMm(solid, from, to)[0]!;
      const L = 100 - inward([-50, 3, z], [50, 3, z]) - inward([50, 3, z], [-50, 3, z]);
      const W = 100 - inward([5, -50, z], [5, 50, z]) - inward([5, 50, z], [5, -50, z]);
      expect(Math.abs(L - block.size.widthMm)).toBeLessThan(0.05);
      expect(Math.abs(W - block.size.heightMm)).toBeLessThan(0.05);
      expect(isInside(solid, [outer.lengthMm / 2 - 0.5, 0, z])).toBe(true);
    });
  });

  it('keeps every feature open across clearances', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.6, noNaN: true }), (cl) => {
        const { topology, features } = buildAndInspect(() => carriage({ clearanceMm: cl }));
        expect(topology.watertight).toBe(true);
        expect(topology.bodies).toBe(1);
        for (const f of features.filter((x) => x.feature.role === 'hole')) expect(f.ok).toBe(true);
      }),
      { numRuns: 8 },
    );
  });

  it('snaps the wheel in: measured on both meshes, it leaves only past the designed throat, straight down, at every clearance', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 0.3, noNaN: true }), (cl) => {
        const w = buildAndInspect(() => wheel());
        const k = buildAndInspect(() => carriage({ clearanceMm: cl }));
        const m = withArena(() =>
          measureWheelRetention(
            solidFromStl(w.bytes),
            w.features.map((f) => f.feature),
            solidFromStl(k.bytes),
            k.features.map((f) => f.feature),
          ),
        )!;
        expect(m.restOverlapMm3).toBe(0);
        expect(Math.abs(m.retentionMm - INTERFACES.carriage.snapInterferenceMm)).toBeLessThan(0.02);
        expect(m.retentionMm).toBeGreaterThanOrEqual(SNAP_RETENTION_MM.min);
        expect(m.retentionMm).toBeLessThanOrEqual(SNAP_RETENTION_MM.max);
        expect(m.direction).toEqual([0, 0, -1]);
      }),
      { numRuns: 4, examples: [[0.1], [0.2], [0.3]] },
    );
  });

  it('holds a wheel wearing any band that fits it, at any clearance from 0.1 to 0.3 mm', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1.2, max: 2.2, noNaN: true }),
        fc.double({ min: 0.02, max: 0.12, noNaN: true }),
        fc.double({ min: 0.1, max: 0.3, noNaN: true }),
        (cord, stretch, cl) => {
          const sized = { ...WHEEL, band: { ...WHEEL.band, crossSectionMm: cord } };
          const band = { ...sized.band, innerDiameterMm: bandIdForStretchMm(sized, stretch) };
          const w = buildAndInspect(() => wheel({ band }));
          const k = buildAndInspect(() => carriage({ clearanceMm: cl, band }));
          const m = withArena(() =>
            measureWheelRetention(
              solidFromStl(w.bytes),
              w.features.map((f) => f.feature),
              solidFromStl(k.bytes),
              k.features.map((f) => f.feature),
            ),
          )!;
          expect(m.restOverlapMm3).toBe(0);
          expect(Math.abs(m.retentionMm - INTERFACES.carriage.snapInterferenceMm)).toBeLessThan(0.02);
        },
      ),
      { numRuns: 4 },
    );
  });

  it('has tongues cut free by print-in-place slits, thinned to the hinge, with the throat under each bearing', () => {
    const { bytes, features } = buildAndInspect(() => carriage());
    const s = carriageSnap();
    // The snap's z runs from the block's bottom; the foot below it lifts the exported part.
    const top = s.topZMm + foot;
    const bearings = features.filter((f) => f.feature.kind === 'bearing').map((f) => f.feature);
    withArena(() => {
      const solid = solidFromStl(bytes);
      for (const b of bearings) {
        const side = Math.sign(b.positionMm[1]);
        const innerY = side * (outer.widthMm / 2 - INTERFACES.carriage.cheekMm);
        const midCheekY = side * (outer.widthMm / 2 - INTERFACES.carriage.cheekMm / 2);
        // The slit beside the bearing is open from the bottom to the top (no roof to print), and the tongue,
        // the cheek's whole height, stands from its root to its free end.
        const cheek = INTERFACES.carriage.cheekMm,
          gap = PRINT_IN_PLACE_GAP_MM;
        for (const z of [0.5, top / 2, top - 0.5])
          expect(isInside(solid, [s.freeXMm + gap / 2, midCheekY, z])).toBe(false);
        for (const x of [s.rootXMm + 0.5, (s.rootXMm + s.freeXMm) / 2, s.freeXMm - 0.5])
          for (const z of [foot + 0.5, top / 2, top - 2])
            expect(isInside(solid, [x, side * (Math.abs(innerY) + cheek - 0.1), z])).toBe(true);
        // The foot's flange beside the tongue is cut from it along its whole length, so the tongue springs alone.
        for (const x of [s.rootXMm + 0.5, (s.rootXMm + s.freeXMm) / 2, s.freeXMm - 0.5]) {
          expect(isInside(solid, [x, side * (outer.widthMm / 2 + gap / 2), foot / 2])).toBe(false);
          expect(isInside(solid, [x, side * (outer.widthMm / 2 + gap + 1), foot / 2])).toBe(true);
          expect(isInside(solid, [x, side * (outer.widthMm / 2 - 0.1), foot / 2])).toBe(true);
        }
        // Hinge: a ray across the cheek from inside the fork meets hingeMm of material.
        const across = (x: number, z: number): number[] => rayHitsMm(solid, [x, 0, z], [x, side * 20, z]);
        const hinge = across((s.rootXMm + s.hingeEndXMm) / 2, top / 2);
        expect(hinge[1]! - hinge[0]!).toBeCloseTo(INTERFACES.carriage.hingeMm, 3);
        // Throat: just under the bearing the groove is throatDepthMm deep from the cheek's inner face.
        const throat = across(0, b.positionMm[2] - fitHoleMm(INTERFACES.axle.diameterMm, 'rotating', c) / 2 - 0.02);
        expect(throat[0]! - Math.abs(innerY)).toBeCloseTo(s.throatDepthMm, 2);
      }
    });
  });

  it('keeps the lip the stub snaps past at least two line widths thick, at every clearance from 0.1 to 0.3 mm', () => {
    for (const cl of [0.1, 0.2, 0.3]) {
      const { bytes, features } = buildAndInspect(() => carriage({ clearanceMm: cl }));
      const bearing = features.find((f) => f.feature.id === 'bearing-1')!.feature;
      const z = bearing.positionMm[2] - fitHoleMm(INTERFACES.axle.diameterMm, 'rotating', cl) / 2 - 0.02;
      const hits = withArena(() => rayHitsMm(solidFromStl(bytes), [0, 0, z], [0, 20, z]));
      expect(hits[1]! - hits[0]!, `clearance ${cl}`).toBeGreaterThanOrEqual(MIN_FEATURE_MM - 0.001);
    }
  });

  it("bends its tongue within PLA's repeated-flex strain over the whole retention band, with a thumb's force", () => {
    const pla = findMaterial('pla')!;
    for (const cl of [0.05, 0.1, 0.2, 0.3, 0.6]) {
      const s = carriageSnap({ clearanceMm: cl });
      expect(s.interferenceMm).toBe(INTERFACES.carriage.snapInterferenceMm);
      expect(s.hingeStrain).toBeLessThan(pla.repeatedFlexStrain.min);
      // Strain is linear in the bend: at the band's top it is still within the nominal limit.
      expect((s.hingeStrain * SNAP_RETENTION_MM.max) / s.interferenceMm).toBeLessThan(pla.repeatedFlexStrain.value);
      expect(s.forceN).toBeGreaterThan(2);
      expect(s.forceN).toBeLessThan(15);
    }
  });

  it("holds a wheel recalibrated 8 % larger: it stands prouder, its top under the carriage's", () => {
    const big = { clickDistanceMm: WHEEL.clickDistanceMm / 0.925 };
    const { topology } = buildAndInspect(() => carriage(big));
    expect(topology.watertight).toBe(true);
    const { rollingMm: rBig, reachMm: reachBig } = wheelRadiiMm({ ...WHEEL, ...big });
    const axleZ = carriageAxleHeightMm({ ...CARRIAGE, ...big });
    expect(rBig - axleZ).toBeGreaterThan(INTERFACES.carriage.wheelProudMm);
    expect(axleZ + reachBig).toBeCloseTo(outer.heightMm - INTERFACES.carriage.wheelTopGapMm, 9);
  });

  it('rejects a clearance out of range with the field named', () => {
    expect(() => carriage({ clearanceMm: 1 })).toThrow(/clearanceMm = 1 .*0.05 to 0.6 mm/);
  });
});
