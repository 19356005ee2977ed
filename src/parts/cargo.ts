/**
 * Cargo fitting (BRIEF §3): a load on a square peg that fits the hull's cargo socket, in the faction's kind
 * (issue 16, `model.look.cargo`): a stack of crates, a 2 × 2 raft of barrels, or a treasure chest.
 *
 * Printed upside down, the load on the bed and the peg up, so nothing overhangs: straight or gently
 * swelling sides (a barrel's bulge is 15° from vertical), seams and hoops sunk into the sides with their
 * roofs at PRINTABILITY.grooveRoofDeg, and the in-use top on the bed (the crates' edge chamfered at 45°
 * over two layers, the chest's lid a hip roof leaning PRINTABILITY.undersideDeg).
 */
import { CARGO_KINDS, type CargoKind } from '../faction/types.js';
import { box, polygon, rect, union, type Solid, type Vec2 } from '../geometry/kernel.js';
import { layOnBed, type Part } from '../geometry/part.js';
import {
  DETAIL,
  grooveRoofRiseMm,
  INTERFACES,
  MIN_FEATURE_MM,
  PRINT_DEFAULTS,
  PRINTABILITY,
  UNDERSIDE_RUN_PER_MM,
} from '../standard.js';
import { checkOption, checkRange, mergeOptions } from './options.js';

export interface CargoOptions {
  /** What the fitting carries. Default `crates`. */
  kind: CargoKind;
  /** Side of one crate, a barrel's girth, the chest's depth (front to back). The load is two of these across. Default 6 mm. */
  crateMm: number;
  /** Crate levels or barrel tiers; the load stands this many crateMm tall. Default 2. */
  levels: number;
  /**
   * Width and depth of the sunk seams between crates, round a barrel's hoops and the chest's lid. Default
   * 0.9 mm (two line widths) wide, 0.6 mm deep. A level seam's roof slopes out at PRINTABILITY.grooveRoofDeg
   * (a flat one would be a 0.6 mm shelf printed in the air), so it stands taller than this where its depth needs.
   */
  seamWidthMm: number;
  seamDepthMm: number;
  /**
   * 45° chamfer on the crates' top edge (on the bed when printed). Default 0.4 mm, two layers: PrusaSlicer
   * 2.5's automatic supports put a ring of support under a deeper one growing from the bed.
   */
  chamferMm: number;
}

export const DEFAULTS: CargoOptions = {
  kind: 'crates',
  crateMm: 6,
  levels: 2,
  seamWidthMm: MIN_FEATURE_MM,
  seamDepthMm: 0.6,
  chamferMm: 0.4,
};

/** Builds a cargo load, upside down with its peg up. Feature: `cargo-peg` (peg). */
export function cargo(options?: Partial<CargoOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  const peg = INTERFACES.cargoPeg;
  checkOption(
    'cargo',
    'kind',
    o.kind,
    (CARGO_KINDS as readonly string[]).includes(o.kind),
    `one of ${CARGO_KINDS.join(', ')}`,
  );
  checkRange('cargo', 'crateMm', o.crateMm, peg.sideMm / 2 + MIN_FEATURE_MM, 20);
  checkOption(
    'cargo',
    'levels',
    o.levels,
    Number.isInteger(o.levels) && o.levels >= 1 && o.levels <= 4,
    'a whole number from 1 to 4',
  );
  checkRange('cargo', 'seamWidthMm', o.seamWidthMm, MIN_FEATURE_MM, o.crateMm / 3);
  checkRange('cargo', 'seamDepthMm', o.seamDepthMm, 0.2, Math.min(o.crateMm / 4, o.seamWidthMm - 0.3));
  checkRange('cargo', 'chamferMm', o.chamferMm, 0, o.crateMm / 4);

  const height = o.levels * o.crateMm;
  // The load's pieces and the peg in one union, so the whole load is not united a second time to take the peg.
  const solid = union([
    ...LOADS[o.kind](o),
    box([peg.sideMm, peg.sideMm, peg.lengthMm + 0.01], false).translate([
      -peg.sideMm / 2,
      -peg.sideMm / 2,
      height - 0.01,
    ]),
  ]);
  return layOnBed({
    solid,
    features: [
      {
        id: 'cargo-peg',
        kind: 'cargo-peg',
        role: 'peg',
        positionMm: [0, 0, height],
        axis: [0, 0, 1],
        size: { shape: 'rect', widthMm: peg.sideMm, heightMm: peg.sideMm, widthAxis: [1, 0, 0] },
        depthMm: peg.lengthMm,
        mating: 'sliding',
      },
    ],
  });
}

/**
 * Each kind's load from z = 0 (on the bed) to levels × crateMm, centred on the z axis, within 2 crateMm
 * square: the pieces whose union it is.
 */
const LOADS: Record<CargoKind, (o: CargoOptions) => Solid[]> = {
  crates: (o) => {
    const side = 2 * o.crateMm,
      height = o.levels * o.crateMm;
    // Plan: a square with a seam notch at the middle of each side, where the crates meet.
    const notches = [0, 90, 180, 270].map((a) =>
      rect(o.seamWidthMm, 2 * o.seamDepthMm)
        .translate(0, side / 2)
        .rotate(a),
    );
    const plan = rect(side, side).subtract(...notches);
    // The chamfer: a plain square growing at 45° over chamferMm, then the notched block above it.
    const c = o.chamferMm;
    let crates = plan.extrude(height - c).translate([0, 0, c]);
    if (c > 0) crates = crates.union(rect(side - 2 * c, side - 2 * c).extrude(c, side / (side - 2 * c)));
    const seams = Array.from({ length: o.levels - 1 }, (_, i) =>
      seamRing(o, side, side, (i + 1) * o.crateMm - o.seamWidthMm / 2),
    );
    return [seams.length ? crates.subtract(...seams) : crates];
  },
  barrels: (o) => {
    // Four barrels a crate's girth across, stood in a square, each tier's swelling just touching its
    // neighbours' (they overlap by a seam's depth so the raft is one body), round a core under the peg.
    const rMid = o.crateMm / 2,
      rEnd = rMid - 0.5,
      tier = o.crateMm;
    const at = rMid - o.seamDepthMm / 2;
    // The stave's swell, with a hoop sunk a fifth of the way in from each end: a level floor, its roof
    // sloping out at PRINTABILITY.grooveRoofDeg counted with the swell's own lean (up to 15°), so the hoop
    // is taller than a plain groove where the stave swells.
    const r = (z: number): number => rEnd + (rMid - rEnd) * Math.sin((Math.PI * z) / tier);
    const lean = ((rMid - rEnd) * Math.PI) / tier;
    const d = DETAIL.sideGrooveDepthMm,
      rise = d / (Math.tan((PRINTABILITY.grooveRoofDeg * Math.PI) / 180) - lean);
    const hoop = Math.max(DETAIL.sideGrooveHeightMm, rise + 2 * PRINT_DEFAULTS.layerHeightMm);
    const hoops = [0.18 * tier, 0.82 * tier - hoop];
    const oneTier: Vec2[] = [
      ...Array.from({ length: 25 }, (_, i): Vec2 => [r((i * tier) / 24), (i * tier) / 24]).filter(([, z]) =>
        hoops.every((h) => z < h - 1e-6 || z > h + hoop + 1e-6),
      ),
      ...hoops.flatMap((h): Vec2[] => [
        [r(h), h],
        [r(h) - d, h + 1e-4],
        [r(h + hoop - rise) - d, h + hoop - rise],
        [r(h + hoop), h + hoop],
      ]),
    ].sort((a, b) => a[1] - b[1]);
    const side = Array.from({ length: o.levels }, (_, k) =>
      oneTier.slice(k === 0 ? 0 : 1).map(([x, z]): Vec2 => [x, z + k * tier]),
    ).flat();
    const barrel = polygon([[0, 0], ...side, [0, o.levels * tier]]).revolve(360, 32);
    const core = box([o.crateMm * 0.9, o.crateMm * 0.9, o.levels * tier], false).translate([
      -0.45 * o.crateMm,
      -0.45 * o.crateMm,
      0,
    ]);
    // The raft is symmetric across x = 0, as is a barrel about its own axis: the pair on +x, united once, and
    // its mirror image are the four barrels, so the booleans work out three of the barrels' four meetings
    // (the fourth is the first one's mirror image).
    const pair = barrel.translate([at, at, 0]).union(barrel.translate([at, -at, 0]));
    return [core, pair, pair.mirror([1, 0, 0])];
  },
  chests: (o) => {
    // A stack of chests, each two crates wide, 1.6 deep and a crate tall, strapped twice, each lid's seam
    // sunk round it; the top one's lid a hip roof of five layers, on the bed as it prints, where the chest
    // stands on 87 mm² and its centre of mass sits 30° inside the edge (print/first-layer asks 25°).
    const w = 2 * o.crateMm,
      dp = 1.6 * o.crateMm,
      height = o.levels * o.crateMm;
    // The lid's faces lean PRINTABILITY.undersideDeg from vertical, so they print as they lie.
    const lid = Math.min(1, dp / 4),
      inset = lid * UNDERSIDE_RUN_PER_MM;
    const roof = rect(w - 2 * inset, dp - 2 * inset).extrude(lid, [w / (w - 2 * inset), dp / (dp - 2 * inset)]);
    const body = rect(w, dp)
      .extrude(height - lid)
      .translate([0, 0, lid]);
    // Straps: grooves up the front and back and over the lid, a third of the way in from each end.
    const jw = DETAIL.sideJointWidthMm,
      sd = DETAIL.sideGrooveDepthMm;
    const straps = [-w / 6, w / 6].map((x) =>
      box([jw, dp + 2, height + 1], false)
        .translate([x - jw / 2, -dp / 2 - 1, -0.5])
        .subtract(box([jw + 1, dp - 2 * sd, height + 2], false).translate([x - jw / 2 - 0.5, -dp / 2 + sd, -1 + sd])),
    );
    // Upside down, each chest's lid is its first crateMm / 3; chests meet at a seam of their own.
    const seams = Array.from({ length: o.levels }, (_, k) => [
      seamRing(o, w, dp, k * o.crateMm + o.crateMm / 3),
      ...(k > 0 ? [seamRing(o, w, dp, k * o.crateMm - o.seamWidthMm / 2)] : []),
    ]).flat();
    return [union([roof, body]).subtract(...seams, ...straps)];
  },
};

/**
 * A seam sunk round a w × d block at height z: its floor level, its roof sloping back out at
 * PRINTABILITY.grooveRoofDeg over the seam's depth (so taller than seamWidthMm where its depth needs).
 */
function seamRing(o: CargoOptions, w: number, d: number, z: number): Solid {
  const depth = o.seamDepthMm;
  // The roof runs on a hair past the sides, so it crosses them instead of ending on them, and the seam sinks
  // a hair deeper than the crates' notches, so their backs do not lie in one plane.
  const past = 0.1,
    run = depth + 2 * past;
  const [iw, id] = [w - 2 * (depth + past), d - 2 * (depth + past)];
  const rise = grooveRoofRiseMm(run);
  const ringMm = Math.max(o.seamWidthMm + past, rise + past);
  const core = rect(iw, id)
    .extrude(ringMm - rise)
    .union(
      rect(iw, id)
        .extrude(rise, [(iw + 2 * run) / iw, (id + 2 * run) / id])
        .translate([0, 0, ringMm - rise]),
    );
  return rect(w + 2, d + 2)
    .extrude(ringMm)
    .subtract(core)
    .translate([0, 0, z]);
}
