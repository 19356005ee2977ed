/**
 * The plates against PrusaSlicer, as a user would take them: every 3MF `shipwright print` writes for the
 * default 4-player table opens with `--info` (each object manifold) and slices to G-code with nothing but
 * `--dont-arrange` (the plate's own settings: its Slic3r_PE.config and each object's Slic3r_PE_model.config).
 * From the G-code, read here: every plate's grams within 5 % of the plan's, its minutes within 40 % and the
 * table's within 5 %; every cannon printed solid (its
 * labelled moves extrude at least 90 % of its mesh's volume: sparse infill at 15 % gives about 70 %); every
 * brim part's brim there, whole, and no brim within a millimetre of another part or another part's brim.
 * Skipped, saying why, where PrusaSlicer is not installed. A slow referee: `npm run test:slow`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findPrusaSlicer } from '../../src/io/slicer.js';
import { runBuilt } from '../helpers/cli.js';
import { shadowGap, shadowOf, type Shadow } from '../helpers/shadow.js';
import { place, read3mf } from '../helpers/threemf.js';

const exe = findPrusaSlicer();
const run = promisify(execFile);
const FILAMENT_MM2 = (Math.PI * 1.75 ** 2) / 4;

interface JsonPlan {
  plates: {
    file: string;
    grams: number;
    minutes: number;
    objects: { name: string; file: string; count: number; settings: { brimMm: number; layerHeightMm: number } }[];
  }[];
}

/** PrusaSlicer's `; estimated printing time (normal mode) = 1d 2h 3m 4s`, in minutes. */
function gcodeMinutes(gcode: string): number {
  const t = /^; estimated printing time \(normal mode\) = (.+)$/m.exec(gcode)![1]!;
  const unit: Record<string, number> = { d: 1440, h: 60, m: 1, s: 1 / 60 };
  return [...t.matchAll(/(\d+)([dhms])/g)].reduce((m, [, n, u]) => m + Number(n) * unit[u!]!, 0);
}

/** First-layer brim roads and each labelled copy's extruded volume, read from PrusaSlicer's G-code. */
function readGcode(gcode: string): { grams: number; brim: number[][]; extrudedMm3: Map<string, number> } {
  const grams = Number(/^; filament used \[g\] = ([\d.]+)/m.exec(gcode)?.[1]);
  const brim: number[][] = [];
  const extrudedMm3 = new Map<string, number>();
  let type = '',
    layer = 0,
    e = 0,
    x = NaN,
    y = NaN,
    relative = false,
    object: string | null = null;
  for (const line of gcode.split('\n')) {
    if (line.startsWith(';TYPE:')) type = line.slice(6);
    else if (line.startsWith(';LAYER_CHANGE')) layer++;
    else if (line.startsWith('M83')) relative = true;
    else if (line.startsWith('M82')) relative = false;
    else if (line.startsWith('; printing object ')) object = line.slice('; printing object '.length);
    else if (line.startsWith('; stop printing object ')) object = null;
    else if (line.startsWith('G92')) {
      const m = / E(-?[\d.]+)/.exec(line);
      if (m) e = Number(m[1]);
    } else if (line.startsWith('G1 ') || line.startsWith('G0 ')) {
      const nx = / X(-?[\d.]+)/.exec(line),
        ny = / Y(-?[\d.]+)/.exec(line),
        ne = / E(-?[\d.]+)/.exec(line);
      const [x1, y1] = [nx ? Number(nx[1]) : x, ny ? Number(ny[1]) : y];
      let de = 0;
      if (ne) {
        de = relative ? Number(ne[1]) : Number(ne[1]) - e;
        if (!relative) e = Number(ne[1]);
      }
      if (de > 0 && (nx || ny)) {
        if (object) extrudedMm3.set(object, (extrudedMm3.get(object) ?? 0) + de * FILAMENT_MM2);
        if (layer === 1 && type === 'Skirt/Brim') brim.push([x, y, x1, y1]);
      }
      [x, y] = [x1, y1];
    }
  }
  return { grams, brim, extrudedMm3 };
}

/** Volume of a closed mesh (divergence theorem), mm³. */
function volumeMm3(vertices: readonly (readonly number[])[], triangles: readonly (readonly number[])[]): number {
  let v = 0;
  for (const [a, b, c] of triangles) {
    const [p, q, r] = [vertices[a!]!, vertices[b!]!, vertices[c!]!];
    v +=
      (p[0]! * (q[1]! * r[2]! - q[2]! * r[1]!) -
        p[1]! * (q[0]! * r[2]! - q[2]! * r[0]!) +
        p[2]! * (q[0]! * r[1]! - q[1]! * r[0]!)) /
      6;
  }
  return Math.abs(v);
}

/** The convex hull's perimeter of 2D points (Andrew's monotone chain). */
function hullPerimeter(points: readonly number[][]): number {
  const p = [...points].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  const cross = (o: number[], a: number[], b: number[]): number =>
    (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);
  const half = (pts: number[][]): number[][] => {
    const h: number[][] = [];
    for (const q of pts) {
      while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, q) <= 0) h.pop();
      h.push(q);
    }
    return h.slice(0, -1);
  };
  const hull = [...half(p), ...half([...p].reverse())];
  return hull.reduce(
    (s, a, i) => s + Math.hypot(hull[(i + 1) % hull.length]![0]! - a[0]!, hull[(i + 1) % hull.length]![1]! - a[1]!),
    0,
  );
}

const road = (s: number[]): Shadow => ({
  edges: [s],
  triangles: [],
  box: {
    x0: Math.min(s[0]!, s[2]!),
    y0: Math.min(s[1]!, s[3]!),
    x1: Math.max(s[0]!, s[2]!),
    y1: Math.max(s[1]!, s[3]!),
  },
});

describe('print plates in PrusaSlicer', () => {
  const name =
    "slices every plate as written: grams within 5 % of the plan, minutes within 40 % (the table's within 5 %), cannons solid, every brim whole and touching nothing";
  it.skipIf(!exe)(
    exe ? name : `${name} (skipped: prusa-slicer is not on PATH; Debian: apt-get install prusa-slicer)`,
    async () => {
      const work = await mkdtemp(join(tmpdir(), 'sw-print-slow-'));
      const r = await runBuilt(['print', '--players', '4', '--out', join(work, 'out'), '--json']);
      expect(r.code, r.err).toBe(0);
      const plan = JSON.parse(r.out) as JsonPlan;
      const datadir = join(work, 'datadir');
      const seen = { cannons: 0, brims: 0 };
      const times = { plan: 0, slicer: 0 };
      for (const p of plan.plates) {
        const file = join(work, 'out', p.file);
        const { stdout } = await run(exe!, ['--datadir', datadir, '--info', file], {
          maxBuffer: 16 << 20,
          timeout: 120_000,
        });
        const manifold = stdout.split('\n').filter((l) => l.startsWith('manifold = '));
        expect(manifold.length, p.file).toBeGreaterThan(0);
        expect(
          manifold.every((l) => l === 'manifold = yes'),
          p.file,
        ).toBe(true);

        const out = join(work, `${p.file.replace(/\W/g, '-')}.gcode`);
        await run(exe!, ['--datadir', datadir, '--dont-arrange', '--export-gcode', '--output', out, file], {
          maxBuffer: 16 << 20,
          timeout: 600_000,
        });
        const text = await readFile(out, 'utf8');
        const g = readGcode(text);
        expect(
          Math.abs(p.grams - g.grams) / g.grams,
          `${p.file}: plan ${p.grams} g, PrusaSlicer ${g.grams} g`,
        ).toBeLessThan(0.05);
        // Minutes, plate by plate: measured 2026-11-27 within −7 % … +8 % (the cannons' −5 %, the flag holders'
        // and wheels' +1.5 %), but 12 carriages' at −35 % (PrusaSlicer takes longer over their slits, teardrops
        // and bevels than the road model says; −31 % alone).
        const minutes = gcodeMinutes(text);
        ((times.plan += p.minutes), (times.slicer += minutes));
        expect(
          Math.abs(p.minutes - minutes) / minutes,
          `${p.file}: plan ${p.minutes} min, PrusaSlicer ${minutes.toFixed(1)} min`,
        ).toBeLessThan(0.4);

        // Each copy where it stands.
        const model = read3mf(await readFile(file));
        const copies = model.items.map((item) => {
          const o = model.objects.find((x) => x.id === item.objectId)!;
          const planned = p.objects.find((x) => x.name === o.name)!;
          const placed = o.vertices.map((v) => place(item.transform, v));
          const firstLayer = placed
            .filter((v) => v[2]! <= planned.settings.layerHeightMm + 1e-6)
            .map((v) => [v[0]!, v[1]!]);
          return {
            name: o.name,
            file: planned.file,
            brimMm: planned.settings.brimMm,
            shadow: shadowOf(placed, o.triangles),
            firstLayer,
            volumeMm3: volumeMm3(o.vertices, o.triangles),
          };
        });

        // Cannons solid: every copy's own moves (labelled "<name> id:<object> copy <n>", PrusaSlicer grouping
        // the copies by their turn) extrude (nearly) its whole volume.
        const cannons = copies.filter((x) => x.file === 'shared/cannon.stl');
        const labels = [...g.extrudedMm3.keys()].filter((l) => cannons.some((c) => l.startsWith(`${c.name} id:`)));
        expect(labels.length, `${p.file}: labelled cannons`).toBe(cannons.length);
        for (const l of labels) {
          expect(g.extrudedMm3.get(l)! / cannons[0]!.volumeMm3, `${p.file} ${l}`).toBeGreaterThan(0.9);
          seen.cannons++;
        }

        // Brims: each road belongs to the copy it lies nearest; that copy has a brim, and the road keeps 1 mm from
        // every other copy and from every other copy's brim.
        // Only copies whose box comes within `limit` of the road are measured.
        const near = (s: number[], c: (typeof copies)[number], limit: number): number => {
          const b = c.shadow.box;
          if (
            Math.max(
              b.x0 - Math.max(s[0]!, s[2]!),
              Math.min(s[0]!, s[2]!) - b.x1,
              b.y0 - Math.max(s[1]!, s[3]!),
              Math.min(s[1]!, s[3]!) - b.y1,
            ) >= limit
          )
            return limit;
          return shadowGap(road(s), c.shadow, limit);
        };
        // A road's owner: the copy whose first layer is nearest its midpoint.
        const owner = g.brim.map((s) => {
          const [mx, my] = [(s[0]! + s[2]!) / 2, (s[1]! + s[3]!) / 2];
          let best = -1,
            bestD = 20;
          copies.forEach((c, i) => {
            const b = c.shadow.box;
            if (mx < b.x0 - bestD || mx > b.x1 + bestD || my < b.y0 - bestD || my > b.y1 + bestD) return;
            for (const [x, y] of c.firstLayer) {
              const d = Math.hypot(x! - mx, y! - my);
              if (d < bestD) ((best = i), (bestD = d));
            }
          });
          return best;
        });
        g.brim.forEach((s, k) => {
          const own = copies[owner[k]!];
          expect(
            own?.brimMm ?? 0,
            `${p.file}: brim road at ${s.map((v) => v.toFixed(1))} is nearest ${own?.name ?? 'no part'}, which has no brim`,
          ).toBeGreaterThan(0);
          copies.forEach((c, i) => {
            if (i !== owner[k])
              expect(near(s, c, 1), `${p.file}: ${own!.name}'s brim touches ${c.name}`).toBeGreaterThanOrEqual(1);
          });
        });
        // Roads of two copies' brims keep 1 mm apart: each road against the others' roads in the 2 mm cells it reaches.
        const cells = new Map<string, number[]>();
        const cellsOf = (s: number[]): string[] => {
          const out: string[] = [];
          for (
            let cx = Math.floor((Math.min(s[0]!, s[2]!) - 1) / 2);
            cx <= Math.floor((Math.max(s[0]!, s[2]!) + 1) / 2);
            cx++
          )
            for (
              let cy = Math.floor((Math.min(s[1]!, s[3]!) - 1) / 2);
              cy <= Math.floor((Math.max(s[1]!, s[3]!) + 1) / 2);
              cy++
            )
              out.push(`${cx},${cy}`);
          return out;
        };
        g.brim.forEach((s, k) => cellsOf(s).forEach((c) => cells.set(c, [...(cells.get(c) ?? []), k])));
        g.brim.forEach((s, k) => {
          const others = new Set(
            cellsOf(s)
              .flatMap((c) => cells.get(c)!)
              .filter((m) => owner[m] !== owner[k]),
          );
          for (const m of others)
            expect(
              shadowGap(road(s), road(g.brim[m]!), 1),
              `${p.file}: the brims of ${copies[owner[k]!]!.name} and ${copies[owner[m]!]!.name} touch`,
            ).toBeGreaterThanOrEqual(1);
        });
        const byCopy = copies.map((_, i) => g.brim.filter((_, k) => owner[k] === i));
        // Every brim part has its brim, whole: its roads cover at least 85 % of a 4.5 mm ring round its first
        // layer (PrusaSlicer lays floor(5 / 0.41) loops, 4.9 mm), at a road spacing of 0.4 mm.
        copies.forEach((c, i) => {
          if (c.brimMm === 0) return;
          seen.brims++;
          const lengthMm = byCopy[i]!.reduce((sum, s) => sum + Math.hypot(s[2]! - s[0]!, s[3]! - s[1]!), 0);
          const ring = 4.5 * hullPerimeter(c.firstLayer) + Math.PI * 4.5 ** 2;
          expect(
            lengthMm * 0.4,
            `${p.file}: ${c.name}'s brim at ${c.shadow.box.x0.toFixed(1)}, ${c.shadow.box.y0.toFixed(1)}`,
          ).toBeGreaterThan(0.85 * ring);
        });
      }
      expect(seen.cannons).toBeGreaterThanOrEqual(16);
      expect(seen.brims).toBeGreaterThan(40);
      // The whole table's time: measured −1.0 % (101.9 h planned, 102.9 h sliced).
      expect(
        Math.abs(times.plan - times.slicer) / times.slicer,
        `plan ${times.plan.toFixed(0)} min, PrusaSlicer ${times.slicer.toFixed(0)} min`,
      ).toBeLessThan(0.05);
    },
    3_600_000,
  );
});
