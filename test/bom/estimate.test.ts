import { beforeAll, describe, expect, it } from 'vitest';
import { CALIBRATION, estimatePrint, facingAreas, sliceMesh, SLICER_PROFILE, type PrintSettings } from '../../src/bom/estimate.js';
import { box, cylinder, initKernel, withArena } from '../../src/geometry/kernel.js';
import { measureMesh } from '../../src/mesh/topology.js';
import { boxMesh } from './helpers.js';

const PRINT: PrintSettings = { layerHeightMm: 0.2, lineWidthMm: 0.45, perimeters: 2, topLayers: 5, bottomLayers: 4, infillFraction: 0.15 };
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

    it('grows a sunk pocket floor by the slicer\'s margin into the solid layers beneath it', () => {
      // A 40 × 40 × 10 block with a 4 × 4 pocket 1 mm deep in its top, like a coin's sunk symbol.
      const mesh = withArena(() => box([40, 40, 10]).translate([0, 0, 5]).subtract(box([4, 4, 2]).translate([0, 0, 10])).toMesh());
      const { up, upOutlineMm } = facingAreas(mesh, 0.2, 0, 50);
      expect(up[44]).toBeCloseTo(16, 6);
      expect(upOutlineMm[44]).toBeCloseTo(16, 6);
      expect(upOutlineMm[49]).toBeCloseTo(160 + 16, 6);
      const e = estimatePrint(mesh, PRINT, 1.24);
      const h = PRINT.layerHeightMm, w = 2 * spacing(PRINT);
      const insideFull = 1600 - 160 * w, insidePocket = 1584 - 176 * w;
      // Bottom 4 layers solid; under the floor 5 layers of its 16 mm² grown by 3 mm round its 16 mm outline;
      // the 5 layers beside the pocket lie under the top and are solid.
      const skins = 4 * insideFull + 5 * (16 + SLICER_PROFILE.externalInfillMarginMm * 16) + 5 * insidePocket;
      expect(e.skinsMm3).toBeCloseTo(CALIBRATION.volumeFactor * skins * h, 6);
    });

    it('grows no skin from a groove\'s floor and roof inside the walls: the perimeters lay them', () => {
      // A 40 × 40 × 10 block, and the same with a groove 0.3 mm deep and 0.6 mm tall round its sides (a
      // plank line): the groove's ledges lie within the two walls of their layers, so the skins are the block's.
      const block = withArena(() => box([40, 40, 10]).translate([0, 0, 5]).toMesh());
      const grooved = withArena(() => box([40, 40, 10]).translate([0, 0, 5]).subtract(box([41, 41, 0.6]).translate([0, 0, 5.3]).subtract(box([39.4, 39.4, 1]).translate([0, 0, 5.3]))).toMesh());
      const walls = { widthMm: PRINT.perimeters * spacing(PRINT) };
      const plainSkins = estimatePrint(block, PRINT, 1.24).skinsMm3;
      expect(estimatePrint(grooved, PRINT, 1.24).skinsMm3).toBeCloseTo(plainSkins, 6);
      // Counted as a slicer's top and bottom surfaces, those ledges would have added 3 mm round 160 mm of outline.
      const layers = 50;
      const all = facingAreas(grooved, 0.2, 0, layers);
      const inWalls = facingAreas(grooved, 0.2, 0, layers, { sections: sliceMesh(grooved, 0.2, 0, layers), ...walls });
      expect(all.upOutlineMm.reduce((a, b) => a + b, 0) - inWalls.upOutlineMm.reduce((a, b) => a + b, 0)).toBeGreaterThan(150);
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
  it('gives a box its walls, skins and infill in closed form', () => {
    const e = estimatePrint(boxMesh(20, 20, 10), PRINT, 1.24);
    const h = PRINT.layerHeightMm;
    const wall = 80 * PRINT.perimeters * spacing(PRINT);
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

  it('stretches every layer of a small part to the minimum layer time', () => {
    // Each 8 × 8 mm layer carries 64 mm of wall roads, over 5 s at the 10 mm/s minimum speed: never faster.
    const tiny = estimatePrint(boxMesh(8, 8, 4), PRINT, 1.24);
    expect(tiny.layers).toBe(20);
    expect(tiny.minutes * 60).toBeGreaterThanOrEqual(20 * SLICER_PROFILE.minLayerTimeS);
  });
});
