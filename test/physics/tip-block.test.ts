/**
 * The tip block's volume model (src/physics/tip-block.ts) mirrors the cannon builder's layout; this test
 * holds it to the builder's real mesh, so a change to the cannon that moves the moving mass fails here.
 */
import { describe, expect, it } from 'vitest';
import { box, initKernel, withArena } from '../../src/geometry/kernel.js';
import { cannon, cannonArmGeometry } from '../../src/parts/cannon.js';
import { TIP_BLOCK, tipBlockVolumeMm3 } from '../../src/physics/tip-block.js';

describe('tip block volume against the cannon mesh', () => {
  it.each([
    [1.35, 4],
    [3.6, 2.8],
    [5.4, 9],
  ])('arm %s mm thick, released at %s mm', async (h, d) => {
    await initKernel();
    const o = { armThicknessMm: h, releaseDeflectionMm: d };
    const g = cannonArmGeometry(o);
    // Cut out the block beside the arm's tip: from the arm's back face to 1 mm past the block's front (the
    // pusher's first millimetre, in the motion gap before the barrel), over the block and pad's outline.
    const backX = g.tipMm[0] - h / 2;
    const frontX = backX + h + TIP_BLOCK.extraThicknessMm + 1;
    const lengthMm = TIP_BLOCK.blockLengthMm + TIP_BLOCK.padLengthMm;
    const measured = withArena(() =>
      cannon(o)
        .solid.intersect(box([frontX - backX, lengthMm, 100], false).translate([backX, g.tipMm[1] - lengthMm, -10]))
        .volumeMm3(),
    );
    const modelled = tipBlockVolumeMm3(h, g.widthMm, d) - TIP_BLOCK.pusherSectionMm2 * (TIP_BLOCK.pusherBaseLengthMm + d - 1);
    expect(measured / modelled).toBeCloseTo(1, 3);
  });
});
