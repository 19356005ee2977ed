import { describe, expect, it } from 'vitest';
import type { Faction } from '../../src/faction/types.js';
import { CATALOG, setCount } from '../../src/generate/catalog.js';
import { canonicalJson, defaultSettings, jobKey, planJobs } from '../../src/generate/index.js';
import { fitsBed } from '../../src/generate/manifest.js';
import { COIN_SET } from '../../src/rules/rulebook.js';
import { PRINTERS } from '../../src/standard.js';

function faction(id: string, fittings: Faction['model']['fittings'], ships = 3): Faction {
  return {
    id,
    name: id,
    sourceFile: `${id}.yaml`,
    card: {
      ships,
      moveCount: 2,
      fittings: fittings.length,
      cannonSlots: 2,
      hitsToSink: fittings.length + 1,
      maxHeadingDeg: 90,
      ability: { name: 'x', text: 'y' },
      color: 'red',
    },
    model: {
      hull: { style: 'galleon', lengthMm: 80, beamMm: 30, heightMm: 18 },
      fittings,
      cannonSlots: [
        { mount: 'hull', facing: 'port', offsetMm: 0 },
        { mount: 'hull', facing: 'starboard', offsetMm: 0 },
      ],
      coinSlot: { xMm: 10, yMm: 0 },
      wheelSlot: { xMm: -25 },
      ballast: null,
      externalHullStl: null,
      look: { surface: 'plain', cargo: 'crates', sails: 'plain', ornaments: [] },
    },
  };
}

const plain = faction('plain', [
  { kind: 'mast', xMm: 0, yMm: 0 },
  { kind: 'cargo', xMm: -10, yMm: 0 },
]);
const turreted = faction(
  'turreted',
  [
    { kind: 'mast', xMm: 0, yMm: 0 },
    { kind: 'turret', xMm: 15, yMm: 0 },
  ],
  3,
);

describe('planJobs', () => {
  it('plans a hull per faction, a turret only where the model has a turret socket, and every shared part once', () => {
    const paths = planJobs([plain, turreted], defaultSettings()).map((p) => p.job.path);
    expect(paths.filter((p) => p.endsWith('/hull.stl'))).toEqual(['plain/hull.stl', 'turreted/hull.stl']);
    expect(paths.filter((p) => p.endsWith('/turret.stl'))).toEqual(['turreted/turret.stl']);
    const shared = CATALOG.filter((e) => e.folder === 'shared').length;
    expect(paths.filter((p) => p.startsWith('shared/'))).toHaveLength(shared);
    expect(new Set(paths).size).toBe(paths.length);
    for (const c of COIN_SET) expect(paths).toContain(`shared/coin-${c.id}.stl`);
  });

  it('skips the generated hull of a faction that brings its own STL', () => {
    const external = { ...plain, model: { ...plain.model, externalHullStl: '/x/hull.stl' } };
    expect(planJobs([external], defaultSettings()).map((p) => p.job.path)).not.toContain('plain/hull.stl');
  });

  it('counts per faction set as the print list says', () => {
    const count = (part: string, f: Faction): number =>
      setCount(
        CATALOG.find((e) => e.part === part)!,
        f,
      );
    expect(count('hull', turreted)).toBe(3);
    expect(count('turret', turreted)).toBe(3);
    expect(count('cargo', plain)).toBe(3);
    expect(count('mast', plain)).toBe(3 + 2); // 1 per ship + 1 per island, 2 islands per set
    expect(count('flag-holder', plain)).toBe(5 + 5);
    expect(count('cannonball', plain)).toBe(10);
    expect(COIN_SET.reduce((n, c) => n + count(`coin-${c.id}`, plain), 0)).toBe(20);
  });
});

describe('cache keys', () => {
  it('do not depend on key order but do on values and code version', () => {
    const job = planJobs([plain], defaultSettings())[0]!.job;
    const reordered = { ...job, options: JSON.parse(canonicalJson(job.options)) };
    expect(jobKey(reordered, 'v1')).toBe(jobKey(job, 'v1'));
    expect(jobKey(job, 'v2')).not.toBe(jobKey(job, 'v1'));
    // Two factions' cargo built from equal options are different files: each STL's header names its path.
    expect(jobKey({ ...job, path: 'other/hull.stl' }, 'v1')).not.toBe(jobKey(job, 'v1'));
    const s = defaultSettings();
    s.clearanceMm = 0.25;
    expect(jobKey(planJobs([plain], s)[0]!.job, 'v1')).not.toBe(jobKey(job, 'v1'));
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] })).toBe('{"a":[2,{"c":4,"d":3}],"b":1}');
  });
});

describe('fitsBed', () => {
  const mini = PRINTERS.find((p) => p.id === 'prusa-mini')!;
  it('accepts a part turned 90° on the bed and rejects one too tall or too long', () => {
    const mk4 = PRINTERS.find((p) => p.id === 'prusa-mk4')!;
    expect(fitsBed([205, 240, 10], mk4)).toBe(true);
    expect(fitsBed([181, 10, 10], mini)).toBe(false);
    expect(fitsBed([100, 100, 181], mini)).toBe(false);
  });
});
