/**
 * Card vs measured model (BRIEF §6): what the card promises, counted on the mesh that will be printed.
 * A feature counts only when the probe finds open space of its size where the model declares it; a cannon
 * slot counts only when a cannon in it can fire out (its mouth is reachable from outside).
 */
import { closest } from '../../faction/suggest.js';
import type { Faction } from '../../faction/types.js';
import { HEX_COLOR, PRINT_COLORS } from '../../standard.js';
import { probeFeature } from '../../mesh/probe.js';
import { featureBoxMm } from '../../geometry/part.js';
import type { HullProbe, ProbedFeature } from '../hull-probe.js';
import type { Context, FindingPlace, Report, Rule } from '../types.js';

/** Where a probed feature is declared on the hull's mesh, for validate --previews. */
const placeOf = (hull: HullProbe, p: ProbedFeature): FindingPlace => ({
  file: hull.file.path,
  boxMm: featureBoxMm(p.feature),
});

const where = (p: ProbedFeature): string => {
  const [x, y, z] = p.feature.positionMm.map((v) => v.toFixed(1));
  return `${p.declared} at (${x}, ${y}, ${z}) mm in ${p.feature.kind === 'wheel-slot' ? 'the bottom' : 'the mesh'}`;
};

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** Runs `check` for each faction whose hull mesh could be probed. */
function perHull(check: (f: Faction, hull: HullProbe, ctx: Context, report: Report) => void): Rule['check'] {
  return (ctx, report) => {
    for (const f of ctx.factions) {
      const hull = ctx.hull(f);
      if (hull) check(f, hull, ctx, report);
    }
  };
}

/** Open fitting sockets by kind, e.g. `mast 1, cargo 2`. */
function openFittings(hull: HullProbe): { count: number; text: string } {
  const open = hull.fittings.filter((s) => s.open);
  const kinds = ['mast', 'cargo', 'turret']
    .map((k) => [k, open.filter((s) => s.kind === k).length] as const)
    .filter(([, n]) => n > 0);
  return { count: open.length, text: `${open.length} (${kinds.map(([k, n]) => `${k} ${n}`).join(', ') || 'none'})` };
}

export const fittingSockets: Rule = {
  id: 'card/fitting-sockets',
  title: 'open fitting sockets on the hull mesh = card fittings; one mast socket per ship',
  check: perHull((f, hull, _ctx, report) => {
    const open = openFittings(hull);
    for (const s of hull.fittings.filter((x) => !x.open)) {
      report({
        faction: f.id,
        part: 'hull',
        message: `the ${s.kind} socket declared at ${where(s)} is not open: the mesh is solid there (filled in, or moved into the hull's material)`,
        expected: 'open socket',
        measured: 'solid',
        hint: `re-export the hull with the socket cut, or move ${s.declared}.at to where the socket really is`,
        at: placeOf(hull, s),
      });
    }
    if (open.count !== f.card.fittings) {
      report({
        faction: f.id,
        part: 'hull',
        message: `the card says ${plural(f.card.fittings, 'fitting')} but the hull has ${open.text} open fitting sockets`,
        expected: f.card.fittings,
        measured: open.text,
        hint:
          open.count < f.card.fittings
            ? 'add a socket to model.fittings for each fitting on the card, or lower card.fittings'
            : 'lower model.fittings to the card, or raise card.fittings',
      });
    }
    const masts = hull.fittings.filter((s) => s.open && s.kind === 'mast').length;
    if (masts !== 1)
      report({
        faction: f.id,
        part: 'hull',
        message: `a ship carries exactly one mast (it holds the owner's flag) but the hull has ${masts} open mast sockets`,
        expected: 1,
        measured: masts,
        hint: 'declare one `kind: mast` fitting in model.fittings',
      });
  }),
};

export const cannonSlots: Rule = {
  id: 'card/cannon-slots',
  title: "cannon slots that open outward on the hull (plus the turret's slot) = card cannon slots",
  check: perHull((f, hull, ctx, report) => {
    for (const s of hull.cannonSlots) {
      if (!s.open)
        report({
          faction: f.id,
          part: 'hull',
          message: `the ${s.facing} cannon slot declared at ${s.declared} is not open in the mesh`,
          expected: 'open slot',
          measured: 'solid',
          hint: `cut the slot, or fix ${s.declared}`,
          at: placeOf(hull, s),
        });
      else if (!s.reachable)
        report({
          faction: f.id,
          part: 'hull',
          message: `the ${s.facing} cannon slot at ${where(s)} faces into the ship: a ray out of its mouth hits the hull, so a cannon in it cannot fire`,
          expected: 'mouth reachable from outside',
          measured: 'blocked by the hull',
          hint: `move ${s.declared} to a side that is clear, or face it outward`,
          at: placeOf(hull, s),
        });
    }
    const hullSlots = hull.cannonSlots.filter((s) => s.open && s.reachable).length;
    const turrets = hull.fittings.filter((s) => s.open && s.kind === 'turret').length;
    const turretFile = ctx.file('turret', f.id);
    const turretSolid = turretFile && ctx.solid(turretFile);
    let turretSlots = 0;
    if (turrets > 0 && turretFile && turretSolid) {
      const declared = turretFile.features.filter((x) => x.kind === 'cannon-slot');
      const found = declared.filter((x) => probeFeature(turretSolid, x).ok).length;
      turretSlots = turrets * found;
    }
    const measured = hullSlots + turretSlots;
    if (measured !== f.card.cannonSlots) {
      report({
        faction: f.id,
        part: 'hull',
        message: `the card says ${plural(f.card.cannonSlots, 'cannon slot')} but the model has ${measured} that fire outward (${hullSlots} on the hull, ${turretSlots} on turrets)`,
        expected: f.card.cannonSlots,
        measured,
        hint: 'make model.cannonSlots match the card (a turret fitting brings its own slot), or change card.cannonSlots',
      });
    }
  }),
};

/**
 * Checked on the card itself: with card/fitting-sockets holding the card's fittings to the mesh, this
 * holds hits to sink to the mesh too, and a card that drifts from its hull is reported once, not twice.
 */
export const hitsToSink: Rule = {
  id: 'card/hits-to-sink',
  title: 'card hits to sink = card fittings + 1 (rulebook: dead in the water, then sunk)',
  check(ctx, report) {
    for (const f of ctx.factions) {
      const want = f.card.fittings + 1;
      if (f.card.hitsToSink !== want) {
        report({
          faction: f.id,
          part: null,
          message: `hits to sink must be fittings + 1 = ${want}, but the card says ${f.card.hitsToSink}`,
          expected: want,
          measured: f.card.hitsToSink,
          hint: `set card.hitsToSink to ${want}, or leave it out to have it computed`,
        });
      }
    }
  },
};

function presentAndOpen(
  id: string,
  title: string,
  pick: (h: HullProbe) => ProbedFeature | null,
  what: string,
  field: string,
): Rule {
  return {
    id,
    title,
    check: perHull((f, hull, _ctx, report) => {
      const p = pick(hull);
      if (!p)
        report({
          faction: f.id,
          part: 'hull',
          message: `the model declares no ${what}; every ship needs one`,
          expected: `a ${what}`,
          measured: 'none',
          hint: `declare ${field} in the model`,
        });
      else if (!p.open || !p.reachable)
        report({
          faction: f.id,
          part: 'hull',
          message: `the ${what} at ${where(p)} is ${p.open ? 'not reachable from outside' : 'not open in the mesh'}`,
          expected: 'open and reachable',
          measured: p.open ? 'blocked' : 'solid',
          hint: `cut the ${what} where ${field} says, or fix ${field}`,
          at: placeOf(hull, p),
        });
    }),
  };
}

export const wheelSlot = presentAndOpen(
  'card/wheel-slot',
  "the wheel-carriage slot is in the hull's bottom, open and reachable",
  (h) => h.wheelSlot,
  'wheel-carriage slot',
  'model.wheelSlot',
);
export const coinSlot = presentAndOpen(
  'card/coin-slot',
  'the coin slot (Brace for Impact) is on the deck, open and reachable',
  (h) => h.coinSlot,
  'coin slot',
  'model.coinSlot',
);

const KNOWN_COLORS = Object.keys(PRINT_COLORS);

export const cardColor: Rule = {
  id: 'card/colour',
  title:
    "warning: the card's colour is one of the colour names plates and spools use (the rulebook's and common ones), or an sRGB #rrggbb",
  check: (ctx, report) => {
    for (const f of ctx.factions) {
      const color = f.card.color;
      if (Object.hasOwn(PRINT_COLORS, color) || HEX_COLOR.test(color)) continue;
      const near = closest(color, KNOWN_COLORS);
      report({
        severity: 'warning',
        faction: f.id,
        part: null,
        message: `card colour "${color}" is not a colour name shipwright knows: its plates show it grey and its spools are counted apart`,
        expected: 'a known colour name',
        measured: color,
        hint: near
          ? `did you mean "${near}"? (card.color)`
          : `use one of ${KNOWN_COLORS.join(', ')} (card.color), or keep it if it is your own filament's name`,
      });
    }
  },
};

export const CARD_RULES: readonly Rule[] = [fittingSockets, cannonSlots, hitsToSink, wheelSlot, coinSlot, cardColor];
