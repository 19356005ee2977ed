/**
 * Printability (BRIEF §6), from the exported bytes: a closed 2-manifold of positive volume, one body, on the
 * printer's bed, walls of at least two line widths, and the cannon's flex arm lying as BRIEF §3 says.
 */
import { rayHitsMm, type BoundsMm } from '../../geometry/kernel.js';
import { featureBoxMm } from '../../geometry/part.js';
import { add, norm, sub, unit, type Vec3 } from '../../geometry/vec3.js';
import { CATALOG } from '../../generate/catalog.js';
import { fitsBed } from '../../generate/manifest.js';
import { isInside } from '../../mesh/probe.js';
import { cannonArmGeometry, type CannonOptions } from '../../parts/cannon.js';
import { MIN_FEATURE_MM, PRINT_DEFAULTS } from '../../standard.js';
import { thinnestWallMm } from '../measure.js';
import type { Context, Rule } from '../types.js';

const r2 = (x: number): number => Math.round(x * 100) / 100;

export const manifold: Rule = {
  id: 'print/manifold',
  title: 'every file is a closed, consistently oriented 2-manifold of positive volume',
  check(ctx, report) {
    for (const file of ctx.checked) {
      const t = ctx.topology(file);
      if (t.watertight) continue;
      const faults = [
        t.openEdges && `${t.openEdges} open edges`,
        t.nonManifoldEdges && `${t.nonManifoldEdges} non-manifold edges`,
        t.backwardsEdges && `${t.backwardsEdges} inconsistently oriented edges`,
        t.degenerateTriangles && `${t.degenerateTriangles} degenerate triangles`,
        t.zeroVolumeShells &&
          `${t.zeroVolumeShells} zero-volume shell${t.zeroVolumeShells === 1 ? '' : 's'} (a film, every edge paired)`,
        t.volumeMm3 <= 0 && `volume ${r2(t.volumeMm3)} mm³`,
      ].filter(Boolean);
      report({
        faction: file.faction,
        part: file.part,
        message: `${file.path} is not a closed 2-manifold: ${faults.join(', ') || 'empty mesh'}; slicers will guess or refuse`,
        expected: 'closed 2-manifold, volume > 0',
        measured: faults.join(', '),
        hint: 'repair the mesh (admesh -e, or re-export from a solid)',
      });
    }
  },
};

export const bodies: Rule = {
  id: 'print/bodies',
  title: 'every file is one body (a loose piece or a sealed void is a defect)',
  check(ctx, report) {
    for (const file of ctx.checked) {
      const t = ctx.topology(file);
      if (t.watertight && t.bodies !== 1)
        report({
          faction: file.faction,
          part: file.part,
          message: `${file.path} has ${t.bodies} separate bodies (loose pieces or sealed voids)`,
          expected: 1,
          measured: t.bodies,
          hint: 'join the pieces or remove the sealed void',
        });
    }
  },
};

export const bed: Rule = {
  id: 'print/bed',
  title: "every part fits the printer's bed (--printer), turned flat on the bed if need be",
  check(ctx, report) {
    const p = ctx.settings.printer;
    for (const file of ctx.checked) {
      const b = ctx.topology(file).bounds;
      const size = b.max.map((v, i) => v - b.min[i]!);
      if (fitsBed(size, p)) continue;
      report({
        faction: file.faction,
        part: file.part,
        message: `${file.path} is ${size.map((v) => v.toFixed(1)).join(' × ')} mm; the ${p.name} prints at most ${p.bedXMm} × ${p.bedYMm} × ${p.maxZMm} mm`,
        expected: `≤ ${p.bedXMm} × ${p.bedYMm} × ${p.maxZMm} mm`,
        measured: `${size.map((v) => v.toFixed(1)).join(' × ')} mm`,
        hint: 'make the part smaller (model.hull.length) or choose a larger --printer',
      });
    }
  },
};

/** Facets of a curved wall lose up to ~0.01 mm; a wall this close to the minimum passes. */
const WALL_TOLERANCE_MM = 0.02;

/** `box` grown to hold `point`, and 1 mm round it. */
const around = (box: BoundsMm, point: Vec3): BoundsMm => ({
  min: [0, 1, 2].map((k) => Math.min(box.min[k]!, point[k]! - 1)) as unknown as Vec3,
  max: [0, 1, 2].map((k) => Math.max(box.max[k]!, point[k]! + 1)) as unknown as Vec3,
});

export const minWall: Rule = {
  id: 'print/min-wall',
  title: `the material around every hole is at least ${MIN_FEATURE_MM} mm (two line widths)`,
  check(ctx, report) {
    for (const file of ctx.checked) {
      const solid = ctx.solid(file);
      if (!solid) continue;
      for (const f of ctx.features(file).filter((x) => x.role === 'hole')) {
        const w = thinnestWallMm(solid, f);
        if (!w || w.wallMm >= MIN_FEATURE_MM - WALL_TOLERANCE_MM) continue;
        report({
          faction: file.faction,
          part: file.part,
          message: `a sliver wall beside ${f.id} of ${file.path}: ${r2(w.wallMm)} mm of material at (${w.at.map((v) => v.toFixed(1)).join(', ')}) mm, under two line widths; it will print ragged or not at all`,
          expected: `≥ ${MIN_FEATURE_MM} mm`,
          measured: r2(w.wallMm),
          hint: 'move the feature away from the side or its neighbour',
          at: { file: file.path, boxMm: around(featureBoxMm(f), w.at) },
        });
      }
    }
  },
};

/** The cannon's flex arm: where its layout puts it, and what the mesh measures there. */
export interface MeasuredArm {
  geometry: ReturnType<typeof cannonArmGeometry>;
  /** Unit vector from root to tip. */
  long: Vec3;
  /** Across the arm in the bed plane, at mid-length, from surface to surface. */
  thicknessMm: number;
  /** Up through the arm at mid-length (its height on the bed). */
  widthMm: number;
  /** Material at 10 %, 50 % and 90 % of its length. */
  solidAlong: boolean;
}

/** Whether the shared cannon's own findings are this context's to report (Context.checked). */
export const checksCannon = (ctx: Context): boolean => ctx.checked.some((f) => f.part === 'cannon' && !f.faction);

const arms = new WeakMap<Context, MeasuredArm | null>();

/**
 * Measures the cannon's arm on its mesh, or null when there is no cannon mesh to measure. Once per context:
 * the arm's orientation, its fillets and the cannon's range all read it.
 */
export function measureCannonArm(ctx: Context): MeasuredArm | null {
  if (!arms.has(ctx)) arms.set(ctx, measuredArm(ctx));
  return arms.get(ctx)!;
}

function measuredArm(ctx: Context): MeasuredArm | null {
  const file = ctx.file('cannon');
  const solid = file && ctx.solid(file);
  const entry = CATALOG.find((e) => e.part === 'cannon');
  if (!file || !solid || !entry) return null;
  const geometry = cannonArmGeometry(entry.options(ctx.settings, null) as Partial<CannonOptions>);
  const axis = sub(geometry.tipMm, geometry.rootMm);
  const len = norm(axis);
  const long = unit(axis);
  const mid = add(geometry.rootMm, long, len / 2);
  const across: Vec3 = [-long[1], long[0], 0];
  const out = (d: Vec3): number => rayHitsMm(solid, mid, add(mid, d, 1000))[0] ?? Infinity;
  return {
    geometry,
    long,
    thicknessMm: out(across) + out([-across[0], -across[1], 0]),
    widthMm: out([0, 0, 1]) + out([0, 0, -1]),
    solidAlong: [0.1, 0.5, 0.9].every((t) => isInside(solid, add(geometry.rootMm, long, t * len))),
  };
}

export const armOrientation: Rule = {
  id: 'print/arm-orientation',
  title:
    "the cannon's flex arm lies in the bed plane, bends parallel to the bed, and is a whole number of line widths thick",
  check(ctx, report) {
    const arm = checksCannon(ctx) && measureCannonArm(ctx);
    if (!arm) return;
    const fail = (message: string, expected: string, measured: string, hint: string): void =>
      report({ faction: null, part: 'cannon', message, expected, measured, hint });
    const { long, geometry } = arm;
    if (Math.abs(long[2]) > 0.01 || Math.abs(Math.abs(geometry.bendAxis[2]) - 1) > 1e-6) {
      fail(
        'the flex arm does not lie flat: bending would strain it across layer lines',
        'long axis horizontal, bending about the vertical',
        `long axis ${long.map(r2).join(', ')}, bend axis ${geometry.bendAxis.map(r2).join(', ')}`,
        'lay the arm in the bed plane, so it bends along the printed roads',
      );
      return;
    }
    const thick = arm.thicknessMm;
    // An arm as thick across as it is tall would bend either way, across its layers too. Whether it is as
    // thick as its range needs is physics/cannon-range's question, not this one's.
    if (!arm.solidAlong || !(thick < geometry.widthMm)) {
      fail(
        `the mesh has no flex arm lying in the bed plane where the cannon says (measured ${r2(thick)} mm across)`,
        `an arm about ${r2(geometry.thicknessMm)} mm thick`,
        `${r2(thick)} mm`,
        'rebuild the cannon; its arm must lie in the bed plane',
      );
      return;
    }
    const lines = thick / PRINT_DEFAULTS.lineWidthMm;
    if (Math.abs(lines - Math.round(lines)) > 0.05) {
      fail(
        `the flex arm is ${r2(thick)} mm thick, ${r2(lines)} line widths; a whole number prints as solid perimeters`,
        `a multiple of ${PRINT_DEFAULTS.lineWidthMm} mm`,
        `${r2(thick)} mm`,
        'round the arm thickness to whole line widths (`shipwright tune` does)',
      );
    }
  },
};

export const PRINT_RULES: readonly Rule[] = [manifold, bodies, bed, minWall, armOrientation];
