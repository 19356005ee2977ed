/**
 * The ball's flight with quadratic drag (BRIEF §4), integrated with fixed-step RK4; range is the carry to
 * first touchdown: the ball's centre, launched from height h₀, comes down to one radius above the table.
 * Roll after landing is not modelled.
 */

/** Air at 20 °C, sea level (BRIEF §4). */
export const AIR_DENSITY_KG_PER_M3 = 1.2;
export const AIR_VISCOSITY_PA_S = 1.81e-5;
/** Standard gravity (CGPM 1901). */
export const GRAVITY_MPS2 = 9.80665;
/** Newton regime, Re 10³–2·10⁵: C_d ≈ 0.44–0.47 (BRIEF §4); 0.44 meets Schiller–Naumann at Re = 10³. */
export const NEWTON_DRAG_COEFFICIENT = 0.44;
/** Below this Reynolds number Schiller–Naumann holds (BRIEF §4). */
export const SCHILLER_NAUMANN_MAX_REYNOLDS = 1000;
/**
 * RK4 step. Gravity is integrated exactly and drag changes the speed by ~1 % per 10 ms here, so 10 ms steps
 * agree with 10 µs steps to 0.01 ppm over 0.08–4.5 m (launches of 1.5–8 m/s at 0–30°); the touchdown is
 * interpolated within the last step (cubic Hermite, exact for the drag-free parabola).
 */
export const FLIGHT_STEP_S = 1e-2;

/** C_d of a sphere: Schiller–Naumann 24/Re·(1 + 0.15·Re^0.687) below Re 10³, 0.44 above. */
export function dragCoefficient(reynolds: number): number {
  if (reynolds <= 0) return Infinity;
  if (reynolds < SCHILLER_NAUMANN_MAX_REYNOLDS) return (24 / reynolds) * (1 + 0.15 * reynolds ** 0.687);
  return NEWTON_DRAG_COEFFICIENT;
}

export const reynoldsNumber = (speedMps: number, diameterM: number): number =>
  (AIR_DENSITY_KG_PER_M3 * speedMps * diameterM) / AIR_VISCOSITY_PA_S;

export interface Launch {
  speedMps: number;
  elevationRad: number;
  /** The ball's centre above the table at launch. */
  heightM: number;
  ballDiameterM: number;
  ballMassKg: number;
}

/** The drop from launch to touchdown: to the ball's centre one radius above the table. */
const dropM = (l: Omit<Launch, 'speedMps'>): number => l.heightM - l.ballDiameterM / 2;

/** Range without drag: R = (v·cosθ/g)·(v·sinθ + √(v²sin²θ + 2g·h)), h the drop to touchdown. */
export function vacuumRangeM(l: Launch): number {
  const vx = l.speedMps * Math.cos(l.elevationRad);
  const vy = l.speedMps * Math.sin(l.elevationRad);
  return (vx / GRAVITY_MPS2) * (vy + Math.sqrt(vy * vy + 2 * GRAVITY_MPS2 * dropM(l)));
}

/** Carry to first touchdown (centre one radius above the table), with quadratic drag. Pass `drag: false` for the vacuum check; `stepS` for convergence checks. */
export function flightRangeM(l: Launch, drag = true, stepS = FLIGHT_STEP_S): number {
  const areaM2 = (Math.PI * l.ballDiameterM ** 2) / 4;
  const dragPerCdV2 = drag ? (0.5 * AIR_DENSITY_KG_PER_M3 * areaM2) / l.ballMassKg : 0;
  // Drag's deceleration per unit velocity, k·v⃗ (gravity is added where it is used: no arrays in the loop,
  // which the dispersion runs 10,000 times).
  const dragK = (vx: number, vy: number): number => {
    if (dragPerCdV2 === 0) return 0;
    const v = Math.sqrt(vx * vx + vy * vy);
    return dragPerCdV2 * dragCoefficient(reynoldsNumber(v, l.ballDiameterM)) * v;
  };
  // y is the height of the ball's centre above its touchdown height.
  let x = 0;
  let y = dropM(l);
  let vx = l.speedMps * Math.cos(l.elevationRad);
  let vy = l.speedMps * Math.sin(l.elevationRad);
  const h = stepS;
  for (;;) {
    const k1 = dragK(vx, vy);
    const ax1 = -k1 * vx,
      ay1 = -GRAVITY_MPS2 - k1 * vy;
    const k2 = dragK(vx + (h / 2) * ax1, vy + (h / 2) * ay1);
    const ax2 = -k2 * (vx + (h / 2) * ax1),
      ay2 = -GRAVITY_MPS2 - k2 * (vy + (h / 2) * ay1);
    const k3 = dragK(vx + (h / 2) * ax2, vy + (h / 2) * ay2);
    const ax3 = -k3 * (vx + (h / 2) * ax2),
      ay3 = -GRAVITY_MPS2 - k3 * (vy + (h / 2) * ay2);
    const k4 = dragK(vx + h * ax3, vy + h * ay3);
    const ax4 = -k4 * (vx + h * ax3),
      ay4 = -GRAVITY_MPS2 - k4 * (vy + h * ay3);
    const nx = x + (h / 6) * (vx + 2 * (vx + (h / 2) * ax1) + 2 * (vx + (h / 2) * ax2) + (vx + h * ax3));
    const ny = y + (h / 6) * (vy + 2 * (vy + (h / 2) * ay1) + 2 * (vy + (h / 2) * ay2) + (vy + h * ay3));
    const nvx = vx + (h / 6) * (ax1 + 2 * ax2 + 2 * ax3 + ax4);
    const nvy = vy + (h / 6) * (ay1 + 2 * ay2 + 2 * ay3 + ay4);
    if (ny <= 0) {
      // Cubic Hermite on y over the step, solved for y = 0 by bisection; x follows the same fraction.
      const yAt = (s: number): number =>
        (2 * s ** 3 - 3 * s ** 2 + 1) * y +
        (s ** 3 - 2 * s ** 2 + s) * h * vy +
        (-2 * s ** 3 + 3 * s ** 2) * ny +
        (s ** 3 - s ** 2) * h * nvy;
      let lo = 0;
      let hi = 1;
      for (let i = 0; i < 30; i++) {
        const mid = (lo + hi) / 2;
        if (yAt(mid) > 0) lo = mid;
        else hi = mid;
      }
      const s = (lo + hi) / 2;
      return (
        (2 * s ** 3 - 3 * s ** 2 + 1) * x +
        (s ** 3 - 2 * s ** 2 + s) * h * vx +
        (-2 * s ** 3 + 3 * s ** 2) * nx +
        (s ** 3 - s ** 2) * h * nvx
      );
    }
    x = nx;
    y = ny;
    vx = nvx;
    vy = nvy;
  }
}

/**
 * The launch speed that carries `rangeM` (bisection; range grows with speed). Drag only adds to the
 * vacuum speed, so the search starts from it.
 */
export function speedForRangeMps(l: Omit<Launch, 'speedMps'>, rangeM: number, drag = true): number {
  const reaches = (v: number): boolean =>
    (drag ? flightRangeM({ ...l, speedMps: v }) : vacuumRangeM({ ...l, speedMps: v })) >= rangeM;
  let lo = drag ? speedForRangeMps(l, rangeM, false) : 0;
  let hi = Math.max(lo, 1e-3) * 1.25;
  while (!reaches(hi)) [lo, hi] = [hi, hi * 2];
  for (let i = 0; i < 60 && hi - lo > 1e-6 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (reaches(mid)) hi = mid;
    else lo = mid;
  }
  return (lo + hi) / 2;
}
