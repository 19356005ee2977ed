/**
 * Ship hull, one per faction style (src/parts/hull-styles/styles.ts): a lofted body with the style's
 * castles, bulwark or outrigger, carrying the model's fitting sockets, hull cannon slots, coin slot and
 * wheel-carriage slot, with a bow skid (the bottom's leading edge raked back) so the ship rides on its
 * stern wheel and its bow. Printed upright: flat bottom on the bed, deck up.
 *
 * The layout is checked before anything is modelled, by box arithmetic on the cutters' sizes and the
 * style's outline: every feature keeps HULL.minWallMm to the outside and to every other feature, and deck
 * openings stay off castles and bulwarks. A layout that fails throws an InputError naming the model field.
 */
import { InputError } from '../errors.js';
import { HULL_STYLES, type FactionModel } from '../faction/types.js';
import { FACTION_LIMITS } from '../faction/format.js';
import { box, circle, hull2d, hull3d, polygon, rect, union, withoutSlivers, type Solid, type Vec3 } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { CLEARANCE_RANGE_MM, DEFAULT_BED_CHAMFER_MM, DEFAULT_CLEARANCE_MM, HULL, PRINTABILITY } from '../standard.js';
import { chamferFitsAtBed } from './chamfer.js';
import { ballastCeilingRiseMm, ballastPocket, cannonSlot, cargoSocket, coinSlot, FACING, mastSocket, placeCut, portBoss, turretSeat, wheelSlot, type Cut } from './cutters.js';
import { ornaments, RAIL_GUNWALE_MM } from './hull-styles/ornaments.js';
import { CASTLE, levelsFor, minHalfBeamMm, Outline, PROA, proaFloatYMm, STYLES, type Level, type StyleDef } from './hull-styles/styles.js';
import { surfaceDetail, type HullContext } from './hull-styles/surface.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface HullOptions {
  /** The faction's resolved model (hull style and size, sockets, slots). Default: a galleon with a mast, two cargo sockets and broadside slots. */
  model: FactionModel;
  /** The printer's sliding clearance per mating surface. Default DEFAULT_CLEARANCE_MM (0.20 mm). */
  clearanceMm: number;
  /** Flare on the holes that open on the bed (wheel slot, ballast pocket), against the printer's elephant's foot (chamfer.ts). Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

export const DEFAULTS: HullOptions = {
  model: {
    hull: { style: 'galleon', lengthMm: 86, beamMm: 34, heightMm: 18 },
    fittings: [
      { kind: 'mast', xMm: 6, yMm: 0 },
      { kind: 'cargo', xMm: -12, yMm: 8 },
      { kind: 'cargo', xMm: 24, yMm: 0 },
    ],
    cannonSlots: [
      { mount: 'hull', facing: 'port', offsetMm: 6 },
      { mount: 'hull', facing: 'starboard', offsetMm: 6 },
    ],
    coinSlot: { xMm: -8, yMm: -6 },
    wheelSlot: { xMm: -29 },
    ballast: null,
    externalHullStl: null,
    look: { surface: 'plain', cargo: 'crates', sails: 'plain', ornaments: [] },
  },
  clearanceMm: DEFAULT_CLEARANCE_MM,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

const SOURCE = 'hull model';
const WALL = HULL.minWallMm;
/** Castles and bulwarks start this far below the deck so they fuse with the body. */
const FUSE_MM = 0.5;
/** Gunwale teeth stand this far inside the side, so their faces never coincide with the body's. */
const TOOTH_INSET_MM = 0.15;

/** Axis-aligned box in the hull frame. */
interface Box {
  min: Vec3;
  max: Vec3;
}

/** A feature before modelling: where it is, which field placed it, and how to cut it. */
interface Planned {
  path: string;
  what: string;
  box: Box;
  /** Deck openings must keep off castles and bulwarks; side and end slots are checked where planned. */
  place: 'deck' | 'bottom' | 'side';
  /** Which way a cannon slot opens (its frame is cut round it). */
  facing?: 'port' | 'starboard' | 'bow' | 'stern';
  cut: () => Cut;
  /** What it stands on the body before it is cut (a side slot's boss). */
  add?: () => Solid;
}

const fmt = (mm: number): string => `${Math.round(mm * 100) / 100}`;
const fail = (path: string, message: string): never => {
  throw InputError.single(SOURCE, path, message);
};

/**
 * Builds a faction's hull in print orientation (deck up, centred on the bed). Features: one socket per
 * fitting (`mast-socket-n`, `cargo-socket-n`, `turret-seat-n`), `cannon-slot-n` per hull slot, `coin-slot`,
 * `wheel-slot` and `ballast-pocket` (when the model has ballast), each in the exported frame.
 * @throws InputError when the model's layout overlaps or breaks through the hull, naming the field.
 */
export function hull(options?: Partial<HullOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('hull', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('hull', 'bedChamferMm', o.bedChamferMm, 0, 0.4);
  const m = o.model;
  checkOption('hull', 'model', m, typeof m === 'object' && m !== null && typeof m.hull === 'object', 'a resolved faction model');
  checkOption('hull', 'model.hull.style', m.hull.style, (HULL_STYLES as readonly string[]).includes(m.hull.style), `one of ${HULL_STYLES.join(', ')}`);
  const L = FACTION_LIMITS;
  checkRange('hull', 'model.hull.lengthMm', m.hull.lengthMm, L.hullLengthMm.min, L.hullLengthMm.max);
  checkRange('hull', 'model.hull.beamMm', m.hull.beamMm, L.hullBeamMm.min, L.hullBeamMm.max);
  checkRange('hull', 'model.hull.heightMm', m.hull.heightMm, L.hullHeightMm.min, L.hullHeightMm.max);

  const style = STYLES[m.hull.style];
  const outline = new Outline(style, m.hull.lengthMm, m.hull.beamMm);
  const levels = levelsFor(style, m.hull.heightMm, m.hull.beamMm);
  // What stands along the gunwale, inside the outline: the style's bulwark or teeth, or the look's rail.
  const gunwaleMm = style.rim?.widthMm ?? (m.look.ornaments.some((o) => o.kind === 'rail') ? RAIL_GUNWALE_MM : 0);
  const planned = planFeatures(m, o.clearanceMm, style, outline, levels, gunwaleMm);

  // A bulwark is lofted with the body and its well cut out, so no face of it lies on a face of the body.
  const top = levels[levels.length - 1]!;
  const wall = style.rim && style.rim.toothPitchMm <= 0;
  const loftLevels = wall ? [...levels, { ...top, zMm: top.zMm + style.rim!.heightMm }] : levels;
  const ctx: HullContext = {
    model: m,
    style,
    outline,
    levels: loftLevels,
    deck: top,
    features: planned.map((p) => ({ box: p.box, place: p.place, ...(p.facing ? { facing: p.facing } : {}) })),
    blocked: blockedDeckRanges(style, outline),
    gunwaleMm,
  };
  const look = ornaments(ctx);
  // The surface is cut from the lofted body alone, before castles, teeth and ornaments stand on it.
  const surface = surfaceDetail(ctx);
  const lofted = loft(outline, loftLevels);
  const shell = surface.cuts.length ? lofted.subtract(union(surface.cuts)) : lofted;
  const teeth = style.rim && !wall ? gunwaleTeeth(m, style, outline) : [];
  const body = union([shell, ...decorations(m, style, outline, levels), ...teeth, ...surface.adds, ...look.adds, ...planned.flatMap((p) => (p.add ? [p.add()] : []))]);
  const cuts = planned.map((p) => p.cut());
  // cutInto's one subtraction, with the bulwark's well and the ornaments' recesses in the same union as the cutters.
  const relief = [...(wall ? [bulwarkWell(m, style, outline, top)] : []), ...look.cuts];
  const part = chamferFitsAtBed(layOnBed({ solid: body.subtract(union([...cuts.map((c) => c.solid), ...relief])), features: cuts.map((c) => c.feature) }), o.bedChamferMm);
  // As it will be written: the grooves' ends leave slivers that single precision can flatten.
  return { ...part, solid: withoutSlivers(part.solid) };
}

/** Convex hull of stacked levels. Points sharing x and y keep only their lowest and highest z (no collinear slivers). */
function loft(outline: Outline, levels: readonly Level[]): Solid {
  const span = new Map<string, [number, number, number, number]>();
  for (const l of levels)
    for (const [x, y] of outline.levelPoints(l)) {
      const key = `${x},${y}`;
      const s = span.get(key);
      if (s) {
        s[2] = Math.min(s[2], l.zMm);
        s[3] = Math.max(s[3], l.zMm);
      } else span.set(key, [x, y, l.zMm, l.zMm]);
    }
  const pts: Vec3[] = [];
  for (const [x, y, z0, z1] of span.values()) pts.push([x, y, z0], ...(z1 > z0 ? [[x, y, z1] as Vec3] : []));
  return hull3d(pts);
}

/** A solid bulwark's inside, down to the deck except under castles. */
function bulwarkWell(m: FactionModel, style: StyleDef, outline: Outline, top: Level): Solid {
  const rim = style.rim!;
  const castles = blockedDeckRanges(style, outline).map(([a, b]) => rect(b - a, m.hull.beamMm + 2).translate((a + b) / 2, 0));
  return polygon(outline.levelPoints(top)).offset(-rim.widthMm).subtract(...castles).extrude(rim.heightMm + 1).translate([0, 0, m.hull.heightMm]);
}

/**
 * A jagged gunwale: separate tapering teeth standing on the deck along both sides, set in a hair from the
 * side (TOOTH_INSET_MM) so no face of a tooth lies on a face of the body, and clear of castles.
 */
function gunwaleTeeth(m: FactionModel, style: StyleDef, outline: Outline): Solid[] {
  const rim = style.rim!;
  const H = m.hull.heightMm;
  const p = rim.toothPitchMm, crown = HULL.minWallMm / 2;
  const blocked = blockedDeckRanges(style, outline);
  const teeth: Solid[] = [];
  for (let x0 = outline.sternXMm + p / 4; x0 + p <= outline.bowXMm; x0 += p) {
    const x1 = x0 + p * 0.8, xm = (x0 + x1) / 2;
    if (blocked.some(([a, b]) => x1 > a && x0 < b)) continue;
    const outer = (x: number): number => outline.halfAt(x) - TOOTH_INSET_MM;
    if (outer(x1) < rim.widthMm + HULL.minWallMm) continue; // the bow's point: no room for a tooth
    for (const side of [1, -1]) {
      const pts: Vec3[] = [];
      for (const [x, z] of [[x0, H - FUSE_MM], [x1, H - FUSE_MM], [xm - crown, H + rim.heightMm], [xm + crown, H + rim.heightMm]] as const)
        for (const dy of [0, rim.widthMm - TOOTH_INSET_MM]) pts.push([x, side * (outer(x) - dy), z]);
      teeth.push(hull3d(pts));
    }
  }
  return teeth;
}

// ---------------------------------------------------------------------------------------------------------
// Layout: plan every feature and check it by box arithmetic before modelling.

function planFeatures(m: FactionModel, clearanceMm: number, style: StyleDef, outline: Outline, levels: readonly Level[], gunwaleMm: number): Planned[] {
  const H = m.hull.heightMm;
  const planned: Planned[] = [];
  const deck = (path: string, what: string, xMm: number, yMm: number, cut: Cut): void => {
    const s = cut.feature.size;
    const [hx, hy] = s.shape === 'round' ? [s.diameterMm / 2, s.diameterMm / 2] : [s.widthMm / 2, s.heightMm / 2];
    planned.push({
      path,
      what,
      place: 'deck',
      box: { min: [xMm - hx, yMm - hy, H - cut.feature.depthMm], max: [xMm + hx, yMm + hy, H] },
      cut: () => placeCut(cut, [xMm, yMm, H], FACING.up),
    });
  };

  const counts: Record<string, number> = {};
  const socketOf = { mast: mastSocket, cargo: cargoSocket, turret: turretSeat } as const;
  const kindName = { mast: 'mast-socket', cargo: 'cargo-socket', turret: 'turret-seat' } as const;
  m.fittings.forEach((f, i) => {
    const n = (counts[f.kind] = (counts[f.kind] ?? 0) + 1);
    const id = `${kindName[f.kind]}-${n}`;
    deck(`model.fittings[${i}].at`, `the ${f.kind} socket`, f.xMm, f.yMm, socketOf[f.kind](id, clearanceMm));
  });
  if (m.coinSlot) deck('model.coinSlot.at', 'the coin slot', m.coinSlot.xMm, m.coinSlot.yMm, coinSlot('coin-slot', clearanceMm));
  if (m.wheelSlot) {
    const x = m.wheelSlot.xMm;
    const cut = wheelSlot('wheel-slot', clearanceMm);
    const s = cut.feature.size as { widthMm: number; heightMm: number };
    planned.push({
      path: 'model.wheelSlot.at',
      what: 'the wheel-carriage slot',
      place: 'bottom',
      box: { min: [x - s.widthMm / 2, -s.heightMm / 2, 0], max: [x + s.widthMm / 2, s.heightMm / 2, cut.feature.depthMm] },
      cut: () => placeCut(cut, [x, 0, 0], FACING.down),
    });
  }

  if (m.ballast) {
    const { xMm: x, yMm: y, washers } = m.ballast;
    const cut = ballastPocket('ballast-pocket', washers, clearanceMm);
    const r = (cut.feature.size as { diameterMm: number }).diameterMm / 2;
    planned.push({
      path: 'model.ballast.at',
      what: `the ballast pocket (${washers} washers)`,
      place: 'bottom',
      box: { min: [x - r, y - r, 0], max: [x + r, y + r, cut.feature.depthMm + ballastCeilingRiseMm(clearanceMm)] },
      cut: () => placeCut(cut, [x, y, 0], FACING.down),
    });
  }

  const zc = HULL.cannonSlotCentreHeightMm;
  const boss = PRINTABILITY.portBoss;
  m.cannonSlots.forEach((slot, i) => {
    if (slot.mount !== 'hull') return; // the turret's slot is on the turret part
    const path = `model.cannonSlots[${i}].at`;
    const cut = cannonSlot(`cannon-slot-${i + 1}`, clearanceMm);
    const side = (cut.feature.size as { widthMm: number }).widthMm;
    const d = cut.feature.depthMm;
    const h = side / 2;
    const off = slot.offsetMm;
    if (slot.facing === 'port' || slot.facing === 'starboard') {
      if (style.outrigger && slot.facing === 'starboard') fail(`model.cannonSlots[${i}].facing`, `a ${m.hull.style} carries its outrigger to starboard, which would block a starboard slot; use port, bow or stern`);
      // Mouth on the outermost point of the side over the slot's width and its boss's margins, on the flat
      // face of a boss reaching back past the side's innermost point there (PRINTABILITY.portBoss), so the
      // slot's roof ends on a straight edge and the cut leaves no skin.
      const x0 = off - h - boss.marginMm, x1 = off + h + boss.marginMm;
      const mouth = outline.maxHalfMm(x0, x1);
      const inMm = mouth - innermostHalfMm(outline, levels, x0, x1, zc - h, zc + h + boss.lintelMm) + boss.fuseMm;
      const sign = slot.facing === 'port' ? 1 : -1;
      const placed = (): Cut => placeCut(cut, [off, sign * mouth, zc], sign > 0 ? FACING['+y'] : FACING['-y']);
      planned.push({
        path,
        what: `the ${slot.facing} cannon slot`,
        place: 'side',
        facing: slot.facing,
        box: { min: [off - h, sign > 0 ? mouth - d : -mouth, zc - h], max: [off + h, sign > 0 ? mouth : -mouth + d, zc + h] },
        cut: placed,
        // No lower than the bottom: a boss reaching that low stands on the bed.
        add: () => portBoss(placed().feature, inMm).trimByPlane([0, 0, 1], 0),
      });
      // The side beside the slot must hold the plug over at least half its depth.
      const side0 = minHalfBeamMm(outline, levels, off - h - WALL, zc - h, zc + h);
      const side1 = minHalfBeamMm(outline, levels, off + h + WALL, zc - h, zc + h);
      if (Math.min(side0, side1) < mouth - d / 2) {
        const ok = scan(outline, (x) => {
          const mo = outline.maxHalfMm(x - h, x + h);
          return Math.min(minHalfBeamMm(outline, levels, x - h - WALL, zc - h, zc + h), minHalfBeamMm(outline, levels, x + h + WALL, zc - h, zc + h)) >= mo - d / 2;
        });
        fail(path, `the ${slot.facing} cannon slot at ${fmt(off)} mm along the keel is where the ${m.hull.style} hull's side curves away or is too narrow for its ${fmt(d)} mm depth; valid: ${ok}`);
      }
    } else {
      const bow = slot.facing === 'bow';
      const end = bow ? outline.bowXMm : outline.sternXMm;
      const inner = bow ? end - d : end + d;
      planned.push({
        path,
        what: `the ${slot.facing} cannon slot`,
        place: 'side',
        facing: slot.facing,
        box: { min: [Math.min(end, inner), off - h, zc - h], max: [Math.max(end, inner), off + h, zc + h] },
        cut: () => placeCut(cut, [end, off, zc], bow ? FACING['+x'] : FACING['-x']),
      });
      const room = Math.min(
        minHalfBeamMm(outline, levels, end, zc - h, zc + h),
        minHalfBeamMm(outline, levels, bow ? inner - WALL : inner + WALL, zc - h, zc + h),
      );
      if (Math.abs(off) + h + WALL > room)
        fail(path, `the ${slot.facing} cannon slot needs ${fmt(2 * (h + WALL))} mm of flat ${slot.facing} face, but the ${m.hull.style} hull's ${slot.facing} is ${room > 0 ? `only ${fmt(2 * room)} mm wide there` : 'too sharp for it'}; valid: |at| ≤ ${fmt(Math.max(0, room - h - WALL))} mm`);
    }
  });

  checkContainment(m, style, outline, levels, planned, gunwaleMm);
  checkSpacing(planned);
  return planned;
}

/**
 * The side's innermost half-beam over x0…x1 and heights z0…z1 (where a slot's boss must reach back to). The
 * loft runs straight between its levels and its stations, so the range's ends and the stations and levels
 * inside it bound it.
 */
function innermostHalfMm(outline: Outline, levels: readonly Level[], x0: number, x1: number, z0: number, z1: number): number {
  const xs = [x0, x1, ...outline.xs.filter((x) => x > x0 && x < x1)];
  const zs = [z0, z1, ...levels.map((l) => l.zMm).filter((z) => z > z0 && z < z1)];
  const halfAt = (x: number, z: number): number => {
    const i = levels.findIndex((l) => l.zMm >= z);
    if (i <= 0) return outline.levelHalfAt(levels[Math.max(0, i)]!, x);
    const a = levels[i - 1]!, b = levels[i]!, t = (z - a.zMm) / (b.zMm - a.zMm);
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
function blockedDeckRanges(style: StyleDef, outline: Outline): [number, number][] {
  const len = outline.bowXMm - outline.sternXMm;
  const ranges = style.castles.map((c): [number, number] =>
    c.end === 'stern' ? [outline.sternXMm, outline.sternXMm + c.lengthFrac * len] : [outline.bowXMm - c.lengthFrac * len, outline.bowXMm],
  );
  if (style.outrigger) ranges.push([outline.sternXMm, outline.sternXMm + PROA.prowLengthMm], [outline.bowXMm - PROA.prowLengthMm, outline.bowXMm]);
  return ranges;
}

function checkContainment(m: FactionModel, style: StyleDef, outline: Outline, levels: readonly Level[], planned: readonly Planned[], gunwaleMm: number): void {
  const H = m.hull.heightMm;
  const blocked = blockedDeckRanges(style, outline);
  for (const p of planned) {
    if (p.place === 'side') continue;
    const onDeck = p.place === 'deck';
    const { min, max } = p.box;
    if (onDeck && min[2] < WALL) fail(p.path, `${p.what} is deeper than the ${fmt(H)} mm hull allows; make model.hull.height at least ${fmt(max[2] - min[2] + WALL)} mm`);
    if (!onDeck && max[2] > H - WALL) fail(p.path, `${p.what} would break through the deck; make model.hull.height at least ${fmt(max[2] + WALL)} mm`);
    const margin = WALL + (onDeck ? gunwaleMm : 0);
    const halfW = (max[1] - min[1]) / 2;
    const halfL = (max[0] - min[0]) / 2;
    const yc = (max[1] + min[1]) / 2;
    const xc = (max[0] + min[0]) / 2;
    const room = (x: number): number =>
      Math.min(minHalfBeamMm(outline, levels, x - halfL - WALL, min[2], max[2]), minHalfBeamMm(outline, levels, x + halfL + WALL, min[2], max[2])) - halfW - margin;
    const yRoom = room(xc);
    if (Math.abs(yc) > yRoom) {
      const where = yRoom >= 0 ? `at x = ${fmt(xc)} mm its centre must stay within |y| ≤ ${fmt(yRoom)} mm` : `nothing across the hull fits at x = ${fmt(xc)} mm; valid at y = ${fmt(yc)}: ${scan(outline, (x) => room(x) >= Math.abs(yc))}`;
      fail(p.path, `${p.what} at [${fmt(xc)}, ${fmt(yc)}] mm would break through the ${m.hull.style} hull's side (keeping ${fmt(margin)} mm of wall): ${where}`);
    }
    if (!onDeck) continue;
    for (const [a, b] of blocked)
      if (max[0] + WALL > a && min[0] - WALL < b)
        fail(p.path, `${p.what} at x = ${fmt(xc)} mm opens under the ${m.hull.style}'s raised deck from x = ${fmt(a)} to ${fmt(b)} mm; keep its ${fmt(2 * halfL)} mm length at least ${fmt(WALL)} mm clear of that range`);
  }
}

/** Every pair of features keeps HULL.minWallMm between them along at least one axis. */
function checkSpacing(planned: readonly Planned[]): void {
  for (let j = 1; j < planned.length; j++)
    for (let i = 0; i < j; i++) {
      const a = planned[i]!.box, b = planned[j]!.box;
      const gap = Math.max(...[0, 1, 2].map((k) => Math.max(a.min[k]! - b.max[k]!, b.min[k]! - a.max[k]!)));
      if (gap < WALL - 1e-9)
        fail(
          planned[j]!.path,
          `${planned[j]!.what} ${gap < 0 ? 'overlaps' : `comes within ${fmt(gap)} mm of`} ${planned[i]!.what} (${planned[i]!.path}); keep at least ${fmt(WALL)} mm of hull between features (x ${fmt(a.min[0])}…${fmt(a.max[0])}, y ${fmt(a.min[1])}…${fmt(a.max[1])} mm is taken)`,
        );
    }
}

// ---------------------------------------------------------------------------------------------------------
// Style decorations above the deck and beside the body.

function decorations(m: FactionModel, style: StyleDef, outline: Outline, levels: readonly Level[]): Solid[] {
  const H = m.hull.heightMm;
  const len = m.hull.lengthMm;
  const top = levels[levels.length - 1]!;
  const out: Solid[] = [];

  for (const c of style.castles) {
    const clip = len * (1 - c.lengthFrac);
    const stern = c.end === 'stern';
    // The castle's inboard face slopes (a third of its height), its sides draw in a little.
    const base: Level = { zMm: H - FUSE_MM, sy: top.sy, bowInsetMm: stern ? clip : top.bowInsetMm, sternInsetMm: stern ? top.sternInsetMm : clip };
    const crown: Level = {
      zMm: H + c.heightMm,
      sy: top.sy * CASTLE.topBeamFrac,
      bowInsetMm: base.bowInsetMm + (stern ? c.heightMm * CASTLE.inboardSlopeFrac : CASTLE.endLeanMm),
      sternInsetMm: base.sternInsetMm + (stern ? CASTLE.endLeanMm : c.heightMm * CASTLE.inboardSlopeFrac),
    };
    out.push(loft(outline, [base, crown]));
  }

  if (style.outrigger) {
    // Float to starboard inside the beam, joined by two sloping cross-beams (akas) to the canoe's side.
    const fr = PROA.floatWidthMm / 2;
    const fy = proaFloatYMm(m.hull.beamMm);
    const fl = (len * PROA.floatLengthFrac) / 2;
    out.push(hull2d([circle(fr).translate(-fl, 0), circle(fr).translate(fl, 0)]).extrude(PROA.floatHeightMm).translate([0, fy, 0]));
    for (const x of PROA.akaAtFrac.map((f) => len * f)) {
      const canoe = outline.halfAt(x);
      out.push(
        hull3d([
          box([PROA.akaWidthMm, PROA.floatWidthMm, 1.5]).translate([x, fy, PROA.floatHeightMm - 0.75]),
          box([PROA.akaWidthMm, 2, 2]).translate([x, -canoe + 1, H - 1]),
        ]),
      );
    }
    // Upswept prow posts at both ends, standing on the deck inside the end faces.
    const t = PROA.prowThicknessMm / 2, pl = PROA.prowLengthMm, ph = PROA.prowHeightMm;
    for (const [end, dir] of [[outline.bowXMm, -1], [outline.sternXMm, 1]] as const) {
      const pts: Vec3[] = [];
      for (const y of [-t, t]) pts.push([end + dir * pl, y, H - FUSE_MM], [end, y, H - FUSE_MM], [end + dir * 0.5, y, H + ph], [end + dir * 2.5, y, H + ph]);
      out.push(hull3d(pts));
    }
  }
  return out;
}
