/**
 * A square-grid game board as data (no geometry): its squares, the markers printed on them, and how it
 * splits into bed-sized tiles that key together edge to edge (src/parts/board-tile.ts builds each tile).
 * Rigadoon's board (rules, "Game board features") is the one shipped: `rigadoonMarkers`.
 *
 * Squares are addressed by column (0 = west) and row (0 = south), so north is +Y on the bed.
 */
import { InputError } from '../errors.js';
import { GAME_INTERFACES } from '../standard.js';

export type Edge = 'north' | 'south' | 'east' | 'west';
export const EDGES: readonly Edge[] = ['north', 'south', 'east', 'west'];

export type MarkerKind =
  'start-blue' | 'start-green' | 'chest' | 'island' | 'maelstrom' | 'exit' | 'shallows' | 'compass';
export const MARKER_KINDS: readonly MarkerKind[] = [
  'start-blue',
  'start-green',
  'chest',
  'island',
  'maelstrom',
  'exit',
  'shallows',
  'compass',
];

/** An island's symbol, which its maelstrom's exit repeats small. */
export type MarkerSymbol = 'circle' | 'triangle' | 'square' | 'diamond';
export const MARKER_SYMBOLS: readonly MarkerSymbol[] = ['circle', 'triangle', 'square', 'diamond'];

/** A marker on one square. `symbol` is set on islands and exits only. */
export interface BoardMarker {
  kind: MarkerKind;
  col: number;
  row: number;
  symbol?: MarkerSymbol;
}

export interface BoardSpec {
  cols: number;
  rows: number;
  squareMm: number;
  markers: readonly BoardMarker[];
}

/** One printed tile of a board: a block of whole squares. */
export interface TileSpec {
  /** `r<tileRow>c<tileCol>`: stable for a given board and bed. */
  id: string;
  /** The tile's place among the tiles: column from the west, row from the south. */
  tileCol: number;
  tileRow: number;
  /** The board square at the tile's south-west corner. */
  colOffset: number;
  rowOffset: number;
  /** Squares across (west–east) and up (south–north). */
  cols: number;
  rows: number;
  /** Edges carrying keys: east and north where a neighbour is there. */
  keys: Edge[];
  /** Edges cut with keyways: west and south where a neighbour is there. */
  keyways: Edge[];
  /** The board's markers on this tile, in tile-local squares. */
  markers: BoardMarker[];
}

/** Splits `n` squares into the fewest parts of at most `maxPer`, sizes differing by one at most, larger first (11 by 5: 4, 4, 3). */
export function splitEvenly(n: number, maxPer: number): number[] {
  const parts = Math.ceil(n / maxPer);
  const base = Math.floor(n / parts),
    extra = n % parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

/** Float noise allowed when a size meets the bed exactly (4 × 20.000000000000004 mm on an 80 mm bed fits). */
const FIT_EPS_MM = 1e-6;

/** The squares of one bed axis split into pieces: one if they fit without a key, else the fewest keyed pieces that fit. */
function splitAxis(n: number, squareMm: number, bedMm: number, marginMm: number, axis: string): number[] {
  if (n * squareMm + marginMm <= bedMm + FIT_EPS_MM) return [n];
  // Every piece but the last carries a key standing out of its far edge; the sizes are checked with one each.
  const maxPer = Math.floor((bedMm + FIT_EPS_MM - marginMm - GAME_INTERFACES.key.reachMm) / squareMm);
  if (maxPer < 1)
    throw InputError.single(
      'board',
      'bed',
      `a ${squareMm} mm square with its ${GAME_INTERFACES.key.reachMm} mm key and a ${marginMm} mm margin does not fit the bed's ${bedMm} mm ${axis}`,
    );
  return splitEvenly(n, maxPer);
}

/**
 * Splits a board into the fewest tiles per axis that fit the bed (squares × squareMm, plus a key's reach
 * where a tile has a neighbour beyond its east or north edge, plus `marginMm`), spreading the squares as
 * evenly as possible. Tiles are listed row by row from the south-west.
 */
export function tileBoard(board: BoardSpec, bedXMm: number, bedYMm: number, marginMm: number): TileSpec[] {
  const whole = (v: number): boolean => Number.isInteger(v) && v >= 1;
  if (!whole(board.cols) || !whole(board.rows))
    throw InputError.single(
      'board',
      'size',
      `cols and rows must be whole numbers ≥ 1, not ${board.cols} × ${board.rows}`,
    );
  for (const [name, v] of [
    ['squareMm', board.squareMm],
    ['bedXMm', bedXMm],
    ['bedYMm', bedYMm],
  ] as const)
    if (!(Number.isFinite(v) && v > 0))
      throw InputError.single('board', name, `${name} must be a positive number, not ${v}`);
  if (!(Number.isFinite(marginMm) && marginMm >= 0))
    throw InputError.single('board', 'marginMm', `marginMm must be a number ≥ 0, not ${marginMm}`);
  for (const m of board.markers)
    if (!(
      Number.isInteger(m.col) &&
      Number.isInteger(m.row) &&
      m.col >= 0 &&
      m.col < board.cols &&
      m.row >= 0 &&
      m.row < board.rows
    ))
      throw InputError.single(
        'board',
        'markers',
        `${m.kind} at (${m.col}, ${m.row}) is off the ${board.cols} × ${board.rows} board`,
      );

  const colSizes = splitAxis(board.cols, board.squareMm, bedXMm, marginMm, 'X');
  const rowSizes = splitAxis(board.rows, board.squareMm, bedYMm, marginMm, 'Y');
  const starts = (sizes: number[]): number[] => sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0));
  const colStarts = starts(colSizes),
    rowStarts = starts(rowSizes);

  const tiles: TileSpec[] = [];
  rowSizes.forEach((rows, tr) => {
    colSizes.forEach((cols, tc) => {
      const colOffset = colStarts[tc]!,
        rowOffset = rowStarts[tr]!;
      const keys: Edge[] = [],
        keyways: Edge[] = [];
      if (tr < rowSizes.length - 1) keys.push('north');
      if (tc < colSizes.length - 1) keys.push('east');
      if (tr > 0) keyways.push('south');
      if (tc > 0) keyways.push('west');
      const markers = board.markers
        .filter((m) => m.col >= colOffset && m.col < colOffset + cols && m.row >= rowOffset && m.row < rowOffset + rows)
        .map((m) => ({ ...m, col: m.col - colOffset, row: m.row - rowOffset }));
      tiles.push({
        id: `r${tr}c${tc}`,
        tileCol: tc,
        tileRow: tr,
        colOffset,
        rowOffset,
        cols,
        rows,
        keys,
        keyways,
        markers,
      });
    });
  });
  return tiles;
}

/**
 * Rigadoon's markers on an odd square board of `cols` × `rows` (equal, odd, at least 9; a plain Error
 * otherwise). The rules name the markers but give neither the board's size nor their squares; these are
 * ours, chosen to follow the rules' description ("Game board features"), with c the centre square:
 *
 * - compass: on c ("in the center of the board");
 * - The Shallows: the 21 squares of the 5 × 5 block centred on c less its four corners ("the 21 spaces in
 *   the middle"), c among them;
 * - treasure chests: the 4 shallows squares diagonally next to c ("in the middle of the board");
 * - islands: one square in from each corner diagonally, (1, 1) and its mirror images ("1 near each
 *   corner"), symbols circle (south-west), triangle (south-east), square (north-east), diamond (north-west);
 * - maelstroms: each diagonally next to its island, toward c ("each Island has a diagonally adjacent
 *   Maelstrom");
 * - exits: on the opposite side of the board, the maelstrom's point reflection through c moved straight
 *   out to the east or west edge (the south-west maelstrom's exit on the east edge, two rows below the
 *   north edge), each marked with its maelstrom's island's symbol. Side edges keep them off the start rows;
 * - starts: 4 blue on the south edge row and 4 green on the north, in columns c ± 1 and c ± 3, symmetric
 *   about the north–south midline and through c, on no other marker.
 */
export function rigadoonMarkers(cols: number, rows: number): BoardMarker[] {
  if (!(Number.isInteger(cols) && cols === rows && cols % 2 === 1 && cols >= 9))
    throw new Error(`Rigadoon's board is square, odd and at least 9 squares across: not ${cols} × ${rows}`);
  const n = cols,
    c = (n - 1) / 2,
    far = n - 1;
  const out: BoardMarker[] = [{ kind: 'compass', col: c, row: c }];
  for (let dc = -2; dc <= 2; dc++)
    for (let dr = -2; dr <= 2; dr++)
      if (Math.abs(dc) !== 2 || Math.abs(dr) !== 2) out.push({ kind: 'shallows', col: c + dc, row: c + dr });
  for (const [dc, dr] of [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ] as const)
    out.push({ kind: 'chest', col: c + dc, row: c + dr });
  // Corners in turn from the south-west, counter-clockwise: [x sign, y sign], the island's symbol.
  const corners = [
    [-1, -1, 'circle'],
    [1, -1, 'triangle'],
    [1, 1, 'square'],
    [-1, 1, 'diamond'],
  ] as const;
  for (const [sx, sy, symbol] of corners) {
    const at = (inset: number): [number, number] => [sx < 0 ? inset : far - inset, sy < 0 ? inset : far - inset];
    const [ic, ir] = at(1),
      [mc, mr] = at(2);
    out.push({ kind: 'island', col: ic, row: ir, symbol }, { kind: 'maelstrom', col: mc, row: mr });
    // Point reflection (far − mc, far − mr), moved out to the side edge it is nearer.
    out.push({ kind: 'exit', col: sx < 0 ? far : 0, row: far - mr, symbol });
  }
  for (const dc of [-3, -1, 1, 3])
    out.push({ kind: 'start-blue', col: c + dc, row: 0 }, { kind: 'start-green', col: c + dc, row: far });
  return out;
}

/** Rigadoon's board: ours, 11 × 11 squares of 38 mm (a 418 mm board, 9 tiles on a 220 mm bed). */
export function rigadoonBoard(size = 11, squareMm = 38): BoardSpec {
  return { cols: size, rows: size, squareMm, markers: rigadoonMarkers(size, size) };
}
