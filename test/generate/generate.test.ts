/**
 * The main job end to end, in-process: every file of every shipped faction, checked from its exported
 * bytes (topology, bed, features probed on the solid rebuilt from the STL), mating pairs as designed,
 * and determinism through the cache.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../../src/faction/loader.js';
import type { Faction } from '../../src/faction/types.js';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import type { Feature, FeatureKind } from '../../src/geometry/part.js';
import {
  defaultSettings,
  generateParts,
  generatePartsToWrite,
  jobKey,
  planJobs,
  type GeneratedFile,
} from '../../src/generate/index.js';
import { fitsBed } from '../../src/generate/manifest.js';
import { openDiskCache } from '../../src/io/cache.js';
import { inspectStl, solidFromStl } from '../../src/mesh/inspect.js';
import { pegSectionMm } from '../../src/validate/measure.js';
import { clearanceMm } from '../../src/standard.js';

let factions: Faction[];
let files: GeneratedFile[];
let cacheDir: string;

beforeAll(async () => {
  await initKernel();
  factions = await loadFactions(DEFAULT_FACTIONS_DIR);
  cacheDir = await mkdtemp(join(tmpdir(), 'sw-cache-'));
  files = await generateParts({ factions, settings: defaultSettings(), jobs: 1, cache: await openDiskCache(cacheDir) });
});

describe('generate, all shipped factions', () => {
  it('makes a hull for each of the seven factions, a turret for the Industry, and every shared part', () => {
    expect(factions).toHaveLength(7);
    for (const f of factions) expect(files.map((x) => x.path)).toContain(`${f.id}/hull.stl`);
    expect(files.filter((x) => x.part === 'turret').map((x) => x.faction)).toEqual(['the-industry']);
    expect(files.filter((x) => x.faction === null).length).toBeGreaterThanOrEqual(20);
  });

  it('exports every file as a closed, consistently oriented, single-body 2-manifold that fits the bed, with every feature where the manifest says', () => {
    const printer = defaultSettings().printer;
    for (const f of files) {
      const { topology, features } = withArena(() => inspectStl(f.bytes, f.features));
      const where = `${f.path}`;
      expect(topology.watertight, where).toBe(true);
      expect(topology.bodies, where).toBe(1);
      expect(topology.bounds.min[2], where).toBeCloseTo(0, 4);
      expect(
        fitsBed(
          topology.bounds.max.map((v, i) => v - topology.bounds.min[i]!),
          printer,
        ),
        where,
      ).toBe(true);
      expect(Math.abs(topology.volumeMm3 - f.volumeMm3) / f.volumeMm3, where).toBeLessThan(1e-4);
      for (const fi of features.filter((x) => x.feature.role === 'hole'))
        expect(
          fi.ok,
          `${where} ${fi.feature.id}: wrong at ${JSON.stringify(fi.wrongPoints.slice(0, 2))}, reachable ${fi.reachable}`,
        ).toBe(true);
    }
  });

  // Pegs are measured from outside, where their mating hole meets them: a print flat or a band groove is
  // not a defect, but a peg thicker or thinner than it says is.
  it('makes every peg as thick as its manifest says', () => {
    for (const f of files) {
      const pegs = f.features.filter((x) => x.role === 'peg');
      if (!pegs.length) continue;
      withArena(() => {
        const solid = solidFromStl(f.bytes);
        for (const p of pegs) {
          const want =
            p.size.shape === 'round' ? [p.size.diameterMm] : [p.size.widthMm, p.size.heightMm].sort((a, b) => a - b);
          const got = pegSectionMm(solid, p);
          for (const [i, w] of want.entries())
            expect(Math.abs(got[i]! - w), `${f.path} ${p.id}: ${got[i]} mm, declared ${w} mm`).toBeLessThan(0.05);
        }
      });
    }
  });

  it('declares every hull feature the model asks for', () => {
    for (const fac of factions) {
      const hull = files.find((f) => f.path === `${fac.id}/hull.stl`)!;
      const count = (k: FeatureKind): number => hull.features.filter((x) => x.kind === k).length;
      expect(count('mast-socket') + count('cargo-socket') + count('turret-seat'), fac.id).toBe(
        fac.model.fittings.length,
      );
      expect(count('cannon-slot'), fac.id).toBe(fac.model.cannonSlots.filter((s) => s.mount === 'hull').length);
      expect(count('coin-slot'), fac.id).toBe(1);
      expect(count('wheel-slot'), fac.id).toBe(1);
    }
  });

  // BRIEF §3's mating pairs: hole kind ↔ peg kind. The gap per side must be the class's clearance.
  const PAIRS: [FeatureKind, FeatureKind][] = [
    ['mast-socket', 'mast-peg'],
    ['flag-hole', 'mast-peg'],
    ['cargo-socket', 'cargo-peg'],
    ['turret-seat', 'turret-pivot'],
    ['cannon-slot', 'cannon-plug'],
    ['bore', 'ball'],
    ['bearing', 'axle'],
    ['wheel-slot', 'carriage-block'],
    ['sleeve', 'mast-tenon'],
    ['sail-loop', 'mast-pole'],
    ['coin-slot', 'coin'],
  ];
  // Sides across each feature, smallest first. A coin stands on edge in its slot: its thickness and its diameter.
  const sides = (f: Feature): number[] =>
    f.kind === 'coin' && f.size.shape === 'round'
      ? [f.depthMm, f.size.diameterMm]
      : f.size.shape === 'round'
        ? [f.size.diameterMm]
        : [f.size.widthMm, f.size.heightMm].sort((a, b) => a - b);

  it.each(PAIRS)('%s takes %s with the clearance of its class', (holeKind, pegKind) => {
    const all = files.flatMap((f) => f.features.map((feature) => ({ feature, path: f.path })));
    const holes = all.filter((x) => x.feature.kind === holeKind);
    const pegs = all.filter((x) => x.feature.kind === pegKind);
    expect(holes.length, holeKind).toBeGreaterThan(0);
    expect(pegs.length, pegKind).toBeGreaterThan(0);
    const c = defaultSettings().clearanceMm;
    for (const h of holes)
      for (const p of pegs) {
        const hole = sides(h.feature),
          peg = sides(p.feature);
        for (const [i, side] of peg.entries())
          expect((hole[i]! - side) / 2, `${h.path} ${h.feature.id} vs ${p.path} ${p.feature.id}`).toBeCloseTo(
            clearanceMm(h.feature.mating, c),
            3,
          );
      }
  });

  it('gives the same bytes again, from the cache and from a fresh build', async () => {
    const cached = await generateParts({
      factions,
      settings: defaultSettings(),
      jobs: 1,
      cache: await openDiskCache(cacheDir),
    });
    expect(cached.every((f) => f.cached)).toBe(true);
    expect(cached.map((f) => f.sha256)).toEqual(files.map((f) => f.sha256));
    const fresh = await generateParts({
      factions: factions.filter((f) => f.id === 'corsairs'),
      settings: defaultSettings(),
      jobs: 1,
    });
    const hull = fresh.find((f) => f.path === 'corsairs/hull.stl')!;
    expect(hull.sha256).toBe(files.find((f) => f.path === 'corsairs/hull.stl')!.sha256);
  });

  it('for a writer, takes each cached part from its recorded facts and reads its bytes only when asked, building them again if the entry lost them', async () => {
    const cache = await openDiskCache(cacheDir);
    const toWrite = await generatePartsToWrite({ factions, settings: defaultSettings(), jobs: 1, cache });
    const strip = ({
      bytes: _b,
      cached: _c,
      buildMs: _m,
      ...rest
    }: {
      bytes: unknown;
      cached: boolean;
      buildMs: number;
    }) => rest;
    expect(toWrite.map(strip)).toEqual(files.map(strip));
    expect(toWrite.every((f) => f.cached && typeof f.bytes === 'function')).toBe(true);
    const ball = toWrite.find((f) => f.path === 'shared/cannonball.stl')!;
    const read = () => (ball.bytes as () => Promise<Uint8Array>)();
    const expected = files.find((f) => f.path === ball.path)!.bytes;
    expect(await read()).toEqual(expected);
    const key = jobKey(planJobs([], defaultSettings(), ['cannonball'])[0]!.job, cache.codeVersion);
    await rm(join(cacheDir, `${key}.stl`));
    expect(await read()).toEqual(expected);
    expect((await cache.get(key, 'cannonball'))?.bytes).toEqual(expected);
  });

  it('rebuilds only what a changed setting touches', async () => {
    const s = defaultSettings();
    s.clearanceMm = 0.25;
    const again = await generateParts({ factions, settings: s, jobs: 1, cache: await openDiskCache(cacheDir) });
    const rebuilt = new Set(again.filter((f) => !f.cached).map((f) => f.part));
    // Parts with a mating hole change; the ball, the coins, the mast (male only) and the rocks do not.
    expect(rebuilt.has('hull')).toBe(true);
    expect(rebuilt.has('cannonball')).toBe(false);
    expect(rebuilt.has('coin-brace')).toBe(false);
    expect(rebuilt.has('rock')).toBe(false);
  });
});
