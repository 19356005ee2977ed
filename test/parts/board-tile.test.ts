import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { circle, initKernel, rect, withArena, type Profile, type Solid } from '../../src/geometry/kernel.js';
import {
  EDGES,
  rigadoonBoard,
  tileBoard,
  type BoardMarker,
  type Edge,
  type TileSpec,
} from '../../src/parts/board-layout.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { boardTile, DEFAULTS, keySquares, markerRadiusMm, type BoardTileOptions } from '../../src/parts/board-tile.js';
import { keyProfile } from '../../src/parts/key-joint.js';
import {
  clearanceMm,
  DEFAULT_CLEARANCE_MM,
  GAME_INTERFACES,
  MIN_FEATURE_MM,
  TRIANGLE_BUDGET,
} from '../../src/standard.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const K = GAME_INTERFACES.key;
const { squareMm: S, thicknessMm: T, gridLineMm: G, engraveDepthMm: D } = DEFAULTS;
/** Height of the engravings' middle: where the grid and the markers are sliced. */
const ENGRAVED_Z = T - D / 2;
/** The smallest square boardTile takes. */
const SQUARE_MIN_MM = 38;

const tileOptions = (t: TileSpec, extra: Partial<BoardTileOptions> = {}): Partial<BoardTileOptions> => ({
  cols: t.cols,
  rows: t.rows,
  keys: t.keys,
  keyways: t.keyways,
  markers: t.markers,
  ...extra,
});

/** A tile's exported bytes, checked: one watertight body whose every key and keyway probes true. */
function buildChecked(options: Partial<BoardTileOptions>): { bytes: Uint8Array; triangles: number } {
  const { bytes, topology, features } = buildAndInspect(() => boardTile(options));
  expect(topology.watertight).toBe(true);
  expect(topology.bodies).toBe(1);
  expect(features.filter((f) => !f.ok).map((f) => f.feature.id)).toEqual([]);
  return { bytes, triangles: topology.triangles };
}

/** The x extents of the pieces of `profile` inside a thin strip along y = yMm, west to east. */
function piecesAlong(profile: Profile, yMm: number, x0: number, x1: number): [number, number][] {
  return profile
    .intersect(rect(x1 - x0, 0.2, false).translate(x0, yMm - 0.1))
    .rings()
    .map((ring) => [Math.min(...ring.map((p) => p[0])), Math.max(...ring.map((p) => p[0]))] as [number, number])
    .sort((a, b) => a[0] - b[0]);
}

describe('boardTile', () => {
  it('is one watertight body the size of its squares plus the keys standing out of its keyed edges, face up on the bed, its first layer chamfered', () => {
    const cases: Partial<BoardTileOptions>[] = [
      {},
      { keys: ['east', 'north'], keyways: ['west', 'south'] },
      { cols: 3, rows: 2, keys: ['west'], keyways: ['east', 'north'], bedChamferMm: 0 },
    ];
    for (const o of cases) {
      const { bytes } = buildChecked(o);
      const { cols = DEFAULTS.cols, rows = DEFAULTS.rows, keys = [] } = o;
      const b = withArena(() => solidFromStl(bytes).bounds());
      const reach = (e: Edge): number => (keys.includes(e) ? K.reachMm : 0);
      expect(b.min[0]).toBeCloseTo(-reach('west'), 4);
      expect(b.max[0]).toBeCloseTo(cols * S + reach('east'), 4);
      expect(b.min[1]).toBeCloseTo(-reach('south'), 4);
      expect(b.max[1]).toBeCloseTo(rows * S + reach('north'), 4);
      expect(b.min[2]).toBeCloseTo(0, 6);
      expect(b.max[2]).toBeCloseTo(T, 6);
      // The first layer stands back from the outline by the bed chamfer (half of it from half its height up).
      const c = o.bedChamferMm ?? DEFAULTS.bedChamferMm;
      withArena(() => {
        const solid = solidFromStl(bytes);
        const outline = solid.sliceAt(T / 2);
        for (const [z, inset] of [
          [c / 4, c],
          [(3 * c) / 4, c / 2],
        ] as const) {
          const slice = solid.sliceAt(z),
            want = c > 0 ? outline.offset(-inset) : outline;
          expect(slice.subtract(want).areaMm2() + want.subtract(slice).areaMm2()).toBeLessThan(0.05);
        }
        if (c > 0)
          expect(outline.areaMm2() - solid.sliceAt(c / 4).areaMm2()).toBeGreaterThan(0.9 * c * 2 * (cols + rows) * S);
        // The keys stand whole: no engraving on their tops.
        const beyond = (p: Profile): number => p.subtract(rect(cols * S, rows * S, false)).areaMm2();
        expect(beyond(outline) - beyond(solid.sliceAt(ENGRAVED_Z))).toBeLessThan(1e-3);
        expect(beyond(outline) > 0).toBe(keys.length > 0);
      });
    }
  });

  it('declares one key or keyway per two squares of each joined edge, on square midlines at mid-thickness, pointing out of the edge', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(keySquares)).toEqual([[0], [0], [1], [1, 2], [1, 3], [1, 2, 4], [1, 3, 5]]);
    const part = withArena(() => boardTile({ cols: 4, rows: 3, keys: ['east', 'north'], keyways: ['west', 'south'] }));
    const f = Object.fromEntries(part.features.map((x) => [x.id, x]));
    expect(Object.keys(f).sort()).toEqual(
      ['key-east-1', 'key-north-1', 'key-north-2', 'keyway-south-1', 'keyway-south-2', 'keyway-west-1'].sort(),
    );
    expect(f['key-east-1']!.positionMm).toEqual([4 * S, 1.5 * S, T / 2]);
    expect(f['key-east-1']!.axis).toEqual([1, 0, 0]);
    expect(f['key-north-2']!.positionMm).toEqual([2.5 * S, 3 * S, T / 2]);
    expect(f['keyway-south-1']!.positionMm).toEqual([1.5 * S, 0, T / 2]);
    expect(f['keyway-south-1']!.axis).toEqual([0, -1, 0]);
    expect(f['keyway-west-1']!.role).toBe('hole');
    expect(f['key-east-1']!.role).toBe('peg');
  });

  it('stays watertight, keyed and within the triangle budget for any legal size, edges and markers', () => {
    const edges = fc.subarray([...EDGES]);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.double({ min: SQUARE_MIN_MM, max: 50, noNaN: true }),
        edges,
        fc.double({ min: 0.05, max: 0.6, noNaN: true }),
        fc.constantFrom<BoardMarker['kind']>(
          'start-blue',
          'chest',
          'island',
          'maelstrom',
          'exit',
          'shallows',
          'compass',
        ),
        (cols, rows, squareMm, keyEdges, clearance, kind) => {
          const keys = keyEdges.slice(0, 2),
            keyways = keyEdges.slice(2);
          const marker: BoardMarker =
            kind === 'island' || kind === 'exit'
              ? { kind, col: 0, row: 0, symbol: 'triangle' }
              : { kind, col: 0, row: 0 };
          const { triangles } = buildChecked({
            cols,
            rows,
            squareMm,
            keys,
            keyways,
            clearanceMm: clearance,
            markers: [marker],
          });
          expect(triangles).toBeLessThan(TRIANGLE_BUDGET);
        },
      ),
      { numRuns: 10 },
    );
  });

  it('engraves the grid on the square boundaries at the square pitch, the seam between two tiles reading as one whole line', () => {
    // Two plain tiles side by side, as tileBoard lays them out; the strip runs a quarter square up, clear of the keys.
    const tiles = tileBoard({ cols: 4, rows: 2, squareMm: S, markers: [] }, 2 * S + K.reachMm + 5, 220, 5);
    expect(tiles.map((t) => t.id)).toEqual(['r0c0', 'r0c1']);
    const bytes = tiles.map((t) => buildChecked(tileOptions(t)).bytes);
    const pieces = withArena(() =>
      tiles.flatMap((t, i) =>
        piecesAlong(solidFromStl(bytes[i]!).sliceAt(ENGRAVED_Z), S / 4, -1, t.cols * S + K.reachMm + 1).map(
          ([a, b]) => [a + t.colOffset * S, b + t.colOffset * S] as [number, number],
        ),
      ),
    );
    // Between the pieces of top face: the grooves, the seam's two halves among them.
    const grooves = pieces
      .slice(1)
      .map((p, i) => ({ centre: (pieces[i]![1] + p[0]) / 2, width: p[0] - pieces[i]![1] }));
    expect(grooves).toHaveLength(3);
    for (const [i, g] of grooves.entries()) {
      expect(Math.abs(g.centre - (i + 1) * S)).toBeLessThan(0.05);
      expect(Math.abs(g.width - G)).toBeLessThan(0.05);
    }
    const pitch = grooves.slice(1).map((g, i) => g.centre - grooves[i]!.centre);
    for (const p of pitch) expect(Math.abs(p - S)).toBeLessThan(0.05);
    // The board's outer edges get half a line.
    expect(Math.abs(pieces[0]![0] - G / 2)).toBeLessThan(0.05);
    expect(Math.abs(pieces.at(-1)![1] - (4 * S - G / 2))).toBeLessThan(0.05);
  });

  it("fits each key into its neighbour's keyway with the sliding clearance round it, as tileBoard lays the tiles out", () => {
    const tiles = tileBoard(
      { cols: 4, rows: 4, squareMm: S, markers: [] },
      2 * S + K.reachMm + 5,
      2 * S + K.reachMm + 5,
      5,
    );
    expect(tiles).toHaveLength(4);
    const built = tiles.map((t) => {
      const { bytes, features } = buildAndInspect(() => boardTile(tileOptions(t)));
      return { t, bytes, features };
    });
    const gap = clearanceMm('sliding', DEFAULT_CLEARANCE_MM);
    withArena(() => {
      const solids = new Map<string, Solid>(
        built.map(({ t, bytes }) => [t.id, solidFromStl(bytes).translate([t.colOffset * S, t.rowOffset * S, 0])]),
      );
      const placed = (id: string): Solid => solids.get(id)!;
      // No two tiles overlap.
      for (let i = 0; i < tiles.length; i++)
        for (let j = i + 1; j < tiles.length; j++)
          expect(placed(tiles[i]!.id).intersect(placed(tiles[j]!.id)).volumeMm3()).toBeLessThan(1e-3);
      let keysChecked = 0;
      for (const { t, features } of built) {
        for (const { feature: f, measured } of features.filter((x) => x.feature.role === 'peg')) {
          const east = f.axis[0] > 0.5;
          const neighbour = placed(`r${t.tileRow + (east ? 0 : 1)}c${t.tileCol + (east ? 1 : 0)}`);
          const grownKey = (growMm: number): Solid =>
            keyProfile(growMm)
              .rotate(east ? 0 : 90)
              .translate(f.positionMm[0] + t.colOffset * S, f.positionMm[1] + t.rowOffset * S)
              .extrude(T);
          expect(
            grownKey(gap - 0.02)
              .intersect(neighbour)
              .volumeMm3(),
          ).toBeLessThan(1e-3);
          expect(
            grownKey(gap + 0.05)
              .intersect(neighbour)
              .volumeMm3(),
          ).toBeGreaterThan(0.5);
          // Measured on the meshes at the features' mid-depth, a chord across the knob: the keyway's is the key's
          // plus a gap each side, a little more as the chord is off the knob's centre.
          const hole = built
            .find((b) => b.t.id === `r${t.tileRow + (east ? 0 : 1)}c${t.tileCol + (east ? 1 : 0)}`)!
            .features.find(
              (x) =>
                x.feature.role === 'hole' &&
                Math.abs(x.feature.positionMm[east ? 1 : 0] - f.positionMm[east ? 1 : 0]) < 1e-6,
            )!;
          const more = hole.measured.widthMm - measured.widthMm - 2 * gap;
          expect(more).toBeGreaterThan(-0.01);
          expect(more).toBeLessThan(0.05);
          keysChecked++;
        }
      }
      // r0c0: east and north; r0c1: north; r1c0: east. One key per edge of two squares.
      expect(keysChecked).toBe(4);
    });
  });

  // The defaults, and the smallest marker radius the options allow (smallest square, widest clearance and grid line).
  it.each([
    ['the defaults', {}],
    ['the smallest square', { squareMm: SQUARE_MIN_MM, clearanceMm: 0.6, gridLineMm: 2 }],
  ] as const)(
    'engraves each marker inside its square, in strokes and lands a 0.4 mm nozzle prints, each kind its own: %s',
    (_, size: Partial<BoardTileOptions>) => {
      const markers: BoardMarker[] = [
        { kind: 'start-blue', col: 0, row: 0 },
        { kind: 'start-green', col: 1, row: 0 },
        { kind: 'chest', col: 2, row: 0 },
        { kind: 'compass', col: 3, row: 0 },
        { kind: 'maelstrom', col: 0, row: 1 },
        ...(['circle', 'triangle', 'square'] as const).map((symbol, i): BoardMarker => ({
          kind: 'island',
          col: i + 1,
          row: 1,
          symbol,
        })),
        { kind: 'island', col: 0, row: 2, symbol: 'diamond' },
        { kind: 'exit', col: 1, row: 2, symbol: 'diamond' },
        { kind: 'exit', col: 2, row: 2, symbol: 'circle' },
        { kind: 'shallows', col: 3, row: 2 },
      ];
      const o = { ...DEFAULTS, ...size };
      const s = o.squareMm,
        g = o.gridLineMm;
      const { bytes } = buildChecked({
        ...size,
        cols: 4,
        rows: 3,
        markers,
        keys: ['east', 'north'],
        keyways: ['west', 'south'],
      });
      const r = markerRadiusMm(o);
      withArena(() => {
        const solid = solidFromStl(bytes);
        // Engraved: material at mid-thickness, none in the engravings' middle (keyways are open at both).
        const top = solid.sliceAt(ENGRAVED_Z);
        const engraved = solid.sliceAt(T / 2).subtract(top);
        const inner = rect(s - g - 0.1, s - g - 0.1);
        const shapes: Profile[] = [];
        for (const m of markers) {
          const [cx, cy] = [(m.col + 0.5) * s, (m.row + 0.5) * s];
          // What is cut inside the square's grid lines, round its centre.
          const cut = inner.intersect(engraved.translate(-cx, -cy));
          if (m.kind === 'shallows') {
            // The border's four brackets: in the corners, clear of the sides' middles where keyways may be.
            expect(cut.areaMm2()).toBeGreaterThan(4 * 2 * 5 * MIN_FEATURE_MM);
            expect(cut.intersect(rect(K.knobDiameterMm + 2, s)).areaMm2()).toBeLessThan(1e-6);
            expect(cut.intersect(rect(s, K.knobDiameterMm + 2)).areaMm2()).toBeLessThan(1e-6);
          } else {
            expect(cut.areaMm2()).toBeGreaterThan(10);
            expect(cut.subtract(circle(r + 0.05)).areaMm2()).toBeLessThan(1e-6);
          }
          // Opening by just under half the minimum feature keeps what is at least MIN_FEATURE_MM wide: nearly all of
          // the strokes, and of the top face left between them.
          const opened = (p: Profile): number =>
            p
              .offset(-(MIN_FEATURE_MM / 2 - 0.02))
              .offset(MIN_FEATURE_MM / 2 - 0.02)
              .areaMm2();
          expect(opened(cut), `${m.kind} strokes`).toBeGreaterThan(cut.areaMm2() * 0.9);
          // The land: round a marker, out to its land from any keyway; round the shallows' brackets, the whole square.
          const land = (m.kind === 'shallows' ? inner : circle(r + 1)).intersect(top.translate(-cx, -cy));
          expect(opened(land), `${m.kind} lands`).toBeGreaterThan(land.areaMm2() * 0.97);
          shapes.push(cut);
        }
        for (let i = 0; i < shapes.length; i++)
          for (let j = i + 1; j < shapes.length; j++) {
            const differ = shapes[i]!.subtract(shapes[j]!).areaMm2() + shapes[j]!.subtract(shapes[i]!).areaMm2();
            expect(
              differ,
              `${markers[i]!.kind}/${markers[i]!.symbol} vs ${markers[j]!.kind}/${markers[j]!.symbol}`,
            ).toBeGreaterThan(5);
          }
      });
    },
  );

  it('builds the whole 11 × 11 Rigadoon board (38 mm squares, 220 mm bed, 5 mm margin): nine watertight keyed tiles within the triangle budget', () => {
    const tiles = tileBoard(rigadoonBoard(11, 38), 220, 220, 5);
    expect(tiles).toHaveLength(9);
    for (const t of tiles) expect(buildChecked(tileOptions(t)).triangles).toBeLessThan(TRIANGLE_BUDGET);
  });

  it('rejects bad edges, markers and sizes, naming the field', () => {
    expect(() => boardTile({ keys: ['up' as Edge] })).toThrow(/keys = \["up"\]/);
    expect(() => boardTile({ keys: ['east'], keyways: ['east'] })).toThrow(/none also carrying keys/);
    expect(() => boardTile({ cols: 2, markers: [{ kind: 'chest', col: 2, row: 0 }] })).toThrow(/markers = .*chest/);
    expect(() => boardTile({ markers: [{ kind: 'island', col: 0, row: 0 }] })).toThrow(/with a symbol/);
    expect(() => boardTile({ markers: [{ kind: 'chest', col: 0, row: 0, symbol: 'circle' }] })).toThrow(/markers/);
    expect(() => boardTile({ squareMm: 20 })).toThrow(new RegExp(`squareMm = 20 .*from ${SQUARE_MIN_MM} to 80`));
    expect(() => boardTile({ rows: 0 })).toThrow(/rows = 0/);
    expect(() => boardTile({ gridLineMm: 0.5 })).toThrow(/gridLineMm/);
  });
});
