/**
 * Mast: a peg that plugs into a hull mast socket or an island flag hole, a shoulder collar that rests on
 * the deck, the pole that carries the sail's loops, and a top tenon for the flag holder's sleeve.
 *
 * Printed lying down (BRIEF §3): every round section is cut flat by the bed plane, so the whole length sits
 * on the bed. Peg, collar and pole share one axis, the peg's flat being INTERFACES.mastPeg.flatDepthMm; the
 * thinner tenon drops its axis so that it too rests on the bed with a `flatDepthMm` flat (a round section
 * that stopped short of the bed would print its underside in the air).
 */
import { cylinder, union, type Solid } from '../geometry/kernel.js';
import { layOnBed, type Feature, type Part } from '../geometry/part.js';
import { ZERO_VOLUME_MM3 } from '../mesh/topology.js';
import { DEFAULT_BED_CHAMFER_MM, INTERFACES, MIN_FEATURE_MM } from '../standard.js';
import { chamferFitsAtBed } from './chamfer.js';
import { checkRange, mergeOptions } from './options.js';

export interface MastOptions {
  /** Diameter of the shoulder collar between peg and pole, which rests on the deck. Default 7 mm. */
  collarDiameterMm: number;
  /** Length of the collar. Default 2 mm (ten 0.2 mm layers' worth of bearing on the deck). */
  collarLengthMm: number;
  /**
   * Length of the pole between collar and tenon. Default INTERFACES.mastPole.lengthMm (a sail's loops
   * ride it); a game whose masts carry no sail may print them shorter (Rigadoon's, games/rigadoon).
   */
  poleLengthMm: number;
  /** Flat cut along sections that do not reach the peg's bed plane (the tenon). Default 0.15 mm. */
  flatDepthMm: number;
  /** Lead-in chamfer on the peg and tenon tips. Default 0.4 mm. */
  tipChamferMm: number;
  /**
   * How far inside its outline each round section (peg, pole, tenon) stands on the bed, against the
   * printer's elephant's foot (chamfer.ts). Default DEFAULT_BED_CHAMFER_MM.
   */
  bedChamferMm: number;
}

export const DEFAULTS: MastOptions = {
  collarDiameterMm: 7,
  collarLengthMm: 2,
  poleLengthMm: INTERFACES.mastPole.lengthMm,
  flatDepthMm: 0.15,
  tipChamferMm: 0.4,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

/** Builds a mast lying on its flat, along −X from the peg's tip. Features: `mast-peg`, `mast-pole`, `mast-tenon` (pegs). */
export function mast(options?: Partial<MastOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  const peg = INTERFACES.mastPeg,
    pole = INTERFACES.mastPole,
    tenon = INTERFACES.mastTenon;
  checkRange('mast', 'collarDiameterMm', o.collarDiameterMm, peg.diameterMm + 2 * MIN_FEATURE_MM, 20);
  checkRange('mast', 'collarLengthMm', o.collarLengthMm, MIN_FEATURE_MM, 10);
  checkRange('mast', 'poleLengthMm', o.poleLengthMm, 5, 120);
  checkRange('mast', 'flatDepthMm', o.flatDepthMm, 0.05, tenon.diameterMm / 4);
  checkRange('mast', 'tipChamferMm', o.tipChamferMm, 0, tenon.diameterMm / 4);
  checkRange('mast', 'bedChamferMm', o.bedChamferMm, 0, 0.4);

  // Built along +Z from the peg's tip, with the bed as the plane x = 0 (material at x ≥ 0).
  const axisX = peg.diameterMm / 2 - peg.flatDepthMm;
  const axisOf = (diameterMm: number): number => Math.min(axisX, diameterMm / 2 - o.flatDepthMm);
  const section = (diameterMm: number, z0: number, lengthMm: number, chamferAt: 'start' | 'end' | null): Solid => {
    const r = diameterMm / 2;
    const c = chamferAt ? o.tipChamferMm : 0;
    const straight = cylinder(lengthMm - c, r).translate([0, 0, chamferAt === 'start' ? c : 0]);
    const tip =
      c > 0
        ? chamferAt === 'start'
          ? cylinder(c, r - c, r)
          : cylinder(c, r, r - c).translate([0, 0, lengthMm - c])
        : null;
    return (tip ? straight.union(tip) : straight).translate([axisOf(diameterMm), 0, z0]);
  };
  const zCollar = peg.lengthMm;
  const zPole = zCollar + o.collarLengthMm;
  const zTenon = zPole + o.poleLengthMm;
  const solid = union([
    section(peg.diameterMm, 0, peg.lengthMm, 'start'),
    section(o.collarDiameterMm, zCollar, o.collarLengthMm, null),
    section(pole.diameterMm, zPole, o.poleLengthMm, null),
    section(tenon.diameterMm, zTenon, tenon.lengthMm, 'end'),
  ]).trimByPlane([1, 0, 0], 0);

  const pegFeature = (
    kind: Feature['kind'],
    diameterMm: number,
    rootZ: number,
    up: boolean,
    depthMm: number,
  ): Feature => ({
    id: kind,
    kind,
    role: 'peg',
    positionMm: [axisOf(diameterMm), 0, rootZ],
    axis: [0, 0, up ? 1 : -1],
    size: { shape: 'round', diameterMm },
    depthMm,
    mating: 'sliding',
  });
  const part = layOnBed(
    {
      solid,
      features: [
        // The peg's root is at the collar; it runs down to its tip.
        pegFeature('mast-peg', peg.diameterMm, zCollar, false, peg.lengthMm),
        pegFeature('mast-pole', pole.diameterMm, zPole, true, o.poleLengthMm),
        pegFeature('mast-tenon', tenon.diameterMm, zTenon, true, tenon.lengthMm),
      ],
    },
    [0, -90, 0],
  );
  // Each round section's underside becomes two faces from its strip on the bed up to its axis: a lying
  // cylinder's underside overhangs up to 90° right at the bed, and its flat's edges swell into the fit.
  const chamfered = chamferFitsAtBed(part, o.bedChamferMm);
  // The pole's chamfer cut ends flush with the pole's end face, where the thinner tenon goes on; for some
  // lengths (Rigadoon's 18 mm pole) the kernel leaves a closed film of no volume there, a body of its own
  // touching the mast at a corner. It is no part of the mast: dropped.
  const bodies = chamfered.solid.bodies();
  if (bodies.length === 1) return chamfered;
  return { ...chamfered, solid: union(bodies.filter((b) => Math.abs(b.volumeMm3()) >= ZERO_VOLUME_MM3)) };
}
