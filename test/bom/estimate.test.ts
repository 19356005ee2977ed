import { beforeAll, describe, expect, it } from 'vitest';
import {
  CALIBRATION,
  estimatePrint,
  facingAreas,
  plateMinutes,
  sliceMesh,
  SLICER_PROFILE,
  type PrintSettings,
} from '../../src/bom/estimate.js';
import { box, cylinder, initKernel, sphere, withArena } from '../../src/geometry/kernel.js';
import { measureMesh } from '../../src/mesh/topology.js';
import { boxMesh } from './helpers.js';

const PRINT: PrintSettings = {
  layerHeightMm: 0.2,
  lineWidthMm: 0.45,
  perimeters: 2,
  topLayers: 5,
  bottomLayers: 4,
  infillFraction: 0.15,
};
const spacing = (p: PrintSettings): number => p.lineWidthMm - p.layerHeightMm * (1 - Math.PI / 4);

describe('slicing a mesh into layers', () => {
  it('cuts a box into layers of its exact section and outline', () => {
    const layers = sliceMesh(boxMesh(20, 30, 10), 0.2, 0, 50);
    expect(layers).toHaveLength(50);
    for (const l of layers) {
      expect(l.areaMm2).toBeCloseTo(600, 6);
      expect(l.loopLengthsMm).toHaveLength(1);
      expect(l.loopLengthsMm[0]).toBeCloseTo(100, 6);
      expect(l.islands).toBe(1);
    }
  });

  it('puts a box top on its last layer and its bottom on its first', () => {
    const { up, down } = facingAreas(boxMesh(20, 30, 10), 0.2, 0, 50);
    expect(up[49]).toBeCloseTo(600, 6);
    expect(down[0]).toBeCloseTo(600, 6);
    expect(up.reduce((s, x) => s + x, 0) + down.reduce((s, x) => s + x, 0)).toBeCloseTo(1200, 6);
  });

  it('gives the flat top and bottom their outlines, on the same layers', () => {
    const { upOutlineMm, downOutlineMm } = facingAreas(boxMesh(20, 30, 10), 0.2, 0, 50);
    expect(upOutlineMm[49]).toBeCloseTo(100, 6);
    expect(downOutlineMm[0]).toBeCloseTo(100, 6);
    expect(upOutlineMm.reduce((s, x) => s + x, 0) + downOutlineMm.reduce((s, x) => s + x, 0)).toBeCloseTo(200, 6);
  });

  describe('with the kernel', () => {
    beforeAll(initKernel);
    it('finds a tube as one island with a hole, its section the ring', () => {
      const mesh = withArena(() => cylinder(10, 12).subtract(cylinder(10, 9)).toMesh());
      const [layer] = sliceMesh(mesh, 0.2, 0, 50);
      expect(layer!.loopLengthsMm).toHaveLength(2);
      expect(layer!.islands).toBe(1);
      // The facetted circles lie within 0.5 % of the true ring.
      expect(layer!.areaMm2).toBeGreaterThan(Math.PI * (144 - 81) * 0.99);
      expect(layer!.areaMm2).toBeLessThan(Math.PI * (144 - 81));
    });

    it("grows a sunk pocket floor by the slicer's margin into the solid layers beneath it", () => {
      // A 40 × 40 × 10 block with a 4 × 4 pocket 1 mm deep in its top, like a coin's sunk symbol.
      const mesh = withArena(() =>
        box([40, 40, 10])
          .translate([0, 0, 5])
          .subtract(box([4, 4, 2]).translate([0, 0, 10]))
          .toMesh(),
      );
      const { up, upOutlineMm } = facingAreas(mesh, 0.2, 0, 50);
      expect(up[44]).toBeCloseTo(16, 6);
      expect(upOutlineMm[44]).toBeCloseTo(16, 6);
      expect(upOutlineMm[49]).toBeCloseTo(160 + 16, 6);
      const e = estimatePrint(mesh, PRINT, 1.24);
      const h = PRINT.layerHeightMm,
        w = 2 * spacing(PRINT);
      // The walls' band round an island loses π·w² to its corners' turn; round the pocket (a hole) it gains it.
      const insideFull = 1600 - (160 * w - Math.PI * w * w),
        insidePocket = 1584 - 176 * w;
      // Bottom 4 layers solid; under the floor 5 layers of its 16 mm² grown by 3 mm round its 16 mm outline;
      // the 5 layers beside the pocket lie under the top and are solid.
      const skins = 4 * insideFull + 5 * (16 + SLICER_PROFILE.externalInfillMarginMm * 16) + 5 * insidePocket;
      expect(e.skinsMm3).toBeCloseTo(CALIBRATION.volumeFactor * skins * h, 6);
    });

    it("grows no skin from a groove's floor and roof inside the walls: the perimeters lay them", () => {
      // A 40 × 40 × 10 block, and the same with a groove 0.3 mm deep and 0.6 mm tall round its sides (a
      // plank line): the groove's ledges lie within the two walls of their layers, so the skins are the block's.
      const block = withArena(() => box([40, 40, 10]).translate([0, 0, 5]).toMesh());
      const grooved = withArena(() =>
        box([40, 40, 10])
          .translate([0, 0, 5])
          .subtract(
            box([41, 41, 0.6])
              .translate([0, 0, 5.3])
              .subtract(box([39.4, 39.4, 1]).translate([0, 0, 5.3])),
          )
          .toMesh(),
      );
      const walls = { widthMm: PRINT.perimeters * spacing(PRINT) };
      const plainSkins = estimatePrint(block, PRINT, 1.24).skinsMm3;
      expect(estimatePrint(grooved, PRINT, 1.24).skinsMm3).toBeCloseTo(plainSkins, 6);
      // Counted as a slicer's top and bottom surfaces, those ledges would have added 3 mm round 160 mm of outline.
      const layers = 50;
      const all = facingAreas(grooved, 0.2, 0, layers);
      const inWalls = facingAreas(grooved, 0.2, 0, layers, { sections: sliceMesh(grooved, 0.2, 0, layers), ...walls });
      expect(
        all.upOutlineMm.reduce((a, b) => a + b, 0) - inWalls.upOutlineMm.reduce((a, b) => a + b, 0),
      ).toBeGreaterThan(150);
    });

    it('sums its layers to the mesh volume, however the part is turned', () => {
      const mesh = withArena(() => box([30, 12, 8]).rotate([0, 0, 37]).translate([0, 0, 4]).toMesh());
      const layers = sliceMesh(mesh, 0.2, 0, 40);
      const volume = layers.reduce((s, l) => s + l.areaMm2 * 0.2, 0);
      expect(volume).toBeCloseTo(measureMesh(mesh).volumeMm3, 3);
    });
  });
});

describe('estimatePrint', () => {
  beforeAll(initKernel);
  it('gives a box its walls, skins and infill in closed form', () => {
    const e = estimatePrint(boxMesh(20, 20, 10), PRINT, 1.24);
    const h = PRINT.layerHeightMm;
    // Steiner: a band of width W inside a closed outline of length L covers L·W − π·W².
    const W = PRINT.perimeters * spacing(PRINT);
    const wall = 80 * W - Math.PI * W * W;
    const inside = 400 - wall;
    const k = CALIBRATION.volumeFactor;
    expect(e.layers).toBe(50);
    expect(e.wallsMm3).toBeCloseTo(k * 50 * wall * h, 6);
    expect(e.skinsMm3).toBeCloseTo(k * (PRINT.topLayers + PRINT.bottomLayers) * inside * h, 6);
    expect(e.infillMm3).toBeCloseTo(k * (50 - 9) * PRINT.infillFraction * inside * h, 6);
    expect(e.grams).toBeCloseTo((e.extrudedMm3 / 1000) * 1.24, 9);
  });

  it('fills a thin plate solid, and a pole too narrow for sparse infill', () => {
    const plate = estimatePrint(boxMesh(40, 40, 1.6), PRINT, 1.24);
    expect(plate.infillMm3).toBe(0);
    expect(plate.extrudedMm3).toBeCloseTo(CALIBRATION.volumeFactor * 40 * 40 * 1.6, 6);
    const pole = estimatePrint(boxMesh(5, 5, 40), PRINT, 1.24);
    expect(pole.infillMm3).toBe(0);
    expect(pole.extrudedMm3).toBeCloseTo(CALIBRATION.volumeFactor * 5 * 5 * 40, 6);
  });

  it('uses less plastic at lower infill, more with more walls, and more time at finer layers', () => {
    const m = boxMesh(40, 30, 20);
    const base = estimatePrint(m, PRINT, 1.24);
    expect(estimatePrint(m, { ...PRINT, infillFraction: 0 }, 1.24).grams).toBeLessThan(base.grams);
    expect(estimatePrint(m, { ...PRINT, perimeters: 3 }, 1.24).grams).toBeGreaterThan(base.grams);
    expect(estimatePrint(m, { ...PRINT, layerHeightMm: 0.16 }, 1.24).minutes).toBeGreaterThan(base.minutes);
    expect(base.grams).toBeLessThan((40 * 30 * 20 * 1.24) / 1000);
  });

  it('lays a ball with no infill as its walls and the skin inside them, and slows a solid part for its short roads', () => {
    // An 8 mm ball (a cannonball) with three walls: its flanks' strips lie within the walls, so with no
    // infill PrusaSlicer lays almost no skin (2.4 of 148 mm³ measured); with infill its vertical shells fill them.
    const ball = withArena(() => sphere(4, 48).translate([0, 0, 4]).toMesh());
    const bare = estimatePrint(ball, { ...PRINT, perimeters: 3, infillFraction: 0 }, 1.22);
    const filled = estimatePrint(ball, { ...PRINT, perimeters: 3 }, 1.22);
    expect(bare.skinsMm3).toBeLessThan(0.1 * bare.wallsMm3);
    expect(filled.skinsMm3).toBeGreaterThan(0.5 * filled.wallsMm3);
    // The walls are the band inside each layer's outline, less than its outline times their width.
    expect(bare.wallsMm3).toBeLessThan(0.75 * CALIBRATION.volumeFactor * (4 / 3) * Math.PI * 64);
    // A solid block takes longer per mm³ than sparse infill's long roads at the same speed would say.
    const block = boxMesh(40, 20, 4);
    const solid = estimatePrint(block, { ...PRINT, infillFraction: 1 }, 1.24),
      sparse = estimatePrint(block, { ...PRINT, infillFraction: 0.5 }, 1.24);
    const fillS = (e: typeof solid): number =>
      e.infillMm3 / CALIBRATION.volumeFactor / PRINT.layerHeightMm / spacing(PRINT) / SLICER_PROFILE.infillSpeedMmS;
    expect((solid.minutes - sparse.minutes) * 60).toBeGreaterThan(
      CALIBRATION.moveTimeFactor * (fillS(solid) - fillS(sparse)) * 1.1,
    );
  });

  it('times a plate of small parts by its layers together: slowed for cooling only where the whole plate is quick', () => {
    // A 4 × 4 mm layer's roads take under 3 s at full speed; the slowdown stretches them towards 5 s.
    const tiny = estimatePrint(boxMesh(4, 4, 2), PRINT, 1.24);
    expect(tiny.layerTimes.moveS.every((m, i) => m < tiny.layerTimes.floorS[i]!)).toBe(true);
    // One alone: every layer stretched, as estimatePrint has it.
    expect(plateMinutes([{ times: tiny.layerTimes, count: 1 }])).toBeCloseTo(tiny.minutes, 9);
    // Forty side by side: their layers are long enough, so forty copies take less than forty alone…
    const forty = plateMinutes([{ times: tiny.layerTimes, count: 40 }]);
    expect(forty).toBeLessThan(40 * tiny.minutes);
    // …and no less than their moves and overheads.
    const moves = tiny.layerTimes.moveS.reduce((a, b) => a + b, 0) + tiny.layers * tiny.layerTimes.overheadS;
    expect(forty).toBeCloseTo((40 * moves) / 60, 9);
  });

  it('stretches every layer of a small part to the minimum layer time', () => {
    // Each 8 × 8 mm layer carries 64 mm of wall roads, over 5 s at the 10 mm/s minimum speed: never faster.
    const tiny = estimatePrint(boxMesh(8, 8, 4), PRINT, 1.24);
    expect(tiny.layers).toBe(20);
    expect(tiny.minutes * 60).toBeGreaterThanOrEqual(20 * SLICER_PROFILE.minLayerTimeS);
  });
});
