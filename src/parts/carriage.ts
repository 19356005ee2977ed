/**
 * Wheel carriage: a block pressed up into the hull's wheel slot, with a fork gap through it for the wheel
 * and a bearing hole in each cheek for the wheel's stub axles. Printed as used, bottom face down.
 *
 * Below the hull the block stands on a foot (carriageFootMm tall, INTERFACES.carriage.footWidthMm across:
 * a flange either side under the hull's bottom, which it stops against), down to just over the table when
 * the wheel is parked on its flat (footGapMm), so a ship heeled by a side cannon settles on the foot's
 * corners and does not tip about the band's 2 mm cord alone (assembly/stands). Beside each snap tongue the
 * flange is cut from the tongue by a print-in-place slit, so the tongue springs as before.
 *
 * The wheel snaps in from below and stays in (the rulebook: "difficult to remove once installed"). Each
 * bearing sits near the free end of a tongue: its cheek, the whole height of the block, cut free by a slit
 * of the print-in-place gap from the bottom face to the top beside the bearing and rooted on the carriage's
 * −x end block. Under each bearing a passage is sunk into the cheek's inner face, a press gap wider than
 * the stub and as deep as the throat, `snapInterferenceMm` shallower than the stub reaches; beside it a
 * pocket as deep as the stub's tip (and a little more) rises from the bottom face to a lip, whose underside
 * a 15° ramp leads from clear of the stub's tip in to the throat, the lip's face there two line widths tall. Pushed
 * up, the stubs ride the ramps and bend both tongues outward; past the throat they drop into the bearings
 * and the tongues spring back. Pulled down, a stub meets the bottom of its bearing, which pushes back in
 * the bearing's plane and so cannot spread the tongue: the wheel leaves only when
 * both tongues are pried outward, and not at all once the carriage is in its hull, whose slot walls stand
 * against the tongues' outer faces. The tongue is thinned to `hingeMm` on its inner face between its root
 * and the bearing, so it bends there, in the bed plane and along the roads.
 *
 * Printability (print/*): every cut is vertical and open at the bottom or the top except the ramp (15°
 * from vertical) and the bearing, a pointed teardrop (cutters.ts). Nothing is roofed: PrusaSlicer 2.5
 * supported every roof the snap had, though each passed as an overhang or a short bridge, because each
 * started as a strip in the air (the first layer of a slit's 45° roof over the tongue, 12 mm long; the lip
 * over a pocket cut through the cheek, 3 mm; the bearing's flat roof, 1.5 mm). So the tongue runs the
 * cheek's full height and its slit is open at the top, and the pocket behind the ramp stops `LEAD_CLEAR_MM`
 * past the stub's tip, leaving the cheek's outer skin (cheekMm − that, 0.75 mm). The foot's bottom edge is bevelled by the printer's elephant's
 * foot (chamfer.ts), as the block's would be; the press fit above it never meets the bed. Its top's long edges a line width
 * more than the 45° fill along the hull slot's roof (wheelSlotRoofChamferMm), so it seats against the roof.
 */
import { box, hull3d, polygon, union, type Solid, type Vec3 } from '../geometry/kernel.js';
import { layOnBed, type Feature, type Part } from '../geometry/part.js';
import { findMaterial } from '../materials.js';
import {
  CLEARANCE_RANGE_MM,
  CLICK_DISTANCE_MM,
  clearanceMm,
  DEFAULT_BAND,
  DEFAULT_BED_CHAMFER_MM,
  DEFAULT_CLEARANCE_MM,
  fitHoleMm,
  INTERFACES,
  MIN_FEATURE_MM,
  PRINT_IN_PLACE_GAP_MM,
  PRINTABILITY,
  type BandSpec,
} from '../standard.js';
import { chamferFitsAtBed } from './chamfer.js';
import {
  carriageOuterMm,
  FACING,
  placeCut,
  rectHole,
  roundHole,
  teardrop,
  wheelSlotRoofChamferMm,
  type Cut,
} from './cutters.js';
import { checkOption, checkRange, mergeOptions } from './options.js';
import { wheelRadiiMm } from './wheel.js';

export interface CarriageOptions {
  /** Printer's sliding clearance per mating surface. Default DEFAULT_CLEARANCE_MM (0.20 mm). */
  clearanceMm: number;
  /** The wheel's click distance, so the fork fits the wheel built with it. Default CLICK_DISTANCE_MM. */
  clickDistanceMm: number;
  /** The wheel's band, which sets its outer radius. Default DEFAULT_BAND. */
  band: BandSpec;
  /** Bevel on the foot's bottom edge, against the printer's elephant's foot (chamfer.ts). Default DEFAULT_BED_CHAMFER_MM. */
  bedChamferMm: number;
}

export const DEFAULTS: CarriageOptions = {
  clearanceMm: DEFAULT_CLEARANCE_MM,
  clickDistanceMm: CLICK_DISTANCE_MM,
  band: DEFAULT_BAND,
  bedChamferMm: DEFAULT_BED_CHAMFER_MM,
};

/** The snap's lead-in ramp: its angle from vertical, and how far clear of the stub's tip it starts. */
const RAMP_DEG = 15;
const LEAD_CLEAR_MM = 0.05;

/** The band-wrapped wheel's rolling radius, its reach (over its keel) and its flat's inset, for the carriage built with `o`. */
function wheelOuterMm(o: Pick<CarriageOptions, 'clickDistanceMm' | 'band'>): {
  rollingMm: number;
  reachMm: number;
  rimMm: number;
  flatInsetMm: number;
} {
  return wheelRadiiMm({
    clickDistanceMm: o.clickDistanceMm,
    flatHalfAngleDeg: INTERFACES.wheel.flatHalfAngleDeg,
    band: o.band,
  });
}

/**
 * Height of the axle's centre above the carriage's bottom face: the wheel's round stands wheelProudMm below
 * it, or, if the wheel is so large that its reach would then come within wheelTopGapMm of the carriage's top,
 * lower still.
 */
export function carriageAxleHeightMm(o: Pick<CarriageOptions, 'clickDistanceMm' | 'band'>): number {
  const c = INTERFACES.carriage;
  const { rollingMm, reachMm } = wheelOuterMm(o);
  return Math.min(rollingMm - c.wheelProudMm, c.heightMm - c.wheelTopGapMm - reachMm);
}

/**
 * How far the carriage's foot stands below its block's bottom face (the hull's bottom): to
 * INTERFACES.carriage.footGapMm over the band on the wheel's parked flat (rollingMm − flatInsetMm from the
 * axle), plus the drop of its front edge when the ship pitches footPitchMaxDeg about the flat's leading edge.
 */
export function carriageFootMm(o: Pick<CarriageOptions, 'clickDistanceMm' | 'band'>): number {
  const c = INTERFACES.carriage;
  const { rollingMm, rimMm, flatInsetMm } = wheelOuterMm(o);
  const flatHalfMm = Math.sqrt(rimMm ** 2 - (rimMm - flatInsetMm) ** 2);
  const frontDropMm = (c.lengthMm / 2 - flatHalfMm) * Math.tan((c.footPitchMaxDeg * Math.PI) / 180);
  return rollingMm - flatInsetMm - carriageAxleHeightMm(o) - c.footGapMm - frontDropMm;
}

/** The snap's layout (model frame: x along the carriage, y across, z up from the block's bottom face, the foot below it) and spring. */
export interface CarriageSnap {
  /** How far a centred stub reaches into its cheek past the inner face. */
  engagementMm: number;
  /** How deep the ramp is at its throat, under the bearing. */
  throatDepthMm: number;
  /** Engagement − throat depth: how far each tongue bends to let a stub pass. */
  interferenceMm: number;
  /** Tongue: root at the −x end block, thinned up to hingeEndXMm, free end at freeXMm, top at topZMm (the block's top). */
  rootXMm: number;
  hingeEndXMm: number;
  freeXMm: number;
  topZMm: number;
  /** Tongue spring in PLA along the roads, at the bearing: stiffness, force and hinge strain at the interference. */
  stiffnessNPerMm: number;
  forceN: number;
  hingeStrain: number;
}

/**
 * Bending of the tongue's section outward (about an axis along z): `heightMm` tall, from depth d0 to d1 into
 * the cheek. Returns the second moment about its centre and the farthest fibre's distance from it.
 */
function tongueSection(heightMm: number, d0: number, d1: number): { inertiaMm4: number; fibreMm: number } {
  return { inertiaMm4: (heightMm * (d1 - d0) ** 3) / 12, fibreMm: (d1 - d0) / 2 };
}

/**
 * The snap as built (see the file's comment). The spring is the tongue as a cantilever from its root,
 * `hingeMm` thick (the cheek's outer part) to hingeEndXMm and the cheek's thickness beyond, loaded at the
 * bearing: δ = F·∫(L − x)²/(E·I(x)) dx, hinge strain ε = F·L·c/(E·I_hinge), E of PLA along the roads.
 */
export function carriageSnap(options?: Partial<CarriageOptions>): CarriageSnap {
  const o = mergeOptions(DEFAULTS, options);
  const c = INTERFACES.carriage;
  const bearingMm = fitHoleMm(INTERFACES.axle.diameterMm, 'rotating', o.clearanceMm);
  const gapLengthMm = fitHoleMm(2 * wheelOuterMm(o).reachMm, 'rotating', o.clearanceMm);
  const engagementMm = INTERFACES.axle.stubLengthMm - clearanceMm('rotating', o.clearanceMm);
  const rootXMm = -gapLengthMm / 2;
  const hingeEndXMm = -(bearingMm / 2 + MIN_FEATURE_MM);
  const topZMm = c.heightMm;
  const E = findMaterial('pla')!.elasticModulusXyGPa.value * 1e3; // N/mm²
  // The tongue runs down through the foot: its section is that much taller.
  const heightMm = topZMm + carriageFootMm(o);
  const hinge = tongueSection(heightMm, c.cheekMm - c.hingeMm, c.cheekMm),
    full = tongueSection(heightMm, 0, c.cheekMm);
  const L = -rootXMm,
    lh = hingeEndXMm - rootXMm;
  // ∫(L − x)² dx over [0, lh] and [lh, L], each over its own E·I.
  const compliance = (L ** 3 - (L - lh) ** 3) / 3 / (E * hinge.inertiaMm4) + (L - lh) ** 3 / 3 / (E * full.inertiaMm4);
  const forceN = c.snapInterferenceMm / compliance;
  return {
    engagementMm,
    throatDepthMm: engagementMm - c.snapInterferenceMm,
    interferenceMm: c.snapInterferenceMm,
    rootXMm,
    hingeEndXMm,
    freeXMm: bearingMm / 2 + MIN_FEATURE_MM,
    topZMm,
    stiffnessNPerMm: 1 / compliance,
    forceN,
    hingeStrain: (forceN * L * hinge.fibreMm) / (E * hinge.inertiaMm4),
  };
}

/**
 * A prism with the (depth, z) outline `pts` in the cheek on the +y side, depth measured outward from the
 * cheek's inner face at y = `innerYMm`, running along x over [x0, x1].
 */
function cheekPrism(pts: readonly [number, number][], innerYMm: number, x0: number, x1: number): Solid {
  // Outline in the XY plane as (y, z), extruded along +Z, then turned so (y, z, x) land on (Y, Z, X).
  return polygon(pts.map(([d, z]) => [innerYMm + d, z] as const))
    .extrude(x1 - x0)
    .rotate([90, 0, 90])
    .translate([x0, 0, 0]);
}

/**
 * Builds the carriage bottom-face down. Features: `carriage-block` (peg, rect, the press-fit outside),
 * `fork-gap` (hole, rect; open top and bottom, declared from the top face down to the bearings' ridges),
 * `bearing-1`, `bearing-2` (holes through the cheeks).
 */
export function carriage(options?: Partial<CarriageOptions>): Part {
  const o = mergeOptions(DEFAULTS, options);
  checkRange('carriage', 'clearanceMm', o.clearanceMm, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  checkRange('carriage', 'clickDistanceMm', o.clickDistanceMm, 30, 120);
  checkRange('carriage', 'bedChamferMm', o.bedChamferMm, 0, 0.4);
  const outer = carriageOuterMm(o.clearanceMm);
  const gapWidthMm = fitHoleMm(INTERFACES.wheel.widthMm, 'rotating', o.clearanceMm);
  // The fork's length clears the band-wrapped wheel's reach, over its keel, as it turns.
  const gapLengthMm = fitHoleMm(2 * wheelOuterMm(o).reachMm, 'rotating', o.clearanceMm);
  const bearingMm = fitHoleMm(INTERFACES.axle.diameterMm, 'rotating', o.clearanceMm);
  const axleZ = carriageAxleHeightMm(o);
  const cheekMm = INTERFACES.carriage.cheekMm;
  const snap = carriageSnap(o);
  const footMm = carriageFootMm(o);
  const slitMm = PRINT_IN_PLACE_GAP_MM;
  // Every cut from below starts under the foot.
  const lo = -footMm - 1;
  checkOption(
    'carriage',
    'clickDistanceMm',
    o.clickDistanceMm,
    gapLengthMm <= outer.lengthMm - 2 * MIN_FEATURE_MM,
    `a wheel that fits a ${outer.lengthMm} mm carriage`,
  );
  checkOption(
    'carriage',
    'clickDistanceMm',
    o.clickDistanceMm,
    axleZ - bearingMm / 2 >= 2 * MIN_FEATURE_MM,
    'a wheel small enough that its bearings stay two line widths above the bottom face',
  );
  // The bearing's pointed teardrop rises to its ridge this far over the axle.
  const ridgeMm = bearingMm / 2 / Math.sin((PRINTABILITY.undersideDeg * Math.PI) / 180);
  checkOption(
    'carriage',
    'clickDistanceMm',
    o.clickDistanceMm,
    outer.heightMm - (axleZ + ridgeMm) >= 2 * MIN_FEATURE_MM &&
      snap.freeXMm + slitMm <= gapLengthMm / 2 - MIN_FEATURE_MM,
    "a wheel whose bearings leave room for the snap tongues (two line widths over their ridges and beyond the tongues' free ends)",
  );

  const footWidthMm = INTERFACES.carriage.footWidthMm;
  checkOption(
    'carriage',
    'clearanceMm',
    o.clearanceMm,
    footWidthMm >= outer.widthMm + 2 * (slitMm + MIN_FEATURE_MM),
    `a block narrower than its ${footWidthMm} mm foot`,
  );
  const body = box([outer.lengthMm, outer.widthMm, outer.heightMm], false)
    .translate([-outer.lengthMm / 2, -outer.widthMm / 2, 0])
    .union(
      box([outer.lengthMm, footWidthMm, footMm], false).translate([-outer.lengthMm / 2, -footWidthMm / 2, -footMm]),
    );
  // Cutters overshoot; the features state the real depths (the block's height, a cheek's thickness).
  const forkCut = placeCut(rectHole('fork-gap', 'fork-gap', gapLengthMm, gapWidthMm, outer.heightMm - lo, 'rotating'), [
    0,
    0,
    outer.heightMm,
  ]);
  const bearing = (id: string, side: 1 | -1): Cut => {
    const cut = teardrop(
      placeCut(
        roundHole('bearing', id, bearingMm, cheekMm + 0.5, 'rotating'),
        [0, (side * outer.widthMm) / 2, axleZ],
        side > 0 ? FACING['+y'] : FACING['-y'],
      ),
      [0, 0, 1],
      true,
    );
    return { ...cut, feature: { ...cut.feature, depthMm: cheekMm } };
  };
  // The fork-gap feature states the gap above the bearings' ridges, where its middle is closed all round and measurable.
  const forkDepthMm = outer.heightMm - (axleZ + ridgeMm);
  const cuts = [
    { ...forkCut, feature: { ...forkCut.feature, depthMm: forkDepthMm } },
    bearing('bearing-1', 1),
    bearing('bearing-2', -1),
  ];

  // The +y cheek's snap cuts; the −y cheek's are their mirror image.
  const inner = gapWidthMm / 2;
  // Under each bearing, a passage `g` deep in the cheek's inner face that a stub slides up (a press gap
  // each side, narrower than the bearing, so the cheek's corners beside it stay thick), running from the
  // bottom face into the bearing. The throat ends a hair under the bearing, so its edge does not run
  // through the bearing's lowest facet line.
  const throatZ = axleZ - bearingMm / 2 - 0.05;
  const g = snap.throatDepthMm;
  const passHalfMm = fitHoleMm(INTERFACES.axle.diameterMm, 'press', o.clearanceMm) / 2;
  const passage = cheekPrism(
    [
      [-0.5, lo],
      [g, lo],
      [g, axleZ],
      [-0.5, axleZ],
    ],
    inner,
    -passHalfMm,
    passHalfMm,
  );
  // The lip the stub passes, the cheek behind the throat: its face at the throat depth stands two line
  // widths tall under the bearing (so the lip is no knife edge), and below it a ramp at RAMP_DEG from
  // vertical leads in from clear of the stub's tip (LEAD_CLEAR_MM); under the lip a pocket as deep rises
  // from the bottom face (cut through the cheek, its roof would start as a strip in the air: supported).
  // The cut is a little wider than the passage, so no face of one lies on a face of the other.
  const leadDepthMm = snap.engagementMm + LEAD_CLEAR_MM;
  const faceZ = throatZ - MIN_FEATURE_MM;
  const lipZ = faceZ - (leadDepthMm - g) / Math.tan((RAMP_DEG * Math.PI) / 180);
  const ramp = cheekPrism(
    [
      [g - 0.1, lo],
      [leadDepthMm, lo],
      [leadDepthMm, lipZ],
      [g, faceZ],
      [g, throatZ],
      [g - 0.1, throatZ],
    ],
    inner,
    -passHalfMm - 0.05,
    passHalfMm + 0.05,
  );
  // The hinge and the slit at the tongue's free end run from under the foot to over the top, past the cheek's faces, so they leave no skin.
  const hi = outer.heightMm + 1;
  const hingeD = cheekMm - INTERFACES.carriage.hingeMm;
  const hinge = cheekPrism(
    [
      [-0.5, lo],
      [hingeD, lo],
      [hingeD, hi],
      [-0.5, hi],
    ],
    inner,
    snap.rootXMm,
    snap.hingeEndXMm,
  );
  // The flange beside the tongue, cut from it along the tongue's length and up to the hull's bottom.
  const flangeSlit = box([snap.freeXMm + slitMm - snap.rootXMm, slitMm, footMm + 2], false).translate([
    snap.rootXMm,
    outer.widthMm / 2,
    lo,
  ]);
  const snapCuts = union([
    flangeSlit,
    passage,
    ramp,
    hinge,
    cheekPrism(
      [
        [-0.5, lo],
        [cheekMm + 0.5, lo],
        [cheekMm + 0.5, hi],
        [-0.5, hi],
      ],
      inner,
      snap.freeXMm,
      snap.freeXMm + slitMm,
    ),
  ]);
  // The top's long edges, bevelled clear of the hull slot roof's 45° fill.
  const k = wheelSlotRoofChamferMm(o.clearanceMm) + MIN_FEATURE_MM,
    e = 0.5;
  const topBevel = hull3d(
    [-1, 1].flatMap((sx) =>
      [
        [outer.widthMm / 2 - k - e, outer.heightMm + e],
        [outer.widthMm / 2 + e, outer.heightMm + e],
        [outer.widthMm / 2 + e, outer.heightMm - k - e],
      ].map(([y, z]): Vec3 => [sx * (outer.lengthMm / 2 + 1), y!, z!]),
    ),
  );
  const block: Feature = {
    id: 'carriage-block',
    kind: 'carriage-block',
    role: 'peg',
    positionMm: [0, 0, 0],
    axis: [0, 0, 1],
    size: { shape: 'rect', widthMm: outer.lengthMm, heightMm: outer.widthMm, widthAxis: [1, 0, 0] },
    depthMm: outer.heightMm,
    mating: 'press',
  };
  const cut = body.subtract(
    union([...cuts.map((c) => c.solid), snapCuts, snapCuts.mirror([0, 1, 0]), topBevel, topBevel.mirror([0, 1, 0])]),
  );
  // The foot's bottom edge is bevelled as the block's would be on the bed (chamfer.ts): against the
  // elephant's foot, and so a ship leaning on it slides over the table's seams.
  const foot: Feature = {
    ...block,
    id: 'carriage-foot',
    positionMm: [0, 0, -footMm],
    size: { shape: 'rect', widthMm: outer.lengthMm, heightMm: footWidthMm, widthAxis: [1, 0, 0] },
    depthMm: footMm,
  };
  const { solid } = chamferFitsAtBed({ solid: cut, features: [foot] }, o.bedChamferMm);
  return layOnBed({ solid, features: [...cuts.map((c) => c.feature), block] });
}
