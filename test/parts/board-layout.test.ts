import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  rigadoonBoard,
  rigadoonMarkers,
  splitEvenly,
  tileBoard,
  type BoardMarker,
  type BoardSpec,
  type MarkerKind,
} from '../../src/parts/board-layout.js';
import { InputError } from '../../src/errors.js';
import { GAME_INTERFACES } from '../../src/standard.js';

const REACH = GAME_INTERFACES.key.reachMm;

const boardArb = fc
  .record({
    cols: fc.integer({ min: 1, max: 30 }),
    rows: fc.integer({ min: 1, max: 30 }),
    squareMm: fc.double({ min: 20, max: 60, noNaN: true }),
    bedX: fc.double({ min: 80, max: 400, noNaN: true }),
    bedY: fc.double({ min: 80, max: 400, noNaN: true }),
    margin: fc.double({ min: 0, max: 10, noNaN: true }),
  })
  .chain((b) =>
    fc.record({
      spec: fc.record({
        cols: fc.constant(b.cols),
        rows: fc.constant(b.rows),
        squareMm: fc.constant(b.squareMm),
        markers: fc.array(
          fc.record({
            kind: fc.constantFrom<MarkerKind>('chest', 'maelstrom', 'shallows'),
            col: fc.integer({ min: 0, max: b.cols - 1 }),
            row: fc.integer({ min: 0, max: b.rows - 1 }),
          }),
          { maxLength: 12 },
        ),
      }),
      bedX: fc.constant(b.bedX),
      bedY: fc.constant(b.bedY),
      margin: fc.constant(b.margin),
    }),
  );

/** Would this many squares fit one piece of an axis split into `pieces`? */
const fits = (squares: number, pieces: number, squareMm: number, bedMm: number, marginMm: number): boolean =>
  squares * squareMm + (pieces > 1 ? REACH : 0) + marginMm <= bedMm + 1e-6;

describe('tileBoard', () => {
  it('splits 11 squares where 5 fit into 4, 4, 3, and the 11 × 11 Rigadoon board into 9 tiles on a 220 mm bed', () => {
    expect(splitEvenly(11, 5)).toEqual([4, 4, 3]);
    const tiles = tileBoard(rigadoonBoard(), 220, 220, 5);
    expect(tiles.map((t) => t.id)).toEqual(['r0c0', 'r0c1', 'r0c2', 'r1c0', 'r1c1', 'r1c2', 'r2c0', 'r2c1', 'r2c2']);
    expect(tiles.map((t) => [t.cols, t.rows])).toEqual([
      [4, 4],
      [4, 4],
      [3, 4],
      [4, 4],
      [4, 4],
      [3, 4],
      [4, 3],
      [4, 3],
      [3, 3],
    ]);
    const mid = tiles.find((t) => t.id === 'r1c1')!;
    expect([mid.colOffset, mid.rowOffset]).toEqual([4, 4]);
    expect(mid.keys).toEqual(['north', 'east']);
    expect(mid.keyways).toEqual(['south', 'west']);
    // The compass on (5, 5) is the middle tile's (1, 1).
    expect(mid.markers).toContainEqual({ kind: 'compass', col: 1, row: 1 });
  });

  it('keeps a board that fits the bed whole, with no keys', () => {
    const tiles = tileBoard({ cols: 5, rows: 5, squareMm: 38, markers: [] }, 220, 220, 5);
    expect(tiles).toEqual([
      {
        id: 'r0c0',
        tileCol: 0,
        tileRow: 0,
        colOffset: 0,
        rowOffset: 0,
        cols: 5,
        rows: 5,
        keys: [],
        keyways: [],
        markers: [],
      },
    ]);
  });

  it('for any board and bed: every square in exactly one tile, the fewest tiles, sizes within one square, each fitting the bed with its keys, markers inside their tile', () => {
    fc.assert(
      fc.property(boardArb, ({ spec, bedX, bedY, margin }) => {
        const minOne = (bed: number, n: number): boolean =>
          n * spec.squareMm + margin <= bed || fits(1, 2, spec.squareMm, bed, margin);
        if (!minOne(bedX, spec.cols) || !minOne(bedY, spec.rows)) {
          expect(() => tileBoard(spec, bedX, bedY, margin)).toThrow(InputError);
          return;
        }
        const tiles = tileBoard(spec, bedX, bedY, margin);
        const owner = new Map<string, number>();
        for (const t of tiles)
          for (let c = 0; c < t.cols; c++)
            for (let r = 0; r < t.rows; r++) {
              const k = `${t.colOffset + c},${t.rowOffset + r}`;
              owner.set(k, (owner.get(k) ?? 0) + 1);
            }
        expect(owner.size).toBe(spec.cols * spec.rows);
        expect([...owner.values()].every((n) => n === 1)).toBe(true);
        expect(new Set(tiles.map((t) => t.id)).size).toBe(tiles.length);

        const colSizes = tiles.filter((t) => t.tileRow === 0).map((t) => t.cols);
        const rowSizes = tiles.filter((t) => t.tileCol === 0).map((t) => t.rows);
        expect(colSizes.length * rowSizes.length).toBe(tiles.length);
        for (const [sizes, n, bed] of [
          [colSizes, spec.cols, bedX],
          [rowSizes, spec.rows, bedY],
        ] as const) {
          expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
          expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
          // The fewest: one piece fewer would leave a piece that does not fit.
          const fewer = sizes.length - 1;
          if (fewer >= 1) expect(fits(Math.ceil(n / fewer), fewer, spec.squareMm, bed, margin)).toBe(false);
        }

        for (const t of tiles) {
          const last = { col: colSizes.length - 1, row: rowSizes.length - 1 };
          expect(t.cols).toBe(colSizes[t.tileCol]);
          expect(t.rows).toBe(rowSizes[t.tileRow]);
          expect(new Set(t.keys)).toEqual(
            new Set([...(t.tileCol < last.col ? ['east'] : []), ...(t.tileRow < last.row ? ['north'] : [])]),
          );
          expect(new Set(t.keyways)).toEqual(
            new Set([...(t.tileCol > 0 ? ['west'] : []), ...(t.tileRow > 0 ? ['south'] : [])]),
          );
          const x = t.cols * spec.squareMm + (t.keys.includes('east') ? REACH : 0) + margin;
          const y = t.rows * spec.squareMm + (t.keys.includes('north') ? REACH : 0) + margin;
          expect(x).toBeLessThanOrEqual(bedX + 1e-6);
          expect(y).toBeLessThanOrEqual(bedY + 1e-6);
          for (const m of t.markers) {
            expect(m.col >= 0 && m.col < t.cols && m.row >= 0 && m.row < t.rows).toBe(true);
          }
        }
        // The tiles' markers, put back on the board, are the board's markers.
        const key = (m: BoardMarker): string => `${m.kind}@${m.col},${m.row}`;
        const back = tiles
          .flatMap((t) => t.markers.map((m) => key({ ...m, col: m.col + t.colOffset, row: m.row + t.rowOffset })))
          .sort();
        expect(back).toEqual(spec.markers.map(key).sort());
      }),
      { numRuns: 300 },
    );
  });

  it('rejects a marker off the board and a bed too small for one keyed square', () => {
    const spec: BoardSpec = { cols: 3, rows: 3, squareMm: 38, markers: [{ kind: 'chest', col: 3, row: 0 }] };
    expect(() => tileBoard(spec, 220, 220, 5)).toThrow(/chest at \(3, 0\) is off the 3 × 3 board/);
    expect(() => tileBoard({ ...spec, markers: [] }, 50, 220, 5)).toThrow(/does not fit the bed's 50 mm X/);
  });
});

describe('rigadoonMarkers', () => {
  const sizes = fc.integer({ min: 4, max: 15 }).map((k) => 2 * k + 1);
  const at = (m: { col: number; row: number }): string => `${m.col},${m.row}`;
  const of = (ms: BoardMarker[], kind: MarkerKind): BoardMarker[] => ms.filter((m) => m.kind === kind);

  it("has the rules' counts: 8 starts, 4 chests, 4 islands, 4 maelstroms, 4 exits, 21 shallows, 1 compass", () => {
    fc.assert(
      fc.property(sizes, (n) => {
        const ms = rigadoonMarkers(n, n);
        const count = (k: MarkerKind): number => of(ms, k).length;
        expect([
          count('start-blue'),
          count('start-green'),
          count('chest'),
          count('island'),
          count('maelstrom'),
          count('exit'),
          count('shallows'),
          count('compass'),
        ]).toEqual([4, 4, 4, 4, 4, 4, 21, 1]);
        expect(ms.every((m) => m.col >= 0 && m.col < n && m.row >= 0 && m.row < n)).toBe(true);
      }),
    );
  });

  it('places each marker as the rules describe, and no two where the rules forbid it', () => {
    fc.assert(
      fc.property(sizes, (n) => {
        const ms = rigadoonMarkers(n, n);
        const c = (n - 1) / 2;
        expect(of(ms, 'compass').map(at)).toEqual([`${c},${c}`]);
        // The Shallows: the centred 5 × 5 block less its corners, the compass among them.
        const shallows = new Set(of(ms, 'shallows').map(at));
        expect(shallows.size).toBe(21);
        for (const s of of(ms, 'shallows')) {
          const dc = Math.abs(s.col - c),
            dr = Math.abs(s.row - c);
          expect(dc <= 2 && dr <= 2 && !(dc === 2 && dr === 2)).toBe(true);
        }
        expect(shallows.has(`${c},${c}`)).toBe(true);
        for (const ch of of(ms, 'chest')) {
          expect([Math.abs(ch.col - c), Math.abs(ch.row - c)]).toEqual([1, 1]);
          expect(shallows.has(at(ch))).toBe(true);
        }
        expect(new Set(of(ms, 'chest').map(at)).size).toBe(4);
        // Islands one in from each corner, each its own symbol; its maelstrom diagonally next to it, toward the centre.
        const islands = of(ms, 'island');
        expect(new Set(islands.map((i) => i.symbol)).size).toBe(4);
        expect(islands.map(at).sort()).toEqual([`1,1`, `${n - 2},1`, `1,${n - 2}`, `${n - 2},${n - 2}`].sort());
        const maelstroms = of(ms, 'maelstrom');
        for (const isl of islands) {
          const m = maelstroms.filter((x) => Math.abs(x.col - isl.col) === 1 && Math.abs(x.row - isl.row) === 1);
          expect(m).toHaveLength(1);
          expect(Math.abs(m[0]!.col - c)).toBeLessThan(Math.abs(isl.col - c));
          expect(Math.abs(m[0]!.row - c)).toBeLessThan(Math.abs(isl.row - c));
          // Its exit: on the side edge opposite, on the row of the maelstrom's point reflection, marked with the island's symbol.
          const exit = of(ms, 'exit').filter((e) => e.symbol === isl.symbol);
          expect(exit).toHaveLength(1);
          const e = exit[0]!;
          expect(e.col === 0 || e.col === n - 1).toBe(true);
          expect(e.row).toBe(n - 1 - m[0]!.row);
          expect(Math.sign(e.col - c)).toBe(-Math.sign(m[0]!.col - c));
          expect(Math.sign(e.row - c)).toBe(-Math.sign(m[0]!.row - c));
        }
        // Point-symmetric through the centre as a set.
        const exits = new Set(of(ms, 'exit').map(at));
        for (const e of of(ms, 'exit')) expect(exits.has(`${n - 1 - e.col},${n - 1 - e.row}`)).toBe(true);
        // Starts: blue on the south row, green on the north, symmetric about the north–south midline.
        const blue = of(ms, 'start-blue'),
          green = of(ms, 'start-green');
        expect(blue.every((b) => b.row === 0)).toBe(true);
        expect(green.every((g) => g.row === n - 1)).toBe(true);
        for (const side of [blue, green]) {
          const cols = new Set(side.map((s) => s.col));
          expect(cols.size).toBe(4);
          for (const col of cols) expect(cols.has(n - 1 - col)).toBe(true);
        }
        // Only the shallows share squares, with the compass and the chests on them; everything else has its own square.
        const shareable = new Set<MarkerKind>(['shallows', 'compass', 'chest']);
        const bySquare = new Map<string, MarkerKind[]>();
        for (const m of ms) bySquare.set(at(m), [...(bySquare.get(at(m)) ?? []), m.kind]);
        for (const [square, kinds] of bySquare) {
          if (kinds.length === 1) continue;
          expect(
            kinds.every((k) => shareable.has(k)),
            `${square}: ${kinds.join(', ')}`,
          ).toBe(true);
          expect(kinds.filter((k) => k === 'shallows')).toHaveLength(1);
          expect(kinds).toHaveLength(2);
        }
        // Symbols on islands and exits only.
        expect(ms.every((m) => (m.symbol !== undefined) === (m.kind === 'island' || m.kind === 'exit'))).toBe(true);
      }),
    );
  });

  it('throws a plain Error for a board that is not square, odd and at least 9', () => {
    for (const [cols, rows] of [
      [7, 7],
      [10, 10],
      [11, 13],
      [9.5, 9.5],
      [0, 0],
    ] as const) {
      expect(() => rigadoonMarkers(cols, rows)).toThrow(/square, odd and at least 9/);
      expect(() => rigadoonMarkers(cols, rows)).not.toThrow(InputError);
    }
  });
});
