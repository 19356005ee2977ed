/**
 * The print plan: a bill of materials laid out on plates, in the order to print them. Plate 0 is the fit
 * coupon (it decides `--clearance`); plate 1 one complete ship of the first faction, printed, assembled,
 * rolled and fired before anything else (it decides the wheel's roll and the cannon's calibration); then
 * the table's copies, every copy on a plate of its colour and material, packed onto the printer's bed
 * (./plates.ts), the plates grouped by the spool they load so the printer changes filament as few times
 * as it can. Each plate is one 3MF holding each distinct mesh once, an item per copy, and every object's
 * own slicer settings (./part-print.ts, ./slicer-config.ts). Grams are the bill of materials' own estimates
 * with the same settings, so the plates and `bom` agree by construction; minutes are its layers' times with
 * each plate's layers timed together (a plate of small parts is not slowed for cooling as each alone is).
 */
import { createHash } from 'node:crypto';
import type { MeshData } from '../geometry/kernel.js';
import type { BuildSettings, PartCache } from '../generate/index.js';
import type { Pool, TaskKind } from '../generate/pool.js';
import { findMaterial } from '../materials.js';
import { meshBounds } from '../mesh/analysis.js';
import type { ThreeMfItem, ThreeMfModel } from '../mesh/threemf.js';
import { couponClearancesMm, DEFAULTS as COUPON } from '../parts/coupon.js';
import { displayColor, HEX_COLOR, nearestColorName, PRINT_PLATE, type PrinterProfile } from '../standard.js';
import { ANY_COLOR, countSpools, SPOOL_GRAMS, spoolKey, tableTitle, type Bom, type BomRow } from './bom.js';
import { estimatePrint, plateMinutes, type LayerTimes, type PrintSettings } from './estimate.js';
import { hours } from './format.js';
import { meshFootprint, quarterTurn, type Footprint } from './footprint.js';
import { grownFootprint } from './nest.js';
import { PART_PRINT, partPrint } from './part-print.js';
import { plateBytes, type PlateResult, type PlateTask } from './plate-bytes.js';
import { packPlates } from './plates.js';
import { orcaObjectConfig, prusaObjectConfig, prusaPlateConfig } from './slicer-config.js';

export interface PlateObject {
  name: string;
  /** The generated file it prints. */
  file: string;
  count: number;
  /** The settings it prints with: the table's, with the settings table's rules (`rules`) over them. */
  print: PrintSettings;
  /** The ids of the settings table's rules (PART_PRINT) that apply. */
  rules: string[];
}

/** Why a plate is printed: the fit coupon, the test ship, or the table's copies. */
export type PlateStep = 'coupon' | 'test-ship' | 'table';

export interface PrintPlate {
  /** Relative to the output folder: `plates/02-black-pla.3mf`. */
  file: string;
  /** Its number in the order (0 the coupon). */
  index: number;
  step: PlateStep;
  color: string;
  material: string;
  /** The spool to load: the plate's colour, or for "any" parts the spool with the most left of its material. */
  spool: string;
  /** The spool's colour as sRGB, `#RRGGBB`: what the plate tells the slicer. */
  spoolHex: string;
  objects: PlateObject[];
  grams: number;
  minutes: number;
  /** What to look at once it is off the bed, part by part. */
  checks: string[];
  bytes: Uint8Array;
}

/** Spools of one colour and material: what the plan uses, what it needs, what the user has, what to buy. */
export interface SpoolLine {
  color: string;
  material: string;
  grams: number;
  /** What the user owns (`--have`, the profile's `have`), in 1 kg spools: a part-used spool counts its share. */
  have: number;
  buy: number;
}

export interface PrintPlan {
  printer: PrinterProfile;
  /** The table's settings, every plate's unless an object's own say otherwise. */
  print: PrintSettings;
  plates: PrintPlate[];
  /** The fewest plates any packing of the table's copies could use: per colour and material, footprint area over usable bed area. */
  lowerBound: number;
  /** Spool changes between one plate and the next. */
  filamentChanges: number;
  spools: SpoolLine[];
  /** The coupon's plate: the clearances it steps through and the one this build used. */
  coupon: { clearancesMm: number[]; builtWithMm: number } | null;
  /** The test ship's plate(s): whose ship, and what its cannon is tuned for (for `calibrate`: its material, range and design flags). */
  testShip: { faction: string; cannonMaterial: string; rangeM: number; designFlags: string[] } | null;
  grams: number;
  minutes: number;
}

/** Filament the user owns (`print --have`, the profile's `have`): a colour and material, and how much (default a full 1 kg spool). */
export interface OwnedSpool {
  color: string;
  material: string;
  /** Grams on the spool; absent: SPOOL_GRAMS, a full one. */
  grams?: number;
}

/** What the plan needs besides the bill of materials. */
export interface PlanOptions {
  /** Whether a generated file prints with a brim (its manifest entry's `brim`); default none. */
  brim?: (file: string) => boolean;
  /** The fit coupon's file; absent: no coupon plate (a game pack). */
  couponFile?: string;
  /** The build's clearance and cannon (material, range, the design flags given): for the coupon's and test ship's steps. */
  build?: Pick<BuildSettings, 'clearanceMm' | 'cannonMaterialId' | 'cannonRangeM' | 'cannonDesign'>;
  /** Print one complete ship of the first faction first (default: for Cannons & Coastlines tables). */
  testShip?: boolean;
  have?: readonly OwnedSpool[];
}

/** The name a slicer shows for a file's part: "queens-fleet hull" for a faction's own, "coin: brace", "wheel" for a shared one. */
export function objectName(row: Pick<BomRow, 'part' | 'file'>): string {
  const folder = row.file.split('/')[0]!;
  if (folder !== 'shared') return `${folder} ${row.part}`;
  return row.part.startsWith('coin-') ? `coin: ${row.part.slice(5)}` : row.part;
}

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface Bounds {
  min: readonly number[];
  max: readonly number[];
}

/**
 * `box` turned `quarter` quarter turns about +Z: the box of its turned corners, which is the turned mesh's
 * box exactly (a quarter turn only swaps and negates coordinates).
 */
function turnedBox(box: Bounds, quarter: number): Bounds {
  const corners = [box.min, box.max].flatMap((a) => [box.min, box.max].map((b) => quarterTurn(quarter, a[0]!, b[1]!)));
  return {
    min: [Math.min(...corners.map((c) => c[0])), Math.min(...corners.map((c) => c[1])), box.min[2]!],
    max: [Math.max(...corners.map((c) => c[0])), Math.max(...corners.map((c) => c[1])), box.max[2]!],
  };
}

/** Makes the plates' 3MF bytes from their models, in order, for a bed of `bedXMm` × `bedYMm` (platesOn). */
export type PlatesBytes = (
  models: readonly Omit<ThreeMfModel, 'thumbnailPng'>[],
  bedXMm: number,
  bedYMm: number,
) => Promise<Uint8Array[]>;

/** A plate's bytes as a pool's task (./plate-worker.ts on a thread). */
const PLATE: TaskKind<PlateTask, PlateResult> = { name: 'plate', local: async () => async (t) => plateBytes(t) };

/**
 * Each plate made by ./plate-bytes.ts: on `pool`'s threads side by side (null: one after another here),
 * its thumbnail kept in `cache` (a warm run draws none; the key is the code's version, the bed, and the
 * plate's meshes, colours and places, so any change draws again). Without `thumbnails`, the plates have none.
 */
export function platesOn(pool: Pool | null, cache: PartCache | null, { thumbnails = true } = {}): PlatesBytes {
  return async (models, bedXMm, bedYMm) => {
    const keys = cache && thumbnails ? models.map((m) => thumbnailKey(cache, m, bedXMm, bedYMm)) : [];
    const kept = await Promise.all(
      models.map((_, i) => (cache && keys[i] ? cache.getBytes(keys[i], THUMBNAIL_KIND) : null)),
    );
    const tasks = models.map((model, i): PlateTask => ({
      model,
      bedXMm,
      bedYMm,
      thumbnailPng: kept[i] ?? null,
      draw: thumbnails,
    }));
    const made: PlateResult[] = [];
    if (pool) await pool.run(PLATE, tasks, (i, r) => (made[i] = r));
    else tasks.forEach((t, i) => (made[i] = plateBytes(t)));
    // Each new thumbnail kept, the writes together.
    await Promise.all(
      made.map((r, i) =>
        cache && keys[i] && !kept[i] && r.thumbnailPng
          ? cache.putBytes(keys[i], THUMBNAIL_KIND, r.thumbnailPng)
          : undefined,
      ),
    );
    return made.map((r) => r.bytes);
  };
}

/** The thumbnail's cache key: the code's version, the bed, and the plate's meshes, colours and places. */
function thumbnailKey(
  cache: PartCache,
  plate: Omit<ThreeMfModel, 'thumbnailPng'>,
  bedXMm: number,
  bedYMm: number,
): string {
  const h = createHash('sha256').update(
    `${cache.codeVersion}\0${bedXMm}\0${bedYMm}\0${JSON.stringify(plate.materials)}\0${JSON.stringify(plate.items)}`,
  );
  for (const o of plate.objects) {
    h.update(`\0${o.material}\0`);
    h.update(new Uint8Array(o.mesh.positions.buffer, o.mesh.positions.byteOffset, o.mesh.positions.byteLength));
    h.update(new Uint8Array(o.mesh.triangles.buffer, o.mesh.triangles.byteOffset, o.mesh.triangles.byteLength));
  }
  return h.digest('hex');
}

const THUMBNAIL_KIND = 'plate-thumbnail';
const PLAN_KIND = 'print-plan';

/** A plan as the cache keeps it: each plate's bytes as base64. */
type StoredPlan = Omit<PrintPlan, 'plates'> & { plates: (Omit<PrintPlate, 'bytes'> & { bytes: string })[] };

/**
 * `planPlates` (its plates made on `pool`, default here, their thumbnails kept in `cache` too), kept in
 * `cache`: a warm run packs and writes no plate. The key is the code's version, the bill of materials, the
 * printer, the options, and the path, hash and brim of each of `files` (every mesh the plan may read), so
 * any change plans again.
 */
export async function cachedPlanPlates(
  cache: PartCache,
  files: readonly { path: string; sha256: string }[],
  bom: Bom,
  mesh: (file: string) => MeshData,
  printer: PrinterProfile,
  options: PlanOptions = {},
  pool: Pool | null = null,
): Promise<PrintPlan> {
  const { brim = (): boolean => false, ...rest } = options;
  const key = createHash('sha256')
    .update(JSON.stringify([cache.codeVersion, bom, printer, rest, files.map((f) => [f.path, f.sha256, brim(f.path)])]))
    .digest('hex');
  const kept = await cache.getBytes(key, PLAN_KIND);
  if (kept) {
    const stored = JSON.parse(new TextDecoder().decode(kept)) as StoredPlan;
    return {
      ...stored,
      plates: stored.plates.map((p) => ({ ...p, bytes: new Uint8Array(Buffer.from(p.bytes, 'base64')) })),
    };
  }
  const plan = await planPlates(bom, mesh, printer, platesOn(pool, cache), options);
  const stored: StoredPlan = {
    ...plan,
    plates: plan.plates.map((p) => ({ ...p, bytes: Buffer.from(p.bytes).toString('base64') })),
  };
  await cache.putBytes(key, PLAN_KIND, new TextEncoder().encode(JSON.stringify(stored)));
  return plan;
}

/** What to look at once a plate is off the bed, by part (a part not listed: its first layer and its fits). */
const CHECKS: Readonly<Record<string, string>> = {
  hull: 'hulls: the mast and cargo pegs push into their sockets, the carriage slot is clean, the bottom sits flat',
  turret: 'turrets: they seat on the deck and their cannon slot is clean',
  cargo: 'cargo: the pegs are round and clean',
  mast: 'masts: straight, the pegs clean',
  sail: 'sails: they slide onto a mast',
  'flag-holder': 'flag holders: peel the brim off; the clip opens without cracking',
  cannon: "cannons: solid (the slicer's preview showed no sparse infill); the arm springs back and the catch holds it",
  cannonball: 'balls: peel the brim off; each rolls straight',
  wheel: 'wheels: peel the brim off; the O-ring seats in the groove untwisted',
  carriage: 'carriages: the wheel snaps in and turns freely',
  'island-topper': 'island toppers: flat underneath, no lifted corners',
  rock: 'rocks and reefs: flat underneath',
  reef: 'rocks and reefs: flat underneath',
  'fit-coupon': 'the coupon: read it as below before printing anything else',
};
const checkOf = (part: string): string =>
  CHECKS[part] ??
  (part.startsWith('coin-')
    ? 'coins: the symbols are crisp and the edges clean'
    : `${part}: the first layer is whole and the fits are clean`);

/** One part of a plate to pack: its file, mesh, settings and how many. */
interface Piece {
  file: string;
  part: string;
  name: string;
  mesh: MeshData;
  print: PrintSettings;
  rules: string[];
  count: number;
  gramsEach: number;
  minutesEach: number;
  /** Its layers' times, where known: a plate of it is timed layer by layer (plateMinutes). */
  layerTimes?: LayerTimes;
}

/** A plate before its bytes: its step, colour and spool, and the pieces on it. */
interface Group {
  step: PlateStep;
  title: string;
  color: string;
  material: string;
  spool: string;
  pieces: Piece[];
}

/**
 * Lays the bill of materials out on plates for `printer`, in printing order. `mesh(file)` gives each
 * generated file's mesh (as its STL holds it, lying as it prints); `bytes` makes the plates' 3MF packages
 * (default one after another here, each with its thumbnail).
 */
export async function planPlates(
  bom: Bom,
  mesh: (file: string) => MeshData,
  printer: PrinterProfile,
  bytes: PlatesBytes = platesOn(null, null),
  options: PlanOptions = {},
): Promise<PrintPlan> {
  const brim = options.brim ?? ((): boolean => false);
  const piece = (r: BomRow, count: number): Piece => ({
    file: r.file,
    part: r.part,
    name: objectName(r),
    mesh: mesh(r.file),
    print: r.print,
    rules: r.printRules,
    count,
    gramsEach: r.gramsEach,
    minutesEach: r.minutesEach,
    ...(r.layerTimes ? { layerTimes: r.layerTimes } : {}),
  });

  // The table's copies, by colour and material; one piece per file (rows of several factions may print the same shared file).
  const byColor = new Map<string, Piece[]>();
  for (const r of bom.rows) {
    const key = spoolKey(r.color, r.material);
    const pieces = byColor.get(key) ?? [];
    const seen = pieces.find((p) => p.file === r.file);
    if (seen) seen.count += r.quantity;
    else pieces.push(piece(r, r.quantity));
    byColor.set(key, pieces);
  }

  // The calibration prints: the coupon, then one of each part of the first faction's ship, by material.
  const calibration: { step: PlateStep; title: string; material: string; pieces: Piece[] }[] = [];
  const couponMaterial = findMaterial(bom.rows.find((r) => r.part === 'hull')?.material ?? 'pla')!;
  if (options.couponFile) {
    const couponMesh = mesh(options.couponFile);
    const { settings, rules } = partPrint(bom.settings, {
      part: 'fit-coupon',
      material: couponMaterial.id,
      brim: brim(options.couponFile),
    });
    const est = estimatePrint(couponMesh, settings, couponMaterial.densityGPerCm3.value);
    calibration.push({
      step: 'coupon',
      title: 'fit coupon',
      material: couponMaterial.id,
      pieces: [
        {
          file: options.couponFile,
          part: 'fit-coupon',
          name: 'fit coupon',
          mesh: couponMesh,
          print: settings,
          rules: rules.map((x) => x.id),
          count: 1,
          gramsEach: est.grams,
          minutesEach: est.minutes,
          layerTimes: est.layerTimes,
        },
      ],
    });
  }
  const lead = bom.sets[0]?.factions[0];
  const testShip = lead !== undefined && (options.testShip ?? bom.game === undefined);
  if (testShip) {
    const rows = bom.rows.filter((r) => r.faction === lead && r.quantity > 0);
    for (const material of [...new Set(rows.map((r) => r.material))])
      calibration.push({
        step: 'test-ship',
        title: `test ship: ${lead}`,
        material,
        pieces: rows.filter((r) => r.material === material).map((r) => piece(r, 1)),
      });
  }

  // Spools: the table's and the calibration prints' grams by colour and material, less what the user has.
  const used = new Map<string, { color: string; material: string; grams: number }>();
  const use = (color: string, material: string, grams: number): void => {
    const u = used.get(spoolKey(color, material)) ?? { color, material, grams: 0 };
    u.grams += grams;
    used.set(spoolKey(color, material), u);
  };
  for (const c of bom.totals.byColor) use(c.color, c.material, c.grams);
  for (const c of calibration)
    use(
      ANY_COLOR,
      c.material,
      c.pieces.reduce((s, p) => s + p.gramsEach * p.count, 0),
    );
  const owned = new Map<string, number>();
  for (const h of options.have ?? [])
    owned.set(
      spoolKey(h.color, h.material),
      (owned.get(spoolKey(h.color, h.material)) ?? 0) + (h.grams ?? SPOOL_GRAMS) / SPOOL_GRAMS,
    );
  const groups = [...used.values()].sort(
    (a, b) => b.grams - a.grams || (a.color < b.color ? -1 : a.color > b.color ? 1 : a.material < b.material ? -1 : 1),
  );
  const buy = countSpools(groups, owned);
  const spools: SpoolLine[] = groups.map((g, i) => ({
    ...g,
    have: owned.get(spoolKey(g.color, g.material)) ?? 0,
    buy: buy[i]!,
  }));
  // "Any" parts load the spool of their material with the most left: bought or owned, used or not.
  const left = new Map<string, number>();
  for (const s of spools)
    if (s.color !== ANY_COLOR) left.set(spoolKey(s.color, s.material), (s.have + s.buy) * SPOOL_GRAMS - s.grams);
  for (const [key, n] of owned) if (!left.has(key)) left.set(key, n * SPOOL_GRAMS);
  const anySpool = (material: string): string => {
    let best = ANY_COLOR,
      most = -Infinity;
    for (const [key, l] of [...left].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const [color, m] = key.split('\0') as [string, string];
      if (m === material && l > most) ((best = color), (most = l));
    }
    return best;
  };

  // The order: the calibration prints, then the table's plates grouped by the spool they load, the
  // calibration prints' spool first so the coupon, the ship and the first table plates share it.
  const spoolOf = (color: string, material: string): string => (color === ANY_COLOR ? anySpool(material) : color);
  const tableGroups: Group[] = [...byColor.entries()].map(([key, pieces]) => {
    const [color, material] = key.split('\0') as [string, string];
    return { step: 'table', title: `${color} ${material}`, color, material, spool: spoolOf(color, material), pieces };
  });
  const first = calibration[0] ? spoolKey(spoolOf(ANY_COLOR, calibration[0].material), calibration[0].material) : '';
  const rank = (g: Group): [number, string, number, string] => [
    spoolKey(g.spool, g.material) === first ? 0 : 1,
    spoolKey(g.spool, g.material),
    g.color === ANY_COLOR ? 1 : 0,
    g.color,
  ];
  tableGroups.sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return (
      x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0) || x[2] - y[2] || (x[3] < y[3] ? -1 : x[3] > y[3] ? 1 : 0)
    );
  });
  const ordered: Group[] = [
    ...calibration.map((c): Group => ({ ...c, color: ANY_COLOR, spool: spoolOf(ANY_COLOR, c.material) })),
    ...tableGroups,
  ];

  // The plates in order, then their packages made together (side by side where `bytes` has threads).
  const plates: Omit<PrintPlate, 'bytes'>[] = [];
  const models: Omit<ThreeMfModel, 'thumbnailPng'>[] = [];
  let lowerBound = 0;
  const firstIndex = options.couponFile ? 0 : 1;
  // Brim parts take their brim's width on every side, then the gap: no brim touches a neighbour or its brim.
  const margin = (p: Piece): number => p.print.brimWidthMm ?? 0;
  // Each file's footprint once: the test ship's parts are on the table's plates too.
  const footprints = new Map<string, Footprint>();
  const footprintOf = (p: Piece): Footprint => {
    const key = `${p.file}\0${margin(p)}`;
    let fp = footprints.get(key);
    if (!fp) {
      const own = meshFootprint(p.mesh, PRINT_PLATE.cellMm);
      footprints.set(key, (fp = margin(p) > 0 ? grownFootprint(own, margin(p)) : own));
    }
    return fp;
  };
  // Made before packing, the smallest meshes first: a cold run optimises the rasteriser on them rather than
  // run a hull through it unoptimised (the same footprints, about a third less CPU).
  for (const p of ordered.flatMap((g) => g.pieces).sort((a, b) => a.mesh.triangles.length - b.mesh.triangles.length))
    footprintOf(p);
  // Each file's box, measured once for every plate it is on.
  const boxes = new Map<string, Bounds>();
  const boxOf = (p: Piece): Bounds => {
    if (!boxes.has(p.file)) boxes.set(p.file, meshBounds(p.mesh));
    return boxes.get(p.file)!;
  };
  for (const g of ordered) {
    const items = g.pieces.map((p) => ({
      key: p.file,
      footprint: footprintOf(p),
      count: p.count,
      group: p.file.split('/')[0]!,
    }));
    const packing = packPlates(items, printer.bedXMm, printer.bedYMm, PRINT_PLATE);
    if (g.step === 'table') lowerBound += packing.lowerBound;
    const material = findMaterial(g.material)!;
    const spoolHex = displayColor(g.spool);
    for (const copies of packing.plates) {
      const index = firstIndex + plates.length;
      const on = g.pieces.filter((p) => copies.some((c) => c.key === p.file));
      const count = (p: Piece): number => copies.filter((c) => c.key === p.file).length;
      const title = `Plate ${index}: ${g.title}`;
      const model: Omit<ThreeMfModel, 'thumbnailPng'> = {
        title,
        materials: [{ name: `${g.spool} ${g.material}`, color: spoolHex }],
        objects: on.map((p) => ({
          name: p.name,
          mesh: p.mesh,
          material: 0,
          settings: { prusa: prusaObjectConfig(p.print, bom.settings), orca: orcaObjectConfig(p.print, bom.settings) },
        })),
        items: copies.map((c): ThreeMfItem => {
          const p = on.find((x) => x.file === c.key)!;
          // The turned mesh's lower-left corner goes to (x, y), in from the brim it packs with; its lowest point to the bed.
          const turned = turnedBox(boxOf(p), c.quarter);
          return {
            object: on.indexOf(p),
            xMm: c.xMm + margin(p) - turned.min[0]!,
            yMm: c.yMm + margin(p) - turned.min[1]!,
            zMm: -turned.min[2]!,
            rotationDeg: 90 * c.quarter,
          };
        }),
        slicer: {
          plateName: title,
          prusa: prusaPlateConfig({
            print: bom.settings,
            printer,
            colorHex: spoolHex,
            materialId: material.id,
            densityGPerCm3: material.densityGPerCm3.value,
          }),
        },
      };
      plates.push({
        file: `plates/${String(index).padStart(2, '0')}-${slug(g.step === 'table' ? g.title : `${g.title} ${g.material}`)}.3mf`,
        index,
        step: g.step,
        color: g.color,
        material: g.material,
        spool: g.spool,
        spoolHex,
        objects: on.map((p) => ({ name: p.name, file: p.file, count: count(p), print: p.print, rules: p.rules })),
        grams: on.reduce((s, p) => s + count(p) * p.gramsEach, 0),
        // Timed together, layer by layer, where every part's layers are known (the cooling slowdown is the plate's).
        minutes: on.every((p) => p.layerTimes)
          ? plateMinutes(on.map((p) => ({ times: p.layerTimes!, count: count(p) })))
          : on.reduce((s, p) => s + count(p) * p.minutesEach, 0),
        checks: [...new Set(on.map((p) => checkOf(p.part)))],
      });
      models.push(model);
    }
  }
  const packages = await bytes(models, printer.bedXMm, printer.bedYMm);
  const changes = plates.reduce(
    (n, p, i) =>
      n + (i > 0 && spoolKey(p.spool, p.material) !== spoolKey(plates[i - 1]!.spool, plates[i - 1]!.material) ? 1 : 0),
    0,
  );
  return {
    printer,
    print: bom.settings,
    plates: plates.map((p, i) => ({ ...p, bytes: packages[i]! })),
    lowerBound,
    filamentChanges: changes,
    spools,
    coupon: options.couponFile
      ? { clearancesMm: couponClearancesMm(COUPON), builtWithMm: options.build?.clearanceMm ?? 0 }
      : null,
    testShip:
      testShip && lead
        ? {
            faction: lead,
            cannonMaterial: options.build?.cannonMaterialId ?? 'pla',
            rangeM: options.build?.cannonRangeM ?? 0,
            designFlags: designFlags(options.build?.cannonDesign ?? {}),
          }
        : null,
    grams: plates.reduce((s, p) => s + p.grams, 0),
    minutes: plates.reduce((s, p) => s + p.minutes, 0),
  };
}

/** The cannon design flags a build was given, as `calibrate` takes them (it must fit the cannon that was fired). */
function designFlags(d: BuildSettings['cannonDesign']): string[] {
  return [
    ...(d.elevationDeg !== undefined ? [`--elevation ${d.elevationDeg}`] : []),
    ...(d.ballDiameterMm !== undefined ? [`--ball-diameter ${d.ballDiameterMm}mm`] : []),
    ...(d.ballMaterialId !== undefined ? [`--ball-material ${d.ballMaterialId}`] : []),
    ...(d.armLengthMm !== undefined ? [`--arm-length ${d.armLengthMm}mm`] : []),
    ...(d.taper !== undefined ? [`--taper ${d.taper}`] : []),
  ];
}

const r1 = (x: number): number => Math.round(x * 10) / 10;
const pctOf = (fraction: number): number => Math.round(fraction * 1000) / 10;
/** A colour as the plan writes it: the name, or a hex colour with the vocabulary's nearest name beside it. */
const colourText = (color: string): string =>
  HEX_COLOR.test(color) ? `${color} (nearest: ${nearestColorName(color)})` : color;

/** One faction's assembly guide as the plan names it: its picture beside the plan and its steps in order. */
export interface AssemblyText {
  faction: string;
  name: string;
  /** Relative to the output folder: `assembly/corsairs.png`. */
  picture: string;
  /** Ballast washers one ship takes. */
  washers: number;
  steps: { id: string; title: string; text: string }[];
}

/** The plan as JSON: the printer and settings, the plates in order with each object's settings, the assembly guides, the spools to buy and what is not printed. */
export function printPlanJson(plan: PrintPlan, bom: Bom, assembly: readonly AssemblyText[] = []): string {
  const s = plan.print;
  const settings = (p: PrintSettings): object => ({
    layerHeightMm: p.layerHeightMm,
    infillPercent: pctOf(p.infillFraction),
    perimeters: p.perimeters,
    topLayers: p.topLayers,
    bottomLayers: p.bottomLayers,
    brimMm: p.brimWidthMm ?? 0,
    supports: false,
  });
  const data = {
    printer: { id: plan.printer.id, name: plan.printer.name, bedXMm: plan.printer.bedXMm, bedYMm: plan.printer.bedYMm },
    settings: { ...settings(s), lineWidthMm: s.lineWidthMm },
    exceptions: PART_PRINT.map((r) => ({ id: r.id, why: r.why })),
    order: plan.plates.map((p) => p.file),
    plates: plan.plates.map((p) => ({
      index: p.index,
      file: p.file,
      step: p.step,
      colour: p.color,
      material: p.material,
      spool: p.spool,
      spoolHex: p.spoolHex,
      objects: p.objects.map((o) => ({
        name: o.name,
        file: o.file,
        count: o.count,
        settings: settings(o.print),
        rules: o.rules,
      })),
      grams: r1(p.grams),
      minutes: r1(p.minutes),
      checks: p.checks,
    })),
    lowerBound: plan.lowerBound,
    filamentChanges: plan.filamentChanges,
    grams: r1(plan.grams),
    minutes: r1(plan.minutes),
    coupon: plan.coupon,
    testShip: plan.testShip,
    assembly: assembly.map((a) => ({
      faction: a.faction,
      picture: a.picture,
      washers: a.washers,
      steps: a.steps.map((x) => ({ id: x.id, title: x.title, text: x.text })),
    })),
    spools: plan.spools.map((c) => ({
      colour: c.color,
      material: c.material,
      grams: r1(c.grams),
      have: Math.round(c.have * 1000) / 1000,
      buy: c.buy,
    })),
    notPrinted: bom.notPrinted,
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** Owned filament as the plan says it: whole spools by count, else the grams. */
const haveText = (spools: number): string =>
  Number.isInteger(spools) ? `${spools}` : `${Math.round(spools * SPOOL_GRAMS)} g`;

/** A plate's row in print-plan.md. */
const plateRow = (p: PrintPlate): string =>
  `| ${p.index} | \`${p.file}\` | ${colourText(p.spool)} ${p.material} | ${p.objects.map((o) => `${o.count} × ${o.name}`).join(', ')} | ${p.grams.toFixed(1)} | ${hours(p.minutes)} | ${p.checks.join('; ')} |`;
const TABLE_HEAD = [
  '| # | plate | load | objects | g | time | check after |',
  '| ---: | --- | --- | --- | ---: | ---: | --- |',
];

/** print-plan.md: the printer and settings, then the plates in order with what to do and check after each, how each faction's ship goes together, then the spools to buy. */
export function printPlanMarkdown(plan: PrintPlan, bom: Bom, assembly: readonly AssemblyText[] = []): string {
  const s = plan.print;
  const table = plan.plates.filter((p) => p.step === 'table');
  const ruleParts = (id: string): string[] => [
    ...new Set(plan.plates.flatMap((p) => p.objects.filter((o) => o.rules.includes(id)).map((o) => o.name))),
  ];
  const lines = [
    `# Print plan: ${tableTitle(bom)}`,
    '',
    `${plan.plates.length} plates, ${plan.grams.toFixed(0)} g and ${hours(plan.minutes)} of printing, ${plan.filamentChanges} filament change${plan.filamentChanges === 1 ? '' : 's'}. Print them in order.`,
    '',
    '## Settings',
    '',
    `- Printer: ${plan.printer.name} (\`--printer ${plan.printer.id}\`, a ${plan.printer.bedXMm} × ${plan.printer.bedYMm} mm bed: the plates are packed for it).`,
    `- Every plate: ${s.layerHeightMm} mm layers (first layer too), ${pctOf(s.infillFraction)} % infill, ${s.perimeters} walls, ${s.topLayers} top and ${s.bottomLayers} bottom layers, ${s.lineWidthMm} mm lines, supports off, no skirt, no brim but where below.`,
    "- Each part's own settings, carried by every plate as the object's settings (PrusaSlicer, OrcaSlicer, Bambu Studio):",
    ...PART_PRINT.filter((r) => ruleParts(r.id).length > 0).map((r) => `  - ${ruleParts(r.id).join(', ')}: ${r.why}.`),
    "- In PrusaSlicer, open a plate as a project to take these settings and the spool's colour with it; import it (Ctrl+I) to keep your own printer profile, and set the plate-wide values above by hand. Slice where the parts lie: do not arrange.",
    '',
  ];
  const coupon = plan.plates.find((p) => p.step === 'coupon');
  if (coupon && plan.coupon) {
    const [lo, hi] = [plan.coupon.clearancesMm[0]!, plan.coupon.clearancesMm[plan.coupon.clearancesMm.length - 1]!];
    lines.push(
      `## Plate ${coupon.index}: the fit coupon`,
      '',
      `\`${coupon.file}\`: load ${colourText(coupon.spool)} ${coupon.material}; ${coupon.grams.toFixed(1)} g, ${hours(coupon.minutes)}.`,
      '',
      `How to read it: each column is one clearance, from ${lo.toFixed(2)} to ${hi.toFixed(2)} mm, its value embossed at the top. In each column push the round peg into the round hole and the square peg into the square hole of the same column (or print two coupons and press one onto the other turned over); the square hole below them should take the square peg only with a firm push, as the carriage goes into the hull. The smallest value whose pegs slide in and turn freely is your clearance. The tongue along the front must come off the bed loose and flex. These parts were built with --clearance ${plan.coupon.builtWithMm.toFixed(2)}: if your value differs, run \`shipwright print\` again with the same options and \`--clearance <your value>\` before printing plate ${coupon.index + 1}.`,
      '',
    );
  }
  const ship = plan.plates.filter((p) => p.step === 'test-ship');
  if (ship.length && plan.testShip) {
    const t = plan.testShip;
    lines.push(
      `## Plate${ship.length > 1 ? 's' : ''} ${ship.map((p) => p.index).join(', ')}: one ship to test`,
      '',
      ...ship.map(
        (p) =>
          `- \`${p.file}\`: load ${colourText(p.spool)} ${p.material}; ${p.objects.map((o) => o.name).join(', ')}; ${p.grams.toFixed(1)} g, ${hours(p.minutes)}.`,
      ),
      '',
      `Print this, assemble it (${assembly.length ? '[Assembling a ship](#assembling-a-ship) below' : 'the band onto the wheel, the wheel into the carriage, the carriage into the hull, the mast with its sail and flag holder into its socket, the cargo, a cannon in a slot'}), roll it 10 clicks, fire 5 shots, then calibrate:`,
      '',
      '```sh',
      'shipwright calibrate-wheel --measured "10 clicks = <distance rolled, e.g. 51cm>"',
      `shipwright calibrate --material ${t.cannonMaterial} ${[...t.designFlags, ''].join(' ')}--tuned-for ${+(t.rangeM * 100).toFixed(2)}cm --measured <the 5 landings, e.g. 58cm,61cm,57cm,60cm,59cm> --shots-fired 5`,
      '```',
      '',
      `Both write \`shipwright-profile.json\`: then run \`shipwright print\` again with the same options and \`--profile shipwright-profile.json\`, so the wheels roll a true click and the cannons carry their range on your printer, and print the plates it writes from plate ${ship[ship.length - 1]!.index + 1} on. This ship is extra to the table's count: keep it as a spare.`,
      '',
    );
  }
  if (assembly.length) {
    lines.push(
      '## Assembling a ship',
      '',
      "Each faction's picture shows every part drawn out along the way it goes in, the finished ship, and each step. Build the test ship this way first, then the rest.",
      '',
      ...assembly.flatMap((a) => [
        `### ${a.name}`,
        '',
        `![${a.name}: assembly](${a.picture})`,
        '',
        ...a.steps.map((x, i) => `${i + 1}. **${x.title[0]!.toUpperCase()}${x.title.slice(1)}.** ${x.text}`),
        '',
      ]),
    );
  }
  lines.push(
    `## The table: plates ${table[0]?.index ?? ''}–${table[table.length - 1]?.index ?? ''}`,
    '',
    `${table.length} plates (at least ${plan.lowerBound} by area), grouped by the spool they load. Check each plate before the next.`,
    '',
    ...TABLE_HEAD,
    ...table.map(plateRow),
    '',
    '## Spools (1 kg)',
    '',
    ...plan.spools.map(
      (c) =>
        `- ${colourText(c.color)} ${c.material}: ${c.grams.toFixed(0)} g${c.color === ANY_COLOR ? ', from what the other spools of this material leave' : ''}; ${c.have ? `you have ${haveText(c.have)}, ` : ''}buy ${c.buy}`,
    ),
    '',
    ...(bom.notPrinted.length
      ? ['## Not printed, to buy', '', ...bom.notPrinted.map((n) => `- ${n.quantity} × ${n.item}`), '']
      : []),
  );
  return lines.join('\n');
}
