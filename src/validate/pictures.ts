/**
 * `validate --previews`: each finding that knows its place drawn on its part, the place highlighted, the
 * camera looking into it. Pictures are values (PNG bytes with a file name); the CLI writes them.
 */
import type { BoundsMm, MeshData } from '../geometry/kernel.js';
import { parseStl } from '../mesh/stl.js';
import { encodePng } from '../render/image.js';
import { PREVIEW_SIZE, viewFor } from '../render/previews.js';
import { render, type View } from '../render/raster.js';
import type { Finding, MeshFile } from './types.js';

/** The grey parts are drawn in, so the highlight is the only colour. */
const PART_HEX = '#9AA0A6';

/**
 * The camera for a place: from the place's side of the part (its centre seen from the part's centre),
 * tilted toward the usual front-right view so walls still read.
 */
function viewInto(box: BoundsMm, mesh: MeshData): View {
  const p = mesh.positions;
  const c = [0, 0, 0],
    n = p.length / 3;
  for (let v = 0; v < p.length; v++) c[v % 3]! += p[v]! / n;
  const out = [0, 1, 2].map((k) => (box.min[k]! + box.max[k]!) / 2 - c[k]!);
  const l = Math.hypot(...out);
  const usual = viewFor(mesh);
  const az = (usual.azimuthDeg * Math.PI) / 180,
    el = (usual.elevationDeg * Math.PI) / 180;
  const d = [0, 1, 2].map(
    (k) =>
      (l > 1e-6 ? out[k]! / l : 0) + 0.8 * [Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el)][k]!,
  );
  return {
    azimuthDeg: (Math.atan2(d[1]!, d[0]!) * 180) / Math.PI,
    elevationDeg: Math.min(89, Math.max(10, (Math.asin(d[2]! / Math.hypot(...d)) * 180) / Math.PI)),
  };
}

/** A picture per finding that has a place on a checked file, named `<faction or shared>-<part>-<rule>-<n>.png`. */
export function findingPictures(
  findings: readonly Finding[],
  files: readonly MeshFile[],
): Map<Finding, { name: string; bytes: Uint8Array }> {
  const out = new Map<Finding, { name: string; bytes: Uint8Array }>();
  const taken = new Map<string, number>();
  // Each file parsed once, however many findings it has.
  const meshes = new Map<MeshFile, MeshData>();
  for (const f of findings) {
    const file = f.at && files.find((x) => x.path === f.at!.file);
    if (!f.at || !file) continue;
    if (!meshes.has(file)) meshes.set(file, parseStl(file.bytes));
    const mesh = meshes.get(file)!;
    const stem = `${file.faction ?? 'shared'}-${file.part}-${f.rule.replace(/\//g, '-')}`;
    const n = (taken.get(stem) ?? 0) + 1;
    taken.set(stem, n);
    const img = render([{ mesh, colorHex: PART_HEX, highlight: f.at.boxMm }], {
      ...PREVIEW_SIZE,
      view: viewInto(f.at.boxMm, mesh),
      supersample: 2,
      backgroundHex: '#FFFFFF',
    });
    out.set(f, { name: `${stem}-${n}.png`, bytes: encodePng(img) });
  }
  return out;
}
