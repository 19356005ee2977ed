/**
 * The coins' icons, one per coin type, drawn for a 20 mm coin: each fits a 7 mm radius and is made of
 * strokes and gaps at least 1.1 mm wide (over MIN_FEATURE_MM, two 0.45 mm lines), so it prints and reads
 * at that size where two letters ran together ("EV" printed as one glyph). Shapes follow the coin's name
 * in the rulebook: a shield to brace, a flag to signal, a ship under full sail, arrows to evade, a
 * crosshair for the gunner, a hammer to repair, a grappling hook to board. Every icon covers the coin's
 * centre: the validator probes the coin's material along its axis.
 */
import { circle, polygon, rect, type Profile, type Vec2 } from '../geometry/kernel.js';
import type { CoinId } from '../rules/rulebook.js';

/** Stroke width of the icons' lines, mm. */
const ICON_STROKE_MM = 1.1;
/** Every icon lies within this radius of the coin's centre, mm. */
export const ICON_RADIUS_MM = 7;

const w = ICON_STROKE_MM;
const box = (x0: number, y0: number, x1: number, y1: number): Profile =>
  rect(x1 - x0, y1 - y0, false).translate(x0, y0);
const ring = (r: number, x = 0, y = 0): Profile =>
  circle(r)
    .subtract(circle(r - w))
    .translate(x, y);

function shield(): Profile {
  const outline: Vec2[] = [
    [-5, 5.2],
    [5, 5.2],
    [5, 0.8],
    [0, -6],
    [-5, 0.8],
  ];
  // Its rim and a boss: the inside offset a stroke in, a round boss in the middle.
  const edge = polygon(outline).subtract(polygon(outline).offset(-w));
  return edge.union(circle(1.6).translate(0, 0.8));
}

function flag(): Profile {
  return box(-w / 2, -6.2, w / 2, 6.2).union(
    polygon([
      [w / 2, 6.2],
      [6.2, 3.8],
      [w / 2, 1.4],
    ]),
    box(-2.6, -6.2, 2.6, -6.2 + w),
  );
}

function fullSail(): Profile {
  // Two square sails, a gap between them, over a hull.
  const top = polygon([
    [-4.4, 5.6],
    [4.4, 5.6],
    [3.6, 1.6],
    [-3.6, 1.6],
  ]);
  const course = polygon([
    [-5.6, 0.4],
    [5.6, 0.4],
    [4.6, -3.6],
    [-4.6, -3.6],
  ]);
  const hull = polygon([
    [-5.6, -4.8],
    [5.6, -4.8],
    [3.8, -6.6],
    [-3.8, -6.6],
  ]);
  return top.union(course, hull);
}

function arrows(): Profile {
  // One shaft, a head at each end: port or starboard.
  const head = polygon([
    [3.2, -2.4],
    [6.6, 0],
    [3.2, 2.4],
  ]);
  return box(-3.4, -w / 2, 3.4, w / 2).union(head, head.rotate(180));
}

function crosshair(): Profile {
  const bars = [
    box(-6.8, -w / 2, -2.2, w / 2),
    box(2.2, -w / 2, 6.8, w / 2),
    box(-w / 2, -6.8, w / 2, -2.2),
    box(-w / 2, 2.2, w / 2, 6.8),
  ];
  return ring(4.6).union(...bars, circle(0.9));
}

function hammer(): Profile {
  const handle = box(-w / 2 - 0.1, -6, w / 2 + 0.1, 2.2);
  const head = polygon([
    [-3.8, 2.2],
    [3.2, 2.2],
    [3.8, 3.1],
    [3.2, 4.8],
    [-3.8, 4.8],
  ]);
  return handle.union(head).rotate(-35).translate(0.6, 0.6);
}

function grapplingHook(): Profile {
  const shaft = box(-w / 2, -3.6, w / 2, 4.2);
  const eye = ring(1.7, 0, 5);
  // Three prongs: the arc's two ends turned up into barbs, and one straight down.
  const arc = circle(4.6)
    .subtract(circle(4.6 - w))
    .intersect(box(-5, -5, 5, -1.2));
  const barbs = [
    polygon([
      [-4.6, -1.2],
      [-3.5 + w, -1.2],
      [-4.0, 0.8],
    ]),
    polygon([
      [4.6, -1.2],
      [3.5 - w, -1.2],
      [4.0, 0.8],
    ]),
  ];
  const down = polygon([
    [-w / 2 - 0.3, -4.4],
    [w / 2 + 0.3, -4.4],
    [0, -6.6],
  ]);
  return shaft.union(eye, arc, ...barbs, down);
}

const ICONS: Readonly<Record<CoinId, () => Profile>> = {
  brace: shield,
  signal: flag,
  'full-sail': fullSail,
  evasive: arrows,
  gunner: crosshair,
  repair: hammer,
  boarding: grapplingHook,
};

/** The icon of a coin type, centred on the origin. */
export function coinIcon(type: CoinId): Profile {
  return ICONS[type]();
}
