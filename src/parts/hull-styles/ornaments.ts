/**
 * A faction's ornaments (issue 16), each declared in its faction file's `model.look.ornaments`: a rail
 * along the gunwale, stern windows, an emblem on the stern castle (crown, rising sun), a ram at the bow, a
 * funnel, lashings on an outrigger and carved prow posts. Each is a small function that returns what it
 * adds to the hull and what it cuts from it, or throws an InputError naming its place in the file when the
 * hull cannot carry it.
 *
 * Everything prints as the hull does, deck up with no support: standing plates rise from what they stand
 * on, undersides slope at PRINTABILITY.undersideDeg from vertical, and recesses have sloping roofs
 * (surface.ts recess).
 */
import { InputError } from '../../errors.js';
import type { EmblemShape, FactionModel, Ornament } from '../../faction/types.js';
import {
  box,
  circle,
  cylinder,
  hull3d,
  polygon,
  rect,
  type Profile,
  type Solid,
  type Vec2,
  type Vec3,
} from '../../geometry/kernel.js';
import { DETAIL, MIN_FEATURE_MM, PRINT_DEFAULTS, PRINTABILITY, UNDERSIDE_RUN_PER_MM as STEEP } from '../../standard.js';
import { DEFAULTS as TURRET } from '../turret.js';
import { CASTLE, minHalfBeamMm, PROA, proaFloatYMm, type StyleDef } from './styles.js';
import { recess, type FaceMap, type HullContext } from './surface.js';

/** The rail along the gunwale (ours): two line widths thick, eight layers tall, a hair inside the side. */
export const RAIL = { widthMm: MIN_FEATURE_MM, heightMm: 8 * PRINT_DEFAULTS.layerHeightMm, insetMm: 0.1 } as const;
/** Width inside the deck outline a rail takes. */
export const RAIL_GUNWALE_MM = RAIL.insetMm + RAIL.widthMm;

/** Stern windows (ours): sunk deeper than a groove so they read as dark openings. */
const WINDOW = { depthMm: 2 * DETAIL.sideGrooveDepthMm, widthMm: 1.4, heightMm: 2.2, pitchMm: 3.2 } as const;
/** Emblems stand this thick (above two line widths) and this tall on the stern castle. */
export const EMBLEM = { thicknessMm: 1.2, heightMm: { crown: 5.5, sun: 7.5 } } as const;
/** The funnel (ours): 5.6 mm across, 9 mm tall, its top bored, a band near the top. */
export const FUNNEL = { diameterMm: 5.6, heightMm: 9, boreDepthMm: 3 } as const;
/** Room each fitting needs above the deck, as a radius about its socket: the mast's collar and sail, the cargo stack's corner, the turret's drum. */
const FITTING_ROOM_MM = { mast: 6, cargo: 8.5, turret: TURRET.drumDiameterMm / 2 } as const;
/** Castles and plates start this far below what they stand on, so they fuse; the rail a different depth. */
const FUSE_MM = 0.5;
const RAIL_ROOT_MM = 0.3;
/** How far inside the hull's side a ram's root corners stay. */
const RAM_BURY_MM = 0.3;

export interface OrnamentSolids {
  adds: Solid[];
  cuts: Solid[];
}

const fail = (index: number, field: string, message: string): never => {
  throw InputError.single('hull model', `model.look.ornaments[${index}]${field}`, message);
};

/** Builds every ornament of the model's look. */
export function ornaments(ctx: HullContext): OrnamentSolids {
  const out: OrnamentSolids = { adds: [], cuts: [] };
  ctx.model.look.ornaments.forEach((o, i) => {
    const r = BUILD[o.kind](ctx, o as never, i);
    out.adds.push(...r.adds);
    out.cuts.push(...r.cuts);
  });
  return out;
}

type Build<K extends Ornament['kind']> = (
  ctx: HullContext,
  o: Extract<Ornament, { kind: K }>,
  index: number,
) => OrnamentSolids;

const BUILD: { [K in Ornament['kind']]: Build<K> } = {
  rail: (ctx) => {
    const plan = polygon(ctx.outline.levelPoints(ctx.deck));
    // It runs between the castles, not along them: their sides draw in and their ends lean in, so a rail
    // beside them stood 0.28–0.54 mm proud of them at its top, a ledge too thin to print.
    const B = ctx.model.hull.beamMm;
    const ring = plan
      .offset(-RAIL.insetMm)
      .subtract(
        plan.offset(-RAIL_GUNWALE_MM),
        ...ctx.blocked.map(([a, b]) => rect(b - a, 2 * B, false).translate(a, -B)),
      );
    // Rooted less deep than the castles (FUSE_MM), so no face of the rail meets one of theirs in a plane.
    return {
      adds: [ring.extrude(RAIL.heightMm + RAIL_ROOT_MM).translate([0, 0, ctx.model.hull.heightMm - RAIL_ROOT_MM])],
      cuts: [],
    };
  },
  'stern-windows': (ctx, o, i) => {
    const c = sternCastle(ctx, i, 'stern windows');
    const zb = c.deckMm + Math.max(0.8, (c.heightMm - WINDOW.heightMm) / 2),
      zt = zb + WINDOW.heightMm;
    // The transom: a row across it, as many as asked within 80 % of its width.
    const half = c.halfAt(c.sternXMm, zt) * 0.8;
    const pitch = Math.min(WINDOW.pitchMm, (2 * half) / o.count);
    if (pitch < WINDOW.widthMm + MIN_FEATURE_MM)
      fail(
        i,
        '.count',
        `${o.count} windows do not fit across the ${fmt(2 * half)} mm stern castle with ${fmt(MIN_FEATURE_MM)} mm between them; valid: at most ${Math.floor((2 * half) / (WINDOW.widthMm + MIN_FEATURE_MM))}`,
      );
    const transom: FaceMap = (u, z, w) => [c.transomXAt(z) - w, u, z];
    const cuts: Solid[] = [];
    for (let k = 0; k < o.count; k++) {
      const u = (k - (o.count - 1) / 2) * pitch;
      cuts.push(recess(transom, u - WINDOW.widthMm / 2, u + WINDOW.widthMm / 2, zb, zt, WINDOW.depthMm));
    }
    // The quarter galleries: two windows on each side of the castle, where its side runs straight.
    for (const s of [1, -1] as const) {
      const side: FaceMap = (u, z, w) => [u, s * (c.halfAt(u, z) + w), z];
      for (const f of [0.3, 0.6]) {
        const x = c.sternXMm + f * c.lengthMm;
        cuts.push(recess(side, x - WINDOW.widthMm / 2, x + WINDOW.widthMm / 2, zb, zt, WINDOW.depthMm));
      }
    }
    return { adds: [], cuts };
  },
  emblem: (ctx, o, i) => {
    const c = sternCastle(ctx, i, `a ${o.shape} emblem`);
    const profile = EMBLEMS[o.shape]();
    const b = profile.bounds();
    const x = c.sternXMm + c.lengthMm / 2;
    if (b.max[0] - b.min[0] > c.lengthMm - 2)
      fail(
        i,
        '.shape',
        `the ${o.shape} (${fmt(b.max[0] - b.min[0])} mm) is longer than the ${fmt(c.lengthMm)} mm stern castle's top`,
      );
    // The profile is drawn in (x, z); extruded along +Z, then stood up in the ship's x–z plane, centred across.
    const plate = profile
      .extrude(EMBLEM.thicknessMm)
      .rotate([90, 0, 0])
      .translate([x, EMBLEM.thicknessMm / 2, c.deckMm + c.heightMm - FUSE_MM]);
    return { adds: [plate], cuts: [] };
  },
  ram: (ctx, o, i) => {
    if (hasBowSlot(ctx.model))
      fail(i, '', 'a ram stands where the bow cannon slot opens; a faction with a ram fires from its sides');
    const H = ctx.model.hull.heightMm;
    // The beak rises a little past the deck line at its tip, so its underside can fall back to the stem.
    const tipTop = H + 0.8,
      tipBottom = H - 0.6,
      rootIn = 0.3;
    const xTip = ctx.outline.bowXMm + o.lengthMm;
    // The underside runs back from the tip at PRINTABILITY.undersideDeg until it meets the raked stem: there
    // the ram is rooted.
    let zRoot = tipBottom;
    while (zRoot > 1 && (tipBottom - zRoot) * STEEP < xTip - (stemXMm(ctx, zRoot) - rootIn)) zRoot -= 0.1;
    if (zRoot <= 1)
      fail(
        i,
        '.length',
        `a ${fmt(o.lengthMm)} mm ram cannot reach past this ${ctx.model.hull.style}'s stem with its underside at ${PRINTABILITY.undersideDeg}° from vertical; make it shorter`,
      );
    const rw = 1.6,
      tw = MIN_FEATURE_MM / 2 + 0.1;
    // At its root the ram is as wide as the hull there, less RAM_BURY_MM, so its sides come out of the stem's
    // surface instead of standing a sliver proud of it (1.6 mm wide, they stood 0.09–0.39 mm out).
    const root = (x: number, z: number): Vec3[] => {
      const half = Math.max(tw, Math.min(rw, minHalfBeamMm(ctx.outline, ctx.levels, x, z, z) - RAM_BURY_MM));
      return [
        [x, half, z],
        [x, -half, z],
      ];
    };
    const pts: Vec3[] = [...root(stemXMm(ctx, zRoot) - rootIn, zRoot), ...root(stemXMm(ctx, H) - rootIn - 1, H - 0.3)];
    // Level on top for its last MIN_FEATURE_MM, so its last layers are not slivers where the rising top
    // meets the tip (0.7 mm long in the top 0.2 mm before).
    for (const s of [1, -1])
      pts.push([xTip, s * tw, tipBottom], [xTip, s * tw, tipTop], [xTip - MIN_FEATURE_MM, s * tw, tipTop]);
    return { adds: [hull3d(pts)], cuts: [] };
  },
  funnel: (ctx, o, i) => {
    const H = ctx.model.hull.heightMm,
      r = FUNNEL.diameterMm / 2,
      m = DETAIL.featureMarginMm;
    const at = `[${fmt(o.xMm)}, ${fmt(o.yMm)}] mm`;
    const room = ctx.outline.levelHalfAt(ctx.deck, o.xMm) - ctx.gunwaleMm - r - m;
    if (Math.abs(o.yMm) > room)
      fail(
        i,
        '.at',
        `the funnel at ${at} stands off the ${fmt(2 * ctx.outline.levelHalfAt(ctx.deck, Math.max(ctx.outline.sternXMm, Math.min(ctx.outline.bowXMm, o.xMm))))} mm deck; valid: |across| ≤ ${fmt(Math.max(0, room))} mm there`,
      );
    for (const [a, b] of ctx.blocked)
      if (o.xMm + r + m > a && o.xMm - r - m < b)
        fail(
          i,
          '.at',
          `the funnel at ${at} stands on a raised deck from x = ${fmt(a)} to ${fmt(b)} mm; keep it ${fmt(r + m)} mm clear`,
        );
    ctx.model.fittings.forEach((f, k) => {
      const need = FITTING_ROOM_MM[f.kind] + r + m;
      if (Math.hypot(f.xMm - o.xMm, f.yMm - o.yMm) < need)
        fail(
          i,
          '.at',
          `the funnel at ${at} stands in the way of the ${f.kind} at model.fittings[${k}]; keep its centre at least ${fmt(need)} mm from [${fmt(f.xMm)}, ${fmt(f.yMm)}] mm`,
        );
    });
    for (const f of ctx.features)
      if (
        f.place === 'deck' &&
        o.xMm + r + m > f.box.min[0] &&
        o.xMm - r - m < f.box.max[0] &&
        o.yMm + r + m > f.box.min[1] &&
        o.yMm - r - m < f.box.max[1]
      )
        fail(
          i,
          '.at',
          `the funnel at ${at} covers a deck opening at x ${fmt(f.box.min[0])}…${fmt(f.box.max[0])}, y ${fmt(f.box.min[1])}…${fmt(f.box.max[1])} mm`,
        );
    const band = DETAIL.reliefMm,
      under = band / STEEP;
    const zTop = H + FUNNEL.heightMm;
    const adds = [
      cylinder(FUNNEL.heightMm + FUSE_MM, r).translate([o.xMm, o.yMm, H - FUSE_MM]),
      // A band near the top, its underside a cone at PRINTABILITY.undersideDeg.
      cylinder(under, r, r + band).translate([o.xMm, o.yMm, zTop - 2.5]),
      cylinder(1, r + band).translate([o.xMm, o.yMm, zTop - 2.5 + under]),
    ];
    return {
      adds,
      cuts: [cylinder(FUNNEL.boreDepthMm + 1, r - MIN_FEATURE_MM).translate([o.xMm, o.yMm, zTop - FUNNEL.boreDepthMm])],
    };
  },
  lashings: (ctx, _o, i) => {
    if (!ctx.style.outrigger)
      fail(
        i,
        '.kind',
        `lashings bind an outrigger's cross-beams, and a ${ctx.model.hull.style} has none; valid on a proa`,
      );
    const f = proaFloat(ctx);
    const cuts: Solid[] = [];
    const jw = DETAIL.sideJointWidthMm,
      d = DETAIL.sideGrooveDepthMm,
      dt = DETAIL.topGrooveDepthMm;
    // Three turns either side of each cross-beam, sunk round the float's sides and over its top.
    for (const x of f.akaXsMm)
      for (const s of [1, -1])
        for (let k = 0; k < 3; k++) {
          const xc = x + s * (PROA.akaWidthMm / 2 + 0.7 + k * (jw + MIN_FEATURE_MM));
          const outer = box([jw, f.widthMm + 2, f.heightMm + 2]).translate([xc, f.yMm, f.heightMm / 2]);
          const inner = box([jw + 1, f.widthMm - 2 * d, f.heightMm - dt + 1], false).translate([
            xc - jw / 2 - 0.5,
            f.yMm - f.widthMm / 2 + d,
            -1,
          ]);
          cuts.push(outer.subtract(inner));
        }
    return { adds: [], cuts };
  },
  'carved-posts': (ctx, _o, i) => {
    if (!ctx.style.outrigger)
      fail(
        i,
        '.kind',
        `carved posts are the proa's upswept prows, and a ${ctx.model.hull.style} has none; valid on a proa`,
      );
    const H = ctx.model.hull.heightMm;
    const cuts: Solid[] = [];
    // Notches up the outer edge of each post: squares turned 45°, so every face they leave is at 45°.
    for (const [end, dir] of [
      [ctx.outline.bowXMm, -1],
      [ctx.outline.sternXMm, 1],
    ] as const)
      for (const dz of [1.6, 3.2, 4.8]) {
        const z = H + dz;
        const x = end + (dir * (0.5 * dz)) / PROA.prowHeightMm;
        cuts.push(
          box([1.1, 2 * PROA.prowThicknessMm + 2, 1.1])
            .rotate([0, 45, 0])
            .translate([x, 0, z]),
        );
      }
    return { adds: [], cuts };
  },
};

/** Emblem profiles in (x, z), standing on z = 0 (sunk FUSE_MM into what they stand on), centred on x = 0. */
const EMBLEMS: Record<EmblemShape, () => Profile> = {
  // A crown: a band and five points, the middle one tallest; every edge rises, so nothing overhangs.
  crown: () => {
    const h = EMBLEM.heightMm.crown + FUSE_MM,
      band = 2.2 + FUSE_MM,
      w = 8;
    const pts: Vec2[] = [
      [-w / 2, 0],
      [w / 2, 0],
    ];
    const tips = [-w / 2, -w / 4, 0, w / 4, w / 2];
    const tipZ = [h - 1, h - 0.6, h, h - 0.6, h - 1];
    const valley = band + 0.6;
    // Each point ends in a flat MIN_FEATURE_MM across (the outer ones inside the band's width): a sharp
    // point is thinner than two lines for its last millimetre and prints as a blob or not at all.
    const half = MIN_FEATURE_MM / 2;
    for (let k = tips.length - 1; k >= 0; k--) {
      const t = Math.max(-w / 2 + half, Math.min(w / 2 - half, tips[k]!));
      pts.push([t + half, tipZ[k]!], [t - half, tipZ[k]!]);
      if (k > 0) pts.push([(tips[k]! + tips[k - 1]!) / 2, valley]);
    }
    return polygon(pts);
  },
  // A rising sun: a half disc on the castle and five rays between 45° and 135°, none leaning past 45°.
  sun: () => {
    const r = 4.2,
      ray = EMBLEM.heightMm.sun + FUSE_MM;
    const disc = circle(r, 48).intersect(rect(2 * r + 1, r + 1, false).translate(-r - 0.5, 0));
    // Each ray ends in a level flat MIN_FEATURE_MM across the ray, not a point (thinner than two lines for
    // its last millimetres), level so its last layers are not slivers; its root is as much wider, so its
    // sides keep about the slope a pointed ray's had (the lowest rays' undersides 36.8° from vertical).
    const half = MIN_FEATURE_MM / 2,
      root = r * 0.8,
      rootHalf = root * Math.sin(0.22) + half;
    const rays = [45, 67.5, 90, 112.5, 135].map((deg) => {
      const a = (deg * Math.PI) / 180;
      const at = (along: number, across: number): Vec2 => [
        along * Math.cos(a) - across * Math.sin(a),
        along * Math.sin(a) + across * Math.cos(a),
      ];
      const [tx, tz] = at(ray, 0),
        flat = half / Math.sin(a);
      return polygon([at(root, -rootHalf), [tx + flat, tz], [tx - flat, tz], at(root, rootHalf)]);
    });
    return disc.union(...rays);
  },
};

const hasBowSlot = (m: FactionModel): boolean => m.cannonSlots.some((s) => s.mount === 'hull' && s.facing === 'bow');

/** The style's stern castle when it is tall enough for a row of windows or an emblem, else null. */
function tallSternCastle(style: StyleDef): StyleDef['castles'][number] | null {
  const c = style.castles.find((k) => k.end === 'stern');
  return c && c.heightMm >= WINDOW.heightMm + 1.6 ? c : null;
}

/**
 * Whether a hull of this style, with the model's cannon slots, carries what the ornament stands on at all
 * (a stern castle, an outrigger, a bow free of a slot), before any size is checked: what a change of style
 * is checked against before anything is built.
 */
export function ornamentFits(o: Ornament, style: StyleDef, m: FactionModel): boolean {
  if (o.kind === 'stern-windows' || o.kind === 'emblem') return tallSternCastle(style) !== null;
  if (o.kind === 'lashings' || o.kind === 'carved-posts') return style.outrigger;
  return o.kind !== 'ram' || !hasBowSlot(m);
}

/** The stern castle the hull's style raises, as the decorations model it (hull.ts), or an error naming the ornament. */
function sternCastle(ctx: HullContext, index: number, what: string) {
  const c = ctx.style.castles.find((k) => k.end === 'stern');
  if (!tallSternCastle(ctx.style))
    fail(
      index,
      '.kind',
      `${what} need a stern castle, and a ${ctx.model.hull.style} has ${c ? 'too low a one' : 'none'}; valid on a ${['galleon', 'carrack', 'junk', 'wraith'].join(', ')}`,
    );
  const k = c!;
  const o = ctx.outline,
    H = ctx.model.hull.heightMm;
  const lengthMm = k.lengthFrac * (o.bowXMm - o.sternXMm);
  const t = (z: number): number => Math.max(0, Math.min(1, (z - H) / k.heightMm));
  return {
    sternXMm: o.sternXMm,
    lengthMm: lengthMm - k.heightMm * CASTLE.inboardSlopeFrac,
    deckMm: H,
    heightMm: k.heightMm,
    /** The castle's transom leans in over its height (hull.ts decorations). */
    transomXAt: (z: number): number => o.sternXMm + CASTLE.endLeanMm * t(z),
    /** Its sides draw in towards its top. */
    halfAt: (x: number, z: number): number => ctx.deck.sy * o.halfAt(x) * (1 - (1 - CASTLE.topBeamFrac) * t(z)),
  };
}

/** The stem's x at height z, by the levels' bow insets (linear between levels: the loft's hull is at least that far forward). */
function stemXMm(ctx: HullContext, z: number): number {
  const ls = ctx.levels;
  let k = 0;
  while (k < ls.length - 2 && ls[k + 1]!.zMm < z) k++;
  const a = ls[k]!,
    b = ls[k + 1] ?? a;
  const t = b.zMm === a.zMm ? 0 : Math.max(0, Math.min(1, (z - a.zMm) / (b.zMm - a.zMm)));
  return ctx.outline.bowXMm - (a.bowInsetMm + t * (b.bowInsetMm - a.bowInsetMm));
}

/** The proa's outrigger float and its cross-beams (hull.ts decorations), in the hull frame. */
function proaFloat(ctx: HullContext): { yMm: number; widthMm: number; heightMm: number; akaXsMm: number[] } {
  const len = ctx.model.hull.lengthMm;
  return {
    yMm: proaFloatYMm(ctx.model.hull.beamMm),
    widthMm: PROA.floatWidthMm,
    heightMm: PROA.floatHeightMm,
    akaXsMm: PROA.akaAtFrac.map((f) => len * f),
  };
}

const fmt = (mm: number): string => `${Math.round(mm * 100) / 100}`;
