/** Probing hulls where their model declares each feature: generated hulls in print frame, external ones in hull frame. */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFactionFile } from '../../src/faction/loader.js';
import type { Faction } from '../../src/faction/types.js';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { solidFromStl } from '../../src/mesh/inspect.js';
import { serializeStl } from '../../src/mesh/stl.js';
import { hull } from '../../src/parts/hull.js';
import { DEFAULT_CLEARANCE_MM } from '../../src/standard.js';
import { probeHull, type HullProbe } from '../../src/validate/hull-probe.js';

const FX = 'test/fixtures/validate';
let clean: Faction;
beforeAll(async () => {
  await initKernel();
  clean = await loadFactionFile(`${FX}/clean.yaml`);
});

const summary = (p: HullProbe): string[] =>
  [...p.fittings, ...p.cannonSlots, p.coinSlot!, p.wheelSlot!].map(
    (f) => `${f.declared} ${f.open ? 'open' : 'solid'} ${f.reachable ? 'reachable' : 'blocked'}`,
  );

describe('probeHull', () => {
  it('finds every declared feature of a generated hull open and reachable, where the builder put it', () => {
    withArena(() => {
      const part = hull({ model: clean.model, clearanceMm: DEFAULT_CLEARANCE_MM });
      const bytes = serializeStl(part.solid.toMesh(), 'hull');
      const p = probeHull(
        clean,
        { path: 'hull.stl', part: 'hull', faction: clean.id, bytes, features: part.features },
        solidFromStl(bytes),
        DEFAULT_CLEARANCE_MM,
      );
      expect(summary(p)).toEqual([
        'model.fittings[0] open reachable',
        'model.cannonSlots[0] open reachable',
        'model.coinSlot open reachable',
        'model.wheelSlot open reachable',
      ]);
      // The probed features are the builder's, found from the mesh and the model alone.
      for (const f of [p.fittings[0]!, p.cannonSlots[0]!]) {
        const built = part.features.find((x) => x.kind === f.feature.kind)!;
        f.feature.positionMm.forEach((v, i) => expect(v).toBeCloseTo(built.positionMm[i]!, 2));
      }
    });
  });

  it.each([
    [
      'external-clean',
      [
        'model.fittings[0] open reachable',
        'model.cannonSlots[0] open reachable',
        'model.coinSlot open reachable',
        'model.wheelSlot open reachable',
      ],
    ],
    [
      'external-socket-filled',
      [
        'model.fittings[0] solid blocked',
        'model.cannonSlots[0] open reachable',
        'model.coinSlot open reachable',
        'model.wheelSlot open reachable',
      ],
    ],
    [
      'cannon-slot-inward',
      [
        'model.fittings[0] open reachable',
        'model.cannonSlots[0] open blocked',
        'model.coinSlot open reachable',
        'model.wheelSlot open reachable',
      ],
    ],
  ])('probes the external hull of %s in the hull frame', async (name, expected) => {
    const f = await loadFactionFile(`${FX}/${name}.yaml`);
    const bytes = new Uint8Array(await readFile(f.model.externalHullStl!));
    withArena(() => {
      const p = probeHull(
        f,
        { path: f.model.externalHullStl!, part: 'hull', faction: f.id, bytes, features: [] },
        solidFromStl(bytes),
        DEFAULT_CLEARANCE_MM,
      );
      expect(summary(p)).toEqual(expected);
    });
  });
});
