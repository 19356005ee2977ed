/**
 * STL: a binary serializer, and a parser of binary and ASCII STL (OpenSCAD and other tools write ASCII),
 * pure (bytes in, bytes out). Written here rather than through
 * @jscad/stl-serializer because that one takes JSCAD geom3 polygons, and converting manifold's indexed
 * mesh into them and back would cost time and precision; the format itself is 50 lines.
 *
 * Positions are written exactly as the kernel's float32 values, so vertices shared by triangles stay
 * bit-identical and the mesh's topology can be recovered from the file (see topology.ts).
 */
import type { MeshData } from '../geometry/kernel.js';
import { hypot3 } from '../geometry/vec3.js';
import { triangleNormals } from './analysis.js';

const HEADER_BYTES = 80;
const TRIANGLE_BYTES = 50;

/** Writes the header naming `label` over the first 80 bytes (zeros after it). */
function writeHeader(bytes: Uint8Array, label: string): void {
  const header = `shipwright ${label}`.slice(0, HEADER_BYTES);
  bytes.fill(0, 0, HEADER_BYTES);
  // Never begin with "solid": some readers would take the file for ASCII STL.
  for (let i = 0; i < header.length; i++) bytes[i] = header.charCodeAt(i) & 0x7f;
}

/** `serializeStl`'s bytes of the same mesh under another `label`: a copy with only the header rewritten. */
export function relabelStl(bytes: Uint8Array, label: string): Uint8Array {
  const out = bytes.slice();
  writeHeader(out, label);
  return out;
}

/** Serializes a mesh. The header holds `label` (ASCII, truncated to 80 bytes) and no timestamp. */
export function serializeStl(mesh: MeshData, label: string): Uint8Array {
  const n = mesh.triangles.length / 3;
  const buf = new ArrayBuffer(HEADER_BYTES + 4 + n * TRIANGLE_BYTES);
  const bytes = new Uint8Array(buf);
  writeHeader(bytes, label);
  const view = new DataView(buf);
  view.setUint32(HEADER_BYTES, n, true);
  const p = mesh.positions,
    t = mesh.triangles;
  // One pass of plain arithmetic, no array per triangle: a thread's first hulls ran it unoptimised.
  const normals = triangleNormals(mesh);
  let o = HEADER_BYTES + 4;
  for (let f = 0; f < t.length; f += 3) {
    const nx = normals[f]!,
      ny = normals[f + 1]!,
      nz = normals[f + 2]!;
    // A zero-area triangle keeps its zero normal.
    const len = hypot3(nx, ny, nz) || 1;
    view.setFloat32(o, nx / len, true);
    view.setFloat32(o + 4, ny / len, true);
    view.setFloat32(o + 8, nz / len, true);
    o += 12;
    for (let k = 0; k < 3; k++) {
      const v = 3 * t[f + k]!;
      view.setFloat32(o, p[v]!, true);
      view.setFloat32(o + 4, p[v + 1]!, true);
      view.setFloat32(o + 8, p[v + 2]!, true);
      o += 12;
    }
    view.setUint16(o, 0, true);
    o += 2;
  }
  return bytes;
}

/** A file that is not STL; `line` (1-based) is where an ASCII STL goes wrong. */
export class StlFormatError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `line ${line}: ${message}`);
  }
}

/**
 * Parses a binary or ASCII STL into an indexed mesh, welding vertices whose float32 coordinates are
 * identical. A file is ASCII when it begins with `solid` and is not a binary STL of its length (some
 * binary exporters begin their header with `solid` too). Throws StlFormatError for a file that is
 * neither: a binary STL whose length does not match its count, or an ASCII STL that breaks the grammar
 * (at its line).
 */
export function parseStl(bytes: Uint8Array): MeshData {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = bytes.length >= HEADER_BYTES + 4 ? view.getUint32(HEADER_BYTES, true) : -1;
  const binary = n >= 0 && bytes.length === HEADER_BYTES + 4 + n * TRIANGLE_BYTES;
  if (!binary && ASCII_START.test(new TextDecoder('latin1').decode(bytes.subarray(0, HEADER_BYTES))))
    return parseStl(asciiToBinary(bytes));
  if (n < 0)
    throw new StlFormatError(
      `too short for a binary STL (${bytes.length} bytes) and not ASCII STL (which begins with "solid")`,
    );
  if (!binary) {
    throw new StlFormatError(
      `binary STL says ${n} triangles but is ${bytes.length} bytes (expected ${HEADER_BYTES + 4 + n * TRIANGLE_BYTES}), and it is not ASCII STL (which begins with "solid")`,
    );
  }
  // Vertices welded by their coordinates' bit patterns (−0 taken as 0, as equal floats), in an open-addressed
  // table: a string key per corner made parsing a large part slow and heavy on the collector.
  const bits = new Uint32Array(3);
  const size = 1 << Math.ceil(Math.log2(Math.max(16, n * 6)));
  const slots = new Int32Array(size).fill(-1);
  const keys = new Uint32Array(n * 9);
  const positions = new Float32Array(n * 9);
  let count = 0;
  const triangles = new Uint32Array(n * 3);
  let o = HEADER_BYTES + 4;
  for (let t = 0; t < n; t++) {
    o += 12;
    for (let k = 0; k < 3; k++) {
      for (let c = 0; c < 3; c++) {
        const b = view.getUint32(o + 4 * c, true);
        bits[c] = b === 0x80000000 ? 0 : b;
      }
      o += 12;
      let h =
        (Math.imul(bits[0]!, 0x9e3779b1) ^ Math.imul(bits[1]!, 0x85ebca77) ^ Math.imul(bits[2]!, 0xc2b2ae3d)) >>> 0;
      let id = -1;
      for (; ; h = (h + 1) >>> 0) {
        const slot = h & (size - 1);
        const at = slots[slot]!;
        if (at < 0) {
          id = count++;
          slots[slot] = id;
          keys.set(bits, id * 3);
          for (let c = 0; c < 3; c++) positions[id * 3 + c] = view.getFloat32(o - 12 + 4 * c, true) || 0;
          break;
        }
        if (keys[at * 3] === bits[0] && keys[at * 3 + 1] === bits[1] && keys[at * 3 + 2] === bits[2]) {
          id = at;
          break;
        }
      }
      triangles[t * 3 + k] = id;
    }
    o += 2;
  }
  return { positions: positions.slice(0, count * 3), triangles };
}

const ASCII_START = /^\s*solid(\s|$)/i;
/** A coordinate as ASCII STL writes it: a decimal with an optional exponent (never nan or inf). */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * An ASCII STL's triangles as a binary STL's bytes (zero normals: the parser takes the winding), so both
 * forms are welded alike. One or more `solid … endsolid` blocks of `facet normal … outer loop, three
 * vertex lines, endloop, endfacet`; keywords are case-insensitive, blank lines are skipped.
 */
function asciiToBinary(bytes: Uint8Array): Uint8Array {
  const lines = new TextDecoder('latin1').decode(bytes).split(/\r\n|\r|\n/);
  const corners: number[] = [];
  // Where the grammar is: outside a solid, in one between facets, or at a facet's step (its corners so far).
  let at: 'top' | 'solid' | 'facet' | 'loop' | 'endloop' | 'endfacet' = 'top';
  let solids = 0;
  let vertices = 0;
  const expected = {
    top: '"solid <name>"',
    solid: '"facet normal <x> <y> <z>" or "endsolid"',
    facet: '"outer loop"',
    loop: '"vertex <x> <y> <z>"',
    endloop: '"endloop" (a facet has three vertices)',
    endfacet: '"endfacet"',
  };
  let last = 0;
  for (let i = 0; i < lines.length; i++) {
    const words = lines[i]!.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    last = i + 1;
    const key = words[0]!.toLowerCase();
    const bad = (why = `expected ${expected[at]}`): StlFormatError =>
      new StlFormatError(`${why}, got "${lines[i]!.trim().slice(0, 60)}"`, i + 1);
    const numbers = (from: number): number[] => {
      const xs = words.slice(from);
      if (xs.length !== 3 || !xs.every((x) => NUMBER.test(x)))
        throw bad(`expected three numbers after "${words.slice(0, from).join(' ')}"`);
      return xs.map(Number);
    };
    if (at === 'top' && key === 'solid') at = 'solid';
    else if (at === 'solid' && key === 'endsolid') ((at = 'top'), solids++);
    else if (at === 'solid' && key === 'facet' && words[1]?.toLowerCase() === 'normal') (numbers(2), (at = 'facet'));
    else if (at === 'facet' && key === 'outer' && words[1]?.toLowerCase() === 'loop' && words.length === 2)
      ((at = 'loop'), (vertices = 0));
    else if (at === 'loop' && key === 'vertex') {
      corners.push(...numbers(1));
      if (++vertices === 3) at = 'endloop';
    } else if (at === 'endloop' && key === 'endloop') at = 'endfacet';
    else if (at === 'endfacet' && key === 'endfacet') at = 'solid';
    else throw bad();
  }
  if (at !== 'top' || solids === 0)
    throw new StlFormatError(`the file ends where ${expected[at]} was expected`, Math.max(1, last));
  const n = corners.length / 9;
  const out = new Uint8Array(HEADER_BYTES + 4 + n * TRIANGLE_BYTES);
  const view = new DataView(out.buffer);
  view.setUint32(HEADER_BYTES, n, true);
  for (let t = 0; t < n; t++) {
    for (let c = 0; c < 9; c++)
      view.setFloat32(HEADER_BYTES + 4 + t * TRIANGLE_BYTES + 12 + 4 * c, corners[t * 9 + c]!, true);
  }
  return out;
}
