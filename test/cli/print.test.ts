/**
 * `shipwright print` as a user runs it, checked from the files it writes: each plate re-opened by a reader
 * that shares nothing with the writer, counted against `bom` for the same table, its meshes compared with
 * the STLs, the parts' shadows measured on the bed.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRINT_PLATE, PRINTERS } from '../../src/standard.js';
import { runBuilt } from '../helpers/cli.js';
import { shadowGap, shadowOf } from '../helpers/shadow.js';
import { place, read3mf, type Read3mf } from '../helpers/threemf.js';

interface JsonPlan {
  plates: { file: string; colour: string; material: string; objects: { name: string; count: number }[]; grams: number; minutes: number }[];
  lowerBound: number;
  spools: { colour: string; spools: number }[];
  notPrinted: { item: string; quantity: number }[];
}

const TABLE = ['--players', '2', '--factions', 'corsairs,the-islanders', '--printer', 'prusa-mini'];
const BED = PRINTERS.find((p) => p.id === 'prusa-mini')!;
let work: string;
let plan: JsonPlan;
let plates: Map<string, Read3mf>;

/** The vertices of a binary STL, read here from its bytes. */
async function stlVertices(path: string): Promise<Set<string>> {
  const stl = await readFile(path);
  const out = new Set<string>();
  for (let t = 0; t < stl.readUInt32LE(80); t++)
    for (let v = 0; v < 3; v++) out.add([0, 1, 2].map((k) => stl.readFloatLE(84 + t * 50 + 12 + v * 12 + k * 4)).join(','));
  return out;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sw-print-'));
  const r = await runBuilt(['print', ...TABLE, '--out', join(work, 'out'), '--json']);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  plan = JSON.parse(r.out) as JsonPlan;
  plates = new Map(await Promise.all(plan.plates.map(async (p) => [p.file, read3mf(await readFile(join(work, 'out', p.file)))] as const)));
}, 180_000);

describe('shipwright print', () => {
  it('prints as many copies of every file as bom counts for the same table', async () => {
    const bom = JSON.parse((await runBuilt(['bom', ...TABLE, '--json'])).out) as { rows: { file: string; quantity: number }[] };
    const wanted = new Map<string, number>();
    for (const r of bom.rows) wanted.set(r.file, (wanted.get(r.file) ?? 0) + r.quantity);
    const manifest = JSON.parse(await readFile(join(work, 'out', 'manifest.json'), 'utf8')) as { files: { path: string; tableQuantity: number }[]; otherFiles: { path: string }[]; builds: { table: unknown }[] };
    // The manifest counts the same table the same way.
    expect(manifest.builds.map((b) => b.table)).toEqual([{ players: 2, mode: 'default' }]);
    for (const f of manifest.files) expect(f.tableQuantity, f.path).toBe(wanted.get(f.path) ?? 0);
    const onPlates = new Map<string, number>();
    for (const [file, model] of plates) {
      const planned = plan.plates.find((p) => p.file === file)!;
      for (const o of model.objects) {
        const copies = model.items.filter((i) => i.objectId === o.id).length;
        expect(copies, `${file} ${o.name}`).toBe(planned.objects.find((x) => x.name === o.name)!.count);
        // Which STL the object is: the one whose vertices it holds.
        const candidates = [...wanted.keys()];
        let match: string | undefined;
        for (const c of candidates) {
          const v = await stlVertices(join(work, 'out', c));
          if (v.size === new Set(o.vertices.map((p) => p.map(Math.fround).join(','))).size && o.vertices.every((p) => v.has(p.map(Math.fround).join(',')))) match = c;
        }
        expect(match, `${file} ${o.name} is no STL's mesh`).toBeDefined();
        onPlates.set(match!, (onPlates.get(match!) ?? 0) + copies);
      }
    }
    expect(onPlates).toEqual(wanted);
    expect(manifest.otherFiles.map((o) => o.path)).toEqual([...plan.plates.map((p) => p.file), 'print-plan.md'].sort());
  });

  it("keeps every part's shadow on the bed less its edge, and the gap between any two", () => {
    const nested = new Set<string>();
    for (const [file, model] of plates) {
      const shadows = model.items.map((item) => {
        const o = model.objects.find((x) => x.id === item.objectId)!;
        const pts = o.vertices.map((p) => place(item.transform, p));
        expect(Math.min(...pts.map((p) => p[2]!)), `${file}: every copy stands on the bed`).toBeCloseTo(0, 4);
        return shadowOf(pts, o.triangles);
      });
      const e = PRINT_PLATE.edgeMm - 1e-3;
      for (const { box: b } of shadows) expect(b.x0 >= e && b.y0 >= e && b.x1 <= BED.bedXMm - e && b.y1 <= BED.bedYMm - e, `${file} ${JSON.stringify(b)}`).toBe(true);
      for (let i = 0; i < shadows.length; i++)
        for (let j = i + 1; j < shadows.length; j++) {
          expect(shadowGap(shadows[i]!, shadows[j]!, PRINT_PLATE.gapMm), `${file}: items ${i} and ${j}`).toBeGreaterThanOrEqual(PRINT_PLATE.gapMm - 1e-3);
          const [a, b] = [shadows[i]!.box, shadows[j]!.box];
          if (Math.max(b.x0 - a.x1, a.x0 - b.x1, b.y0 - a.y1, a.y0 - b.y1) < PRINT_PLATE.gapMm - 1e-3) nested.add(file);
        }
    }
    // Some plate nests by outline (two boxes closer than the gap), so the outlines were refereed too.
    expect(nested.size).toBeGreaterThan(0);
  });

  it('gives every plate a thumbnail of its parts on the bed', async () => {
    const { unzipSync } = await import('fflate');
    const { PNG } = await import('pngjs');
    for (const p of plan.plates) {
      const entries = unzipSync(await readFile(join(work, 'out', p.file)));
      const img = PNG.sync.read(Buffer.from(entries['Metadata/thumbnail.png']!));
      expect([img.width, img.height], p.file).toEqual([256, 256]);
      // Parts cover some of it: pixels unlike the backdrop's grey.
      let parts = 0;
      for (let i = 0; i < img.data.length; i += 4) if (Math.abs(img.data[i]! - 0xe4) + Math.abs(img.data[i + 1]! - 0xe7) + Math.abs(img.data[i + 2]! - 0xeb) > 24) parts++;
      expect(parts / (256 * 256), p.file).toBeGreaterThan(0.01);
    }
  });

  it('uses at most one plate per colour and material over the area bound', () => {
    const groups = new Set(plan.plates.map((p) => `${p.colour} ${p.material}`)).size;
    expect(plan.plates.length).toBeLessThanOrEqual(plan.lowerBound + groups);
    expect(plan.plates.every((p) => p.grams > 0 && p.minutes > 0)).toBe(true);
    expect(plan.notPrinted.some((n) => /band|O-ring/i.test(n.item))).toBe(true);
  });

  it('writes the same bytes again, and print-plan.md lists every plate', async () => {
    const again = join(work, 'again');
    expect((await runBuilt(['print', ...TABLE, '--out', again])).code).toBe(0);
    for (const p of plan.plates) expect((await readFile(join(again, p.file))).equals(await readFile(join(work, 'out', p.file))), p.file).toBe(true);
    const md = await readFile(join(again, 'print-plan.md'), 'utf8');
    for (const p of plan.plates) expect(md).toContain(p.file);
  });

  it("takes generate's cannon flags, the table's ball material being the ball the cannon is tuned for", async () => {
    const out = join(work, 'petg');
    const r = await runBuilt(['print', ...TABLE, '--cannon-material', 'petg', '--range', '30in', '--ball-material', 'tpu-95a', '--out', out]);
    expect(r.code).toBe(0);
    const m = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as { builds: { settings: { cannonMaterial: string; cannonRangeM: number; cannonDesign: object } }[] };
    expect(m.builds[0]!.settings).toMatchObject({ cannonMaterial: 'petg', cannonRangeM: 0.762, cannonDesign: { ballMaterialId: 'tpu-95a' } });
  });

  it("builds the folder's other factions again when the table's settings differ, says so, and keeps every listed file true", async () => {
    const out = join(work, 'out');
    const r = await runBuilt(['print', '--players', '2', '--factions', 'sun-fleet,sun-fleet', '--clearance', '0.3', '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/note: .*out holds corsairs, the-islanders built with other settings; building them again with these/);
    const m = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as { builds: { settings: { clearanceMm: number }; table: unknown }[]; files: { path: string; faction: string | null; sha256: string }[]; otherFiles: { path: string; sha256: string }[] };
    expect(m.builds.map((b) => [b.settings.clearanceMm, b.table])).toEqual([[0.3, { players: 2, mode: 'default' }]]);
    expect(new Set(m.files.map((f) => f.faction))).toEqual(new Set([null, 'corsairs', 'the-islanders', 'sun-fleet']));
    for (const f of [...m.files, ...m.otherFiles]) expect(createHash('sha256').update(await readFile(join(out, f.path))).digest('hex'), f.path).toBe(f.sha256);
    // The first table's plates are this run's to replace: only the new table's are left.
    expect((await readdir(join(out, 'plates'))).map((p) => `plates/${p}`).sort()).toEqual(m.otherFiles.map((o) => o.path).filter((p) => p.startsWith('plates/')));
  });
});
