/**
 * The hull's layout in one pass (issue 29): every problem of a model reported together, each with the
 * nearest place that fits (and that place really fits), a bow slot on a sharp bow answered with the styles
 * that take one, the free places the deck map draws, and `validate` listing every problem in one run
 * (with --previews, the deck map drawn though the layout stops the run).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FACTIONS_DIR, loadFactions } from '../../src/faction/loader.js';
import { parseFaction } from '../../src/faction/parse.js';
import type { Faction, FactionModel } from '../../src/faction/types.js';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { freePlaces, planLayout } from '../../src/parts/hull-layout.js';
import { Outline, STYLES } from '../../src/parts/hull-styles/styles.js';
import { runInProcess } from '../helpers/cli.js';

let factions: Faction[] = [];
beforeAll(async () => {
  await initKernel();
  factions = await loadFactions(DEFAULT_FACTIONS_DIR);
});
const C = 0.2;
const model = (id: string): FactionModel => factions.find((f) => f.id === id)!.model;

/** The Queen's Fleet with three things wrong at once: a cargo on the mast, a coin slot through the side, a bow slot on a round bow. */
function broken(): FactionModel {
  const qf = model('queens-fleet');
  return {
    ...qf,
    fittings: [qf.fittings[0]!, qf.fittings[1]!, { kind: 'cargo', xMm: qf.fittings[0]!.xMm + 3, yMm: 0 }],
    coinSlot: { xMm: -6, yMm: -15 },
    cannonSlots: [...qf.cannonSlots, { mount: 'hull', facing: 'bow', offsetMm: 0 }],
  };
}

describe('the hull layout', () => {
  it('finds nothing wrong with any shipped faction', () => {
    for (const f of factions)
      expect(
        withArena(() => planLayout(f.model, C).problems),
        f.id,
      ).toEqual([]);
  });

  it('reports every problem of a model at once, each with the nearest place that fits among the others', () => {
    const layout = withArena(() => planLayout(broken(), C));
    expect(layout.problems.map((p) => p.path)).toEqual([
      'model.fittings[2].at',
      'model.coinSlot.at',
      'model.cannonSlots[2].at',
    ]);
    const [cargo, coin] = layout.problems;
    expect(cargo!.message).toMatch(
      /the cargo socket overlaps the mast socket .*nearest place that fits among the others: at: \[-?\d+(\.\d+)?mm, -?\d+(\.\d+)?mm\]/,
    );
    expect(coin!.message).toMatch(/the coin slot at \[-6, -15\] mm would break through .*nearest place that fits/);
    // Each nearest place, applied alone, leaves that feature with no problem.
    for (const p of [cargo!, coin!]) {
      const m = broken();
      const moved: FactionModel =
        p.path === 'model.coinSlot.at'
          ? { ...m, coinSlot: { xMm: p.nearest![0]!, yMm: p.nearest![1]! } }
          : {
              ...m,
              fittings: m.fittings.map((f, i) => (i === 2 ? { ...f, xMm: p.nearest![0]!, yMm: p.nearest![1]! } : f)),
            };
      expect(
        withArena(() => planLayout(moved, C).problems.map((q) => q.path)),
        p.path,
      ).not.toContain(p.path);
    }
  });

  it('answers a bow slot on a bow too sharp for one with the styles whose bow takes it, and no "|at| ≤ 0"', () => {
    const [bow] = withArena(() => planLayout(broken(), C).problems.filter((p) => p.path === 'model.cannonSlots[2].at'));
    expect(bow!.nearest).toBeNull();
    expect(bow!.message).not.toMatch(/≤ 0 mm/);
    const styles = /the styles whose bow takes a cannon slot at 86 × 34 × 18 mm: (.*) \(model\.hull\.style\)/.exec(
      bow!.message,
    );
    expect(styles, bow!.message).not.toBeNull();
    const named = styles![1]!.split('; ').map((s) => s.split(' ')[0]!);
    expect(named).toContain('ironclad');
    expect(named).not.toContain('galleon');
    // One edit: the first style named takes the slot where the galleon could not.
    const qf = model('queens-fleet');
    const m: FactionModel = {
      ...qf,
      hull: { ...qf.hull, style: named[0] as FactionModel['hull']['style'] },
      cannonSlots: [...qf.cannonSlots, { mount: 'hull', facing: 'bow', offsetMm: 0 }],
    };
    expect(withArena(() => planLayout(m, C).problems.map((p) => p.path))).not.toContain('model.cannonSlots[2].at');
  });

  it('finds free places for a new mast, cargo, coin slot and cannon slot, each clear of the declared features', () => {
    const layout = withArena(() => planLayout(model('the-industry'), C));
    const free = withArena(() => freePlaces(layout, C));
    expect(free.map((f) => f.what)).toEqual([
      'a mast socket',
      'a cargo socket',
      'a coin slot',
      'a port cannon slot',
      'a starboard cannon slot',
      'a bow cannon slot',
      'a stern cannon slot',
    ]);
    const outline = new Outline(STYLES.ironclad, layout.model.hull.lengthMm, layout.model.hull.beamMm);
    for (const f of free.slice(0, 3)) {
      expect(f.at.length, f.what).toBeGreaterThan(0);
      for (const [x, y] of f.at) expect(Math.abs(y!), `${f.what} at ${x}`).toBeLessThan(outline.halfAt(x!));
      // A declared socket's own place is taken.
      for (const s of layout.model.fittings)
        expect(
          f.at.some(([x, y]) => x === s.xMm && y === s.yMm),
          `${f.what} on ${s.kind}`,
        ).toBe(false);
    }
    // The ironclad's bow is flat enough for a second bow slot? Its one bow slot takes the middle.
    expect(free.find((f) => f.facing === 'bow')!.at.some(([y]) => y === 0)).toBe(false);
  });

  it("replays the issue's bow-slot exercise: a copied faction's new bow slot answered in one validate run, clean after one edit", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shipwright-bow-slot-'));
    const made = await runInProcess('new-faction', 'Bow Gun Fleet', '--from', 'treasure-fleet', '--out', dir);
    expect(made.code, made.err).toBe(0);
    const file = join(dir, 'bow-gun-fleet.yaml');
    // The designer's change: a third cannon on the card, and a bow slot 5 mm off the keel line on a carrack's
    // sharp bow (the issue: 18 runs, one problem a run, `at: 0mm` answered "valid: |at| ≤ 0 mm").
    const designed = readFileSync(file, 'utf8')
      .replace('  cannonSlots: 2\n', '  cannonSlots: 3\n')
      .replace(
        '    - { facing: starboard, at: 0mm }\n',
        '    - { facing: starboard, at: 0mm }\n    - { facing: bow, at: 5mm }\n',
      );
    expect(designed).toMatch(/ {2}cannonSlots: 3\n[\s\S]*facing: bow, at: 5mm/);
    writeFileSync(file, designed);

    // One validate run: every layout problem the model has (the planner's whole list), each with what fixes it.
    const run = await runInProcess('validate', file);
    expect(run.code).toBe(2);
    const reported = [...run.err.matchAll(/^ {2}\S+ \((model\.[^)]+)\): (.*)$/gm)];
    const planned = withArena(() => planLayout(parseFaction(designed, file).model, C).problems);
    expect(reported.map((r) => r[1])).toEqual(planned.map((p) => p.path));
    expect(reported.map((r) => r[1])).toEqual(['model.cannonSlots[2].at']);
    const message = reported[0]![2]!;
    expect(message).not.toMatch(/≤ 0 mm/);
    // The first style named, with the slot's nearest place on it and the fields that would not fit it as declared.
    const offer =
      /: ([a-z]+) \(at: (-?[\d.]+)mm(?:, the rest fits as declared|, but ([^)]+) would not fit as declared)\)/.exec(
        message,
      );
    expect(offer, message).not.toBeNull();
    const [, style, at, misfits] = offer!;
    expect(style).toBe('ironclad');
    expect(Number(at)).not.toBe(5);
    // On the ironclad the rest of the layout fits; only an ornament it cannot carry (the stern windows) goes.
    const dropped = (misfits ?? '').split(', ').filter(Boolean);
    expect(
      dropped.every((f) => /^model\.look\.ornaments\[\d+\]$/.test(f)),
      misfits,
    ).toBe(true);

    // One edit, doing what the message says: the style, the slot's place, the ornaments that do not fit.
    const lines = designed
      .replace('style: carrack', `style: ${style}`)
      .replace('facing: bow, at: 5mm', `facing: bow, at: ${at}mm`)
      .split('\n');
    const first = lines.findIndex((l) => l.trim() === 'ornaments:') + 1;
    const gone = new Set(dropped.map((f) => first + Number(/\[(\d+)\]/.exec(f)![1])));
    expect([...gone].every((i) => lines[i]!.startsWith('      - { kind: '))).toBe(true);
    writeFileSync(file, lines.filter((_, i) => !gone.has(i)).join('\n'));
    const again = await runInProcess('validate', file);
    expect(again.err).toBe('');
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/^clean: 1 faction checked, no findings/);
  });

  it('lists every layout problem in one validate run, naming the file and the fields (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shipwright-layout-'));
    const text = readFileSync(join(DEFAULT_FACTIONS_DIR, 'queens-fleet.yaml'), 'utf8')
      .replace('id: queens-fleet', 'id: broken-fleet')
      .replace('- { kind: cargo, at: [24mm, 0mm] }', '- { kind: cargo, at: [12mm, 0mm] }')
      .replace('coinSlot: { at: [-6mm, -5.5mm] }', 'coinSlot: { at: [-6mm, -15mm] }')
      .replace(
        '    - { facing: starboard, at: 6mm }\n',
        '    - { facing: starboard, at: 6mm }\n    - { facing: bow, at: 0mm }\n',
      );
    const file = join(dir, 'broken-fleet.yaml');
    writeFileSync(file, text);
    expect(() => parseFaction(text, file)).not.toThrow();
    const pictures = join(dir, 'pictures');
    const r = await runInProcess('validate', file, '--previews', pictures);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/3 problems in the input/);
    for (const field of ['model.fittings[2].at', 'model.coinSlot.at', 'model.cannonSlots[2].at'])
      expect(r.err).toContain(`${file} (${field})`);
    // The deck map is written though the layout stopped the run, the problems drawn in the highlight colour.
    const map = join(pictures, 'broken-fleet-deck-map.png');
    expect(r.err).toContain(`deck map: ${map}`);
    const png = PNG.sync.read(readFileSync(map));
    let magenta = 0;
    for (let i = 0; i < png.data.length; i += 4)
      if (png.data[i] === 0xff && png.data[i + 1] === 0x2b && png.data[i + 2] === 0xd6) magenta++;
    expect(magenta).toBeGreaterThan(100);
  });
});
