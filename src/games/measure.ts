/**
 * Measurements the game packs' rules take on exported meshes (never on the parameters that built them):
 * a click dial's stops, its snap pivot's hold and its detent's click, and the engraved marks along a line.
 * Each takes solids rebuilt from STL bytes and the features the builder declared (where to look).
 */
import { box, rayHitsMm, type Solid } from '../geometry/kernel.js';
import type { Feature } from '../geometry/part.js';
import { measureFeature } from '../mesh/probe.js';

const FAR_MM = 1000;

/** Height of the surface at (x, y): the first hit of a ray coming down from far above, or null over air. */
export function surfaceZMm(solid: Solid, x: number, y: number): number | null {
  const top = solid.bounds().max[2] + 1;
  const hits = rayHitsMm(solid, [x, y, top], [x, y, top - FAR_MM]);
  return hits.length ? top - hits[0]! : null;
}

/** A peg standing up from a face (a detent nub): its top's height over the face beside it. */
export function pegHeightMm(solid: Solid, f: Feature): number {
  const [x, y, z] = f.positionMm;
  const onTop = surfaceZMm(solid, x, y);
  const r = f.size.shape === 'round' ? f.size.diameterMm / 2 : Math.max(f.size.widthMm, f.size.heightMm) / 2;
  // The face beside it, a peg's radius and a millimetre off on its four sides (the lowest, in case one side meets other relief).
  const beside = [[1, 0], [-1, 0], [0, 1], [0, -1]].map(([dx, dy]) => surfaceZMm(solid, x + dx! * (r + 1), y + dy! * (r + 1)) ?? -Infinity).filter((v) => Math.abs(v - z) < 0.5);
  if (onTop === null || beside.length === 0) return 0;
  return onTop - Math.min(...beside);
}

/** A hole sunk into the face on the bed (a dial's dimple): how deep, from the bed up, at its centre. */
export function bedHoleDepthMm(solid: Solid, f: Feature): number {
  const [x, y] = f.positionMm;
  const bottom = solid.bounds().min[2];
  const hits = rayHitsMm(solid, [x, y, bottom - 1], [x, y, bottom - 1 + FAR_MM]);
  return hits.length ? hits[0]! - 1 : 0;
}

/** Radius of a vertical pin at height z: its slice's reach along ±Y from the axis (a split pin's slot runs along X). */
export function pinRadiusAtMm(solid: Solid, axis: readonly [number, number], z: number): number {
  const [x, y] = axis;
  const window = box([40, 40, 0.02], false).translate([x - 20, y - 20, z - 0.01]);
  const b = solid.intersect(window);
  if (b.isEmpty()) return 0;
  const bb = b.bounds();
  return Math.min(bb.max[1] - y, y - bb.min[1]);
}

export interface PivotMeasure {
  /** The dial's bore, measured (its smallest chord / 2). */
  boreRadiusMm: number;
  /** The pin's shaft, where the dial turns on it. */
  shaftRadiusMm: number;
  /** The head's barb at its widest. */
  barbRadiusMm: number;
  /** Radial play of the dial on its shaft: bore − shaft. */
  radialPlayMm: number;
  /** How far the barb stands over the bore's edge: what the prongs must flex in by to let the dial on or off. */
  retentionMm: number;
  /** How far the dial lifts before its bore's top edge meets the barb's underside. */
  axialPlayMm: number;
  /** The dial's thickness (its mesh's height). */
  dialThicknessMm: number;
}

/**
 * A dial on its base's pivot, both measured: the bore on the dial's mesh, the pin's radius by height on the
 * base's mesh (slices), the dial's thickness from its mesh. The dial sits on the plate's top, `pivot`'s root.
 */
export function measurePivot(base: Solid, pivot: Feature, dial: Solid, bore: Feature): PivotMeasure {
  const boreRadiusMm = measureFeature(dial, bore).minMm / 2;
  const db = dial.bounds();
  const dialThicknessMm = db.max[2] - db.min[2];
  const [x, y, top] = pivot.positionMm;
  const at = (z: number): number => pinRadiusAtMm(base, [x, y], z);
  const shaftRadiusMm = at(top + dialThicknessMm / 2);
  // Up the pin from the dial's top face: the barb's widest, and the first height where it reaches the bore's radius.
  let barbRadiusMm = 0, contactZ = Infinity;
  for (let z = top + dialThicknessMm; z < base.bounds().max[2]; z += 0.02) {
    const r = at(z);
    barbRadiusMm = Math.max(barbRadiusMm, r);
    if (r >= boreRadiusMm && contactZ === Infinity) contactZ = z;
  }
  return {
    boreRadiusMm,
    shaftRadiusMm,
    barbRadiusMm,
    radialPlayMm: boreRadiusMm - shaftRadiusMm,
    retentionMm: barbRadiusMm - boreRadiusMm,
    axialPlayMm: contactZ - (top + dialThicknessMm),
    dialThicknessMm,
  };
}

/** Centres of the engraved grooves crossed by a line at height z from `from` to `to` (distances along it, mm). */
export function grooveCentresMm(solid: Solid, from: readonly [number, number], to: readonly [number, number], z: number): number[] {
  const hits = rayHitsMm(solid, [from[0], from[1], z], [to[0], to[1], z]);
  // The ray starts outside the part: hits alternate entering and leaving material; grooves are the gaps
  // between a leave and the next entry.
  const centres: number[] = [];
  for (let i = 1; i + 1 < hits.length; i += 2) centres.push((hits[i]! + hits[i + 1]!) / 2);
  return centres;
}
