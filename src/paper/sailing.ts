/**
 * Rigadoon's sailing as data (games/rigadoon/cards.yaml `sailing`): from the ship's space, the spaces it
 * may sail to along each of the eight headings, by the heading's angle off the wind. The rules: "Ships with
 * Masts can sail in any direction and as many spaces as the current Wind Direction will allow"; on a card,
 * "the orange squares represent the spaces that Ship can sail to. The yellow circles represent additional
 * spaces your Ship can sail to provided it has all 3 of its Masts"; and the pattern "applies to all 8 Wind
 * Directions" turned with the wind. Two ways to the same spaces: `sailingCells` walks each heading out from
 * the ship (the cards are drawn from it), `cellNeed` asks of one space which heading and how far it lies
 * (`validate --game` measures the drawn cards with it).
 */

/** The eight Wind Directions, clockwise from north. */
export const WINDS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type Wind = (typeof WINDS)[number];

export const WIND_NAMES: Readonly<Record<Wind, string>> = {
  N: 'North',
  NE: 'Northeast',
  E: 'East',
  SE: 'Southeast',
  S: 'South',
  SW: 'Southwest',
  W: 'West',
  NW: 'Northwest',
};

/** Headings' angles off the wind, in the rules' 45° steps: 0 sails with the wind, 180 into it. */
export const OFF_WIND_DEG = [0, 45, 90, 135, 180] as const;
export type OffWindDeg = (typeof OFF_WIND_DEG)[number];

export interface Reach {
  offDeg: OffWindDeg;
  /** Spaces any ship with a Mast may sail along the heading (orange squares). */
  spaces: number;
  /** Spaces a ship with all 3 Masts may sail (the squares, then yellow circles out to here). */
  allMasts: number;
}

export interface Sailing {
  /** `from`: a wind is named for where it blows from (a north wind blows south); `toward`: for where it blows. */
  named: 'from' | 'toward';
  /** One per OFF_WIND_DEG, in that order; a heading to port and to starboard sail alike. */
  reach: readonly Reach[];
}

/** What a space asks of the ship: `any` ship with a Mast (orange square) or `all` 3 Masts (yellow circle). */
export type Need = 'any' | 'all';

/** A space relative to the ship's, x east and y south (a card's or a board's rows run north to south). */
export interface Cell {
  dx: number;
  dy: number;
  need: Need;
}

const bearingDeg = (w: Wind): number => WINDS.indexOf(w) * 45;
/** One step along each heading: x east, y south. */
const STEP: Readonly<Record<Wind, readonly [number, number]>> = {
  N: [0, -1],
  NE: [1, -1],
  E: [1, 0],
  SE: [1, 1],
  S: [0, 1],
  SW: [-1, 1],
  W: [-1, 0],
  NW: [-1, -1],
};

/** The way the wind blows, as a bearing (degrees clockwise from north). */
export const downwindDeg = (s: Sailing, wind: Wind): number =>
  (bearingDeg(wind) + (s.named === 'from' ? 180 : 0)) % 360;

/** A heading's angle off the wind (0 to 180°). */
function offWind(s: Sailing, wind: Wind, headingDeg: number): number {
  const d = Math.abs((((headingDeg - downwindDeg(s, wind)) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
}

const reachAt = (s: Sailing, off: number): Reach => {
  const r = s.reach.find((x) => Math.abs(x.offDeg - off) < 1e-6);
  if (!r) throw new Error(`no reach at ${off}° off the wind`);
  return r;
};

/** Every space the wind allows, walked out along each heading from the ship. */
export function sailingCells(s: Sailing, wind: Wind): Cell[] {
  const out: Cell[] = [];
  for (const heading of WINDS) {
    const r = reachAt(s, offWind(s, wind, bearingDeg(heading)));
    const [sx, sy] = STEP[heading];
    for (let k = 1; k <= r.allMasts; k++) out.push({ dx: sx * k, dy: sy * k, need: k <= r.spaces ? 'any' : 'all' });
  }
  return out;
}

/** What the space (dx, dy) from the ship asks under `wind`, or null when no ship may sail there. */
export function cellNeed(s: Sailing, wind: Wind, dx: number, dy: number): Need | null {
  const k = Math.max(Math.abs(dx), Math.abs(dy));
  // Ships sail in straight lines along the eight headings: a space off them is never reached.
  if (k === 0 || (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy))) return null;
  const heading = ((Math.atan2(dx, -dy) * 180) / Math.PI + 360) % 360;
  const r = reachAt(s, Math.round(offWind(s, wind, heading)));
  return k <= r.spaces ? 'any' : k <= r.allMasts ? 'all' : null;
}

/** The farthest any ship sails: the pattern's radius in spaces. */
export const sailingRadius = (s: Sailing): number => Math.max(...s.reach.map((r) => r.allMasts));
