/** Custom Armada lists (rulebook "Custom Armada"): per player, at most 15 ships, at most half from one faction, known factions. */
import { ARMADA } from '../../rules/rulebook.js';
import type { ArmadaPlayer } from '../../armada/load.js';
import type { Context, Report, Rule } from '../types.js';

function perPlayer(check: (p: ArmadaPlayer, source: string, ctx: Context, report: Report) => void): Rule['check'] {
  return (ctx, report) => {
    if (ctx.armada) for (const p of ctx.armada.players) check(p, ctx.armada.source, ctx, report);
  };
}

const total = (p: ArmadaPlayer): number => p.ships.reduce((n, s) => n + s.count, 0);
const at = (source: string, place: string): string => (place ? `${source}:${place}` : source);

export const size: Rule = {
  id: 'armada/size',
  title: `at most ${ARMADA.maxShips} ships per player`,
  check: perPlayer((p, source, _ctx, report) => {
    const n = total(p);
    if (n > ARMADA.maxShips)
      report({
        faction: null,
        part: null,
        message: `${p.name} (${at(source, p.place)}) fields ${n} ships; a Custom Armada has at most ${ARMADA.maxShips}`,
        expected: `≤ ${ARMADA.maxShips}`,
        measured: n,
        hint: `drop ${n - ARMADA.maxShips} ship${n - ARMADA.maxShips === 1 ? '' : 's'} from ${p.name}'s list`,
      });
  }),
};

export const oneFactionHalf: Rule = {
  id: 'armada/one-faction-half',
  title: "no more than half of a player's ships from one faction",
  check: perPlayer((p, source, _ctx, report) => {
    const n = total(p);
    const by = new Map<string, number>();
    for (const s of p.ships) by.set(s.faction, (by.get(s.faction) ?? 0) + s.count);
    for (const [faction, k] of by) {
      if (k > ARMADA.maxFractionOneFaction * n) {
        const cap = Math.floor(ARMADA.maxFractionOneFaction * n);
        report({
          faction,
          part: null,
          message: `${p.name} (${at(source, p.place)}) takes ${k} of ${n} ships from ${faction}; no more than half may come from one faction`,
          expected: `≤ ${cap}`,
          measured: k,
          hint: `swap ${k - cap} ${faction} ship${k - cap === 1 ? '' : 's'} for another faction's`,
        });
      }
    }
  }),
};

export const knownFactions: Rule = {
  id: 'armada/known-factions',
  title: 'every faction an armada list names is a loaded faction',
  check: perPlayer((p, source, ctx, report) => {
    for (const s of p.ships) {
      if (!ctx.knownFactionIds.includes(s.faction))
        report({
          faction: s.faction,
          part: null,
          message: `${p.name}'s list (${at(source, s.place)}) names an unknown faction "${s.faction}"`,
          expected: ctx.knownFactionIds.join(', '),
          measured: s.faction,
          hint: 'use one of the loaded faction ids, or add its faction file to --factions-dir',
        });
    }
  }),
};

export const ARMADA_RULES: readonly Rule[] = [size, oneFactionHalf, knownFactions];
