/**
 * Movement wheel: one revolution = one click (BRIEF §1, §3). The wheel is sized FROM the click distance and
 * the band it wears (a BandSpec: an O-ring, src/standard.ts DEFAULT_BAND or the printer profile's).
 *
 * The band lies in a groove whose section is a disc of radius g with one flat subtending 2α. Stretched
 * round that section its inner face follows the section's convex outline, of perimeter
 * P = g·(2π − 2α + 2·sin α) (BRIEF §3), and its outer face, which rolls on the table, is that outline grown
 * by the stretched cord c′: one revolution rolls P + 2π·c′. The stretch model conserves the cord's volume:
 * relaxed, a torus of cord c on a centre line π·(ID + c) long; stretched, cord c′ on a centre line P + π·c′
 * long, so c′²·(P + π·c′) = c²·π·(ID + c). g is solved so P + 2π·c′ = the click.
 *
 * Every surface's flat is cut at the same inset g·(1 − cos α), so the band, stretched straight across the
 * groove's chord, keeps its cord across the flat, and the flanges either side (the rim, at the band's outer
 * radius less `proudMm`) stay under it there as on the round part.
 *
 * Print orientation: standing on the flat, axle horizontal. The flat is the only face that prints both
 * stub axles without supports, and a horizontal stub has its roads running along its length, so the load
 * from the carriage bends it along the roads rather than across layer lines. Standing so, nothing below the
 * axle may overhang more than PRINTABILITY.overhangDeg (45°) (print/supports, print/first-layer):
 * - the groove's section is a keel: round down to 45° below the axle, then straight 45° tangents down to
 *   the flat. It stays convex, so the band still follows its outline, and one revolution still rolls its
 *   perimeter P plus 2π·c′ (clickDistanceMm, BRIEF §3's circle with a flat where α ≥ 45°); the tangents
 *   stand at most (reach − 1)·g outside the circle (0.33 mm on the 2-inch wheel), a bump as the wheel
 *   rolls over them;
 * - each flange, which stands on the bed, rises from its flat along 45° lines that start `bedChamferMm`
 *   inside the flat's ends (against the elephant's foot, chamfer.ts) until they meet its circle;
 * - each stub's underside is an inscribed vee whose sides lean PRINTABILITY.undersideDeg from vertical, so
 *   it still turns in its round bearing, and the vee's keel rises along the axle as the stub leaves its
 *   flange's face, as steeply (a 45° vee standing straight out started as a sliver in the air beside its
 *   flange, which PrusaSlicer supported).
 */
import { circleSegments, polygon, type Profile, type Vec2 } from '../geometry/kernel.js';
import { layOnBed, type Feature, type Part } from '../geometry/part.js';
import {
  BAND_STRETCH_RANGE,
  CLICK_DISTANCE_MM,
  DEFAULT_BAND,
  DEFAULT_BED_CHAMFER_MM,
  DEFAULT_CLEARANCE_MM,
  fitHoleMm,
  INTERFACES,
  MIN_FEATURE_MM,
  PRINTABILITY,
  type BandSpec,
} from '../standard.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface WheelOptions {
  /** Distance rolled per revolution. Default: CLICK_DISTANCE_MM (2.0 in = 50.8 mm, BRIEF §3). */
  clickDistanceMm: number;
  /** Half the angle the flat subtends at the centre. Default: INTERFACES.wheel.flatHalfAngleDeg (20°). */
  flatHalfAngleDeg: number;
  /** The band the wheel wears. Default: DEFAULT_BAND (an AS568-014 O-ring). */
  band: BandSpec;
  /** How far inside the flat's ends the flanges start to rise, against the elephant's foot (chamfer.ts). Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

/** What sizes the wheel: its click, its flat and its band. */
export type WheelSizing = Pick<WheelOptions, 'clickDistanceMm' | 'flatHalfAngleDeg' | 'band'>;

export const DEFAULTS: WheelOptions = {
  clickDistanceMm: CLICK_DISTANCE_MM,
  flatHalfAngleDeg: INTERFACES.wheel.flatHalfAngleDeg,
  band: DEFAULT_BAND,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

const rad = (deg: number): number => (deg * Math.PI) / 180;
/** Where the keel leaves the circle, below the axle: the steepest overhang that prints. */
const KEEL_RAD = rad(PRINTABILITY.overhangDeg);

/**
 * The keel's tangent on a unit circle whose flat lies `flatDepth` below the centre: from the keel point
 * (cos φ, −sin φ) along the tangent, down and in, `lengthMm` to where it meets the flat, at `flatHalfMm` out.
 */
function keelTangent(flatDepth: number): { lengthMm: number; flatHalfMm: number } {
  const lengthMm = (flatDepth - Math.sin(KEEL_RAD)) / Math.cos(KEEL_RAD);
  return { lengthMm, flatHalfMm: Math.cos(KEEL_RAD) - lengthMm * Math.sin(KEEL_RAD) };
}

/**
 * The section's outline at unit radius, its flat cos α below the centre: where the keel's tangents (if any)
 * meet the flat, as x, and the perimeter. A flat whose ends are no lower than the keel point needs none.
 */
function unitSection(alphaDeg: number): { keel: boolean; flatHalfMm: number; perimeterMm: number } {
  const a = rad(alphaDeg),
    fd = Math.cos(a);
  if (fd <= Math.sin(KEEL_RAD))
    return { keel: false, flatHalfMm: Math.sin(a), perimeterMm: 2 * Math.PI - 2 * a + 2 * Math.sin(a) };
  const { lengthMm, flatHalfMm } = keelTangent(fd);
  return { keel: true, flatHalfMm, perimeterMm: Math.PI + 2 * KEEL_RAD + 2 * lengthMm + 2 * flatHalfMm };
}

/**
 * Distance rolled per revolution by a wheel whose band's inner face follows a section of radius `radiusMm`
 * with a flat subtending 2·`alphaDeg` (and the keel, where the flat's ends lie below 45°): the section's
 * perimeter. Without a keel this is BRIEF §3's r·(2π − 2α) + 2r·sin α.
 */
export function clickDistanceMm(radiusMm: number, alphaDeg: number): number {
  return radiusMm * unitSection(alphaDeg).perimeterMm;
}

/** The rolling radius that rolls `clickMm` per revolution with a flat of half-angle `alphaDeg` (a rigid outline). */
export function wheelRollingRadiusMm(clickMm: number, alphaDeg: number): number {
  return clickMm / clickDistanceMm(1, alphaDeg);
}

/** A band stretched round a convex outline of perimeter `innerPerimeterMm`: its cord and its stretch. */
export interface StretchedBand {
  /** The cord's diameter once stretched (volume conserved). */
  crossSectionMm: number;
  /** Inner circumference stretched over relaxed, less 1. */
  stretch: number;
}

/** The volume-conserving stretch model (see the file's comment): c′²·(P + π·c′) = c²·π·(ID + c). */
export function stretchedBand(
  band: Pick<BandSpec, 'innerDiameterMm' | 'crossSectionMm'>,
  innerPerimeterMm: number,
): StretchedBand {
  const volume = band.crossSectionMm ** 2 * Math.PI * (band.innerDiameterMm + band.crossSectionMm);
  let c = band.crossSectionMm;
  for (let i = 0; i < 50; i++) {
    const next = Math.sqrt(volume / (innerPerimeterMm + Math.PI * c));
    if (Math.abs(next - c) < 1e-12) break;
    c = next;
  }
  return { crossSectionMm: c, stretch: innerPerimeterMm / (Math.PI * band.innerDiameterMm) - 1 };
}

/**
 * The wheel's radii and its band on it, all solved from the click, the flat and the band. `reachMm`: how far
 * the band's outer face reaches from the axle at most (over the keel's corners), what a carriage must clear.
 */
export function wheelRadiiMm(o: WheelSizing): {
  rollingMm: number;
  reachMm: number;
  rimMm: number;
  grooveMm: number;
  flatInsetMm: number;
  band: StretchedBand;
} {
  const k = clickDistanceMm(1, o.flatHalfAngleDeg);
  let grooveMm = o.clickDistanceMm / k - o.band.crossSectionMm;
  let band = stretchedBand(o.band, grooveMm * k);
  for (let i = 0; i < 50; i++) {
    const next = (o.clickDistanceMm - 2 * Math.PI * band.crossSectionMm) / k;
    band = stretchedBand(o.band, next * k);
    if (Math.abs(next - grooveMm) < 1e-12) break;
    grooveMm = next;
  }
  const rollingMm = grooveMm + band.crossSectionMm;
  const u = unitSection(o.flatHalfAngleDeg);
  const reachMm =
    grooveMm * (u.keel ? Math.hypot(u.flatHalfMm, Math.cos(rad(o.flatHalfAngleDeg))) : 1) + band.crossSectionMm;
  return {
    rollingMm,
    reachMm,
    rimMm: rollingMm - INTERFACES.band.proudMm,
    grooveMm,
    flatInsetMm: grooveMm * (1 - Math.cos(rad(o.flatHalfAngleDeg))),
    band,
  };
}

/** The groove's width: the relaxed cord with a sliding gap either side, so the band drops in untwisted. */
export function grooveWidthMm(band: Pick<BandSpec, 'crossSectionMm'>): number {
  return fitHoleMm(band.crossSectionMm, 'sliding', DEFAULT_CLEARANCE_MM);
}

/** The relaxed inner diameter at which a band of `o.band`'s cord stretches `stretch` on the wheel it sizes. */
export function bandIdForStretchMm(o: WheelSizing, stretch: number): number {
  // The groove depends on the stretched cord, which depends on the diameter: iterate to the fixed point.
  let band = o.band;
  for (let i = 0; i < 50; i++) {
    const { grooveMm } = wheelRadiiMm({ ...o, band });
    const id = (grooveMm * clickDistanceMm(1, o.flatHalfAngleDeg)) / Math.PI / (1 + stretch);
    if (Math.abs(id - band.innerDiameterMm) < 1e-10) break;
    band = { ...band, innerDiameterMm: id };
  }
  return band.innerDiameterMm;
}

/** Relaxed inner diameters of a band of `o.band`'s cord that would stretch within BAND_STRETCH_RANGE on this wheel. */
export function fittingBandIdMm(o: WheelSizing): { min: number; max: number } {
  return { min: bandIdForStretchMm(o, BAND_STRETCH_RANGE.max), max: bandIdForStretchMm(o, BAND_STRETCH_RANGE.min) };
}

/** What `calibrate-wheel` fits from a measured roll. */
export interface WheelRollFit {
  /** One click as measured: the distance over the clicks counted. */
  measuredClickMm: number;
  /** One click as the measured wheel was designed to roll (the click over the factor it was built with). */
  designedClickMm: number;
  /** Measured over designed roll, relative to the geometry (the factor the wheel was built with, times this measurement's). */
  factor: number;
  /** The click the wheel is now built for, so it rolls the click on this table: click ÷ factor. */
  correctedClickMm: number;
}

/**
 * Fits the wheel's roll factor from `clicks` revolutions rolling `distanceMm`, for a wheel built with
 * `previousFactor` (1 uncalibrated) for `clickMm`: the band's compression under the ship, its seat in the
 * groove and any slip are lumped into one factor on the rolled distance.
 */
export function fitWheelRoll(
  clicks: number,
  distanceMm: number,
  previousFactor: number,
  clickMm = CLICK_DISTANCE_MM,
): WheelRollFit {
  const measuredClickMm = distanceMm / clicks;
  const designedClickMm = clickMm / previousFactor;
  const factor = (measuredClickMm / designedClickMm) * previousFactor;
  return { measuredClickMm, designedClickMm, factor, correctedClickMm: clickMm / factor };
}

/** An arc of radius r from angle a0 sweeping `sweep` (radians), its ends exactly on the angles. */
function arc(radiusMm: number, a0: number, sweep: number): Vec2[] {
  const n = Math.max(4, Math.ceil((circleSegments(radiusMm) * sweep) / (2 * Math.PI)));
  return Array.from({ length: n + 1 }, (_, i): Vec2 => [
    radiusMm * Math.cos(a0 + (sweep * i) / n),
    radiusMm * Math.sin(a0 + (sweep * i) / n),
  ]);
}

/**
 * A disc of radius `radiusMm` with its flat (chord `insetMm` in from the circle) facing −Y, drawn as one
 * polygon whose arc ends exactly on the chord (cutting a faceted circle instead leaves slivers where the
 * chord passes near a facet corner, which collapse when exported as float32); with `keel`, the arc stops
 * 45° below the centre and straight tangents run down from there to the flat.
 */
function sectionOutline(radiusMm: number, insetMm: number, keel: boolean): Profile {
  const fd = radiusMm - insetMm;
  if (!keel || fd <= radiusMm * Math.sin(KEEL_RAD)) {
    const half = Math.acos(fd / radiusMm);
    return polygon(arc(radiusMm, -Math.PI / 2 + half, 2 * Math.PI - 2 * half));
  }
  const x = radiusMm * keelTangent(fd / radiusMm).flatHalfMm;
  return polygon([...arc(radiusMm, -KEEL_RAD, Math.PI + 2 * KEEL_RAD), [-x, -fd], [x, -fd]]);
}

/**
 * A flange: the disc with its flat, less what lies outside two 45° lines rising from `chamferMm` inside the
 * flat's ends (the flat stands on the bed).
 */
function flangeOutline(radiusMm: number, insetMm: number, chamferMm: number): Profile {
  const fd = radiusMm - insetMm;
  const s = Math.sqrt(radiusMm ** 2 - fd ** 2) - chamferMm;
  const up = 2 * radiusMm;
  // The two lines through (±s, −fd) at 45°, from s/2 under the flat to `up` over it.
  return sectionOutline(radiusMm, insetMm, false).intersect(
    polygon([
      [-s / 2, -fd - s / 2],
      [s / 2, -fd - s / 2],
      [s + up, up - fd],
      [-s - up, up - fd],
    ]),
  );
}

/**
 * A stub's section: the inscribed vee whose sides lean STUB_RAD from vertical, meeting at the circle's bottom
 * point (−Y), and the circle over them (from π/2 − 2·STUB_RAD above the axle: a chord leaving the bottom
 * point θ from vertical subtends π − 2θ). Inscribed, it turns in its round bearing; turned so a side is up,
 * the bearing rests on it r·(1 − sin STUB_RAD) = 0.64 mm lower than on the round (0.44 mm for a 45° vee).
 */
function stubOutline(radiusMm: number): Profile {
  const meet = Math.PI / 2 - 2 * STUB_RAD;
  return polygon([...arc(radiusMm, meet, Math.PI - 2 * meet), [0, -radiusMm]]);
}

/**
 * Steepest slope, from vertical, of a stub's underside, across it (its vee) and along it (its keel rising as
 * it leaves its flange): PRINTABILITY.undersideDeg. PrusaSlicer supports a vee of 38–45° whether or not its
 * keel rises, and a 35° vee whose keel stays level (npm run test:slow).
 */
const STUB_RAD = rad(PRINTABILITY.undersideDeg);

/**
 * Builds the wheel standing on its flat. Features: `axle` pegs on both faces (INTERFACES.axle) and the
 * `wheel-rim` peg (diameter 2 × rim radius, depth = wheel width) that the carriage's fork gap takes.
 */
export function wheel(options?: Partial<WheelOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('wheel', 'clickDistanceMm', o.clickDistanceMm, 25, 100);
  checkRange('wheel', 'flatHalfAngleDeg', o.flatHalfAngleDeg, 5, 40, '°');
  checkRange('wheel', 'band.innerDiameterMm', o.band.innerDiameterMm, 4, 40);
  // The cord must sink at least half into a groove that leaves flanges of two line widths.
  checkRange('wheel', 'bedChamferMm', o.bedChamferMm, 0, 0.4);
  const maxCordMm = INTERFACES.wheel.widthMm - 2 * MIN_FEATURE_MM - 2 * DEFAULT_CLEARANCE_MM;
  checkRange(
    'wheel',
    'band.crossSectionMm',
    o.band.crossSectionMm,
    2 * INTERFACES.band.proudMm,
    Math.floor(maxCordMm * 100) / 100,
  );

  const { rimMm, grooveMm, flatInsetMm, band } = wheelRadiiMm(o);
  const ids = fittingBandIdMm(o);
  const pct = (x: number): string => `${Math.round(x * 1000) / 10} %`;
  checkOption(
    'wheel',
    'band.innerDiameterMm',
    o.band.innerDiameterMm,
    band.stretch >= BAND_STRETCH_RANGE.min && band.stretch <= BAND_STRETCH_RANGE.max,
    `a band that stretches ${pct(BAND_STRETCH_RANGE.min)}–${pct(BAND_STRETCH_RANGE.max)} on this wheel's groove (${o.band.name} would stretch ${pct(band.stretch)}): an inner diameter from ${ids.min.toFixed(2)} to ${ids.max.toFixed(2)} mm`,
  );
  const flatHalfMm = Math.sqrt(rimMm ** 2 - (rimMm - flatInsetMm) ** 2);
  checkOption(
    'wheel',
    'bedChamferMm',
    o.bedChamferMm,
    o.bedChamferMm <= flatHalfMm - MIN_FEATURE_MM / 2,
    `at most ${(flatHalfMm - MIN_FEATURE_MM / 2).toFixed(2)} mm: the flat, ${(2 * flatHalfMm).toFixed(2)} mm across, must keep ${MIN_FEATURE_MM} mm on the bed`,
  );
  const widthMm = INTERFACES.wheel.widthMm;
  const flangeMm = (widthMm - grooveWidthMm(o.band)) / 2;
  const axle = INTERFACES.axle;
  // Model frame: axle along Z from z = 0 to the wheel's width, flat facing −Y.
  const core = sectionOutline(grooveMm, flatInsetMm, true).extrude(widthMm);
  const flange = flangeOutline(rimMm, flatInsetMm, o.bedChamferMm).extrude(flangeMm);
  // Stubs reach 1 mm into the disc so the union never meets on a bare coplanar face. Each stands out
  // sideways from its flange's face, so its underside rises along the axle as it leaves the face, STUB_RAD
  // from vertical: the layer that starts it reaches no farther out than the one under it allows. The stub
  // carries the ship on its upper half, which stays round.
  const r = axle.diameterMm / 2,
    k = 1 / Math.tan(STUB_RAD),
    n = Math.hypot(1, k);
  const stub = stubOutline(r).extrude(axle.stubLengthMm + 1);
  const solid = core.union(
    flange,
    flange.translate([0, 0, widthMm - flangeMm]),
    stub.translate([0, 0, -axle.stubLengthMm]).trimByPlane([0, 1 / n, k / n], -r / n),
    stub.translate([0, 0, widthMm - 1]).trimByPlane([0, 1 / n, -k / n], (-r - k * widthMm) / n),
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
