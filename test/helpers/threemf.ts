/** A 3MF reader for tests, sharing nothing with the writer: unzip, then read the model's XML with regular expressions. */
import { unzipSync } from 'fflate';

export interface Read3mf {
  entries: string[];
  unit: string | null;
  materials: { name: string; color: string }[];
  objects: { id: number; name: string; pindex: number; vertices: number[][]; triangles: number[][] }[];
  items: { objectId: number; transform: number[] }[];
}

const attr = (tag: string, name: string): string | null => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

export function read3mf(bytes: Uint8Array): Read3mf {
  const files = unzipSync(bytes);
  const xml = new TextDecoder().decode(files['3D/3dmodel.model']!);
  const objects = [...xml.matchAll(/<object\b[^>]*>[\s\S]*?<\/object>/g)].map((m) => {
    const open = /<object\b[^>]*>/.exec(m[0])![0];
    return {
      id: Number(attr(open, 'id')),
      name: attr(open, 'name')!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
      pindex: Number(attr(open, 'pindex')),
      vertices: [...m[0].matchAll(/<vertex\b[^>]*>/g)].map((v) => ['x', 'y', 'z'].map((k) => Number(attr(v[0], k)))),
      triangles: [...m[0].matchAll(/<triangle\b[^>]*>/g)].map((t) => ['v1', 'v2', 'v3'].map((k) => Number(attr(t[0], k)))),
    };
  });
  return {
    entries: Object.keys(files),
    unit: attr(/<model\b[^>]*>/.exec(xml)?.[0] ?? '', 'unit'),
    materials: [...xml.matchAll(/<base\b[^>]*>/g)].map((b) => ({ name: attr(b[0], 'name')!, color: attr(b[0], 'displaycolor')! })),
    objects,
    items: [...xml.matchAll(/<item\b[^>]*>/g)].map((i) => ({ objectId: Number(attr(i[0], 'objectid')), transform: attr(i[0], 'transform')!.split(' ').map(Number) })),
  };
}

/** Where a transform puts a point (3MF's row-vector convention). */
export function place(t: readonly number[], p: readonly number[]): number[] {
  const [x, y, z] = p as [number, number, number];
  return [0, 1, 2].map((c) => x * t[c]! + y * t[3 + c]! + z * t[6 + c]! + t[9 + c]!);
}
