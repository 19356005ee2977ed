import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { initKernel, withArena, type MeshData, type Solid, type Vec3 } from '../../src/geometry/kernel.js';
import { centroidMm, meshMoments } from '../../src/geometry/mass.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { parseStl } from '../../src/mesh/stl.js';
import { DEFAULTS, windDie, type WindDieOptions } from '../../src/parts/wind-die.js';
import { PRINTABILITY } from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

interface Face {
  n: Vec3;
  /** The face's plane: n·p = offsetMm, the die's supporting plane along n. */
  offsetMm: number;
}

/**
 * The die's large flat faces, read off the mesh: triangles grouped by normal and weighed by area (a face's
 * pocket floors share its normal), keeping the groups of at least a quarter of the largest's area.
 */
function largeFaces(mesh: MeshData): Face[] {
  const p = mesh.positions,
    t = mesh.triangles;
  const groups: { n: Vec3; areaMm2: number }[] = [];
  for (let i = 0; i < t.length; i += 3) {
    const [a, b, c] = [t[i]! * 3, t[i + 1]! * 3, t[i + 2]! * 3];
    const u = [p[b]! - p[a]!, p[b + 1]! - p[a + 1]!, p[b + 2]! - p[a + 2]!],
      v = [p[c]! - p[a]!, p[c + 1]! - p[a + 1]!, p[c + 2]! - p[a + 2]!];
    const x: Vec3 = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
    const len = Math.hypot(...x);
    if (len < 1e-4) continue;
    const n: Vec3 = [x[0] / len, x[1] / len, x[2] / len];
    const g = groups.find((q) => dot(q.n, n) > 0.99999);
    if (g) g.areaMm2 += len / 2;
    else groups.push({ n, areaMm2: len / 2 });
  }
  const largest = Math.max(...groups.map((g) => g.areaMm2));
  return groups
    .filter((g) => g.areaMm2 > largest / 4)
    .map(({ n }) => {
      let offsetMm = -Infinity;
      for (let i = 0; i < p.length; i += 3) offsetMm = Math.max(offsetMm, dot(n, [p[i]!, p[i + 1]!, p[i + 2]!]));
      return { n, offsetMm };
    });
}

/**
 * Volume each face's engraving removes: the convex hull's less the die's, in the face's pyramid (the points
 * nearer its plane than any other face's), or only within `slabMm` of the face when given.
 */
function engravedMm3(
  bytes: Uint8Array,
  faces: readonly Face[],
  slabMm = Infinity,
): { perFace: number[]; total: number } {
  return withArena(() => {
    const die = solidFromStl(bytes),
      hull = die.hull();
    const region = (s: Solid, f: Face): Solid => {
      const near = faces.reduce((acc, g) => {
        if (g === f) return acc;
        // trimByPlane takes a unit normal: (n_f − n_g)·p ≥ offset_f − offset_g, scaled.
        const d: Vec3 = [f.n[0] - g.n[0], f.n[1] - g.n[1], f.n[2] - g.n[2]],
          len = Math.hypot(...d);
        return acc.trimByPlane([d[0] / len, d[1] / len, d[2] / len], (f.offsetMm - g.offsetMm) / len);
      }, s);
      return Number.isFinite(slabMm) ? near.trimByPlane(f.n, f.offsetMm - slabMm) : near;
    };
    const perFace = faces.map((f) => region(hull, f).volumeMm3() - region(die, f).volumeMm3());
    return { perFace, total: hull.volumeMm3() - die.volumeMm3() };
  });
}

/** Distance from the centre of mass of the exported mesh to the centre of its bounding box. */
function centroidOffsetMm(bytes: Uint8Array): number {
  const mesh = parseStl(bytes);
  const c = centroidMm(meshMoments(mesh));
  const p = mesh.positions;
  const lo = [Infinity, Infinity, Infinity],
    hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++)
    ((lo[i % 3] = Math.min(lo[i % 3]!, p[i]!)), (hi[i % 3] = Math.max(hi[i % 3]!, p[i]!)));
  return Math.hypot(...c.map((x, k) => x - (lo[k]! + hi[k]!) / 2));
}

describe('wind die', () => {
  let die: ReturnType<typeof buildAndInspect>, faces: Face[];
  beforeAll(() => {
    die = buildAndInspect(() => windDie());
    faces = largeFaces(parseStl(die.bytes));
  });

  it('is one watertight body resting on the bed, as tall as its size', () => {
    expect(die.topology.watertight).toBe(true);
    expect(die.topology.bodies).toBe(1);
    expect(die.topology.bounds.min[2]).toBeCloseTo(0, 5);
    expect(die.topology.bounds.max[2]).toBeCloseTo(DEFAULTS.sizeMm, 2);
  });

  it('has the 8 faces of a regular octahedron, one on the bed and the others printable without support', () => {
    expect(faces).toHaveLength(8);
    for (const f of faces) {
      // Each face has exactly one opposite face, parallel and sizeMm away; every other meets it at the octahedron's angle.
      const opposite = faces.filter((g) => dot(f.n, g.n) < -0.9999);
      expect(opposite).toHaveLength(1);
      // Within the micrometre withoutSlivers may move a vertex by.
      expect(f.offsetMm + opposite[0]!.offsetMm).toBeCloseTo(DEFAULTS.sizeMm, 2);
      for (const g of faces) if (g !== f && g !== opposite[0]) expect(Math.abs(dot(f.n, g.n))).toBeCloseTo(1 / 3, 4);
    }
    const bed = faces.filter((f) => f.n[2] < -0.9999);
    expect(bed).toHaveLength(1);
    expect(bed[0]!.offsetMm).toBeCloseTo(0, 4);
    // The others lean asin(1/3) = 19.5° from vertical (or lie flat on top), well inside the overhang limit.
    const leanDeg = faces
      .filter((f) => Math.abs(f.n[2]) < 0.9999)
      .map((f) => (Math.asin(Math.abs(f.n[2])) * 180) / Math.PI);
    expect(leanDeg).toHaveLength(6);
    for (const a of leanDeg) {
      expect(a).toBeCloseTo(19.47, 1);
      expect(a).toBeLessThan(PRINTABILITY.overhangDeg);
    }
  });

  it('engraves every face the same volume; straight-walled, at most engraveDepthMm deep, where the face does not lean out', () => {
    const depth = DEFAULTS.engraveDepthMm;
    const all = engravedMm3(die.bytes, faces);
    const most = Math.max(...all.perFace),
      least = Math.min(...all.perFace);
    expect(least).toBeGreaterThan(10); // letters, an arrow and a dot, not a scratch
    expect(most / least - 1).toBeLessThan(0.01);
    // The pyramids share out all the engraving.
    expect(all.perFace.reduce((a, b) => a + b, 0) / all.total).toBeCloseTo(1, 3);
    // On the faces that do not lean out over the bed the pockets are prisms no deeper than engraveDepthMm: all
    // within it, and as much in the first layer's depth as in the second's.
    const full = engravedMm3(die.bytes, faces, depth + 0.01).perFace;
    const layer = engravedMm3(die.bytes, faces, 0.2).perFace,
      twoLayers = engravedMm3(die.bytes, faces, 0.4).perFace;
    const straight = faces.map((f, i) => ({ f, i })).filter(({ f }) => Math.abs(f.n[2] + 1 / 3) > 0.01); // all but the three leaning 19.5° out
    expect(straight).toHaveLength(5);
    for (const { i } of straight) {
      expect(full[i]! / all.perFace[i]!).toBeCloseTo(1, 3);
      expect(twoLayers[i]! / layer[i]!).toBeCloseTo(2, 2);
    }
  });

  it('keeps its centre of mass at its centre', () => {
    expect(centroidOffsetMm(die.bytes)).toBeLessThan(0.005 * DEFAULTS.sizeMm);
  });

  it('stays one watertight body with its centre of mass at its centre for any legal size and depth', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 20, max: 40, noNaN: true }),
        fc.double({ min: 0.4, max: 0.75, noNaN: true }),
        (sizeMm, engraveDepthMm) => {
          const d = buildAndInspect(() => windDie({ sizeMm, engraveDepthMm }));
          expect(d.topology.watertight).toBe(true);
          expect(d.topology.bodies).toBe(1);
          expect(d.topology.bounds.min[2]).toBeCloseTo(0, 5);
          expect(d.topology.bounds.max[2]).toBeCloseTo(sizeMm, 2);
          expect(centroidOffsetMm(d.bytes)).toBeLessThan(0.005 * sizeMm);
        },
      ),
      { numRuns: 6 },
    );
  });

  it('takes any eight distinct labels that fit', () => {
    const d = buildAndInspect(() => windDie({ labels: ['1', '2', '3', '4', '8', '7', '6', '5'] }));
    expect(d.topology.watertight).toBe(true);
    expect(d.topology.bodies).toBe(1);
  });

  it('refuses options it cannot build, naming the field and what is valid', () => {
    const refusal = (options: Partial<WindDieOptions>): InputError => {
      try {
        withArena(() => windDie(options));
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return e as InputError;
      }
      throw new Error(`${JSON.stringify(options)} was built`);
    };
    const cases: [Partial<WindDieOptions>, string, RegExp][] = [
      [{ labels: ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W'] }, 'labels', /expected 8 distinct labels/],
      [{ labels: ['N', 'N', 'E', 'SE', 'S', 'SW', 'W', 'NW'] }, 'labels', /expected 8 distinct labels/],
      [{ labels: ['N', '', 'E', 'SE', 'S', 'SW', 'W', 'NW'] }, 'labels', /expected 8 distinct labels/],
      [{ sizeMm: 5 }, 'sizeMm', /sizeMm = 5 is not valid: expected a number from 20 to 40 mm/],
      [{ strokeMm: 0.3 }, 'strokeMm', /strokeMm = 0.3 is not valid: expected a number from 0.9 to 2 mm/],
      [
        { engraveDepthMm: 1 },
        'engraveDepthMm',
        /engraveDepthMm = 1 is not valid: expected a number from 0.4 to 0.8 mm/,
      ],
      [
        { labelHeightMm: 2 },
        'labelHeightMm',
        /labelHeightMm = 2 is not valid: expected a number from 3.8 to \d+\.\d+ mm/,
      ],
      [
        { labelHeightMm: 9 },
        'labelHeightMm',
        /labelHeightMm = 9 is not valid: expected a number from 3.8 to \d+\.\d+ mm/,
      ],
      [{ edgeRoundMm: 6 }, 'edgeRoundMm', /edgeRoundMm = 6 is not valid: expected a number from 0 to \d+\.\d+ mm/],
      [
        { labels: ['NORTH', 'NE', 'E', 'SE', 'SOUTH', 'SW', 'W', 'NW'] },
        'labelHeightMm',
        /labelHeightMm = 4.84 is not valid/,
      ],
    ];
    for (const [options, field, message] of cases) {
      const e = refusal(options);
      expect(e.problems[0]!.source).toBe('wind die options');
      expect(e.problems[0]!.place).toBe(field);
      expect(e.message).toMatch(message);
    }
  });
});
