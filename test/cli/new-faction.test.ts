/** `shipwright new-faction`: a commented copy of a shipped faction under a new id and name (issue 29). */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FACTIONS_DIR, loadFactionFile } from '../../src/faction/loader.js';
import { factionIdOf } from '../../src/faction/new-faction.js';
import { runInProcess } from '../helpers/cli.js';

describe('new-faction', () => {
  it('writes <id>.yaml from queens-fleet: the same card and model, its own id and name, every section commented', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shipwright-new-'));
    const r = await runInProcess('new-faction', 'Iron Armada', '--out', dir);
    expect(r.code, r.err).toBe(0);
    const path = join(dir, 'iron-armada.yaml');
    expect(r.out).toContain(path);
    const made = await loadFactionFile(path);
    const from = await loadFactionFile(join(DEFAULT_FACTIONS_DIR, 'queens-fleet.yaml'));
    expect(made.id).toBe('iron-armada');
    expect(made.name).toBe('Iron Armada');
    expect(made.card).toEqual(from.card);
    expect(made.model).toEqual(from.model);
    const text = readFileSync(path, 'utf8');
    for (const field of ['card:', 'fittings:', 'model:', 'cannonSlots:', 'coinSlot:', 'wheelSlot:']) {
      const line = text.split('\n').findIndex((l) => l.trim().startsWith(field));
      expect(text.split('\n')[line - 1], field).toMatch(/^\s*# /);
    }
    // The schema line points at the package's schema from where the file is.
    expect(text.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=.*schema\/faction\.schema\.json$/);
    // Never over an existing file.
    const again = await runInProcess('new-faction', 'Iron Armada', '--out', dir);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/iron-armada\.yaml: already exists; new-faction never overwrites/);
  });

  it('starts from any shipped faction, its id in any case, and names the ones there are when it is unknown', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shipwright-new-'));
    const r = await runInProcess('new-faction', 'Coral Raiders', '--from', 'The-Islanders', '--out', dir);
    expect(r.code, r.err).toBe(0);
    expect((await loadFactionFile(join(dir, 'coral-raiders.yaml'))).model.hull.style).toBe('proa');
    const bad = await runInProcess('new-faction', 'X', '--from', 'pirates', '--out', dir);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--from: unknown faction "pirates": expected one of .*queens-fleet/);
    expect(factionIdOf('  Zoë’s Fleet! ')).toBe('zoe-s-fleet');
    const none = await runInProcess('new-faction', '!!!', '--out', dir);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/makes no faction id/);
  });
});
