/**
 * Ship hull, one per faction style (src/parts/hull-styles/styles.ts): a lofted body with the style's
 * castles, bulwark or outrigger, carrying the model's fitting sockets, hull cannon slots, coin slot and
 * wheel-carriage slot, with a bow skid (the bottom's leading edge raked back) so the ship rides on its
 * stern wheel and its bow. Printed upright: flat bottom on the bed, deck up.
 *
 * The layout is checked before anything is modelled (src/parts/hull-layout.ts): a layout that fails throws
 * one InputError naming every model field at fault, each with the nearest place that would fit.
 */
import { InputError } from '../errors.js';
import { HULL_STYLES, type FactionModel } from '../faction/types.js';
import { FACTION_LIMITS } from '../faction/format.js';
import {
  box,
  circle,
  hull2d,
  hull3d,
  polygon,
  rect,
  union,
  withoutSlivers,
  type Solid,
  type Vec3,
} from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { CLEARANCE_RANGE_MM, DEFAULT_BED_CHAMFER_MM, DEFAULT_CLEARANCE_MM, HULL } from '../standard.js';
import { chamferFitsAtBed } from './chamfer.js';
import { blockedDeckRanges, layoutProblems, planLayout } from './hull-layout.js';
import { ornaments } from './hull-styles/ornaments.js';
import { CASTLE, Outline, PROA, proaFloatYMm, type Level, type StyleDef } from './hull-styles/styles.js';
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
/** Castles and bulwarks start this far below the deck so they fuse with the body. */
const FUSE_MM = 0.5;
/** Gunwale teeth stand this far inside the side, so their faces never coincide with the body's. */
const TOOTH_INSET_MM = 0.15;

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
  checkOption(
    'hull',
    'model',
    m,
    typeof m === 'object' && m !== null && typeof m.hull === 'object',
    'a resolved faction model',
  );
  checkOption(
    'hull',
    'model.hull.style',
    m.hull.style,
    (HULL_STYLES as readonly string[]).includes(m.hull.style),
    `one of ${HULL_STYLES.join(', ')}`,
  );
  const L = FACTION_LIMITS;
  checkRange('hull', 'model.hull.lengthMm', m.hull.lengthMm, L.hullLengthMm.min, L.hullLengthMm.max);
  checkRange('hull', 'model.hull.beamMm', m.hull.beamMm, L.hullBeamMm.min, L.hullBeamMm.max);
  checkRange('hull', 'model.hull.heightMm', m.hull.heightMm, L.hullHeightMm.min, L.hullHeightMm.max);

  // Every layout problem at once, each with the nearest place that fits (hull-layout.ts).
  const layout = planLayout(m, o.clearanceMm);
  if (layout.problems.length) throw new InputError(layoutProblems(layout, SOURCE));
  // gunwaleMm: what stands along the gunwale, inside the outline: the style's bulwark or teeth, or the look's rail.
  const { style, outline, levels, gunwaleMm, planned } = layout;

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
    blocked: layout.blocked,
    gunwaleMm,
  };
  const look = ornaments(ctx);
  // The surface is cut from the lofted body alone, before castles, teeth and ornaments stand on it.
  const surface = surfaceDetail(ctx);
  const lofted = loft(outline, loftLevels);
  const shell = surface.cuts.length ? lofted.subtract(union(surface.cuts)) : lofted;
  const teeth = style.rim && !wall ? gunwaleTeeth(m, style, outline) : [];
  const body = union([
    shell,
    ...decorations(m, style, outline, levels),
    ...teeth,
    ...surface.adds,
    ...look.adds,
    ...planned.flatMap((p) => (p.add ? [p.add()] : [])),
  ]);
  const cuts = planned.map((p) => p.cut());
  // cutInto's one subtraction, with the bulwark's well and the ornaments' recesses in the same union as the cutters.
  const relief = [...(wall ? [bulwarkWell(m, style, outline, top)] : []), ...look.cuts];
  const part = chamferFitsAtBed(
    layOnBed({
      solid: body.subtract(union([...cuts.map((c) => c.solid), ...relief])),
      features: cuts.map((c) => c.feature),
    }),
    o.bedChamferMm,
  );
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
  const castles = blockedDeckRanges(style, outline).map(([a, b]) =>
    rect(b - a, m.hull.beamMm + 2).translate((a + b) / 2, 0),
  );
  return polygon(outline.levelPoints(top))
    .offset(-rim.widthMm)
    .subtract(...castles)
    .extrude(rim.heightMm + 1)
    .translate([0, 0, m.hull.heightMm]);
}

/**
 * A jagged gunwale: separate tapering teeth standing on the deck along both sides, set in a hair from the
 * side (TOOTH_INSET_MM) so no face of a tooth lies on a face of the body, and clear of castles.
 */
function gunwaleTeeth(m: FactionModel, style: StyleDef, outline: Outline): Solid[] {
  const rim = style.rim!;
  const H = m.hull.heightMm;
  const p = rim.toothPitchMm,
    crown = HULL.minWallMm / 2;
  const blocked = blockedDeckRanges(style, outline);
  const teeth: Solid[] = [];
  for (let x0 = outline.sternXMm + p / 4; x0 + p <= outline.bowXMm; x0 += p) {
    const x1 = x0 + p * 0.8,
      xm = (x0 + x1) / 2;
    if (blocked.some(([a, b]) => x1 > a && x0 < b)) continue;
    const outer = (x: number): number => outline.halfAt(x) - TOOTH_INSET_MM;
    if (outer(x1) < rim.widthMm + HULL.minWallMm) continue; // the bow's point: no room for a tooth
    // Thick across the side, not across the keel: where the side runs at an angle (toward the bow) a tooth
    // measured across the keel was as thin as 0.74 mm square to the side.
    const across = (x: number): number => {
      const slope = (outer(x + 0.01) - outer(x - 0.01)) / 0.02;
      return (rim.widthMm - TOOTH_INSET_MM) * Math.hypot(1, slope);
    };
    for (const side of [1, -1]) {
      const pts: Vec3[] = [];
      for (const [x, z] of [
        [x0, H - FUSE_MM],
        [x1, H - FUSE_MM],
        [xm - crown, H + rim.heightMm],
        [xm + crown, H + rim.heightMm],
      ] as const)
        for (const dy of [0, across(x)]) pts.push([x, side * (outer(x) - dy), z]);
      teeth.push(hull3d(pts));
    }
  }
  return teeth;
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
    const base: Level = {
      zMm: H - FUSE_MM,
      sy: top.sy,
      bowInsetMm: stern ? clip : top.bowInsetMm,
      sternInsetMm: stern ? top.sternInsetMm : clip,
    };
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
    out.push(
      hull2d([circle(fr).translate(-fl, 0), circle(fr).translate(fl, 0)])
        .extrude(PROA.floatHeightMm)
        .translate([0, fy, 0]),
    );
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
    const t = PROA.prowThicknessMm / 2,
      pl = PROA.prowLengthMm,
      ph = PROA.prowHeightMm;
    for (const [end, dir] of [
      [outline.bowXMm, -1],
      [outline.sternXMm, 1],
    ] as const) {
      const pts: Vec3[] = [];
      for (const y of [-t, t])
        pts.push(
          [end + dir * pl, y, H - FUSE_MM],
          [end, y, H - FUSE_MM],
          [end + dir * 0.5, y, H + ph],
          [end + dir * 2.5, y, H + ph],
        );
      out.push(hull3d(pts));
    }
  }
  return out;
}
