/**
 * Probing a hull where its faction's MODEL says each feature is, so the card can be checked against the
 * mesh that will be printed rather than against the parameters that made it.
 *
 * Frames. The model's positions are in the hull frame: x along the keel (+ toward the bow), y to port,
 * z up, flat bottom at z = 0, deck at z = model.hull.heightMm. A generated hull is exported laid on the bed
 * (moved, not turned), so one translation maps the hull frame to the file; it is found from the file's
 * feature manifest as the shift that lines up the most declared deck and bottom features with manifest
 * features of the same kind. An external hull STL (model.externalHull) must be exported in the hull frame
 * itself, so its shift is zero.
 *
 * Hull cannon slots are declared only by facing and keel position; their mouths are found on the mesh:
 * rays beside the slot, from the keel line outward at slot height, give every place where the side leaves
 * material, and the slot is probed with its mouth at each. A slot counts when it is open there; whether a
 * cannon in it can fire is the probe's `reachable` (a ray out of the mouth escapes the part).
 */
import type { Faction, FittingKind, SlotFacing } from '../faction/types.js';
import type { Solid } from '../geometry/kernel.js';
import type { Feature, FeatureKind } from '../geometry/part.js';
import { rayTreeHitsMm } from '../geometry/ray-tree.js';
import { add, norm, sub, type Vec3 } from '../geometry/vec3.js';
import { isInside, probeFeature } from '../mesh/probe.js';
import {
  cannonSlot,
  cargoSocket,
  coinSlot,
  FACING,
  mastSocket,
  placeCut,
  turretSeat,
  wheelSlot,
  type Cut,
} from '../parts/cutters.js';
import { HULL } from '../standard.js';
import type { MeshFile } from './mesh-file.js';

export interface ProbedFeature {
  /** Where the model declares it, e.g. `model.fittings[1]`. */
  declared: string;
  feature: Feature;
  /** Every sample point inside the feature is open space. */
  open: boolean;
  /** A ray from the feature's middle out through its mouth leaves the part without touching it. */
  reachable: boolean;
}

export interface HullProbe {
  file: MeshFile;
  fittings: (ProbedFeature & { kind: FittingKind })[];
  /** Hull-mounted slots only; the turret's slot is on the turret part. */
  cannonSlots: (ProbedFeature & { facing: SlotFacing })[];
  coinSlot: ProbedFeature | null;
  wheelSlot: ProbedFeature | null;
}

const FAR_MM = 1000;
const FITTING_CUTTER = { mast: mastSocket, cargo: cargoSocket, turret: turretSeat } as const;
const FACING_DIR: Readonly<Record<SlotFacing, { dir: Vec3; angles: Vec3 }>> = {
  port: { dir: [0, 1, 0], angles: FACING['+y'] },
  starboard: { dir: [0, -1, 0], angles: FACING['-y'] },
  bow: { dir: [1, 0, 0], angles: FACING['+x'] },
  stern: { dir: [-1, 0, 0], angles: FACING['-x'] },
};

function probe(solid: Solid, declared: string, feature: Feature): ProbedFeature {
  const r = probeFeature(solid, feature);
  return { declared, feature, open: r.wrongPoints.length === 0, reachable: r.reachable };
}

/** Distances along the ray at which it passes from material into open space. */
function exitsAlong(solid: Solid, start: Vec3, dir: Vec3): number[] {
  let inside = isInside(solid, start);
  const exits: number[] = [];
  for (const d of rayTreeHitsMm(solid.rayTree(), start, add(start, dir, FAR_MM))) {
    if (inside) exits.push(d);
    inside = !inside;
  }
  return exits;
}

/** The deck and bottom features the model declares, as cuts in the hull frame. */
function declaredCuts(faction: Faction, clearanceMm: number): { declared: string; cut: Cut; fitting?: FittingKind }[] {
  const m = faction.model;
  const H = m.hull.heightMm;
  const out: { declared: string; cut: Cut; fitting?: FittingKind }[] = m.fittings.map((f, i) => ({
    declared: `model.fittings[${i}]`,
    cut: placeCut(FITTING_CUTTER[f.kind](`declared-${f.kind}-${i + 1}`, clearanceMm), [f.xMm, f.yMm, H], FACING.up),
    fitting: f.kind,
  }));
  if (m.coinSlot)
    out.push({
      declared: 'model.coinSlot',
      cut: placeCut(coinSlot('declared-coin-slot', clearanceMm), [m.coinSlot.xMm, m.coinSlot.yMm, H], FACING.up),
    });
  if (m.wheelSlot)
    out.push({
      declared: 'model.wheelSlot',
      cut: placeCut(wheelSlot('declared-wheel-slot', clearanceMm), [m.wheelSlot.xMm, 0, 0], FACING.down),
    });
  return out;
}

/** The shift from the hull frame to the file's frame: zero for an external hull, else from the manifest. */
function frameShift(faction: Faction, file: MeshFile, declared: readonly Feature[]): Vec3 {
  if (faction.model.externalHullStl) return [0, 0, 0];
  const near = (a: Vec3, b: Vec3): boolean => norm(sub(a, b)) < 0.01;
  const ofKind = (k: FeatureKind): Feature[] => file.features.filter((f) => f.kind === k);
  let best: { shift: Vec3; score: number } = { shift: [0, 0, 0], score: -1 };
  for (const d of declared)
    for (const m of ofKind(d.kind)) {
      const shift = sub(m.positionMm, d.positionMm);
      const score = declared.filter((e) =>
        ofKind(e.kind).some((n) => near(n.positionMm, add(e.positionMm, shift))),
      ).length;
      if (score > best.score) best = { shift, score };
    }
  return best.shift;
}

const moved = (f: Feature, shift: Vec3): Feature => ({ ...f, positionMm: add(f.positionMm, shift) });

/** Probes every feature the model declares on the hull mesh. Call inside `withArena`. */
export function probeHull(faction: Faction, file: MeshFile, solid: Solid, clearanceMm: number): HullProbe {
  const cuts = declaredCuts(faction, clearanceMm);
  const shift = frameShift(
    faction,
    file,
    cuts.map((c) => c.cut.feature),
  );
  const at = (i: number): ProbedFeature => probe(solid, cuts[i]!.declared, moved(cuts[i]!.cut.feature, shift));
  const fittings = faction.model.fittings.map((f, i) => ({ kind: f.kind, ...at(i) }));
  let next = fittings.length;
  const coin = faction.model.coinSlot ? at(next++) : null;
  const wheel = faction.model.wheelSlot ? at(next++) : null;

  const slotCut = cannonSlot('probe', clearanceMm);
  const halfMm = slotCut.feature.size.shape === 'rect' ? slotCut.feature.size.widthMm / 2 : 0;
  const besideMm = halfMm + HULL.minWallMm / 2;
  const z = HULL.cannonSlotCentreHeightMm;
  const cannonSlots: HullProbe['cannonSlots'] = [];
  faction.model.cannonSlots.forEach((s, i) => {
    if (s.mount !== 'hull') return;
    const { dir, angles } = FACING_DIR[s.facing];
    const side = s.facing === 'port' || s.facing === 'starboard';
    // Start on the keel line (side slots) or the hull's middle (end slots), at the slot's own position.
    const start = add([side ? s.offsetMm : 0, side ? 0 : s.offsetMm, z], shift);
    const across: Vec3 = side ? [1, 0, 0] : [0, 1, 0];
    const candidates = [
      ...exitsAlong(solid, add(start, across, besideMm), dir),
      ...exitsAlong(solid, add(start, across, -besideMm), dir),
    ]
      .sort((a, b) => a - b)
      .filter((d, k, all) => k === 0 || d - all[k - 1]! > 0.05);
    const probes = candidates.map((d) =>
      probe(
        solid,
        `model.cannonSlots[${i}]`,
        placeCut(cannonSlot(`declared-cannon-slot-${i + 1}`, clearanceMm), add(start, dir, d), angles).feature,
      ),
    );
    const chosen = probes.find((p) => p.open && p.reachable) ?? probes.find((p) => p.open) ?? probes[probes.length - 1];
    if (chosen) cannonSlots.push({ facing: s.facing, ...chosen });
  });
  return { file, fittings, cannonSlots, coinSlot: coin, wheelSlot: wheel };
}
