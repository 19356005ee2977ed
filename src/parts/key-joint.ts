/**
 * The jigsaw key that joins flat pieces edge to edge (board tiles, range-ruler segments): a round knob on
 * a neck standing out of one piece's edge, and the keyway the next piece's edge takes it in. One outline
 * serves both halves: the keyway is the key grown by the sliding clearance (standard.ts `fitHoleMm`'s
 * rule), so the two always come from the same numbers (GAME_INTERFACES.key).
 *
 * Both are built in the plane with the edge along the Y axis at x = 0 and the key reaching along +X.
 */
import { circle, hull2d, rect, type Profile } from '../geometry/kernel.js';
import type { Feature } from '../geometry/part.js';
import { clearanceMm, GAME_INTERFACES } from '../standard.js';

const K = GAME_INTERFACES.key;

/** The key's outline standing out of an edge at x = 0 along +X, centred on y = 0; `growMm` grows it all round. */
export function keyProfile(growMm = 0): Profile {
  const r = K.knobDiameterMm / 2;
  const knob = circle(r + growMm).translate(K.reachMm - r, 0);
  // The neck runs back past the edge so the union with the plate leaves no seam.
  const neck = rect(K.reachMm - r + 1, K.neckWidthMm + 2 * growMm, false).translate(-1, -(K.neckWidthMm / 2 + growMm));
  return hull2d([neck]).union(knob);
}

/** The keyway's outline, cut into an edge at x = 0 and reaching along +X into the piece: the key grown by the sliding clearance. */
export function keywayProfile(slidingClearanceMm: number): Profile {
  const grow = clearanceMm('sliding', slidingClearanceMm);
  // Its mouth opens a little past the edge so the cut leaves no skin there.
  return keyProfile(grow).union(rect(1, K.neckWidthMm + 2 * grow, false).translate(-1, -(K.neckWidthMm / 2 + grow)));
}

/** How far the neck runs straight out of the edge before the knob's circle grows wider than it: the fit's depth. */
function neckRunMm(): number {
  const r = K.knobDiameterMm / 2;
  return K.reachMm - r - Math.sqrt(r * r - (K.neckWidthMm / 2) ** 2);
}

/**
 * The feature a key or keyway declares, on the edge point `at` (x, y, z at the piece's mid-thickness),
 * `axis` the edge's outward normal in the plane, the piece's bottom edge chamfered by `bedChamferMm`: the neck's width is the fit.
 */
export function keyFeature(
  id: string,
  role: 'hole' | 'peg',
  at: readonly [number, number, number],
  axis: readonly [number, number, number],
  thicknessMm: number,
  slidingClearanceMm: number,
  bedChamferMm: number,
): Feature {
  const grow = role === 'hole' ? clearanceMm('sliding', slidingClearanceMm) : 0;
  // Width across the neck, in the plane and square to the axis.
  const widthAxis: [number, number, number] = [-axis[1], axis[0], 0];
  return {
    id,
    kind: role === 'hole' ? 'keyway' : 'key',
    role,
    // Both sit on the edge with `axis` out of it: a keyway runs in along −axis, a key out along +axis.
    positionMm: [at[0], at[1], at[2]],
    axis: [axis[0], axis[1], axis[2]],
    // Its bottom edges are bevelled with the piece's (chamfer.ts extrudeWithBedChamfer): the probes sample inside the bevel.
    size: {
      shape: 'rect',
      widthMm: K.neckWidthMm + 2 * grow,
      heightMm: thicknessMm,
      widthAxis,
      ...(bedChamferMm > 0 ? { cornerChamferMm: bedChamferMm } : {}),
    },
    depthMm: neckRunMm(),
    mating: 'sliding',
  };
}
