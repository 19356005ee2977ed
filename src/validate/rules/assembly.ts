/**
 * Assembly (issue 15): the parts measured together, placed as they are assembled on the table
 * (src/validate/assembly.ts), from their meshes and feature manifests.
 *
 * - `assembly/stands`: the ship with every fitting, its running gear and a cannon in each slot in turn (and
 *   in all at once) keeps its centre of mass over its support: the wheel's flat and the hull's lowest faces.
 * - `assembly/cannon-seats`: the cannon's plug goes in its full length in every slot (hull, turret, island
 *   topper, island) without the cannon meeting its host or any other fitting.
 * - `assembly/turret-sweep`: a loaded turret turns through the arc its card promises (all round without
 *   one) clear of the ship's parts, and rests on its drum rather than on its pivot's clearance.
 * - `assembly/shot-path`: a ball leaving every slot (the turret's over its arc) clears the ship's own parts.
 */
import { hull3d, Solid, sphere, type BoundsMm } from '../../geometry/kernel.js';
import { dot, sub, type Vec3 } from '../../geometry/vec3.js';
import type { Faction } from '../../faction/types.js';
import { speedForRangeMps } from '../../physics/flight.js';
import { INTERFACES } from '../../standard.js';
import { convexHull2d } from '../measure.js';
import {
  combinedMass,
  massOf,
  placedCannon,
  placedFittings,
  placedHull,
  placedRunningGear,
  slotSites,
  UP,
  type Placed,
  type SlotSite,
} from '../assembly.js';
import type { Context, MeshFile, Rule } from '../types.js';

const r2 = (x: number): number => Math.round(x * 100) / 100;
const r1 = (x: number): number => Math.round(x * 10) / 10;

/**
 * Overlap below this counts as touching, not meeting: two faces lying on each other leave boolean noise of
 * a few µm³, and a 0.05 mm³ sliver is a tenth of a 0.45 mm road over 1 mm, which a print cannot hold.
 */
export const OVERLAP_TOLERANCE_MM3 = 0.05;

const boxesMeet = (p: BoundsMm, q: BoundsMm): boolean =>
  [0, 1, 2].every((i) => p.min[i]! < q.max[i]! && q.min[i]! < p.max[i]!);

const boxes = new WeakMap<Solid, BoundsMm>();
/** A solid's bounds, asked of the kernel once: the sweep and the shot's legs test the same parts' boxes at every heading. */
function boxOf(solid: Solid): BoundsMm {
  let box = boxes.get(solid);
  if (!box) boxes.set(solid, (box = solid.bounds()));
  return box;
}

/** A solid known by its bounds before it is built: built only where another part's box meets them. */
interface Deferred {
  bounds: BoundsMm;
  solid: () => Solid;
}

/** Volume `a` shares with each of `others` above the tolerance, by name. */
function meets(a: Solid | Deferred, others: readonly Placed[]): { name: string; mm3: number }[] {
  const box = a instanceof Solid ? boxOf(a) : a.bounds;
  return others.flatMap((o) => {
    if (!boxesMeet(box, boxOf(o.solid))) return [];
    const mm3 = (a instanceof Solid ? a : a.solid()).intersect(o.solid).volumeMm3();
    return mm3 > OVERLAP_TOLERANCE_MM3 ? [{ name: o.name, mm3 }] : [];
  });
}

/** Everything one ship's rules need, placed once per faction and context. */
interface Ship {
  faction: Faction;
  hull: Placed;
  /** Fittings with the turret facing the bow. */
  fittings: Placed[];
  gear: { carriage: Placed; wheel: Placed } | null;
  sites: SlotSite[];
}

const ships = new WeakMap<Context, Map<string, Ship | null>>();

function shipOf(ctx: Context, faction: Faction): Ship | null {
  let byFaction = ships.get(ctx);
  if (!byFaction) ships.set(ctx, (byFaction = new Map()));
  if (!byFaction.has(faction.id)) {
    const hull = placedHull(ctx, faction);
    const fittings = hull ? placedFittings(ctx, faction) : [];
    byFaction.set(
      faction.id,
      hull && {
        faction,
        hull,
        fittings,
        gear: placedRunningGear(ctx, faction),
        sites: slotSites(ctx, faction, hull, fittings),
      },
    );
  }
  return byFaction.get(faction.id)!;
}

const isTurret = (p: Placed): boolean => p.file.part === 'turret';

/** Turret headings the card asks for: its arc centred on the bow, or all round; every SWEEP_STEP_DEG. */
export const SWEEP_STEP_DEG = 5;
function requiredHeadings(faction: Faction): number[] {
  const arc = faction.card.turretArcDeg ?? 360;
  const out: number[] = [];
  for (let h = -180; h < 180; h += SWEEP_STEP_DEG) if (arc >= 360 || Math.abs(h) <= arc / 2 + 1e-9) out.push(h);
  return out;
}

/**
 * A loaded turret is weighed and measured at every LOADED_STEP_DEG of its arc, coarser than the sweep's
 * step: a loaded ship's centre of mass and its cannon's reach change smoothly with the heading, where the
 * sweep's gaps can close between two steps. Our choice.
 */
const LOADED_STEP_DEG = 3 * SWEEP_STEP_DEG;
/** The turret headings a loaded ship is checked at; [0] for a ship without a turret. */
function loadedHeadings(ship: Ship): number[] {
  return ship.fittings.some(isTurret) ? requiredHeadings(ship.faction).filter((h) => h % LOADED_STEP_DEG === 0) : [0];
}

const turnings = new WeakMap<Ship, Map<number, { fittings: Placed[]; sites: SlotSite[] }>>();
/** The ship with its turret (if any) turned to `headingDeg`: fittings and slot sites, placed once per heading for every rule. */
function turned(ctx: Context, ship: Ship, headingDeg: number): { fittings: Placed[]; sites: SlotSite[] } {
  if (!ship.fittings.some(isTurret)) return { fittings: ship.fittings, sites: ship.sites };
  let byHeading = turnings.get(ship);
  if (!byHeading) turnings.set(ship, (byHeading = new Map()));
  if (!byHeading.has(headingDeg)) {
    const fittings = [
      ...ship.fittings.filter((f) => !isTurret(f)),
      ...placedFittings(ctx, ship.faction, headingDeg).filter(isTurret),
    ];
    byHeading.set(headingDeg, { fittings, sites: slotSites(ctx, ship.faction, ship.hull, fittings) });
  }
  return byHeading.get(headingDeg)!;
}

const seated = new WeakMap<SlotSite, Placed | null>();
/** The cannon pushed home in a slot site (`cannon in <declared>`), placed once for every rule; null where its mesh is no solid. */
function cannonIn(ctx: Context, site: SlotSite): Placed | null {
  if (!seated.has(site)) seated.set(site, placedCannon(ctx, site.host.solid, site.slot, `cannon in ${site.declared}`));
  return seated.get(site)!;
}

/** A set of headings as runs of neighbouring steps, a run through 180° counted once (it starts at its positive end). */
function sectors(headings: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const h of [...headings].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && h - last[1] <= SWEEP_STEP_DEG + 1e-9) last[1] = h;
    else out.push([h, h]);
  }
  const first = out[0],
    last = out[out.length - 1];
  if (out.length > 1 && first![0] === -180 && last![1] === 180 - SWEEP_STEP_DEG) {
    out.shift();
    last![1] = first![1];
  }
  return out;
}

/** Describes a set of headings as runs, e.g. "-110° to -80°, 105° to 175°", or "170° to -175°" through 180°. */
function runs(headings: readonly number[]): string {
  return sectors(headings)
    .map(([a, b]) => (a === b ? `${a}°` : `${a}° to ${b}°`))
    .join(', ');
}

/** The widest arc centred on the bow whose every step is in `clear`, degrees. */
function clearArcAboutBow(clear: ReadonlySet<number>): number {
  let half = 0;
  while (half < 180 && clear.has(half) && clear.has(-half)) half += SWEEP_STEP_DEG;
  return half >= 180 && clear.size * SWEEP_STEP_DEG >= 360 ? 360 : Math.max(0, 2 * (half - SWEEP_STEP_DEG));
}

// ---------------------------------------------------------------------------------------------------------
// Stands

/**
 * The least tipping angle a ship must have: the angle its support's nearest edge makes with its centre of
 * mass. 10° covers a table leaning 2–3° (a folding table, a tablecloth), the jolt of a thumb drawing the
 * cannon's arm (about 30 N across a ship of 40–60 g, BRIEF §4) and a hand sliding it a ship-width for
 * Evasive Maneuvers, with room to spare; a ship on its wheel and skid rocks visibly below it.
 */
export const MIN_TIP_ANGLE_DEG = 10;
/** The wheel's lowest vertices within this of its lowest point make its flat. */
const FLAT_TOLERANCE_MM = 0.05;
/** Vertices within this of the table plane touch it. */
const CONTACT_TOLERANCE_MM = 0.05;
/**
 * Parts of the ship hovering over the table when it stands on its wheel and skid (the carriage's foot, the
 * bottom's corners) catch it when it heels. It may come to rest heeled at most this far onto them (a ship
 * heeled further looks knocked over); tilted to topple, it also lands on any it reaches within
 * MIN_TIP_ANGLE_DEG, which count toward the tipping angle (to first order the tilt that topples a ship is
 * the angle to the farthest support's edge, however many it lands on on the way).
 */
export const MAX_REST_HEEL_DEG = 5;

export interface Stance {
  /** Distance from the centre of mass, dropped onto the table, to the support's nearest edge (negative: outside); the resting support's, when it does not come to rest within MAX_REST_HEEL_DEG. */
  marginMm: number;
  /** Height of the centre of mass over the table. */
  heightMm: number;
  /** How far it heels before it rests (0: it stands level on its wheel, skid and anything on the table). */
  restHeelDeg: number;
  /** The tilt that topples it, atan(margin / height); negative when it does not come to rest within MAX_REST_HEEL_DEG. */
  tipDeg: number;
  /** Which way it tips first. */
  toward: string;
  /** The support polygon on the table, for messages; `frontPart` names what its front stands on (the hull's skid, or a carriage foot holding the band off the table). */
  supportMm: { lengthMm: number; skidWidthMm: number; sternWidthMm: number; frontPart: string };
}

/** Where a ship stands (shipSupport): the table's frame in the hull's, and the support polygons on it. */
export interface Support {
  /** A point on the table under the wheel's flat, the table's normal, and its direction along the keel. */
  originMm: Vec3;
  normal: Vec3;
  along: Vec3;
  /**
   * Support polygons in table coordinates (along the keel from the flat's edge, across from its middle),
   * counter-clockwise: on the table (`level`), and with what it lands on within MIN_TIP_ANGLE_DEG (`tipping`).
   */
  level: [number, number][];
  tipping: [number, number][];
  /** What hovers within MIN_TIP_ANGLE_DEG's heel of the table: each point and its gap over the table. */
  hovering: { p: [number, number]; gapMm: number }[];
  skidWidthMm: number;
  sternWidthMm: number;
  /** What the front of the support stands on: the hull's skid, or the carriage's foot holding the band off the table. */
  frontPart: string;
}

/**
 * How the ship stands: the wheel, parked on its flat with the band proud under it, lifts the stern, and the
 * ship pitches bow-down about the flat's leading edge until the lowest of `ground` (the hull, the
 * carriage's foot) meets the table. Its level support is the convex hull of the band's cord across the
 * flat's edge and everything on the table; its tipping support adds what hovers within a MIN_TIP_ANGLE_DEG
 * heel (where it rests within MAX_REST_HEEL_DEG is stance's). It does not depend on the load, so a ship's
 * is found once for all its loadings.
 */
export function shipSupport(ground: readonly Placed[], wheel: Placed, bandCordMm: number): Support | null {
  const verts = (s: Solid): Vec3[] => {
    const p = s.toMesh().positions;
    const out: Vec3[] = [];
    for (let i = 0; i < p.length; i += 3) out.push([p[i]!, p[i + 1]!, p[i + 2]!]);
    return out;
  };
  const w = verts(wheel.solid);
  const zMin = Math.min(...w.map((v) => v[2]));
  const flat = w.filter((v) => v[2] < zMin + FLAT_TOLERANCE_MM);
  const xw = Math.max(...flat.map((v) => v[0]));
  const yw = (Math.min(...flat.map((v) => v[1])) + Math.max(...flat.map((v) => v[1]))) / 2;
  const zw = zMin - INTERFACES.band.proudMm;
  // The ground's vertices, flat x y z per part: read in place, as there are tens of thousands.
  const owned = ground.map((g) => ({ part: g.name, p: g.solid.toMesh().positions }));
  let slope = Infinity;
  for (const { p } of owned)
    for (let i = 0; i < p.length; i += 3) if (p[i]! > xw + 1) slope = Math.min(slope, (p[i + 2]! - zw) / (p[i]! - xw));
  if (slope === Infinity) return null;
  const normal: Vec3 = [-slope / Math.hypot(slope, 1), 0, 1 / Math.hypot(slope, 1)];
  const along: Vec3 = [1 / Math.hypot(slope, 1), 0, slope / Math.hypot(slope, 1)];
  const originMm: Vec3 = [xw, yw, zw];
  // dot(sub(v, originMm), normal) written out, in the same order: it runs on every vertex of the ground.
  const gapAt = (x: number, y: number, z: number): number =>
    (x - originMm[0]) * normal[0] + (y - originMm[1]) * normal[1] + (z - originMm[2]) * normal[2];
  const on2d = (v: Vec3): [number, number] => [dot(sub(v, originMm), along), v[1] - yw];
  const contacts: [number, number][] = [];
  let frontmost: { x: number; part: string } | null = null;
  for (const { part, p } of owned)
    for (let i = 0; i < p.length; i += 3) {
      if (p[i]! <= xw + 1 || gapAt(p[i]!, p[i + 1]!, p[i + 2]!) >= CONTACT_TOLERANCE_MM) continue;
      const v: Vec3 = [p[i]!, p[i + 1]!, p[i + 2]!];
      contacts.push(on2d(v));
      if (!frontmost || v[0] > frontmost.x) frontmost = { x: v[0], part };
    }
  // The O-ring touches the table across its cord (an upper bound on its flattened patch).
  const band = bandCordMm / 2;
  const level = convexHull2d([[0, -band], [0, band], ...contacts]);
  // Hovering supports: each one's heel, its gap over its distance outside the level support.
  const tipTan = Math.tan((MIN_TIP_ANGLE_DEG * Math.PI) / 180);
  const reach = Math.max(...level.map((p) => Math.hypot(p[0], p[1]))) * tipTan;
  // The level support's edges, measured once for the thousands of vertices tested against them.
  const levelEdges = edgesOf(level);
  const hovering: { p: [number, number]; gapMm: number }[] = [];
  for (const { p: xyz } of owned)
    for (let i = 0; i < xyz.length; i += 3) {
      const gapMm = gapAt(xyz[i]!, xyz[i + 1]!, xyz[i + 2]!);
      if (gapMm < CONTACT_TOLERANCE_MM || gapMm > reach) continue;
      const p = on2d([xyz[i]!, xyz[i + 1]!, xyz[i + 2]!]);
      const out = -nearestEdge(levelEdges, p).marginMm;
      if (out > 0 && gapMm <= out * tipTan) hovering.push({ p, gapMm });
    }
  const tipping = convexHull2d([...level, ...hovering.map((h) => h.p)]);
  const acrossAt = (pts: [number, number][]): number =>
    pts.length ? Math.max(...pts.map((p) => p[1])) - Math.min(...pts.map((p) => p[1])) : 0;
  const front = Math.max(...level.map((p) => p[0]));
  return {
    originMm,
    normal,
    along,
    level,
    tipping,
    hovering,
    skidWidthMm: acrossAt(contacts.filter((p) => p[0] > front - 1)),
    sternWidthMm: acrossAt(tipping.filter((p) => p[0] < front / 2)),
    // The vertex that set the slope touches, so there is one.
    frontPart: frontmost!.part,
  };
}

/**
 * How a ship on `support` stands with its centre of mass at `centre` (hull frame). Over its level support it
 * stands level. Otherwise it heels about that support's edge nearest the centre until the first hovering
 * point beyond the edge touches (the least gap over distance), and so on from the grown support, until the
 * centre is over it or the heel passes MAX_REST_HEEL_DEG (it does not come to rest: a negative tipping
 * angle, to that support). Resting, the tilt that topples it is to the tipping support's nearest edge.
 */
export function stance(support: Support, centre: Vec3): Stance {
  const { originMm: o, normal, along } = support;
  const rel = sub(centre, o);
  const c: [number, number] = [dot(rel, along), rel[1]];
  const heightMm = dot(rel, normal);
  let poly = support.level,
    heelDeg = 0,
    rest = edgeMargin(poly, c);
  while (rest.marginMm < 0) {
    const edge = rest.edge!;
    // Distance of each hovering point beyond the edge's line (outward), and the heel that brings it down.
    let first: { deg: number; p: [number, number] } | null = null;
    for (const h of support.hovering) {
      const out = -insideOf(edge, h.p);
      if (out <= 1e-6) continue;
      const deg = (Math.atan2(h.gapMm, out) * 180) / Math.PI;
      if (!first || deg < first.deg) first = { deg, p: h.p };
    }
    if (!first || first.deg > MAX_REST_HEEL_DEG) break;
    heelDeg = Math.max(heelDeg, first.deg);
    poly = convexHull2d([...poly, first.p]);
    rest = edgeMargin(poly, c);
  }
  const { marginMm, toward } = rest.marginMm < 0 ? rest : edgeMargin(support.tipping, c);
  return {
    marginMm,
    heightMm,
    restHeelDeg: heelDeg,
    tipDeg: (Math.atan2(marginMm, heightMm) * 180) / Math.PI,
    toward,
    supportMm: {
      lengthMm: Math.max(...support.level.map((p) => p[0])),
      skidWidthMm: support.skidWidthMm,
      sternWidthMm: support.sternWidthMm,
      frontPart: support.frontPart,
    },
  };
}

/** An edge of a counter-clockwise polygon: from `a` along (dx, dy), `len` long. */
interface Edge {
  a: readonly [number, number];
  dx: number;
  dy: number;
  len: number;
}

/** The polygon's edges that have a length, in order. */
function edgesOf(poly: readonly [number, number][]): Edge[] {
  const out: Edge[] = [];
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!,
      b = poly[(i + 1) % poly.length]!;
    const dx = b[0] - a[0],
      dy = b[1] - a[1];
    const len = Math.hypot(dx, dy);
    if (len >= 1e-9) out.push({ a, dx, dy, len });
  }
  return out;
}

/** Signed distance of `p` from the line through edge `e`: positive inside. */
function insideOf(e: Edge, p: readonly [number, number]): number {
  return (e.dx * (p[1] - e.a[1]) - e.dy * (p[0] - e.a[0])) / e.len;
}

/** The edge of `edges` nearest inside `c` (the first of equals; null for none), and c's signed distance from it (negative: outside). */
function nearestEdge(edges: readonly Edge[], c: readonly [number, number]): { edge: Edge | null; marginMm: number } {
  let edge: Edge | null = null,
    marginMm = Infinity;
  for (const e of edges) {
    const d = insideOf(e, c);
    if (d < marginMm) {
      marginMm = d;
      edge = e;
    }
  }
  return { edge, marginMm };
}

/** The signed distance from `c` to the nearest edge of the counter-clockwise polygon `poly` (negative: outside), and which way that edge faces. */
function edgeMargin(
  poly: readonly [number, number][],
  c: [number, number],
): { marginMm: number; toward: string; edge: Edge | null } {
  const { edge, marginMm } = nearestEdge(edgesOf(poly), c);
  if (!edge) return { marginMm, toward: '', edge };
  // The edge's outward normal: (dy, −dx).
  const nx = edge.dy / edge.len,
    ny = -edge.dx / edge.len;
  const toward =
    Math.abs(ny) >= Math.abs(nx) ? (ny > 0 ? 'to port' : 'to starboard') : nx > 0 ? 'over the bow' : 'over the stern';
  return { marginMm, toward, edge };
}

/** The loads a ship stands with: each slot alone (the turret's at each heading of its arc), then all slots. */
function loadings(ctx: Context, ship: Ship): { what: string; parts: Placed[] }[] {
  const out: { what: string; parts: Placed[] }[] = [];
  for (const h of loadedHeadings(ship)) {
    const { fittings, sites } = turned(ctx, ship, h);
    // One per site, null where the cannon's mesh is no solid (print/manifold reports it): that site is not loaded.
    const cannons = sites.map((s) => cannonIn(ctx, s));
    const base = [ship.hull, ...fittings];
    const turretNote = fittings.some(isTurret) ? ` (turret at ${h}°)` : '';
    sites.forEach((s, i) => {
      const cannon = cannons[i];
      if (!cannon || (h !== 0 && !isTurret(s.host))) return;
      out.push({ what: `a cannon in ${s.declared}${isTurret(s.host) ? turretNote : ''}`, parts: [...base, cannon] });
    });
    const placed = cannons.filter((c): c is Placed => c !== null);
    if (placed.length > 1)
      out.push({ what: `cannons in all ${placed.length} slots${turretNote}`, parts: [...base, ...placed] });
  }
  return out;
}

const supports = new WeakMap<Ship, Support | null>();
/** The ship with its running gear and where it stands on the table (shipSupport), found once per ship. */
function onTable(
  ctx: Context,
  faction: Faction,
): { ship: Ship; gear: NonNullable<Ship['gear']>; support: Support } | null {
  const ship = shipOf(ctx, faction);
  const gear = ship?.gear;
  if (!ship || !gear) return null;
  if (!supports.has(ship))
    supports.set(ship, shipSupport([ship.hull, gear.carriage], gear.wheel, ctx.settings.band.crossSectionMm));
  const support = supports.get(ship)!;
  return support && { ship, gear, support };
}

export const stands: Rule = {
  id: 'assembly/stands',
  title: `the ship with every fitting, its wheel and a cannon in each slot (and in all at once) keeps its centre of mass over what touches the table (its wheel's band, the carriage's foot, the bow skid), standing level, and tips at ≥ ${MIN_TIP_ANGLE_DEG}°; measures each ship's tipping angle`,
  check(ctx, report, measure) {
    const ships = ctx.factions.flatMap((faction) => {
      const standing = onTable(ctx, faction);
      return standing ? [{ faction, standing, loads: loadings(ctx, standing.ship) }] : [];
    });
    // Every mass the loads need, smallest file first: the first estimates in a cold thread run unoptimised,
    // and a hull met first cost them a third more. massOf keeps each, so no figure depends on the order.
    const files = new Set(
      ships.flatMap(({ standing: { gear }, loads }) =>
        [...loads.flatMap((l) => l.parts), gear.carriage, gear.wheel].map((part) => part.file),
      ),
    );
    for (const file of [...files].sort((a, b) => a.bytes.length - b.bytes.length)) massOf(ctx, file);
    for (const { faction, standing, loads } of ships) {
      const { gear, support } = standing;
      let worst: { what: string; s: Stance; grams: number } | null = null;
      let heeled: { what: string; s: Stance } | null = null;
      for (const load of loads) {
        const { grams, centreMm } = combinedMass(ctx, [...load.parts, gear.carriage, gear.wheel]);
        const s = stance(support, centreMm);
        if (!worst || s.tipDeg < worst.s.tipDeg) worst = { what: load.what, s, grams };
        if (s.restHeelDeg > 0 && (!heeled || s.restHeelDeg > heeled.s.restHeelDeg)) heeled = { what: load.what, s };
      }
      if (!worst) continue;
      measure({
        faction: faction.id,
        name: 'tipping angle',
        value: worst.s.tipDeg,
        unit: 'deg',
        note: `${worst.s.toward}, with ${worst.what}; ${worst.s.restHeelDeg > 0 ? `resting heeled ${r1(worst.s.restHeelDeg)}°` : 'standing level'}`,
      });
      if (heeled && worst.s.tipDeg >= 0) {
        const h = heeled.s;
        report({
          faction: faction.id,
          part: 'hull',
          message: `with ${heeled.what} the ship heels ${r1(h.restHeelDeg)}° ${h.toward} before it rests on what hovers over the table (the carriage's foot or the hull's bottom): its centre of mass is outside what it stands on when level (the band across the wheel's flat, the skid${support.frontPart === 'hull' ? '' : `, the ${support.frontPart}`} and anything else on the table)`,
          expected: '0°',
          measured: r1(h.restHeelDeg),
          hint: 'bring the centre of mass inboard (ballast on the keel, the cannon slots forward toward the skid) or widen what the ship stands on',
        });
      }
      if (worst.s.tipDeg >= MIN_TIP_ANGLE_DEG) continue;
      const { s } = worst;
      report({
        faction: faction.id,
        part: 'hull',
        message: `with ${worst.what} the ship (${r1(worst.grams)} g) tips ${s.toward} at ${r1(s.tipDeg)}°: its centre of mass, ${r1(s.heightMm)} mm over the table, is ${s.marginMm >= 0 ? `${r2(s.marginMm)} mm inside` : `${r2(-s.marginMm)} mm outside`} the support (${r1(s.supportMm.sternWidthMm)} mm across at the wheel to a ${r1(s.supportMm.skidWidthMm)} mm ${s.supportMm.frontPart === 'hull' ? 'skid' : `${s.supportMm.frontPart} edge`} ${r1(s.supportMm.lengthMm)} mm ahead)${s.restHeelDeg > 0 ? `, resting heeled ${r1(s.restHeelDeg)}° onto the carriage's foot or the hull's bottom` : ''}`,
        expected: `≥ ${MIN_TIP_ANGLE_DEG}°`,
        measured: r1(s.tipDeg),
        hint:
          s.supportMm.frontPart === 'hull'
            ? 'widen the bow skid (a shorter rake, a fuller bottom), move the cannon slots forward toward it, or bring the hull side (and the slot) inboard'
            : `the ${s.supportMm.frontPart} holds the band off the table, so a pushed ship slides instead of rolling: build the wheel and its carriage for the same click and band`,
      });
    }
  },
};

// ---------------------------------------------------------------------------------------------------------
// Cannon seats

/**
 * How deep the plug goes in `site` before the cannon meets its host or any of `others` (to 0.01 mm), and what
 * it meets at full depth: pushed home, it is the cannon every rule places there (cannonIn).
 */
export function seatDepth(
  ctx: Context,
  site: SlotSite,
  others: readonly Placed[],
): { depthMm: number; fullMm: number; blockers: string[] } | null {
  const obstacles = [site.host, ...others];
  const full = cannonIn(ctx, site);
  const plug = ctx.file('cannon')?.features.find((f) => f.kind === 'cannon-plug');
  if (!full || !plug) return null;
  const hit = meets(full.solid, obstacles);
  if (hit.length === 0) return { depthMm: plug.depthMm, fullMm: plug.depthMm, blockers: [] };
  const blocking = obstacles.filter((o) => hit.some((x) => x.name === o.name));
  let lo = 0,
    hi = plug.depthMm;
  while (hi - lo > 0.01) {
    const mid = (lo + hi) / 2;
    const c = placedCannon(ctx, site.host.solid, site.slot, full.name, mid)!;
    if (meets(c.solid, blocking).length === 0) lo = mid;
    else hi = mid;
  }
  return { depthMm: lo, fullMm: plug.depthMm, blockers: hit.map((x) => `${x.name} (${r2(x.mm3)} mm³)`) };
}

export const cannonSeats: Rule = {
  id: 'assembly/cannon-seats',
  title:
    "the cannon's plug goes its full length into every slot (hull, turret, island topper, island) without the cannon meeting its host or another fitting",
  check(ctx, report) {
    const check = (faction: string | null, part: string, site: SlotSite, others: readonly Placed[]): void => {
      const where = site.declared;
      const seat = seatDepth(ctx, site, others);
      if (!seat || seat.blockers.length === 0) return;
      report({
        faction,
        part,
        message: `the cannon seats only ${r2(seat.depthMm)} of ${r2(seat.fullMm)} mm in ${where}: pushed home it meets ${seat.blockers.join(', ')}`,
        expected: r2(seat.fullMm),
        measured: r2(seat.depthMm),
        hint: "move the slot where the side is widest along the cannon's back plate (or stand its mouth out on a boss), and keep fittings clear of the cannon",
      });
    };
    for (const faction of ctx.factions) {
      const ship = shipOf(ctx, faction);
      if (!ship) continue;
      for (const site of ship.sites) {
        const others = [ship.hull, ...ship.fittings, ...(ship.gear ? [ship.gear.carriage, ship.gear.wheel] : [])];
        check(
          faction.id,
          site.host.file.part,
          site,
          others.filter((p) => p !== site.host),
        );
      }
    }
    // The shared hosts where the shared parts' own findings are reported (Context.checked).
    for (const part of ['island-topper', 'island']) {
      const file = ctx.file(part);
      const solid = file && ctx.checked.includes(file) && ctx.solid(file);
      if (!file || !solid) continue;
      const host: Placed = {
        name: part,
        file,
        transform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
        solid,
        features: file.features,
      };
      for (const slot of file.features.filter((f) => f.kind === 'cannon-slot'))
        check(null, part, { declared: `${slot.id} of ${file.path}`, slot, host }, []);
    }
  },
};

// ---------------------------------------------------------------------------------------------------------
// Cannon reach

/**
 * How far a seated cannon may hang below the ship's own lowest point before it drags: the ship rolls over
 * cloth, mat seams and the islands' shore, and a cannon within a millimetre of the table catches on them
 * (issue 27 measured loaded cannons 1.1–3.2 mm over the table). Our choice; the rulebook is silent.
 */
export const MIN_TABLE_GAP_MM = 1;

const vertices = new WeakMap<MeshFile, Float32Array>();
/** Extent along `dir` (a unit vector), from `from`, of a placed part's vertices: its file's mesh, read once, moved by its transform. */
function extentAlong(ctx: Context, part: Placed, dir: Vec3, from: Vec3 = [0, 0, 0]): { min: number; max: number } {
  // A part is placed only where its file rebuilds as a solid (src/validate/assembly.ts place).
  if (!vertices.has(part.file)) vertices.set(part.file, ctx.solid(part.file)!.toMesh().positions);
  const p = vertices.get(part.file)!;
  const m = part.transform;
  let min = Infinity,
    max = -Infinity;
  for (let i = 0; i < p.length; i += 3) {
    // dot(sub(applyPoint(m, vertex), from), dir) written out, in the same order: no vectors per vertex.
    const x = p[i]!,
      y = p[i + 1]!,
      z = p[i + 2]!;
    const d =
      (m[0]! * x + m[4]! * y + m[8]! * z + m[12]! - from[0]) * dir[0] +
      (m[1]! * x + m[5]! * y + m[9]! * z + m[13]! - from[1]) * dir[1] +
      (m[2]! * x + m[6]! * y + m[10]! * z + m[14]! - from[2]) * dir[2];
    if (d < min) min = d;
    if (d > max) max = d;
  }
  return { min, max };
}

export const cannonReach: Rule = {
  id: 'assembly/cannon-reach',
  title: `a cannon seated in a side slot (and the turret's fired broadside) stays within the hull's length, bow to stern, and in every slot (the turret's turned every ${LOADED_STEP_DEG}° of its arc) at least ${MIN_TABLE_GAP_MM} mm over the table the ship stands on; measures the least of each`,
  check(ctx, report, measure) {
    for (const faction of ctx.factions) {
      const standing = onTable(ctx, faction);
      if (!standing) continue;
      const { ship, support } = standing;
      const hull = extentAlong(ctx, ship.hull, [1, 0, 0]);
      let worstPast: { mm: number; what: string; end: string } | null = null;
      let worstGap: { mm: number; what: string } | null = null;
      for (const h of loadedHeadings(ship)) {
        for (const site of turned(ctx, ship, h).sites) {
          if (h !== 0 && !isTurret(site.host)) continue;
          const what = `${site.declared}${isTurret(site.host) ? ` (turret at ${h}°)` : ''}`;
          const cannon = cannonIn(ctx, site);
          if (!cannon) continue;
          // A slot that fires along the keel (the bow's) puts the barrel past that end, as a bow chaser's is;
          // a turret turned toward a quarter swings its cannon over the bow, as a real turret's guns do (the
          // turret sweep rule clears it of the ship). Our choices, the rulebook is silent. A side slot's frame
          // runs along the side, and is what must stay within the hull: the turret's when it fires broadside.
          const alongSide = isTurret(site.host)
            ? Math.abs(Math.abs(h) - 90) < 1e-9
            : Math.abs(site.slot.axis[1]) > Math.abs(site.slot.axis[0]);
          const x = extentAlong(ctx, cannon, [1, 0, 0]);
          const past = Math.max(x.max - hull.max, hull.min - x.min);
          if (alongSide && (!worstPast || past > worstPast.mm))
            worstPast = { mm: past, what, end: x.max - hull.max >= hull.min - x.min ? 'bow' : 'stern' };
          const gap = extentAlong(ctx, cannon, support.normal, support.originMm).min;
          if (!worstGap || gap < worstGap.mm) worstGap = { mm: gap, what };
        }
      }
      if (worstPast) {
        measure({
          faction: faction.id,
          name: 'cannon past the hull',
          value: r2(worstPast.mm),
          unit: 'mm',
          note: `at the ${worstPast.end}, in ${worstPast.what}`,
        });
        if (worstPast.mm > 0) {
          report({
            faction: faction.id,
            part: 'hull',
            message: `a cannon in ${worstPast.what} reaches ${r2(worstPast.mm)} mm past the hull's ${worstPast.end}: it meets other ships and the islands before its own bow does`,
            expected: '≤ 0 mm',
            measured: r2(worstPast.mm),
            hint: `move the slot ${r2(worstPast.mm)} mm or more toward the middle of the ship: the cannon's frame runs along the side as far toward the bow as toward the stern of its slot`,
          });
        }
      }
      if (worstGap) {
        measure({
          faction: faction.id,
          name: 'cannon over the table',
          value: r2(worstGap.mm),
          unit: 'mm',
          note: `in ${worstGap.what}`,
        });
        if (worstGap.mm < MIN_TABLE_GAP_MM) {
          report({
            faction: faction.id,
            part: 'hull',
            message: `a cannon in ${worstGap.what} hangs ${r2(worstGap.mm)} mm over the table the ship stands on: it drags on cloth and mat seams`,
            expected: `≥ ${MIN_TABLE_GAP_MM} mm`,
            measured: r2(worstGap.mm),
            hint: "raise the slot on the hull's side (HULL.cannonSlotCentreHeightMm), or stand the mouth out on a taller boss",
          });
        }
      }
    }
  },
};

// ---------------------------------------------------------------------------------------------------------
// Turret sweep

/**
 * A loaded turret may rest on its pivot's clearance no more than this: past it the cannon visibly droops
 * and its shots climb or dip by about as much (1° at 0.6 m is 10 mm).
 */
export const MAX_TURRET_LEAN_DEG = 1;

/**
 * The least air between the loaded turret and the rest of the ship as it turns: the turret leans up to
 * MAX_TURRET_LEAN_DEG on its pivot's clearance, which at the cannon's reach (about 50 mm from the pivot)
 * moves its far end 0.87 mm; a millimetre keeps it clear of what it passes over or beside.
 */
export const MIN_SWEEP_GAP_MM = 1;
/** Gaps are measured out to this; anything farther is simply clear. */
const SWEEP_SEARCH_MM = 5;

/** Distance between two boxes: no point of one comes nearer the other. */
function boxGapMm(p: BoundsMm, q: BoundsMm): number {
  let sq = 0;
  for (let i = 0; i < 3; i++) {
    const apart = Math.max(0, p.min[i]! - q.max[i]!, q.min[i]! - p.max[i]!);
    sq += apart * apart;
  }
  return Math.sqrt(sq);
}

/**
 * Boxes this much farther apart than a gap that matters are known not to come within it: the kernel's gap
 * and the boxes' distance round differently where the nearest points lie on the boxes' faces.
 */
const BOX_GAP_SLACK_MM = 1e-6;

/**
 * Least gap from `a` to each of `others` that may come within `matterMm` (at most SWEEP_SEARCH_MM), by name:
 * boxes farther apart than that are not measured.
 */
function gaps(a: Solid, others: readonly Placed[], matterMm: number): { name: string; mm: number }[] {
  const p = boxOf(a);
  return others.flatMap((o) => {
    if (boxGapMm(p, boxOf(o.solid)) > matterMm + BOX_GAP_SLACK_MM) return [];
    const mm = a.gapMm(o.solid, SWEEP_SEARCH_MM);
    return mm < SWEEP_SEARCH_MM ? [{ name: o.name, mm }] : [];
  });
}

/** One heading of the sweep: what comes closer than MIN_SWEEP_GAP_MM, and how close. */
interface SweepStep {
  headingDeg: number;
  blockers: { name: string; mm: number }[];
}

/**
 * The loaded turret turned through every heading against the rest of the ship: its cannon against the hull,
 * the other fittings, the cannons in the hull's slots and the running gear; its drum against all of those
 * but the hull it stands on. Each heading's `blockers` come closer than MIN_SWEEP_GAP_MM; `tight` is the
 * least gap over the headings in `want` (the first heading and the first part where several are as close;
 * SWEEP_SEARCH_MM to "nothing" where nothing comes that near), null without any. A pair is measured only where its boxes are close
 * enough to block, or to be nearer than the least found so far: most headings' parts are neither.
 */
function sweep(
  ctx: Context,
  ship: Ship,
  want: readonly number[],
): { steps: SweepStep[]; tight: { headingDeg: number; gapMm: number; nearest: string } | null } {
  const steps: SweepStep[] = [];
  const hullCannons = ship.sites
    .filter((s) => s.host === ship.hull)
    .flatMap((s) => {
      const c = cannonIn(ctx, s);
      return c ? [{ ...c, name: `the cannon in ${s.declared}` }] : [];
    });
  const rest = [
    ...ship.fittings.filter((f) => !isTurret(f)),
    ...hullCannons,
    ...(ship.gear ? [ship.gear.carriage, ship.gear.wheel] : []),
  ];
  const loaded: { h: number; turret: Placed; cannon: Placed }[] = [];
  for (let h = -180; h < 180; h += SWEEP_STEP_DEG) {
    const { fittings, sites } = turned(ctx, ship, h);
    const turret = fittings.find(isTurret);
    const site = sites.find((s) => s.host === turret);
    const cannon = site && cannonIn(ctx, site);
    if (turret && cannon) loaded.push({ h, turret, cannon: { ...cannon, name: 'the cannon in the turret' } });
  }
  let tight: { headingDeg: number; gapMm: number; nearest: string } | null = null;
  if (loaded.length === 0) return { steps, tight };
  // No hull below the cannon's lowest point at any heading, less the search distance, can come within it:
  // the cannon is measured against the hull above that (its deck and bulwarks, a few hundred triangles
  // rather than all of them), cut a millimetre lower still so that the cut face is never the nearest.
  const lowMm = Math.min(...loaded.map((l) => boxOf(l.cannon.solid).min[2]));
  const hull = { ...ship.hull, solid: ship.hull.solid.trimByPlane(UP, lowMm - SWEEP_SEARCH_MM - 1) };
  for (const { h, turret, cannon } of loaded) {
    // What can matter here: a blocker, or (over `want`) a gap under the least so far.
    const wanted = want.includes(h);
    const matterMm = Math.max(MIN_SWEEP_GAP_MM, wanted ? (tight?.gapMm ?? SWEEP_SEARCH_MM) : 0);
    const near = [...gaps(cannon.solid, [hull, ...rest], matterMm), ...gaps(turret.solid, rest, matterMm)];
    const least = near.reduce<{ name: string; mm: number }>((a, b) => (b.mm < a.mm ? b : a), {
      name: 'nothing',
      mm: SWEEP_SEARCH_MM,
    });
    if (wanted && (!tight || least.mm < tight.gapMm)) tight = { headingDeg: h, gapMm: least.mm, nearest: least.name };
    steps.push({ headingDeg: h, blockers: near.filter((x) => x.mm < MIN_SWEEP_GAP_MM) });
  }
  return { steps, tight };
}

/** The loaded turret's lean on its pivot: where its centre of mass falls against the drum's face on the deck. */
function lean(ctx: Context, ship: Ship): { outsideMm: number; leanDeg: number; heading: number } | null {
  let worst: { outsideMm: number; leanDeg: number; heading: number } | null = null;
  for (const h of loadedHeadings(ship)) {
    const { fittings, sites } = turned(ctx, ship, h);
    const turret = fittings.find(isTurret);
    const site = sites.find((s) => s.host === turret);
    const seatedCannon = site && cannonIn(ctx, site);
    const cannon = seatedCannon && { ...seatedCannon, name: 'the cannon in the turret' };
    const pivot = turret?.features.find((f) => f.kind === 'turret-pivot');
    const seat = ctx.hull(ship.faction)?.fittings.find((f) => f.kind === 'turret')?.feature;
    if (!turret || !cannon || !pivot || !seat || seat.size.shape !== 'round' || pivot.size.shape !== 'round') continue;
    const deckZ = seat.positionMm[2];
    const p = turret.solid.toMesh().positions;
    const face: [number, number][] = [];
    for (let i = 0; i < p.length; i += 3)
      if (Math.abs(p[i + 2]! - deckZ) < CONTACT_TOLERANCE_MM) face.push([p[i]!, p[i + 1]!]);
    const poly = convexHull2d(face);
    const c = combinedMass(ctx, [turret, cannon]).centreMm;
    let inside = Infinity;
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!,
        b = poly[(i + 1) % poly.length]!;
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (len > 1e-9) inside = Math.min(inside, ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) / len);
    }
    const gapMm = (seat.size.diameterMm - pivot.size.diameterMm) / 2;
    const leanDeg = inside >= 0 ? 0 : (Math.atan((2 * gapMm) / Math.min(pivot.depthMm, seat.depthMm)) * 180) / Math.PI;
    if (!worst || -inside > worst.outsideMm) worst = { outsideMm: -inside, leanDeg, heading: h };
  }
  return worst;
}

export const turretSweep: Rule = {
  id: 'assembly/turret-sweep',
  title: `a turret with a cannon in it turns through its card's arc (all round without one), in ${SWEEP_STEP_DEG}° steps, ≥ ${MIN_SWEEP_GAP_MM} mm clear of the hull, mast, sail, cargo, the cannons in the hull's slots and the running gear, and rests on its drum, leaning ≤ ${MAX_TURRET_LEAN_DEG}° on its pivot; measures its least clearance`,
  check(ctx, report, measure) {
    for (const faction of ctx.factions) {
      const ship = shipOf(ctx, faction);
      if (!ship || !ship.fittings.some(isTurret)) continue;
      const want = requiredHeadings(faction);
      const { steps, tight } = sweep(ctx, ship, want);
      const clear = new Set(steps.filter((s) => s.blockers.length === 0).map((s) => s.headingDeg));
      if (tight)
        measure({
          faction: faction.id,
          name: 'turret clearance',
          value: tight.gapMm,
          unit: 'mm',
          note: `the loaded turret's least gap ${want.length * SWEEP_STEP_DEG >= 360 ? 'all round' : `over its ${faction.card.turretArcDeg}° arc`}, at ${tight.headingDeg}° (0° = bow, 90° = port), to ${tight.nearest}`,
        });
      const blocked = steps.filter((s) => want.includes(s.headingDeg) && s.blockers.length > 0);
      if (blocked.length > 0) {
        const arc = faction.card.turretArcDeg;
        const names = [...new Set(blocked.flatMap((b) => b.blockers.map((x) => x.name)))];
        report({
          faction: faction.id,
          part: 'turret',
          message: `the loaded turret ${arc === undefined ? 'must turn all round' : `must turn ${arc}° about the bow (card.turretArc)`} but comes within ${MIN_SWEEP_GAP_MM} mm of ${names.join(', ')} at ${runs(blocked.map((b) => b.headingDeg))} (0° = bow, 90° = port; least gap ${r2(Math.min(...blocked.flatMap((b) => b.blockers.map((x) => x.mm))))} mm); it turns clear over ${clearArcAboutBow(clear)}° about the bow`,
          expected: arc === undefined ? '360°' : `${arc}°`,
          measured: `${clearArcAboutBow(clear)}°`,
          hint: `raise the turret's slot over what is on the deck and move the mast beyond the cannon's reach, or set card.turretArc to at most ${clearArcAboutBow(clear)}° (and say so in the ability's text)`,
        });
      }
      const l = lean(ctx, ship);
      if (l && l.leanDeg > MAX_TURRET_LEAN_DEG) {
        report({
          faction: faction.id,
          part: 'turret',
          message: `loaded with a cannon (facing ${l.heading}°) the turret's centre of mass falls ${r2(l.outsideMm)} mm outside its drum's face on the deck, so it leans ${r1(l.leanDeg)}° on its pivot's clearance`,
          expected: `≤ ${MAX_TURRET_LEAN_DEG}°`,
          measured: r1(l.leanDeg),
          hint: "widen the turret's foot on the deck, or bring the slot in over the drum",
        });
      }
    }
  },
};

// ---------------------------------------------------------------------------------------------------------
// Shot path

/** How far from the muzzle the ball's path must be clear: past any ship's own parts. */
export const SHOT_CHECK_MM = 100;
const SHOT_SEGMENTS = 10;

const balls = new WeakMap<Context, Solid>();
/**
 * The ball the shot's path is swept with, made once per context for every shot. 16 facets round: the faceted
 * ball is within 2 % (0.08 mm) of the round one, well inside any gap that matters.
 */
function ballOf(ctx: Context): Solid {
  let ball = balls.get(ctx);
  if (!ball) balls.set(ctx, (ball = sphere(INTERFACES.cannonball.diameterMm / 2, 16)));
  return ball;
}

/**
 * The ball's path from a placed cannon's muzzle over the first SHOT_CHECK_MM (measured along the table),
 * as a swept ball in SHOT_SEGMENTS legs: the drag-free arc of the launch speed that carries the cannon's range from its height
 * (the slowest, most drooping arc that reaches it), along the bore's heading.
 */
function shotSweep(ctx: Context, cannon: Placed): Deferred[] | null {
  const bore = cannon.features.find((f) => f.kind === 'bore');
  if (!bore) return null;
  const a = bore.axis;
  const horiz = Math.hypot(a[0], a[1]);
  const elevationRad = Math.atan2(a[2], horiz);
  const d = INTERFACES.cannonball.diameterMm;
  const start = bore.positionMm;
  const heightM = Math.max(0, start[2]) / 1000;
  const v = speedForRangeMps(
    { elevationRad, heightM, ballDiameterM: d / 1000, ballMassKg: 0 },
    ctx.settings.cannonRangeM,
    false,
  );
  const g = 9.80665;
  const points: Vec3[] = [];
  for (let i = 0; i <= SHOT_SEGMENTS; i++) {
    const s = (i / SHOT_SEGMENTS) * SHOT_CHECK_MM;
    const sm = s / 1000;
    const rise = 1000 * (sm * Math.tan(elevationRad) - (g * sm * sm) / (2 * v * v * Math.cos(elevationRad) ** 2));
    points.push([start[0] + (a[0] / horiz) * s, start[1] + (a[1] / horiz) * s, start[2] + rise]);
  }
  const ball = ballOf(ctx);
  const b = boxOf(ball);
  // Each leg apart, and built only where its box (the two balls' boxes together, as the hull's) meets a
  // part's: a leg clear of every part's box costs no hull and no boolean, and no union of them is built.
  return points.slice(1).map((p, i) => {
    const q = points[i]!;
    let leg: Solid | null = null;
    return {
      bounds: {
        min: [0, 1, 2].map((k) => Math.min(b.min[k]! + q[k]!, b.min[k]! + p[k]!)) as unknown as Vec3,
        max: [0, 1, 2].map((k) => Math.max(b.max[k]! + q[k]!, b.max[k]! + p[k]!)) as unknown as Vec3,
      },
      solid: () => (leg ??= hull3d([ball.translate(q), ball.translate(p)])),
    };
  });
}

/**
 * The widest sector of turret headings over which the ball may strike the ship's own mast or its sail. A
 * turret that turns all round on a ship that carries a mast (the rulebook: every ship carries one) has the
 * mast in its line of fire at some heading, wherever the mast stands: the least that costs is the mast's
 * 4 mm pole widened by the 8 mm ball, seen from the pivot at the cannon's reach (about 50 mm, where the mast
 * must stand to clear the turning cannon), 2·asin(6/50) = 13.8°, or three 5° steps. A sail the ball also
 * strikes, or a mast standing nearer, widens it past that.
 */
export const MAX_MAST_SHADOW_DEG = 15;

const isRigging = (p: Placed): boolean => p.file.part === 'mast' || p.file.part === 'sail';

export const shotPath: Rule = {
  id: 'assembly/shot-path',
  title: `a ball fired from every slot (the turret's every ${SWEEP_STEP_DEG}° of its arc) clears the ship's own hull, mast, sail, cargo and turret for its first ${SHOT_CHECK_MM} mm; an all-round turret may strike its own mast and sail only over one sector of at most ${MAX_MAST_SHADOW_DEG}°`,
  check(ctx, report, measure) {
    for (const faction of ctx.factions) {
      const ship = shipOf(ctx, faction);
      if (!ship) continue;
      const hasTurret = ship.fittings.some(isTurret);
      const allRound = hasTurret && requiredHeadings(faction).length * SWEEP_STEP_DEG >= 360;
      const blocked = new Map<string, { blockers: Set<string>; headings: number[] }>();
      const shadow: number[] = [];
      for (const h of hasTurret ? requiredHeadings(faction) : [0]) {
        const { fittings, sites } = turned(ctx, ship, h);
        for (const site of sites) {
          if (h !== 0 && !isTurret(site.host)) continue;
          const cannon = cannonIn(ctx, site);
          const legs = cannon && shotSweep(ctx, cannon);
          if (!legs) continue;
          const parts = [ship.hull, ...fittings];
          const hit = parts.filter((p) => legs.some((leg) => meets(leg, [p]).length > 0));
          if (hit.length === 0) continue;
          if (allRound && isTurret(site.host) && hit.every(isRigging)) {
            shadow.push(h);
            continue;
          }
          const b = blocked.get(site.declared) ?? { blockers: new Set(), headings: [] };
          hit.forEach((x) => b.blockers.add(x.name));
          b.headings.push(h);
          blocked.set(site.declared, b);
        }
      }
      if (allRound) {
        measure({
          faction: faction.id,
          name: 'turret mast shadow',
          value: shadow.length * SWEEP_STEP_DEG,
          unit: 'deg',
          note: shadow.length
            ? `the ball strikes the ship's own mast or sail at ${runs(shadow)} (0° = bow)`
            : 'the ball clears the mast and sail at every heading',
        });
        const n = sectors(shadow).length;
        if (shadow.length * SWEEP_STEP_DEG > MAX_MAST_SHADOW_DEG || n > 1)
          report({
            faction: faction.id,
            part: 'hull',
            message: `a ball fired from the turret strikes the ship's own mast or sail at ${runs(shadow)} (0° = bow): ${shadow.length * SWEEP_STEP_DEG}° of headings${n > 1 ? ` in ${n} sectors` : ''}, where one mast's pole shadows at most ${MAX_MAST_SHADOW_DEG}°`,
            expected: `≤ ${MAX_MAST_SHADOW_DEG}°`,
            measured: shadow.length * SWEEP_STEP_DEG,
            hint: "move the mast farther from the turret, or raise the turret's slot so the ball passes over the sail",
          });
      }
      for (const [declared, b] of blocked) {
        const turret = declared.includes('turret');
        report({
          faction: faction.id,
          part: 'hull',
          message: `a ball fired from ${declared}${turret ? ` at ${runs(b.headings)}` : ''} hits ${[...b.blockers].join(', ')} within ${SHOT_CHECK_MM} mm of the muzzle`,
          expected: 'a clear path',
          measured: [...b.blockers].join(', '),
          hint: turret
            ? 'narrow card.turretArc to the headings that fire clear, or move what is in the way'
            : 'move the slot or the fitting in its way',
        });
      }
    }
  },
};

export const ASSEMBLY_RULES: readonly Rule[] = [stands, cannonSeats, cannonReach, turretSweep, shotPath];
