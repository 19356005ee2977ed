/**
 * The printed flex arm and what it carries, as one elastic system (SI units). This is the object
 * src/parts/cannon.ts exports, not a bare cantilever loaded at its own tip:
 *
 * - the arm is an Euler–Bernoulli beam built into the frame's root block, of thickness h (in the bending
 *   direction) and width b(s) (its height on the bed) tapering linearly from the root to the tip; its root
 *   turns a little in that block (rootEmbedding);
 * - beyond its tip a rigid block (tip block, thumb pad, pusher) carries on along the same line: the thumb
 *   pushes the pad at `thumbPointM` from the root (the pad's middle: the thumb covers it), the catch lets go
 *   when the pad's edge beside it, at `drawPointM`, has moved back by the draw, and the pusher meets the ball
 *   at `pusherM`;
 * - a horizontal force F at the thumb's point a_t bends the arm by the moment F·(a_t − s), so (unit-load
 *   method) the displacement at a point c of the block is F·∫₀ᴸ (a_t − s)(c − s)/EI(s) ds;
 * - the thumb pushes the pad, and the catch and the ball meet the block, above the arm's mid-height: the
 *   thumb's force twists the arm about its own axis too (Saint-Venant torsion, J = β·b·h³), turning the block
 *   about that axis, which moves its points by the twist times their height over the axis.
 *
 * Linear theory: the solver keeps the arm's own tip within δ/L ≤ 0.2, where BRIEF §4 puts linear theory
 * within 2 % of the elastica, so no large-deflection branch (and no jump where one would switch in) is
 * needed.
 *
 * Dynamics, one degree of freedom (Rayleigh): the released system moves in the shape of the static
 * deflection under the thumb's force, which for a heavy rigid tip is close to the first mode. Its mass at
 * the thumb's point collects the arm's own distributed mass, the block's
 * translation (at its centroid, both across and along the arm as it turns) and its rotation.
 */

/** Above this tip δ/L linear theory is more than ~2 % off the elastica (BRIEF §4). */
export const LINEAR_LIMIT_DEFLECTION_RATIO = 0.2;

export interface PrintedArm {
  lengthM: number;
  thicknessM: number;
  rootWidthM: number;
  tipWidthM: number;
  /**
   * How much of the arm's root its fillets stiffen, as an equivalent length that does not bend (the
   * integrals start there): rootFilletRigidLengthM below. 0 without fillets.
   */
  rigidRootM: number;
  /**
   * How far the arm's root turns in the block it is built into, over a rigid clamp's none: the root's turn
   * per unit root moment, in units of 12/(E·h³) (rootEmbedding below).
   */
  rootEmbedding: number;
  /**
   * Heights over the arm's twist axis (its mid-height): where the thumb pushes, where the catch meets the pad
   * (its top), where the pusher meets the ball, and the tip block's centroid.
   */
  thumbHeightM: number;
  drawHeightM: number;
  pusherHeightM: number;
  tipHeightM: number;
  modulusPa: number;
  densityKgPerM3: number;
  /** From the root along the unbent arm to where the thumb pushes the pad. */
  thumbPointM: number;
  /** From the root to the pad's edge beside the catch, whose travel is the draw. */
  drawPointM: number;
  /** From the root to where the pusher meets the ball. */
  pusherM: number;
  /** The rigid block beyond the tip: mass, centroid (along the arm from the root; across it from the arm's mid-plane), polar moment of inertia about its centroid. */
  tipMassKg: number;
  tipCentroidM: number;
  tipOffsetM: number;
  tipInertiaKgM2: number;
  /** The tip block's moment of inertia about the axis along the arm through its centroid. */
  tipTwistInertiaKgM2: number;
}

/**
 * Poisson's ratio of the printed plastics, for their shear modulus G = E/(2(1 + ν)): 0.33–0.38 for PLA, PETG
 * and ABS (typical figures; the data sheets do not give it). The solid referee takes the same.
 */
export const POISSON_RATIO = 0.35;

/**
 * Saint-Venant's torsion constant of a b × h rectangle (b ≥ h) over b·h³: β = 1/3 − 0.21·(h/b)·(1 − (h/b)⁴/12)
 * (Roark's Formulas for Stress and Strain, table 10.7, within 4 % for any b/h).
 */
const torsionFactor = (b: number, h: number): number => {
  const r = Math.min(b, h) / Math.max(b, h);
  return 1 / 3 - 0.21 * r * (1 - r ** 4 / 12);
};

// Gauss–Legendre, 8 points on [0, 1]: exact for polynomials of degree 15, and the integrands here are
// polynomials over a linear width, smooth on the arm; 1e-7 relative against 64 points on a 3:1 taper.
const GAUSS_X = [
  0.0198550717512319, 0.1016667612931866, 0.2372337950418355, 0.4082826787521751, 0.5917173212478249,
  0.7627662049581645, 0.8983332387068134, 0.9801449282487681,
];
const GAUSS_W = [
  0.0506142681451881, 0.1111905172266872, 0.1568533229389436, 0.181341891689181, 0.181341891689181, 0.1568533229389436,
  0.1111905172266872, 0.0506142681451881,
];

const widthAtM = (arm: ArmOutline, s: number): number =>
  arm.rootWidthM + ((arm.tipWidthM - arm.rootWidthM) * s) / arm.lengthM;

/** ∫ₐᵇ f(t) dt by 8-point Gauss (0 when b ≤ a). */
function integrate(a: number, b: number, f: (t: number) => number): number {
  if (b <= a) return 0;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += GAUSS_W[i]! * f(a + GAUSS_X[i]! * (b - a));
  return sum * (b - a);
}

/** 12/(E·h³): EI(s) = E·h³·b(s)/12, so every influence is this times an integral over the outline with 1/b(s). */
const compliancePerOutline = (arm: PrintedArm): number => 12 / (arm.modulusPa * arm.thicknessM ** 3);

/**
 * ∫₀ᴸ (x − s)(y − s)/b(s) ds + ρ·x·y: the outline's part of the influence between block points x and y, the
 * bending of the arm and the turn of its root in the block.
 */
const outlineIntegral = (arm: ArmOutline, x: number, y: number): number =>
  integrate(arm.rigidRootM, arm.lengthM, (s) => ((x - s) * (y - s)) / widthAtM(arm, s)) + arm.rootEmbedding * x * y;

/** Displacement at a point `c` of the block (c ≥ L) per newton at the point `a` of the block. */
export const blockInfluenceMPerN = (arm: PrintedArm, a: number, c: number): number =>
  compliancePerOutline(arm) * outlineIntegral(arm, a, c);

/**
 * What depends only on the arm's outline and where its points are (not on E, h or the masses): the
 * integrals with 1/b(s) of the unit-load method, and the deflected shape under the thumb. Kept for the last
 * outline asked about, since the dispersion fires thousands of copies of one outline.
 */
interface Outline {
  /** Thumb–thumb, thumb–catch, thumb–tip influences, and the block's turn, over 12/(E·h³). */
  tt: number;
  /** The arm's twist per unit thumb force, over 12/(E·h³) (per metre of height, so the twist angle). */
  twist: number;
  td: number;
  tL: number;
  turn: number;
  /** ∫ b(s)·φ(s)² ds with φ the arm's deflection per unit thumb travel; ∫ b(s) ds. */
  shapeWidth: number;
  width: number;
}
const OUTLINE_KEYS = [
  'lengthM',
  'rootWidthM',
  'tipWidthM',
  'thumbPointM',
  'drawPointM',
  'rigidRootM',
  'rootEmbedding',
  'thicknessM',
  'thumbHeightM',
  'drawHeightM',
] as const;
/** What the outline's integrals read of an arm. */
export type ArmOutline = Pick<PrintedArm, (typeof OUTLINE_KEYS)[number]>;
let lastOutline: { key: number[]; value: Outline } | null = null;

function outlineOf(arm: ArmOutline): Outline {
  const key = OUTLINE_KEYS.map((k) => arm[k]);
  if (lastOutline && lastOutline.key.every((v, i) => v === key[i])) return lastOutline.value;
  const L = arm.lengthM,
    a = arm.thumbPointM;
  // Twist per unit torque, over 12/(E·h³): ∫ ds/(G·J) = (12/(E·h³))·∫ (1 + ν)/(6·β·b) ds.
  const r0 = arm.rigidRootM;
  const torsion = integrate(
    r0,
    L,
    (s) => (1 + POISSON_RATIO) / (6 * torsionFactor(widthAtM(arm, s), arm.thicknessM) * widthAtM(arm, s)),
  );
  const twist = torsion * arm.thumbHeightM;
  const tt = outlineIntegral(arm, a, a) + twist * arm.thumbHeightM;
  // The arm's bending deflection at s per unit thumb travel: ∫₀ˢ (a − u)(s − u)/b(u) du over tt.
  const shapeAt = (s: number): number =>
    (integrate(r0, s, (u) => ((a - u) * (s - u)) / widthAtM(arm, u)) + arm.rootEmbedding * a * s) / tt;
  const value: Outline = {
    tt,
    twist,
    td: outlineIntegral(arm, a, arm.drawPointM) + twist * arm.drawHeightM,
    tL: outlineIntegral(arm, a, L),
    turn: integrate(r0, L, (s) => (a - s) / widthAtM(arm, s)) + arm.rootEmbedding * a,
    shapeWidth: integrate(r0, L, (s) => widthAtM(arm, s) * shapeAt(s) ** 2),
    width: (L * (arm.rootWidthM + arm.tipWidthM)) / 2,
  };
  lastOutline = { key, value };
  return value;
}

/**
 * A root fillet of radius r on both faces thickens the arm to h + 2f(s), f(s) = r − √(r² − (r − s)²), over
 * its first r; its compliance there falls by (h/(h + 2f))³. Near the root the moment barely changes over r,
 * so the fillet acts as a length ∫₀ʳ (1 − (h/(h + 2f))³) ds that does not bend.
 */
export function rootFilletRigidLengthM(thicknessM: number, filletM: number): number {
  if (filletM <= 0) return 0;
  return integrate(
    0,
    filletM,
    (s) => 1 - (thicknessM / (thicknessM + 2 * (filletM - Math.sqrt(filletM ** 2 - (filletM - s) ** 2)))) ** 3,
  );
}

/**
 * The arm's root is not clamped in a rigid wall but built into the frame's root block, of the same plastic,
 * which gives where the root pulls and pushes on it: the root turns by θ = 16.67·M/(π·E·b·h²) under a root
 * moment M (O'Donnell, "The additional deflection of a cantilever due to the elasticity of the support",
 * J. Appl. Mech. 27, 1960; plane stress), as if the arm were about 0.44·h longer. In units of 12/(E·h³):
 * ρ = 16.67·h/(12π·b) with b the root's width. For a thick, short arm that is several per cent of its
 * compliance (issue 27's solid referee, test/physics/solid-referee.slow.test.ts, measures it on the mesh).
 */
export const rootEmbedding = (thickness: number, rootWidth: number): number =>
  (16.67 * thickness) / (12 * Math.PI * rootWidth);

/** The arm held drawn by `drawM` at the draw point. */
export interface ArmState {
  /** The thumb's force. */
  forceN: number;
  /** How far the thumb's point has moved back (the dynamics' coordinate at release). */
  thumbTravelM: number;
  energyJ: number;
  /** Peak bending strain on the arm's surface (at its root, or at its tip if a steep taper puts it there). */
  peakStrain: number;
  /** The arm's own tip deflection over its length (≤ LINEAR_LIMIT_DEFLECTION_RATIO for linear theory). */
  tipDeflectionRatio: number;
}

/** The thumb's force per metre of draw at the catch, N/m. */
export const drawStiffnessNPerM = (arm: PrintedArm): number => 1 / (compliancePerOutline(arm) * outlineOf(arm).td);

/**
 * How the arm's tip moves per unit of draw, from the arm's outline alone (any consistent length unit: the
 * cannon's layout asks in millimetres, to size the pusher's slot for the block's swing): its deflection
 * across the arm, and the turn (rad) of the block it carries.
 */
export function tipMotionPerDraw(arm: ArmOutline): { deflection: number; turnRad: number } {
  const o = outlineOf(arm);
  return { deflection: o.tL / o.td, turnRad: o.turn / o.td };
}

/** The thumb's travel per metre of draw (below 1 when the catch's edge lies beyond the thumb's point). */
export const thumbTravelPerDraw = (arm: PrintedArm): number => outlineOf(arm).tt / outlineOf(arm).td;

export function drawArm(arm: PrintedArm, drawM: number): ArmState {
  const forceN = drawM * drawStiffnessNPerM(arm);
  const a = arm.thumbPointM;
  const L = arm.lengthM;
  // Surface strain ε = M·(h/2)/(EI) = 6M/(E·b·h²) with M = F(a − s): linear over linear, so its peak is at an end.
  const strainAt = (s: number): number =>
    (6 * forceN * (a - s)) / (arm.modulusPa * widthAtM(arm, s) * arm.thicknessM ** 2);
  const thumbTravelM = drawM * thumbTravelPerDraw(arm);
  return {
    forceN,
    thumbTravelM,
    energyJ: 0.5 * forceN * thumbTravelM,
    peakStrain: Math.max(strainAt(0), strainAt(L)),
    tipDeflectionRatio: (forceN * compliancePerOutline(arm) * outlineOf(arm).tL) / L,
  };
}

/** The one-degree-of-freedom system seen at the thumb's point. */
export interface ArmDynamics {
  stiffnessNPerM: number;
  /** Moving mass referred to the thumb's point: ½·m·q̇² is the kinetic energy at that point's speed q̇. */
  modalMassKg: number;
  /** The pusher's speed over the thumb point's speed (across the arm). */
  pusherGain: number;
  /** The arm's own mass and the share of the modal mass that is the block's (translation and rotation). */
  armMassKg: number;
  tipShare: number;
}

export function armDynamics(arm: PrintedArm): ArmDynamics {
  const L = arm.lengthM;
  const o = outlineOf(arm);
  const tipShape = o.tL / o.tt;
  const turn = o.turn / o.tt;
  const twist = o.twist / o.tt;
  const lineDensityPerWidth = arm.densityKgPerM3 * arm.thicknessM;
  const armModal = lineDensityPerWidth * o.shapeWidth;
  // The block's centroid moves across the arm by the tip's shape, its turn and its twist; along it by its turn.
  // (The product of inertia between the turn and the twist is left out.)
  const across = tipShape + turn * (arm.tipCentroidM - L) + twist * arm.tipHeightM;
  const tipModal =
    arm.tipMassKg * (across ** 2 + (turn * arm.tipOffsetM) ** 2) +
    arm.tipInertiaKgM2 * turn ** 2 +
    arm.tipTwistInertiaKgM2 * twist ** 2;
  return {
    stiffnessNPerM: 1 / (compliancePerOutline(arm) * o.tt),
    modalMassKg: armModal + tipModal,
    pusherGain: tipShape + turn * (arm.pusherM - L) + twist * arm.pusherHeightM,
    armMassKg: lineDensityPerWidth * o.width,
    tipShare: tipModal / (armModal + tipModal),
  };
}

/**
 * The most this arm's plastic can store at the strain limit: σ²V/(6E) for a uniform-stress (width-tapered)
 * beam (BRIEF §4). A uniform arm loaded at its own tip reaches a third of it.
 */
export function energyCeilingJ(
  arm: Pick<PrintedArm, 'lengthM' | 'thicknessM' | 'rootWidthM' | 'tipWidthM' | 'modulusPa'>,
  strainLimit: number,
): number {
  const volumeM3 = (arm.lengthM * arm.thicknessM * (arm.rootWidthM + arm.tipWidthM)) / 2;
  return (arm.modulusPa * strainLimit ** 2 * volumeM3) / 6;
}
