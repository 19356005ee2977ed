/**
 * Movement (BRIEF §1, §3): one revolution of the printed wheel, wearing the build's band (settings.band,
 * its cord thinned by the stretch the mesh's groove gives it), must roll one click, measured from the
 * wheel's mesh and scaled by the printer's measured roll factor (calibrate-wheel); and a ship's Move
 * (Move Count × click) must suit the tables the rulebook names.
 */
import type { Solid } from '../../geometry/kernel.js';
import type { Feature } from '../../geometry/part.js';
import { TABLE_SIZES_FT, SETUP_IN } from '../../rules/rulebook.js';
import { MM_PER_INCH } from '../../units.js';
import { rollingPerimeterMm } from '../measure.js';
import type { Context, Rule } from '../types.js';

/** A wheel more than 2 % off its click changes a 3-click Move by more than 3 mm: players notice. */
export const CLICK_TOLERANCE = 0.02;

const measured = new WeakMap<Context, { clickMm: number; cordMm: number } | null>();

/** One click as the printed wheel rolls it on this printer, and the band's cord on it; null without a wheel mesh. */
function measuredRoll(ctx: Context): { clickMm: number; cordMm: number } | null {
  if (!measured.has(ctx)) {
    const file = ctx.file('wheel');
    const solid: Solid | null = file && ctx.solid(file);
    const rim: Feature | undefined = file?.features.find((f) => f.kind === 'wheel-rim');
    const roll = solid && rim ? rollingPerimeterMm(solid, rim, ctx.settings.band) : null;
    measured.set(ctx, roll && { clickMm: roll.perimeterMm * ctx.settings.wheelRollFactor, cordMm: roll.cordMm });
  }
  return measured.get(ctx)!;
}

/** One click as the printed wheel rolls it, or null when there is no wheel mesh to measure. */
export function measuredClickMm(ctx: Context): number | null {
  return measuredRoll(ctx)?.clickMm ?? null;
}

const r2 = (x: number): number => Math.round(x * 100) / 100;

export const clickDistance: Rule = {
  id: 'movement/click-distance',
  title: `the wheel's rolling perimeter (the band's stretched cord included) = the click distance ± ${CLICK_TOLERANCE * 100} %`,
  check(ctx, report) {
    const wheel = ctx.file('wheel');
    const roll = wheel && ctx.checked.includes(wheel) ? measuredRoll(ctx) : null;
    if (roll === null) return;
    const click = roll.clickMm;
    const off = click / ctx.clickDistanceMm - 1;
    if (Math.abs(off) <= CLICK_TOLERANCE) return;
    report({
      faction: null,
      part: 'wheel',
      message: `one revolution of the wheel rolls ${r2(click)} mm (its section's convex perimeter plus the ${ctx.settings.band.name} band's ${r2(roll.cordMm)} mm stretched cord${ctx.settings.wheelRollFactor === 1 ? '' : `, × ${ctx.settings.wheelRollFactor} measured roll`}), ${off > 0 ? '+' : ''}${r2(off * 100)} % off the ${r2(ctx.clickDistanceMm)} mm click`,
      expected: r2(ctx.clickDistanceMm),
      measured: r2(click),
      hint: 'size the wheel from the click distance (wheel.ts wheelRollingRadiusMm), not the other way round',
    });
  },
};

/**
 * Table reach. The smallest table (4 ft) less both fleets' deployment zones is the water a ship must cross.
 * A Move that covers more than a quarter of it leaves no manoeuvring (warning); one that needs more than
 * MAX_MOVES_TO_CROSS Moves to cross makes the ship a bystander (warning). 24 Moves is 8 turns at the
 * rulebook's 3 actions a turn: a Move Count 1 ship on 2-inch clicks needs 21.
 */
export const MAX_MOVES_TO_CROSS = 24;
const MAX_SHARE_PER_MOVE = 0.25;

export const tableReach: Rule = {
  id: 'movement/table-reach',
  title: `a Move (Move Count × measured click) crosses the smallest table in at most ${MAX_MOVES_TO_CROSS} Moves and covers at most ${MAX_SHARE_PER_MOVE * 100} % of it`,
  check(ctx, report) {
    const click = measuredClickMm(ctx);
    if (click === null) return;
    const smallest = TABLE_SIZES_FT.reduce((a, b) => (b.widthFt * b.depthFt < a.widthFt * a.depthFt ? b : a));
    const waterMm = (Math.min(smallest.widthFt, smallest.depthFt) * 12 - 2 * SETUP_IN.deployDepth) * MM_PER_INCH;
    for (const f of ctx.factions) {
      const moveMm = f.card.moveCount * click;
      const moves = Math.ceil(waterMm / moveMm);
      if (moves > MAX_MOVES_TO_CROSS || moveMm > MAX_SHARE_PER_MOVE * waterMm) {
        report({
          severity: 'warning',
          faction: f.id,
          part: null,
          message: `a Move is ${r2(moveMm)} mm (${f.card.moveCount} × ${r2(click)} mm): it crosses the ${r2(waterMm)} mm of water on a ${smallest.widthFt}×${smallest.depthFt} ft table in ${moves} Moves`,
          expected: `≤ ${MAX_MOVES_TO_CROSS} Moves and ≤ ${r2(MAX_SHARE_PER_MOVE * waterMm)} mm per Move`,
          measured: `${moves} Moves, ${r2(moveMm)} mm per Move`,
          hint: 'change card.moveCount',
        });
      }
    }
  },
};

export const MOVEMENT_RULES: readonly Rule[] = [clickDistance, tableReach];
