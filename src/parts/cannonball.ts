/**
 * Cannonball: a sphere with a small flat for bed adhesion (BRIEF §3 allows it; the validator measures the
 * ball across its round equator, which the flat does not touch). Printed flat-down.
 */
import { box, sphere } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { INTERFACES } from '../standard.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface CannonballOptions {
  /** Ball diameter. Default: INTERFACES.cannonball.diameterMm (8 mm, BRIEF §3). */
  diameterMm: number;
  /** Depth of the flat cut off the bottom. Default 0.4 mm (two layers). */
  flatDepthMm: number;
}

export const DEFAULTS: CannonballOptions = {
  diameterMm: INTERFACES.cannonball.diameterMm,
  flatDepthMm: INTERFACES.cannonball.flatDepthMm,
};

/** Builds a cannonball lying on its flat. Feature: `ball` (peg) across the equator. */
export function cannonball(options?: Partial<CannonballOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('cannonball', 'diameterMm', o.diameterMm, 4, 20);
  checkRange('cannonball', 'flatDepthMm', o.flatDepthMm, 0, o.diameterMm / 4);
  checkOption('cannonball', 'flatDepthMm', o.flatDepthMm, o.flatDepthMm < o.diameterMm / 2 - 1, 'well below the radius');

  const r = o.diameterMm / 2;
  let ball = sphere(r);
  if (o.flatDepthMm > 0) ball = ball.subtract(box([o.diameterMm * 2, o.diameterMm * 2, o.flatDepthMm * 2]).translate([0, 0, -r]));
  return layOnBed({
    solid: ball,
    features: [
      {
        id: 'ball',
        kind: 'ball',
        role: 'peg',
        // The equator: the widest section, which must pass through the bore.
        positionMm: [0, 0, 0],
        axis: [0, 0, 1],
        size: { shape: 'round', diameterMm: o.diameterMm },
        depthMm: 0,
        mating: 'rotating',
      },
    ],
  });
}
