/**
 * The kernel's contract: every export of src/geometry/kernel.ts, checked by invariants the builders rely on
 * (closed 2-manifold output, volumes, areas, bounds, body counts, ray crossings), never by vertex dumps.
 * Closed-form references: a regular n-gon of circumradius r has area n r² sin(2π/n) / 2, so cylinders and
 * circles built with a known segment count have exact expected sizes.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { rayTreeHitsMm } from '../../src/geometry/ray-tree.js';
import {
  box,
  circle,
  circleSegments,
  cylinder,
  fromMesh,
  hull2d,
  hull3d,
  initKernel,
  polygon,
  rayHitsMm,
  rect,
  sphere,
  sweep,
  text,
  textStrokes,
  union,
  withArena,
  withoutSlivers,
  type MeshData,
  type Profile,
  type Solid,
  type Vec2,
} from '../../src/geometry/kernel.js';
import { checkTopology } from '../../src/mesh/topology.js';

/** Area of the regular n-gon of circumradius r. */
const ngonArea = (r: number, n: number): number => (n * r * r * Math.sin((2 * Math.PI) / n)) / 2;

/** The solid's exported mesh is one closed, consistently oriented 2-manifold (or `bodies` of them) of the solid's own volume. */
function expectClosed(s: Solid, bodies = 1): void {
  const t = checkTopology(s.toMesh());
  expect(t.watertight, JSON.stringify(t)).toBe(true);
  expect(t.bodies).toBe(bodies);
  expect(s.bodyCount()).toBe(bodies);
  expect(t.volumeMm3).toBeCloseTo(s.volumeMm3(), 2);
}

function expectBounds(
  b: { min: readonly number[]; max: readonly number[] },
  min: readonly number[],
  max: readonly number[],
  digits = 6,
): void {
  min.forEach((v, i) => expect(b.min[i]).toBeCloseTo(v, digits));
  max.forEach((v, i) => expect(b.max[i]).toBeCloseTo(v, digits));
}

/** A 10 × 10 × 10 box whose front top edge has a 10 µm peak: in single precision at z ≈ 1000 the peak's triangle is flat. */
function peakedBoxMesh(): MeshData {
  const peak = 1e-5;
  const v = [
    [0, 0, 0],
    [10, 0, 0],
    [10, 10, 0],
    [0, 10, 0],
    [0, 0, 10],
    [10, 0, 10],
    [10, 10, 10],
    [0, 10, 10],
    [5, 0, 10 + peak],
  ];
  const t = [
    [0, 2, 1],
    [0, 3, 2],
    [0, 1, 5],
    [0, 5, 4],
    [4, 5, 8],
    [1, 2, 6],
    [1, 6, 5],
    [2, 3, 7],
    [2, 7, 6],
    [3, 0, 4],
    [3, 4, 7],
    [8, 5, 6],
    [8, 6, 7],
    [8, 7, 4],
  ];
  return { positions: new Float32Array(v.flat()), triangles: new Uint32Array(t.flat()) };
}

describe('the kernel: loading and memory', () => {
  // In a module instance of its own (the test files share a worker's modules): the kernel is not loaded yet.
  it('refuses to model before initKernel resolves; initKernel may be called again', async () => {
    vi.resetModules();
    const fresh = await import('../../src/geometry/kernel.js');
    expect(() => fresh.withArena(() => fresh.box([1, 1, 1]))).toThrow(/initKernel/);
    await fresh.initKernel();
    await fresh.initKernel();
    expect(fresh.withArena(() => fresh.box([1, 1, 1]).volumeMm3())).toBeCloseTo(1, 9);
    // The instance the rest of this file imported, for the tests below.
    await initKernel();
  });

  it('withArena frees what was made in it; nested arenas leave freeing to the outer one; nothing is made outside', () => {
    const leaked = withArena(() => box([1, 1, 1]));
    expect(() => leaked.volumeMm3()).toThrow();
    expect(withArena(() => withArena(() => box([2, 2, 2])).volumeMm3())).toBeCloseTo(8, 9);
    expect(withArena(() => 42)).toBe(42);
    expect(() => box([1, 1, 1])).toThrow(/withArena/);
    // A throw inside still frees and closes the arena.
    expect(() =>
      withArena(() => {
        box([1, 1, 1]);
        throw new Error('inside');
      }),
    ).toThrow('inside');
    expect(() => box([1, 1, 1])).toThrow(/withArena/);
  });

  it('circleSegments: a multiple of 4 from 16 to 128, with edges no longer than 0.5 mm until the cap', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 500, noNaN: true }), (r) => {
        const n = circleSegments(r);
        expect(n % 4).toBe(0);
        expect(n).toBeGreaterThanOrEqual(16);
        expect(n).toBeLessThanOrEqual(128);
        if (n < 128) expect((2 * Math.PI * r) / n).toBeLessThanOrEqual(0.5 + 1e-12);
        // Never more segments than the 0.5 mm rule asks for, past the floor of 16.
        if (n > 16 && n < 128) expect((2 * Math.PI * r) / (n - 4)).toBeGreaterThan(0.5);
      }),
    );
  });
});

describe('the kernel: profiles', () => {
  it('rect and circle: areas and bounds, centred or from the origin', () => {
    withArena(() => {
      expect(rect(4, 3).areaMm2()).toBeCloseTo(12, 9);
      expectBounds(rect(4, 3).bounds(), [-2, -1.5], [2, 1.5]);
      expectBounds(rect(4, 3, false).bounds(), [0, 0], [4, 3]);
      expect(circle(5, 20).areaMm2()).toBeCloseTo(ngonArea(5, 20), 6);
      expect(circle(5).areaMm2()).toBeCloseTo(ngonArea(5, circleSegments(5)), 6);
      expectBounds(circle(5, 20).bounds(), [-5, -5], [5, 5], 3);
    });
  });

  it('polygon fills either winding the same; rings give outlines and holes', () => {
    withArena(() => {
      const ccw: Vec2[] = [
        [0, 0],
        [6, 0],
        [6, 2],
        [2, 2],
        [2, 5],
        [0, 5],
      ];
      expect(polygon(ccw).areaMm2()).toBeCloseTo(6 * 2 + 2 * 3, 9);
      expect(polygon([...ccw].reverse()).areaMm2()).toBeCloseTo(18, 9);
      const framed = rect(10, 10).subtract(rect(4, 4));
      const rings = framed.rings();
      expect(rings).toHaveLength(2);
      const signed = rings.map((ring) =>
        ring.reduce((s, p, i) => {
          const q = ring[(i + 1) % ring.length]!;
          return s + (p[0] * q[1] - q[0] * p[1]) / 2;
        }, 0),
      );
      expect(signed.reduce((a, b) => a + b, 0)).toBeCloseTo(framed.areaMm2(), 9);
      expect(signed.filter((a) => a < 0)).toHaveLength(1); // the hole runs the other way
    });
  });

  it('union, subtract and intersect follow inclusion–exclusion; subtracting nothing is the same profile', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 9.5, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        (dx, dy) =>
          withArena(() => {
            const a = rect(10, 6, false),
              b = rect(10, 6, false).translate(dx, dy);
            const overlap = (10 - dx) * (6 - Math.abs(dy));
            expect(a.intersect(b).areaMm2()).toBeCloseTo(overlap, 6);
            expect(a.union(b).areaMm2()).toBeCloseTo(120 - overlap, 6);
            expect(a.subtract(b).areaMm2()).toBeCloseTo(60 - overlap, 6);
            expect(a.subtract()).toBe(a);
          }),
      ),
      { numRuns: 25 },
    );
  });

  it('translate, rotate, scale and mirror move the bounds and keep (or scale) the area', () => {
    withArena(() => {
      const r = rect(4, 2, false);
      expectBounds(r.translate(1, -1).bounds(), [1, -1], [5, 1]);
      const turned = r.rotate(90);
      expectBounds(turned.bounds(), [-2, 0], [0, 4]);
      expect(turned.areaMm2()).toBeCloseTo(8, 9);
      expect(r.scale(2).areaMm2()).toBeCloseTo(32, 9);
      expect(r.scale(2, 0.5).areaMm2()).toBeCloseTo(8, 9);
      expectBounds(r.mirror([1, 0]).bounds(), [-4, 0], [0, 2]);
      expect(r.mirror([1, 0]).areaMm2()).toBeCloseTo(8, 9);
    });
  });

  it('offset grows by a rounded margin and shrinks back; simplify drops a point on a straight edge', () => {
    withArena(() => {
      const d = 1;
      const grown = rect(10, 4).offset(d);
      // A rounded margin: the square margin less the four corners' (4 − π) d² (the arcs are polygons, a little smaller).
      expect(grown.areaMm2()).toBeLessThanOrEqual(12 * 6 - (4 - Math.PI) * d * d + 1e-9);
      expect(grown.areaMm2()).toBeGreaterThan(12 * 6 - 4 * d * d);
      expectBounds(grown.bounds(), [-6, -3], [6, 3], 6);
      expect(rect(10, 4).offset(-1).areaMm2()).toBeCloseTo(8 * 2, 6);
      const kinked = polygon([
        [0, 0],
        [5, 0],
        [10, 0],
        [10, 4],
        [0, 4],
      ]);
      const simple = kinked.simplify(1e-3);
      expect(simple.rings()[0]!.length).toBe(4);
      expect(simple.areaMm2()).toBeCloseTo(40, 9);
    });
  });

  it('hull and hull2d: the convex cover', () => {
    withArena(() => {
      const ell = polygon([
        [0, 0],
        [6, 0],
        [6, 2],
        [2, 2],
        [2, 5],
        [0, 5],
      ]);
      // The hull adds the triangle (6,2)-(2,5)-(2,2).
      expect(ell.hull().areaMm2()).toBeCloseTo(18 + (4 * 3) / 2, 9);
      const stadium = hull2d([circle(1, 40), circle(1, 40).translate(5, 0)]);
      expect(stadium.areaMm2()).toBeCloseTo(ngonArea(1, 40) + 5 * 2, 6);
      expectBounds(stadium.bounds(), [-1, -1], [6, 1], 6);
    });
  });

  it('text: centred strokes of the asked cap height, at least a stroke wide; textStrokes: the same strokes, one convex piece each', () => {
    withArena(() => {
      const i = text('I', 5, 0.9);
      const b = i.bounds();
      expect(b.max[1] - b.min[1]).toBeCloseTo(5 + 0.9, 1); // the cap height plus the stroke's round caps
      expect(b.min[0] + b.max[0]).toBeCloseTo(0, 6);
      expect(b.min[1] + b.max[1]).toBeCloseTo(0, 6);
      // An "I" is one 5 mm stroke: 5 × 0.9 plus its round caps.
      expect(i.areaMm2()).toBeGreaterThan(4.5);
      expect(i.areaMm2()).toBeLessThan(6.5);
      expect(text('NE', 5, 0.9).rings().length).toBeGreaterThanOrEqual(2);
      expect(() => text(' ', 5, 0.9)).toThrow(/no strokes/);
      // Its strokes, before their union: convex (each its own hull), placed as text places them, covering it.
      const strokes = textStrokes('NE', 5, 0.9);
      expect(strokes.length).toBe(7); // N: 3 segments, E: 4
      for (const s of strokes) expect(s.hull().areaMm2()).toBeCloseTo(s.areaMm2(), 6);
      const whole = text('NE', 5, 0.9);
      const joined = strokes[0]!.union(...strokes.slice(1));
      expect(joined.subtract(whole).areaMm2()).toBeLessThan(1e-6);
      expect(whole.subtract(joined).areaMm2()).toBeLessThan(1e-6);
      expect(() => textStrokes(' ', 5, 0.9)).toThrow(/no strokes/);
    });
  });

  it('extrude: area × height, tapering to a frustum; revolve: Pappus, whole or in part', () => {
    withArena(() => {
      const base = rect(4, 3);
      const prism = base.extrude(5);
      expect(prism.volumeMm3()).toBeCloseTo(60, 6);
      expectBounds(prism.bounds(), [-2, -1.5, 0], [2, 1.5, 5]);
      expectClosed(prism);
      // Top at half scale: a frustum, h/3 (A + A/4 + √(A · A/4)).
      expect(base.extrude(6, 0.5).volumeMm3()).toBeCloseTo((6 / 3) * (12 + 3 + 6), 6);
      expect(base.extrude(6, [1, 0.5]).volumeMm3()).toBeCloseTo((6 * (12 + 6)) / 2, 6);
      // A 1 × 2 rectangle from x = 1 to 2 round the axis: a tube. Its n-gon rings scale Pappus by the n-gon's area ratio.
      const ring = rect(1, 2, false).translate(1, 0);
      const n = circleSegments(2);
      const tube = ring.revolve();
      expect(tube.volumeMm3()).toBeCloseTo((ngonArea(2, n) - ngonArea(1, n)) * 2, 4);
      expectBounds(tube.bounds(), [-2, -2, 0], [2, 2, 2], 3);
      expectClosed(tube);
      expect(ring.revolve(180, 16).volumeMm3()).toBeCloseTo(((ngonArea(2, 32) - ngonArea(1, 32)) * 2) / 2, 4);
    });
  });
});

describe('the kernel: solids', () => {
  it('box, cylinder and sphere: volumes, bounds, closed', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.double({ min: 0.1, max: 50, noNaN: true }),
          fc.double({ min: 0.1, max: 50, noNaN: true }),
          fc.double({ min: 0.1, max: 50, noNaN: true }),
        ),
        ([x, y, z]) =>
          withArena(() => {
            const b = box([x, y, z]);
            expect(b.volumeMm3()).toBeCloseTo(x * y * z, 6);
            expect(b.surfaceAreaMm2()).toBeCloseTo(2 * (x * y + y * z + z * x), 6);
            expectBounds(b.bounds(), [-x / 2, -y / 2, -z / 2], [x / 2, y / 2, z / 2]);
            expectBounds(box([x, y, z], false).bounds(), [0, 0, 0], [x, y, z]);
            expectClosed(b);
          }),
      ),
      { numRuns: 20 },
    );
    withArena(() => {
      const c = cylinder(10, 3, 3, false, 24);
      expect(c.volumeMm3()).toBeCloseTo(ngonArea(3, 24) * 10, 6);
      expectBounds(c.bounds(), [-3, -3, 0], [3, 3, 10], 6);
      expectBounds(cylinder(10, 3, 3, true, 24).bounds(), [-3, -3, -5], [3, 3, 5], 6);
      expect(cylinder(10, 3).volumeMm3()).toBeCloseTo(ngonArea(3, circleSegments(3)) * 10, 6);
      expectClosed(c);
      // A cone to a point: a third of the prism.
      expect(cylinder(9, 3, 0, false, 24).volumeMm3()).toBeCloseTo((ngonArea(3, 24) * 9) / 3, 6);
      const s = sphere(5);
      expect(s.volumeMm3()).toBeLessThan((4 / 3) * Math.PI * 125);
      expect(s.volumeMm3()).toBeGreaterThan(0.98 * (4 / 3) * Math.PI * 125);
      expectBounds(s.bounds(), [-5, -5, -5], [5, 5, 5], 1);
      expectClosed(s);
      expect(sphere(5, 8).volumeMm3()).toBeLessThan(s.volumeMm3());
    });
  });

  it('union, subtract and intersect: volumes and bodies; an operation with nothing is the solid itself', () => {
    withArena(() => {
      const a = box([10, 10, 10], false),
        b = box([10, 10, 10], false).translate([5, 0, 0]);
      expect(a.union(b).volumeMm3()).toBeCloseTo(1500, 6);
      expect(a.subtract(b).volumeMm3()).toBeCloseTo(500, 6);
      expect(a.intersect(b).volumeMm3()).toBeCloseTo(500, 6);
      expect(a.union()).toBe(a);
      expect(a.subtract()).toBe(a);
      const apart = union([
        a,
        box([2, 2, 2], false).translate([20, 0, 0]),
        box([2, 2, 2], false).translate([0, 20, 0]),
      ]);
      expect(apart.volumeMm3()).toBeCloseTo(1016, 6);
      expectClosed(apart, 3);
      expect(
        apart
          .bodies()
          .map((s) => s.volumeMm3())
          .sort((x, y) => x - y),
      ).toEqual([expect.closeTo(8, 6), expect.closeTo(8, 6), expect.closeTo(1000, 6)]);
      expect(() => union([])).toThrow(/nothing/);
      // A through hole: a ray along X crosses the outer wall, the hole twice, the outer wall.
      const holed = box([20, 20, 10]).subtract(cylinder(20, 3, 3, true));
      expect(holed.volumeMm3()).toBeCloseTo(4000 - ngonArea(3, circleSegments(3)) * 10, 6);
      expectClosed(holed);
      const hits = rayHitsMm(holed, [-20, 0, 0], [20, 0, 0]);
      expect(hits).toHaveLength(4);
      expect(hits[0]).toBeCloseTo(10, 6);
      expect(hits[3]).toBeCloseTo(30, 6);
      expect(hits[1]).toBeGreaterThan(16.9);
      expect(hits[2]).toBeCloseTo(40 - hits[1]!, 6);
    });
  });

  it('isEmpty: what nothing is left of', () => {
    withArena(() => {
      expect(
        box([1, 1, 1])
          .subtract(box([2, 2, 2]))
          .isEmpty(),
      ).toBe(true);
      expect(box([1, 1, 1]).isEmpty()).toBe(false);
      expect(
        box([1, 1, 1])
          .intersect(box([1, 1, 1]).translate([5, 0, 0]))
          .volumeMm3(),
      ).toBe(0);
    });
  });

  it('translate, rotate, scale, mirror and transform move the bounds and keep (or scale) the volume', () => {
    withArena(() => {
      const b = box([4, 2, 1], false);
      expectBounds(b.translate([1, 2, 3]).bounds(), [1, 2, 3], [5, 4, 4]);
      expectBounds(b.rotate([0, 0, 90]).bounds(), [-2, 0, 0], [0, 4, 1]);
      // X first, then Y: (x, y, z) → (x, −z, y) → (y, −z, −x).
      expectBounds(b.rotate([90, 90, 0]).bounds(), [0, -1, -4], [2, 0, 0]);
      expect(b.rotate([33, 12, 71]).volumeMm3()).toBeCloseTo(8, 6);
      expect(b.scale(2).volumeMm3()).toBeCloseTo(64, 6);
      expectBounds(b.scale([1, 3, 0.5]).bounds(), [0, 0, 0], [4, 6, 0.5]);
      const m = b.mirror([1, 0, 0]);
      expectBounds(m.bounds(), [-4, 0, 0], [0, 2, 1]);
      expect(m.volumeMm3()).toBeCloseTo(8, 6); // a mirror keeps the normals outward
      expectClosed(m);
      // Column-major: the translation in the last column.
      expectBounds(b.transform([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 7, 8, 9, 1]).bounds(), [7, 8, 9], [11, 10, 10]);
    });
  });

  it('trimByPlane keeps the side the normal points to, from the offset measured along it (whatever its length)', () => {
    withArena(() => {
      const b = box([10, 10, 10]);
      expect(b.trimByPlane([1, 0, 0], 0).volumeMm3()).toBeCloseTo(500, 6);
      expectBounds(b.trimByPlane([0, 0, 2], 2).bounds(), [-5, -5, 2], [5, 5, 5]);
      expect(b.trimByPlane([-1, 0, 0], -3).volumeMm3()).toBeCloseTo(800, 6);
      expectClosed(b.trimByPlane([1, 1, 1], 0));
    });
  });

  it('hull and hull3d: convex covers of solids and points', () => {
    withArena(() => {
      expect(
        hull3d([
          [0, 0, 0],
          [1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ]).volumeMm3(),
      ).toBeCloseTo(1 / 6, 9);
      // Two unit cubes 4 apart: the hull is a 1 × 1 × 5 box.
      const pair = union([box([1, 1, 1], false), box([1, 1, 1], false).translate([4, 0, 0])]);
      expect(pair.hull().volumeMm3()).toBeCloseTo(5, 6);
      expect(hull3d([box([1, 1, 1], false), [4, 0, 0], [4, 1, 0], [4, 0, 1], [4, 1, 1]]).volumeMm3()).toBeCloseTo(4, 6);
      expectClosed(pair.hull());
    });
  });

  it('sliceAt: the section at a height', () => {
    withArena(() => {
      const stepped = union([box([10, 10, 5], false), box([4, 4, 10], false)]);
      expect(stepped.sliceAt(2).areaMm2()).toBeCloseTo(100, 6);
      expect(stepped.sliceAt(7).areaMm2()).toBeCloseTo(16, 6);
      expect(stepped.sliceAt(11).areaMm2()).toBe(0);
    });
  });

  it('toMesh and fromMesh: a closed mesh round trip keeps the volume; an open one is refused', () => {
    withArena(() => {
      const s = box([3, 4, 5]).subtract(cylinder(10, 1, 1, true));
      const mesh = s.toMesh();
      expect(mesh.positions.length % 3).toBe(0);
      expect(mesh.triangles.length % 3).toBe(0);
      expect(Math.max(...mesh.triangles)).toBeLessThan(mesh.positions.length / 3);
      expect(checkTopology(mesh).volumeMm3).toBeCloseTo(s.volumeMm3(), 4);
      const back = fromMesh(mesh);
      expect(back.volumeMm3()).toBeCloseTo(s.volumeMm3(), 4);
      expectClosed(back);
      const open = { positions: mesh.positions, triangles: mesh.triangles.slice(3) };
      expect(() => fromMesh(open)).toThrow(/manifold/i);
    });
  });

  it('fromMesh welds a triangle soup (each corner its own vertex) as it imports it, into the same solid', () => {
    withArena(() => {
      const s = box([3, 4, 5]).subtract(cylinder(10, 1, 1, true));
      const mesh = s.toMesh();
      // Corner k of the triangles, in order: vertex k of the soup.
      const soup = {
        positions: Float32Array.from(
          { length: 3 * mesh.triangles.length },
          (_v, i) => mesh.positions[3 * mesh.triangles[Math.floor(i / 3)]! + (i % 3)]!,
        ),
        triangles: Uint32Array.from(mesh.triangles, (_v, i) => i),
      };
      const back = fromMesh(soup);
      expect(back.volumeMm3()).toBeCloseTo(s.volumeMm3(), 4);
      expectClosed(back);
      expect(back.toMesh().positions.length).toBe(mesh.positions.length);
    });
  });

  it('sweep: a profile along a path, mitred at corners, outward whichever way the profile runs', () => {
    withArena(() => {
      const square: Vec2[] = [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ];
      const straight = sweep(
        [
          [0, 0],
          [10, 0],
        ],
        square,
      );
      expect(straight.volumeMm3()).toBeCloseTo(10, 6);
      expectClosed(straight);
      // The profile's w runs to the path's left (+y for a path along +x).
      expectBounds(straight.bounds(), [0, 0, 0], [10, 1, 1]);
      expect(
        sweep(
          [
            [0, 0],
            [10, 0],
          ],
          [...square].reverse(),
        ).volumeMm3(),
      ).toBeCloseTo(10, 6);
      // Round a right-angle corner, each straight run offset exactly: an L of width 1.
      const corner = sweep(
        [
          [0, 0],
          [10, 0],
          [10, 10],
        ],
        [
          [-1, 0],
          [0, 0],
          [0, 1],
          [-1, 1],
        ],
      );
      expect(corner.volumeMm3()).toBeCloseTo(10 + 10 + 1, 6);
      expectClosed(corner);
      expect(() => sweep([[0, 0]], square)).toThrow(/two points/);
      expect(() =>
        sweep(
          [
            [0, 0],
            [1, 0],
          ],
          [
            [0, 0],
            [1, 0],
          ],
        ),
      ).toThrow(/three/);
    });
  });

  it('withoutSlivers: the solid itself when its single-precision mesh is clean; else a rebuild with no flat triangle', () => {
    withArena(() => {
      const clean = box([2, 3, 4]);
      expect(withoutSlivers(clean)).toBe(clean);
      // At z ≈ 1000, single precision cannot hold the 10 µm peak: its triangle is flat in the exported mesh.
      const peaked = fromMesh(peakedBoxMesh()).translate([0, 0, 1000]);
      expect(checkTopology(peaked.toMesh()).degenerateTriangles).toBeGreaterThan(0);
      const rebuilt = withoutSlivers(peaked);
      expect(rebuilt).not.toBe(peaked);
      expect(checkTopology(rebuilt.toMesh()).degenerateTriangles).toBe(0);
      expectClosed(rebuilt);
      expect(rebuilt.volumeMm3()).toBeCloseTo(1000, 2);
    });
  });

  it('rayHitsMm: distances to every crossing, nearest first; none for a miss or a ray that stops short', () => {
    withArena(() => {
      const b = box([10, 10, 10]);
      expect(rayHitsMm(b, [-20, 0, 0], [20, 0, 0])).toEqual([expect.closeTo(15, 6), expect.closeTo(25, 6)]);
      expect(rayHitsMm(b, [20, 0, 0], [-20, 0, 0])).toEqual([expect.closeTo(15, 6), expect.closeTo(25, 6)]);
      expect(rayHitsMm(b, [0, 0, 0], [0, 0, 20])).toEqual([expect.closeTo(5, 6)]);
      expect(rayHitsMm(b, [-20, 20, 0], [20, 20, 0])).toEqual([]);
      expect(rayHitsMm(b, [-20, 0, 0], [-10, 0, 0])).toEqual([]);
    });
  });

  it('rayTree: built once per solid; its crossings are those the kernel casts, for rays in any direction', () => {
    withArena(() => {
      const holed = box([20, 12, 6]).subtract(cylinder(10, 3, 3, true, 24), box([4, 20, 2]).translate([6, 0, 1]));
      const tree = holed.rayTree();
      expect(holed.rayTree()).toBe(tree);
      const coord = fc.noBias(fc.integer({ min: -15_000, max: 15_000 })).map((i) => i / 1000);
      fc.assert(
        fc.property(fc.tuple(coord, coord, coord), fc.tuple(coord, coord, coord), (o, e) => {
          const want = rayHitsMm(holed, o, e);
          const got = rayTreeHitsMm(tree, o, e);
          expect(got.length).toBe(want.length);
          got.forEach((h, i) => expect(h).toBeCloseTo(want[i]!, 5));
        }),
      );
    });
  });

  it('gapMm: the least distance between two surfaces, 0 where they touch or overlap, the search length past it', () => {
    withArena(() => {
      const a = box([10, 10, 10]);
      expect(a.gapMm(box([10, 10, 10]).translate([13, 0, 0]), 5)).toBeCloseTo(3, 4);
      // Edge to edge across a diagonal: √(2² + 2²).
      expect(a.gapMm(box([10, 10, 10]).translate([12, 12, 0]), 5)).toBeCloseTo(Math.SQRT2 * 2, 4);
      expect(a.gapMm(box([10, 10, 10]).translate([10, 0, 0]), 5)).toBeCloseTo(0, 6);
      expect(a.gapMm(box([10, 10, 10]).translate([5, 0, 0]), 5)).toBeCloseTo(0, 6);
      expect(a.gapMm(box([10, 10, 10]).translate([30, 0, 0]), 5)).toBeCloseTo(5, 6);
    });
  });
});

/** Every export is exercised above: a new one fails here until it has a contract. */
it('the suite covers every export of the kernel', async () => {
  const kernel = await import('../../src/geometry/kernel.js');
  const covered = [
    'box',
    'circle',
    'circleSegments',
    'cylinder',
    'fromMesh',
    'hull2d',
    'hull3d',
    'initKernel',
    'polygon',
    'rayHitsMm',
    'rect',
    'sphere',
    'sweep',
    'text',
    'textStrokes',
    'union',
    'withArena',
    'withoutSlivers',
    'Profile',
    'Solid',
  ];
  expect(Object.keys(kernel).sort()).toEqual(covered.sort());
  const profileMethods: (keyof Profile)[] = [
    'union',
    'subtract',
    'intersect',
    'translate',
    'rotate',
    'scale',
    'mirror',
    'offset',
    'simplify',
    'hull',
    'areaMm2',
    'rings',
    'bounds',
    'extrude',
    'revolve',
  ];
  const solidMethods: (keyof Solid)[] = [
    'union',
    'subtract',
    'intersect',
    'translate',
    'rotate',
    'scale',
    'mirror',
    'transform',
    'trimByPlane',
    'hull',
    'volumeMm3',
    'surfaceAreaMm2',
    'gapMm',
    'isEmpty',
    'bodyCount',
    'bodies',
    'bounds',
    'sliceAt',
    'toMesh',
    'rayTree',
  ];
  const methods = (c: { prototype: object }): string[] =>
    Object.getOwnPropertyNames(c.prototype)
      .filter((m) => m !== 'constructor')
      .sort();
  expect(methods(kernel.Profile)).toEqual([...profileMethods].sort());
  expect(methods(kernel.Solid)).toEqual([...solidMethods].sort());
});
