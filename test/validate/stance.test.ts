import { beforeAll, describe, expect, it } from 'vitest';
import { box, initKernel, withArena, type Solid, type Vec3 } from '../../src/geometry/kernel.js';
import type { Placed } from '../../src/validate/assembly.js';
import {
  MAX_REST_HEEL_DEG,
  MIN_TIP_ANGLE_DEG,
  shipSupport,
  stance,
  type Stance,
} from '../../src/validate/rules/assembly.js';
import { INTERFACES } from '../../src/standard.js';

beforeAll(initKernel);

/** A box from `min` to `max`, as a placed part (its file and features are not read). */
const part = (name: string, min: Vec3, max: Vec3): Placed => {
  const solid: Solid = box([max[0] - min[0], max[1] - min[1], max[2] - min[2]], false).translate(min);
  return { name, solid, features: [], transform: [] as never, file: {} as never };
};

const BAND_CORD_MM = 2;
const deg = (rad: number): number => (rad * 180) / Math.PI;

/**
 * A flat-bottomed block hull 60 mm long and 20 wide on a "wheel" whose flat stands 2 mm below its bottom
 * (the band 0.4 mm under that), so it pitches onto its bottom's front edge 50 mm ahead; optionally a
 * carriage foot 18 mm across hovering `footGapMm` over the table under the wheel (behind the flat's leading
 * edge, x = 0, unless `footFrontMm` says otherwise).
 */
function standing(centre: Vec3, footGapMm: number | null, footFrontMm = -1): Stance {
  return withArena(() => {
    const proud = INTERFACES.band.proudMm;
    const hull = part('hull', [-10, -10, 0], [50, 10, 10]);
    const wheel = part('wheel', [-3, -3, -2 + proud], [0, 3, 8]);
    const ground = [hull];
    // The foot's bottom is a plane footGapMm over the table along the pitched line from the flat to the skid.
    if (footGapMm !== null) ground.push(part('carriage', [-8, -9, -2 + footGapMm], [footFrontMm, 9, 0]));
    const support = shipSupport(ground, wheel, BAND_CORD_MM)!;
    return stance(support, centre);
  });
}

describe('assembly/stands: where a ship stands', () => {
  it('on its band and skid alone, tips at the angle its centre of mass makes with the nearest edge of that triangle', () => {
    // Centred, 25 mm ahead of the flat: the triangle from the band's 2 mm cord to the 20 mm skid.
    const s = standing([25, 0, 8], null);
    expect(s.restHeelDeg).toBe(0);
    // In the pitched table's frame: the centre (25, 0, 10) from the band's line, the skid (50, 0, 2).
    const p = Math.atan2(2, 50);
    const cx = 25 * Math.cos(p) + 10 * Math.sin(p),
      skidX = 50 * Math.cos(p) + 2 * Math.sin(p);
    expect(s.heightMm).toBeCloseTo(10 * Math.cos(p) - 25 * Math.sin(p), 6);
    const marginMm = (1 + (9 * cx) / skidX) * Math.cos(Math.atan2(9, skidX));
    expect(s.marginMm).toBeCloseTo(marginMm, 6);
    expect(s.tipDeg).toBeCloseTo(deg(Math.atan2(marginMm, s.heightMm)), 6);
    expect(s.supportMm.frontPart).toBe('hull');
  });

  it('heeled by a side load past the band-to-skid triangle, rests on a foot just over the table and stands; without the foot it tips', () => {
    const side: Vec3 = [5, 4, 8];
    const bare = standing(side, null);
    expect(bare.tipDeg).toBeLessThan(0);
    const footed = standing(side, 0.2);
    expect(footed.restHeelDeg).toBeGreaterThan(0);
    expect(footed.restHeelDeg).toBeLessThanOrEqual(MAX_REST_HEEL_DEG);
    expect(footed.tipDeg).toBeGreaterThan(MIN_TIP_ANGLE_DEG);
  });

  it('does not rest on a foot that only a heel past MAX_REST_HEEL_DEG would reach', () => {
    // 1.2 mm over the table, 8 mm out from the band: a 8.5° heel.
    const s = standing([5, 4, 8], 1.2 + 0.4);
    expect(s.tipDeg).toBeLessThan(0);
  });

  it('names a foot that holds the band off the table (the ship would slide, not roll)', () => {
    // A foot reaching ahead of the flat, 0.3 mm lower than the band: the ship pitches onto it, the skid lifts.
    const s = standing([25, 0, 8], -0.3, 8);
    expect(s.supportMm.frontPart).toBe('carriage');
  });
});
