import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { initKernel, rayHitsMm, withArena, type Solid, type Vec3 } from '../../src/geometry/kernel.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { isInside } from '../../src/mesh/probe.js';
import { centroidMm, meshMoments, polarAboutZThroughCentroidMm5 } from '../../src/geometry/mass.js';
import { cannon, cannonArmGeometry, cannonPieces, DEFAULTS, TRIM } from '../../src/parts/cannon.js';
import { cannonAsPrinted, layout, PLUG_OFFSET_MAX_MM } from '../../src/physics/cannon-layout.js';
import { cannonSlot } from '../../src/parts/cutters.js';
import {
  CANNON,
  clearanceMm,
  DEFAULT_CLEARANCE_MM,
  fitHoleMm,
  INTERFACES,
  PRINT_DEFAULTS,
} from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';
import { InputError } from '../../src/errors.js';

beforeAll(initKernel);

const c = DEFAULT_CLEARANCE_MM;
const lw = PRINT_DEFAULTS.lineWidthMm;
const chord = (solid: Solid, p: Vec3, d: Vec3): number => {
  const far = (s: number): Vec3 => [p[0] + d[0] * s, p[1] + d[1] * s, p[2] + d[2] * s];
  return rayHitsMm(solid, p, far(200))[0]! + rayHitsMm(solid, p, far(-200))[0]!;
};

describe('cannon', () => {
  it('is one watertight body on the bed, inside the printer, of a plausible volume', () => {
    const { topology } = buildAndInspect(() => cannon());
    expect(topology.watertight).toBe(true);
    expect(topology.bodies).toBe(1);
    const b = topology.bounds;
    expect(b.min[2]).toBeCloseTo(0, 6);
    expect(b.max[0] - b.min[0]).toBeLessThan(220);
    // Along the arm: at least the arm's length plus the barrel's width beside its tip.
    const bore = fitHoleMm(DEFAULTS.ballDiameterMm, 'rotating', c);
    expect(b.max[1] - b.min[1]).toBeGreaterThan(DEFAULTS.armLengthMm + bore);
    expect(b.max[1] - b.min[1]).toBeLessThan(DEFAULTS.armLengthMm + 45);
    // The barrel stands a bore above the plug's top.
    expect(b.max[2]).toBeGreaterThan(INTERFACES.cannonPlug.sideMm / 2 + CANNON.boreAboveSlotCentreMm + bore / 2);
    const plug = INTERFACES.cannonPlug.sideMm ** 2 * INTERFACES.cannonPlug.lengthMm;
    const arm = DEFAULTS.armLengthMm * DEFAULTS.armThicknessMm * DEFAULTS.armWidthMm;
    const box = (b.max[0] - b.min[0]) * (b.max[1] - b.min[1]) * (b.max[2] - b.min[2]);
    expect(topology.volumeMm3).toBeGreaterThan(plug + arm);
    expect(topology.volumeMm3).toBeLessThan(box * 0.5);
  });

  it('reads as a gun on its carriage: rings round the barrel and a truck either side at each end, on the mesh', () => {
    // Widths across the barrel (along Y) of the exported mesh, stepping back along the bore from the muzzle:
    // above the bore's axis they show the rings, at the trucks' axle height the trucks.
    const { bytes, features } = withArena(() => {
      const part = cannon();
      return { bytes: buildAndInspect(() => part).bytes, features: part.features };
    });
    const bore = features.find((f) => f.kind === 'bore')!;
    const [mx, , mz] = bore.positionMm;
    const [ax, , az] = bore.axis;
    const bumps = (widths: number[]): number[] => {
      const base = Math.min(...widths);
      const runs: number[] = [];
      widths.forEach((w, i) => {
        const proud = w - base >= 2 * lw - 1e-6 && w - base < 6;
        if (proud && !(i > 0 && widths[i - 1]! - base >= 2 * lw - 1e-6 && widths[i - 1]! - base < 6))
          runs.push(w - base);
      });
      return runs;
    };
    withArena(() => {
      const solid = solidFromStl(bytes);
      const width = (x: number, z: number): number => {
        const hits = rayHitsMm(solid, [x, -80, z], [x, 80, z]);
        return hits.length ? hits[hits.length - 1]! - hits[0]! : 0;
      };
      const steps = Array.from({ length: 80 }, (_, i) => 0.1 + i * 0.2);
      // 3 mm above the axis, from the muzzle back 12 mm along the bore: the muzzle swell and the ring behind it.
      const rings = bumps(steps.filter((s) => s < 12).map((s) => width(mx - ax * s, mz - az * s + 3)));
      expect(rings.length).toBe(2);
      // At the trucks' axles (their radius above the bed), from the muzzle back 16 mm: two pairs.
      const trucks = bumps(steps.map((s) => width(mx - s, TRIM.truckRadiusMm)));
      expect(trucks.length).toBe(2);
      for (const t of trucks) expect(t).toBeCloseTo(2 * TRIM.truckWidthMm, 1);
    });
  });

  it("bevels the plug's two edges along the bed by the printer's elephant's foot, and no higher", () => {
    for (const bedChamferMm of [0, 0.15, 0.2]) {
      const { bytes, features } = buildAndInspect(() => cannon({ bedChamferMm }));
      const plug = features.find((f) => f.feature.kind === 'cannon-plug')!;
      expect(plug.ok).toBe(true);
      withArena(() => {
        const solid = solidFromStl(bytes);
        // Across the plug (along Y) halfway along it: just above the bed, and a millimetre up.
        const [x] = plug.feature.positionMm;
        const across = (z: number): number => {
          const h = rayHitsMm(solid, [x - plug.feature.depthMm / 2, -20, z], [x - plug.feature.depthMm / 2, 20, z]);
          return h[1]! - h[0]!;
        };
        const bed = solid.bounds().min[2];
        expect(across(bed + 0.01)).toBeCloseTo(INTERFACES.cannonPlug.sideMm - 2 * Math.max(0, bedChamferMm - 0.01), 3);
        expect(across(bed + 1)).toBeCloseTo(INTERFACES.cannonPlug.sideMm, 4);
      });
    }
  });

  it('has a square plug that fits every cannon slot and a bore that takes the ball, both probing as declared', () => {
    const { features } = buildAndInspect(() => cannon());
    const plug = features.find((f) => f.feature.kind === 'cannon-plug')!;
    const bore = features.find((f) => f.feature.kind === 'bore')!;
    expect(plug.ok).toBe(true);
    expect(bore.ok).toBe(true);
    if (plug.feature.size.shape !== 'rect' || bore.feature.size.shape !== 'round') throw new Error('shapes');
    expect(Math.abs(plug.measured.widthMm - INTERFACES.cannonPlug.sideMm)).toBeLessThan(0.05);
    expect(Math.abs(plug.measured.heightMm - INTERFACES.cannonPlug.sideMm)).toBeLessThan(0.05);
    expect(Math.abs(bore.measured.minMm - bore.feature.size.diameterMm)).toBeLessThan(0.05);
    const slot = withArena(() => cannonSlot('s', c).feature);
    if (slot.size.shape !== 'rect') throw new Error('rect');
    expect(slot.size.widthMm - plug.feature.size.widthMm).toBeCloseTo(2 * clearanceMm('sliding', c), 9);
    expect(slot.depthMm).toBeGreaterThan(plug.feature.depthMm);
    // Ball vs bore: a rotating gap each side.
    expect(bore.feature.size.diameterMm - INTERFACES.cannonball.diameterMm).toBeCloseTo(
      2 * clearanceMm('rotating', c),
      9,
    );
  });

  it('fires parallel to the plug axis, elevated, from a bore above the plug centre line, beside the plug', () => {
    const { f, bounds } = withArena(() => {
      const c = cannon();
      return { f: c.features, bounds: c.solid.bounds() };
    });
    const plug = f.find((x) => x.kind === 'cannon-plug')!;
    const bore = f.find((x) => x.kind === 'bore')!;
    const t = (DEFAULTS.elevationDeg * Math.PI) / 180;
    // The plug points back into the ship; the bore points out and up.
    expect(plug.axis).toEqual([-1, 0, 0]);
    expect(bore.axis[0]).toBeCloseTo(Math.cos(t), 9);
    expect(bore.axis[2]).toBeCloseTo(Math.sin(t), 9);
    // The plug stands off the bore's line toward the middle of the frame (so a side slot's cannon reaches less
    // far past its slot), by PLUG_OFFSET_MAX_MM, the bore beside it.
    expect(plug.positionMm[1] - bore.positionMm[1]).toBeCloseTo(PLUG_OFFSET_MAX_MM, 9);
    expect(plug.positionMm[1]).toBeLessThan((bounds.min[1] + bounds.max[1]) / 2 + 1e-9);
    const launch = cannonAsPrinted(DEFAULTS);
    expect(launch.elevationDeg).toBe(DEFAULTS.elevationDeg);
    expect(bore.positionMm[2] - plug.positionMm[2]).toBeCloseTo(launch.launchHeightAboveSlotCentreMm, 6);
    expect(launch.launchHeightAboveSlotCentreMm).toBeGreaterThan(CANNON.boreAboveSlotCentreMm);
  });

  it('lays its arm in the bed plane: thickness measured in XY, width along Z, free to deflect', () => {
    withArena(() => {
      const { bytes } = buildAndInspect(() => cannon());
      const solid = solidFromStl(bytes);
      const arm = cannonArmGeometry();
      expect(arm.bendAxis).toEqual([0, 0, 1]);
      expect(arm.rootMm[2]).toBeCloseTo(arm.tipMm[2], 9);
      expect(Math.hypot(arm.rootMm[0] - arm.tipMm[0], arm.rootMm[1] - arm.tipMm[1])).toBeCloseTo(
        DEFAULTS.armLengthMm,
        9,
      );
      const along: Vec3 = [
        (arm.rootMm[0] - arm.tipMm[0]) / arm.lengthMm,
        (arm.rootMm[1] - arm.tipMm[1]) / arm.lengthMm,
        0,
      ];
      const across: Vec3 = [-along[1], along[0], 0]; // in XY, perpendicular to the arm
      for (const s of [0.2, 0.5, 0.8]) {
        const p: Vec3 = [
          arm.tipMm[0] + along[0] * arm.lengthMm * s,
          arm.tipMm[1] + along[1] * arm.lengthMm * s,
          arm.tipMm[2],
        ];
        expect(isInside(solid, p)).toBe(true);
        expect(Math.abs(chord(solid, p, across) - DEFAULTS.armThicknessMm)).toBeLessThan(0.05);
        expect(Math.abs(chord(solid, p, [0, 0, 1]) - DEFAULTS.armWidthMm)).toBeLessThan(0.05);
        // Open space behind the arm for the full release deflection, so it can bend that far.
        const back = rayHitsMm(solid, p, [p[0] - across[0] * 50, p[1] - across[1] * 50, p[2]]);
        const front = rayHitsMm(solid, p, [p[0] + across[0] * 50, p[1] + across[1] * 50, p[2]]);
        const clear = Math.max(back[1]! - back[0]!, front[1]! - front[0]!);
        expect(clear).toBeGreaterThan(DEFAULTS.releaseDeflectionMm);
      }
    });
  });

  it('takes any whole number of line widths as arm thickness, and measures it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.double({ min: 0.05, max: 0.6, noNaN: true }), (lines, cl) => {
        const armThicknessMm = lines * lw;
        const { topology, features, bytes } = buildAndInspect(() => cannon({ armThicknessMm, clearanceMm: cl }));
        expect(topology.watertight).toBe(true);
        expect(topology.bodies).toBe(1);
        for (const f of features) expect(f.ok, f.feature.id).toBe(true);
        withArena(() => {
          const arm = cannonArmGeometry({ armThicknessMm, clearanceMm: cl });
          const mid: Vec3 = [(arm.rootMm[0] + arm.tipMm[0]) / 2, (arm.rootMm[1] + arm.tipMm[1]) / 2, arm.tipMm[2]];
          expect(Math.abs(chord(solidFromStl(bytes), mid, [1, 0, 0]) - armThicknessMm)).toBeLessThan(0.05);
        });
      }),
      { numRuns: 8 },
    );
  });

  // Every design the solver may hand over: elevation, arm and draw across their ranges. A steep bore once
  // dropped the barrel's rear below the bed and cut a loose sliver from it.
  it('stays one watertight body standing on the bed across elevations, arms and draws', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: CANNON.armLengthRangeMm.min, max: CANNON.armLengthRangeMm.max }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (elevationDeg, lines, armLengthMm, drawFraction) => {
          // To the micrometre, as a user would write it: 1 + 1 × (9.2 − 1) is 9.200000000000001, past the 0.4 L bound.
          const releaseDeflectionMm = Math.round((1 + drawFraction * (0.4 * armLengthMm - 1)) * 1000) / 1000;
          const o = { elevationDeg, armThicknessMm: lines * lw, armLengthMm, releaseDeflectionMm };
          // A long draw on a short arm turns the tip block so far that the pusher's slot would cut the barrel in
          // two: refused, by name.
          let refused: unknown = null;
          try {
            cannonArmGeometry(o);
          } catch (e) {
            refused = e;
          }
          if (refused) {
            expect(refused).toBeInstanceOf(InputError);
            expect((refused as InputError).problems[0]!.place).toBe('releaseDeflectionMm');
            expect((refused as InputError).problems[0]!.message).toContain("the pusher's front swings");
            return;
          }
          const { topology } = buildAndInspect(() => cannon(o));
          expect(topology.watertight).toBe(true);
          expect(topology.bodies).toBe(1);
          expect(topology.bounds.min[2]).toBeCloseTo(0, 6);
        },
      ),
      {
        numRuns: 40,
        examples: [
          [20, 3, 30, (4 - 1) / 11],
          [25, 10, 30, (1.19 - 1) / 11],
        ],
      },
    );
  });

  // Print-in-place: the tip block, pad and pusher must clear the frame at rest and drawn back to the catch
  // (the tip moves −X by the draw), or they print fused. A steep bore with a long draw once put the
  // pusher's top into the barrel's roof.
  const DESIGNS: [number, number, number][] = [
    [1.35, 4, 10],
    [3.6, 2.8, 25],
    [2.25, 4.9, 25],
    [5.4, 5.5, 25],
    [2.25, 1.2, 30],
    [1.8, 6, 30],
  ];
  it.each(DESIGNS)('moves clear of its frame: arm %s mm, draw %s mm, bore %s°', (h, d, e) => {
    withArena(() => {
      const o = { armThicknessMm: h, releaseDeflectionMm: d, elevationDeg: e };
      const p = cannonPieces(o);
      // The tip block drawn back as the bent arm carries it: turned clockwise (in plan) about the arm's tip
      // and moved back with it, both in proportion to the draw, at every tenth of the draw.
      const L = layout({ ...DEFAULTS, ...o });
      const tip = cannonArmGeometry(o).tipMm;
      for (let k = 0; k <= 10; k++) {
        const drawn = p.tip
          .translate([-tip[0], -tip[1], 0])
          .rotate([0, 0, (-(k / 10) * L.drawTurnRad * 180) / Math.PI])
          .translate([tip[0] - (k / 10) * L.drawTipDeflectionMm, tip[1], 0]);
        expect(p.frame.intersect(drawn).volumeMm3(), `drawn ${(k / 10) * d} mm`).toBeLessThan(1e-6);
      }
      expect(p.frame.intersect(p.arm).volumeMm3()).toBeLessThan(1e-6);
    });
  });

  it.each(DESIGNS)(
    'gives the solver the mass properties of what rides on the tip, as the mesh has them: arm %s mm, draw %s mm, bore %s°',
    (h, d, e) => {
      const tipMm = Math.min(DEFAULTS.armWidthMm, Math.max(3, 1.5 * h));
      const o = { ...DEFAULTS, armThicknessMm: h, releaseDeflectionMm: d, elevationDeg: e, armTipWidthMm: tipMm };
      withArena(() => {
        const p = cannonPieces(o);
        const g = cannonAsPrinted(o);
        const arm = cannonArmGeometry(o);
        const m = meshMoments(p.tip.toMesh());
        expect(m.volumeMm3 / g.tipBlock.volumeMm3).toBeCloseTo(1, 6);
        // Distances along the arm from its root (the arm runs along −Y from root to tip in the exported frame).
        const c = centroidMm(m);
        expect(arm.rootMm[1] - c[1]).toBeCloseTo(g.tipBlock.centroidFromRootMm, 4);
        expect(c[0] - arm.rootMm[0]).toBeCloseTo(g.tipBlock.centroidOffsetMm, 4);
        expect(polarAboutZThroughCentroidMm5(m) / g.tipBlock.polarMomentMm5).toBeCloseTo(1, 5);
        expect(arm.rootMm[1] - arm.padMm[1]).toBeCloseTo(g.thumbPointFromRootMm, 9);
        expect(g.drawPointFromRootMm - g.thumbPointFromRootMm).toBeCloseTo(3.5, 9);
        expect(arm.rootMm[1] - arm.pusherMm[1]).toBeCloseTo(g.pusherFromRootMm, 9);
        // The arm tapers as asked: 6 mm tall at its root, tipMm at its tip, measured on the piece.
        const armMesh = p.arm.bounds();
        expect(armMesh.max[2] - armMesh.min[2]).toBeCloseTo(o.armWidthMm, 6);
        expect(p.arm.volumeMm3()).toBeCloseTo((o.armLengthMm * h * (o.armWidthMm + tipMm)) / 2, 3);
        // The pieces are the cannon before its plug's first-layer bevel: nothing more, nothing overlapping.
        const whole = cannon({ ...o, bedChamferMm: 0 }).solid.volumeMm3();
        expect((p.frame.volumeMm3() + p.arm.volumeMm3() + p.tip.volumeMm3()) / whole).toBeCloseTo(1, 6);
      });
    },
  );

  it('rejects an arm thickness that is not a whole number of line widths, naming the nearest', () => {
    expect(() => cannon({ armThicknessMm: 1.5 })).toThrow(
      /armThicknessMm = 1.5 .*whole number of 0.45 mm line widths \(nearest: 1.35 mm\)/,
    );
    expect(() => cannonArmGeometry({ armThicknessMm: 1.5 })).toThrow(/armThicknessMm/);
    expect(() => cannon({ ballDiameterMm: 6 })).toThrow(/ballDiameterMm = 6 .*8 to 12 mm/);
    expect(() => withArena(() => cannon({ armThicknessMm: 3 * lw + 1e-7 }))).not.toThrow();
  });
});
