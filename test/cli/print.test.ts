/**
 * `shipwright print` as a user runs it, checked from the files it writes: each plate re-opened by a reader
 * that shares nothing with the writer, counted against `bom` for the same table, its meshes compared with
 * the STLs, the parts' shadows measured on the bed.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { partPrint } from '../../src/bom/part-print.js';
import { findMaterial } from '../../src/materials.js';
import { displayColor, PRINT_DEFAULTS, PRINT_PLATE, PRINTABILITY, PRINTERS } from '../../src/standard.js';
import { runBuilt } from '../helpers/cli.js';
import { shadowGap, shadowOf } from '../helpers/shadow.js';
import { place, read3mf, readSlicerSettings, type Read3mf } from '../helpers/threemf.js';

interface JsonSettings {
  layerHeightMm: number;
  infillPercent: number;
  perimeters: number;
  brimMm: number;
  supports: boolean;
}

interface JsonPlan {
  printer: { id: string; bedXMm: number; bedYMm: number };
  order: string[];
  plates: {
    index: number;
    file: string;
    step: 'coupon' | 'test-ship' | 'table';
    colour: string;
    material: string;
    spool: string;
    spoolHex: string;
    objects: { name: string; file: string; count: number; settings: JsonSettings; rules: string[] }[];
    grams: number;
    minutes: number;
    checks: string[];
  }[];
  lowerBound: number;
  filamentChanges: number;
  spools: { colour: string; material: string; grams: number; have: number; buy: number }[];
  notPrinted: { item: string; quantity: number }[];
}

interface ManifestFile {
  path: string;
  part: string;
  brim: boolean;
  material: string;
  tableQuantity: number;
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
    for (let v = 0; v < 3; v++)
      out.add([0, 1, 2].map((k) => stl.readFloatLE(84 + t * 50 + 12 + v * 12 + k * 4)).join(','));
  return out;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sw-print-'));
  const r = await runBuilt(['print', ...TABLE, '--out', join(work, 'out'), '--json']);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  plan = JSON.parse(r.out) as JsonPlan;
  plates = new Map(
    await Promise.all(
      plan.plates.map(async (p) => [p.file, read3mf(await readFile(join(work, 'out', p.file)))] as const),
    ),
  );
}, 180_000);

describe('shipwright print', () => {
  it('prints as many copies of every file as bom counts for the same table', async () => {
    const bom = JSON.parse((await runBuilt(['bom', ...TABLE, '--json'])).out) as {
      rows: { file: string; quantity: number }[];
    };
    const wanted = new Map<string, number>();
    for (const r of bom.rows) wanted.set(r.file, (wanted.get(r.file) ?? 0) + r.quantity);
    const manifest = JSON.parse(await readFile(join(work, 'out', 'manifest.json'), 'utf8')) as {
      files: ManifestFile[];
      otherFiles: { path: string }[];
      builds: { table: unknown }[];
    };
    // The manifest counts the same table the same way.
    expect(manifest.builds.map((b) => b.table)).toEqual([{ players: 2, mode: 'default' }]);
    for (const f of manifest.files) expect(f.tableQuantity, f.path).toBe(wanted.get(f.path) ?? 0);
    const onPlates = new Map<string, number>();
    const extra = new Map<string, number>();
    for (const [file, model] of plates) {
      const planned = plan.plates.find((p) => p.file === file)!;
      // The coupon and the test ship are printed besides the table's copies.
      const counted = planned.step === 'table' ? onPlates : extra;
      for (const o of model.objects) {
        const copies = model.items.filter((i) => i.objectId === o.id).length;
        expect(copies, `${file} ${o.name}`).toBe(planned.objects.find((x) => x.name === o.name)!.count);
        // Which STL the object is: the one whose vertices it holds.
        const candidates = [...wanted.keys(), 'shared/fit-coupon.stl'];
        let match: string | undefined;
        for (const c of candidates) {
          const v = await stlVertices(join(work, 'out', c));
          if (
            v.size === new Set(o.vertices.map((p) => p.map(Math.fround).join(','))).size &&
            o.vertices.every((p) => v.has(p.map(Math.fround).join(',')))
          )
            match = c;
        }
        expect(match, `${file} ${o.name} is no STL's mesh`).toBeDefined();
        counted.set(match!, (counted.get(match!) ?? 0) + copies);
      }
    }
    expect(onPlates).toEqual(wanted);
    // Plate 0 the coupon, plate 1 one of each part of the first faction's ship; then the table.
    expect(plan.plates.map((p) => [p.index, p.step]).slice(0, 2)).toEqual([
      [0, 'coupon'],
      [1, 'test-ship'],
    ]);
    expect(plan.plates.slice(2).every((p) => p.step === 'table')).toBe(true);
    expect(plan.order).toEqual(plan.plates.map((p) => p.file));
    const ship = [...extra.keys()].filter((f) => f !== 'shared/fit-coupon.stl');
    expect(extra.get('shared/fit-coupon.stl')).toBe(1);
    expect(ship.every((f) => extra.get(f) === 1)).toBe(true);
    expect(ship).toEqual(
      expect.arrayContaining([
        'corsairs/hull.stl',
        'shared/wheel.stl',
        'shared/carriage.stl',
        'shared/mast.stl',
        'shared/sail.stl',
        'shared/cannon.stl',
        'shared/cannonball.stl',
      ]),
    );
    expect(manifest.otherFiles.map((o) => o.path)).toEqual(
      [
        ...plan.plates.map((p) => p.file),
        'assembly/corsairs.png',
        'assembly/the-islanders.png',
        'print-plan.md',
      ].sort(),
    );
  });

  it("keeps every part's shadow, and its brim, on the bed less its edge, and the gap between any two", () => {
    const nested = new Set<string>();
    for (const [file, model] of plates) {
      const planned = plan.plates.find((p) => p.file === file)!;
      const brimOf = (name: string): number => planned.objects.find((o) => o.name === name)!.settings.brimMm;
      const brims = model.items.map((item) => brimOf(model.objects.find((x) => x.id === item.objectId)!.name));
      const shadows = model.items.map((item) => {
        const o = model.objects.find((x) => x.id === item.objectId)!;
        const pts = o.vertices.map((p) => place(item.transform, p));
        expect(Math.min(...pts.map((p) => p[2]!)), `${file}: every copy stands on the bed`).toBeCloseTo(0, 4);
        return shadowOf(pts, o.triangles);
      });
      const e = PRINT_PLATE.edgeMm - 1e-3;
      shadows.forEach(({ box: b }, i) =>
        expect(
          b.x0 - brims[i]! >= e &&
            b.y0 - brims[i]! >= e &&
            b.x1 + brims[i]! <= BED.bedXMm - e &&
            b.y1 + brims[i]! <= BED.bedYMm - e,
          `${file} ${JSON.stringify(b)}`,
        ).toBe(true),
      );
      for (let i = 0; i < shadows.length; i++)
        for (let j = i + 1; j < shadows.length; j++) {
          // A brim reaches its width out from the part: two parts stand their brims and the gap apart.
          const apart = PRINT_PLATE.gapMm + brims[i]! + brims[j]!;
          expect(shadowGap(shadows[i]!, shadows[j]!, apart), `${file}: items ${i} and ${j}`).toBeGreaterThanOrEqual(
            apart - 1e-3,
          );
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
      for (let i = 0; i < img.data.length; i += 4)
        if (Math.abs(img.data[i]! - 0xe4) + Math.abs(img.data[i + 1]! - 0xe7) + Math.abs(img.data[i + 2]! - 0xeb) > 24)
          parts++;
      expect(parts / (256 * 256), p.file).toBeGreaterThan(0.01);
    }
  });

  it('uses at most one plate per colour and material over the area bound, and changes filament once per spool', () => {
    const table = plan.plates.filter((p) => p.step === 'table');
    const groups = new Set(table.map((p) => `${p.colour} ${p.material}`)).size;
    expect(table.length).toBeLessThanOrEqual(plan.lowerBound + groups);
    // Each spool loaded once: as many changes as spools after the first, the coupon and test ship on the first.
    const loads = plan.plates.map((p) => `${p.spool} ${p.material}`);
    expect(plan.filamentChanges).toBe(new Set(loads).size - 1);
    expect(loads.filter((l, i) => i > 0 && l !== loads[i - 1]).length).toBe(plan.filamentChanges);
    expect(plan.plates.every((p) => p.grams > 0 && p.minutes > 0)).toBe(true);
    expect(plan.notPrinted.some((n) => /band|O-ring/i.test(n.item))).toBe(true);
  });

  it("carries every object's settings from the settings table, as PrusaSlicer and OrcaSlicer read them", async () => {
    const manifest = JSON.parse(await readFile(join(work, 'out', 'manifest.json'), 'utf8')) as {
      files: ManifestFile[];
    };
    const byPath = new Map(manifest.files.map((f) => [f.path, f]));
    // The table's print: the CLI's defaults (--layer-height, --infill) and PRINT_DEFAULTS.
    const table = {
      layerHeightMm: PRINT_DEFAULTS.layerHeightMm,
      lineWidthMm: PRINT_DEFAULTS.lineWidthMm,
      perimeters: PRINT_DEFAULTS.perimeters,
      topLayers: PRINT_DEFAULTS.topLayers,
      bottomLayers: PRINT_DEFAULTS.bottomLayers,
      infillFraction: PRINT_DEFAULTS.infillFraction,
    };
    const pct = (f: number): string => `${Math.round(f * 1000) / 10}%`;
    const seen = { cannons: 0, brims: 0 };
    for (const planned of plan.plates) {
      const bytes = await readFile(join(work, 'out', planned.file));
      const model = read3mf(bytes);
      const cfg = readSlicerSettings(bytes);
      expect(cfg.modelMetadata, planned.file).toMatchObject({
        'slic3rpe:Version3mf': '1',
        'BambuStudio:3mfVersion': '1',
      });
      // The plate: the table's settings, the bed, the spool's colour and the material's density.
      const material = findMaterial(planned.material)!;
      expect(cfg.prusaPlate, planned.file).toMatchObject({
        layer_height: '0.2',
        first_layer_height: '0.2',
        fill_density: '15%',
        perimeters: '2',
        top_solid_layers: '5',
        bottom_solid_layers: '4',
        support_material: '0',
        brim_width: '0',
        skirts: '0',
        bed_shape: `0x0,${BED.bedXMm}x0,${BED.bedXMm}x${BED.bedYMm},0x${BED.bedYMm}`,
        filament_colour: displayColor(planned.spool),
        extruder_colour: displayColor(planned.spool),
        filament_density: String(material.densityGPerCm3.value),
      });
      expect(planned.spoolHex).toBe(displayColor(planned.spool));
      expect(cfg.orcaPlate.name, planned.file).toMatch(new RegExp(`^Plate ${planned.index}: `));
      expect(cfg.orcaPlate.instances.length, planned.file).toBe(model.items.length);
      for (const o of model.objects) {
        const entry = planned.objects.find((x) => x.name === o.name)!;
        const file = byPath.get(entry.file)!;
        const want = partPrint(table, { part: file.part, material: file.material, brim: file.brim }).settings;
        const brim = want.brimWidthMm ?? 0;
        // PrusaSlicer: the object's settings over the plate's.
        const prusa = cfg.prusaObjects.get(o.id)!;
        const effective = { ...cfg.prusaPlate, ...prusa.settings };
        expect(effective, `${planned.file} ${o.name}`).toMatchObject({
          name: o.name,
          fill_density: pct(want.infillFraction),
          perimeters: String(want.perimeters),
          brim_type: brim > 0 ? 'outer_only' : 'no_brim',
          brim_width: String(brim),
          support_material: '0',
        });
        expect(prusa.volumes).toEqual([{ first: 0, last: o.triangles.length - 1 }]);
        // OrcaSlicer and Bambu Studio: the object carries its brim and supports, and whatever differs from the plate.
        const orca = cfg.orcaObjects.get(o.id)!;
        expect(orca.parts).toEqual([o.id]);
        expect(orca.settings, `${planned.file} ${o.name}`).toMatchObject({
          name: o.name,
          brim_type: brim > 0 ? 'outer_only' : 'no_brim',
          brim_width: String(brim),
          enable_support: '0',
        });
        expect(orca.settings.sparse_infill_density ?? pct(table.infillFraction)).toBe(pct(want.infillFraction));
        expect(orca.settings.wall_loops ?? String(table.perimeters)).toBe(String(want.perimeters));
        expect(cfg.orcaPlate.instances.filter((i) => i.objectId === o.id).length).toBe(
          model.items.filter((i) => i.objectId === o.id).length,
        );
        // --json says the same.
        expect(entry.settings).toMatchObject({
          infillPercent: want.infillFraction * 100,
          perimeters: want.perimeters,
          brimMm: brim,
          supports: false,
        });
        if (file.part === 'cannon') (seen.cannons++, expect(effective.fill_density).toBe('100%'));
        if (file.brim) (seen.brims++, expect(effective.brim_width).toBe(String(PRINTABILITY.brimWidthMm)));
      }
    }
    // Every plate holding cannons printed them solid; every brim part had its brim.
    expect(seen.cannons).toBeGreaterThan(1);
    expect(seen.brims).toBeGreaterThan(3);
  });

  it('buys no spool of the colours the user has, from the profile and --have', async () => {
    const colours = ['black', 'teal'];
    expect(plan.spools.filter((s) => colours.includes(s.colour)).map((s) => s.buy)).toEqual([1, 1]);
    // A full black spool on the profile's shelf, what is left on a teal one on the command line.
    const profile = join(work, 'shelf.yaml');
    await writeFile(profile, 'version: 1\ncalibration: {}\nhave:\n  - colour: black\n    spools: 1\n');
    const teal = plan.spools.find((s) => s.colour === 'teal')!.grams;
    const r = await runBuilt([
      'print',
      ...TABLE,
      '--profile',
      profile,
      '--have',
      `teal:${Math.ceil(teal)}g`,
      '--out',
      join(work, 'have'),
      '--json',
    ]);
    expect(r.code, r.err).toBe(0);
    const have = JSON.parse(r.out) as JsonPlan;
    const owned = have.spools.filter((s) => colours.includes(s.colour));
    expect(owned.map((s) => [s.colour, s.have, s.buy])).toEqual(
      expect.arrayContaining([
        ['black', 1, 0],
        ['teal', Math.ceil(teal) / 1000, 0],
      ]),
    );
    expect(await readFile(join(work, 'have', 'print-plan.md'), 'utf8')).toContain(
      `teal pla: ${teal.toFixed(0)} g; you have ${Math.ceil(teal)} g, buy 0`,
    );
    expect(owned.length).toBe(2);
    // The other colours are bought as before.
    for (const s of have.spools.filter((x) => !colours.includes(x.colour) && x.colour !== 'any'))
      expect(s.buy, s.colour).toBe(plan.spools.find((x) => x.colour === s.colour)!.buy);
    const bad = await runBuilt(['print', ...TABLE, '--have', 'black/wood', '--out', join(work, 'bad')]);
    expect([bad.code, bad.err]).toEqual([2, expect.stringMatching(/--have.*unknown material "wood"/)]);
  });

  it("draws each faction's assembly guide beside the plan, its steps in the order a ship goes together", async () => {
    const { assembly } = plan as JsonPlan & {
      assembly: {
        faction: string;
        picture: string;
        washers: number;
        steps: { id: string; title: string; text: string }[];
      }[];
    };
    expect(assembly.map((a) => [a.faction, a.picture, a.washers])).toEqual([
      ['corsairs', 'assembly/corsairs.png', 3],
      ['the-islanders', 'assembly/the-islanders.png', 0],
    ]);
    // The Islanders' proa carries no ballast and no cargo: those steps are left out, the rest keep their order.
    expect(assembly.map((a) => a.steps.map((x) => x.id))).toEqual([
      ['band', 'wheel', 'carriage', 'washers', 'mast', 'sail', 'flag', 'cargo', 'cannon'],
      ['band', 'wheel', 'carriage', 'mast', 'sail', 'flag', 'cannon'],
    ]);
    const md = await readFile(join(work, 'out', 'print-plan.md'), 'utf8');
    for (const a of assembly) {
      expect(md).toContain(`](${a.picture})`);
      // The sheet: the exploded view and the ship over four steps to a row, most of it drawn on.
      const img = PNG.sync.read(await readFile(join(work, 'out', a.picture)));
      expect(img.width).toBe(2 * 16 + 4 * 320);
      let drawn = 0;
      for (let i = 0; i < img.data.length; i += 4)
        if (Math.abs(img.data[i]! - 0xf7) + Math.abs(img.data[i + 1]! - 0xf6) + Math.abs(img.data[i + 2]! - 0xf2) > 24)
          drawn++;
      expect(drawn / (img.width * img.height), a.picture).toBeGreaterThan(0.08);
    }
    // What is bought, and whether the washers hold without glue: the boss is wider than any ISO 7089 hole.
    expect(assembly[0]!.steps[0]!.text).toContain('AS568-014 O-ring');
    expect(assembly[0]!.steps[3]!.text).toMatch(
      /boss is 10\.\d\d mm across \(measured on the mesh\), larger than any ISO 7089 hole \(10\.5–10\.77 mm\), so they press on/,
    );
  });

  it('writes the same bytes again, and print-plan.md lists every plate', async () => {
    const again = join(work, 'again');
    expect((await runBuilt(['print', ...TABLE, '--out', again])).code).toBe(0);
    for (const p of [
      ...plan.plates.map((x) => x.file),
      'assembly/corsairs.png',
      'assembly/the-islanders.png',
      'print-plan.md',
    ])
      expect((await readFile(join(again, p))).equals(await readFile(join(work, 'out', p))), p).toBe(true);
    const md = await readFile(join(again, 'print-plan.md'), 'utf8');
    for (const p of plan.plates) expect(md).toContain(p.file);
  });

  it("takes generate's cannon flags, the table's ball material being the ball the cannon is tuned for", async () => {
    const out = join(work, 'petg');
    const r = await runBuilt([
      'print',
      ...TABLE,
      '--cannon-material',
      'petg',
      '--range',
      '30in',
      '--ball-material',
      'tpu-95a',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const m = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as {
      builds: { settings: { cannonMaterial: string; cannonRangeM: number; cannonDesign: object } }[];
    };
    expect(m.builds[0]!.settings).toMatchObject({
      cannonMaterial: 'petg',
      cannonRangeM: 0.762,
      cannonDesign: { ballMaterialId: 'tpu-95a' },
    });
  });

  it("builds the folder's other factions again when the table's settings differ, says so, and keeps every listed file true", async () => {
    const out = join(work, 'out');
    const r = await runBuilt([
      'print',
      '--players',
      '2',
      '--factions',
      'sun-fleet,sun-fleet',
      '--clearance',
      '0.3',
      '--out',
      out,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(
      /note: .*out holds corsairs, the-islanders built with other settings; building them again with these/,
    );
    const m = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as {
      builds: { settings: { clearanceMm: number }; table: unknown }[];
      files: { path: string; faction: string | null; sha256: string }[];
      otherFiles: { path: string; sha256: string }[];
    };
    expect(m.builds.map((b) => [b.settings.clearanceMm, b.table])).toEqual([[0.3, { players: 2, mode: 'default' }]]);
    expect(new Set(m.files.map((f) => f.faction))).toEqual(new Set([null, 'corsairs', 'the-islanders', 'sun-fleet']));
    for (const f of [...m.files, ...m.otherFiles])
      expect(
        createHash('sha256')
          .update(await readFile(join(out, f.path)))
          .digest('hex'),
        f.path,
      ).toBe(f.sha256);
    // The first table's plates are this run's to replace: only the new table's are left.
    expect((await readdir(join(out, 'plates'))).map((p) => `plates/${p}`).sort()).toEqual(
      m.otherFiles.map((o) => o.path).filter((p) => p.startsWith('plates/')),
    );
  });
});
