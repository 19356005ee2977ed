/**
 * 3MF (3D Manufacturing Format, core specification 1.3) as bytes: one `<object>` per distinct mesh, one
 * `<build><item>` per copy with its placement, colours as base materials, unit millimetre. The package
 * is a zip whose entries are written in a fixed order with a fixed date and no compression level that
 * varies, so the same plate gives the same bytes. Meshes are stored exactly as their STL has them (the
 * same float32 vertices and triangles); only the items' transforms place them on the bed.
 *
 * With `slicer` settings the package also carries what the slicers read beside the core model:
 * - PrusaSlicer (prusa3d/PrusaSlicer, src/libslic3r/Format/3mf.cpp): `Metadata/Slic3r_PE.config`, the plate's
 *   settings as `; key = value` lines (read back to front, never the file's first line), and
 *   `Metadata/Slic3r_PE_model.config`, each object's settings as `<metadata type="object">` and its one
 *   volume spanning every triangle. The model declares `slic3rpe:Version3mf` 1: a file without it is split
 *   into one object per build item before the objects' settings are applied, so the copies lose them.
 * - OrcaSlicer and Bambu Studio (SoftFever/OrcaSlicer, src/libslic3r/Format/bbs_3mf.cpp):
 *   `Metadata/model_settings.config`, each object's settings as `<metadata key value>` with its `<part>`,
 *   and a `<plate>` naming the plate (`plater_name`) and listing its instances. The model declares
 *   `BambuStudio:3mfVersion` 1 for the same reason as above (their importer splits other vendors' items).
 */
import { zipSync } from 'fflate';
import type { MeshData } from '../geometry/kernel.js';

export const CORE_NAMESPACE = 'http://schemas.microsoft.com/3dmanufacturing/core/2015/02';
export const MODEL_PATH = '3D/3dmodel.model';

export interface ThreeMfObject {
  /** Shown by slicers as the object's name, e.g. "queens-fleet hull". */
  name: string;
  mesh: MeshData;
  /** Index into `materials`. */
  material: number;
  /** The object's own slicer settings (src/bom/slicer-config.ts), by slicer. */
  settings?: { prusa: readonly [string, string][]; orca: readonly [string, string][] };
}

export interface ThreeMfItem {
  /** Index into `objects`. */
  object: number;
  /** Where the copy stands: turned `rotationDeg` about +Z, then moved by (x, y, z) mm. */
  xMm: number;
  yMm: number;
  zMm: number;
  rotationDeg: number;
}

export interface ThreeMfModel {
  title: string;
  /** Base materials: a name and an sRGB colour `#RRGGBB`. */
  materials: readonly { name: string; color: string }[];
  objects: readonly ThreeMfObject[];
  items: readonly ThreeMfItem[];
  /** PNG bytes shown by slicers and file browsers as the package's picture (Metadata/thumbnail.png), or null. */
  thumbnailPng: Uint8Array | null;
  /** The slicers' plate metadata; absent: a core 3MF only. */
  slicer?: {
    /** The plate's name in OrcaSlicer and Bambu Studio. */
    plateName: string;
    /** PrusaSlicer's plate settings (Slic3r_PE.config), in order. */
    prusa: readonly [string, string][];
  };
}

const THUMBNAIL_PATH = 'Metadata/thumbnail.png';
const PRUSA_PRINT_CONFIG = 'Metadata/Slic3r_PE.config';
const PRUSA_MODEL_CONFIG = 'Metadata/Slic3r_PE_model.config';
const ORCA_MODEL_CONFIG = 'Metadata/model_settings.config';

const xmlText = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Shortest text that reads back as the same float32 (the STL's precision). */
const f32 = (x: number): string => {
  const v = Math.fround(x);
  // Six digits and fewer round float32 alike (its ~7.2 digits keep any shorter match within half a unit
  // of the sixth), so the search starts there: String(Number(...)) drops the padding zeros.
  for (let d = 6; d <= 9; d++) {
    const s = v.toPrecision(d);
    if (Math.fround(Number(s)) === v) return String(Number(s));
  }
  return String(v);
};
const num = (x: number): string => String(Math.round(x * 1e6) / 1e6 + 0);

/** The 4×3 affine matrix of a turn about +Z then a move, in 3MF's row-vector order (m00 m01 m02 … m30 m31 m32). */
export function itemTransform(item: Pick<ThreeMfItem, 'xMm' | 'yMm' | 'zMm' | 'rotationDeg'>): number[] {
  const a = (item.rotationDeg * Math.PI) / 180;
  const [c, s] = [Math.round(Math.cos(a) * 1e12) / 1e12, Math.round(Math.sin(a) * 1e12) / 1e12];
  return [c, s, 0, -s, c, 0, 0, 0, 1, item.xMm, item.yMm, item.zMm];
}

/** ASCII written straight into a growing buffer: no string made, joined and encoded per vertex. */
class AsciiBytes {
  private bytes = new Uint8Array(1 << 16);
  private length = 0;

  private room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(2 * this.bytes.length, this.length + n));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  text(s: string): void {
    this.room(s.length);
    for (let i = 0; i < s.length; i++) this.bytes[this.length++] = s.charCodeAt(i);
  }

  /** A non-negative integer's decimal digits. */
  integer(x: number): void {
    let digits = 1;
    for (let d = 10; d <= x; d *= 10) digits++;
    this.room(digits);
    for (let i = this.length + digits - 1; i >= this.length; i--, x = Math.floor(x / 10)) this.bytes[i] = 48 + (x % 10);
    this.length += digits;
  }

  done(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/** Each mesh's vertices and triangles as the model's XML, kept per mesh: a part on several plates is written once. */
const meshXmls = new WeakMap<MeshData, Uint8Array>();
function meshXml(mesh: MeshData): Uint8Array {
  const kept = meshXmls.get(mesh);
  if (kept) return kept;
  // Each coordinate's text once: a part's meshes repeat their values (about one in six is new), and f32 was
  // most of writing the vertices.
  const texts = new Map<number, string>();
  const text = (x: number): string => {
    let s = texts.get(x);
    if (s === undefined) texts.set(x, (s = f32(x)));
    return s;
  };
  const out = new AsciiBytes();
  out.text('    <vertices>\n');
  const p = mesh.positions;
  for (let v = 0; v < p.length; v += 3) {
    out.text('     <vertex x="');
    out.text(text(p[v]!));
    out.text('" y="');
    out.text(text(p[v + 1]!));
    out.text('" z="');
    out.text(text(p[v + 2]!));
    out.text('"/>\n');
  }
  out.text('    </vertices>\n    <triangles>\n');
  const t = mesh.triangles;
  for (let k = 0; k < t.length; k += 3) {
    out.text('     <triangle v1="');
    out.integer(t[k]!);
    out.text('" v2="');
    out.integer(t[k + 1]!);
    out.text('" v3="');
    out.integer(t[k + 2]!);
    out.text('"/>\n');
  }
  out.text('    </triangles>\n');
  const xml = out.done();
  meshXmls.set(mesh, xml);
  return xml;
}

/** The model as UTF-8: its text round each object's mesh, which `meshXml` gives as bytes. */
function modelXml(m: ThreeMfModel): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  // Lines of text up to the next mesh, each ending in a newline.
  let lines: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<model unit="millimeter" xml:lang="en-US" xmlns="${CORE_NAMESPACE}">`,
    ` <metadata name="Title">${xmlText(m.title)}</metadata>`,
    ` <metadata name="Application">shipwright</metadata>`,
    ...(m.slicer
      ? [' <metadata name="slic3rpe:Version3mf">1</metadata>', ' <metadata name="BambuStudio:3mfVersion">1</metadata>']
      : []),
    ' <resources>',
    '  <basematerials id="1">',
    ...m.materials.map((b) => `   <base name="${xmlText(b.name)}" displaycolor="${b.color.toUpperCase()}FF"/>`),
    '  </basematerials>',
  ];
  const flush = (): void => void parts.push(enc.encode(`${lines.join('\n')}\n`));
  m.objects.forEach((o, i) => {
    lines.push(
      `  <object id="${i + 2}" type="model" name="${xmlText(o.name)}" pid="1" pindex="${o.material}">`,
      '   <mesh>',
    );
    flush();
    parts.push(meshXml(o.mesh));
    lines = ['   </mesh>', '  </object>'];
  });
  lines.push(' </resources>', ' <build>');
  for (const it of m.items)
    lines.push(`  <item objectid="${it.object + 2}" transform="${itemTransform(it).map(num).join(' ')}"/>`);
  lines.push(' </build>', '</model>');
  flush();
  const out = new Uint8Array(parts.reduce((n, b) => n + b.length, 0));
  parts.reduce((at, b) => (out.set(b, at), at + b.length), 0);
  return out;
}

/** The first line is a comment PrusaSlicer skips; every other line one `; key = value` (3mf.cpp's load_from_gcode_string_legacy). */
const prusaPrintConfig = (m: ThreeMfModel, kv: readonly [string, string][]): string =>
  [`; ${m.title}: written by shipwright`, ...kv.map(([k, v]) => `; ${k} = ${v}`), ''].join('\n');

function prusaModelConfig(m: ThreeMfModel): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<config>'];
  m.objects.forEach((o, i) => {
    out.push(
      ` <object id="${i + 2}" instances_count="${m.items.filter((it) => it.object === i).length}">`,
      `  <metadata type="object" key="name" value="${xmlText(o.name)}"/>`,
    );
    for (const [k, v] of o.settings?.prusa ?? [])
      out.push(`  <metadata type="object" key="${xmlText(k)}" value="${xmlText(v)}"/>`);
    out.push(
      `  <volume firstid="0" lastid="${o.mesh.triangles.length / 3 - 1}">`,
      `   <metadata type="volume" key="name" value="${xmlText(o.name)}"/>`,
      '  </volume>',
      ' </object>',
    );
  });
  out.push('</config>', '');
  return out.join('\n');
}

function orcaModelConfig(m: ThreeMfModel, plateName: string): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<config>'];
  m.objects.forEach((o, i) => {
    out.push(` <object id="${i + 2}">`, `  <metadata key="name" value="${xmlText(o.name)}"/>`);
    for (const [k, v] of o.settings?.orca ?? []) out.push(`  <metadata key="${xmlText(k)}" value="${xmlText(v)}"/>`);
    out.push(
      `  <part id="${i + 2}" subtype="normal_part">`,
      `   <metadata key="name" value="${xmlText(o.name)}"/>`,
      '  </part>',
      ' </object>',
    );
  });
  out.push(
    ' <plate>',
    '  <metadata key="plater_id" value="1"/>',
    `  <metadata key="plater_name" value="${xmlText(plateName)}"/>`,
    '  <metadata key="locked" value="false"/>',
  );
  const seen = new Map<number, number>();
  m.items.forEach((it, k) => {
    const instance = seen.get(it.object) ?? 0;
    seen.set(it.object, instance + 1);
    out.push(
      '  <model_instance>',
      `   <metadata key="object_id" value="${it.object + 2}"/>`,
      `   <metadata key="instance_id" value="${instance}"/>`,
      `   <metadata key="identify_id" value="${k + 1}"/>`,
      '  </model_instance>',
    );
  });
  out.push(' </plate>', '</config>', '');
  return out.join('\n');
}

const contentTypes = (png: boolean): string => `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
 <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
 <Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>
${png ? ' <Default Extension="png" ContentType="image/png"/>\n' : ''}</Types>
`;
// The package thumbnail's relationship type is OPC's (3MF core specification, 3.3 "Thumbnail").
const rels = (png: boolean): string => `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
 <Relationship Target="/${MODEL_PATH}" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>
${png ? ` <Relationship Target="/${THUMBNAIL_PATH}" Id="rel1" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail"/>\n` : ''}</Relationships>
`;

/** The 3MF package's bytes: content types, relationships, the model, the thumbnail and the slicers' metadata, in that order. */
export function serialize3mf(model: ThreeMfModel): Uint8Array {
  const enc = new TextEncoder();
  // A fixed date, so the bytes do not depend on when they were made. Zip dates are local time and fflate
  // reads the local fields: local midnight, made now, gives the same bytes in every time zone.
  // Level 1: a plate's XML still deflates to about a sixth (measured), several times faster than level 6.
  const opts = { mtime: new Date(2020, 0, 1), level: 1 } as const;
  const png = model.thumbnailPng !== null;
  return zipSync(
    {
      '[Content_Types].xml': [enc.encode(contentTypes(png)), opts],
      '_rels/.rels': [enc.encode(rels(png)), opts],
      [MODEL_PATH]: [modelXml(model), opts],
      // PNG is deflated already.
      ...(model.thumbnailPng ? { [THUMBNAIL_PATH]: [model.thumbnailPng, { ...opts, level: 0 }] as const } : {}),
      ...(model.slicer
        ? {
            [PRUSA_PRINT_CONFIG]: [enc.encode(prusaPrintConfig(model, model.slicer.prusa)), opts] as const,
            [PRUSA_MODEL_CONFIG]: [enc.encode(prusaModelConfig(model)), opts] as const,
            [ORCA_MODEL_CONFIG]: [enc.encode(orcaModelConfig(model, model.slicer.plateName)), opts] as const,
          }
        : {}),
    },
    opts,
  );
}
