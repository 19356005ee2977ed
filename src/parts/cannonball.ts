/**
 * Cannonball: a sphere on a small flat, with a cone rising from the flat's rim at the overhang limit to where
 * it meets the sphere again (src/physics/ball.ts `ballShape`, the numbers the solver weighs too). The cone
 * is a chord of the sphere, so the ball lies within it and passes the bore whichever way it turns; the
 * validator measures the ball across its equator, its widest section. Printed flat-down.
 */
import { circleSegments, polygon, type Vec2 } from '../geometry/kernel.js';
import { type Part } from '../geometry/part.js';
import { ballShape, sectionRadiusMm, type BallShapeOptions } from '../physics/ball.js';
import { INTERFACES, PRINT_DEFAULTS } from '../standard.js';
import { checkRange, mergeOptions } from './options.js';

export type CannonballOptions = BallShapeOptions;

export const DEFAULTS: CannonballOptions = {
  diameterMm: INTERFACES.cannonball.diameterMm,
  flatDepthMm: INTERFACES.cannonball.flatDepthMm,
};

/** Builds a cannonball lying on its flat. Feature: `ball` (peg) across the equator. */
export function cannonball(options?: Partial<CannonballOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('cannonball', 'diameterMm', o.diameterMm, 4, 20);
  // At least a layer, or the slicer sees no flat; at most a quarter of the diameter.
  checkRange('cannonball', 'flatDepthMm', o.flatDepthMm, PRINT_DEFAULTS.layerHeightMm, o.diameterMm / 4);

  const s = ballShape(o);
  const r = s.radiusMm;
  // The outline (radius, height) from the flat's centre up to the top: arcs in steps of the sphere's facets,
  // with a vertex on the equator so the widest section is the full diameter.
  const quarter = circleSegments(r) / 4;
  const arc = (fromDeg: number, toDeg: number): Vec2[] => {
    const n = Math.max(1, Math.ceil(((toDeg - fromDeg) / 90) * quarter - 1e-9));
    return Array.from({ length: n }, (_, i) => {
      const a = ((fromDeg + ((toDeg - fromDeg) * (i + 1)) / n) * Math.PI) / 180;
      return [r * Math.cos(a), s.centreMm + r * Math.sin(a)] as Vec2;
    });
  };
  const coneTop: Vec2[] = s.coneTopMm > 0 ? [[sectionRadiusMm(s, s.coneTopMm), s.coneTopMm]] : [];
  const lowDeg = (Math.asin((s.coneTopMm - s.centreMm) / r) * 180) / Math.PI;
  const outline: Vec2[] = [
    [0, 0],
    [s.flatRadiusMm, 0],
    ...coneTop,
    ...arc(lowDeg, 0),
    ...arc(0, 90).slice(0, -1),
    [0, s.heightMm],
  ];
  return {
    solid: polygon(outline).revolve(360, circleSegments(r)),
    features: [
      {
        id: 'ball',
        kind: 'ball',
        role: 'peg',
        // The equator: the widest section, which must pass through the bore.
        positionMm: [0, 0, s.centreMm],
        axis: [0, 0, 1],
        size: { shape: 'round', diameterMm: o.diameterMm },
        depthMm: 0,
        mating: 'rotating',
      },
    ],
  };
}
