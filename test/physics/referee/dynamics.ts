/**
 * The referee's dynamic model of a printed cannon (test/physics/referee.test.ts), written apart from
 * src/physics so that the two can check each other. SI units.
 *
 * - The arm: Euler–Bernoulli beam, clamped at its root (or, if given, on the frame's springs there), cubic
 *   Hermite elements whose area and second moment
 *   follow the measured sections (a taper or fillets included), consistent mass matrix.
 * - The tip block (with the pad and the pusher): a rigid body on the last node, with its mass, first moment
 *   and rotary inertia about that node (so its centroid's offset along and across the arm counts).
 * - The draw: the static deflection under a horizontal force at the thumb's point, scaled so that the latch
 *   point moves back by the draw. Hysteresis: the fraction `hysteresisLoss` of the stored energy is lost in the
 *   shot, modelled by releasing from the state that holds (1 − loss) of it (the deflection × √(1 − loss));
 *   the structure is otherwise undamped.
 * - The ball: a point mass held to its line along the bore (elevation θ), on a one-sided contact with the
 *   pusher, which moves along X with the tip body. The pusher's front is a vertical face up to its top front
 *   corner: a ball whose centre is no higher than the corner meets the face (normal along X: its speed along
 *   the bore is u̇/cos θ), a ball whose centre is higher rides on the corner (normal from the corner to its
 *   centre, tilted up: a smaller gain, falling as the ball climbs). The contact force P along that normal
 *   presses the ball on the bore's wall with N = m g cos θ − P·n_b; Coulomb friction μ|N| opposes its sliding;
 *   gravity. It leaves when P would turn negative; if the pusher catches it again the impact is plastic.
 *   Friction at the pusher's face, the ball's spin and the pusher's out-of-plane (Z) reaction on the arm are
 *   not modelled.
 * - Time integration: Newmark average acceleration (energy-conserving for the linear undamped structure),
 *   thousands of steps per period of the loaded arm's first mode; the contact's geometry is taken at each
 *   step's predicted midpoint.
 * - The flight: point mass from the muzzle with quadratic drag, C_d from the Reynolds number (Schiller–Naumann
 *   below 10³, 0.44 above), RK4, until the ball's centre comes down to one radius above the table.
 */

export const GRAVITY_MPS2 = 9.80665;
const AIR_DENSITY_KG_PER_M3 = 1.2;
const AIR_VISCOSITY_PA_S = 1.81e-5;

/** The arm's section at one place: linear between samples. */
export interface BeamSection {
  sM: number;
  areaM2: number;
  secondMomentM4: number;
  /** From the neutral axis to the outermost fibre. */
  fibreM: number;
}

/** A rigid body carried on the arm's tip node. */
export interface TipBody {
  massKg: number;
  /** ∫ρ·(s − L) dV: its mass times its centroid's distance beyond the tip along the arm. */
  firstMomentKgM: number;
  /** ∫ρ·r² dV about the bending axis through the tip node (centroidal inertia + m·offset²). */
  inertiaKgM2: number;
}

export interface Beam {
  lengthM: number;
  modulusPa: number;
  densityKgPerM3: number;
  /** From s = 0 (root) to s = lengthM, in order. */
  sections: readonly BeamSection[];
  tip: TipBody;
  /**
   * Springs at the root instead of a clamp: the frame's stiffness against the root's (w, φ), symmetric,
   * [[N/m, N/rad], [N, N·m/rad]] (./solid.ts rootSprings). The root's two unknowns are then the model's last.
   */
  rootStiffness?: RootSpring;
}

export type RootSpring = readonly [readonly [number, number], readonly [number, number]];

/**
 * A root that turns at `turnNmPerRad` (N·m/rad) and whose shift is held a hundred times stiffer than the turn
 * as the thumb, `thumbM` from the root, feels it: the springs ./shoot.ts and ./solid.ts lump at the root.
 */
export const turnSpring = (turnNmPerRad: number, thumbM: number): RootSpring => [
  [(100 * turnNmPerRad) / thumbM ** 2, 0],
  [0, turnNmPerRad],
];

// ---------------------------------------------------------------------------------------------------------
// Dense linear algebra (a few dozen unknowns)

type Matrix = Float64Array[];

const zeros = (n: number): Matrix => Array.from({ length: n }, () => new Float64Array(n));

/** Cholesky factor L (A = L·Lᵀ) of a symmetric positive-definite matrix. */
function cholesky(a: Matrix): Matrix {
  const n = a.length;
  const l = zeros(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i]![j]!;
      for (let k = 0; k < j; k++) s -= l[i]![k]! * l[j]![k]!;
      if (i === j) {
        if (s <= 0) throw new Error('matrix is not positive definite');
        l[i]![i] = Math.sqrt(s);
      } else l[i]![j] = s / l[j]![j]!;
    }
  }
  return l;
}

function cholSolve(l: Matrix, b: Float64Array): Float64Array {
  const n = l.length;
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i]![k]! * y[k]!;
    y[i] = s / l[i]![i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k]![i]! * y[k]!;
    y[i] = s / l[i]![i]!;
  }
  return y;
}

function mulVec(a: Matrix, x: Float64Array): Float64Array {
  const y = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) {
    let s = 0;
    const r = a[i]!;
    for (let j = 0; j < x.length; j++) s += r[j]! * x[j]!;
    y[i] = s;
  }
  return y;
}

const dot = (a: Float64Array, b: Float64Array): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/** a + c·u·uᵀ */
function plusOuter(a: Matrix, u: Float64Array, c: number): Matrix {
  return a.map((row, i) => row.map((x, j) => x + c * u[i]! * u[j]!));
}

// ---------------------------------------------------------------------------------------------------------
// The beam

/** Gauss–Legendre, 4 points on [0, 1]. */
const GAUSS = [
  [0.5 - 0.8611363115940526 / 2, 0.3478548451374538 / 2],
  [0.5 - 0.3399810435848563 / 2, 0.6521451548625461 / 2],
  [0.5 + 0.3399810435848563 / 2, 0.6521451548625461 / 2],
  [0.5 + 0.8611363115940526 / 2, 0.3478548451374538 / 2],
] as const;

/** The measured section at s, linear between samples. */
export function sectionAt(beam: Beam, sM: number): BeamSection {
  const ss = beam.sections;
  let i = 1;
  while (i < ss.length - 1 && ss[i]!.sM < sM) i++;
  const a = ss[i - 1]!,
    b = ss[i]!;
  const f = b.sM === a.sM ? 0 : Math.min(1, Math.max(0, (sM - a.sM) / (b.sM - a.sM)));
  const lerp = (x: number, y: number): number => x + f * (y - x);
  return {
    sM,
    areaM2: lerp(a.areaM2, b.areaM2),
    secondMomentM4: lerp(a.secondMomentM4, b.secondMomentM4),
    fibreM: lerp(a.fibreM, b.fibreM),
  };
}

/** Hermite shape functions on an element of length le at t ∈ [0, 1], and their second derivatives in s. */
function hermite(t: number, le: number): { n: number[]; d2: number[] } {
  return {
    n: [1 - 3 * t * t + 2 * t ** 3, le * (t - 2 * t * t + t ** 3), 3 * t * t - 2 * t ** 3, le * (-t * t + t ** 3)],
    d2: [(-6 + 12 * t) / le ** 2, (-4 + 6 * t) / le, (6 - 12 * t) / le ** 2, (-2 + 6 * t) / le],
  };
}

/** Stiffness and mass of the arm with its tip body: unknowns (w, φ) at nodes 1…n, then node 0's if on springs. */
export interface BeamModel {
  beam: Beam;
  elements: number;
  k: Matrix;
  m: Matrix;
}

/** Global indices of element e's four unknowns; the root node's are clamped (−1) or, on springs, the last two. */
function elementDofs(beam: Beam, elements: number, e: number): number[] {
  if (e > 0) return [2 * e - 2, 2 * e - 1, 2 * e, 2 * e + 1];
  return beam.rootStiffness ? [2 * elements, 2 * elements + 1, 0, 1] : [-1, -1, 0, 1];
}

export function assemble(beam: Beam, elements = 20): BeamModel {
  const n = 2 * elements + (beam.rootStiffness ? 2 : 0);
  const k = zeros(n);
  const m = zeros(n);
  const le = beam.lengthM / elements;
  if (beam.rootStiffness) {
    for (let i = 0; i < 2; i++)
      for (let j = 0; j < 2; j++) k[2 * elements + i]![2 * elements + j] = beam.rootStiffness[i]![j]!;
  }
  for (let e = 0; e < elements; e++) {
    const dofs = elementDofs(beam, elements, e);
    for (const [t, w] of GAUSS) {
      const sec = sectionAt(beam, (e + t) * le);
      const { n: nn, d2 } = hermite(t, le);
      const ei = beam.modulusPa * sec.secondMomentM4;
      const ra = beam.densityKgPerM3 * sec.areaM2;
      for (let i = 0; i < 4; i++) {
        const gi = dofs[i]!;
        if (gi < 0) continue;
        for (let j = 0; j < 4; j++) {
          const gj = dofs[j]!;
          if (gj < 0) continue;
          k[gi]![gj]! += w * le * ei * d2[i]! * d2[j]!;
          m[gi]![gj]! += w * le * ra * nn[i]! * nn[j]!;
        }
      }
    }
  }
  const tw = 2 * elements - 2,
    tr = 2 * elements - 1;
  m[tw]![tw]! += beam.tip.massKg;
  m[tw]![tr]! += beam.tip.firstMomentKgM;
  m[tr]![tw]! += beam.tip.firstMomentKgM;
  m[tr]![tr]! += beam.tip.inertiaKgM2;
  return { beam, elements, k, m };
}

/**
 * The unknowns' weights in the X displacement of the point s along the arm: on the beam by its shape
 * functions, beyond the tip as a point of the rigid body (w_tip + φ_tip·(s − L)).
 */
export function pointVector(model: BeamModel, sM: number): Float64Array {
  const v = new Float64Array(model.k.length);
  const L = model.beam.lengthM;
  if (sM >= L) {
    v[2 * model.elements - 2] = 1;
    v[2 * model.elements - 1] = sM - L;
    return v;
  }
  const le = L / model.elements;
  const e = Math.min(model.elements - 1, Math.floor(sM / le));
  const { n: nn } = hermite(sM / le - e, le);
  elementDofs(model.beam, model.elements, e).forEach((g, i) => {
    if (g >= 0) v[g] = nn[i]!;
  });
  return v;
}

/** The lowest natural frequency (rad/s) of K·x = ω²·M·x, by inverse iteration. */
export function lowestFrequencyRadPerS(k: Matrix, m: Matrix): number {
  const lk = cholesky(k);
  let x = new Float64Array(k.length).fill(1);
  let omega2 = 0;
  for (let it = 0; it < 500; it++) {
    const y = cholSolve(lk, mulVec(m, x));
    const next = dot(y, mulVec(k, y)) / dot(y, mulVec(m, y));
    const norm = Math.sqrt(dot(y, y));
    x = y.map((q) => q / norm);
    if (Math.abs(next - omega2) <= 1e-13 * next) return Math.sqrt(next);
    omega2 = next;
  }
  return Math.sqrt(omega2);
}

// ---------------------------------------------------------------------------------------------------------
// The shot

/**
 * The pusher's front as the ball meets it, in the bending plane (X along the firing line, Z up), with the arm
 * unbent: a vertical face up to the top front corner. The ball's centre runs on a line parallel to the bore.
 */
export interface PusherContact {
  /** Height of the ball's centre line above the corner, at the face. Very negative: the ball always meets the face. */
  ballLineAboveCornerM: number;
  ballRadiusM: number;
  /** Along the ball's line, from above the face to where the ball's centre leaves the muzzle. */
  muzzleM: number;
}

/** A face so tall that the ball always meets it at its centre's height: the pusher of the brief's u̇/cos θ. */
export const TALL_FACE = -1;

export interface Shot {
  beam: Beam;
  /** Along the arm from its root: where the thumb pushes, where the catch is judged, where the pusher meets the ball. */
  forcePointM: number;
  latchPointM: number;
  pusherPointM: number;
  /** How far the latch point is drawn back (−X) before release. */
  drawM: number;
  ballMassKg: number;
  elevationRad: number;
  contact: PusherContact;
  /** Ball on the bore's wall (Coulomb). */
  frictionCoefficient: number;
  /** Fraction of the stored energy lost in the plastic per shot. */
  hysteresisLoss: number;
  /** Default GRAVITY_MPS2 (0 for energy checks). */
  gravityMps2?: number;
  /** Default 20. */
  elements?: number;
  /** Time steps per period of the loaded arm's first mode. Default 4000. */
  stepsPerPeriod?: number;
}

export interface ShotResult {
  /** At the draw, before hysteresis. */
  storedEnergyJ: number;
  /** The thumb's force at the draw. */
  drawForceN: number;
  /** Largest bending strain along the arm at the draw, and where (from the root). */
  peakStrain: number;
  peakStrainAtM: number;
  /** The arm's own tip deflection over its length at the draw: linear theory (this model) holds to about 0.2. */
  armTipDeflectionRatio: number;
  /** First natural frequency with the ball held at its rest (Hz). */
  loadedFrequencyHz: number;
  /** The ball's centre at rest against the unbent pusher, above the corner (negative: on the face). */
  restAboveCornerM: number;
  /** Along the bore from that rest to the muzzle. */
  slideToMuzzleM: number;
  /**
   * The last loss of contact: time from release, the ball's speed along the bore and its travel from its rest
   * against the unbent pusher, and the pusher's displacement (negative: before neutral).
   */
  separation: { timeS: number; speedMps: number; travelM: number; pusherM: number };
  /** Ball's speed along the bore as its centre leaves the muzzle (0 if it stops short). */
  muzzleSpeedMps: number;
  /** Times the pusher caught the ball again after losing it (plastic impacts). */
  impacts: number;
  /**
   * For energy checks, at the (last) separation: the structure's energy, and what the ball's friction, its
   * climb and the plastic impacts have taken since release. Released = arm + ball + these.
   */
  armEnergyAtSeparationJ: number;
  frictionWorkJ: number;
  gravityWorkJ: number;
  impactLossJ: number;
  /** Energy the structure held at release, after hysteresis. */
  releasedEnergyJ: number;
}

/** The ball held against the pusher displaced by u: where it is, and how the contact turns pusher motion into ball motion. */
export interface ContactState {
  /** The ball's place along its line (from above the face). */
  sigmaM: number;
  /** dσ/du and d²σ/du². */
  gain: number;
  gainRatePerM: number;
  /** The contact normal (from the pusher to the ball's centre) along X, along the bore, and across it (up from the floor). */
  nx: number;
  nt: number;
  nb: number;
}

export function contactAt(c: PusherContact, elevationRad: number, u: number): ContactState {
  const cs = Math.cos(elevationRad),
    sn = Math.sin(elevationRad);
  const r = c.ballRadiusM,
    h = c.ballLineAboveCornerM;
  const onFace = (u + r) / cs;
  if (h + onFace * sn <= 0) return { sigmaM: onFace, gain: 1 / cs, gainRatePerM: 0, nx: 1, nt: cs, nb: -sn };
  // On the corner (u, 0): (σ cos θ − u)² + (h + σ sin θ)² = r², the root ahead of it.
  const p = h * sn - u * cs;
  const disc = p * p - (u * u + h * h - r * r);
  if (disc < 0) throw new Error('the ball passes over the pusher');
  const sigma = -p + Math.sqrt(disc);
  const dx = sigma * cs - u,
    dz = h + sigma * sn;
  const d = dx * cs + dz * sn;
  const gain = dx / d;
  const gainRate = ((gain * cs - 1) * d - dx * (gain - cs)) / (d * d);
  return { sigmaM: sigma, gain, gainRatePerM: gainRate, nx: dx / r, nt: d / r, nb: (dz * cs - dx * sn) / r };
}

/** How far the free ball at σ is from the pusher displaced by u (negative: they overlap), and the normal there. */
function gapAt(
  c: PusherContact,
  elevationRad: number,
  sigma: number,
  u: number,
): { gapM: number; nx: number; nt: number; nb: number } {
  const cs = Math.cos(elevationRad),
    sn = Math.sin(elevationRad);
  const dx = sigma * cs - u,
    dz = c.ballLineAboveCornerM + sigma * sn;
  if (dz <= 0) return { gapM: dx - c.ballRadiusM, nx: 1, nt: cs, nb: -sn };
  const len = Math.hypot(dx, dz);
  return { gapM: len - c.ballRadiusM, nx: dx / len, nt: (dx * cs + dz * sn) / len, nb: (dz * cs - dx * sn) / len };
}

/** Newmark average-acceleration step for (M + c·e·eᵀ)·q̈ + K·q = f, the added mass c ≥ 0 set per step (Sherman–Morrison). */
function stepper(k: Matrix, m: Matrix, e: Float64Array, dt: number) {
  const a0 = 4 / (dt * dt),
    a1 = 4 / dt;
  const lhat = cholesky(k.map((row, i) => row.map((x, j) => x + a0 * m[i]![j]!)));
  const lm = cholesky(m);
  const hatE = cholSolve(lhat, e);
  const mE = cholSolve(lm, e);
  const eHatE = dot(e, hatE),
    eME = dot(e, mE);
  const withRankOne = (
    l: Matrix,
    solvedE: Float64Array,
    eSolvedE: number,
    scale: number,
    rhs: Float64Array,
  ): Float64Array => {
    const x = cholSolve(l, rhs);
    if (scale === 0) return x;
    const f = (scale * dot(e, x)) / (1 + scale * eSolvedE);
    return x.map((xi, i) => xi - f * solvedE[i]!);
  };
  return {
    /** M⁻¹·e, for impacts. */
    mInvE: mE,
    /** Acceleration consistent with q (at a phase change). */
    acceleration(q: Float64Array, added: number, f: Float64Array): Float64Array {
      const r = mulVec(k, q);
      return withRankOne(
        lm,
        mE,
        eME,
        added,
        f.map((fi, i) => fi - r[i]!),
      );
    },
    step(
      q: Float64Array,
      v: Float64Array,
      a: Float64Array,
      added: number,
      f: Float64Array,
    ): [Float64Array, Float64Array, Float64Array] {
      const pre = q.map((qi, i) => a0 * qi + a1 * v[i]! + a[i]!);
      const ePre = dot(e, pre);
      const rhs = mulVec(m, pre).map((x, i) => x + f[i]! + added * e[i]! * ePre);
      const q1 = withRankOne(lhat, hatE, eHatE, a0 * added, rhs);
      const acc = q1.map((x, i) => a0 * (x - q[i]!) - a1 * v[i]! - a[i]!);
      const v1 = v.map((x, i) => x + (dt / 2) * (a[i]! + acc[i]!));
      return [q1, v1, acc];
    },
  };
}

export function fire(shot: Shot): ShotResult {
  const g = shot.gravityMps2 ?? GRAVITY_MPS2;
  const model = assemble(shot.beam, shot.elements ?? 20);
  const { k, m } = model;
  const n = k.length;
  const ef = pointVector(model, shot.forcePointM);
  const el = pointVector(model, shot.latchPointM);
  const ep = pointVector(model, shot.pusherPointM);

  // The draw: unit force at the thumb, scaled to the latch's displacement.
  const unit = cholSolve(cholesky(k), ef);
  const forceN = shot.drawM / dot(el, unit);
  const drawn = unit.map((x) => -forceN * x);
  const storedEnergyJ = 0.5 * forceN * forceN * dot(ef, unit);
  // Statics of a cantilever: the moment at s is F·(s_F − s); strain = M·c/(E·I).
  let peakStrain = 0,
    peakStrainAtM = 0;
  for (const sec of shot.beam.sections) {
    const eps =
      (forceN * Math.max(0, shot.forcePointM - sec.sM) * sec.fibreM) / (shot.beam.modulusPa * sec.secondMomentM4);
    if (eps > peakStrain) [peakStrain, peakStrainAtM] = [eps, sec.sM];
  }

  const th = shot.elevationRad,
    mu = shot.frictionCoefficient,
    mb = shot.ballMassKg,
    geo = shot.contact;
  const cs = Math.cos(th),
    sn = Math.sin(th);
  const rest = contactAt(geo, th, 0);
  const slideToMuzzleM = geo.muzzleM - rest.sigmaM;
  /**
   * The ball held to the pusher: from m·σ̈ = P·n_t − μ·|N| − m g sin θ with σ̈ = G·ü + G'·u̇² and
   * N = m g cos θ − P·n_b, P = (m G ü + m G' u̇² + m g (sin θ + s μ cos θ))/(n_t + s μ n_b), s = sign N; the
   * arm feels −P·n_x at the pusher: an added mass and a force there.
   */
  const held = (
    c: ContactState,
    uDot: number,
    floorSign: number,
  ): { added: number; force: Float64Array; den: number; load: number } => {
    const den = c.nt + floorSign * mu * c.nb;
    if (den <= 0) throw new Error('friction locks the ball against the pusher');
    const load = mb * c.gainRatePerM * uDot * uDot + mb * g * (sn + floorSign * mu * cs);
    const w = c.nx / den;
    return { added: w * mb * c.gain, force: ep.map((x) => -w * load * x), den, load };
  };
  const contactForce = (c: ContactState, h: { den: number; load: number }, uDDot: number): number =>
    (mb * c.gain * uDDot + h.load) / h.den;

  const restHeld = held(rest, 0, 1);
  const omega1 = lowestFrequencyRadPerS(k, plusOuter(m, ep, restHeld.added));
  const dt = (2 * Math.PI) / omega1 / (shot.stepsPerPeriod ?? 4000);
  const integrate = stepper(k, m, ep, dt);
  const none = new Float64Array(n);
  const energy = (q: Float64Array, v: Float64Array): number => 0.5 * dot(v, mulVec(m, v)) + 0.5 * dot(q, mulVec(k, q));

  let q: Float64Array = drawn.map((x) => x * Math.sqrt(1 - shot.hysteresisLoss));
  const releasedEnergyJ = energy(q, none);
  let v: Float64Array = new Float64Array(n);
  let state = contactAt(geo, th, dot(ep, q));
  const startSigma = state.sigmaM;
  let h = held(state, 0, 1);
  let a: Float64Array = integrate.acceleration(q, h.added, h.force);
  let force = contactForce(state, h, dot(ep, a));
  let t = 0;
  let contact = true;
  let ballSigma = startSigma,
    ballV = 0;
  let frictionWorkJ = 0,
    impactLossJ = 0,
    impacts = 0;
  let separation = { timeS: NaN, speedMps: NaN, travelM: NaN, pusherM: NaN };
  let atSeparation = { arm: NaN, gravity: NaN, friction: NaN, impact: NaN };
  const slideDecel = g * (sn + mu * cs);
  const maxSteps = 200 * (shot.stepsPerPeriod ?? 4000);

  for (let i = 0; i < maxSteps; i++) {
    if (contact) {
      const u = dot(ep, q),
        uDot = dot(ep, v);
      // The contact's geometry at the step's predicted midpoint; which wall the ball presses from the last force.
      const mid = contactAt(geo, th, u + (uDot * dt) / 2);
      const floor = mb * g * cs - force * mid.nb >= 0 ? 1 : -1;
      h = held(mid, uDot + (dot(ep, a) * dt) / 2, floor);
      const [q1, v1, a1] = integrate.step(q, v, a, h.added, h.force);
      const next = contactAt(geo, th, dot(ep, q1));
      const force1 = contactForce(mid, h, dot(ep, a1));
      const sigma0 = state.sigmaM,
        sigma1 = next.sigmaM;
      const wallN = Math.abs(mb * g * cs - ((force + force1) / 2) * mid.nb);
      frictionWorkJ += mu * wallN * (sigma1 - sigma0);
      const speed0 = state.gain * uDot,
        speed1 = next.gain * dot(ep, v1);
      const force0 = force;
      t += dt;
      [q, v, a, state, force] = [q1, v1, a1, next, force1];
      if (sigma1 >= geo.muzzleM) {
        // Pushed all the way out.
        separation = { timeS: t, speedMps: speed1, travelM: sigma1 - rest.sigmaM, pusherM: dot(ep, q) };
        return result(speed1, {
          arm: energy(q, v),
          gravity: mb * g * sn * (sigma1 - startSigma),
          friction: frictionWorkJ,
          impact: impactLossJ,
        });
      }
      if (force1 < 0) {
        // Let go within the step, where P crossed zero.
        const frac = force0 > 0 ? force0 / (force0 - force1) : 0;
        ballSigma = sigma0 + frac * (sigma1 - sigma0);
        ballV = speed0 + frac * (speed1 - speed0);
        separation = {
          timeS: t - (1 - frac) * dt,
          speedMps: ballV,
          travelM: ballSigma - rest.sigmaM,
          pusherM: dot(ep, q),
        };
        atSeparation = {
          arm: energy(q, v),
          gravity: mb * g * sn * (ballSigma - startSigma),
          friction: frictionWorkJ,
          impact: impactLossJ,
        };
        contact = false;
        a = integrate.acceleration(q, 0, none);
      }
    } else {
      [q, v, a] = integrate.step(q, v, a, 0, none);
      t += dt;
      const ds = ballV * dt - 0.5 * slideDecel * dt * dt;
      ballSigma += ds;
      ballV -= slideDecel * dt;
      frictionWorkJ += mu * mb * g * cs * ds;
      if (ballV <= 0) return result(0, atSeparation);
      if (ballSigma >= geo.muzzleM) {
        // Back to the muzzle: uniform deceleration.
        return result(Math.sqrt(ballV * ballV + 2 * slideDecel * (ballSigma - geo.muzzleM)), atSeparation);
      }
      const u = dot(ep, q),
        uDot = dot(ep, v);
      const gap = gapAt(geo, th, ballSigma, u);
      const closing = gap.nx * uDot - gap.nt * ballV;
      if (gap.gapM <= 0 && closing > 0) {
        // Caught again: a plastic impact along the normal; the wall's reaction to its impulse brings friction.
        const lambda =
          closing / ((gap.nt * (gap.nt - mu * Math.abs(gap.nb))) / mb + gap.nx * gap.nx * dot(ep, integrate.mInvE));
        const before = 0.5 * dot(v, mulVec(m, v)) + 0.5 * mb * ballV * ballV;
        v = v.map((x, j) => x - lambda * gap.nx * integrate.mInvE[j]!);
        ballV += (lambda * (gap.nt - mu * Math.abs(gap.nb))) / mb;
        impactLossJ += before - 0.5 * dot(v, mulVec(m, v)) - 0.5 * mb * ballV * ballV;
        impacts++;
        contact = true;
        state = contactAt(geo, th, u);
        h = held(state, dot(ep, v), 1);
        a = integrate.acceleration(q, h.added, h.force);
        force = contactForce(state, h, dot(ep, a));
      }
    }
  }
  throw new Error(`the ball neither left the muzzle nor stopped within ${maxSteps} steps`);

  function result(
    muzzleSpeedMps: number,
    at: { arm: number; gravity: number; friction: number; impact: number },
  ): ShotResult {
    return {
      storedEnergyJ,
      drawForceN: forceN,
      peakStrain,
      peakStrainAtM,
      armTipDeflectionRatio: Math.abs(drawn[2 * model.elements - 2]!) / shot.beam.lengthM,
      loadedFrequencyHz: omega1 / (2 * Math.PI),
      restAboveCornerM: geo.ballLineAboveCornerM + rest.sigmaM * sn,
      slideToMuzzleM,
      separation,
      muzzleSpeedMps,
      impacts,
      armEnergyAtSeparationJ: at.arm,
      frictionWorkJ: at.friction,
      gravityWorkJ: at.gravity,
      impactLossJ: at.impact,
      releasedEnergyJ,
    };
  }
}

// ---------------------------------------------------------------------------------------------------------
// The flight

export interface Launch {
  speedMps: number;
  elevationRad: number;
  /** The ball's centre above the table at the muzzle. */
  heightM: number;
  ballDiameterM: number;
  ballMassKg: number;
}

/** A sphere's C_d: Schiller–Naumann 24/Re·(1 + 0.15 Re^0.687) below Re 10³, 0.44 above (BRIEF §4's 0.44–0.47). */
export function dragCoefficient(speedMps: number, diameterM: number): number {
  const re = (AIR_DENSITY_KG_PER_M3 * speedMps * diameterM) / AIR_VISCOSITY_PA_S;
  if (re <= 0) return 0;
  return re < 1000 ? (24 / re) * (1 + 0.15 * re ** 0.687) : 0.44;
}

/** One classical Runge–Kutta step of y' = f(y). */
function rk4(f: (y: readonly number[]) => number[], y: readonly number[], h: number): number[] {
  const along = (k: readonly number[], c: number): number[] => y.map((yi, i) => yi + c * k[i]!);
  const k1 = f(y);
  const k2 = f(along(k1, h / 2));
  const k3 = f(along(k2, h / 2));
  const k4 = f(along(k3, h));
  return y.map((yi, i) => yi + (h / 6) * (k1[i]! + 2 * k2[i]! + 2 * k3[i]! + k4[i]!));
}

/** Horizontal carry from the muzzle to where the ball's centre comes down to one radius above the table. */
export function carryM(l: Launch, stepS = 1e-4): number {
  const r = l.ballDiameterM / 2;
  const k = (0.5 * AIR_DENSITY_KG_PER_M3 * Math.PI * r * r) / l.ballMassKg;
  // State [x, z, vx, vz]; drag along −v, |F| = ½ ρ C_d A v².
  const motion = ([, , vx, vz]: readonly number[]): number[] => {
    const speed = Math.hypot(vx!, vz!);
    const d = k * dragCoefficient(speed, l.ballDiameterM) * speed;
    return [vx!, vz!, -d * vx!, -GRAVITY_MPS2 - d * vz!];
  };
  let y = [0, l.heightM, l.speedMps * Math.cos(l.elevationRad), l.speedMps * Math.sin(l.elevationRad)];
  for (let i = 0; i < 1e7; i++) {
    const next = rk4(motion, y, stepS);
    // Touchdown within the step: linear between its ends (the step is 0.1 ms).
    if (next[1]! <= r) return y[0]! + ((y[1]! - r) / (y[1]! - next[1]!)) * (next[0]! - y[0]!);
    y = next;
  }
  throw new Error('the ball never lands');
}
