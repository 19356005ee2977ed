/** featureBoxMm holds every point of the feature it boxes: sampled over the cylinder or prism, any axis. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Vec3 } from '../../src/geometry/kernel.js';
import { featureBoxMm, type Feature } from '../../src/geometry/part.js';

const unit = (v: readonly number[]): Vec3 => {
  const l = Math.hypot(...v) || 1;
  return v.map((x) => x / l) as unknown as Vec3;
};
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

describe('featureBoxMm', () => {
  it('holds the whole hole or peg, from mouth or root along its axis, and no more than its margin beyond', () => {
    const vec = fc
      .tuple(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
      )
      .filter((v) => Math.hypot(...v) > 0.1);
    fc.assert(
      fc.property(
        vec,
        fc.constantFrom<'hole' | 'peg'>('hole', 'peg'),
        fc.double({ min: 1, max: 20, noNaN: true }),
        fc.double({ min: 0.5, max: 15, noNaN: true }),
        (axisRaw, role, sizeMm, depthMm) => {
          const axis = unit(axisRaw);
          const f = {
            id: 'x',
            kind: 'mast-socket',
            role,
            positionMm: [3, -4, 10],
            axis,
            size: { shape: 'round', diameterMm: sizeMm },
            depthMm,
            mating: 'press',
          } as unknown as Feature;
          const box = featureBoxMm(f, 1);
          const u = unit(cross(axis, Math.abs(axis[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0]));
          const v = cross(axis, u);
          for (const t of [0, 0.5, 1])
            for (let a = 0; a < 8; a++) {
              const along = (role === 'hole' ? -1 : 1) * t * depthMm;
              const [c, s] = [Math.cos((a * Math.PI) / 4) * (sizeMm / 2), Math.sin((a * Math.PI) / 4) * (sizeMm / 2)];
              const p = [0, 1, 2].map((k) => f.positionMm[k]! + axis[k]! * along + u[k]! * c + v[k]! * s);
              p.forEach((x, k) => expect(x >= box.min[k]! - 1e-9 && x <= box.max[k]! + 1e-9).toBe(true));
            }
          // Not much more: each side is at most the feature's length plus its width and the margin.
          for (let k = 0; k < 3; k++)
            expect(box.max[k]! - box.min[k]!).toBeLessThanOrEqual(depthMm + sizeMm + 2 + 1e-9);
        },
      ),
      { numRuns: 100 },
    );
  });
});
