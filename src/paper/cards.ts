/**
 * Faction reference cards, poker size, nine to a page with crop marks: the card's numbers, the move in
 * clicks and inches from the measured click, the ability, and a to-scale top view of the hull sliced from
 * the generated mesh at deck height, its cannon slots marked. Text that does not fit is an error naming
 * the field, never clipped.
 */
import { InputError } from '../errors.js';
import type { Faction } from '../faction/types.js';
import type { Feature } from '../geometry/part.js';
import { displayColor } from '../standard.js';
import { MM_PER_INCH } from '../units.js';
import { textWidth } from '../render/font.js';
import { gridPages, inkOn, INK_HEX, line, rectRing, text, wrap } from './layout.js';
import type { Page, Point, Shape } from './page.js';

/** Poker size (63 × 88 mm), the size of the rulebook's faction cards. */
export const CARD = { widthMm: 63, heightMm: 88, marginMm: 3.5 } as const;
/** Scales a hull may be drawn at, largest first: the first at which it fits the card. */
const HULL_SCALES = [1, 2 / 3, 1 / 2, 1 / 3, 1 / 4] as const;
const HULL_BOX = { topMm: 37.5, heightMm: 23 } as const;
const STAT_CAP_MM = 2.2;
const ABILITY = { nameCapMm: 2.7, capMm: 2.0, lineMm: 3.1, topMm: 65.5 } as const;

export interface CardInput {
  faction: Faction;
  /** The hull sliced just under its deck, in the hull's frame (x to the bow, y to port), as rings. */
  deckRings: readonly (readonly Point[])[];
  /** The hull file's features, in the same frame. */
  features: readonly Feature[];
  /** One click as the printed wheel rolls it, mm. */
  clickMm: number;
}

const scaleLabel = (s: number): string => (s === 1 ? '1:1' : s === 2 / 3 ? '2:3' : `1:${Math.round(1 / s)}`);

/** A card's shapes with its top-left corner at (x, y). */
function cardShapes(input: CardInput, x: number, y: number): Shape[] {
  const { faction, clickMm } = input;
  const { card } = faction;
  const inner = CARD.widthMm - 2 * CARD.marginMm;
  const tooLong = (field: string, what: string): InputError =>
    InputError.single(
      faction.sourceFile,
      field,
      `${what} does not fit the ${CARD.widthMm} × ${CARD.heightMm} mm card: shorten it`,
    );
  const fits = (t: string, cap: number, field: string): string => {
    if (textWidth(t, cap) > inner) throw tooLong(field, `"${t}"`);
    return t;
  };
  const fill = displayColor(card.color);
  const out: Shape[] = [
    {
      kind: 'path',
      rings: [rectRing(x, y, CARD.widthMm, 11)],
      closed: true,
      strokeMm: null,
      strokeHex: INK_HEX,
      fillHex: fill,
    },
    {
      kind: 'path',
      rings: [rectRing(x, y, CARD.widthMm, CARD.heightMm)],
      closed: true,
      strokeMm: 0.25,
      strokeHex: '#9A9A9A',
      fillHex: null,
    },
    text(fits(faction.name, 4.2, 'name'), x + CARD.marginMm, y + 7.8, 4.2, inkOn(fill), 1.4),
  ];
  const turret = faction.model.cannonSlots.some((s) => s.mount === 'turret');
  const inches = (card.moveCount * clickMm) / MM_PER_INCH;
  const stats: [string, string][] = [
    [`Ships: ${card.ships}    Colour: ${card.color}`, 'card.color'],
    [`Move: ${card.moveCount} click${card.moveCount === 1 ? '' : 's'} (${inches.toFixed(1)} in)`, 'card.moveCount'],
    [`Fittings: ${card.fittings}    Hits to sink: ${card.hitsToSink}`, 'card.fittings'],
    [`Cannon slots: ${card.cannonSlots}${turret ? ' (1 on the turret)' : ''}`, 'card.cannonSlots'],
    ...(turret ? [[`Turret arc: ${card.turretArcDeg ?? 360}°`, 'card.turretArcDeg'] as [string, string]] : []),
    [`Heading: up to ${card.maxHeadingDeg}°`, 'card.maxHeadingDeg'],
  ];
  stats.forEach(([t, field], i) =>
    out.push(text(fits(t, STAT_CAP_MM, field), x + CARD.marginMm, y + 15.5 + i * 3.6, STAT_CAP_MM)),
  );
  out.push(...hullView(input, x + CARD.marginMm, y + HULL_BOX.topMm, inner, HULL_BOX.heightMm));
  out.push(
    text(
      fits(card.ability.name, ABILITY.nameCapMm, 'card.ability.name'),
      x + CARD.marginMm,
      y + ABILITY.topMm,
      ABILITY.nameCapMm,
      INK_HEX,
      1.5,
    ),
  );
  const lines = wrap(card.ability.text, ABILITY.capMm, inner);
  const room = Math.floor((CARD.heightMm - CARD.marginMm - (ABILITY.topMm + 4.2)) / ABILITY.lineMm) + 1;
  if (lines.length > room)
    throw InputError.single(
      faction.sourceFile,
      'card.ability.text',
      `the ability text takes ${lines.length} lines on the card, which has room for ${room}: shorten it to about ${Math.floor((card.ability.text.length * room) / lines.length)} characters`,
    );
  lines.forEach((l, i) =>
    out.push(text(l, x + CARD.marginMm, y + ABILITY.topMm + 4.2 + i * ABILITY.lineMm, ABILITY.capMm)),
  );
  return out;
}

/** The deck outline at the largest scale that fits the box, bow to the right, cannon slots as red arrows, its scale written. */
function hullView(input: CardInput, x: number, y: number, w: number, h: number): Shape[] {
  const slots = input.features.filter((f) => f.kind === 'cannon-slot');
  const arrow = (f: Feature, along: number): Point => [
    f.positionMm[0] + f.axis[0] * along,
    f.positionMm[1] + f.axis[1] * along,
  ];
  // The arrows count toward the fit: they stick out of the hull.
  const pts = [...input.deckRings.flat(), ...slots.map((f) => arrow(f, 3))];
  if (input.deckRings.length === 0) return [text('(no hull mesh to draw)', x, y + h / 2, 2)];
  const [x0, x1] = [Math.min(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[0]))];
  const [y0, y1] = [Math.min(...pts.map((p) => p[1])), Math.max(...pts.map((p) => p[1]))];
  const labelMm = 3.5;
  const scale =
    HULL_SCALES.find((s) => (x1 - x0) * s <= w && (y1 - y0) * s <= h - labelMm) ?? HULL_SCALES[HULL_SCALES.length - 1]!;
  const cx = x + w / 2,
    cy = y + (h - labelMm) / 2;
  // Port (+y) is up the card.
  const at = (p: Point): Point => [cx + (p[0] - (x0 + x1) / 2) * scale, cy - (p[1] - (y0 + y1) / 2) * scale];
  const out: Shape[] = [
    {
      kind: 'path',
      rings: input.deckRings.map((r) => r.map(at)),
      closed: true,
      strokeMm: 0.2,
      strokeHex: INK_HEX,
      fillHex: '#E6E3DC',
    },
  ];
  for (const f of slots) out.push(line(at(arrow(f, -1.5)), at(arrow(f, 3)), 0.5, '#C0392B'));
  out.push(text(`hull from above, scale ${scaleLabel(scale)}; red: cannon slots`, x, y + h, 1.6, '#555555'));
  return out;
}

/** Cards nine to a page (3 × 3), centred, with crop marks. */
export function cardPages(inputs: readonly CardInput[], paper: { widthMm: number; heightMm: number }): Page[] {
  return gridPages(inputs.length, CARD, paper, (i, x, y) => cardShapes(inputs[i]!, x, y));
}
