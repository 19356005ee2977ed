import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { initKernel, rect, withArena, type Profile, type Solid } from '../../src/geometry/kernel.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { DEFAULTS, rangeRuler, rulerSegments } from '../../src/parts/range-ruler.js';
import { DEFAULT_PRINTER_ID, GAME_INTERFACES, PRINT_PLATE, PRINTERS, clearanceMm } from '../../src/standard.js';
import { MM_PER_INCH } from '../../src/units.js';
import { buildAndInspect } from '../helpers/part.js';

beforeAll(initKernel);

const bed = PRINTERS.find((p) => p.id === DEFAULT_PRINTER_ID)!;
const MAX_SEGMENT_MM = Math.min(bed.bedXMm, bed.bedYMm) - 2 * PRINT_PLATE.edgeMm;
const { widthMm: W, thicknessMm: T, engraveDepthMm: D, bandsIn: BANDS } = DEFAULTS;
const TOL_MM = 0.3;

/** x-intervals of a profile's rings, sorted. */
function intervals(p: Profile): [number, number][] {
  return p
    .rings()
    .map((r) => [Math.min(...r.map((q) => q[0])), Math.max(...r.map((q) => q[0]))] as [number, number])
    .sort((a, b) => a[0] - b[0]);
}

/** A strip along the ruler near the label-free edge: only full-width marks cross it. */
const strip = (): Profile => rect(2000, 1, false).translate(-1000, W / 2 - 1.5);

/**
 * One exported segment, measured: its butt faces (from a slice below the grooves) and the grooves crossing
 * the strip (from a slice through them), as gaps between the material's intervals, in ruler millimetres.
 */
function measure(
  solid: Solid,
  offsetMm: number,
): { butt: [number, number]; gaps: { centre: number; width: number }[]; startGroove: number; endGroove: number } {
  const body = intervals(
    solid
      .sliceAt(T / 2)
      .intersect(strip())
      .translate(offsetMm, 0),
  );
  expect(body).toHaveLength(1);
  const top = intervals(
    solid
      .sliceAt(T - D / 2)
      .intersect(strip())
      .translate(offsetMm, 0),
  );
  const gaps = top.slice(1).map((iv, i) => ({ centre: (top[i]![1] + iv[0]) / 2, width: iv[0] - top[i]![1] }));
  return {
    butt: body[0]!,
    gaps,
    startGroove: top[0]![0] - body[0]![0],
    endGroove: body[0]![1] - top[top.length - 1]![1],
  };
}

describe('rulerSegments', () => {
  it('splits the rulebook ruler for the default 220 mm bed (5 mm margins) into three 6 in segments whose key fits', () => {
    const segs = rulerSegments(BANDS, MAX_SEGMENT_MM);
    expect(segs).toEqual([
      { fromIn: 0, toIn: 6 },
      { fromIn: 6, toIn: 12 },
      { fromIn: 12, toIn: 18 },
    ]);
    for (const s of segs)
      expect((s.toIn - s.fromIn) * MM_PER_INCH + GAME_INTERFACES.key.reachMm).toBeLessThanOrEqual(MAX_SEGMENT_MM);
  });

  it('prefers whole inches when equal segments would not be, and takes one segment when it fits', () => {
    // 18 in in four: 4.5 in each is not whole; 5, 5, 4, 4 fit 150 mm with the key (135 mm).
    expect(rulerSegments(BANDS, 150)).toEqual([
      { fromIn: 0, toIn: 5 },
      { fromIn: 5, toIn: 10 },
      { fromIn: 10, toIn: 14 },
      { fromIn: 14, toIn: 18 },
    ]);
    expect(rulerSegments([0, 4], 200)).toEqual([{ fromIn: 0, toIn: 4 }]);
    expect(() => rulerSegments(BANDS, 20)).toThrow(/maxSegmentMm/);
  });
});

describe('rangeRuler', () => {
  const segs = rulerSegments(BANDS, MAX_SEGMENT_MM);
  const build = (s: { fromIn: number; toIn: number }, i: number) => {
    const inspected = buildAndInspect(() => rangeRuler({ ...s, keyAtEnd: i < segs.length - 1, keywayAtStart: i > 0 }));
    return { ...s, ...inspected };
  };
  let built: ReturnType<typeof build>[] = [];
  beforeAll(() => {
    built = segs.map(build);
  });

  it('builds each segment as one watertight body lying flat, face up, its key and keyway where declared', () => {
    for (const [i, b] of built.entries()) {
      expect(b.topology.watertight).toBe(true);
      expect(b.topology.bodies).toBe(1);
      expect(b.topology.bounds.min[2]).toBeCloseTo(0, 5);
      expect(b.topology.bounds.max[2]).toBeCloseTo(T, 5);
      expect(b.features.map((f) => f.feature.kind).sort()).toEqual(
        [...(i > 0 ? ['keyway'] : []), ...(i < segs.length - 1 ? ['key'] : [])].sort(),
      );
      for (const f of b.features) expect(f.ok, f.feature.id).toBe(true);
    }
  });

  it('engraves each band boundary as a full-width mark centred on its inch (within 0.3 mm), and no other full-width groove', () => {
    withArena(() => {
      for (const b of built) {
        const offset = b.fromIn * MM_PER_INCH;
        const m = measure(solidFromStl(b.bytes), offset);
        // The butt faces lie on the segment's inches.
        expect(Math.abs(m.butt[0] - b.fromIn * MM_PER_INCH)).toBeLessThan(TOL_MM);
        expect(Math.abs(m.butt[1] - b.toIn * MM_PER_INCH)).toBeLessThan(TOL_MM);
        const inside = BANDS.filter((x) => x > b.fromIn && x < b.toIn);
        expect(m.gaps.map((g) => g.centre)).toHaveLength(inside.length);
        for (const [k, x] of inside.entries()) {
          expect(Math.abs(m.gaps[k]!.centre - x * MM_PER_INCH), `${x} in`).toBeLessThan(TOL_MM);
          expect(Math.abs(m.gaps[k]!.width - DEFAULTS.markWidthMm)).toBeLessThan(0.1);
        }
        // A boundary on a butt face: a half mark on this side, the butt face its centre; elsewhere no groove.
        const halfAt = (x: number): boolean => BANDS.includes(x);
        expect(m.startGroove).toBeCloseTo(halfAt(b.fromIn) ? DEFAULTS.markWidthMm / 2 : 0, 1);
        expect(m.endGroove).toBeCloseTo(halfAt(b.toIn) ? DEFAULTS.markWidthMm / 2 : 0, 1);
      }
    });
  });

  it('joined end to end, the half marks on the butt faces make one mark on the boundary', () => {
    withArena(() => {
      const tops = built.map((b) =>
        solidFromStl(b.bytes)
          .sliceAt(T - D / 2)
          .intersect(strip())
          .translate(b.fromIn * MM_PER_INCH, 0),
      );
      const ivs = intervals(tops[0]!.union(...tops.slice(1)));
      const butts = built.slice(1).map((b) => b.fromIn * MM_PER_INCH);
      const gaps = ivs.slice(1).map((iv, i) => ({ centre: (ivs[i]![1] + iv[0]) / 2, width: iv[0] - ivs[i]![1] }));
      // Seams under a tenth of a millimetre (float rounding at the butts) are joins, not grooves.
      const grooves = gaps.filter((g) => g.width > 0.1);
      for (const g of gaps.filter((g) => g.width <= 0.1))
        expect(butts.some((x) => Math.abs(x - g.centre) < 0.01)).toBe(true);
      const inner = BANDS.slice(1, -1);
      expect(grooves).toHaveLength(inner.length);
      for (const [k, x] of inner.entries()) {
        expect(Math.abs(grooves[k]!.centre - x * MM_PER_INCH), `${x} in`).toBeLessThan(TOL_MM);
        expect(Math.abs(grooves[k]!.width - DEFAULTS.markWidthMm)).toBeLessThan(0.1);
      }
    });
  });

  it("mates: each segment's key sits in the next one's keyway, their solids apart, the gap the sliding clearance", () => {
    withArena(() => {
      const placed = built.map((b) => solidFromStl(b.bytes).translate([b.fromIn * MM_PER_INCH, 0, 0]));
      const gap = clearanceMm('sliding', DEFAULTS.clearanceMm);
      for (let i = 0; i + 1 < placed.length; i++) {
        const a = placed[i]!,
          b = placed[i + 1]!;
        expect(a.intersect(b).volumeMm3()).toBeLessThan(1e-3);
        const x0 = built[i + 1]!.fromIn * MM_PER_INCH;
        const zone = rect(GAME_INTERFACES.key.reachMm + 4, 14, false).translate(x0 + 0.01, -7);
        const key = a.sliceAt(T / 2).intersect(zone);
        const keyway = zone.subtract(b.sliceAt(T / 2));
        expect(key.areaMm2()).toBeGreaterThan(30);
        expect(key.subtract(keyway).areaMm2()).toBeLessThan(1e-3);
        // The keyway is the key grown by the clearance: nothing of it is further from the key than that.
        expect(keyway.subtract(key.offset(gap + 0.02)).areaMm2()).toBeLessThan(1e-2);
        expect(keyway.subtract(key).areaMm2()).toBeGreaterThan(1);
      }
    });
  });

  it('stays one watertight body with sound key and keyway for any bed, width, tick spacing and mark width', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 60, max: 400, noNaN: true }),
        fc.double({ min: 16, max: 60, noNaN: true }),
        fc.constantFrom(0.25, 0.5, 1, 2),
        fc.double({ min: 0.9, max: 3, noNaN: true }),
        (maxMm, widthMm, tickEveryIn, markWidthMm) => {
          const segs = rulerSegments(BANDS, maxMm);
          for (const [i, s] of segs.entries()) {
            const { topology, features } = buildAndInspect(() =>
              rangeRuler({
                ...s,
                widthMm,
                tickEveryIn,
                markWidthMm,
                keyAtEnd: i < segs.length - 1,
                keywayAtStart: i > 0,
              }),
            );
            expect(topology.watertight).toBe(true);
            expect(topology.bodies).toBe(1);
            for (const f of features) expect(f.ok, f.feature.id).toBe(true);
          }
        },
      ),
      { numRuns: 3 },
    );
  });

  it('rejects bad options, naming the field and the valid range', () => {
    const bad: [Parameters<typeof rangeRuler>[0], RegExp][] = [
      [{ widthMm: 5 }, /widthMm = 5 .*from 16 to 60 mm/],
      [{ bandsIn: [0, 5, 3] }, /bandsIn .*strictly increasing/],
      [{ bandsIn: [1, 5] }, /bandsIn .*the first 0/],
      [{ bandLabels: ['+2'] }, /bandLabels .*4 labels/],
      [{ toIn: 20 }, /toIn = 20 .*from 1 to 18 in/],
      [{ fromIn: 6, toIn: 6 }, /toIn = 6 .*from 7 to 18 in/],
      [{ engraveDepthMm: 2.5 }, /engraveDepthMm .*from 0.2 to 2 mm/],
      [{ markWidthMm: 0.4 }, /markWidthMm .*from 0.9 to 3 mm/],
      [{ clearanceMm: 1 }, /clearanceMm .*from 0.05 to 0.6 mm/],
      [{ tickEveryIn: 0 }, /tickEveryIn .*from 0.25 to 18 in/],
    ];
    for (const [options, message] of bad) {
      expect(() => rangeRuler(options)).toThrow(InputError);
      expect(() => rangeRuler(options)).toThrow(message);
    }
  });
});
