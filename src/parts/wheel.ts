/**
 * Movement wheel: one revolution = one click (BRIEF §1, §3). The wheel is sized FROM the click distance:
 * the rolling surface is the rubber band's outer face, a circle of radius r broken by one flat that
 * subtends 2α, whose perimeter is r·(2π − 2α) + 2r·sin α (BRIEF §3).
 *
 * Radii: the band (INTERFACES.band) lies in a groove, its outer face at r, so the groove bottom is at
 * r − band thickness and the flanges either side (the rim) at r − proud. The flat is the rolling outline's
 * chord at r·cos α offset inward to each surface: a surface at radius ρ is cut by a chord at
 * ρ − r·(1 − cos α). So the band, stretched straight across the groove bottom's chord, has its outer face
 * on the rolling chord, and the flanges' flat stays `proudMm` under it as on the round part.
 *
 * Print orientation: standing on the flat, axle horizontal. The flat is the only face that prints both
 * stub axles without supports, and a horizontal stub has its roads running along its length, so the load
 * from the carriage bends it along the roads rather than across layer lines.
 */
import { circleSegments, cylinder, polygon, type Profile, type Vec2 } from '../geometry/kernel.js';
import { layOnBed, type Feature, type Part } from '../geometry/part.js';
import { CLICK_DISTANCE_MM, INTERFACES } from '../standard.js';
import { checkRange, mergeOptions } from './options.js';

export interface WheelOptions {
  /** Distance rolled per revolution. Default: CLICK_DISTANCE_MM (2.0 in = 50.8 mm, BRIEF §3). */
  clickDistanceMm: number;
  /** Half the angle the flat subtends at the centre. Default: INTERFACES.wheel.flatHalfAngleDeg (20°). */
  flatHalfAngleDeg: number;
}

export const DEFAULTS: WheelOptions = {
  clickDistanceMm: CLICK_DISTANCE_MM,
  flatHalfAngleDeg: INTERFACES.wheel.flatHalfAngleDeg,
};

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Distance rolled per revolution by a wheel of rolling radius `radiusMm` with a flat subtending 2·`alphaDeg`. */
export function clickDistanceMm(radiusMm: number, alphaDeg: number): number {
  const a = rad(alphaDeg);
  return radiusMm * (2 * Math.PI - 2 * a + 2 * Math.sin(a));
}

/** The rolling radius (band included) that rolls `clickMm` per revolution with a flat of half-angle `alphaDeg`. */
export function wheelRollingRadiusMm(clickMm: number, alphaDeg: number): number {
  return clickMm / clickDistanceMm(1, alphaDeg);
}

/** The wheel's radii, all from the rolling radius and the band. */
export function wheelRadiiMm(o: WheelOptions): { rollingMm: number; rimMm: number; grooveMm: number; flatInsetMm: number } {
  const rollingMm = wheelRollingRadiusMm(o.clickDistanceMm, o.flatHalfAngleDeg);
  return {
    rollingMm,
    rimMm: rollingMm - INTERFACES.band.proudMm,
    grooveMm: rollingMm - INTERFACES.band.thicknessMm,
    flatInsetMm: rollingMm * (1 - Math.cos(rad(o.flatHalfAngleDeg))),
  };
}

/**
 * A disc of radius `radiusMm` with its flat (chord `insetMm` in from the rolling circle's chord) facing −Y,
 * drawn as one polygon whose arc ends exactly on the chord: cutting a faceted circle instead leaves
 * slivers where the chord passes near a facet corner, which collapse when exported as float32.
 */
function flattenedDisc(radiusMm: number, insetMm: number): Profile {
  const half = Math.acos((radiusMm - insetMm) / radiusMm);
  const start = -Math.PI / 2 + half;
  const sweep = 2 * Math.PI - 2 * half;
  const n = Math.max(4, Math.ceil((circleSegments(radiusMm) * sweep) / (2 * Math.PI)));
  const pts: Vec2[] = [];
  for (let i = 0; i <= n; i++) pts.push([radiusMm * Math.cos(start + (sweep * i) / n), radiusMm * Math.sin(start + (sweep * i) / n)]);
  return polygon(pts);
}

/**
 * Builds the wheel standing on its flat. Features: `axle` pegs on both faces (INTERFACES.axle) and the
 * `wheel-rim` peg (diameter 2 × rim radius, depth = wheel width) that the carriage's fork gap takes.
 */
export function wheel(options?: Partial<WheelOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('wheel', 'clickDistanceMm', o.clickDistanceMm, 25, 100);
  checkRange('wheel', 'flatHalfAngleDeg', o.flatHalfAngleDeg, 5, 40, '°');

  const { rimMm, grooveMm, flatInsetMm } = wheelRadiiMm(o);
  const widthMm = INTERFACES.wheel.widthMm;
  const flangeMm = (widthMm - INTERFACES.band.widthMm) / 2;
  const axle = INTERFACES.axle;
  // Model frame: axle along Z from z = 0 to the wheel's width, flat facing −Y.
  const core = flattenedDisc(grooveMm, flatInsetMm).extrude(widthMm);
  const flange = flattenedDisc(rimMm, flatInsetMm).extrude(flangeMm);
  // Stubs reach 1 mm into the disc so the union never meets on a bare coplanar face.
  const stub = cylinder(axle.stubLengthMm + 1, axle.diameterMm / 2);
  const solid = core.union(
    flange,
    flange.translate([0, 0, widthMm - flangeMm]),
    stub.translate([0, 0, -axle.stubLengthMm]),
    stub.translate([0, 0, widthMm - 1]),
  );

  const axlePeg = (id: string, z: number, dir: 1 | -1): Feature => ({
    id,
    kind: 'axle',
    role: 'peg',
    positionMm: [0, 0, z],
    axis: [0, 0, dir],
    size: { shape: 'round', diameterMm: axle.diameterMm },
    depthMm: axle.stubLengthMm,
    mating: 'rotating',
  });
  const features: Feature[] = [
    axlePeg('axle-1', 0, -1),
    axlePeg('axle-2', widthMm, 1),
    {
      id: 'wheel-rim',
      kind: 'wheel-rim',
      role: 'peg',
      positionMm: [0, 0, 0],
      axis: [0, 0, 1],
      size: { shape: 'round', diameterMm: 2 * rimMm },
      depthMm: widthMm,
      mating: 'rotating',
    },
  ];
  // Turn −Y (the flat) to −Z: the wheel stands on its flat.
  return layOnBed({ solid, features }, [90, 0, 0]);
}
