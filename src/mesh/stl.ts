/**
 * Binary STL: serializer and parser, pure (bytes in, bytes out). Written here rather than through
 * @jscad/stl-serializer because that one takes JSCAD geom3 polygons, and converting manifold's indexed
 * mesh into them and back would cost time and precision; the format itself is 50 lines.
 *
 * Positions are written exactly as the kernel's float32 values, so vertices shared by triangles stay
 * bit-identical and the mesh's topology can be recovered from the file (see topology.ts).
 */
import type { MeshData } from '../geometry/kernel.js';

const HEADER_BYTES = 80;
const TRIANGLE_BYTES = 50;

/** Serializes a mesh. The header holds `label` (ASCII, truncated to 80 bytes) and no timestamp. */
export function serializeStl(mesh: MeshData, label: string): Uint8Array {
  const n = mesh.triangles.length / 3;
  const buf = new ArrayBuffer(HEADER_BYTES + 4 + n * TRIANGLE_BYTES);
  const bytes = new Uint8Array(buf);
  const header = `shipwright ${label}`.slice(0, HEADER_BYTES);
  // Never begin with "solid": some readers would take the file for ASCII STL.
  for (let i = 0; i < header.length; i++) bytes[i] = header.charCodeAt(i) & 0x7f;
  const view = new DataView(buf);
  view.setUint32(HEADER_BYTES, n, true);
  const p = mesh.positions;
  let o = HEADER_BYTES + 4;
  for (let t = 0; t < n; t++) {
    const a = mesh.triangles[t * 3]! * 3, b = mesh.triangles[t * 3 + 1]! * 3, c = mesh.triangles[t * 3 + 2]! * 3;
    const ux = p[b]! - p[a]!, uy = p[b + 1]! - p[a + 1]!, uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!, vy = p[c + 1]! - p[a + 1]!, vz = p[c + 2]! - p[a + 2]!;
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz) || 1;
    nx /= len; ny /= len; nz /= len;
    view.setFloat32(o, nx, true); view.setFloat32(o + 4, ny, true); view.setFloat32(o + 8, nz, true);
    o += 12;
    for (const v of [a, b, c]) {
      view.setFloat32(o, p[v]!, true); view.setFloat32(o + 4, p[v + 1]!, true); view.setFloat32(o + 8, p[v + 2]!, true);
      o += 12;
    }
    view.setUint16(o, 0, true);
    o += 2;
  }
  return bytes;
}

export class StlFormatError extends Error {}

/**
 * Parses a binary STL into an indexed mesh, welding vertices whose float32 coordinates are identical.
 * Throws StlFormatError for a file that is not binary STL or whose length does not match its count.
 */
export function parseStl(bytes: Uint8Array): MeshData {
  if (bytes.length < HEADER_BYTES + 4) throw new StlFormatError(`too short for a binary STL (${bytes.length} bytes)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint32(HEADER_BYTES, true);
  if (bytes.length !== HEADER_BYTES + 4 + n * TRIANGLE_BYTES) {
    throw new StlFormatError(`binary STL says ${n} triangles but is ${bytes.length} bytes (expected ${HEADER_BYTES + 4 + n * TRIANGLE_BYTES}); ASCII STL is not supported`);
  }
  const index = new Map<string, number>();
  const positions: number[] = [];
  const triangles = new Uint32Array(n * 3);
  let o = HEADER_BYTES + 4;
  for (let t = 0; t < n; t++) {
    o += 12;
    for (let k = 0; k < 3; k++) {
      const x = view.getFloat32(o, true), y = view.getFloat32(o + 4, true), z = view.getFloat32(o + 8, true);
      o += 12;
      const key = `${x},${y},${z}`;
      let id = index.get(key);
      if (id === undefined) {
        id = positions.length / 3;
        index.set(key, id);
        positions.push(x, y, z);
      }
      triangles[t * 3 + k] = id;
    }
    o += 2;
  }
  return { positions: Float32Array.from(positions), triangles };
}
