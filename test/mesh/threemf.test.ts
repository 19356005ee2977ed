import { describe, expect, it } from 'vitest';
import { serialize3mf, type ThreeMfModel } from '../../src/mesh/threemf.js';
import { place, read3mf, readSlicerSettings } from '../helpers/threemf.js';

const cube = (size: number) => {
  const positions = new Float32Array(
    [0, 0, 0, size, 0, 0, size, size, 0, 0, size, 0, 0, 0, size, size, 0, size, size, size, size, 0, size, size].map(
      (v) => v + 0.1,
    ),
  );
  const triangles = new Uint32Array([
    0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7,
  ]);
  return { positions, triangles };
};
const model: ThreeMfModel = {
  title: 'plate 1: black pla',
  materials: [
    { name: 'black PLA', color: '#1a1a1a' },
    { name: 'sand & "stone"', color: '#c2b280' },
  ],
  objects: [
    { name: 'coin: brace', mesh: cube(10), material: 0 },
    { name: 'queens-fleet hull', mesh: cube(1 / 3), material: 1 },
  ],
  items: [
    { object: 0, xMm: 5, yMm: 6, zMm: 0, rotationDeg: 0 },
    { object: 0, xMm: 50, yMm: 6, zMm: 0, rotationDeg: 90 },
    { object: 1, xMm: 100, yMm: 100, zMm: 0, rotationDeg: 0 },
  ],
  thumbnailPng: null,
};

describe('3MF', () => {
  it("carries a thumbnail as the package's picture: its own entry, content type and relationship", async () => {
    const { unzipSync } = await import('fflate');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const files = unzipSync(serialize3mf({ ...model, thumbnailPng: png }));
    expect(Object.keys(files)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      '3D/3dmodel.model',
      'Metadata/thumbnail.png',
    ]);
    expect(files['Metadata/thumbnail.png']).toEqual(png);
    const text = (k: string): string => new TextDecoder().decode(files[k]);
    expect(text('[Content_Types].xml')).toMatch(/<Default Extension="png" ContentType="image\/png"\/>/);
    expect(text('_rels/.rels')).toMatch(
      /Target="\/Metadata\/thumbnail.png" Id="rel1" Type="http:\/\/schemas.openxmlformats.org\/package\/2006\/relationships\/metadata\/thumbnail"/,
    );
    // Without one, no trace of it.
    expect(read3mf(serialize3mf(model)).entries).not.toContain('Metadata/thumbnail.png');
  });

  it('stores each mesh once and each copy as an item, in millimetres, with named objects and colours', () => {
    const r = read3mf(serialize3mf(model));
    expect(r.entries).toEqual(['[Content_Types].xml', '_rels/.rels', '3D/3dmodel.model']);
    expect(r.unit).toBe('millimeter');
    expect(r.objects.map((o) => o.name)).toEqual(['coin: brace', 'queens-fleet hull']);
    expect(r.materials).toEqual([
      { name: 'black PLA', color: '#1A1A1AFF' },
      { name: 'sand &amp; &quot;stone&quot;', color: '#C2B280FF' },
    ]);
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

  it("carries the slicers' plate and object settings in the files PrusaSlicer and OrcaSlicer read", async () => {
    const { unzipSync } = await import('fflate');
    const withSlicer: ThreeMfModel = {
      ...model,
      objects: [
        {
          ...model.objects[0]!,
          settings: { prusa: [['fill_density', '100%']], orca: [['sparse_infill_density', '100%']] },
        },
        { ...model.objects[1]!, settings: { prusa: [['brim_width', '5']], orca: [['brim_width', '5']] } },
      ],
      slicer: {
        plateName: 'Plate 3: black & "white"',
        prusa: [
          ['layer_height', '0.2'],
          ['skirts', '0'],
        ],
      },
    };
    const bytes = serialize3mf(withSlicer);
    expect(Object.keys(unzipSync(bytes))).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      '3D/3dmodel.model',
      'Metadata/Slic3r_PE.config',
      'Metadata/Slic3r_PE_model.config',
      'Metadata/model_settings.config',
    ]);
    // PrusaSlicer reads Slic3r_PE.config back to front and stops at the first line that is not "; key = value"
    // of at least 10 characters with a key of 3 or more letters, digits and underscores; it never reads line 1.
    const lines = new TextDecoder()
      .decode(unzipSync(bytes)['Metadata/Slic3r_PE.config'])
      .split('\n')
      .filter((l) => l !== '');
    expect(lines[0]).toMatch(/^; /);
    for (const l of lines.slice(1)) expect(l.length >= 10 && /^; [A-Za-z][A-Za-z0-9_]{2,} = \S/.test(l), l).toBe(true);
    const r = readSlicerSettings(bytes);
    expect(r.modelMetadata).toMatchObject({ 'slic3rpe:Version3mf': '1', 'BambuStudio:3mfVersion': '1' });
    expect(r.prusaPlate).toEqual({ layer_height: '0.2', skirts: '0' });
    // Each object by its model id, its one volume spanning its 12 triangles, its name beside its settings.
    expect(r.prusaObjects.get(2)).toEqual({
      settings: { name: 'coin: brace', fill_density: '100%' },
      volumes: [{ first: 0, last: 11 }],
    });
    expect(r.prusaObjects.get(3)!.settings).toEqual({ name: 'queens-fleet hull', brim_width: '5' });
    expect(r.orcaObjects.get(2)).toEqual({
      settings: { name: 'coin: brace', sparse_infill_density: '100%' },
      parts: [2],
    });
    expect(r.orcaPlate).toEqual({
      name: 'Plate 3: black & "white"',
      instances: [
        { objectId: 2, instanceId: 0 },
        { objectId: 2, instanceId: 1 },
        { objectId: 3, instanceId: 0 },
      ],
    });
    // Without them, a core 3MF only.
    expect(read3mf(serialize3mf(model)).entries.some((e) => e.endsWith('.config'))).toBe(false);
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
