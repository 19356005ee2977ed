import { describe, expect, it } from 'vitest';
import { serialize3mf, type ThreeMfModel } from '../../src/mesh/threemf.js';
import { place, read3mf } from '../helpers/threemf.js';

const cube = (size: number) => {
  const positions = new Float32Array([0, 0, 0, size, 0, 0, size, size, 0, 0, size, 0, 0, 0, size, size, 0, size, size, size, size, 0, size, size].map((v) => v + 0.1));
  const triangles = new Uint32Array([0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7]);
  return { positions, triangles };
};
const model: ThreeMfModel = {
  title: 'plate 1: black pla',
  materials: [{ name: 'black PLA', color: '#1a1a1a' }, { name: 'sand & "stone"', color: '#c2b280' }],
  objects: [{ name: 'coin: brace', mesh: cube(10), material: 0 }, { name: 'queens-fleet hull', mesh: cube(1 / 3), material: 1 }],
  items: [{ object: 0, xMm: 5, yMm: 6, zMm: 0, rotationDeg: 0 }, { object: 0, xMm: 50, yMm: 6, zMm: 0, rotationDeg: 90 }, { object: 1, xMm: 100, yMm: 100, zMm: 0, rotationDeg: 0 }],
  thumbnailPng: null,
};

describe('3MF', () => {
  it("carries a thumbnail as the package's picture: its own entry, content type and relationship", async () => {
    const { unzipSync } = await import('fflate');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const files = unzipSync(serialize3mf({ ...model, thumbnailPng: png }));
    expect(Object.keys(files)).toEqual(['[Content_Types].xml', '_rels/.rels', '3D/3dmodel.model', 'Metadata/thumbnail.png']);
    expect(files['Metadata/thumbnail.png']).toEqual(png);
    const text = (k: string): string => new TextDecoder().decode(files[k]);
    expect(text('[Content_Types].xml')).toMatch(/<Default Extension="png" ContentType="image\/png"\/>/);
    expect(text('_rels/.rels')).toMatch(/Target="\/Metadata\/thumbnail.png" Id="rel1" Type="http:\/\/schemas.openxmlformats.org\/package\/2006\/relationships\/metadata\/thumbnail"/);
    // Without one, no trace of it.
    expect(read3mf(serialize3mf(model)).entries).not.toContain('Metadata/thumbnail.png');
  });

  it('stores each mesh once and each copy as an item, in millimetres, with named objects and colours', () => {
    const r = read3mf(serialize3mf(model));
    expect(r.entries).toEqual(['[Content_Types].xml', '_rels/.rels', '3D/3dmodel.model']);
    expect(r.unit).toBe('millimeter');
    expect(r.objects.map((o) => o.name)).toEqual(['coin: brace', 'queens-fleet hull']);
    expect(r.materials).toEqual([{ name: 'black PLA', color: '#1A1A1AFF' }, { name: 'sand &amp; &quot;stone&quot;', color: '#C2B280FF' }]);
    expect(r.items.map((i) => i.objectId)).toEqual([2, 2, 3]);
  });

  it('keeps every vertex as the float32 the STL holds, and places copies by their transforms', () => {
    const r = read3mf(serialize3mf(model));
    const thirds = model.objects[1]!.mesh.positions;
    expect(r.objects[1]!.vertices.flat().map(Math.fround)).toEqual([...thirds]);
    expect(r.objects[1]!.triangles.flat()).toEqual([...model.objects[1]!.mesh.triangles]);
    // The second coin is turned a quarter about +Z and moved to (50, 6).
    expect(place(r.items[1]!.transform, [1, 0, 0]).map((v) => +v.toFixed(9))).toEqual([50, 7, 0]);
  });

  it('gives the same bytes again, in any time zone', () => {
    const a = serialize3mf(model);
    const tz = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati';
    const b = serialize3mf(model);
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
  });
});
