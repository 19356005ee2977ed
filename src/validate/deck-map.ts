/**
 * The deck map (issue 29): a faction's hull seen from above with every declared feature, the keep-out
 * each needs (HULL.minWallMm round it), the raised decks where nothing may open, the free places where a
 * new mast, cargo, coin slot or cannon slot would still fit, and each layout problem in magenta with an
 * arrow to the nearest place that fits. `validate --previews` writes it; the studio shows it.
 */
import type { Faction } from '../faction/types.js';
import { initKernel, withArena } from '../geometry/kernel.js';
import {
  freePlaces,
  planLayout,
  type FeatureRole,
  type FreePlaces,
  type Layout,
  type Planned,
} from '../parts/hull-layout.js';
import { encodePng } from '../render/image.js';
import { drawPlan, type PlanShape, type PointMm } from '../render/plan.js';
import { HIGHLIGHT_HEX, type Image } from '../render/raster.js';
import { HULL } from '../standard.js';

/** Each role's colour, and its name in the key. */
const ROLE: Readonly<Record<FeatureRole, { hex: string; name: string }>> = {
  mast: { hex: '#2E7D32', name: 'mast' },
  cargo: { hex: '#1565C0', name: 'cargo' },
  turret: { hex: '#6A1B9A', name: 'turret' },
  coin: { hex: '#B8860B', name: 'coin' },
  wheel: { hex: '#5D4037', name: 'wheel (below)' },
  ballast: { hex: '#455A64', name: 'ballast (below)' },
  slot: { hex: '#C62828', name: 'cannon slot' },
};
const HULL_FILL_HEX = '#F3EBD9';
const INK_HEX = '#333333';
const RAISED_HEX = '#9E9E9E';

/** The picture's size for a file (`validate --previews`); the studio's pane takes a smaller one, its lettering the same size. */
export const DECK_MAP_SIZE = { widthPx: 960, heightPx: 600 } as const;

/** A faction's deck map, planned at `clearanceMm` (the layout's problems drawn, not thrown), `size` px (default DECK_MAP_SIZE). */
export async function deckMap(
  faction: Faction,
  clearanceMm: number,
  size: { widthPx: number; heightPx: number } = DECK_MAP_SIZE,
): Promise<Image> {
  await initKernel();
  return withArena(() => {
    const layout = planLayout(faction.model, clearanceMm);
    return drawDeckMap(faction, layout, freePlaces(layout, clearanceMm), size);
  });
}

/** The deck map as PNG bytes, named `<faction>-deck-map.png`. */
export async function deckMapPng(
  faction: Faction,
  clearanceMm: number,
  size: { widthPx: number; heightPx: number } = DECK_MAP_SIZE,
): Promise<{ name: string; bytes: Uint8Array }> {
  return { name: `${faction.id}-deck-map.png`, bytes: encodePng(await deckMap(faction, clearanceMm, size)) };
}

const rectMm = (x0: number, y0: number, x1: number, y1: number): PointMm[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

/** A feature's footprint: the box across the deck, or the slot's mouth on the outline. */
function footprint(p: Planned): PointMm[] {
  return rectMm(p.box.min[0], p.box.min[1], p.box.max[0], p.box.max[1]);
}

function drawDeckMap(
  faction: Faction,
  layout: Layout,
  free: readonly FreePlaces[],
  size: { widthPx: number; heightPx: number },
): Image {
  const { outline, levels, model: m } = layout;
  const top = levels[levels.length - 1]!;
  const halfB = m.hull.beamMm / 2;
  const deck: PointMm[] = outline.levelPoints(top);
  // Room under the hull for the key and above it for the title.
  const frame = {
    min: [outline.sternXMm - 6, -halfB - 21] as PointMm,
    max: [outline.bowXMm + 6, halfB + 11] as PointMm,
  };
  // The hull at its widest (where side slots open) faint under the deck itself.
  const widest = outline.xs.map((x): PointMm => [x, outline.halfAt(x)]);
  const shapes: PlanShape[] = [
    {
      kind: 'polygon',
      pointsMm: [...widest, ...widest.map(([x, y]): PointMm => [x, -y]).reverse()],
      fillHex: HULL_FILL_HEX,
      alpha: 0.5,
      strokeHex: RAISED_HEX,
    },
    { kind: 'polygon', pointsMm: deck, fillHex: HULL_FILL_HEX, strokeHex: INK_HEX, widthPx: 2 },
  ];
  for (const [a, b] of layout.blocked) {
    const xs = [a, ...outline.xs.filter((x) => x > a && x < b), b];
    const side = xs.map((x): PointMm => [x, outline.levelHalfAt(top, x)]).filter(([, y]) => Number.isFinite(y));
    if (side.length > 1)
      shapes.push({
        kind: 'polygon',
        pointsMm: [...side, ...side.map(([x, y]): PointMm => [x, -y]).reverse()],
        fillHex: RAISED_HEX,
        alpha: 0.35,
        strokeHex: RAISED_HEX,
        dashed: true,
      });
  }
  // Free places first, under the features: a dot per grid point where a new one's centre fits.
  for (const f of free) {
    const hex = ROLE[f.role].hex;
    for (const at of f.at) {
      const point: PointMm | null = f.facing === undefined ? [at[0]!, at[1]!] : slotPoint(layout, f.facing, at[0]!);
      if (point)
        shapes.push({
          kind: 'dot',
          atMm: point,
          radiusPx: f.facing ? 3 : 1.6,
          fillHex: hex,
          alpha: f.facing ? 0.5 : 0.3,
        });
    }
  }
  const wall = HULL.minWallMm;
  for (const p of layout.planned) {
    const bad = layout.problems.find((q) => q.path === p.path);
    const hex = bad ? HIGHLIGHT_HEX : ROLE[p.role].hex;
    const below = p.place === 'bottom';
    shapes.push({
      kind: 'polygon',
      pointsMm: rectMm(p.box.min[0] - wall, p.box.min[1] - wall, p.box.max[0] + wall, p.box.max[1] + wall),
      strokeHex: hex,
      dashed: true,
      widthPx: 1,
    });
    shapes.push({
      kind: 'polygon',
      pointsMm: footprint(p),
      fillHex: hex,
      alpha: below ? 0.25 : 0.7,
      strokeHex: hex,
      dashed: below,
    });
    if (bad?.nearest) {
      const moved = p.moveTo(bad.nearest);
      shapes.push({ kind: 'polygon', pointsMm: footprint(moved), strokeHex: HIGHLIGHT_HEX, dashed: true, widthPx: 2 });
      shapes.push({ kind: 'arrow', fromMm: centre(p), toMm: centre(moved), strokeHex: HIGHLIGHT_HEX });
    }
  }
  // Labels last, on top: each feature's field, short.
  for (const p of layout.planned)
    shapes.push({
      kind: 'label',
      atMm: [p.box.min[0], p.box.max[1] + 0.6],
      text: shortPath(p.path),
      capPx: 10,
      colorHex: INK_HEX,
    });
  const status =
    layout.problems.length === 0
      ? 'the layout fits'
      : `${layout.problems.length} layout problem${layout.problems.length === 1 ? '' : 's'} (magenta; arrow: nearest fit)`;
  shapes.push({
    kind: 'label',
    atMm: [frame.min[0] + 1, frame.max[1] - 2],
    text: `${faction.id}: ${m.hull.style} ${m.hull.lengthMm} x ${m.hull.beamMm} x ${m.hull.heightMm} mm`,
    capPx: 12,
    colorHex: INK_HEX,
  });
  shapes.push({
    kind: 'label',
    atMm: [frame.min[0] + 1, frame.max[1] - 5.5],
    text: `bow to the right, port up; ${status}`,
    capPx: 10,
    colorHex: layout.problems.length ? HIGHLIGHT_HEX : INK_HEX,
  });
  // The key in three rows of three under the hull, then what the dots and dashes are.
  const key = [...Object.values(ROLE).map((r) => [r.hex, r.name] as const), [RAISED_HEX, 'raised deck'] as const];
  const step = (frame.max[0] - frame.min[0]) / 3;
  key.forEach(([hex, name], i) => {
    const x = frame.min[0] + 1 + (i % 3) * step,
      y = frame.min[1] + 14.5 - Math.floor(i / 3) * 3.5;
    shapes.push({ kind: 'polygon', pointsMm: rectMm(x, y - 1, x + 2.5, y + 1.5), fillHex: hex, alpha: 0.7 });
    shapes.push({ kind: 'label', atMm: [x + 3.5, y - 0.8], text: name, capPx: 10, colorHex: INK_HEX });
  });
  shapes.push({
    kind: 'label',
    atMm: [frame.min[0] + 1, frame.min[1] + 3.6],
    text: 'dots: where a new mast, cargo or coin slot could be centred,',
    capPx: 10,
    colorHex: INK_HEX,
  });
  shapes.push({
    kind: 'label',
    atMm: [frame.min[0] + 1, frame.min[1] + 0.8],
    text: 'or a cannon slot could open; dashed: the keep-out round each feature',
    capPx: 10,
    colorHex: INK_HEX,
  });
  return drawPlan(shapes, { ...size, frameMm: frame });
}

/** Where a free cannon slot at `at` opens on the deck outline. */
function slotPoint(layout: Layout, facing: 'port' | 'starboard' | 'bow' | 'stern', at: number): PointMm | null {
  const { outline } = layout;
  if (facing === 'port' || facing === 'starboard')
    return [at, (facing === 'port' ? 1 : -1) * (outline.halfAt(at) + 1.5)];
  return [facing === 'bow' ? outline.bowXMm + 1.5 : outline.sternXMm - 1.5, at];
}

const centre = (p: Planned): PointMm => [(p.box.min[0] + p.box.max[0]) / 2, (p.box.min[1] + p.box.max[1]) / 2];
/** `model.fittings[2].at` → `fittings[2]`, `model.coinSlot.at` → `coinSlot`. */
const shortPath = (path: string): string => path.replace(/^model\./, '').replace(/\.at$/, '');
