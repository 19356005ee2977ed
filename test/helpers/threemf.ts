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
      name: attr(open, 'name')!
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
      pindex: Number(attr(open, 'pindex')),
      vertices: [...m[0].matchAll(/<vertex\b[^>]*>/g)].map((v) => ['x', 'y', 'z'].map((k) => Number(attr(v[0], k)))),
      triangles: [...m[0].matchAll(/<triangle\b[^>]*>/g)].map((t) =>
        ['v1', 'v2', 'v3'].map((k) => Number(attr(t[0], k))),
      ),
    };
  });
  return {
    entries: Object.keys(files),
    unit: attr(/<model\b[^>]*>/.exec(xml)?.[0] ?? '', 'unit'),
    materials: [...xml.matchAll(/<base\b[^>]*>/g)].map((b) => ({
      name: attr(b[0], 'name')!,
      color: attr(b[0], 'displaycolor')!,
    })),
    objects,
    items: [...xml.matchAll(/<item\b[^>]*>/g)].map((i) => ({
      objectId: Number(attr(i[0], 'objectid')),
      transform: attr(i[0], 'transform')!.split(' ').map(Number),
    })),
  };
}

/** Where a transform puts a point (3MF's row-vector convention). */
export function place(t: readonly number[], p: readonly number[]): number[] {
  const [x, y, z] = p as [number, number, number];
  return [0, 1, 2].map((c) => x * t[c]! + y * t[3 + c]! + z * t[6 + c]! + t[9 + c]!);
}

/** The slicers' metadata in a plate, read with regular expressions from the package's own files. */
export interface SlicerSettings {
  /** The model's `<metadata name>` values. */
  modelMetadata: Record<string, string>;
  /** Metadata/Slic3r_PE.config: every `; key = value` line but the first (PrusaSlicer never reads it). */
  prusaPlate: Record<string, string>;
  /** Metadata/Slic3r_PE_model.config, by object id: its `type="object"` settings and its volumes' triangle ranges. */
  prusaObjects: Map<number, { settings: Record<string, string>; volumes: { first: number; last: number }[] }>;
  /** Metadata/model_settings.config, by object id: its settings and its parts' ids. */
  orcaObjects: Map<number, { settings: Record<string, string>; parts: number[] }>;
  /** Its `<plate>`: the name and the instances listed. */
  orcaPlate: { name: string | undefined; instances: { objectId: number; instanceId: number }[] };
}

const unescape = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function readSlicerSettings(bytes: Uint8Array): SlicerSettings {
  const files = unzipSync(bytes);
  const text = (path: string): string => {
    if (!files[path]) throw new Error(`no ${path} in the package`);
    return new TextDecoder().decode(files[path]);
  };
  const model = text('3D/3dmodel.model');
  const modelMetadata = Object.fromEntries(
    [...model.matchAll(/<metadata name="([^"]*)">([^<]*)<\/metadata>/g)].map((m) => [m[1]!, unescape(m[2]!)]),
  );
  const prusaPlate = Object.fromEntries(
    text('Metadata/Slic3r_PE.config')
      .split('\n')
      .slice(1)
      .filter((l) => l !== '')
      .map((l) => {
        const m = /^; ([a-z_0-9]+) = (.*)$/.exec(l);
        if (!m) throw new Error(`not a "; key = value" line: ${l}`);
        return [m[1]!, m[2]!];
      }),
  );
  const prusaObjects = new Map<
    number,
    { settings: Record<string, string>; volumes: { first: number; last: number }[] }
  >();
  for (const o of text('Metadata/Slic3r_PE_model.config').matchAll(/<object id="(\d+)"[^>]*>([\s\S]*?)<\/object>/g)) {
    const settings = Object.fromEntries(
      [...o[2]!.matchAll(/<metadata type="object" key="([^"]*)" value="([^"]*)"\/>/g)].map((m) => [
        m[1]!,
        unescape(m[2]!),
      ]),
    );
    const volumes = [...o[2]!.matchAll(/<volume firstid="(\d+)" lastid="(\d+)">/g)].map((m) => ({
      first: Number(m[1]),
      last: Number(m[2]),
    }));
    prusaObjects.set(Number(o[1]), { settings, volumes });
  }
  const orca = text('Metadata/model_settings.config');
  const orcaObjects = new Map<number, { settings: Record<string, string>; parts: number[] }>();
  for (const o of orca.matchAll(/<object id="(\d+)">([\s\S]*?)<\/object>/g)) {
    const own = o[2]!.replace(/<part\b[\s\S]*?<\/part>/g, '');
    orcaObjects.set(Number(o[1]), {
      settings: Object.fromEntries(
        [...own.matchAll(/<metadata key="([^"]*)" value="([^"]*)"\/>/g)].map((m) => [m[1]!, unescape(m[2]!)]),
      ),
      parts: [...o[2]!.matchAll(/<part id="(\d+)"/g)].map((m) => Number(m[1])),
    });
  }
  const plate = /<plate>([\s\S]*?)<\/plate>/.exec(orca)?.[1] ?? '';
  const value = (xml: string, key: string): string | undefined =>
    new RegExp(`<metadata key="${key}" value="([^"]*)"/>`).exec(xml)?.[1];
  const instances = [...plate.matchAll(/<model_instance>([\s\S]*?)<\/model_instance>/g)].map((m) => ({
    objectId: Number(value(m[1]!, 'object_id')),
    instanceId: Number(value(m[1]!, 'instance_id')),
  }));
  const name = value(plate.replace(/<model_instance>[\s\S]*?<\/model_instance>/g, ''), 'plater_name');
  return {
    modelMetadata,
    prusaPlate,
    prusaObjects,
    orcaObjects,
    orcaPlate: { name: name === undefined ? undefined : unescape(name), instances },
  };
}
