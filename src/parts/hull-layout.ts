/**
 * A hull's layout, checked before anything is modelled: every declared feature (fitting sockets, hull
 * cannon slots, coin slot, wheel-carriage slot, ballast pocket) planned as a box from its cutter's size and
 * the style's outline, and checked by box arithmetic: each keeps HULL.minWallMm to the outside and to every
 * other feature, and deck openings stay off castles and bulwarks.
 *
 * Every problem is found in one pass (issue 29: a designer fixing one per run took 18 runs), each with the
 * nearest place where that feature would fit among the others as declared. The same arithmetic says where
 * a new mast, cargo, coin slot or cannon slot could still go: the deck map (`deckLayout`) draws it.
 */
import type { Problem } from '../errors.js';
import { HULL_STYLES, type CannonSlot, type FactionModel, type HullStyle } from '../faction/types.js';
import type { Solid, Vec3 } from '../geometry/kernel.js';
import { HULL, PRINTABILITY } from '../standard.js';
import {
  ballastCeilingRiseMm,
  ballastPocket,
  cannonSlot,
  cargoSocket,
  coinSlot,
  FACING,
  mastSocket,
  placeCut,
  portBoss,
  turretSeat,
  wheelSlot,
  type Cut,
} from './cutters.js';
import { ornamentFits, RAIL_GUNWALE_MM } from './hull-styles/ornaments.js';
import { levelsFor, minHalfBeamMm, Outline, PROA, STYLES, type Level, type StyleDef } from './hull-styles/styles.js';

const WALL = HULL.minWallMm;
/** The grid the nearest valid place and the deck map's free places are sought on. */
export const LAYOUT_STEP_MM = 0.5;
/** The deck map's free places are drawn on a coarser grid: a dot per millimetre reads as an area. */
const FREE_STEP_MM = 1;

/** Axis-aligned box in the hull frame. */
export interface Box {
  min: Vec3;
  max: Vec3;
}

/** What a planned feature is, for the deck map's key. */
export type FeatureRole = 'mast' | 'cargo' | 'turret' | 'coin' | 'wheel' | 'ballast' | 'slot';

/** A feature before modelling: where it is, which field placed it, and how to cut it. */
export interface Planned {
  path: string;
  what: string;
  role: FeatureRole;
  box: Box;
  /** Deck openings must keep off castles and bulwarks; side and end slots are checked where planned. */
  place: 'deck' | 'bottom' | 'side';
  /** Which way a cannon slot opens (its frame is cut round it). */
  facing?: 'port' | 'starboard' | 'bow' | 'stern';
  /** Its place in the field's own terms: [x, y] on the deck, [x] along the keel, [y] across an end. */
  at: number[];
  /** The same feature planned at another place (same terms as `at`). */
  moveTo: (at: number[]) => Planned;
  /** Where `at` may be sought: one [min, max] per coordinate. */
  range: [number, number][];
  /** A problem with the hull alone at this place (a side slot where the side curves away), or null. */
  own: string | null;
  cut: () => Cut;
  /** What it stands on the body before it is cut (a side slot's boss). */
  add?: () => Solid;
}

/** One field's problem: its message, and the nearest place it would fit (field terms), when there is one. */
export interface LayoutProblem {
  path: string;
  message: string;
  nearest: number[] | null;
}

/** A hull's planned layout: the style's outline and levels, the raised decks, the features and their problems. */
export interface Layout {
  model: FactionModel;
  style: StyleDef;
  outline: Outline;
  levels: Level[];
  /** What stands along the gunwale inside the outline (bulwark, teeth or rail), in mm. */
  gunwaleMm: number;
  /** Raised areas of the deck where nothing may open, as x ranges. */
  blocked: [number, number][];
  planned: Planned[];
  problems: LayoutProblem[];
}

export const fmt = (mm: number): string => `${Math.round(mm * 100) / 100}`;
/** A place as the field writes it: `[12mm, -3mm]` or `6mm`. */
export const placeText = (at: readonly number[]): string =>
  at.length === 1 ? `${fmt(at[0]!)}mm` : `[${at.map((v) => `${fmt(v)}mm`).join(', ')}]`;

/**
 * Plans and checks a model's layout at a clearance. Pure arithmetic on the cutters' sizes (the cutters are
 * made, so the kernel must be loaded, but nothing is subtracted). An end slot that no place across this
 * hull's end takes is answered with the styles that take it, each planned with the whole model
 * (`otherStyles`, default true; false plans this style alone).
 */
export function planLayout(m: FactionModel, clearanceMm: number, otherStyles = true): Layout {
  const style = STYLES[m.hull.style];
  const outline = new Outline(style, m.hull.lengthMm, m.hull.beamMm);
  const levels = levelsFor(style, m.hull.heightMm, m.hull.beamMm);
  const gunwaleMm = style.rim?.widthMm ?? (m.look.ornaments.some((o) => o.kind === 'rail') ? RAIL_GUNWALE_MM : 0);
  const blocked = blockedDeckRanges(style, outline);
  const ctx: PlanContext = { m, style, outline, levels, gunwaleMm, blocked };
  const { planned, refused } = planFeatures(ctx, clearanceMm);
  const problems: LayoutProblem[] = [...refused];
  // A feature out of the hull is reported for itself, not again as the cause of its neighbours' clashes.
  const sound = planned.filter((p) => !depthProblem(ctx, p) && !p.own && !containmentProblem(ctx, p));
  planned.forEach((p, j) => {
    const depth = depthProblem(ctx, p);
    const message =
      depth ??
      placeProblem(
        ctx,
        p,
        planned.slice(0, j).filter((q) => sound.includes(q)),
      );
    if (!message) return;
    const others = sound.filter((q) => q !== p);
    const nearest = depth ? null : nearestPlace(ctx, p, others);
    const where = nearest ? `; nearest place that fits among the others: at: ${placeText(nearest)}` : '';
    const end = p.facing === 'bow' || p.facing === 'stern' ? p.facing : null;
    const none =
      depth || nearest
        ? ''
        : end && otherStyles
          ? `; ${endSlotStyles(m, end, clearanceMm, p.path)}`
          : '; no place fits among the others as declared: move one of them first (validate --previews draws the deck map)';
    problems.push({ path: p.path, message: `${message}${where}${none}`, nearest });
  });
  return { model: m, style, outline, levels, gunwaleMm, blocked, planned, problems };
}

/** The layout's problems as the loader's: each placed by its model field, in `source`. */
export function layoutProblems(layout: Layout, source: string): Problem[] {
  return layout.problems.map((p) => ({ source, place: p.path, message: p.message }));
}

interface PlanContext {
  m: FactionModel;
  style: StyleDef;
  outline: Outline;
  levels: readonly Level[];
  gunwaleMm: number;
  blocked: readonly [number, number][];
}

function planFeatures(ctx: PlanContext, clearanceMm: number): { planned: Planned[]; refused: LayoutProblem[] } {
  const { m, style, outline } = ctx;
  const H = m.hull.heightMm;
  const planned: Planned[] = [];
  const refused: LayoutProblem[] = [];
  const deckRange = (): [number, number][] => [
    [outline.sternXMm, outline.bowXMm],
    [-m.hull.beamMm / 2, m.hull.beamMm / 2],
  ];
  const deck = (path: string, what: string, role: FeatureRole, cut: Cut): ((at: number[]) => Planned) => {
    const s = cut.feature.size;
    const [hx, hy] = s.shape === 'round' ? [s.diameterMm / 2, s.diameterMm / 2] : [s.widthMm / 2, s.heightMm / 2];
    const at = ([xMm, yMm]: number[]): Planned => ({
      path,
      what,
      role,
      place: 'deck',
      at: [xMm!, yMm!],
      moveTo: at,
      range: deckRange(),
      own: null,
      box: { min: [xMm! - hx, yMm! - hy, H - cut.feature.depthMm], max: [xMm! + hx, yMm! + hy, H] },
      cut: () => placeCut(cut, [xMm!, yMm!, H], FACING.up),
    });
    return at;
  };

  const counts: Record<string, number> = {};
  const socketOf = { mast: mastSocket, cargo: cargoSocket, turret: turretSeat } as const;
  const kindName = { mast: 'mast-socket', cargo: 'cargo-socket', turret: 'turret-seat' } as const;
  m.fittings.forEach((f, i) => {
    const n = (counts[f.kind] = (counts[f.kind] ?? 0) + 1);
    planned.push(
      deck(
        `model.fittings[${i}].at`,
        `the ${f.kind} socket`,
        f.kind,
        socketOf[f.kind](`${kindName[f.kind]}-${n}`, clearanceMm),
      )([f.xMm, f.yMm]),
    );
  });
  if (m.coinSlot)
    planned.push(
      deck(
        'model.coinSlot.at',
        'the coin slot',
        'coin',
        coinSlot('coin-slot', clearanceMm),
      )([m.coinSlot.xMm, m.coinSlot.yMm]),
    );
  if (m.wheelSlot) {
    const cut = wheelSlot('wheel-slot', clearanceMm);
    const s = cut.feature.size as { widthMm: number; heightMm: number };
    const at = ([x]: number[]): Planned => ({
      path: 'model.wheelSlot.at',
      what: 'the wheel-carriage slot',
      role: 'wheel',
      place: 'bottom',
      at: [x!],
      moveTo: at,
      range: [[outline.sternXMm, outline.bowXMm]],
      own: null,
      box: {
        min: [x! - s.widthMm / 2, -s.heightMm / 2, 0],
        max: [x! + s.widthMm / 2, s.heightMm / 2, cut.feature.depthMm],
      },
      cut: () => placeCut(cut, [x!, 0, 0], FACING.down),
    });
    planned.push(at([m.wheelSlot.xMm]));
  }

  if (m.ballast) {
    const { washers } = m.ballast;
    const cut = ballastPocket('ballast-pocket', washers, clearanceMm);
    const r = (cut.feature.size as { diameterMm: number }).diameterMm / 2;
    const at = ([x, y]: number[]): Planned => ({
      path: 'model.ballast.at',
      what: `the ballast pocket (${washers} washers)`,
      role: 'ballast',
      place: 'bottom',
      at: [x!, y!],
      moveTo: at,
      range: deckRange(),
      own: null,
      box: { min: [x! - r, y! - r, 0], max: [x! + r, y! + r, cut.feature.depthMm + ballastCeilingRiseMm(clearanceMm)] },
      cut: () => placeCut(cut, [x!, y!, 0], FACING.down),
    });
    planned.push(at([m.ballast.xMm, m.ballast.yMm]));
  }

  m.cannonSlots.forEach((slot, i) => {
    if (slot.mount !== 'hull') return; // the turret's slot is on the turret part
    if (style.outrigger && slot.facing === 'starboard') {
      refused.push({
        path: `model.cannonSlots[${i}].facing`,
        message: `a ${m.hull.style} carries its outrigger to starboard, which would block a starboard slot; use port, bow or stern`,
        nearest: null,
      });
      return;
    }
    planned.push(
      slotPlanner(
        ctx,
        `model.cannonSlots[${i}].at`,
        slot.facing,
        cannonSlot(`cannon-slot-${i + 1}`, clearanceMm),
      )(slot.offsetMm),
    );
  });
  return { planned, refused };
}

/** A hull cannon slot's planner: `at` along the keel for a side slot, across for an end slot. */
function slotPlanner(
  ctx: PlanContext,
  path: string,
  facing: 'port' | 'starboard' | 'bow' | 'stern',
  cut: Cut,
): (offMm: number) => Planned {
  const { m, outline, levels } = ctx;
  const zc = HULL.cannonSlotCentreHeightMm;
  const boss = PRINTABILITY.portBoss;
  // A hull's boss reaches over the roof as far as past the sides, to its port frame's groove (surface.ts),
  // so its top edge ends in the groove as its ends do: with the lintel's 0.6 mm its top edge stood
  // 0.01–0.1 mm proud of the curving side, a ledge too thin to print. Under the floor it keeps the lintel:
  // reaching the bottom groove, its underside would hang over the bed.
  const overRoof = boss.marginMm;
  const side = (cut.feature.size as { widthMm: number }).widthMm;
  const d = cut.feature.depthMm;
  const h = side / 2;
  const what = `the ${facing} cannon slot`;
  const common = { path, what, role: 'slot', place: 'side', facing } as const;
  if (facing === 'port' || facing === 'starboard') {
    const sign = facing === 'port' ? 1 : -1;
    // The side beside the slot must hold the plug over at least half its depth.
    const holds = (x: number, mouth: number): boolean =>
      Math.min(
        minHalfBeamMm(outline, levels, x - h - WALL, zc - h, zc + h),
        minHalfBeamMm(outline, levels, x + h + WALL, zc - h, zc + h),
      ) >=
      mouth - d / 2;
    const plan = (off: number): Planned => {
      // Mouth on the outermost point of the side over the slot's width and its boss's margins, on the flat
      // face of a boss reaching back past the side's innermost point there (PRINTABILITY.portBoss), so the
      // slot's roof ends on a straight edge and the cut leaves no skin.
      const x0 = off - h - boss.marginMm,
        x1 = off + h + boss.marginMm;
      const mouth = outline.maxHalfMm(x0, x1);
      const inMm = mouth - innermostHalfMm(outline, levels, x0, x1, zc - h, zc + h + overRoof) + boss.fuseMm;
      const placed = (): Cut => placeCut(cut, [off, sign * mouth, zc], sign > 0 ? FACING['+y'] : FACING['-y']);
      const ok = holds(off, mouth);
      return {
        ...common,
        at: [off],
        moveTo: ([x]) => plan(x!),
        range: [[outline.sternXMm, outline.bowXMm]],
        own: ok
          ? null
          : `${what} at ${fmt(off)} mm along the keel is where the ${m.hull.style} hull's side curves away or is too narrow for its ${fmt(d)} mm depth; valid: ${scan(outline, (x) => holds(x, outline.maxHalfMm(x - h, x + h)))}`,
        box: {
          min: [off - h, sign > 0 ? mouth - d : -mouth, zc - h],
          max: [off + h, sign > 0 ? mouth : -mouth + d, zc + h],
        },
        cut: placed,
        // No lower than the bottom: a boss reaching that low stands on the bed.
        add: () => portBoss(placed().feature, inMm, overRoof).trimByPlane([0, 0, 1], 0),
      };
    };
    return plan;
  }
  const bow = facing === 'bow';
  const end = bow ? outline.bowXMm : outline.sternXMm;
  const inner = bow ? end - d : end + d;
  const room = endRoomMm(outline, levels, facing, d, h);
  const plan = (off: number): Planned => ({
    ...common,
    at: [off],
    moveTo: ([y]) => plan(y!),
    range: [[-m.hull.beamMm / 2, m.hull.beamMm / 2]],
    own:
      Math.abs(off) + h + WALL > room
        ? `${what} needs ${fmt(2 * (h + WALL))} mm of flat ${facing} face, but the ${m.hull.style} hull's ${facing} is ${room > 0 ? `only ${fmt(2 * room)} mm wide there` : 'too sharp for it'}; ${room - h - WALL >= 0 ? `valid: |at| ≤ ${fmt(room - h - WALL)} mm` : 'no place across it fits'}`
        : null,
    box: { min: [Math.min(end, inner), off - h, zc - h], max: [Math.max(end, inner), off + h, zc + h] },
    cut: () => placeCut(cut, [end, off, zc], bow ? FACING['+x'] : FACING['-x']),
  });
  return plan;
}

/** Half the width of flat end face at the slot's height, for an end slot `depthMm` deep and `halfMm` half wide. */
function endRoomMm(
  outline: Outline,
  levels: readonly Level[],
  facing: 'bow' | 'stern',
  depthMm: number,
  halfMm: number,
): number {
  const zc = HULL.cannonSlotCentreHeightMm;
  const end = facing === 'bow' ? outline.bowXMm : outline.sternXMm;
  const inner = facing === 'bow' ? end - depthMm - WALL : end + depthMm + WALL;
  return Math.min(
    minHalfBeamMm(outline, levels, end, zc - halfMm, zc + halfMm),
    minHalfBeamMm(outline, levels, inner, zc - halfMm, zc + halfMm),
  );
}

/**
 * The styles whose bow (or stern) takes a slot at this model's size, for a message about the slot at `path`
 * (`model.cannonSlots[2].at`) that this style's does not. Each is planned with the whole model, so one edit
 * can follow it: the slot's nearest place across on that style, and the fields that would not fit there as
 * declared, in the layout or among the ornaments (or that the rest fits).
 */
export function endSlotStyles(m: FactionModel, facing: 'bow' | 'stern', clearanceMm: number, path: string): string {
  const cut = cannonSlot('cannon-slot', clearanceMm);
  const d = cut.feature.depthMm,
    h = (cut.feature.size as { widthMm: number }).widthMm / 2;
  const take = (HULL_STYLES as readonly HullStyle[]).filter((s) => {
    const o = new Outline(STYLES[s], m.hull.lengthMm, m.hull.beamMm);
    return endRoomMm(o, levelsFor(STYLES[s], m.hull.heightMm, m.hull.beamMm), facing, d, h) >= h + WALL;
  });
  const index = Number(/^model\.cannonSlots\[(\d+)\]/.exec(path)![1]);
  const declared = m.cannonSlots[index] as Extract<CannonSlot, { mount: 'hull' }>;
  const on = (style: HullStyle, offsetMm: number): FactionModel => ({
    ...m,
    hull: { ...m.hull, style },
    cannonSlots: m.cannonSlots.map((s, i) => (i === index ? { ...declared, offsetMm } : s)),
  });
  const planned = take.map((style) => {
    const first = planLayout(on(style, declared.offsetMm), clearanceMm, false);
    const own = first.problems.find((p) => p.path === path);
    if (own && !own.nearest) return `${style} (no place across it among the others as declared)`;
    const at = own ? own.nearest![0]! : declared.offsetMm;
    const moved = on(style, at);
    const rest = [
      ...(own ? planLayout(moved, clearanceMm, false) : first).problems.map((p) => p.path).filter((p) => p !== path),
      ...m.look.ornaments.flatMap((o, i) =>
        ornamentFits(o, STYLES[style], moved) ? [] : [`model.look.ornaments[${i}]`],
      ),
    ];
    const then = rest.length ? `, but ${rest.join(', ')} would not fit as declared` : ', the rest fits as declared';
    return `${style} (at: ${placeText([at])}${then})`;
  });
  const size = `${fmt(m.hull.lengthMm)} × ${fmt(m.hull.beamMm)} × ${fmt(m.hull.heightMm)} mm`;
  return take.length
    ? `the styles whose ${facing} takes a cannon slot at ${size}: ${planned.join('; ')} (model.hull.style); or open the slot to port or starboard`
    : `no style's ${facing} takes a cannon slot at ${size}; make the hull wider, or open the slot to port or starboard`;
}

/**
 * The side's innermost half-beam over x0…x1 and heights z0…z1 (where a slot's boss must reach back to). The
 * loft runs straight between its levels and its stations, so the range's ends and the stations and levels
 * inside it bound it.
 */
function innermostHalfMm(
  outline: Outline,
  levels: readonly Level[],
  x0: number,
  x1: number,
  z0: number,
  z1: number,
): number {
  const xs = [x0, x1, ...outline.xs.filter((x) => x > x0 && x < x1)];
  const zs = [z0, z1, ...levels.map((l) => l.zMm).filter((z) => z > z0 && z < z1)];
  const halfAt = (x: number, z: number): number => {
    const i = levels.findIndex((l) => l.zMm >= z);
    if (i <= 0) return outline.levelHalfAt(levels[Math.max(0, i)]!, x);
    const a = levels[i - 1]!,
      b = levels[i]!,
      t = (z - a.zMm) / (b.zMm - a.zMm);
    return (1 - t) * outline.levelHalfAt(a, x) + t * outline.levelHalfAt(b, x);
  };
  return Math.min(...xs.flatMap((x) => zs.map((z) => halfAt(x, z))));
}

/** Describes the x ranges (0.5 mm steps) where `ok` holds, e.g. "at from -20 to 12 mm". */
function scan(outline: Outline, ok: (xMm: number) => boolean): string {
  const runs: [number, number][] = [];
  for (let x = Math.ceil(outline.sternXMm * 2) / 2; x <= outline.bowXMm; x += 0.5) {
    if (!ok(x)) continue;
    const last = runs[runs.length - 1];
    if (last && x - last[1] < 0.51) last[1] = x;
    else runs.push([x, x]);
  }
  if (runs.length === 0) return 'no position along this hull (make it wider or longer)';
  return 'x ' + runs.map(([a, b]) => `from ${fmt(a)} to ${fmt(b)} mm`).join(' or ');
}

/** Raised areas of the deck where nothing may open: castles and prow posts, as x ranges. */
export function blockedDeckRanges(style: StyleDef, outline: Outline): [number, number][] {
  const len = outline.bowXMm - outline.sternXMm;
  const ranges = style.castles.map((c): [number, number] =>
    c.end === 'stern'
      ? [outline.sternXMm, outline.sternXMm + c.lengthFrac * len]
      : [outline.bowXMm - c.lengthFrac * len, outline.bowXMm],
  );
  if (style.outrigger)
    ranges.push(
      [outline.sternXMm, outline.sternXMm + PROA.prowLengthMm],
      [outline.bowXMm - PROA.prowLengthMm, outline.bowXMm],
    );
  return ranges;
}

/** A deck opening deeper than the hull, or a bottom pocket reaching the deck: no place fixes it. */
function depthProblem(ctx: PlanContext, p: Planned): string | null {
  const H = ctx.m.hull.heightMm;
  const { min, max } = p.box;
  if (p.place === 'deck' && min[2] < WALL)
    return `${p.what} is deeper than the ${fmt(H)} mm hull allows; make model.hull.height at least ${fmt(max[2] - min[2] + WALL)} mm`;
  if (p.place === 'bottom' && max[2] > H - WALL)
    return `${p.what} would break through the deck; make model.hull.height at least ${fmt(max[2] + WALL)} mm`;
  return null;
}

/** What is wrong with `p` where it is, against the hull and the features `others`, or null. */
function placeProblem(ctx: PlanContext, p: Planned, others: readonly Planned[]): string | null {
  return p.own ?? containmentProblem(ctx, p) ?? spacingProblem(p, others);
}

function containmentProblem(ctx: PlanContext, p: Planned): string | null {
  if (p.place === 'side') return null;
  const { m, outline, levels } = ctx;
  const onDeck = p.place === 'deck';
  const { min, max } = p.box;
  const margin = WALL + (onDeck ? ctx.gunwaleMm : 0);
  const halfW = (max[1] - min[1]) / 2;
  const halfL = (max[0] - min[0]) / 2;
  const yc = (max[1] + min[1]) / 2;
  const xc = (max[0] + min[0]) / 2;
  const room = (x: number): number =>
    Math.min(
      minHalfBeamMm(outline, levels, x - halfL - WALL, min[2], max[2]),
      minHalfBeamMm(outline, levels, x + halfL + WALL, min[2], max[2]),
    ) -
    halfW -
    margin;
  const yRoom = room(xc);
  if (Math.abs(yc) > yRoom) {
    const where =
      yRoom >= 0
        ? `at x = ${fmt(xc)} mm its centre must stay within |y| ≤ ${fmt(yRoom)} mm`
        : `nothing across the hull fits at x = ${fmt(xc)} mm; valid at y = ${fmt(yc)}: ${scan(outline, (x) => room(x) >= Math.abs(yc))}`;
    return `${p.what} at [${fmt(xc)}, ${fmt(yc)}] mm would break through the ${m.hull.style} hull's side (keeping ${fmt(margin)} mm of wall): ${where}`;
  }
  if (!onDeck) return null;
  for (const [a, b] of ctx.blocked)
    if (max[0] + WALL > a && min[0] - WALL < b)
      return `${p.what} at x = ${fmt(xc)} mm opens under the ${m.hull.style}'s raised deck from x = ${fmt(a)} to ${fmt(b)} mm; keep its ${fmt(2 * halfL)} mm length at least ${fmt(WALL)} mm clear of that range`;
  return null;
}

/** The gap between two boxes along the axis that separates them most (negative: they overlap). */
function gapMm(a: Box, b: Box): number {
  return Math.max(...[0, 1, 2].map((k) => Math.max(a.min[k]! - b.max[k]!, b.min[k]! - a.max[k]!)));
}

/** `p` keeps HULL.minWallMm from each of `others` along at least one axis, or the first it does not. */
function spacingProblem(p: Planned, others: readonly Planned[]): string | null {
  for (const q of others) {
    const gap = gapMm(p.box, q.box);
    if (gap < WALL - 1e-9)
      return `${p.what} ${gap < 0 ? 'overlaps' : `comes within ${fmt(gap)} mm of`} ${q.what} (${q.path}); keep at least ${fmt(WALL)} mm of hull between features (x ${fmt(q.box.min[0])}…${fmt(q.box.max[0])}, y ${fmt(q.box.min[1])}…${fmt(q.box.max[1])} mm is taken)`;
  }
  return null;
}

/** Grid points of a range every `stepMm`, nearest to `from` first (ties in coordinate order). */
function candidates(range: readonly [number, number][], from: readonly number[], stepMm = LAYOUT_STEP_MM): number[][] {
  const axes = range.map(([lo, hi]) => {
    const vs: number[] = [];
    for (let v = Math.ceil(lo / stepMm) * stepMm; v <= hi + 1e-9; v += stepMm) vs.push(Math.round(v * 100) / 100);
    return vs;
  });
  const points = axes.reduce<number[][]>((acc, vs) => acc.flatMap((a) => vs.map((v) => [...a, v])), [[]]);
  const dist = points.map((q) => q.reduce((s, v, k) => s + (v - from[k]!) ** 2, 0));
  const order = points.map((_, i) => i).sort((i, j) => dist[i]! - dist[j]! || lexical(points[i]!, points[j]!));
  return order.map((i) => points[i]!);
}

function lexical(a: readonly number[], b: readonly number[]): number {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! - b[k]!;
  return 0;
}

/** The nearest grid place where `p` fits the hull and keeps clear of `others`, or null when none does. */
function nearestPlace(ctx: PlanContext, p: Planned, others: readonly Planned[]): number[] | null {
  for (const at of candidates(p.range, p.at)) if (!placeProblem(ctx, p.moveTo(at), others)) return at;
  return null;
}

/** Where a new feature of one kind could still go: its centres on a 1 mm grid, and its size. */
export interface FreePlaces {
  role: FeatureRole;
  what: string;
  /** A cannon slot's facing: its `at` is then along the keel (port, starboard) or across (bow, stern). */
  facing?: 'port' | 'starboard' | 'bow' | 'stern';
  /** The centres (field terms) where it fits among the declared features. */
  at: number[][];
  /** Its box's half-size across the deck (x, y), for drawing. */
  halfMm: [number, number];
}

/**
 * The deck map's free places: where a new mast, cargo or coin slot (a deck centre [x, y]) or a port, bow or
 * stern cannon slot (its `at`) would fit among the model's declared features.
 */
export function freePlaces(layout: Layout, clearanceMm: number): FreePlaces[] {
  const ctx: PlanContext = { ...layout, m: layout.model };
  const { model: m, outline } = layout;
  const deckOf = (what: string, role: FeatureRole, cut: Cut): FreePlaces => {
    const s = cut.feature.size;
    const half: [number, number] =
      s.shape === 'round' ? [s.diameterMm / 2, s.diameterMm / 2] : [s.widthMm / 2, s.heightMm / 2];
    const H = m.hull.heightMm;
    const at: number[][] = [];
    const probe = (x: number, y: number): Planned => ({
      path: '',
      what,
      role,
      place: 'deck',
      at: [x, y],
      moveTo: ([a, b]) => probe(a!, b!),
      range: [],
      own: null,
      box: { min: [x - half[0], y - half[1], H - cut.feature.depthMm], max: [x + half[0], y + half[1], H] },
      cut: () => cut,
    });
    for (const [x, y] of candidates(
      [
        [outline.sternXMm, outline.bowXMm],
        [-m.hull.beamMm / 2, m.hull.beamMm / 2],
      ],
      [0, 0],
      FREE_STEP_MM,
    ))
      if (!placeProblem(ctx, probe(x!, y!), layout.planned)) at.push([x!, y!]);
    return { role, what, at, halfMm: half };
  };
  const slotCut = cannonSlot('cannon-slot', clearanceMm);
  const w = (slotCut.feature.size as { widthMm: number }).widthMm / 2;
  const facings = (['port', 'starboard', 'bow', 'stern'] as const).filter(
    (f) => !(f === 'starboard' && layout.style.outrigger),
  );
  const slots = facings.map((facing): FreePlaces => {
    const plan = slotPlanner(ctx, '', facing, slotCut);
    const at = candidates(plan(0).range, [0], FREE_STEP_MM).filter(
      (q) => !placeProblem(ctx, plan(q[0]!), layout.planned),
    );
    return { role: 'slot', what: `a ${facing} cannon slot`, facing, at, halfMm: [w, w] };
  });
  return [
    deckOf('a mast socket', 'mast', mastSocket('mast-socket', clearanceMm)),
    deckOf('a cargo socket', 'cargo', cargoSocket('cargo-socket', clearanceMm)),
    deckOf('a coin slot', 'coin', coinSlot('coin-slot', clearanceMm)),
    ...slots,
  ];
}
