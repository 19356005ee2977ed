/**
 * The print plan: a bill of materials laid out on plates. Every copy the plan prints goes on a plate of
 * its colour and material, packed onto the printer's bed (./plates.ts), and each plate becomes one 3MF
 * holding each distinct mesh once and an item per copy. Grams and minutes per plate are the bill of
 * materials' own estimates, so the plates and `bom` agree by construction.
 */
import { createHash } from 'node:crypto';
import type { MeshData } from '../geometry/kernel.js';
import type { PartCache } from '../generate/index.js';
import { serialize3mf, type ThreeMfItem, type ThreeMfModel } from '../mesh/threemf.js';
import { encodePng } from '../render/image.js';
import { plateThumbnail } from '../render/previews.js';
import { displayColor, PRINT_PLATE, type PrinterProfile } from '../standard.js';
import { ANY_COLOR, SPOOL_GRAMS, tableTitle, type Bom, type BomRow } from './bom.js';
import { hours } from './format.js';
import { meshFootprint, quarterTurn, type Footprint } from './footprint.js';
import { packPlates } from './plates.js';

export interface PlateObject {
  name: string;
  count: number;
}

export interface PrintPlate {
  /** Relative to the output folder: `plates/01-black-pla.3mf`. */
  file: string;
  color: string;
  material: string;
  /** The spool to load: the plate's colour, or for "any" parts the colour with the most left on its spools. */
  spool: string;
  objects: PlateObject[];
  grams: number;
  minutes: number;
  bytes: Uint8Array;
}

export interface PrintPlan {
  plates: PrintPlate[];
  /** The fewest plates any packing could use: per colour and material, footprint area over usable bed area. */
  lowerBound: number;
}

/**
 * Where "any"-colour parts go: the spool of this material with the most left once its own parts are
 * printed (the least-used spool), so they use up leftovers before a spool of their own (bom's count).
 */
function leastUsedSpool(bom: Bom, material: string): string {
  const colours = bom.totals.byColor.filter((c) => c.material === material && c.color !== ANY_COLOR);
  const left = (c: (typeof colours)[number]): number => c.spools * SPOOL_GRAMS - c.grams;
  return colours.reduce<(typeof colours)[number] | undefined>((best, c) => (!best || left(c) > left(best) ? c : best), undefined)?.color ?? ANY_COLOR;
}

/** The name a slicer shows for a file's part: "queens-fleet hull" for a faction's own, "coin: brace", "wheel" for a shared one. */
export function objectName(row: Pick<BomRow, 'part' | 'file'>): string {
  const folder = row.file.split('/')[0]!;
  if (folder !== 'shared') return `${folder} ${row.part}`;
  return row.part.startsWith('coin-') ? `coin: ${row.part.slice(5)}` : row.part;
}

const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The bounding box of `mesh` turned `quarter` quarter turns about +Z. */
function bounds(mesh: MeshData, quarter: number): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  const p = mesh.positions;
  for (let v = 0; v < p.length; v += 3) {
    const point = [...quarterTurn(quarter, p[v]!, p[v + 1]!), p[v + 2]!];
    for (let k = 0; k < 3; k++) (min[k] = Math.min(min[k]!, point[k]!)), (max[k] = Math.max(max[k]!, point[k]!));
  }
  return { min, max };
}

/** Draws a plate's thumbnail as PNG bytes (null: none); the CLI passes one that keeps them in the part cache. */
export type DrawThumbnail = (plate: Omit<ThreeMfModel, 'thumbnailPng'>, bedXMm: number, bedYMm: number) => Promise<Uint8Array | null>;

const thumbnailPng = (plate: Omit<ThreeMfModel, 'thumbnailPng'>, bedXMm: number, bedYMm: number): Uint8Array => encodePng(plateThumbnail(plate, bedXMm, bedYMm));

/** Renders the thumbnail (src/render/previews.ts's plateThumbnail). */
export const drawThumbnail: DrawThumbnail = async (plate, bedXMm, bedYMm) => thumbnailPng(plate, bedXMm, bedYMm);

/**
 * `drawThumbnail`, kept in `cache`: a warm run draws nothing. The key is the code's version, the bed, and
 * the plate's meshes, colours and places, so any change draws again.
 */
export function cachedThumbnails(cache: PartCache): DrawThumbnail {
  return async (plate, bedXMm, bedYMm) => {
    const h = createHash('sha256').update(`${cache.codeVersion}\0${bedXMm}\0${bedYMm}\0${JSON.stringify(plate.materials)}\0${JSON.stringify(plate.items)}`);
    for (const o of plate.objects) {
      h.update(`\0${o.material}\0`);
      h.update(new Uint8Array(o.mesh.positions.buffer, o.mesh.positions.byteOffset, o.mesh.positions.byteLength));
      h.update(new Uint8Array(o.mesh.triangles.buffer, o.mesh.triangles.byteOffset, o.mesh.triangles.byteLength));
    }
    const key = h.digest('hex');
    const kept = await cache.getBytes(key, THUMBNAIL_KIND);
    if (kept) return kept;
    const png = thumbnailPng(plate, bedXMm, bedYMm);
    await cache.putBytes(key, THUMBNAIL_KIND, png);
    return png;
  };
}

const THUMBNAIL_KIND = 'plate-thumbnail';

/**
 * Lays the bill of materials out on plates for `printer`. `mesh(file)` gives each generated file's mesh
 * (as its STL holds it, lying as it prints); `draw` each plate's thumbnail (default: drawThumbnail).
 */
export async function planPlates(bom: Bom, mesh: (file: string) => MeshData, printer: PrinterProfile, draw: DrawThumbnail = drawThumbnail): Promise<PrintPlan> {
  const groups = new Map<string, BomRow[]>();
  for (const r of bom.rows) {
    const key = `${r.color}\0${r.material}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const plates: PrintPlate[] = [];
  let lowerBound = 0;
  for (const rows of [...groups.values()].sort((a, b) => (a[0]!.color < b[0]!.color ? -1 : a[0]!.color > b[0]!.color ? 1 : a[0]!.material < b[0]!.material ? -1 : 1))) {
    const { color, material } = rows[0]!;
    const spool = color === ANY_COLOR ? leastUsedSpool(bom, material) : color;
    // One object per file: rows of several factions may print the same shared file.
    const byFile = new Map<string, { row: BomRow; count: number; mesh: MeshData; footprint: Footprint }>();
    for (const r of rows) {
      const seen = byFile.get(r.file);
      if (seen) seen.count += r.quantity;
      else {
        const m = mesh(r.file);
        byFile.set(r.file, { row: r, count: r.quantity, mesh: m, footprint: meshFootprint(m, PRINT_PLATE.cellMm) });
      }
    }
    const items = [...byFile.entries()].map(([file, f]) => ({ key: file, footprint: f.footprint, count: f.count, group: file.split('/')[0]! }));
    const packing = packPlates(items, printer.bedXMm, printer.bedYMm, PRINT_PLATE);
    lowerBound += packing.lowerBound;
    const files = [...byFile.keys()];
    for (const copies of packing.plates) {
      const used = files.filter((f) => copies.some((c) => c.key === f));
      // Measured once per file and turn, not per copy.
      const kept = new Map<string, { min: number[]; max: number[] }>();
      const turnedBounds = (file: string, quarter: number): { min: number[]; max: number[] } => {
        const k = `${file} ${quarter}`;
        if (!kept.has(k)) kept.set(k, bounds(byFile.get(file)!.mesh, quarter));
        return kept.get(k)!;
      };
      const model: Omit<ThreeMfModel, 'thumbnailPng'> = {
        title: `${color} ${material}, plate ${plates.length + 1}`,
        materials: [{ name: `${spool} ${material}`, color: displayColor(spool) }],
        objects: used.map((f) => ({ name: objectName(byFile.get(f)!.row), mesh: byFile.get(f)!.mesh, material: 0 })),
        items: copies.map((c): ThreeMfItem => {
          // The turned mesh's lower-left corner goes to (x, y), its lowest point to the bed.
          const turned = turnedBounds(c.key, c.quarter);
          return { object: used.indexOf(c.key), xMm: c.xMm - turned.min[0]!, yMm: c.yMm - turned.min[1]!, zMm: -turned.min[2]!, rotationDeg: 90 * c.quarter };
        }),
      };
      const count = (f: string): number => copies.filter((c) => c.key === f).length;
      plates.push({
        file: `plates/${String(plates.length + 1).padStart(2, '0')}-${slug(color)}-${slug(material)}.3mf`,
        color,
        material,
        spool,
        objects: used.map((f) => ({ name: objectName(byFile.get(f)!.row), count: count(f) })),
        grams: used.reduce((s, f) => s + count(f) * byFile.get(f)!.row.gramsEach, 0),
        minutes: used.reduce((s, f) => s + count(f) * byFile.get(f)!.row.minutesEach, 0),
        bytes: serialize3mf({ ...model, thumbnailPng: await draw(model, printer.bedXMm, printer.bedYMm) }),
      });
    }
  }
  return { plates, lowerBound };
}

/** The plan as JSON: plates in order with their objects, grams and minutes; the bound; spools; what to buy. */
export function printPlanJson(plan: PrintPlan, bom: Bom): string {
  const r1 = (x: number): number => Math.round(x * 10) / 10;
  const data = {
    plates: plan.plates.map((p) => ({ file: p.file, colour: p.color, material: p.material, spool: p.spool, objects: p.objects, grams: r1(p.grams), minutes: r1(p.minutes) })),
    lowerBound: plan.lowerBound,
    spools: bom.totals.byColor.map((c) => ({ colour: c.color, material: c.material, grams: r1(c.grams), spools: c.spools })),
    notPrinted: bom.notPrinted,
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** print-plan.md: the plates in order, then the spools to buy and what is not printed. */
export function printPlanMarkdown(plan: PrintPlan, bom: Bom): string {
  const lines = [
    `# Print plan: ${tableTitle(bom)}`,
    '',
    `${plan.plates.length} plates (at least ${plan.lowerBound} by area); ${bom.totals.grams.toFixed(0)} g, ${hours(bom.totals.minutes)} of printing.`,
    '',
    '| plate | colour | material | load spool | objects | g | time |',
    '| --- | --- | --- | --- | --- | ---: | ---: |',
    ...plan.plates.map((p) => `| \`${p.file}\` | ${p.color} | ${p.material} | ${p.spool} | ${p.objects.map((o) => `${o.count} × ${o.name}`).join(', ')} | ${p.grams.toFixed(1)} | ${hours(p.minutes)} |`),
    '',
    '## Spools (1 kg)',
    '',
    ...bom.totals.byColor.map((c) => `- ${c.color} ${c.material}: ${c.grams.toFixed(0)} g, ${c.spools} spool${c.spools === 1 ? '' : 's'}`),
    '',
    ...(bom.notPrinted.length ? ['## Not printed, to buy', '', ...bom.notPrinted.map((n) => `- ${n.quantity} × ${n.item}`), ''] : []),
  ];
  return lines.join('\n');
}
