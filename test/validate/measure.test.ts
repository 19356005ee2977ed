/** The validator's own measurements, against shapes whose answer is known. */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { box, cylinder, initKernel, withArena } from '../../src/geometry/kernel.js';
import type { Feature } from '../../src/geometry/part.js';
import { serializeStl } from '../../src/mesh/stl.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { bandIdForStretchMm, clickDistanceMm, wheel } from '../../src/parts/wheel.js';
import { DEFAULT_BAND, type BandSpec } from '../../src/standard.js';
import {
  convexPerimeterMm,
  pegSectionMm,
  rollingPerimeterMm,
  thicknessAlongAxisMm,
  thinnestWallMm,
} from '../../src/validate/measure.js';

beforeAll(initKernel);

const hole = (x: number, y: number, d: number, depth: number, top: number): Feature => ({
  id: 'h',
  kind: 'mast-socket',
  role: 'hole',
  positionMm: [x, y, top],
  axis: [0, 0, 1],
  size: { shape: 'round', diameterMm: d },
  depthMm: depth,
  mating: 'sliding',
});

describe('convexPerimeterMm', () => {
  it('is the perimeter of a rectangle, whatever inner points and order', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 100, noNaN: true }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))),
        (w, h, inner) => {
          const pts: [number, number][] = [
            [0, 0],
            [w, 0],
            [w, h],
            [0, h],
            ...inner.map(([a, b]): [number, number] => [a * w, b * h]),
          ];
          expect(convexPerimeterMm(pts.reverse())).toBeCloseTo(2 * (w + h), 6);
        },
      ),
    );
  });
});

describe('rollingPerimeterMm', () => {
  it('measures the printed wheel within 0.2 % of the click it was sized for, over clicks and flats', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 40, max: 80, noNaN: true }),
        fc.double({ min: 10, max: 30, noNaN: true }),
        (click, alpha) => {
          const measured = withArena(() => {
            // An O-ring of the default cord sized to stretch 3 % on this wheel's groove.
            const band: BandSpec = {
              ...DEFAULT_BAND,
              innerDiameterMm: bandIdForStretchMm(
                { clickDistanceMm: click, flatHalfAngleDeg: alpha, band: DEFAULT_BAND },
                0.03,
              ),
            };
            const part = wheel({ clickDistanceMm: click, flatHalfAngleDeg: alpha, band });
            const solid = solidFromStl(serializeStl(part.solid.toMesh(), 'wheel'));
            return rollingPerimeterMm(
              solid,
              part.features.find((f) => f.kind === 'wheel-rim')!,
              band,
            ).perimeterMm;
          });
          expect(Math.abs(measured / click - 1)).toBeLessThan(0.002);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('agrees with BRIEF §3 for a plain circle with a flat (no band), where the flat reaches 45° and needs no keel', () => {
    const r = 10,
      alpha = 50;
    const pts: [number, number][] = [];
    for (let i = 0; i < 3600; i++) {
      const t = (i / 3600) * 2 * Math.PI;
      const y = Math.max(r * Math.sin(t), -r * Math.cos((alpha * Math.PI) / 180));
      pts.push([Math.sign(Math.cos(t)) * Math.sqrt(Math.max(0, r * r - y * y)), y]);
    }
    expect(convexPerimeterMm(pts)).toBeCloseTo(clickDistanceMm(r, alpha), 2);
  });

  it('agrees with the keeled section for a smaller flat: the circle down to 45° either side and the tangents there, cut by the flat', () => {
    for (const alpha of [5, 20, 40]) {
      const r = 10;
      const flatY = -r * Math.cos((alpha * Math.PI) / 180);
      // Circle points no lower than the tangent points, and where each tangent (x·cos 45° + |y|·sin 45° = r on its side) meets the flat.
      const pts: [number, number][] = [];
      for (let i = 0; i < 3600; i++) {
        const t = (i / 3600) * 2 * Math.PI;
        if (Math.sin(t) >= -Math.SQRT1_2) pts.push([r * Math.cos(t), r * Math.sin(t)]);
      }
      const cornerX = (r + flatY * Math.SQRT1_2) / Math.SQRT1_2;
      pts.push([cornerX, flatY], [-cornerX, flatY]);
      expect(convexPerimeterMm(pts), `α ${alpha}°`).toBeCloseTo(clickDistanceMm(r, alpha), 2);
    }
  });
});

describe('walls and sizes on a block', () => {
  it('finds the wall between a hole and the side, and between two holes', () => {
    withArena(() => {
      // 20 × 20 × 10 block from (0,0,0); a 4 mm hole whose edge is 0.6 mm from x = 20, and one 1.5 mm from it.
      const a = hole(17.4, 10, 4, 6, 10);
      const b = hole(9.9, 10, 4, 6, 10);
      const solid = box([20, 20, 10], false).subtract(
        cylinder(7, 2).translate([17.4, 10, 4]),
        cylinder(7, 2).translate([9.9, 10, 4]),
      );
      expect(thinnestWallMm(solid, a)!.wallMm).toBeCloseTo(0.6, 1);
      expect(thinnestWallMm(solid, b)!.wallMm).toBeCloseTo(3.5, 1);
    });
  });

  it('sees a slotted block from outside at its full size, and its thickness along the axis', () => {
    withArena(() => {
      const solid = box([22, 10, 14], false).subtract(box([4, 12, 8], false).translate([9, -1, -1]));
      const block: Feature = {
        id: 'b',
        kind: 'carriage-block',
        role: 'peg',
        positionMm: [11, 5, 0],
        axis: [0, 0, 1],
        size: { shape: 'rect', widthMm: 22, heightMm: 10, widthAxis: [1, 0, 0] },
        depthMm: 14,
        mating: 'press',
      };
      expect(pegSectionMm(solid, block).map((x) => +x.toFixed(3))).toEqual([10, 22]);
      expect(thicknessAlongAxisMm(solid, block, 0.5)).toBeCloseTo(14, 6);
    });
  });
});
