/**
 * The ornaments of a faction's look: each refuses a hull that cannot carry it, naming its place in the file
 * and what would be valid; and, measured on the exported mesh, each is where and what it says.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors.js';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../../../src/faction/loader.js';
import type { Faction, FactionModel, Ornament } from '../../../src/faction/types.js';
import { fromMesh, initKernel, rayHitsMm, withArena } from '../../../src/geometry/kernel.js';
import { parseStl } from '../../../src/mesh/stl.js';
import { hull } from '../../../src/parts/hull.js';
import { FUNNEL } from '../../../src/parts/hull-styles/ornaments.js';
import { buildAndInspect } from '../../helpers/part.js';

let factions: Faction[];
beforeAll(async () => {
  await initKernel();
  factions = await loadFactions(DEFAULT_FACTIONS_DIR);
});
const model = (id: string): FactionModel => structuredClone(factions.find((f) => f.id === id)!.model);
const withOrnaments = (id: string, ornaments: Ornament[]): FactionModel => {
  const m = model(id);
  m.look.ornaments = ornaments;
  return m;
};

function refusal(m: FactionModel): { path: string; message: string } {
  try {
    withArena(() => hull({ model: m }));
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const p = e.problems[0]!;
    return { path: p.place, message: `${p.place}: ${p.message}` };
  }
  throw new Error('expected the hull to be refused');
}

describe('hull ornaments', () => {
  it('refuses ornaments the hull cannot carry, naming the ornament and what is valid', () => {
    const windows = refusal(withOrnaments('corsairs', [{ kind: 'rail' }, { kind: 'stern-windows', count: 4 }]));
    expect(windows.path).toBe('model.look.ornaments[1].kind');
    expect(windows.message).toMatch(/need a stern castle, and a sloop has none; valid on a galleon/);
    expect(refusal(withOrnaments('queens-fleet', [{ kind: 'stern-windows', count: 12 }])).message).toMatch(
      /^model\.look\.ornaments\[0\]\.count: 12 windows do not fit .* valid: at most \d+/,
    );
    expect(refusal(withOrnaments('the-islanders', [{ kind: 'ram', lengthMm: 4 }])).message).toMatch(
      /^model\.look\.ornaments\[0\]: a ram stands where the bow cannon slot opens/,
    );
    expect(refusal(withOrnaments('corsairs', [{ kind: 'ram', lengthMm: 10 }])).message).toMatch(
      /^model\.look\.ornaments\[0\]\.length: a 10 mm ram cannot reach/,
    );
    expect(refusal(withOrnaments('the-industry', [{ kind: 'funnel', xMm: -32, yMm: 0 }])).message).toMatch(
      /^model\.look\.ornaments\[0\]\.at: .*the mast at model\.fittings\[0\]/,
    );
    expect(refusal(withOrnaments('the-industry', [{ kind: 'funnel', xMm: -26, yMm: 15 }])).message).toMatch(
      /^model\.look\.ornaments\[0\]\.at: .*valid: \|across\| ≤/,
    );
    expect(refusal(withOrnaments('queens-fleet', [{ kind: 'lashings' }])).message).toMatch(
      /^model\.look\.ornaments\[0\]\.kind: .*valid on a proa/,
    );
    expect(refusal(withOrnaments('sun-fleet', [{ kind: 'carved-posts' }])).message).toMatch(
      /^model\.look\.ornaments\[0\]\.kind: .*valid on a proa/,
    );
  });

  it('puts a ram past the bow, a funnel its height above the deck, and a row of stern windows across the transom', () => {
    withArena(() => {
      const bare = (m: FactionModel): FactionModel => ({ ...m, look: { ...m.look, ornaments: [] } });
      const size = (m: FactionModel): [number, number] => {
        const b = buildAndInspect(() => hull({ model: m })).topology.bounds;
        return [b.max[0] - b.min[0], b.max[2] - b.min[2]];
      };
      const corsairs = model('corsairs');
      const ram = corsairs.look.ornaments.find((o) => o.kind === 'ram') as { lengthMm: number };
      expect(size(corsairs)[0] - size(bare(corsairs))[0]).toBeCloseTo(ram.lengthMm, 3);
      const industry = model('the-industry');
      expect(size(industry)[1]).toBeCloseTo(industry.hull.heightMm + FUNNEL.heightMm, 3);

      // Across the stern castle at the windows' height: the transom dips once per window.
      const queens = model('queens-fleet');
      const count = (queens.look.ornaments.find((o) => o.kind === 'stern-windows') as { count: number }).count;
      const i = buildAndInspect(() => hull({ model: queens }));
      const solid = fromMesh(parseStl(i.bytes));
      const b = i.topology.bounds;
      let best = 0;
      for (let z = queens.hull.heightMm + 1; z < queens.hull.heightMm + 5; z += 0.25) {
        const xs: number[] = [];
        for (let y = b.min[1]; y < b.max[1]; y += 0.05) {
          const hit = rayHitsMm(solid, [b.min[0] - 5, y, z], [b.max[0], y, z])[0];
          xs.push(hit === undefined ? Infinity : hit);
        }
        const face = Math.min(...xs);
        // Between the transom's two edges (beyond them the rays graze the castle's leaning sides).
        const on = xs.map((x) => x < face + 0.1);
        const first = on.indexOf(true),
          last = on.lastIndexOf(true);
        let dips = 0;
        for (let k = first + 1; k < last; k++)
          if (xs[k]! > face + 0.3 && xs[k]! < face + 2 && !(xs[k - 1]! > face + 0.3 && xs[k - 1]! < face + 2)) dips++;
        best = Math.max(best, dips);
      }
      expect(best).toBe(count);
    });
  });
});
