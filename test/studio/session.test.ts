/**
 * The studio's session without the page (issue 29): a card-only edit redoes none of the model's geometry
 * (no layout, build, placement, deck map or paper measure; the hull probes are the ones kept) and answers as a fresh check of
 * the same text does; the ship's colour follows the card; the kept hull probes are reused only for the same
 * mesh and model.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FACTIONS_DIR } from '../../src/faction/loader.js';
import { parseFaction } from '../../src/faction/parse.js';
import { newFactionText } from '../../src/faction/new-faction.js';
import { defaultSettings, generateParts, type PartCache } from '../../src/generate/index.js';
import { openDiskCache } from '../../src/io/cache.js';
import { displayColor } from '../../src/standard.js';
import { StudioSession, type StudioView } from '../../src/studio/session.js';
import type { HullProbe } from '../../src/validate/hull-probe.js';
import type { Rule } from '../../src/validate/types.js';
import { checkFiles, type HullProbeMemo } from '../../src/validate/validate.js';

const FILE = 'test-fleet.yaml';
const { text } = newFactionText(
  'Test Fleet',
  readFileSync(join(DEFAULT_FACTIONS_DIR, 'queens-fleet.yaml'), 'utf8'),
  'faction.schema.json',
);
let cache: PartCache;
beforeAll(async () => {
  cache = await openDiskCache(mkdtempSync(join(tmpdir(), 'sw-studio-session-')));
});
const session = (): StudioSession => new StudioSession({ file: FILE, settings: defaultSettings(), cache, jobs: 2 });
/** What the page shows of a view, without its count and its timings. */
const shown = ({ revision: _r, timingsMs: _t, ...rest }: StudioView): Omit<StudioView, 'revision' | 'timingsMs'> =>
  rest;

describe('the studio session', () => {
  it("answers a card-only edit without the model's geometry, as a fresh check of the same text", async () => {
    const kept = session();
    const first = await kept.check(text);
    expect(first.problems).toEqual([]);
    expect(first.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(Object.keys(first.timingsMs)).toEqual(expect.arrayContaining(['layout', 'deckMap', 'assemble', 'measure']));

    const edited = text.replace('fittings: 3', 'fittings: 4').replace('color: blue-grey', 'color: red');
    const again = await kept.check(edited);
    expect(Object.keys(again.timingsMs).sort()).toEqual(['card', 'load', 'validate']);
    expect(again.findings.map((f) => f.rule)).toEqual(
      expect.arrayContaining(['card/fitting-sockets', 'card/hits-to-sink']),
    );
    expect(again.cardSvg).not.toBe(first.cardSvg);
    // The hull (a faction part) takes the card's new colour; the mast (wood) keeps its own.
    expect(again.assembly.find((p) => p.name === 'hull')!.colorHex).toBe(displayColor('red'));
    expect(again.assembly.find((p) => p.name.startsWith('mast'))!.colorHex).toBe(
      first.assembly.find((p) => p.name.startsWith('mast'))!.colorHex,
    );

    const fresh = await session().check(edited);
    expect(Object.keys(fresh.timingsMs)).toContain('build');
    expect(shown(again)).toEqual(shown(fresh));

    // Back to the first text: the finding goes, and the view is the first one again.
    expect(shown(await kept.check(text))).toEqual(shown(first));
  });

  it('keeps a hull probe for the same mesh and model only', async () => {
    const faction = await parseFaction(text, FILE, { rulebook: 'defer' });
    const settings = defaultSettings();
    const files = await generateParts({ factions: [faction], settings, cache, parts: ['hull'] });
    const probes: HullProbe[] = [];
    const rules: Rule[] = [
      { id: 'test/probe', title: 'records the probe', check: (ctx) => void probes.push(ctx.hull(ctx.factions[0]!)!) },
    ];
    const probeWith = async (memo: HullProbeMemo | undefined, f = faction): Promise<HullProbe> => {
      await checkFiles(files, { factions: [f], settings, rules, ...(memo ? { hullProbes: memo } : {}) });
      return probes.at(-1)!;
    };
    const memo: HullProbeMemo = new WeakMap();
    const a = await probeWith(memo);
    expect(a.fittings.every((s) => s.open)).toBe(true);
    // The same bytes and model: the probe kept (its probed features are the same objects).
    expect((await probeWith(memo)).fittings).toBe(a.fittings);
    // Without the memo, or with a model that moves a socket: probed again.
    expect((await probeWith(undefined)).fittings).not.toBe(a.fittings);
    const moved = {
      ...faction,
      model: {
        ...faction.model,
        fittings: faction.model.fittings.map((s, i) => (i === 1 ? { ...s, xMm: s.xMm + 2 } : s)),
      },
    };
    const b = await probeWith(memo, moved);
    expect(b.fittings).not.toBe(a.fittings);
    expect(b.fittings[1]!.open).toBe(false);
  });
});
