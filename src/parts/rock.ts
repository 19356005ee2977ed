/**
 * Rock and reef terrain (BRIEF §3): irregular solids grown from a seed, so the same seed always gives the
 * same file. Each solid is a union of "lumps": the convex hull of points jittered about the upper half of
 * an ellipsoid, with a ring of points on z = 0 so every lump, and so the union, stands on a flat base.
 * A rock is one tall crag with one or two shoulders; a reef is a low, wide chain of overlapping lumps.
 * Terrain mates with nothing, so the part declares no features.
 */
import { hull3d, union, type Solid, type Vec3 } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import { checkOption, checkRange, mergeOptions } from './options.js';
import { createRandom, type Random } from '../random.js';

export type TerrainKind = 'rock' | 'reef';

export interface RockOptions {
  /** Tall crag or low, wide reef. Default 'rock'. */
  kind: TerrainKind;
  /** Integer seed, 0 to 2^32 − 1: same seed, same solid. Default 1. */
  seed: number;
  /**
   * Every size of TERRAIN times this, for a game whose ships are bigger than Cannons & Coastlines'
   * (Kingdom Fleets' bases are 30–60 mm wide): 1 to 3, slopes unchanged. Default 1.
   */
  scale: number;
}

export const DEFAULTS: RockOptions = { kind: 'rock', seed: 1, scale: 1 };

const KINDS: readonly TerrainKind[] = ['rock', 'reef'];

/**
 * Sizes drawn per kind (ours). A ship is about 30 mm wide: a rock is at least that across in every
 * direction and a reef at least that long, so either blocks one. A rock (28–38 mm) stands well above a
 * hull (HULL.minHeightMm, 16 mm); a reef (5–10 mm) lies below the hull's deck, a hazard a ship can be
 * seen over.
 */
export const TERRAIN = {
  rock: {
    crag: { baseRadiusMm: [17, 22], heightMm: [28, 38] },
    shoulders: [1, 2],
    shoulder: { baseRadiusMm: [10, 14], heightMm: [10, 18] },
  },
  reef: { lumps: [4, 6], lump: { baseRadiusMm: [9, 16], heightMm: [5, 10] } },
} as const;

/** Each point above the base sits at 82–100 % of the ellipsoid's radius: rough, faceted faces. */
const MIN_JITTER = 0.82;
const LONGITUDES = 10;
/** Latitudes of the point rings above the base ring, in degrees. */
const LATITUDES_DEG = [22, 45, 68];
/**
 * The base ring is not jittered, so it is the widest section (no ring above reaches past its flats:
 * cos 22° < cos 18°) and nothing overhangs; it always contains an ellipse this fraction of the radii.
 */
const BASE_INSCRIBED = Math.cos(Math.PI / LONGITUDES);

interface Lump {
  centreMm: readonly [number, number];
  /** Semi-axes along the lump's own x and y, and its height. */
  radiiMm: Vec3;
  yawDeg: number;
}

/** The lump's hull: a base ring on z = 0, three jittered rings above it, and a leaning apex at full height. */
function lumpSolid(l: Lump, rng: Random): Solid {
  const [rx, ry, rz] = l.radiiMm;
  const yaw = (l.yawDeg * Math.PI) / 180;
  const place = (x: number, y: number, z: number): Vec3 => [
    l.centreMm[0] + x * Math.cos(yaw) - y * Math.sin(yaw),
    l.centreMm[1] + x * Math.sin(yaw) + y * Math.cos(yaw),
    z,
  ];
  const points: Vec3[] = [];
  for (const latDeg of [0, ...LATITUDES_DEG]) {
    const lat = (latDeg * Math.PI) / 180;
    const phase = rng.range(0, (2 * Math.PI) / LONGITUDES);
    for (let i = 0; i < LONGITUDES; i++) {
      const lon = phase + (i * 2 * Math.PI) / LONGITUDES;
      const f = latDeg === 0 ? 1 : rng.range(MIN_JITTER, 1);
      points.push(
        place(f * rx * Math.cos(lat) * Math.cos(lon), f * ry * Math.cos(lat) * Math.sin(lon), f * rz * Math.sin(lat)),
      );
    }
  }
  // The apex sets the height exactly; its lean makes the crag asymmetric.
  points.push(place(rng.range(-0.25, 0.25) * rx, rng.range(-0.25, 0.25) * ry, rz));
  return hull3d(points);
}

type Range = readonly [number, number];
const draw = (rng: Random, r: Range): number => rng.range(r[0], r[1]);

function lump(rng: Random, centreMm: readonly [number, number], baseRadiusMm: Range, heightMm: Range): Lump {
  return {
    centreMm,
    radiiMm: [draw(rng, baseRadiusMm), draw(rng, baseRadiusMm), draw(rng, heightMm)],
    yawDeg: rng.range(0, 360),
  };
}

/** Smallest radius a lump's base always covers about its centre. */
const minBaseMm = (l: Lump): number => BASE_INSCRIBED * Math.min(l.radiiMm[0], l.radiiMm[1]);

/** The crag, with shoulders centred inside its base so they always overlap it: one body. */
function rockLumps(rng: Random): Lump[] {
  const t = TERRAIN.rock;
  const crag = lump(rng, [0, 0], t.crag.baseRadiusMm, t.crag.heightMm);
  const lumps = [crag];
  const n = rng.int(t.shoulders[0], t.shoulders[1]);
  const start = rng.range(0, 2 * Math.PI);
  for (let i = 0; i < n; i++) {
    const a = start + (i * 2 * Math.PI) / n + rng.range(-0.5, 0.5);
    const d = 0.8 * minBaseMm(crag);
    lumps.push(lump(rng, [d * Math.cos(a), d * Math.sin(a)], t.shoulder.baseRadiusMm, t.shoulder.heightMm));
  }
  return lumps;
}

/** A wandering chain: each lump's centre is closer to the previous one's than their bases' sure radii add up to. */
function reefLumps(rng: Random): Lump[] {
  const t = TERRAIN.reef;
  const n = rng.int(t.lumps[0], t.lumps[1]);
  const lumps = [lump(rng, [0, 0], t.lump.baseRadiusMm, t.lump.heightMm)];
  let heading = rng.range(0, 2 * Math.PI);
  for (let i = 1; i < n; i++) {
    const prev = lumps[i - 1]!;
    const next = lump(rng, [0, 0], t.lump.baseRadiusMm, t.lump.heightMm);
    const d = 0.6 * (minBaseMm(prev) + minBaseMm(next));
    heading += rng.range(-0.6, 0.6);
    lumps.push({
      ...next,
      centreMm: [prev.centreMm[0] + d * Math.cos(heading), prev.centreMm[1] + d * Math.sin(heading)],
    });
  }
  return lumps;
}

/** Builds a rock or a reef from its seed, standing on its flat base, centred. Terrain: no features. */
export function rock(options?: Partial<RockOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkOption('rock', 'kind', o.kind, KINDS.includes(o.kind), `one of ${KINDS.map((k) => `"${k}"`).join(', ')}`);
  checkOption(
    'rock',
    'seed',
    o.seed,
    Number.isInteger(o.seed) && o.seed >= 0 && o.seed <= 0xffffffff,
    'an integer from 0 to 4294967295',
  );
  checkRange('rock', 'scale', o.scale, 1, 3);

  const rng = createRandom(o.seed);
  const lumps = o.kind === 'rock' ? rockLumps(rng) : reefLumps(rng);
  const solid = union(lumps.map((l) => lumpSolid(l, rng)));
  return layOnBed({ solid: o.scale === 1 ? solid : solid.scale(o.scale), features: [] });
}
