/**
 * The seven hull styles (one per faction look) as data, and the plan/loft geometry they share.
 *
 * A hull body is the convex hull of a stack of plan outlines ("levels"), each a copy of the style's deck
 * outline narrowed across the beam (`sy`) and clipped at the bow (`bowInsetMm`) or stern. The bottom
 * levels pulled in give the bilge and the bow skid (the ship rides on its stern wheel and the bottom's
 * leading edge); the top levels pulled in give tumblehome or the ironclad's sloped casemate. Because every
 * level is a clipped, narrowed copy of one convex outline, a slice of the body at any height contains the
 * smallest level around it, which is what `minHalfBeamMm` returns for the layout checks: box arithmetic
 * on the real outline, no mesh queries.
 *
 * Frame: x along the keel (+ bow), y to port, z up; flat bottom at z = 0, deck at z = heightMm.
 */
import type { HullStyle } from '../../faction/types.js';
import { CLEARANCE_RANGE_MM, fitHoleMm, HULL, INTERFACES } from '../../standard.js';

export interface StyleDef {
  /** What the style should read as (for messages and docs). */
  look: string;
  /** Share of the model's beam taken by the main hull (the proa's outrigger takes the rest). */
  bodyBeamFrac: number;
  /** Transom half-width at the stern, as a share of the half-beam. */
  sternHalfFrac: number;
  /** Where the widest station sits, as a share of the length from the stern. */
  widestAtFrac: number;
  /** Half-width of the bow's end face as a share of the half-beam: 0 is a point, more is a blunt transom bow. */
  bowHalfFrac: number;
  /** Superellipse exponent of the bow's waterline: 1 straight and sharp, 2 round, 3+ bluff. */
  bowFullness: number;
  /** Plan stations per side: few reads as angular. */
  stations: number;
  /**
   * Half-width of the flat bottom as a share of the deck's. The bottom's leading edge is the bow skid the
   * ship stands on with its stern wheel, and a side cannon's weight must stay over the line from the wheel to
   * the skid's corner (assembly/stands): the fuller the bottom, the wider the skid and the gentler the
   * bilge's overhang at the bed.
   */
  bottomBeamFrac: number;
  /** Height over which the bilge turns from the bottom to the full beam. */
  bilgeMm: number;
  /** Round bilge (quadratic) or a straight chine. */
  bilgeCurve: 'round' | 'straight';
  /** Bow skid: how far the bottom's leading edge is set back, and the height where the stem reaches full length ('deck' = all the way up). */
  rake: { lengthMm: number; heightMm: number | 'deck'; curve: 'round' | 'straight' };
  /** Upper works narrowing to the deck: casemate armour or tumblehome, starting at `fromBelowDeckMm` (never below the cannon slots). */
  upper: { fromBelowDeckMm: number; deckBeamFrac: number; endInsetMm: number } | null;
  /** Raised decks above the main deck; deck features must stay clear of them. */
  castles: { end: 'stern' | 'bow'; lengthFrac: number; heightMm: number }[];
  /** Bulwark band along the gunwale, inside the outline (0 = none), and its teeth. */
  rim: { widthMm: number; heightMm: number; toothPitchMm: number } | null;
  /** Proa: an outrigger float to starboard, inside the beam, and upswept prow posts at both ends. */
  outrigger: boolean;
}

export const STYLES: Readonly<Record<HullStyle, StyleDef>> = {
  galleon: {
    look: 'classic galleon: round bow, raised stern castle',
    bodyBeamFrac: 1,
    sternHalfFrac: 0.72,
    widestAtFrac: 0.55,
    bowHalfFrac: 0,
    bowFullness: 3,
    stations: 48,
    bottomBeamFrac: 0.92,
    bilgeMm: 2.2,
    bilgeCurve: 'round',
    rake: { lengthMm: 9, heightMm: 7, curve: 'round' },
    upper: null,
    castles: [
      { end: 'stern', lengthFrac: 0.2, heightMm: 6 },
      { end: 'bow', lengthFrac: 0.11, heightMm: 2.5 },
    ],
    rim: null,
    outrigger: false,
  },
  sloop: {
    look: 'sloop: sharp raked bow, low, its beam carried well forward over a full bottom',
    bodyBeamFrac: 1,
    sternHalfFrac: 0.7,
    widestAtFrac: 0.62,
    bowHalfFrac: 0,
    bowFullness: 1.25,
    stations: 48,
    bottomBeamFrac: 0.92,
    bilgeMm: 2.2,
    bilgeCurve: 'round',
    rake: { lengthMm: 10, heightMm: 'deck', curve: 'round' },
    upper: null,
    castles: [],
    rim: null,
    outrigger: false,
  },
  carrack: {
    look: 'bulky carrack: wide, tall fore- and stern-castles, tumblehome',
    bodyBeamFrac: 1,
    sternHalfFrac: 0.8,
    widestAtFrac: 0.5,
    bowHalfFrac: 0.18,
    bowFullness: 2.4,
    stations: 48,
    bottomBeamFrac: 0.92,
    bilgeMm: 2.2,
    bilgeCurve: 'round',
    rake: { lengthMm: 8, heightMm: 6, curve: 'round' },
    upper: { fromBelowDeckMm: 7, deckBeamFrac: 0.9, endInsetMm: 1.5 },
    castles: [
      { end: 'stern', lengthFrac: 0.2, heightMm: 8 },
      { end: 'bow', lengthFrac: 0.14, heightMm: 6 },
    ],
    rim: null,
    outrigger: false,
  },
  junk: {
    look: 'heavy junk: blunt transom bow, high stern, thick',
    bodyBeamFrac: 1,
    sternHalfFrac: 0.85,
    widestAtFrac: 0.55,
    bowHalfFrac: 0.6,
    bowFullness: 3,
    stations: 48,
    bottomBeamFrac: 0.95,
    bilgeMm: 2,
    bilgeCurve: 'round',
    rake: { lengthMm: 9, heightMm: 'deck', curve: 'straight' },
    upper: null,
    castles: [{ end: 'stern', lengthFrac: 0.24, heightMm: 7 }],
    rim: { widthMm: 1.4, heightMm: 1.6, toothPitchMm: 0 },
    outrigger: false,
  },
  wraith: {
    look: 'angular wraith: faceted hull with a sharp faceted bow, tall jagged gunwale',
    bodyBeamFrac: 1,
    sternHalfFrac: 0.65,
    widestAtFrac: 0.42,
    bowHalfFrac: 0,
    bowFullness: 2.6,
    stations: 5,
    bottomBeamFrac: 0.95,
    bilgeMm: 2.2,
    bilgeCurve: 'straight',
    rake: { lengthMm: 14, heightMm: 'deck', curve: 'straight' },
    upper: null,
    castles: [{ end: 'stern', lengthFrac: 0.15, heightMm: 5 }],
    rim: { widthMm: 1.2, heightMm: 6, toothPitchMm: 6 },
    outrigger: false,
  },
  ironclad: {
    look: 'ironclad: low flat casemate with sloped armour sides',
    bodyBeamFrac: 1,
    sternHalfFrac: 0.8,
    widestAtFrac: 0.45,
    bowHalfFrac: 0.38,
    bowFullness: 2,
    stations: 48,
    bottomBeamFrac: 0.95,
    bilgeMm: 2,
    bilgeCurve: 'straight',
    rake: { lengthMm: 5, heightMm: 2.2, curve: 'round' },
    upper: { fromBelowDeckMm: 5, deckBeamFrac: 0.72, endInsetMm: 3 },
    castles: [],
    rim: null,
    outrigger: false,
  },
  proa: {
    look: 'slim proa canoe with an outrigger float and upswept prows',
    bodyBeamFrac: 0.6,
    sternHalfFrac: 0.85,
    widestAtFrac: 0.5,
    bowHalfFrac: 0.75,
    bowFullness: 2,
    stations: 48,
    bottomBeamFrac: 0.92,
    bilgeMm: 2.2,
    bilgeCurve: 'round',
    rake: { lengthMm: 6, heightMm: 2.2, curve: 'round' },
    upper: null,
    castles: [],
    rim: null,
    outrigger: true,
  },
};

/** Outrigger float and prow posts of the proa (ours, sized for two line widths and a firm join). */
export const PROA = {
  floatWidthMm: 4.5,
  floatHeightMm: 7,
  floatLengthFrac: 0.55,
  akaWidthMm: 3,
  akaAtFrac: [-0.2, 0.22],
  prowHeightMm: 6,
  prowLengthMm: 7,
  prowThicknessMm: 2,
} as const;
/**
 * A castle's shape (ours): its sides draw in to this share of the deck's beam at its top, its outboard end
 * leans in this far, and its inboard face slopes back over this share of its height.
 */
export const CASTLE = { topBeamFrac: 0.92, endLeanMm: 0.5, inboardSlopeFrac: 1 / 3 } as const;
/** Where the proa's float runs, across: to starboard, inside the beam. */
export const proaFloatYMm = (beamMm: number): number => -beamMm / 2 + PROA.floatWidthMm / 2;

/** One plan outline of the loft. */
export interface Level {
  zMm: number;
  /** Half-widths as a share of the deck outline's. */
  sy: number;
  bowInsetMm: number;
  sternInsetMm: number;
}

/** The deck outline of a style at a size: half-beam as a polyline through the stations. */
export class Outline {
  readonly sternXMm: number;
  readonly bowXMm: number;
  /** Station x positions (stern to bow) and half-widths. */
  readonly xs: number[] = [];
  readonly halves: number[] = [];

  constructor(
    readonly style: StyleDef,
    lengthMm: number,
    beamMm: number,
  ) {
    this.sternXMm = -lengthMm / 2;
    this.bowXMm = lengthMm / 2;
    const half = (beamMm * style.bodyBeamFrac) / 2;
    const um = style.widestAtFrac;
    const f = (u: number): number => {
      if (u <= um) return style.sternHalfFrac + (1 - style.sternHalfFrac) * Math.sin((Math.PI / 2) * (u / um));
      const t = Math.min(1, (u - um) / (1 - um));
      const p = style.bowFullness;
      return style.bowHalfFrac + (1 - style.bowHalfFrac) * Math.pow(Math.max(0, 1 - Math.pow(t, p)), 1 / p);
    };
    // Stations denser toward the bow, where the curve turns fastest; always one at the widest point.
    const n = style.stations;
    const us = new Set<number>([0, um, 1]);
    for (let i = 1; i < n; i++) us.add((i / n) * um);
    for (let i = 1; i < n; i++) us.add(um + (1 - um) * Math.sin((Math.PI / 2) * (i / n)));
    for (const u of [...us].sort((a, b) => a - b)) {
      this.xs.push(this.sternXMm + u * lengthMm);
      this.halves.push(half * f(u));
    }
  }

  /** Half-width of the deck outline at x (0 outside the hull). Linear between stations, as the mesh is. */
  halfAt(xMm: number): number {
    const { xs, halves } = this;
    if (xMm < xs[0]! || xMm > xs[xs.length - 1]!) return 0;
    let i = 1;
    while (i < xs.length - 1 && xs[i]! < xMm) i++;
    const x0 = xs[i - 1]!,
      x1 = xs[i]!;
    const t = x1 === x0 ? 1 : (xMm - x0) / (x1 - x0);
    return halves[i - 1]! + t * (halves[i]! - halves[i - 1]!);
  }

  /** Widest half-width of the deck outline between x0 and x1 (at a station or an end, the outline being a polyline). */
  maxHalfMm(x0Mm: number, x1Mm: number): number {
    return Math.max(
      this.halfAt(x0Mm),
      this.halfAt(x1Mm),
      ...this.xs.filter((x) => x > x0Mm && x < x1Mm).map((x) => this.halfAt(x)),
    );
  }

  /** Half-width of a level at x, or −∞ where the level is clipped away. */
  levelHalfAt(level: Level, xMm: number): number {
    if (xMm < this.sternXMm + level.sternInsetMm - 1e-9 || xMm > this.bowXMm - level.bowInsetMm + 1e-9)
      return -Infinity;
    return level.sy * this.halfAt(xMm);
  }

  /** Plan points of a level as a convex, counter-clockwise polygon. */
  levelPoints(level: Level): [number, number][] {
    const x0 = this.sternXMm + level.sternInsetMm,
      x1 = this.bowXMm - level.bowInsetMm;
    const xs = [x0, ...this.xs.filter((x) => x > x0 && x < x1), x1];
    const port = xs.map((x): [number, number] => [x, level.sy * this.halfAt(x)]);
    // Counter-clockwise seen from above: starboard from stern to bow, then port back.
    return [...port.map(([x, y]): [number, number] => [x, -y]), ...port.reverse()];
  }
}

/**
 * How much a level may stand out past the one above it, per mm of height, anywhere round its outline: the
 * loft's faces between them then overhang at most atan(0.95) = 43.5° from vertical where the outline runs
 * square to the flare, and no more where it runs at an angle (the bow), within PRINTABILITY.overhangDeg (45°).
 */
const MAX_FLARE_PER_MM = 0.95;

/**
 * The levels of a style's loft at a deck height and beam, bottom to top. Below the deck each level stands out
 * past the one above it by at most MAX_FLARE_PER_MM per mm of height (a fuller bottom and a shorter rake where
 * the style's curve would flare faster), so the hull prints without supports and its first layers do not curl.
 */
export function levelsFor(style: StyleDef, heightMm: number, beamMm: number): Level[] {
  return limitFlare(loftLevels(style, heightMm), (beamMm * style.bodyBeamFrac) / 2);
}

/** Top down, each level pulled in to no more than MAX_FLARE_PER_MM per mm past the level above; levels left exactly between their neighbours are dropped (their points would be collinear, and the hull would keep slivers). */
function limitFlare(levels: readonly Level[], halfBeamMm: number): Level[] {
  const out = levels.map((l) => ({ ...l }));
  for (let i = out.length - 2; i >= 0; i--) {
    const lo = out[i]!,
      up = out[i + 1]!;
    const d = MAX_FLARE_PER_MM * (up.zMm - lo.zMm);
    lo.bowInsetMm = Math.min(lo.bowInsetMm, up.bowInsetMm + d);
    lo.sternInsetMm = Math.min(lo.sternInsetMm, up.sternInsetMm + d);
    lo.sy = Math.max(lo.sy, up.sy - d / halfBeamMm);
  }
  const between = (a: Level, b: Level, c: Level): boolean => {
    const t = (b.zMm - a.zMm) / (c.zMm - a.zMm);
    const lin = (k: 'sy' | 'bowInsetMm' | 'sternInsetMm'): boolean => Math.abs(a[k] + t * (c[k] - a[k]) - b[k]) < 1e-9;
    return lin('sy') && lin('bowInsetMm') && lin('sternInsetMm');
  };
  return out.filter((l, i) => i === 0 || i === out.length - 1 || !between(out[i - 1]!, l, out[i + 1]!));
}

/** The style's own levels, before limitFlare. */
function loftLevels(style: StyleDef, heightMm: number): Level[] {
  const rakeTop = style.rake.heightMm === 'deck' ? heightMm : Math.min(style.rake.heightMm, heightMm);
  // 'straight' bends a hair (exponent 1.15) so that no three levels' points are exactly collinear: the hull
  // would keep all three and export a zero-area sliver.
  const curve = (kind: 'round' | 'straight', s: number): number => (1 - s) ** (kind === 'round' ? 2 : 1.15);
  const syAt = (z: number): number =>
    z >= style.bilgeMm ? 1 : 1 - (1 - style.bottomBeamFrac) * curve(style.bilgeCurve, z / style.bilgeMm);
  const insetAt = (z: number): number =>
    z >= rakeTop ? 0 : style.rake.lengthMm * curve(style.rake.curve, z / rakeTop);
  const zs = new Set<number>([0, heightMm]);
  const steps = (kind: 'round' | 'straight'): number => (kind === 'round' ? 6 : 2);
  for (let i = 1, n = steps(style.bilgeCurve); i <= n; i++) zs.add(Math.min(heightMm, (style.bilgeMm * i) / n));
  for (let i = 1, n = steps(style.rake.curve); i <= n; i++) zs.add((rakeTop * i) / n);
  const all: Level[] = [...zs]
    .sort((a, b) => a - b)
    .map((z) => ({ zMm: z, sy: syAt(z), bowInsetMm: insetAt(z), sternInsetMm: 0 }));
  // A level equal to both neighbours adds only collinear points, which the convex hull turns into slivers.
  const same = (a: Level, b: Level): boolean =>
    a.sy === b.sy && a.bowInsetMm === b.bowInsetMm && a.sternInsetMm === b.sternInsetMm;
  const levels = all.filter(
    (l, i) => i === 0 || i === all.length - 1 || !(same(l, all[i - 1]!) && same(l, all[i + 1]!)),
  );
  if (style.upper) {
    // Sides stay upright up to the top of the cannon slots' band, then narrow to the deck.
    const zFrom = Math.max(slotBandMm().topMm + 0.5, heightMm - style.upper.fromBelowDeckMm);
    if (zFrom < heightMm - 0.5) {
      const below = levels.filter((l) => l.zMm < zFrom);
      const top = levels[levels.length - 1]!;
      return [
        ...below,
        { zMm: zFrom, sy: syAt(zFrom), bowInsetMm: insetAt(zFrom), sternInsetMm: 0 },
        {
          zMm: heightMm,
          sy: style.upper.deckBeamFrac,
          bowInsetMm: top.bowInsetMm + style.upper.endInsetMm,
          sternInsetMm: style.upper.endInsetMm,
        },
      ];
    }
  }
  return levels;
}

/** The height band hull cannon slots occupy: HULL.cannonSlotCentreHeightMm ± half the slot at the largest clearance. */
export function slotBandMm(): { bottomMm: number; topMm: number } {
  const half = fitHoleMm(INTERFACES.cannonPlug.sideMm, 'sliding', CLEARANCE_RANGE_MM.max) / 2;
  return { bottomMm: HULL.cannonSlotCentreHeightMm - half, topMm: HULL.cannonSlotCentreHeightMm + half };
}

/**
 * The narrowest half-beam at x over heights z0..z1: the smallest of the levels within the range and the
 * two around it (a slice between two levels contains their intersection). −∞ where the hull does not reach.
 */
export function minHalfBeamMm(outline: Outline, levels: readonly Level[], xMm: number, z0: number, z1: number): number {
  let lo = 0,
    hi = levels.length - 1;
  for (let i = 0; i < levels.length; i++) {
    if (levels[i]!.zMm <= z0) lo = i;
    if (levels[levels.length - 1 - i]!.zMm >= z1) hi = levels.length - 1 - i;
  }
  let min = Infinity;
  for (let i = lo; i <= hi; i++) min = Math.min(min, outline.levelHalfAt(levels[i]!, xMm));
  return min;
}
