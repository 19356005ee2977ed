/** `shipwright cards` as a user runs it: the PDF by default, one SVG per page with --format svg, bad flags exit 2. */
import { copyFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuilt, runInProcess } from '../helpers/cli.js';

describe('shipwright cards', () => {
  it('writes cards.pdf, or an SVG per page, into --out, and says what it drew', async () => {
    const work = await mkdtemp(join(tmpdir(), 'sw-cards-'));
    const pdf = await runBuilt([
      'cards',
      '--faction',
      'corsairs',
      '--faction',
      'the-industry',
      '--out',
      join(work, 'pdf'),
    ]);
    expect(pdf.err).toBe('');
    expect(pdf.code).toBe(0);
    expect(pdf.out).toMatch(
      /^3 pages \(2 faction cards, flags with a 7\.\d\d mm tab, the quick reference\) → .*cards\.pdf\n$/,
    );
    expect(new TextDecoder().decode((await readFile(join(work, 'pdf', 'cards.pdf'))).subarray(0, 5))).toBe('%PDF-');
    const letter = await runBuilt([
      'cards',
      '--faction',
      'corsairs',
      '--format',
      'svg',
      '--paper',
      'letter',
      '--out',
      join(work, 'letter'),
    ]);
    expect(letter.code).toBe(0);
    expect(await readdir(join(work, 'letter'))).toEqual([
      'cards-01.svg',
      'cards-02.svg',
      'cards-03.svg',
      'manifest.json',
    ]);
    expect(await readFile(join(work, 'letter', 'cards-01.svg'), 'utf8')).toContain('width="215.9mm" height="279.4mm"');
    // Every shipped faction, as npm run docs draws the README's page.
    expect((await runBuilt(['cards', '--format', 'svg', '--out', join(work, 'all')])).code).toBe(0);
    const docs = await readFile(new URL('../../docs/cards-page-1.svg', import.meta.url), 'utf8');
    expect(
      docs === (await readFile(join(work, 'all', 'cards-01.svg'), 'utf8')),
      'docs/cards-page-1.svg is stale: run npm run docs',
    ).toBe(true);
  }, 120_000);

  it("draws a faction whose hull was made in another CAD tool from that hull's mesh", async () => {
    // The validate fixture, its name shortened to fit a card (its own is refused, as it should be).
    const dir = await mkdtemp(join(tmpdir(), 'sw-cards-ext-'));
    const yaml = (await readFile('test/fixtures/validate/external-clean.yaml', 'utf8')).replace(
      /^name: .*$/m,
      'name: Outsiders',
    );
    await writeFile(join(dir, 'external-clean.yaml'), yaml);
    await copyFile('test/fixtures/validate/ext-hull.stl', join(dir, 'ext-hull.stl'));
    const refused = await runBuilt([
      'cards',
      'test/fixtures/validate/external-clean.yaml',
      '--out',
      join(dir, 'refused'),
    ]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/external-clean\.yaml \(name\): .* does not fit the 63 × 88 mm card/);
    const r = await runBuilt(['cards', join(dir, 'external-clean.yaml'), '--format', 'svg', '--out', join(dir, 'out')]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^3 pages \(1 faction card, /);
  }, 60_000);

  it('refuses a paper size or format it does not know, naming the flag and what is valid', async () => {
    for (const [flag, value, valid] of [
      ['--paper', 'b5', 'a4 or letter'],
      ['--format', 'png', 'pdf or svg'],
    ] as const) {
      const r = await runBuilt(['cards', flag, value, '--out', join(tmpdir(), 'sw-cards-never')]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(flag);
      expect(r.err).toContain(valid);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });

  it("--game: a pack's paper from its cards.yaml into its own folder, replacing its earlier cards and nothing else", async () => {
    const work = await mkdtemp(join(tmpdir(), 'sw-cards-pack-'));
    const out = join(work, 'out');
    const svg = await runInProcess('cards', '--game', 'rigadoon', '--format', 'svg', '--out', out);
    expect(svg.err).toBe('');
    expect(svg.code).toBe(0);
    expect(svg.out).toMatch(/^1 page for Rigadoon, 2 players \(9 cards\) → .*cards-01\.svg\n$/);
    const docs = await readFile(new URL('../../docs/rigadoon-wind-cards.svg', import.meta.url), 'utf8');
    expect(
      docs === (await readFile(join(out, 'cards-01.svg'), 'utf8')),
      'docs/rigadoon-wind-cards.svg is stale: run npm run docs',
    ).toBe(true);
    // A file of the user's beside them stays; the next run's PDF replaces the SVG.
    await writeFile(join(out, 'notes.txt'), 'mine');
    const pdf = await runInProcess('cards', '--game', 'rigadoon', '--out', out);
    expect(pdf.code).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['cards.pdf', 'manifest.json', 'notes.txt']);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as {
      otherFiles: { path: string; owner: string; game: string }[];
    };
    expect(manifest.otherFiles).toEqual([
      expect.objectContaining({ path: 'cards.pdf', owner: 'rigadoon@.:cards', game: 'rigadoon' }),
    ]);
    const kf = await runInProcess('cards', '--game', 'kingdom-fleets', '--players', '4', '--out', join(work, 'kf'));
    expect(kf.code).toBe(0);
    expect(kf.out).toMatch(/^\d+ pages for Kingdom Fleets, 4 players \(48 cards, \d+ tokens, 4 reference pages\)/);
  }, 60_000);

  it("--game refuses players outside the pack's range, --players without a pack, and a pack with no paper", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sw-cards-pack-bad-'));
    const r = await runInProcess('cards', '--game', 'rigadoon', '--players', '3', '--out', join(dir, 'a'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--players.*2 to 2|--players.*from 2 to 2/);
    const noGame = await runInProcess('cards', '--players', '3', '--out', join(dir, 'b'));
    expect(noGame.code).toBe(2);
    expect(noGame.err).toMatch(/--players.*--game/);
    await copyFile(new URL('../../games/cannonades/game.yaml', import.meta.url), join(dir, 'game.yaml'));
    const none = await runInProcess('cards', '--game', dir, '--out', join(dir, 'c'));
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/Cannonades has no paper to print: .* holds no cards\.yaml/);
    for (const x of [r, noGame, none]) expect(x.err).not.toMatch(/\n\s+at /);
  });

  it("validate --game checks the pack's paper too, and lists its rules", async () => {
    const rules = await runInProcess('validate', '--game', 'rigadoon', '--list-rules');
    expect(rules.code).toBe(0);
    expect(rules.out).toMatch(/paper\/deck/);
    expect(rules.out).toMatch(/paper\/sailing-pattern/);
  });
});
