/**
 * Prints that come off the bed working (issue 15), each measured on the exported mesh as it lies on the bed
 * (src/validate/overhang.ts), never from the parameters that built it: no supports needed, a first layer
 * that neither curls nor lets go, a chamfer wherever a fit meets the bed, sideways holes that print their
 * roofs, and a rounded root on the flexing arm. Thresholds: PRINTABILITY and the printer profile
 * (src/standard.ts).
 */
import { rayHitsMm } from '../../geometry/kernel.js';
import type { Feature } from '../../geometry/part.js';
import { add, dot, neg, sub, type Vec3 } from '../../geometry/vec3.js';
import { featureFrame } from '../../mesh/probe.js';
import { PRINTABILITY } from '../../standard.js';
import { overhangPlaces, tippingAngleDeg, type Overhang, type OverhangAnalysis } from '../overhang.js';
import type { Context, MeshFile, Rule } from '../types.js';
import { checksCannon, measureCannonArm } from './print.js';

const r2 = (x: number): number => Math.round(x * 100) / 100;
const r0 = (x: number): number => Math.round(x);
const at = (p: Vec3): string => `(${p.map((v) => v.toFixed(1)).join(', ')})`;
const area = (faces: readonly Overhang[]): number => faces.reduce((s, f) => s + f.areaMm2, 0);
const { overhangDeg, bridgeMm, firstLayerBandMm } = PRINTABILITY;

/** Every file that is one closed body, with how it prints. */
function analysed(ctx: Context): { file: MeshFile; a: OverhangAnalysis }[] {
  return ctx.checked.flatMap((file) => {
    const a = ctx.overhangAnalysis(file);
    return a ? [{ file, a }] : [];
  });
}

/** Overhangs within the first-layer band belong to print/first-layer; the rest to print/supports. */
const inBand = (a: OverhangAnalysis, o: Overhang): boolean => o.minZ <= a.bedZ + firstLayerBandMm;

/** Slack around a feature's declared envelope when deciding which faces are its walls: facets and clearance. */
const ENVELOPE_SLACK_MM = 0.3;

/** Whether a point lies in a hole's declared envelope (its section and depth, with a little slack). */
function inHole(f: Feature, p: Vec3): boolean {
  const { u, v, w } = featureFrame(f);
  const q = sub(p, f.positionMm);
  const s = dot(q, w);
  if (s < -f.depthMm - ENVELOPE_SLACK_MM || s > ENVELOPE_SLACK_MM) return false;
  const x = dot(q, u),
    y = dot(q, v);
  return f.size.shape === 'round'
    ? Math.hypot(x, y) <= f.size.diameterMm / 2 + ENVELOPE_SLACK_MM
    : Math.abs(x) <= f.size.widthMm / 2 + ENVELOPE_SLACK_MM && Math.abs(y) <= f.size.heightMm / 2 + ENVELOPE_SLACK_MM;
}

const holes = (ctx: Context, file: MeshFile): Feature[] => ctx.features(file).filter((f) => f.role === 'hole');

export const supports: Rule = {
  id: 'print/supports',
  title: `prints without supports: no downward face overhangs more than ${overhangDeg}° from vertical unless it is on the bed or a flat roof a bridge of ≤ ${bridgeMm} mm spans; and no slicer support would fill a declared hole`,
  check(ctx, report) {
    for (const { file, a } of analysed(ctx)) {
      const above = a.overhangs.filter((o) => !inBand(a, o));
      if (above.length) {
        const worst = overhangPlaces(a, above)[0]!;
        report({
          faction: file.faction,
          part: file.part,
          message: `${file.path} needs supports: ${r2(area(above))} mm² of downward faces overhang more than ${overhangDeg}° (up to ${r0(Math.max(...above.map((o) => o.angleDeg)))}°) and are neither on the bed nor a short bridge; the largest place is ${r2(worst.areaMm2)} mm² at ${r0(worst.angleDeg)}° around ${at(worst.at)} mm`,
          expected: '0 mm² needing support',
          measured: `${r2(area(above))} mm²`,
          hint: `turn the part, or make those faces ≤ ${overhangDeg}° (a chamfer, a teardrop) or a flat roof ≤ ${bridgeMm} mm across`,
        });
      }
      // Where a slicer puts support, it fills: under any overhang inside a declared hole, the hole is printed full.
      for (const h of holes(ctx, file)) {
        const inside = a.overhangs.filter((o) => inHole(h, o.centroid));
        if (!inside.length) continue;
        report({
          faction: file.faction,
          part: file.part,
          message: `a slicer's automatic supports would fill ${h.id} (${h.kind}) of ${file.path}: ${r2(area(inside))} mm² of its walls overhang up to ${r0(Math.max(...inside.map((o) => o.angleDeg)))}°, and support printed in a hole has to be dug out of the fit`,
          expected: 'no overhang inside the hole',
          measured: `${r2(area(inside))} mm²`,
          hint: 'give the hole a teardrop or a flat roof no wider than a bridge, or print it opening upward',
        });
      }
    }
  },
};

/** A part's first layer with the plan's brim (if any) round it. */
function standing(a: OverhangAnalysis, brimMm: number): { areaMm2: number; perHeightMm: number; tippingDeg: number } {
  const areaMm2 = a.footprint.areaMm2 + a.footprint.perimeterMm * brimMm + Math.PI * brimMm * brimMm;
  return { areaMm2, perHeightMm: areaMm2 / a.heightMm, tippingDeg: tippingAngleDeg(a, brimMm) };
}

export const firstLayer: Rule = {
  id: 'print/first-layer',
  title: `no face within ${firstLayerBandMm} mm of the bed overhangs more than ${overhangDeg}° (it curls up); and the first layer holds the part: ≥ ${PRINTABILITY.minFootprintPerHeightMm} mm² per mm of height and its centre of mass ≥ ${PRINTABILITY.minTippingDeg}° inside the footprint, or the print plan gives it a brim (${PRINTABILITY.brimWidthMm} mm) that makes it so`,
  check(ctx, report) {
    for (const { file, a } of analysed(ctx)) {
      const low = a.overhangs.filter((o) => inBand(a, o));
      if (low.length) {
        const worst = overhangPlaces(a, low)[0]!;
        report({
          faction: file.faction,
          part: file.part,
          message: `${file.path} overhangs at the bed: ${r2(area(low))} mm² of faces within ${firstLayerBandMm} mm of the bed overhang more than ${overhangDeg}° (up to ${r0(Math.max(...low.map((o) => o.angleDeg)))}°), so the first layers curl up into the nozzle; the largest place is ${r2(worst.areaMm2)} mm² at ${r0(worst.angleDeg)}° around ${at(worst.at)} mm`,
          expected: `≤ ${overhangDeg}° within ${firstLayerBandMm} mm of the bed`,
          measured: `${r0(Math.max(...low.map((o) => o.angleDeg)))}°`,
          hint: `flatten the bottom there: a flat on the bed wide enough that what rises from it is ≤ ${overhangDeg}°`,
        });
      }
      const brimMm = file.brim?.brim ? PRINTABILITY.brimWidthMm : 0;
      const s = standing(a, brimMm);
      const small = s.perHeightMm < PRINTABILITY.minFootprintPerHeightMm;
      const tips = s.tippingDeg < PRINTABILITY.minTippingDeg;
      if (!small && !tips) continue;
      const bare = standing(a, 0);
      const what = `${file.path} stands ${r2(a.heightMm)} mm tall on ${r2(bare.areaMm2)} mm² of first layer (${r2(bare.perHeightMm)} mm² per mm), its centre of mass ${r2(a.centroid[2] - a.bedZ)} mm up and ${r0(bare.tippingDeg)}° inside the footprint's edge`;
      report({
        faction: file.faction,
        part: file.part,
        message: brimMm
          ? `${what}; even with the plan's ${brimMm} mm brim it has ${r2(s.perHeightMm)} mm² per mm and ${r0(s.tippingDeg)}°`
          : `${what}: it tips over or lets go of the bed as the nozzle passes its top, and the print plan gives it no brim`,
        expected: `≥ ${PRINTABILITY.minFootprintPerHeightMm} mm² per mm and ≥ ${PRINTABILITY.minTippingDeg}°${brimMm ? ' with the brim' : ', or a brim in the plan'}`,
        measured: `${r2(s.perHeightMm)} mm² per mm, ${r0(s.tippingDeg)}°`,
        hint: brimMm
          ? 'lay the part on a larger face'
          : 'lay the part on a larger face, or give its catalogue entry a brim (src/generate/catalog.ts)',
      });
    }
  },
};

/** Within this of the declared bed chamfer counts: facets and the slice just above the bed. */
const CHAMFER_TOLERANCE_MM = 0.03;
/** Height above the bed where the first layer's outline is measured, and where a standing fit's own wall is. */
const SLICE_MM = 0.01;
const REF_MM = 0.6;
const FAR_MM = 1000;

/**
 * A ray's distance to the surface that bounds a fit: a peg's side (the last surface within its outline and a
 * little beyond), a hole's wall (the first beyond any core); undefined where the ray meets none (it leaves through an opening,
 * such as the carriage's fork gap and the cut under its snap lip), so it measures nothing.
 */
function edgeMm(hits: readonly number[], f: Feature, reachMm: number): number | undefined {
  // A hole round a core (a ballast pocket's boss): rays start in the core, and the wall is the second surface.
  if (f.role === 'hole') return hits[f.size.shape === 'round' && f.size.coreDiameterMm !== undefined ? 1 : 0];
  const within = hits.filter((h) => h <= reachMm + 1);
  return within.length ? Math.max(...within) : undefined;
}

/** How far the fit's wall reaches from the axis of a round fit lying on its side, along `d` at the axis's height. */
function lyingRadiusMm(
  ctx: Context,
  file: MeshFile,
  f: Feature & { size: { shape: 'round' } },
  c: Vec3,
  d: Vec3,
): number | undefined {
  const solid = ctx.solid(file)!;
  return edgeMm(rayHitsMm(solid, c, add(c, d, FAR_MM)), f, f.size.diameterMm / 2);
}

/**
 * The chamfer where a fit meets the bed: how far its wall stands back from the bed just above it, compared
 * with the same wall where no chamfer reaches (a peg's side pulled in, a hole's wall pushed out), smallest
 * over rays across the fit; null when the fit does not reach the bed. Fits standing up: rays all round from
 * the axis, the wall compared with itself REF_MM higher. Round fits lying on their side: rays across the axis
 * from points along it, the wall compared with the circle its radius at the axis's height makes there.
 * The wall's own size is the fit rules' business; this is only the chamfer.
 */
export function bedChamferMm(
  ctx: Context,
  file: MeshFile,
  f: Feature,
  bedZ: number,
): { chamferMm: number; at: Vec3 } | null {
  const solid = ctx.solid(file);
  if (!solid) return null;
  const { w } = featureFrame(f);
  const z = bedZ + SLICE_MM;
  const sign = f.role === 'hole' ? -1 : 1;
  const reach = f.size.shape === 'round' ? f.size.diameterMm / 2 : Math.hypot(f.size.widthMm, f.size.heightMm) / 2;
  const worst = (rays: { p: Vec3; d: Vec3; wallMm: number | undefined }[]): { chamferMm: number; at: Vec3 } | null => {
    let best: { chamferMm: number; at: Vec3 } | null = null;
    for (const { p, d, wallMm } of rays) {
      const edge = edgeMm(rayHitsMm(solid, p, add(p, d, FAR_MM)), f, reach);
      if (edge === undefined || wallMm === undefined || !Number.isFinite(wallMm)) continue;
      const chamfer = f.role === 'peg' ? wallMm - edge : edge - wallMm;
      if (!best || chamfer < best.chamferMm) best = { chamferMm: chamfer, at: add(p, d, edge) };
    }
    return best;
  };
  if (Math.abs(w[2]) > 0.99) {
    const zs = [f.positionMm[2], f.positionMm[2] + sign * f.depthMm * w[2]];
    if (Math.min(...zs) > z) return null;
    const ref = Math.min(bedZ + REF_MM, (bedZ + Math.max(...zs)) / 2);
    return worst(
      Array.from({ length: 16 }, (_, i) => {
        const t = (i * Math.PI) / 8;
        const d: Vec3 = [Math.cos(t), Math.sin(t), 0];
        const high: Vec3 = [f.positionMm[0], f.positionMm[1], ref];
        return {
          p: [f.positionMm[0], f.positionMm[1], z] as Vec3,
          d,
          wallMm: edgeMm(rayHitsMm(solid, high, add(high, d, FAR_MM)), f, reach),
        };
      }),
    );
  }
  if (Math.abs(w[2]) > 0.01) return null;
  const { u, v } = featureFrame(f);
  // How far the fit reaches below its axis: a round one its radius, a rect one its half side that stands up.
  const below =
    f.size.shape === 'round'
      ? f.size.diameterMm / 2
      : (Math.abs(u[2]) > Math.abs(v[2]) ? f.size.widthMm : f.size.heightMm) / 2;
  const a = f.positionMm[2] - z;
  if (a >= below) return null;
  const across: Vec3 = [-w[1], w[0], 0];
  return worst(
    [0.15, 0.5, 0.85].flatMap((t) => {
      const c = add(f.positionMm, w, sign * t * f.depthMm);
      return [across, [-across[0], -across[1], 0] as Vec3].map((d) => {
        const p: Vec3 = [c[0], c[1], z];
        if (f.size.shape !== 'round') {
          // Flat sides stand square to the bed: the wall is the same side REF_MM higher.
          const high: Vec3 = [c[0], c[1], bedZ + REF_MM];
          return { p, d, wallMm: edgeMm(rayHitsMm(solid, high, add(high, d, FAR_MM)), f, reach) };
        }
        const r = lyingRadiusMm(ctx, file, f as Feature & { size: { shape: 'round' } }, c, d);
        return { p, d, wallMm: r === undefined || r <= a ? undefined : Math.sqrt(r * r - a * a) };
      });
    }),
  );
}

export const bedChamfer: Rule = {
  id: 'print/bed-chamfer',
  title:
    "every fit that meets the bed (peg or hole) has a first-layer chamfer at least the printer's elephant's foot (--printer), so the squashed first layer does not eat its clearance",
  check(ctx, report) {
    const footMm = ctx.settings.printer.elephantFootMm;
    for (const { file, a } of analysed(ctx)) {
      for (const f of ctx.features(file)) {
        const m = bedChamferMm(ctx, file, f, a.bedZ);
        if (!m || m.chamferMm >= footMm - CHAMFER_TOLERANCE_MM) continue;
        report({
          faction: file.faction,
          part: file.part,
          message: `${f.id} (${f.kind}) of ${file.path} meets the bed with a ${r2(Math.max(0, m.chamferMm))} mm chamfer at ${at(m.at)} mm: the ${ctx.settings.printer.name}'s first layer squashes out ${footMm} mm and ${f.role === 'hole' ? 'closes the hole' : 'swells the peg'} by that much`,
          expected: `≥ ${footMm} mm`,
          measured: r2(Math.max(0, m.chamferMm)),
          hint: 'chamfer the fit where it meets the bed (src/parts/chamfer.ts, chamferFitsAtBed)',
        });
      }
    }
  },
};

export const sidewaysHoles: Rule = {
  id: 'print/sideways-holes',
  title: `every hole lying within ${90 - overhangDeg}° of the bed plane has a roof that prints: a teardrop or a flat roof, no face of it steeper than ${overhangDeg}° unless a bridge of ≤ ${bridgeMm} mm`,
  check(ctx, report) {
    for (const { file, a } of analysed(ctx)) {
      for (const h of holes(ctx, file)) {
        const { w } = featureFrame(h);
        if (Math.asin(Math.min(1, Math.abs(w[2]))) * (180 / Math.PI) >= 90 - overhangDeg) continue;
        // The roof: the hole's own wall faces above its axis.
        const roof = a.overhangs.filter((o) => {
          if (!inHole(h, o.centroid)) return false;
          const q = sub(o.centroid, h.positionMm);
          return q[2] - dot(q, w) * w[2] > 0;
        });
        if (!roof.length) continue;
        const steepest = roof.reduce((x, y) => (y.angleDeg > x.angleDeg ? y : x));
        report({
          faction: file.faction,
          part: file.part,
          message: `${h.id} (${h.kind}) of ${file.path} lies on its side with a roof that overhangs ${r0(steepest.angleDeg)}° (${r2(area(roof))} mm² beyond ${overhangDeg}°, at ${at(steepest.centroid)} mm): it sags into the fit`,
          expected: `roof ≤ ${overhangDeg}° or a flat bridge ≤ ${bridgeMm} mm`,
          measured: `${r0(steepest.angleDeg)}°`,
          hint: 'cut the hole as a teardrop (cutters.ts teardrop) or give it a flat roof',
        });
      }
    }
  },
};

/** How far off the arm's side the root corner is probed, and how far from it the root's face is found. */
const NEAR_MM = 0.05;
const CLEAR_MM = 1.5;

/**
 * The inside corner's radius where the cannon's arm meets its root block, each side, from the mesh: a ray
 * along the arm toward the root just off the arm's side meets a fillet of radius R before the root's face,
 * by l, where (R − δ)² + (R − l)² = R² at δ off the side.
 */
export function armRootFilletsMm(ctx: Context): { radiusMm: number; at: Vec3 }[] | null {
  const file = ctx.file('cannon');
  const solid = file && ctx.solid(file);
  const arm = measureCannonArm(ctx);
  // No arm where the cannon says (print/arm-orientation reports it): no root to measure.
  if (!solid || !arm || !arm.solidAlong) return null;
  const { long, geometry } = arm;
  const across: Vec3 = [-long[1], long[0], 0];
  const start = add(geometry.rootMm, long, geometry.lengthMm / 2);
  const toRoot = neg(long);
  return [1, -1].map((side) => {
    const reach = (offsetMm: number): number => {
      const p = add(start, across, side * (arm.thicknessMm / 2 + offsetMm));
      return rayHitsMm(solid, p, add(p, toRoot, geometry.lengthMm))[0] ?? Infinity;
    };
    const face = reach(CLEAR_MM),
      near = reach(NEAR_MM);
    const l = Math.max(0, face - near);
    const radiusMm = l < 0.01 ? 0 : NEAR_MM + l + Math.sqrt(2 * NEAR_MM * l);
    return { radiusMm, at: add(add(start, across, (side * arm.thicknessMm) / 2), toRoot, face) };
  });
}

export const flexFillets: Rule = {
  id: 'print/flex-fillets',
  title: `a flex part's root has a rounded inside corner of at least ${PRINTABILITY.minFlexFilletMm} mm (one line width) on both sides: the cannon's arm where it leaves its root block`,
  check(ctx, report) {
    const fillets = checksCannon(ctx) ? armRootFilletsMm(ctx) : null;
    if (!fillets) return;
    const worst = fillets.reduce((x, y) => (y.radiusMm < x.radiusMm ? y : x));
    if (worst.radiusMm >= PRINTABILITY.minFlexFilletMm - CHAMFER_TOLERANCE_MM) return;
    report({
      faction: null,
      part: 'cannon',
      message: `the cannon's flex arm meets its root block in a ${worst.radiusMm === 0 ? 'sharp' : `${r2(worst.radiusMm)} mm`} inside corner at ${at(worst.at)} mm: the bending stress peaks there and the arm cracks at the root after a few hundred shots`,
      expected: `≥ ${PRINTABILITY.minFlexFilletMm} mm`,
      measured: r2(worst.radiusMm),
      hint: `fillet the arm's root both sides (radius ≥ ${PRINTABILITY.minFlexFilletMm} mm) in src/parts/cannon.ts, and let the solver take the arm's free length from the fillet's end`,
    });
  },
};

export const PRINTABILITY_RULES: readonly Rule[] = [supports, firstLayer, bedChamfer, sidewaysHoles, flexFillets];
