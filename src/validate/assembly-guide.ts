/**
 * The assembly guide: for each faction, how its ship goes together, in the order a player builds it, drawn
 * by our renderer from the generated meshes placed as validate's assembly rules place them (./assembly.ts:
 * every part moved onto the features it mates with, never from the parameters that built it). One picture
 * per step, the part being fitted drawn out along the way it goes in; an exploded view; the finished ship
 * with every fitting, the paper flag and a cannon loaded. What is bought (the O-ring, the washers) is drawn
 * from the standard's sizes: the band stretched into the wheel's groove, the washers on the pocket's boss.
 * Pictures are values; `print` writes them beside print-plan.md and `generate --previews` puts the finished
 * ship on each faction's contact sheet.
 */
import type { Faction } from '../faction/types.js';
import { box, circle, type MeshData } from '../geometry/kernel.js';
import {
  applyDirection,
  applyPoint,
  compose,
  rotation,
  translation,
  type Feature,
  type Mat4,
} from '../geometry/part.js';
import { add, cross, dot, neg, scale, sub, unit, type Vec3 } from '../geometry/vec3.js';
import type { BuildSettings, GeneratedFile } from '../generate/types.js';
import { parseStl } from '../mesh/stl.js';
import { clickDistanceMm, stretchedBand } from '../parts/wheel.js';
import { capToFit, textWidth } from '../render/font.js';
import { blank, drawText, encodePng, paste } from '../render/image.js';
import { contactSheet, PREVIEW_SIZE } from '../render/previews.js';
import { render, type Image, type View } from '../render/raster.js';
import { BALLAST_WASHER, displayColor, INTERFACES } from '../standard.js';
import {
  ballastOf,
  placedCannon,
  placedFittings,
  placedHull,
  placedRunningGear,
  slotSites,
  UP,
  type Placed,
} from './assembly.js';
import { featureMiddle } from './measure.js';
import { bossDiameterMm } from './rules/fit.js';
import type { Context } from './types.js';
import { withContext } from './context.js';

/** What is drawn in colours no printed part has: the bought parts and the paper. */
const BOUGHT_HEX = { band: '#1E1E1E', washer: '#A9AEB4', paper: '#F4F1E6' } as const;
/** A step's picture (sheet size) and the two big ones. */
const STEP_PX = { widthPx: 320, heightPx: 240 } as const;
const BIG_PX = { widthPx: 600, heightPx: 560 } as const;
const SHEET_BACKGROUND = '#F7F6F2';
const INK = '#202020';
/** The camera: front-right (the starboard side, bow to the right), a little above the deck. */
const SHIP_VIEW: View = { azimuthDeg: -42, elevationDeg: 24 };
/** How far a part being fitted stands off its place along the way it goes in, mm. */
const STANDOFF_MM = 16;
/** The paper flag as the holder takes it: folded 80 g/m² paper (two layers) standing this far out of the slot, mm. */
const FLAG = { thicknessMm: 0.2, outMm: 22 } as const;

/** One thing drawn: its mesh in the world (hull) frame, its colour, and how far it stands off in the exploded view. */
interface Piece {
  id: string;
  mesh: MeshData;
  colorHex: string;
  /** Where it is drawn out to when it is being fitted, and in the exploded view. */
  explodeMm: Vec3;
}

/** One step of the guide. */
export interface GuideStep {
  id: 'band' | 'wheel' | 'carriage' | 'washers' | 'mast' | 'sail' | 'flag' | 'cargo' | 'cannon';
  /** Short, for the picture's label. */
  title: string;
  /** What to do, one or two sentences, for print-plan.md. */
  text: string;
  picture: Image;
}

/** A faction's guide: its steps, the exploded view and the finished ship, and what to buy for one ship. */
export interface FactionGuide {
  faction: string;
  name: string;
  steps: GuideStep[];
  exploded: Image;
  finished: Image;
  /** The finished ship at a part picture's size (512 × 384), for the faction's contact sheet. */
  preview: Image;
  /** The guide as one sheet: the exploded view and the ship over the steps. */
  sheet: Image;
  /** Washers one ship's hull takes (0: it has no ballast pocket); the turret's are counted in its step. */
  washers: number;
}

/** The mesh of `placed` in the world frame. */
function worldMesh(mesh: MeshData, m: Mat4): MeshData {
  return { positions: worldPositions(mesh.positions, m), triangles: mesh.triangles };
}

/**
 * `applyPoint` on every vertex, written out: a hull has 10⁵ vertices and each step moves or turns several
 * meshes. Nothing follows the loop: its optimised code is compiled while it runs, and code after it, not yet
 * run, made that code throw itself away at the end of every call.
 */
function worldPositions(p: Float32Array, m: Mat4): Float32Array {
  const out = new Float32Array(p.length);
  const [a, b, c, , d, e, f, , g, h, k, , x, y, z] = m as number[];
  for (let i = 0; i < p.length; i += 3) {
    const px = p[i]!,
      py = p[i + 1]!,
      pz = p[i + 2]!;
    out[i] = a! * px + d! * py + g! * pz + x!;
    out[i + 1] = b! * px + e! * py + h! * pz + y!;
    out[i + 2] = c! * px + f! * py + k! * pz + z!;
  }
  return out;
}

function moved(mesh: MeshData, by: Vec3): MeshData {
  if (by[0] === 0 && by[1] === 0 && by[2] === 0) return mesh;
  return worldMesh(mesh, translation(by));
}

/**
 * A round tube of radius `r` along a closed path (points in order), as a mesh: the band. The path turns
 * counter-clockwise about `axis`, so the triangles face out.
 */
function tube(path: readonly Vec3[], axis: Vec3, r: number, sides = 10): MeshData {
  const n = path.length;
  const positions = new Float32Array(n * sides * 3);
  for (let i = 0; i < n; i++) {
    const t = unit(sub(path[(i + 1) % n]!, path[(i + n - 1) % n]!));
    const out = unit(cross(t, axis));
    for (let k = 0; k < sides; k++) {
      const a = (2 * Math.PI * k) / sides;
      positions.set(add(add(path[i]!, out, r * Math.cos(a)), axis, r * Math.sin(a)), 3 * (i * sides + k));
    }
  }
  const triangles = new Uint32Array(n * sides * 6);
  let o = 0;
  for (let i = 0; i < n; i++)
    for (let k = 0; k < sides; k++) {
      const a = i * sides + k,
        b = i * sides + ((k + 1) % sides),
        c = ((i + 1) % n) * sides + k,
        d = ((i + 1) % n) * sides + ((k + 1) % sides);
      triangles.set([a, c, b, b, c, d], o);
      o += 6;
    }
  return { positions, triangles };
}

/**
 * The O-ring in the placed wheel's groove: the groove's outline (a circle with the flat's chord, the flat
 * facing the wheel's print-frame down) grown by half the stretched cord. The groove's radius comes from the
 * rim the wheel declares (rim = groove + cord − proud, src/parts/wheel.ts) and the band's stretch on it.
 */
function bandOn(wheel: Placed, ctx: Context): MeshData | null {
  const rim = wheel.features.find((f) => f.kind === 'wheel-rim');
  const axles = wheel.features.filter((f) => f.kind === 'axle');
  if (!rim || rim.size.shape !== 'round' || axles.length < 2) return null;
  const spec = ctx.settings.band,
    alphaDeg = INTERFACES.wheel.flatHalfAngleDeg;
  const rolling = rim.size.diameterMm / 2 + INTERFACES.band.proudMm;
  // rolling = groove + stretched cord; the cord depends on the groove: iterate.
  let cord = spec.crossSectionMm;
  for (let i = 0; i < 30; i++)
    cord = stretchedBand(spec, (rolling - cord) * clickDistanceMm(1, alphaDeg)).crossSectionMm;
  const groove = rolling - cord;
  const centre = featureMiddle(rim);
  const axis = unit(rim.axis);
  // The flat faces the wheel's print-frame down, seen in the world.
  const down0 = applyDirection(wheel.transform, [0, 0, -1]);
  const down = unit(sub(down0, scale(axis, dot(down0, axis))));
  const side = cross(axis, down);
  const alpha = (alphaDeg * Math.PI) / 180,
    r = groove + cord / 2,
    flatR = groove * Math.cos(alpha) + cord / 2;
  const path: Vec3[] = [];
  const N = 96;
  for (let i = 0; i < N; i++) {
    const a = (2 * Math.PI * i) / N;
    // Angle from the flat's middle; across the flat the band runs straight.
    const off = Math.atan2(Math.sin(a), Math.cos(a));
    const radius = Math.abs(off) < alpha ? flatR / Math.cos(off) : r;
    path.push(add(add(centre, down, radius * Math.cos(a)), side, radius * Math.sin(a)));
  }
  // The path turns about down × side = axis or its opposite: face the triangles out either way.
  return tube(path, dot(cross(down, side), axis) > 0 ? axis : neg(axis), cord / 2);
}

/** The washers the hull's ballast pocket takes, stacked on its boss from the floor. */
function washersIn(hull: Placed): MeshData[] {
  const w = BALLAST_WASHER;
  const ring = circle(w.outsideMaxMm / 2)
    .subtract(circle(w.holeMinMm / 2))
    .extrude(w.thicknessMm)
    .toMesh();
  const pockets = hull.features.filter((f) => f.kind === 'ballast-pocket');
  return ballastOf(hull).flatMap((stack, i) => {
    const f = pockets[i]!;
    const floor = add(f.positionMm, f.axis, -f.depthMm);
    // The ring's +z along the pocket's axis (out of its mouth), its first face on the floor.
    const z = unit(f.axis),
      x = unit(cross(Math.abs(z[2]) < 0.9 ? UP : [1, 0, 0], z)),
      y = cross(z, x);
    return Array.from({ length: stack.washers }, (_, k) => {
      const at = add(floor, z, k * w.thicknessMm);
      return worldMesh(ring, [...x, 0, ...y, 0, ...z, 0, ...at, 1]);
    });
  });
}

/** A folded paper flag standing out of the placed holder's paper slot. */
function paperFlag(holder: Placed): MeshData | null {
  const slot = holder.features.find((f) => f.kind === 'paper-slot');
  if (!slot || slot.size.shape !== 'rect') return null;
  const along = unit(slot.axis),
    across = unit(slot.size.widthAxis),
    thick = cross(along, across);
  const floor = add(slot.positionMm, along, -slot.depthMm);
  const length = slot.depthMm + FLAG.outMm,
    width = slot.size.widthMm;
  const centre = add(floor, along, length / 2);
  return worldMesh(box([length, width, 2 * FLAG.thicknessMm]).toMesh(), [
    ...along,
    0,
    ...across,
    0,
    ...thick,
    0,
    ...centre,
    1,
  ]);
}

/** A peg's root placed in a hole's mouth, for the flag holder's sleeve on the mast's tenon. */
function holeOnPeg(hole: Feature, peg: Feature, across: Vec3, worldAcross: Vec3): Mat4 {
  // The hole's axis (out of its mouth) runs against the peg's (root to tip).
  const a0 = unit(hole.axis),
    a1 = neg(unit(peg.axis));
  const b = (a: Vec3, u: Vec3): [Vec3, Vec3, Vec3] => {
    const v = unit(sub(u, scale(a, dot(u, a))));
    return [a, v, cross(a, v)];
  };
  const [x0, y0, z0] = b(a0, across),
    [x1, y1, z1] = b(a1, worldAcross);
  const col = (j: number): Vec3 =>
    [0, 1, 2].map((i) => x1[i]! * x0[j]! + y1[i]! * y0[j]! + z1[i]! * z0[j]!) as unknown as Vec3;
  const r: Mat4 = [...col(0), 0, ...col(1), 0, ...col(2), 0, 0, 0, 0, 1];
  return compose(translation(sub(peg.positionMm, applyPoint(r, hole.positionMm))), r);
}

/** The file a placed part came from, as the caller's colour. */
type ColourOf = (file: { path: string }) => string;

/** Everything one ship is built from, placed, with the step each goes in at. */
function shipPieces(ctx: Context, faction: Faction, colourOf: ColourOf): Map<GuideStep['id'] | 'hull', Piece[]> | null {
  const hull = placedHull(ctx, faction);
  const gear = placedRunningGear(ctx, faction);
  if (!hull || !gear) return null;
  const meshes = new Map<string, MeshData>();
  const meshOf = (p: Placed): MeshData => {
    if (!meshes.has(p.file.path)) meshes.set(p.file.path, parseStl(p.file.bytes));
    return worldMesh(meshes.get(p.file.path)!, p.transform);
  };
  const piece = (id: string, p: Placed, explodeMm: Vec3): Piece => ({
    id,
    mesh: meshOf(p),
    colorHex: displayColor(colourOf(p.file)),
    explodeMm,
  });
  const out = new Map<GuideStep['id'] | 'hull', Piece[]>();
  out.set('hull', [piece('hull', hull, [0, 0, 0])]);

  // Under the hull: the carriage comes out of the slot's mouth, the wheel out of the fork, the band off the wheel's side.
  const slot = ctx.hull(faction)!.wheelSlot!.feature;
  const down = scale(unit(slot.axis), 1.4 * STANDOFF_MM);
  const fork = gear.carriage.features.find((f) => f.kind === 'fork-gap');
  const wheelOut: Vec3 = fork ? scale(unit(fork.axis), STANDOFF_MM) : scale(unit(slot.axis), STANDOFF_MM);
  const axle = gear.wheel.features.find((f) => f.kind === 'axle');
  const band = bandOn(gear.wheel, ctx);
  out.set(
    'band',
    band
      ? [
          {
            id: 'band',
            mesh: band,
            colorHex: BOUGHT_HEX.band,
            explodeMm: axle ? scale(unit(axle.axis), 0.6 * STANDOFF_MM) : [0, 0, 0],
          },
        ]
      : [],
  );
  out.set('wheel', [piece('wheel', gear.wheel, wheelOut)]);
  out.set('carriage', [piece('carriage', gear.carriage, down)]);
  const pocket = hull.features.find((f) => f.kind === 'ballast-pocket');
  out.set(
    'washers',
    washersIn(hull).map((mesh, k) => ({
      id: `washer ${k + 1}`,
      mesh,
      colorHex: BOUGHT_HEX.washer,
      explodeMm: scale(unit(pocket!.axis), STANDOFF_MM * (0.8 + 0.35 * k)),
    })),
  );

  // On the deck: each fitting straight up out of its socket; the sail and the flag holder over the mast's top.
  const fittings = placedFittings(ctx, faction);
  const up = (k = 1): Vec3 => scale(UP, k * STANDOFF_MM);
  const mast = fittings.find((f) => f.file.part === 'mast');
  const sail = fittings.find((f) => f.file.part === 'sail');
  out.set('mast', mast ? [piece('mast', mast, up(1.6))] : []);
  const tenon = mast?.features.find((f) => f.kind === 'mast-tenon');
  const mastTop = tenon ? dot(add(tenon.positionMm, tenon.axis, tenon.depthMm), UP) : 0;
  if (sail) {
    // Drawn out until its lowest point clears the mast's top.
    const low = lowestZ(meshOf(sail));
    out.set('sail', [piece('sail', sail, up((mastTop - low) / STANDOFF_MM + 0.4))]);
  } else out.set('sail', []);
  const holderFile = ctx.file('flag-holder');
  const sleeve = holderFile?.features.find((f) => f.kind === 'sleeve');
  const slotF = holderFile?.features.find((f) => f.kind === 'paper-slot');
  if (holderFile && sleeve && tenon && slotF) {
    // The flag flies aft, along the ship, where the sail does not hide it.
    const t = holeOnPeg(sleeve, tenon, slotF.axis, [-1, 0, 0]);
    const solid = ctx.solid(holderFile);
    const holder: Placed = {
      name: 'flag holder',
      file: holderFile,
      transform: t,
      solid: solid!,
      features: holderFile.features.map((f) => ({
        ...f,
        positionMm: applyPoint(t, f.positionMm),
        axis: applyDirection(t, f.axis),
        size: f.size.shape === 'round' ? f.size : { ...f.size, widthAxis: applyDirection(t, f.size.widthAxis) },
      })),
    };
    const flag = paperFlag(holder);
    const off = up(0.9 + (sail ? 1 : 0));
    out.set('flag', [
      piece('flag holder', holder, off),
      ...(flag ? [{ id: 'paper flag', mesh: flag, colorHex: displayColor(faction.card.color), explodeMm: off }] : []),
    ]);
  } else out.set('flag', []);
  // The turret carries washers of its own (TURRET.ballastWashers), pressed in before it goes on.
  out.set(
    'cargo',
    fittings
      .filter((f) => f.file.part === 'cargo' || f.file.part === 'turret')
      .flatMap((f) => {
        const pocketF = f.features.find((x) => x.kind === 'ballast-pocket');
        const own =
          f.file.part === 'turret' && pocketF
            ? washersIn(f).map((mesh, k): Piece => ({
                id: `turret washer ${k + 1}`,
                mesh,
                colorHex: BOUGHT_HEX.washer,
                explodeMm: add(up(1.2), unit(pocketF.axis), STANDOFF_MM * (0.6 + 0.3 * k)),
              }))
            : [];
        return [piece(f.file.part, f, up(1.2)), ...own];
      }),
  );

  // A cannon in the slot that faces the camera most (the turret's where the ship has one), a ball in its bore.
  const sites = slotSites(ctx, faction, hull, fittings);
  const toCamera: Vec3 = [
    Math.cos((SHIP_VIEW.azimuthDeg * Math.PI) / 180),
    Math.sin((SHIP_VIEW.azimuthDeg * Math.PI) / 180),
    0,
  ];
  const site = [...sites].sort(
    (a, b) =>
      Number(b.host !== hull) - Number(a.host !== hull) || dot(b.slot.axis, toCamera) - dot(a.slot.axis, toCamera),
  )[0];
  const cannon = site && placedCannon(ctx, site.host.solid, site.slot, 'cannon');
  const ballFile = ctx.file('cannonball');
  const bore = cannon?.features.find((f) => f.kind === 'bore');
  const ballFeature = ballFile?.features.find((f) => f.kind === 'ball');
  if (cannon && site) {
    const outward = scale(unit(site.slot.axis), STANDOFF_MM);
    const list = [piece('cannon', cannon, outward)];
    if (ballFile && bore && ballFeature && ballFeature.size.shape === 'round') {
      // The ball just inside the muzzle: seen, as it is when loaded.
      const r = ballFeature.size.diameterMm / 2;
      const centre = add(bore.positionMm, unit(bore.axis), -r - 0.5);
      const ball: Placed = {
        name: 'ball',
        file: ballFile,
        transform: translation(sub(centre, ballFeature.positionMm)),
        solid: ctx.solid(ballFile)!,
        features: [],
      };
      list.push(piece('ball', ball, add(outward, unit(bore.axis), 0.8 * STANDOFF_MM)));
    }
    out.set('cannon', list);
  } else out.set('cannon', []);
  return out;
}

function lowestZ(mesh: MeshData): number {
  let z = Infinity;
  for (let i = 2; i < mesh.positions.length; i += 3) z = Math.min(z, mesh.positions[i]!);
  return z;
}

/** The order a ship goes together in. */
const ORDER: readonly GuideStep['id'][] = [
  'band',
  'wheel',
  'carriage',
  'washers',
  'mast',
  'sail',
  'flag',
  'cargo',
  'cannon',
];

/** Steps drawn upside down (the hull on its deck, the bottom up): the running gear and the ballast. */
const UNDERSIDE: ReadonlySet<GuideStep['id']> = new Set(['carriage', 'washers']);

/** The steps' words, from the faction and the standard's bought parts. */
function stepWords(
  faction: Faction,
  ctx: Context,
  pieces: Map<GuideStep['id'] | 'hull', Piece[]>,
): Record<GuideStep['id'], { title: string; text: string }> {
  const band = ctx.settings.band;
  const washers = pieces.get('washers')!.length;
  // The boss as built: measured on the hull's mesh across its flats (fit/ballast-boss measures it so).
  const hullFile = ctx.file('hull', faction.id);
  const pocket = hullFile?.features.find((f) => f.kind === 'ballast-pocket');
  const solid = hullFile && ctx.solid(hullFile);
  const boss = pocket && solid ? bossDiameterMm(solid, pocket)?.minMm : undefined;
  const w = BALLAST_WASHER;
  const cargo = pieces.get('cargo')!;
  const turret = cargo.some((p) => p.id === 'turret');
  const turretWashers = cargo.filter((p) => p.id.startsWith('turret washer')).length;
  const crates = cargo.filter((p) => p.id === 'cargo').length;
  const grip =
    boss === undefined
      ? ''
      : boss > w.holeMaxMm
        ? `The boss is ${boss.toFixed(2)} mm across (measured on the mesh), larger than any ISO 7089 hole (${w.holeMinMm}–${w.holeMaxMm} mm), so they press on and stay; if one turns loose or drops out (a printer that prints bosses small), fix it with a drop of cyanoacrylate or epoxy.`
        : `The boss is ${boss.toFixed(2)} mm across (measured on the mesh), not larger than the washers' hole (${w.holeMinMm}–${w.holeMaxMm} mm), so it does not grip: glue them in with a drop of cyanoacrylate or epoxy.`;
  return {
    band: {
      title: 'band onto the wheel',
      text: `Roll one ${band.name} O-ring (${band.innerDiameterMm} mm inside, ${band.crossSectionMm} mm cord) over a flange into the wheel's groove, untwisted, so it stands proud all round.`,
    },
    wheel: {
      title: 'wheel into carriage',
      text: "Push the wheel into the carriage's fork until its axle stubs snap into the bearings; it must turn freely.",
    },
    carriage: {
      title: 'carriage into hull',
      text: 'Turn the hull over and press the carriage, wheel first, into the slot under the stern until its block is flush with the bottom (a firm push: it is a press fit).',
    },
    washers:
      washers === 0
        ? { title: 'no ballast', text: 'This hull takes no washers.' }
        : {
            title: `${washers} washer${washers === 1 ? '' : 's'} on the boss`,
            text: `Press ${washers} × ${w.name}${washers === 1 ? '' : ', one at a time,'} onto the boss in the pocket under the hull. ${grip}`,
          },
    mast: { title: 'mast into socket', text: "Push the mast's peg into the round socket on the deck, its flat aft." },
    sail: {
      title: 'sail over the mast',
      text: 'Slide the sail over the top of the mast, both loops round it, until its lower loop rests on the collar.',
    },
    flag: {
      title: 'flag holder, flag',
      text: "Push the flag holder onto the mast's top and slide a paper flag (shipwright cards: cut, fold, slide the fold in) into its slot.",
    },
    cargo: {
      title: turret ? 'cargo and turret' : crates === 1 ? 'cargo' : `${crates} cargo`,
      text: `${crates ? `Push ${crates === 1 ? "the cargo's" : "each cargo's"} square peg into a square socket.` : ''}${turret ? `${crates ? ' ' : ''}${turretWashers ? `Press ${turretWashers} more washers into the pocket under the turret, as under the hull; then set` : 'Set'} the turret's pivot in its round seat: it turns all round.` : ''}`,
    },
    cannon: {
      title: 'cannon, ball',
      text: 'Plug a cannon into a slot, square plug first, and drop a ball into its barrel: the ship is ready to play.',
    },
  };
}

/** Draws `pieces`, each at its place plus `explode` × its standoff, upright or upside down, at `size`. */
function draw(
  pieces: readonly { piece: Piece; out: boolean }[],
  underside: boolean,
  size: { widthPx: number; heightPx: number },
  view: View = SHIP_VIEW,
): Image {
  // Upside down: half a turn about the ship's length, the bow still to the right.
  const flip = underside ? rotation([180, 0, 0]) : null;
  const scene = pieces.map(({ piece, out }) => {
    let mesh = out ? moved(piece.mesh, piece.explodeMm) : piece.mesh;
    if (flip) mesh = worldMesh(mesh, flip);
    return { mesh, colorHex: piece.colorHex };
  });
  return render(scene, {
    ...size,
    view: underside ? { azimuthDeg: view.azimuthDeg, elevationDeg: 40 } : view,
    supersample: 2,
    marginPx: 8,
  });
}

/** A picture with a label under it on the sheet's paper. */
function labelled(picture: Image, label: string, capPx = 15): Image {
  const labelPx = Math.round(capPx * 2.2);
  const img = blank(picture.widthPx, picture.heightPx + labelPx, SHEET_BACKGROUND);
  paste(img, picture, 0, 0);
  const cap = capToFit(label, capPx, picture.widthPx - 8);
  drawText(
    img,
    label,
    (picture.widthPx - textWidth(label, cap)) / 2,
    picture.heightPx + Math.round(capPx * 1.5),
    cap,
    INK,
  );
  return img;
}

/** Two images one over the other on the sheet's paper. */
function stack(top: Image, bottom: Image): Image {
  const img = blank(Math.max(top.widthPx, bottom.widthPx), top.heightPx + bottom.heightPx, SHEET_BACKGROUND);
  paste(img, top, 0, 0);
  paste(img, bottom, 0, top.heightPx);
  return img;
}

/** One faction's guide, inside a validate context. */
function factionGuide(ctx: Context, faction: Faction, colourOf: ColourOf): FactionGuide | null {
  const pieces = shipPieces(ctx, faction, colourOf);
  if (!pieces) return null;
  const words = stepWords(faction, ctx, pieces);
  const steps: GuideStep[] = [];
  const done: GuideStep['id'][] = [];
  // What goes in with a step's part: the band rides on the wheel, the wheel (and band) on the carriage.
  const rides: Partial<Record<GuideStep['id'], GuideStep['id'][]>> = { wheel: ['band'], carriage: ['wheel', 'band'] };
  for (const id of ORDER) {
    const now = pieces.get(id)!;
    if (now.length === 0) continue;
    const by = now[0]!.explodeMm;
    const moving = new Set(rides[id] ?? []);
    // The band and the wheel are fitted off the ship: the running gear alone; from the carriage on, the hull too.
    const before: (GuideStep['id'] | 'hull')[] =
      id === 'band' ? ['wheel'] : id === 'wheel' ? ['carriage', 'band'] : ['hull', ...done];
    const shown = [
      ...before.flatMap((c) =>
        pieces
          .get(c)!
          .map((piece) =>
            moving.has(c as GuideStep['id'])
              ? { piece: { ...piece, explodeMm: by }, out: true }
              : { piece, out: false },
          ),
      ),
      ...now.map((piece) => ({ piece, out: true })),
    ];
    steps.push({
      id,
      ...words[id],
      picture: labelled(draw(shown, UNDERSIDE.has(id), STEP_PX), `${steps.length + 1}. ${words[id].title}`),
    });
    done.push(id);
  }
  const all = ['hull' as const, ...ORDER].flatMap((id) => pieces.get(id)!);
  // Exploded: the running gear drawn down out of its slot, together, the band off the wheel's side.
  const gearDown = pieces.get('carriage')![0]!.explodeMm;
  const explodedPieces = all.map((piece) => {
    if (piece.id === 'wheel') return { piece: { ...piece, explodeMm: scale(gearDown, 1.9) }, out: true };
    if (piece.id === 'band')
      return { piece: { ...piece, explodeMm: add(scale(gearDown, 1.9), piece.explodeMm, 1.4) }, out: true };
    return { piece, out: true };
  });
  const exploded = draw(explodedPieces, false, BIG_PX, { azimuthDeg: SHIP_VIEW.azimuthDeg, elevationDeg: 14 });
  const finished = draw(
    all.map((piece) => ({ piece, out: false })),
    false,
    BIG_PX,
  );
  const preview = draw(
    all.map((piece) => ({ piece, out: false })),
    false,
    PREVIEW_SIZE,
  );
  const top = contactSheet(
    `${faction.name}: assembly`,
    [
      { picture: exploded, label: 'every part, drawn out along the way it goes in' },
      { picture: finished, label: 'the finished ship' },
    ],
    2,
  );
  const washers = pieces.get('washers')!.length;
  const sheet = stack(
    top,
    contactSheet(
      'Step by step',
      steps.map((s) => ({ picture: s.picture, label: '' })),
      4,
    ),
  );
  return { faction: faction.id, name: faction.name, steps, exploded, finished, preview, sheet, washers };
}

/** What a guide worker (guide-worker.ts) is sent: assemblyGuides' arguments. */
export interface GuideTask {
  files: readonly GeneratedFile[];
  factions: readonly Faction[];
  settings: BuildSettings;
}

/** A guide as the commands keep it: its words, its sheet and finished ship as PNG, and the ship's pixels. */
export interface DrawnGuide {
  faction: string;
  name: string;
  washers: number;
  steps: { id: string; title: string; text: string }[];
  sheetPng: Uint8Array;
  shipPng: Uint8Array;
  /** The finished ship at a part picture's size, for generate's contact sheet. */
  ship: Image;
}

/** `assemblyGuides` as the commands keep them, encoded on the thread that draws them (a guide worker's). */
export async function drawnGuides(t: GuideTask): Promise<DrawnGuide[]> {
  return (await assemblyGuides(t.files, t.factions, t.settings)).map((g) => ({
    faction: g.faction,
    name: g.name,
    washers: g.washers,
    steps: g.steps.map((s) => ({ id: s.id, title: s.title, text: s.text })),
    sheetPng: encodePng(g.sheet),
    shipPng: encodePng(g.preview),
    ship: g.preview,
  }));
}

/** Every buffer in `guides`, each once: what a worker moves back rather than copies. */
export function drawnBuffers(guides: readonly DrawnGuide[]): ArrayBuffer[] {
  return [
    ...new Set(guides.flatMap((g) => [g.sheetPng.buffer, g.shipPng.buffer, g.ship.rgba.buffer] as ArrayBuffer[])),
  ];
}

/**
 * Every faction's assembly guide from its built files (generate's, a hull made in another tool among them),
 * the parts placed as `validate` places them and drawn in each file's `color`. A faction whose ship cannot be
 * placed (no open wheel slot: validate says why) has none.
 */
export async function assemblyGuides(
  files: readonly GeneratedFile[],
  factions: readonly Faction[],
  settings: BuildSettings,
): Promise<FactionGuide[]> {
  const colours = new Map(files.map((f) => [f.path, f.color]));
  const colourOf: ColourOf = (file) => colours.get(file.path) ?? 'any';
  // An external hull is already among the built files: the context takes its bytes from there.
  const externalHulls = new Map(
    factions.flatMap((f) => {
      const hull = f.model.externalHullStl ? files.find((x) => x.part === 'hull' && x.faction === f.id) : undefined;
      return hull ? [[f.id, hull.bytes] as const] : [];
    }),
  );
  return withContext(files, { factions, settings, externalHulls }, (ctx) =>
    factions.flatMap((f) => factionGuide(ctx, f, colourOf) ?? []),
  );
}
