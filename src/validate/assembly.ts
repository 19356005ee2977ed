/**
 * Parts placed as assembled, for the assembly rules: every mesh is moved from the frame it prints in to
 * where it sits on the table, by matching the features that mate (a peg's root on its hole's mouth, the peg
 * running into the hole), never from the parameters that built them. The world frame is the hull file's.
 *
 * - fittings: the mast peg, cargo peg and turret pivot in the sockets the hull probe found open; the sail
 *   on the mast's pole, its lower loop on the collar, spread across the ship; the turret turned to a heading;
 * - the carriage pressed into the wheel slot (block widths aligned) and the wheel's axle stubs centred in
 *   the carriage's bearings, its flat down (a parked ship rests on its flat);
 * - a cannon in a slot, upright (its print-frame up is the world's up), its plug pushed in to a depth.
 *
 * Masses come from the print estimate (src/bom/estimate.ts: walls, skins and infill at the print settings,
 * times the material's density), plus the steel ballast washers in any ballast pocket; where that mass sits in a part is its centre weighted as printed: the
 * whole volume at the infill fraction, plus the shell (walls and skins, each surface times its thickness)
 * at full density.
 */
import { estimatePrint } from '../bom/estimate.js';
import type { Faction } from '../faction/types.js';
import { rayHitsMm, type MeshData, type Solid } from '../geometry/kernel.js';
import { centroidMm, meshMoments } from '../geometry/mass.js';
import {
  applyDirection,
  applyPoint,
  compose,
  translation,
  type Feature,
  type FeatureKind,
  type Mat4,
} from '../geometry/part.js';
import { add, cross, dot, neg, norm, scale, sub, unit, type Vec3 } from '../geometry/vec3.js';
import { CATALOG } from '../generate/catalog.js';
import { findMaterial } from '../materials.js';
import { facets } from '../mesh/analysis.js';
import { BALLAST_WASHER, PRINT_DEFAULTS, washerGrams } from '../standard.js';
import { featureMiddle } from './measure.js';
import type { Context, MeshFile } from './types.js';

export interface Placed {
  /** What it is, for messages: `hull`, `mast`, `cannon in model.cannonSlots[0]`. */
  name: string;
  file: MeshFile;
  /** File frame → world (hull) frame. */
  transform: Mat4;
  /** The solid in the world frame. */
  solid: Solid;
  /** Its features in the world frame. */
  features: Feature[];
}

/** A cannon slot as assembled: on the hull, or on a placed turret. */
export interface SlotSite {
  /** Where the model declares it, e.g. `model.cannonSlots[1]` (turret). */
  declared: string;
  slot: Feature;
  host: Placed;
}

export const UP: Vec3 = [0, 0, 1];

/** A frame: an origin, an axis and a direction across it (made perpendicular to the axis). */
interface Frame {
  p: Vec3;
  axis: Vec3;
  across: Vec3;
}

function basis(f: Frame): [Vec3, Vec3, Vec3] {
  const a = unit(f.axis);
  let u = sub(f.across, scale(a, dot(f.across, a)));
  // An `across` along the axis says nothing: any perpendicular will do.
  if (norm(u) < 1e-6) u = cross(a, Math.abs(a[2]) < 0.9 ? UP : [1, 0, 0]);
  u = unit(u);
  return [a, u, cross(a, u)];
}

/** The rigid motion taking frame `from` onto frame `to`. */
export function frameToFrame(from: Frame, to: Frame): Mat4 {
  const [a0, b0, c0] = basis(from),
    [a1, b1, c1] = basis(to);
  // R = Σ to_i ⊗ from_i, column-major.
  const col = (j: number): Vec3 =>
    [0, 1, 2].map((i) => a1[i]! * a0[j]! + b1[i]! * b0[j]! + c1[i]! * c0[j]!) as unknown as Vec3;
  const r = [col(0), col(1), col(2)];
  const m: number[] = [...r[0]!, 0, ...r[1]!, 0, ...r[2]!, 0, 0, 0, 0, 1];
  const moved = applyPoint(m, from.p);
  return compose(translation(sub(to.p, moved)), m);
}

function place(ctx: Context, name: string, file: MeshFile, transform: Mat4): Placed | null {
  const solid = ctx.solid(file);
  if (!solid) return null;
  const features = file.features.map((f) => {
    const size =
      f.size.shape === 'round' ? f.size : { ...f.size, widthAxis: applyDirection(transform, f.size.widthAxis) };
    return { ...f, positionMm: applyPoint(transform, f.positionMm), axis: applyDirection(transform, f.axis), size };
  });
  return { name, file, transform, solid: solid.transform(transform), features };
}

const featureOf = (file: MeshFile, kind: FeatureKind): Feature | undefined =>
  file.features.find((f) => f.kind === kind);
/** The file's print-frame up, seen in the world: a part printed as it is used keeps it. */
const widthAxis = (f: Feature): Vec3 => (f.size.shape === 'rect' ? f.size.widthAxis : UP);

/**
 * A peg pushed `insertMm` into a hole (its full length when omitted), its `across` direction (in its own
 * file frame) turned to `worldAcross`.
 */
export function pegInHole(
  peg: Feature,
  hole: Feature,
  pegAcross: Vec3,
  worldAcross: Vec3,
  insertMm = peg.depthMm,
): Mat4 {
  return frameToFrame(
    { p: peg.positionMm, axis: peg.axis, across: pegAcross },
    { p: add(hole.positionMm, hole.axis, peg.depthMm - insertMm), axis: neg(hole.axis), across: worldAcross },
  );
}

/** The hull as it is in its file: the world frame. */
export function placedHull(ctx: Context, faction: Faction): Placed | null {
  const file = ctx.file('hull', faction.id);
  return file && place(ctx, 'hull', file, translation([0, 0, 0]));
}

/**
 * The ship's fittings in the sockets the hull probe found open, the sail on the mast, and the turret
 * turned so its slot faces `turretHeadingDeg` (0 = bow, 90 = port).
 */
export function placedFittings(ctx: Context, faction: Faction, turretHeadingDeg = 0): Placed[] {
  const probe = ctx.hull(faction);
  if (!probe) return [];
  const out: Placed[] = [];
  const t = (turretHeadingDeg * Math.PI) / 180;
  for (const fit of probe.fittings) {
    if (!fit.open) continue;
    const socket = fit.feature;
    const file = ctx.file(fit.kind, fit.kind === 'cargo' ? faction.id : null);
    if (fit.kind === 'turret') {
      const tf = ctx.file('turret', faction.id);
      const pivot = tf && featureOf(tf, 'turret-pivot');
      const slot = tf && featureOf(tf, 'cannon-slot');
      if (!tf || !pivot || !slot) continue;
      const placed = place(
        ctx,
        `turret (${fit.declared})`,
        tf,
        pegInHole(pivot, socket, slot.axis, [Math.cos(t), Math.sin(t), 0]),
      );
      if (placed) out.push(placed);
      continue;
    }
    const peg = file && featureOf(file, fit.kind === 'mast' ? 'mast-peg' : 'cargo-peg');
    if (!file || !peg) continue;
    // The cargo's square peg lines up with its socket; the mast turns its flat aft.
    const placed = place(
      ctx,
      `${fit.kind} (${fit.declared})`,
      file,
      fit.kind === 'cargo'
        ? pegInHole(peg, socket, widthAxis(peg), widthAxis(socket))
        : pegInHole(peg, socket, UP, [1, 0, 0]),
    );
    if (!placed) continue;
    out.push(placed);
    if (fit.kind === 'mast') {
      const sail = placedSail(ctx, faction, placed, fit.declared);
      if (sail) out.push(sail);
    }
  }
  return out;
}

/** The sail on a placed mast: loops round the pole, the lower loop resting on the collar, the sail across the ship. */
function placedSail(ctx: Context, faction: Faction, mast: Placed, declared: string): Placed | null {
  // The faction's own sails where its look has them, else the shared ones.
  const file = ctx.file('sail', faction.id) ?? ctx.file('sail');
  const pole = mast.features.find((f) => f.kind === 'mast-pole');
  const loops = file?.features.filter((f) => f.kind === 'sail-loop') ?? [];
  if (!file || !pole || loops.length === 0) return null;
  // The loops' common axis, head first (the sail's head is its print frame's +y); the lowest loop end rests on the collar.
  const axis = dot(loops[0]!.axis, [0, 1, 0]) >= 0 ? loops[0]!.axis : neg(loops[0]!.axis);
  const middle = featureMiddle(loops[0]!);
  const ends = loops.flatMap((f) => [f.positionMm, add(f.positionMm, f.axis, -f.depthMm)]);
  const lowest = Math.min(...ends.map((e) => dot(sub(e, middle), axis)));
  const to: Frame = { p: add(pole.positionMm, pole.axis, -lowest), axis: pole.axis, across: [0, 1, 0] };
  return place(
    ctx,
    `sail (on the mast in ${declared})`,
    file,
    frameToFrame({ p: middle, axis, across: [1, 0, 0] }, to),
  );
}

/** The carriage pressed into the hull's wheel slot and the wheel in its bearings, flat down. */
export function placedRunningGear(ctx: Context, faction: Faction): { carriage: Placed; wheel: Placed } | null {
  const slot = ctx.hull(faction)?.wheelSlot;
  const cf = ctx.file('carriage'),
    wf = ctx.file('wheel');
  const block = cf && featureOf(cf, 'carriage-block');
  if (!slot?.open || !cf || !wf || !block) return null;
  const carriage = place(
    ctx,
    'carriage',
    cf,
    pegInHole(block, slot.feature, widthAxis(block), widthAxis(slot.feature)),
  );
  const bearings = carriage?.features.filter((f) => f.kind === 'bearing') ?? [];
  const axles = wf.features.filter((f) => f.kind === 'axle');
  if (!carriage || bearings.length < 2 || axles.length < 2) return null;
  const mid = (fs: Feature[]): Vec3 => {
    const ms = fs.map(featureMiddle);
    return [0, 1, 2].map((i) => ms.reduce((s, m) => s + m[i]!, 0) / ms.length) as unknown as Vec3;
  };
  const from: Frame = { p: mid(axles), axis: axles[0]!.axis, across: UP };
  const to: Frame = { p: mid(bearings), axis: bearings[0]!.axis, across: UP };
  const wheel = place(ctx, 'wheel', wf, frameToFrame(from, to));
  return wheel && { carriage, wheel };
}

/** Every cannon slot of the ship as assembled: the hull's that the probe found open and firing out (card/cannon-slots reports the rest), and each turret's. */
export function slotSites(ctx: Context, faction: Faction, hull: Placed, fittings: readonly Placed[]): SlotSite[] {
  const probe = ctx.hull(faction);
  const sites: SlotSite[] = (probe?.cannonSlots ?? [])
    .filter((s) => s.open && s.reachable)
    .map((s) => ({ declared: s.declared, slot: s.feature, host: hull }));
  const turretIndex = faction.model.cannonSlots.findIndex((s) => s.mount === 'turret');
  for (const f of fittings) {
    if (f.file.part !== 'turret') continue;
    const slot = f.features.find((x) => x.kind === 'cannon-slot');
    if (slot) sites.push({ declared: `model.cannonSlots[${turretIndex}] (turret)`, slot, host: f });
  }
  return sites;
}

/**
 * The cannon upright in a slot of `host`, its plug `insertMm` in (its full length by default). Home is the
 * plug's root the slot's depth out from its floor, the floor found on the host's mesh by a ray from the
 * slot's middle inward: a probed mouth may sit a hair inside the true one where the side curves.
 */
export function placedCannon(ctx: Context, host: Solid, slot: Feature, name: string, insertMm?: number): Placed | null {
  const file = ctx.file('cannon');
  const plug = file && featureOf(file, 'cannon-plug');
  if (!file || !plug) return null;
  const middle = featureMiddle(slot);
  const floorMm = rayHitsMm(host, middle, add(middle, slot.axis, -slot.depthMm))[0] ?? slot.depthMm / 2;
  // Home: the slot's depth (the plug's length plus its fit's bottom gap) out from the floor, as it was cut.
  const home: Feature = { ...slot, positionMm: add(middle, slot.axis, slot.depthMm - floorMm) };
  return place(ctx, name, file, pegInHole(plug, home, UP, UP, insertMm));
}

// ---------------------------------------------------------------------------------------------------------
// Mass

export interface MassProps {
  grams: number;
  /** Centre of mass in the file's frame. */
  centreMm: Vec3;
}

const massCache = new WeakMap<MeshFile, MassProps | null>();

/** The printed mass of one copy of a file and where it sits, or null when the mesh is not a solid. */
export function massOf(ctx: Context, file: MeshFile): MassProps | null {
  if (massCache.has(file)) return massCache.get(file)!;
  const solid = ctx.solid(file);
  let props: MassProps | null = null;
  if (solid) {
    const entry = CATALOG.find((e) => e.part === file.part);
    const material = findMaterial(entry ? entry.material(ctx.settings) : 'pla') ?? findMaterial('pla')!;
    const mesh = solid.toMesh();
    const grams = estimatePrint(mesh, PRINT_DEFAULTS, material.densityGPerCm3.value).grams;
    props = { grams, centreMm: printedCentre(mesh) };
  }
  massCache.set(file, props);
  return props;
}

/**
 * Centre of a part's printed mass: its volume at the infill fraction plus its shell at full density, the
 * shell being each triangle's area times the walls' thickness (perimeters × line width) or, for faces
 * within 45° of flat, the skins' (top or bottom layers × layer height). A part thinner than its shell is
 * solid: its volume's centre.
 */
function printedCentre(mesh: MeshData): Vec3 {
  const P = PRINT_DEFAULTS;
  const m = meshMoments(mesh);
  let shell = 0;
  const cs = [0, 0, 0];
  // Each facet's area and the z of its unit normal (the overhang analysis of the same mesh has them).
  const { normals, areasMm2 } = facets(mesh);
  const p = mesh.positions,
    t = mesh.triangles;
  for (let i = 0; i < areasMm2.length; i++) {
    const area = areasMm2[i]!,
      nz = normals[3 * i + 2]!;
    const thick =
      nz > Math.SQRT1_2
        ? P.topLayers * P.layerHeightMm
        : nz < -Math.SQRT1_2
          ? P.bottomLayers * P.layerHeightMm
          : P.perimeters * P.lineWidthMm;
    shell += area * thick;
    for (let k = 0; k < 3; k++)
      cs[k]! += (area * thick * (p[3 * t[3 * i]! + k]! + p[3 * t[3 * i + 1]! + k]! + p[3 * t[3 * i + 2]! + k]!)) / 3;
  }
  const f = P.infillFraction,
    vol = m.volumeMm3;
  if (shell >= vol) return centroidMm(m);
  const w = f * vol + (1 - f) * shell;
  return [0, 1, 2].map((k) => (f * m.first[k]! + (1 - f) * cs[k]!) / w) as unknown as Vec3;
}

/**
 * The ballast washers a placed part carries: one stack per `ballast-pocket` feature, as many washers as its
 * depth holds at their thickest, pressed home against the pocket's floor; mass from their nominal size.
 */
export function ballastOf(part: Placed): { washers: number; grams: number; centreMm: Vec3 }[] {
  const w = BALLAST_WASHER;
  return part.features
    .filter((f) => f.kind === 'ballast-pocket')
    .map((f) => {
      const washers = Math.floor(f.depthMm / w.thicknessMaxMm + 1e-9);
      const floor = add(f.positionMm, f.axis, -f.depthMm);
      return { washers, grams: washers * washerGrams(), centreMm: add(floor, f.axis, (washers * w.thicknessMm) / 2) };
    });
}

/** Total mass and its centre, in the world frame, of placed parts and the ballast washers they carry. */
export function combinedMass(ctx: Context, parts: readonly Placed[]): { grams: number; centreMm: Vec3 } {
  let grams = 0;
  let c: Vec3 = [0, 0, 0];
  for (const part of parts) {
    const m = massOf(ctx, part.file);
    if (!m) continue;
    c = add(c, applyPoint(part.transform, m.centreMm), m.grams);
    grams += m.grams;
    for (const b of ballastOf(part)) {
      c = add(c, b.centreMm, b.grams);
      grams += b.grams;
    }
  }
  return { grams, centreMm: [c[0] / grams, c[1] / grams, c[2] / grams] };
}

/** Volume two placed solids share, mm³. */
export function overlapMm3(a: Solid, b: Solid): number {
  return a.intersect(b).volumeMm3();
}
