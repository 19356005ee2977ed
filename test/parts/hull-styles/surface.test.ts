/**
 * The hulls' surface detail, measured on the exported meshes by rays (never from the parameters that cut
 * it): side grooves as deep and as tall as DETAIL says and no finer than a print resolves, deck grooves
 * wider than a line and two layers deep, a sunk frame round each side slot, and every part within the
 * triangle budget.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../../../src/faction/loader.js';
import type { Faction } from '../../../src/faction/types.js';
import { fromMesh, initKernel, rayHitsMm, withArena, type Solid } from '../../../src/geometry/kernel.js';
import { parseStl } from '../../../src/mesh/stl.js';
import { hull } from '../../../src/parts/hull.js';
import { STYLES } from '../../../src/parts/hull-styles/styles.js';
import { DETAIL, PRINT_DEFAULTS, TRIANGLE_BUDGET } from '../../../src/standard.js';
import { buildAndInspect } from '../../helpers/part.js';

let factions: Faction[];
/** Each shipped faction's hull, built once: its STL bytes and what inspecting them found. */
const built = new Map<string, ReturnType<typeof buildAndInspect>>();
beforeAll(async () => {
  await initKernel();
  factions = await loadFactions(DEFAULT_FACTIONS_DIR);
  for (const f of factions)
    built.set(
      f.id,
      buildAndInspect(() => hull({ model: f.model })),
    );
});

/** Runs of consecutive samples where `inGroove` holds: their length in samples and the deepest reading. */
function runs(samples: readonly number[], baseline: number, threshold: number): { length: number; depthMm: number }[] {
  const out: { length: number; depthMm: number }[] = [];
  let cur: { length: number; depthMm: number } | null = null;
  for (const s of samples) {
    const d = baseline - s;
    if (d > threshold) {
      cur ??= { length: 0, depthMm: 0 };
      cur.length++;
      cur.depthMm = Math.max(cur.depthMm, d);
    } else if (cur) {
      out.push(cur);
      cur = null;
    }
  }
  if (cur) out.push(cur);
  return out;
}

/** The exported hull of a faction as a solid, with the shift from the hull frame (x, y) to the file's. */
function exported(f: Faction): { solid: Solid; triangles: number; shift: [number, number] } {
  const i = built.get(f.id)!;
  const mesh = parseStl(i.bytes);
  const b = i.topology.bounds;
  return {
    solid: fromMesh(mesh),
    triangles: mesh.triangles.length / 3,
    shift: [b.min[0] + f.model.hull.lengthMm / 2, (b.min[1] + b.max[1]) / 2],
  };
}

/** An x along the keel at least `clearMm` from every side slot and deck feature, off the castles, near midships. */
function clearX(f: Faction, clearMm: number): number {
  const m = f.model;
  const L = m.hull.lengthMm;
  const castles = STYLES[m.hull.style].castles.map((c) =>
    c.end === 'stern' ? [-L / 2, -L / 2 + c.lengthFrac * L] : [L / 2 - c.lengthFrac * L, L / 2],
  );
  const taken = [
    ...m.cannonSlots.flatMap((s) =>
      s.mount === 'hull' && (s.facing === 'port' || s.facing === 'starboard') ? [s.offsetMm] : [],
    ),
    ...m.fittings.map((s) => s.xMm),
    ...(m.coinSlot ? [m.coinSlot.xMm] : []),
  ];
  for (let d = 0; d < L / 2; d += 0.5)
    for (const x of [d, -d])
      if (taken.every((t) => Math.abs(t - x) >= clearMm) && castles.every(([a, b]) => x < a! - 3 || x > b! + 3))
        return x;
  throw new Error(`${f.id}: no clear x`);
}

const STEP_MM = 0.02;

describe('hull surface detail', () => {
  it('sinks side grooves DETAIL deep, taller than two layers, in the shipped planked and stone hulls', () => {
    withArena(() => {
      for (const f of factions.filter((x) => x.model.look.surface === 'planks' || x.model.look.surface === 'stone')) {
        const { solid, shift } = exported(f);
        const x = clearX(f, 9) + shift[0];
        const B = f.model.hull.beamMm;
        // Over the upright side: above the bilge, below any tumblehome.
        const style = STYLES[f.model.hull.style];
        const top = f.model.hull.heightMm - (style.upper?.fromBelowDeckMm ?? 0);
        const sideAt = (xAt: number): number[] => {
          const ys: number[] = [];
          for (let z = style.bilgeMm + 0.2; z < top - 0.2; z += STEP_MM) {
            const hit = rayHitsMm(solid, [xAt, B, z], [xAt, -B, z])[0];
            ys.push(hit === undefined ? -Infinity : B - hit);
          }
          return ys;
        };
        const ys = sideAt(x);
        const side = Math.max(...ys);
        // A ray across the keel meets a side that runs at an angle in plan (the wraith's facets) obliquely: the
        // groove's depth square to the side reads longer along the ray by the side's secant.
        const slope = (Math.max(...sideAt(x + 0.5)) - Math.max(...sideAt(x - 0.5))) / 1;
        const secant = Math.hypot(1, slope);
        const grooves = runs(ys, side, 0.1).filter((r) => r.depthMm < 1);
        expect(grooves.length, f.id).toBeGreaterThanOrEqual(3);
        for (const g of grooves) {
          expect(g.depthMm, f.id).toBeGreaterThan(DETAIL.sideGrooveDepthMm - 0.02);
          expect(g.depthMm, f.id).toBeLessThan((DETAIL.sideGrooveDepthMm + 0.02) * secant);
          // Open over at least two layers at a tenth of a millimetre in (the roof slopes in from the mouth).
          expect(g.length * STEP_MM, f.id).toBeGreaterThanOrEqual(2 * PRINT_DEFAULTS.layerHeightMm);
        }
      }
    });
  });

  it('cuts deck grooves a line and a half wide and two layers deep, clear of every deck opening', () => {
    withArena(() => {
      for (const f of factions.filter((x) => x.model.look.surface !== 'plain')) {
        const { solid, shift } = exported(f);
        const x = clearX(f, 9) + shift[0];
        const H = f.model.hull.heightMm,
          B = f.model.hull.beamMm;
        const zs: number[] = [];
        for (let y = -B / 2; y < B / 2; y += STEP_MM) {
          const hit = rayHitsMm(solid, [x, y + shift[1], H + 30], [x, y + shift[1], 0])[0];
          zs.push(hit === undefined ? -Infinity : H + 30 - hit);
        }
        const grooves = runs(zs, H, 0.1).filter((r) => r.depthMm < 1);
        expect(grooves.length, f.id).toBeGreaterThanOrEqual(1);
        for (const g of grooves) {
          expect(g.depthMm, f.id).toBeCloseTo(DETAIL.topGrooveDepthMm, 2);
          expect(g.length * STEP_MM, f.id).toBeGreaterThan(PRINT_DEFAULTS.lineWidthMm);
        }
      }
    });
  });

  it('frames every side cannon slot with a sunk groove just outside its mouth', () => {
    withArena(() => {
      for (const f of factions) {
        const sides = f.model.cannonSlots.filter(
          (s) => s.mount === 'hull' && (s.facing === 'port' || s.facing === 'starboard'),
        );
        if (sides.length === 0) continue;
        const { solid } = exported(f);
        for (const slot of built
          .get(f.id)!
          .features.filter((x) => x.feature.kind === 'cannon-slot' && Math.abs(x.feature.axis[1]) > 0.5)) {
          const { positionMm: p, axis, size } = slot.feature;
          const half = (size as { widthMm: number }).widthMm / 2;
          // Across the frame's upright bar beside the slot, at the slot's height: the side dips and comes back.
          const ys: number[] = [];
          for (let dx = half + 0.2; dx < half + DETAIL.featureMarginMm + 2 * DETAIL.sideJointWidthMm; dx += STEP_MM) {
            const from: [number, number, number] = [p[0] + dx, p[1] + axis[1] * 10, p[2]];
            const hit = rayHitsMm(solid, from, [p[0] + dx, p[1] - axis[1] * 10, p[2]])[0]!;
            ys.push(10 - hit);
          }
          const frame = runs(ys, Math.max(...ys), 0.1);
          expect(frame.length, `${f.id} ${slot.feature.id}`).toBe(1);
          expect(frame[0]!.depthMm, f.id).toBeGreaterThan(DETAIL.sideGrooveDepthMm - 0.05);
          expect(frame[0]!.length * STEP_MM, f.id).toBeGreaterThan(PRINT_DEFAULTS.lineWidthMm);
        }
      }
    });
  });

  it(`keeps every hull under the ${TRIANGLE_BUDGET}-triangle budget`, () => {
    withArena(() => {
      for (const f of factions) expect(exported(f).triangles, f.id).toBeLessThanOrEqual(TRIANGLE_BUDGET);
    });
  });
});
