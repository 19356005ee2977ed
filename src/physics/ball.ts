/**
 * The cannonball as printed, as plain numbers: its shape (a sphere on a small flat, with a cone from the flat
 * up to the sphere; INTERFACES.cannonball) and its mass as a slicer lays it down (BRIEF §4). The builder
 * (src/parts/cannonball.ts) revolves this outline and the solver weighs it, so both describe one ball and
 * the solver never loads the geometry kernel.
 */
import { INTERFACES, SOLID_INFILL_BELOW_AREA_MM2 } from '../standard.js';

export interface BallShapeOptions {
  /** The sphere's diameter, the ball's widest section. Default INTERFACES.cannonball.diameterMm (8 mm). */
  diameterMm: number;
  /** How far the flat lies above the sphere's bottom. Default INTERFACES.cannonball.flatDepthMm (0.4 mm). */
  flatDepthMm: number;
}

/**
 * The ball lying on its flat, heights from the bed. From the flat's rim (on the sphere) a cone rises at
 * `coneDeg` (INTERFACES.cannonball) from vertical to `coneTopMm`, where it meets the sphere again; above it the sphere. Where the
 * sphere at the flat's rim is already no steeper than the cone, there is no cone (`coneTopMm` 0).
 */
export interface BallShape {
  radiusMm: number;
  /** The sphere's centre above the bed: its equator, the widest section. */
  centreMm: number;
  heightMm: number;
  flatRadiusMm: number;
  coneDeg: number;
  coneTopMm: number;
  volumeMm3: number;
}

const RAD = Math.PI / 180;

/** The shape of a ball built with these options; defaults INTERFACES.cannonball. */
export function ballShape(options: Partial<BallShapeOptions> = {}): BallShape {
  const { diameterMm, flatDepthMm, coneDeg } = { ...INTERFACES.cannonball, ...options };
  const r = diameterMm / 2;
  const centreMm = r - flatDepthMm;
  const flatRadiusMm = Math.sqrt(r * r - centreMm * centreMm);
  const k = Math.tan(coneDeg * RAD);
  // The cone's line ρ = ρf + k·z leaves the sphere at z = 0 and meets it again here (a chord of the sphere).
  const coneTopMm = Math.max(0, (2 * (centreMm - flatRadiusMm * k)) / (1 + k * k));
  // Past the equator the chord would cut into the widest section (a flat too thin for the cone).
  if (coneTopMm > centreMm)
    throw new RangeError(`a ${flatDepthMm} mm flat on a ${diameterMm} mm ball is too thin for its cone`);
  const coneTopRadiusMm = flatRadiusMm + k * coneTopMm;
  const capMm = r - (centreMm - coneTopMm);
  const volumeMm3 =
    (4 / 3) * Math.PI * r ** 3 -
    (Math.PI * capMm * capMm * (3 * r - capMm)) / 3 +
    (Math.PI * coneTopMm * (flatRadiusMm ** 2 + flatRadiusMm * coneTopRadiusMm + coneTopRadiusMm ** 2)) / 3;
  return { radiusMm: r, centreMm, heightMm: centreMm + r, flatRadiusMm, coneDeg, coneTopMm, volumeMm3 };
}

/** The ball's section radius at `zMm` above the bed (0 outside it). */
export function sectionRadiusMm(s: BallShape, zMm: number): number {
  if (zMm < 0 || zMm > s.heightMm) return 0;
  if (zMm < s.coneTopMm) return s.flatRadiusMm + Math.tan(s.coneDeg * RAD) * zMm;
  return Math.sqrt(Math.max(0, s.radiusMm ** 2 - (zMm - s.centreMm) ** 2));
}

/** How the ball is sliced: PRINT_DEFAULTS's fields. */
export type BallPrint = {
  readonly [
    K in 'perimeters' | 'lineWidthMm' | 'layerHeightMm' | 'topLayers' | 'bottomLayers' | 'infillFraction'
  ]: number;
};

export interface PrintedBall {
  shape: BallShape;
  densityKgPerM3: number;
  print: BallPrint;
}

/**
 * The ball's mass as a slicer lays it down, layer by layer (each layer's section at its mid-plane, as
 * PrusaSlicer slices): perimeters × line width round the rim; inside them the core, solid in the bottom and
 * top skins (solid wherever the core `bottomLayers` below or `topLayers` above is narrower: a sphere's lower
 * and upper shells) and wherever its area is under SOLID_INFILL_BELOW_AREA_MM2, else infill. So an 8 mm
 * PLA ball at 15 % infill is solid (PrusaSlicer 2.5 lays 0.28 g of PLA for a full 8 mm sphere, 0.54 g for
 * 10 mm, 0.61 g for 12 mm; this model 0.27, 0.52, 0.64 g; test/physics/ball.slow.test.ts).
 */
export function ballMassKg(ball: PrintedBall): number {
  const { shape, print } = ball;
  const layers = Math.max(1, Math.round(shape.heightMm / print.layerHeightMm));
  const t = shape.heightMm / layers;
  const wallMm = print.perimeters * print.lineWidthMm;
  const core = (i: number): number => Math.max(0, sectionRadiusMm(shape, (i + 0.5) * t) - wallMm);
  let mm3 = 0;
  for (let i = 0; i < layers; i++) {
    const outer = sectionRadiusMm(shape, (i + 0.5) * t);
    const c = core(i);
    const solidCore = print.infillFraction > 0 && Math.PI * c * c < SOLID_INFILL_BELOW_AREA_MM2;
    const sparse = solidCore ? 0 : Math.min(c, core(i - print.bottomLayers), core(i + print.topLayers));
    mm3 += Math.PI * (outer * outer - (1 - print.infillFraction) * sparse * sparse) * t;
  }
  return ball.densityKgPerM3 * mm3 * 1e-9;
}
